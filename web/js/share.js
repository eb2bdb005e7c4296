// URL <-> puzzle document. Link text is data: it is checked character by character and never
// reaches the DOM except as text.
//
// index.html#p=<givens>[&e=<entries>][&box=RxC] (the contract, `sudoku show URL` reads it too)
// plus the page's extras: m= centre marks, k= corner marks, c= colours, x= candidates removed
// by applied steps, v= a variant's rules (the engine's "variant" JSON, docs/protocol.md,
// percent-encoded: v={"cages":[{"cells":[0,1],"sum":3}]}). Up to 35x35 a cell is one symbol ("." empty, 1-9 then A-Z); above, cells
// are numbers separated by "," (0 = empty). A list per cell (marks, colours) is its symbols,
// cells separated by "_" (above 35x35 the numbers of a cell are separated by "-").

import { checkVariant, defaultBox, emptyDoc, SYMBOLS } from "./doc.js";

// The other sites Share writes a link for ([the engine's `format` name, the site's name]): the
// engine writes them (docs/protocol.md), the page shows them beside its own.
export const SHARE_SITES = [["fpuzzles", "f-puzzles"], ["sudokupad", "SudokuPad"]];

const MAX_LINK = 200000; // characters of a hash we even look at
const MAX_SIZE = 64;
const EXTRAS = [["m", "centre"], ["k", "corner"], ["c", "colors"], ["x", "removed"]];

export class LinkError extends Error {
  constructor(message) {
    super(message);
    this.name = "LinkError";
  }
}

const wide = (n) => n > SYMBOLS.length; // cells written as numbers

function lineOf(values, n) {
  if (wide(n)) return values.join(",");
  return values.map((v) => (v ? SYMBOLS[v - 1] : ".")).join("");
}

function listsOf(lists, n) {
  return lists.map((m) => (wide(n) ? m.join("-") : m.map((v) => SYMBOLS[v - 1]).join(""))).join("_");
}

function valueOf(text, n, top, where) {
  if (wide(n)) {
    if (!/^\d{1,2}$/.test(text) || Number(text) > top) {
      throw new LinkError(`${where}: "${text.slice(0, 10)}" is not a number from 0 to ${top}`);
    }
    return Number(text);
  }
  const ch = text.toUpperCase();
  if (ch === "." || ch === "0" || ch === "-") return 0;
  const v = SYMBOLS.indexOf(ch) + 1;
  if (v < 1 || v > top) throw new LinkError(`${where} is not a symbol of a ${n}x${n} grid`);
  return v;
}

function cellsOf(text, n) {
  return wide(n) ? text.split(",") : [...text];
}

function valuesOf(text, n, what) {
  return cellsOf(text, n).map((t, i) => valueOf(t, n, n, `${what}: character ${i + 1}`));
}

function readLists(text, n, top, what) {
  const groups = text.split("_");
  if (groups.length !== n * n) {
    throw new LinkError(`the ${what} in the link have ${groups.length} cells, not ${n * n}`);
  }
  return groups.map((g, i) => {
    const parts = wide(n) ? g.split("-").filter((t) => t) : [...g];
    const values = parts.map((t) => valueOf(t, n, top, `${what} of cell ${i + 1}`)).filter((v) => v);
    return [...new Set(values)];
  });
}

// The hash of a link for a document.
export function toHash(doc) {
  const n = doc.box[0] * doc.box[1];
  const parts = [`p=${lineOf(doc.givens, n)}`];
  const entries = doc.entries.map((v, i) => v || doc.solved[i]);
  if (entries.some((v) => v)) parts.push(`e=${lineOf(entries, n)}`);
  for (const [key, field] of EXTRAS) {
    if (doc[field].some((m) => m.length)) parts.push(`${key}=${listsOf(doc[field], n)}`);
  }
  if (doc.variant) parts.push(`v=${encodeURIComponent(JSON.stringify(doc.variant))}`);
  const std = defaultBox(n);
  if (!std || std[0] !== doc.box[0] || std[1] !== doc.box[1]) {
    parts.push(`box=${doc.box[0]}x${doc.box[1]}`);
  }
  return "#" + parts.join("&");
}

export function shareUrl(doc, location) {
  return location.href.split("#")[0] + toHash(doc);
}

// The hash part of a pasted text when it is one of this page's links, else null.
export function ownLink(text) {
  const m = /^\s*(?:\S*?index\.html|\S*\/)?(#p=\S+)\s*$/.exec(text);
  return m ? m[1] : null;
}

// The hash's parameters (key -> trimmed, decoded value); LinkError when broken.
function hashParams(text) {
  if (text.length > MAX_LINK) {
    throw new LinkError(`the link is too long (${text.length} characters) to hold a puzzle`);
  }
  const params = new Map();
  for (const part of text.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    let value;
    try {
      value = decodeURIComponent(eq < 0 ? "" : part.slice(eq + 1).replace(/\+/g, " "));
    } catch {
      throw new LinkError("the link is damaged (broken percent-encoding)");
    }
    params.set(key, value.trim());
  }
  return params;
}

// The grid's size from the puzzle parameter (a square number of cells).
function gridSize(p) {
  const count = p.includes(",") ? p.split(",").length : p.length;
  const n = Math.round(Math.sqrt(count));
  if (!count || n * n !== count) {
    throw new LinkError(`the puzzle in the link has ${count} cells, not a square number`);
  }
  if (n < 4 || n > MAX_SIZE || (n > SYMBOLS.length) !== p.includes(",")) {
    throw new LinkError(`a ${n}x${n} grid is not supported here (up to 35x35 one symbol per ` +
      "cell, above that numbers separated by commas)");
  }
  return n;
}

// The box shape: the link's `box`, else the size's default.
function boxOf(params, n) {
  let box = defaultBox(n);
  if (params.has("box")) {
    const m = /^(\d{1,2})[x*,](\d{1,2})$/i.exec(params.get("box"));
    if (!m) throw new LinkError("the box shape in the link must look like 3x3 or 2x3");
    box = [Number(m[1]), Number(m[2])];
    if (box[0] < 2 || box[1] < 2 || box[0] * box[1] !== n) {
      throw new LinkError(`box shape ${box[0]}x${box[1]} does not fit a ${n}x${n} grid`);
    }
  }
  if (!box) throw new LinkError(`no box shape fits a ${n}x${n} grid`);
  return box;
}

// The player's work the link carries: entries (e=), marks and colours (EXTRAS).
function readWork(doc, params, n) {
  if (params.has("e")) {
    const entries = valuesOf(params.get("e").replace(/\s+/g, ""), n, "entries");
    if (entries.length !== n * n) {
      throw new LinkError(`the entries in the link have ${entries.length} cells, the puzzle ${n * n}`);
    }
    doc.entries = entries.map((v, i) => (doc.givens[i] ? 0 : v));
  }
  for (const [key, field] of EXTRAS) {
    if (!params.has(key)) continue;
    const top = field === "colors" ? 9 : n;
    const what = { centre: "centre marks", corner: "corner marks", colors: "colours",
      removed: "removed candidates" }[field];
    doc[field] = readLists(params.get(key), n, top, what);
  }
}

// The rules (v=), checked for shape; null when the link has none.
function readRules(params, n) {
  if (!params.has("v") || !params.get("v")) return null;
  let raw;
  try {
    raw = JSON.parse(params.get("v"));
  } catch {
    throw new LinkError("the variant rules in the link (v=) are not JSON");
  }
  const variant = checkVariant(raw, n);
  if (!variant) throw new LinkError("the variant rules in the link (v=) are not rules of this grid");
  return variant;
}

// Read a hash into a document, or null when it carries no puzzle; LinkError when broken.
export function fromHash(hash) {
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!text) return null;
  const params = hashParams(text);
  if (!params.has("p")) return null;
  const p = params.get("p").replace(/\s+/g, "");
  const n = gridSize(p);
  const doc = emptyDoc(boxOf(params, n));
  doc.givens = valuesOf(p, n, "puzzle");
  readWork(doc, params, n);
  const variant = readRules(params, n);
  if (variant) doc.variant = variant;
  return doc;
}
