// URL <-> puzzle document, and local storage. Link text is data: it is checked character by
// character and never reaches the DOM except as text.

import { defaultBox, emptyDoc, SYMBOLS } from "./state.js";

export const STORAGE_KEY = "sudoku-core:doc";
export const PREVIOUS_KEY = "sudoku-core:previous";
const MAX_LINK = 60000; // characters of a hash we even look at (puzzle, entries, pencil marks)
const MAX_SIZE = 35; // one character per cell in links

export class LinkError extends Error {
  constructor(message) {
    super(message);
    this.name = "LinkError";
  }
}

function lineOf(values, n) {
  return values.map((v) => (v ? SYMBOLS[v - 1] : ".")).join("");
}

function valuesOf(text, n, what) {
  const values = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i].toUpperCase();
    if (ch === "." || ch === "0" || ch === "_" || ch === "-") {
      values.push(0);
      continue;
    }
    const v = SYMBOLS.indexOf(ch) + 1;
    if (v < 1 || v > n) {
      throw new LinkError(`${what}: character ${i + 1} is not a symbol of a ${n}x${n} grid`);
    }
    values.push(v);
  }
  return values;
}

// The hash of a link for a document: #p=<givens>[&e=<entries>][&box=RxC].
export function toHash(doc) {
  const n = doc.box[0] * doc.box[1];
  if (n > MAX_SIZE) throw new LinkError(`links hold grids up to ${MAX_SIZE}x${MAX_SIZE}`);
  const parts = [`p=${lineOf(doc.givens, n)}`];
  if (doc.entries.some((v) => v)) parts.push(`e=${lineOf(doc.entries, n)}`);
  if (doc.pencil.some((m) => m.length)) {
    // Centre marks: each cell's symbols, cells separated by "_" (only URL-safe characters).
    parts.push(`m=${doc.pencil.map((m) => m.map((v) => SYMBOLS[v - 1]).join("")).join("_")}`);
  }
  const std = defaultBox(n);
  if (!std || std[0] !== doc.box[0] || std[1] !== doc.box[1]) {
    parts.push(`box=${doc.box[0]}x${doc.box[1]}`);
  }
  return "#" + parts.join("&");
}

export function shareUrl(doc, location) {
  return location.href.split("#")[0] + toHash(doc);
}

// Read a hash into a document, or null when it carries no puzzle; LinkError when broken.
export function fromHash(hash) {
  let text = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!text) return null;
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
  if (!params.has("p")) return null;
  const p = params.get("p").replace(/\s+/g, "");
  const n = Math.round(Math.sqrt(p.length));
  if (!p.length || n * n !== p.length) {
    throw new LinkError(`the puzzle in the link has ${p.length} cells, not a square number`);
  }
  if (n < 4 || n > MAX_SIZE) {
    throw new LinkError(`a ${n}x${n} grid is not supported (sizes 4x4 to 25x25 and more)`);
  }
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
  const doc = emptyDoc(box);
  doc.givens = valuesOf(p, n, "puzzle");
  if (params.has("e")) {
    const e = params.get("e").replace(/\s+/g, "");
    if (e.length !== p.length) {
      throw new LinkError(`the entries in the link have ${e.length} cells, the puzzle ${p.length}`);
    }
    doc.entries = valuesOf(e, n, "entries").map((v, i) => (doc.givens[i] ? 0 : v));
  }
  if (params.has("m")) {
    const groups = params.get("m").split("_");
    if (groups.length !== n * n) {
      throw new LinkError(`the pencil marks in the link have ${groups.length} cells, not ${n * n}`);
    }
    doc.pencil = groups.map((g, i) => {
      const values = valuesOf(g, n, `pencil marks of cell ${i + 1}`).filter((v) => v);
      return [...new Set(values)].sort((a, b) => a - b);
    });
  }
  return doc;
}

// A stored document, checked the same way as a link (storage can be edited by anyone).
function checkDoc(raw) {
  if (!raw || !Array.isArray(raw.box) || raw.box.length !== 2) return null;
  const [r, c] = raw.box;
  if (!Number.isInteger(r) || !Number.isInteger(c) || r < 2 || c < 2 || r * c > 64) return null;
  const n = r * c;
  const doc = emptyDoc([r, c]);
  for (const key of ["givens", "entries", "solved"]) {
    const values = raw[key];
    if (!Array.isArray(values) || values.length !== n * n) return null;
    if (!values.every((v) => Number.isInteger(v) && v >= 0 && v <= n)) return null;
    doc[key] = values.slice();
  }
  for (const key of ["pencil", "corner"]) {
    const marks = raw[key];
    if (marks === undefined) continue; // stored by an older version
    if (!Array.isArray(marks) || marks.length !== n * n) return null;
    const ok = (m) => Array.isArray(m) && m.length <= n &&
      m.every((v) => Number.isInteger(v) && v >= 1 && v <= n);
    if (!marks.every(ok)) return null;
    doc[key] = marks.map((m) => [...new Set(m)].sort((a, b) => a - b));
  }
  return doc;
}

export function save(doc, source, key = STORAGE_KEY) {
  try {
    localStorage.setItem(key, JSON.stringify({ ...doc, source }));
  } catch {
    // Storage full or disabled (private mode): the page still works, work just is not kept.
  }
}

// {doc, source} from local storage, or null.
export function load(key = STORAGE_KEY) {
  try {
    const raw = JSON.parse(localStorage.getItem(key) || "null");
    const doc = checkDoc(raw);
    return doc ? { doc, source: typeof raw.source === "string" ? raw.source : "" } : null;
  } catch {
    return null;
  }
}

export function forget(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to do
  }
}
