// state -> DOM. Only textContent and attributes are written: nothing is ever parsed as HTML.
// Each cell's attributes and content are compared with what was last written, so a keystroke
// touches only the cells it changed (typing stays fast at 25x25 and above).

import { drawingLayer, margins, ruleLabels } from "./drawing.js";
import { boxEdges, cageOutline, known } from "./geometry.js";
import { renderRules } from "./rules.js";
import { renderSetter, setterCells, setterRoom } from "./setter_view.js";
import { SHARE_SITES } from "./share.js";
import { hintDrawn } from "./state.js";
import {
  boxShapes, cellName, COLOURS, currentCands, LEVELS, shown, size, symbol, symbols, variantKey,
  variantNames, workingCandidates,
} from "./doc.js";

const $ = (id) => document.getElementById(id);

let built = null; // {key: "3x3", cells: [element], last: [{attr: value}], content: [string], cages}
let keypadKey = ""; // size and mode the keypad was built for
let drawnRoom = { top: 0, right: 0, bottom: 0, left: 0 }; // the clues' room (drawRules)
let roomKey = ""; // the room last written on the root

function buildGrid(state) {
  const doc = state.doc;
  const geometry = state.geometry;
  const grid = $("grid");
  const n = size(doc);
  grid.replaceChildren();
  grid.style.setProperty("--n", String(n));
  // The page's layout reads the size too: upright, the grid leaves room for the keypad's rows.
  document.documentElement.style.setProperty("--n", String(n));
  grid.setAttribute("aria-rowcount", String(n));
  grid.setAttribute("aria-colcount", String(n));
  grid.dataset.size = String(n);
  const variant = doc.variant || null;
  if (variant) grid.dataset.variant = variantNames(variant);
  else delete grid.dataset.variant;
  const cages = cageMap(variant, n);
  // Box lines: the geometry's; until the engine sends a variant's, the boxes' (unless
  // Jigsaw regions replace them).
  const lines = geometry || (variant && !variant.regions ? known(doc.box) : null);
  const cells = [];
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "row";
    for (let c = 0; c < n; c++) {
      const cell = makeCell(r * n + c, n, lines, geometry, cages);
      row.append(cell);
      cells.push(cell);
    }
    grid.append(row);
  }
  if (variant && (variant.diagonals || variant.windows)) grid.append(overlay(variant, n, geometry));
  const cageLines = cages.list.length ? cageOverlay(cages.list) : null;
  if (cageLines) {
    grid.append(cageLines);
    drawCages(cageLines, cages.list, n, grid);
    watchSize(grid);
  }
  const rules = drawRules(geometry, n);
  built = {
    key: gridKey(state),
    ruleWords: cells.map((_, i) => (cages.labels.get(i) || "") + (rules.get(i) || "")),
    cageLines, // the cages' SVG, or null
    cages: cages.list,
    n,
    cells,
    last: cells.map(() => ({})),
    content: cells.map(() => null),
  };
}

function makeCell(i, n, lines, geometry, cages) {
  const cell = document.createElement("div");
  cell.setAttribute("role", "gridcell");
  cell.className = "cell";
  if (lines) {
    const edge = boxEdges(lines, i);
    if (edge.right) cell.classList.add("box-right");
    if (edge.bottom) cell.classList.add("box-bottom");
    if (i >= n && boxEdges(lines, i - n).bottom) cell.classList.add("after-box");
  }
  if (geometry) {
    cell.dataset.region = String(geometry.units_of[i][2] - 2 * n); // box, or Jigsaw region
  }
  const cage = cages.of.get(i);
  if (cage !== undefined) {
    cell.dataset.cage = String(cage);
    if (cages.sums.has(i)) cell.dataset.cageSum = String(cages.sums.get(i));
  }
  cell.dataset.cell = String(i);
  cell.tabIndex = -1;
  return cell;
}

// The engine's drawing of the placed rules (drawing.js), over the grid in its frame, with room
// for clues outside the grid; the grid's data-constraints names every rule of the puzzle.
// Returns each cell's words for the rules through it (", thermometer").
function drawRules(geometry, n) {
  const grid = $("grid");
  const frame = $("frame");
  const drawing = (geometry && geometry.drawing) || [];
  const constraints = (geometry && geometry.constraints) || [];
  if (constraints.length) grid.dataset.constraints = constraints.map((c) => c.type).join(" ");
  else delete grid.dataset.constraints;
  for (const old of frame.querySelectorAll(":scope > svg.drawing")) old.remove();
  const layer = drawingLayer(drawing, n);
  if (layer) frame.append(layer);
  drawnRoom = margins(drawing, n);
  return ruleLabels(drawing);
}

// The room beside the grid: the drawn clues', or a cell on every side while the setter
// places clues outside the grid (there is then somewhere to tap).
function renderRoom(state) {
  const room = setterRoom(state) ? { top: 1, right: 1, bottom: 1, left: 1 } : drawnRoom;
  const key = JSON.stringify(room);
  if (key === roomKey) return;
  roomKey = key;
  const root = document.documentElement.style;
  root.setProperty("--pt", String(room.top));
  root.setProperty("--pr", String(room.right));
  root.setProperty("--pb", String(room.bottom));
  root.setProperty("--pl", String(room.left));
}
// Each geometry object a number: a grid drawn with one layout is drawn again with another
// (an undone rule's drawing goes once the engine's layout without it comes).
const geometryIds = new WeakMap();
let geometryCount = 0;
function geometryId(geometry) {
  if (!geometry) return "-";
  if (!geometryIds.has(geometry)) geometryIds.set(geometry, ++geometryCount);
  return String(geometryIds.get(geometry));
}

function gridKey(state) {
  const doc = state.doc;
  return `${doc.box.join("x")}:${geometryId(state.geometry)}:${variantKey(doc.variant)}`;
}

// Cages of a variant: the cage of every cell, the sum shown in each cage's first (top-left)
// cell and that cell's words (", cage 15"), and the cages to outline ({cells, sum}).
function cageMap(variant, n) {
  const of = new Map();
  const sums = new Map();
  const labels = new Map();
  const list = [];
  (variant && variant.cages ? variant.cages : []).forEach((cage, k) => {
    const cells = cage.cells.filter((i) => i >= 0 && i < n * n);
    if (!cells.length) return;
    for (const i of cells) of.set(i, k);
    const first = Math.min(...cells);
    const hasSum = Number.isInteger(cage.sum);
    if (hasSum) sums.set(first, cage.sum);
    labels.set(first, hasSum ? `, cage ${cage.sum}` : ", cage");
    list.push({ cells, sum: hasSum ? cage.sum : null });
  });
  return { of, sums, labels, list };
}

const SVG = "http://www.w3.org/2000/svg";

function svgEl(name, attrs) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

// Diagonals (X) and shaded windows (Windoku), drawn over the cells in grid units; the windows
// are the units the engine's geometry names beyond rows, columns, regions and diagonals.
function overlay(variant, n, geometry) {
  const svg = svgEl("svg", { class: "variant-overlay", viewBox: `0 0 ${n} ${n}`,
    preserveAspectRatio: "none", "aria-hidden": "true" });
  if (variant.windows && geometry) {
    const extra = geometry.units.slice(3 * n + (variant.diagonals ? 2 : 0));
    for (const unit of extra) {
      for (const i of unit) {
        svg.append(svgEl("rect", { class: "window", x: i % n, y: Math.floor(i / n), width: 1, height: 1 }));
      }
    }
  }
  if (variant.diagonals) {
    svg.append(svgEl("line", { class: "diagonal", x1: 0, y1: 0, x2: n, y2: n }));
    svg.append(svgEl("line", { class: "diagonal", x1: n, y1: 0, x2: 0, y2: n }));
  }
  return svg;
}

// Killer cages, SudokuPad's way: one dashed line per cage just inside its outer boundary, broken
// where the sum is written in the corner of its first cell (the cell's ::after, app.css). Drawn
// in the grid's pixels (a dash and the inset stay so many pixels at every size), so redrawn when
// the grid changes size; print scales the last drawing with the grid.
function cageOverlay(list) {
  const svg = svgEl("svg", { class: "variant-overlay cage-lines", "aria-hidden": "true",
    preserveAspectRatio: "none" });
  list.forEach((_, k) => svg.append(svgEl("path", { class: "cage", "data-cage": k })));
  return svg;
}

const round1 = (v) => Math.round(v * 10) / 10;
const crisp = (v) => Math.round(v - 0.5) + 0.5; // a 1px line on whole device pixels

function drawCages(svg, list, n, grid) {
  const width = grid.clientWidth || n * 40;
  const height = grid.clientHeight || n * 40;
  const cw = width / n;
  const ch = height / n;
  // The inset and the sum's box follow app.css: the sum 1px from the corner, its font
  // max(8px, 0.22 of a cell), a digit about 0.6 of it wide, 1px of padding each side.
  const inset = Math.min(7, Math.max(2.5, 0.1 * cw));
  const font = Math.max(8, 0.22 * cw);
  const dash = Math.min(5, Math.max(2, 0.08 * cw));
  svg.setAttribute("viewBox", `0 0 ${round1(width)} ${round1(height)}`);
  svg.style.setProperty("--dash", `${round1(dash)}px ${round1(dash * 0.7)}px`);
  const paths = svg.querySelectorAll("path.cage");
  list.forEach((cage, k) => {
    const loops = cageOutline(cage.cells, n, inset / cw).map(
      (loop) => loop.map(([x, y]) => [crisp(x * cw), crisp(y * ch)]));
    const parts = loops.map((loop, j) => {
      if (j > 0 || cage.sum === null || loop.length < 4) return `M${loop.join("L")}Z`;
      // The first corner is the cage's top-left one, where the sum is: the line starts after
      // the sum on the top side and stops under it on the left side.
      const [x0, y0] = loop[0];
      const x1 = loop[1][0];
      const yLast = loop[loop.length - 1][1];
      const digits = String(cage.sum).length;
      const start = Math.min(x1, Math.max(x0, x0 - inset + 4 + digits * 0.6 * font + 1.5));
      const end = Math.min(yLast, Math.max(y0, y0 - inset + 2 + font + 1.5));
      return `M${round1(start)},${y0}L${loop.slice(1).join("L")}L${x0},${round1(end)}`;
    });
    paths[k].setAttribute("d", parts.join(""));
  });
}

let sizeWatch = null; // one ResizeObserver: redraws the cages when the grid changes size

function watchSize(grid) {
  if (typeof ResizeObserver === "undefined") return;
  if (!sizeWatch) {
    sizeWatch = new ResizeObserver(() => {
      if (built && built.cageLines) drawCages(built.cageLines, built.cages, built.n, $("grid"));
    });
  }
  sizeWatch.observe(grid);
}

function setAttr(i, name, value) {
  const last = built.last[i];
  if (last[name] === value) return;
  last[name] = value;
  const el = built.cells[i];
  if (value === null) el.removeAttribute(name);
  else el.setAttribute(name, value);
}

function span(className, text) {
  const s = document.createElement("span");
  s.className = className;
  if (text !== undefined) s.textContent = text;
  return s;
}

// The candidates an empty cell draws in slots: the working candidates when shown and the user
// has no marks there, else only those a hint points at.
function slotValues(state, i, work, hinted) {
  const doc = state.doc;
  if (hinted) return [...hinted.keys()].sort((a, b) => a - b);
  if (state.showCandidates && work && !doc.centre[i].length && !doc.corner[i].length) return work;
  return [];
}

const SLOTS_UP_TO = 12; // larger grids draw candidates as one line of text (see #cell-info)

// The cell's colours, as one gradient.
function colourFill(colors) {
  const fill = span("fill");
  const stops = colors.map((c, k) => `var(--c${c}) ${(k * 100) / colors.length}% ${((k + 1) * 100) / colors.length}%`);
  fill.style.setProperty("--fill", `linear-gradient(135deg, ${stops.join(", ")})`);
  return fill;
}

// The candidate slots: one line of text on big grids, else one slot per value.
function slotsPart(state, view) {
  const { n, slots, hinted, sameValue } = view;
  if (n > SLOTS_UP_TO && !hinted) return span("cands-text", symbols(slots, n));
  const grid = span("cands");
  grid.style.setProperty("--mc", String(state.doc.box[1]));
  grid.style.setProperty("--mr", String(state.doc.box[0]));
  const have = new Set(slots);
  for (let v = 1; v <= n; v++) {
    const slot = span("", have.has(v) ? symbol(v, n) : "");
    const role = hinted && hinted.get(v);
    if (role) slot.dataset.role = role;
    if (have.has(v) && v === sameValue) slot.classList.add("same");
    grid.append(slot);
  }
  return grid;
}

function cornerPart(corner, n, sameValue) {
  const box = span("corner");
  box.dataset.count = String(Math.min(corner.length, 9));
  corner.slice(0, 8).forEach((v, k) => {
    const mark = span(`p${k}`, symbol(v, n));
    if (v === sameValue) mark.classList.add("same");
    box.append(mark);
  });
  // Beyond eight, the rest share the middle (one text: few nodes on big grids).
  if (corner.length > 8) box.append(span("p8", symbols(corner.slice(8), n)));
  return box;
}

function centrePart(centre, n, sameValue) {
  const mid = span("centre");
  mid.dataset.count = String(Math.min(centre.length, 9));
  if (sameValue && centre.includes(sameValue)) {
    for (const v of centre) {
      const mark = span("", symbol(v, n));
      if (v === sameValue) mark.classList.add("same");
      mid.append(mark);
    }
  } else mid.textContent = symbols(centre, n); // one text node unless a mark stands out
  return mid;
}

function drawCell(el, state, i, view) {
  const { n, value, centre, corner, colors, slots, sameValue } = view;
  const parts = [];
  if (colors.length) parts.push(colourFill(colors));
  if (value) parts.push(span("v", symbol(value, n)));
  else {
    if (slots.length) parts.push(slotsPart(state, view));
    if (corner.length) parts.push(cornerPart(corner, n, sameValue));
    if (centre.length) parts.push(centrePart(centre, n, sameValue));
  }
  for (const p of parts) p.setAttribute("aria-hidden", "true");
  el.replaceChildren(...parts);
}

function cellLabel(doc, i, n, view) {
  let what = "empty";
  if (doc.givens[i]) what = `${symbol(doc.givens[i], n)}, given`;
  else if (doc.entries[i]) what = `${symbol(doc.entries[i], n)}, your entry`;
  else if (doc.solved[i]) what = `${symbol(doc.solved[i], n)}, solver`;
  let label = `${cellName(i, n)}, ${what}`;
  if (!view.value) {
    if (view.centre.length) label += `, marks ${view.centre.map((v) => symbol(v, n)).join(" ")}`;
    if (view.corner.length) label += `, corner ${view.corner.map((v) => symbol(v, n)).join(" ")}`;
  }
  if (view.colors.length) label += `, colour ${view.colors.join(" ")}`;
  label += view.cage;
  if (view.conflict) label += ", conflict";
  if (view.wrong) label += ", wrong";
  return label;
}

// The cell's attributes for tests and assistive technology (docs/page.md), each written only
// when it changed.
function setCellAttrs(i, state, view, { selected, peers, roles, work, marks }) {
  const doc = state.doc;
  const { n, value, sameValue } = view;
  const kind = doc.givens[i] ? "given" : doc.entries[i] ? "entry" : doc.solved[i] ? "solved" : "empty";
  setAttr(i, "data-value", symbol(value, n));
  setAttr(i, "data-kind", kind);
  setAttr(i, "aria-invalid", view.conflict || view.wrong ? "true" : null);
  setAttr(i, "data-wrong", view.wrong ? "true" : null);
  setAttr(i, "aria-selected", selected.has(i) ? "true" : null);
  setAttr(i, "data-cursor", i === state.cursor ? "true" : null);
  setMarkAttrs(i, view, work);
  setAttr(i, "data-same", sameValue && value === sameValue ? "true" : null);
  setAttr(i, "data-peer", peers.has(i) && i !== state.cursor ? "true" : null);
  setAttr(i, "data-highlight", roles.get(i) || null);
  setAttr(i, "aria-readonly", doc.givens[i] ? "true" : null);
  setSetterAttrs(i, view, marks);
  setAttr(i, "aria-label", cellLabel(doc, i, n, view));
}

// The cell's marks, colours and working candidates.
function setMarkAttrs(i, { n, corner, centre, colors }, work) {
  setAttr(i, "data-corner", symbols(corner, n));
  const centreText = symbols(centre, n);
  setAttr(i, "data-centre", centreText);
  setAttr(i, "data-mark", centreText); // the pencil marks Hint reads: the centre marks
  setAttr(i, "data-colors", colors.join(" "));
  setAttr(i, "data-candidates", work ? symbols(work, n) : "");
}

// Set mode (docs/page.md): a given that can go, a cell of the contradiction, true candidates.
function setSetterAttrs(i, { n, value }, marks) {
  setAttr(i, "data-removable", marks.removable.has(i) ? "true" : null);
  setAttr(i, "data-why", marks.why.has(i) ? "true" : null);
  setAttr(i, "data-true", marks.trueCands && !value ? symbols(marks.trueCands[i] || [], n) : null);
}

function moveFocus(target, focus) {
  const active = document.activeElement;
  const inGrid = active && active.closest && active.closest("#grid");
  // focus() forces a layout: only when the focus really moves.
  if (active !== target && (inGrid || focus === "force")) target.focus({ preventScroll: true });
}

// What every cell of this render reads: conflicts, selection, hint roles and marks, peers.
function gridContext(state) {
  const doc = state.doc;
  const hintMarks = new Map(); // cell -> Map(value -> role), candidates the hint points at
  for (const m of state.hintMarks) {
    if (!hintMarks.has(m.cell)) hintMarks.set(m.cell, new Map());
    hintMarks.get(m.cell).set(m.value, m.role);
  }
  const cursorValue = shown(doc, state.cursor);
  const peers = new Set();
  const geometry = state.geometry;
  if (geometry && state.settings.peers) {
    for (const u of geometry.units_of[state.cursor]) for (const c of geometry.units[u]) peers.add(c);
  }
  return {
    n: size(doc), conflicts: new Set(state.conflicts), wrong: new Set(state.wrong),
    selected: new Set(state.selection), roles: new Map(state.highlights.map((h) => [h.cell, h.role])),
    hintMarks, peers, cands: currentCands(state), marks: setterCells(state),
    // While a hint's colours are drawn, the selected value's highlight waits.
    sameValue: state.settings.same && !hintDrawn(state) ? cursorValue : 0,
  };
}

// One cell's view: its value, marks and slots as drawn.
function cellView(state, i, ctx) {
  const doc = state.doc;
  const value = shown(doc, i);
  const work = value ? null : workingCandidates(state, i, ctx.cands);
  const hinted = ctx.hintMarks.get(i);
  // Set mode's true candidates, when asked, take the slots.
  const truth = value || !ctx.marks.trueCands ? null : ctx.marks.trueCands[i] || [];
  const view = {
    n: ctx.n, value, centre: doc.centre[i], corner: doc.corner[i], colors: doc.colors[i],
    slots: value ? [] : truth || slotValues(state, i, work, hinted), hinted, sameValue: ctx.sameValue,
    conflict: ctx.conflicts.has(i), wrong: ctx.wrong.has(i), cage: built.ruleWords[i],
  };
  return { view, work };
}

function renderCell(state, i, ctx) {
  const { view, work } = cellView(state, i, ctx);
  const { value, hinted, sameValue } = view;
  // The selected value matters only to cells whose marks hold it (the rest stay untouched).
  const markedSame = sameValue && !value && (view.centre.includes(sameValue) ||
    view.corner.includes(sameValue) || view.slots.includes(sameValue));
  const content = `${value}|${view.centre}|${view.corner}|${view.colors}|${view.slots}|` +
    `${hinted ? [...hinted].join(";") : ""}|${markedSame ? sameValue : 0}`;
  const cell = built.cells[i];
  if (built.content[i] !== content) {
    built.content[i] = content;
    drawCell(cell, state, i, view);
  }
  setCellAttrs(i, state, view, { selected: ctx.selected, peers: ctx.peers, roles: ctx.roles, work,
    marks: ctx.marks });
  const tab = i === state.cursor ? 0 : -1;
  if (cell.tabIndex !== tab) cell.tabIndex = tab;
}

function renderGrid(state, focus) {
  if (!built || built.key !== gridKey(state)) buildGrid(state);
  const ctx = gridContext(state);
  for (let i = 0; i < built.cells.length; i++) renderCell(state, i, ctx);
  if (focus) moveFocus(built.cells[state.cursor], focus);
  const grid = $("grid");
  grid.classList.toggle("celebrate", state.celebrate);
  grid.setAttribute("aria-busy", state.busy ? "true" : "false");
  grid.setAttribute("aria-multiselectable", "true");
}

const COLOUR_NAMES = ["", "red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "grey"];

function renderKeypad(state) {
  const n = size(state.doc);
  const colour = state.mode === "colour";
  const key = `${n}:${colour}`;
  const keypad = $("keypad");
  if (keypadKey !== key) {
    keypadKey = key;
    keypad.replaceChildren();
    keypad.style.setProperty("--keys", String(colour ? COLOURS : n));
    keypad.dataset.size = String(n);
    const count = colour ? COLOURS : n;
    for (let v = 1; v <= count; v++) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = colour ? "key swatch" : "key";
      b.dataset.value = String(v);
      if (colour) {
        b.style.setProperty("--swatch", `var(--c${v})`);
        b.textContent = String(v);
        // Not "Colour ...": the mode button keeps that name to itself.
        b.setAttribute("aria-label", `Paint ${v} (${COLOUR_NAMES[v]})`);
      } else {
        b.textContent = symbol(v, n);
        b.setAttribute("aria-label", `Enter ${symbol(v, n)}`);
      }
      keypad.append(b);
    }
    keypad.append(eraseKey());
  }
  for (const b of document.querySelectorAll("#modes [data-mode]")) {
    b.setAttribute("aria-pressed", String(b.dataset.mode === state.mode));
  }
  keypad.dataset.mode = state.mode;
}

function clock(seconds) {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, "0");
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

export function timerText(state) {
  const game = state.game;
  if (!game) return "";
  return clock(game.finished ? game.finished.seconds : game.elapsed);
}

function renderCellInfo(state) {
  // Large grids draw candidates too small to read: the selected cell's are spelled out here.
  const doc = state.doc;
  const n = size(doc);
  const i = state.cursor;
  let text = "";
  if (n >= 16 && !shown(doc, i)) {
    const work = workingCandidates(state, i);
    const parts = [];
    if (work && (state.showCandidates || doc.removed[i].length)) parts.push(`candidates ${symbols(work, n) || "none"}`);
    if (doc.centre[i].length) parts.push(`centre ${doc.centre[i].map((v) => symbol(v, n)).join(" ")}`);
    if (doc.corner[i].length) parts.push(`corner ${doc.corner[i].map((v) => symbol(v, n)).join(" ")}`);
    if (parts.length) text = `${cellName(i, n)}: ${parts.join("; ")}`;
  }
  const info = $("cell-info");
  if (info.textContent !== text) info.textContent = text;
}

function renderGames(state, games) {
  const list = $("games-list");
  if (state.panel !== "games") return;
  const key = JSON.stringify(games) + (state.game ? state.game.id : "");
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren();
  if (!games.length) {
    const li = document.createElement("li");
    li.textContent = "No saved puzzles yet.";
    list.append(li);
    return;
  }
  for (const g of games) {
    const n = g.box[0] * g.box[1];
    const li = document.createElement("li");
    const what = span("what", `${n}×${n}${g.level ? ` ${g.level}` : ""}, ${clock(g.elapsed)}, ` +
      (g.finished ? "solved" : `${g.empty ? Math.round((100 * g.filled) / g.empty) : 100}% filled`) +
      (state.game && g.id === state.game.id ? " (this one)" : ""));
    const resume = document.createElement("button");
    resume.type = "button";
    resume.textContent = "Resume";
    resume.dataset.resume = g.id;
    resume.setAttribute("aria-label", `Resume ${what.textContent}`);
    const del = document.createElement("button");
    del.type = "button";
    del.textContent = "Delete";
    del.dataset.delete = g.id;
    del.setAttribute("aria-label", `Delete ${what.textContent}`);
    li.append(what, resume, del);
    list.append(li);
  }
}

export function render(state, { focus = false, games = [] } = {}) {
  const doc = state.doc;
  const n = size(doc);
  renderGrid(state, focus);
  renderKeypad(state);
  renderCellInfo(state);
  renderSize(doc, n);
  renderMessage(state.message);
  renderEngine(state);
  renderButtons(state);
  renderGames(state, games);
  renderLevel(state, n);
  renderSettings(state.settings);
  renderWalk(state.walk);
  const share = $("share-panel");
  share.hidden = !state.shareUrl;
  if ($("share-url").value !== state.shareUrl) $("share-url").value = state.shareUrl;
  renderShareSites(state);
  renderNewLevels();
  renderRules(doc, state.geometry);
  renderSetter(state);
  renderRoom(state);
}

function renderSize(doc, n) {
  const sizeSelect = $("size");
  if (sizeSelect.value !== String(n)) {
    if (![...sizeSelect.options].some((o) => o.value === String(n))) {
      const opt = document.createElement("option");
      opt.value = String(n);
      opt.textContent = `${n}×${n}`;
      sizeSelect.append(opt);
    }
    sizeSelect.value = String(n);
  }
  renderShapes(doc.box, n);
}

function renderMessage(message) {
  const msg = $("message");
  if (msg.textContent !== message.text) {
    msg.textContent = message.text;
    // A problem said while the message is scrolled away (a phone, below the grid, in the
    // import panel) would go unseen: bring the message into view, no further than needed.
    const kind = message.kind;
    if ((kind === "error" || kind === "warn") && message.text) {
      const box = msg.getBoundingClientRect();
      if (box.bottom < 0 || box.top > innerHeight) msg.scrollIntoView({ block: "nearest" });
    }
  }
  msg.dataset.kind = message.kind;
}

function renderEngine(state) {
  const engine = state.engine;
  const root = document.documentElement;
  root.dataset.engine = engine.state;
  root.dataset.theme = state.settings.theme;
  if (engine.timings) root.dataset.engineTimings = JSON.stringify(engine.timings);
  root.dataset.jobs = String(state.jobs); // 0 = the engine is idle
  root.dataset.hints = String(state.hints);
  const engineText = engine.state === "ready" ? "Engine ready"
    : engine.state === "error" ? `Engine failed: ${engine.text || "unknown error"}`
      : `${engine.text || "Loading the engine"}…`;
  if ($("engine-text").textContent !== engineText) $("engine-text").textContent = engineText;
  const progress = $("engine-progress");
  progress.hidden = engine.state !== "loading";
  progress.value = engine.progress || 0;
  $("version").textContent = engine.version
    ? `sudoku_core ${engine.version.version} on Python ${engine.version.python} (Pyodide)` : "";
}

function renderButtons(state) {
  const doc = state.doc;
  const ready = state.engine.state === "ready";
  for (const button of document.querySelectorAll("[data-needs-engine]")) {
    const off = !ready || Boolean(state.busy);
    if (button.disabled !== off) button.disabled = off;
  }
  $("cancel").hidden = !state.busy;
  // Right after a size change cleared a puzzle, Undo brings it back (actions/editing.js).
  const sizeUndo = state.sizeUndo && state.sizeUndo.doc === doc;
  $("undo").disabled = !state.past.length && !sizeUndo;
  $("redo").disabled = !state.future.length;
  $("lock").disabled = !doc.entries.some((v) => v);
  for (const name of ["new", "io", "games", "settings"]) {
    $(`${name}-panel`).hidden = state.panel !== name;
    $(name).setAttribute("aria-expanded", String(state.panel === name));
  }
  $("restore").hidden = !state.previous;
  $("candidates").setAttribute("aria-pressed", String(state.showCandidates));
}

function renderLevel(state, n) {
  const level = state.game && state.game.level;
  const [main, aside] = levelParts(state);
  if ($("level").textContent !== main + aside) {
    // "Level: Medium · SE 2.6": the SE figure (or why there is no level) in its own span,
    // which the narrowest phones hide.
    $("level").textContent = main;
    if (aside) $("level").append(Object.assign(document.createElement("span"), { className: "aside", textContent: aside }));
  }
  $("print-level").textContent = level ? `${n}×${n} · ${level}` : `${n}×${n}`;
  const timer = timerText(state);
  if ($("timer").textContent !== timer) $("timer").textContent = timer;
}

function renderSettings(s) {
  $("set-mistakes").checked = s.mistakes;
  $("set-autoremove").checked = s.autoRemove;
  $("set-peers").checked = s.peers;
  $("set-same").checked = s.same;
  $("set-marks").checked = s.marksAreCandidates;
  if ($("set-theme").value !== s.theme) $("set-theme").value = s.theme;
}

function renderWalk(walk) {
  $("walk-panel").hidden = !walk;
  if (!walk) return;
  const text = walk.index === 0
    ? `${walk.steps.length} steps. Next step shows the first one.`
    : `Step ${walk.index} of ${walk.steps.length}: ${walk.steps[walk.index - 1].text}`;
  if ($("walk-text").textContent !== text) $("walk-text").textContent = text;
  $("walk-prev").disabled = walk.index === 0;
  $("walk-next").disabled = walk.index >= walk.steps.length;
  const jump = $("walk-to");
  jump.max = String(walk.steps.length);
  if (document.activeElement !== jump) jump.value = String(walk.index);
}

function renderNewLevels() {
  const newLevel = $("new-level");
  if (newLevel.options.length) return;
  for (const l of LEVELS) {
    const o = document.createElement("option");
    o.value = l;
    o.textContent = l[0].toUpperCase() + l.slice(1);
    newLevel.append(o);
  }
  newLevel.value = "medium";
}

// Share's other links: a field per site once the engine wrote it, or, for a site it could not
// write, a line with the engine's reason (one line when both sites have the same one).
function renderShareSites(state) {
  const sites = state.shareSites && state.shareSites.url === state.shareUrl ? state.shareSites : {};
  const refused = [];
  for (const [to, name] of SHARE_SITES) {
    const link = sites[to];
    $(`share-${to}-row`).hidden = Boolean(link && link.error);
    const text = (link && link.text) || "";
    if ($(`share-${to}`).value !== text) $(`share-${to}`).value = text;
    $(`copy-${to}`).disabled = !text;
    if (link && link.error) refused.push([name, link.error]);
  }
  const note = $("share-note");
  const reasons = [...new Set(refused.map(([, error]) => error))];
  const text = reasons.length === 1 && refused.length > 1
    ? `No ${refused.map(([name]) => name).join(" or ")} link: ${sentence(reasons[0])}`
    : refused.map(([name, error]) => `No ${name} link: ${sentence(error)}`).join(" ");
  note.hidden = !text;
  if (note.textContent !== text) note.textContent = text;
}

function sentence(text) {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

// The header's level, as [the level, what follows it]: ["Level: Expert", " · SE 7.2"], or why
// there is none yet (["Level: not rated", " (too hard to rate within 1.5 s)"]), or nothing.
export function levelParts(state) {
  const game = state.game;
  if (game && game.level) {
    const [level, se] = game.level.split(" · ");
    return [`Level: ${level}`, se ? ` · ${se}` : ""];
  }
  const note = game && state.levelNote && state.levelNote.id === game.id ? state.levelNote.text : "";
  return note ? ["Level: not rated", ` (${note})`] : ["", ""];
}

// The Boxes menu lists the shapes of the current size; rebuilt only when the size changes.
function renderShapes(box, n) {
  const select = $("shape");
  if (select.dataset.size !== String(n)) {
    select.replaceChildren(...boxShapes(n).map(([r, c]) => {
      const opt = document.createElement("option");
      opt.value = `${r}x${c}`;
      opt.textContent = `${r}×${c}`;
      return opt;
    }));
    select.dataset.size = String(n);
  }
  const value = `${box[0]}x${box[1]}`;
  if (select.value !== value) select.value = value;
  select.disabled = select.options.length < 2;
}

// A keypad's Erase key (value 0), the game's and the scan panel's.
export function eraseKey() {
  const erase = document.createElement("button");
  erase.type = "button";
  erase.className = "key erase";
  erase.dataset.value = "0";
  erase.textContent = "⌫";
  erase.setAttribute("aria-label", "Erase");
  erase.title = "Erase (Backspace)";
  return erase;
}
