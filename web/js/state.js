// State and pure transitions: every function returns a new state and never touches the DOM.
// Sudoku logic (conflicts, solving, hints) is not here: the engine answers, the state records.

export const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const SIZES = [4, 6, 8, 9, 10, 12, 15, 16, 20, 25]; // sizes offered in the Size menu
export const MAX_HISTORY = 500; // undo steps kept

// Box shape the core picks for an N x N grid: r <= c, as close to square as possible.
export function defaultBox(n) {
  const wide = boxShapes(n).filter(([r, c]) => r <= c);
  return wide.length ? wide[wide.length - 1] : null;
}

// Every box shape [r, c] of an N x N grid (both sides at least 2), fewest rows first.
export function boxShapes(n) {
  const shapes = [];
  for (let r = 2; r <= n / 2; r++) if (n % r === 0) shapes.push([r, n / r]);
  return shapes;
}

// Text of a value: "" for empty, 1-9 then A-Z, the number above 35.
export function symbol(value, n) {
  if (!value) return "";
  return n <= SYMBOLS.length ? SYMBOLS[value - 1] : String(value);
}

// Value of one typed character for an N x N grid, or null when it is not a symbol.
export function valueOfKey(key, n) {
  if (key.length !== 1) return null;
  const i = SYMBOLS.indexOf(key.toUpperCase());
  return i >= 0 && i < n ? i + 1 : null;
}

function zeros(count) {
  return new Array(count).fill(0);
}

export function emptyMarks(count) {
  return Array.from({ length: count }, () => []);
}

// A puzzle document: what undo/redo, sharing and local storage keep.
export function emptyDoc(box = [3, 3]) {
  const n = box[0] * box[1];
  return {
    box, // box shape [rows, cols], e.g. [3, 3] (9x9) or [2, 3] (6x6)
    givens: zeros(n * n), // the puzzle's clues, 0 = not a given, e.g. [5, 3, 0, 0, 7, ...]
    entries: zeros(n * n), // the user's values, 0 = none, e.g. [0, 0, 4, 0, ...]
    solved: zeros(n * n), // values the solver filled in, 0 = none, e.g. [0, 0, 0, 6, ...]
    pencil: emptyMarks(n * n), // the user's centre marks (candidates) per cell, e.g. [[1, 4], []]
    corner: emptyMarks(n * n), // the user's corner marks per cell, e.g. [[], [2, 7], ...]
  };
}

export function initialState(doc = emptyDoc()) {
  return {
    doc, // the current puzzle document (see emptyDoc), e.g. {box: [3, 3], givens: [...], ...}
    past: [], // earlier documents, newest last, e.g. [doc1, doc2]
    future: [], // documents undone and not yet redone, newest first, e.g. [doc3]
    cursor: 0, // selected cell, row-major, e.g. 40 for r5c5
    conflicts: [], // cells in conflict (from the engine), e.g. [0, 4]
    dead: [], // empty cells no value fits (from the engine), e.g. [12]
    highlights: [], // cells highlighted by a hint or a report, e.g. [{cell: 20, role: "target"}]
    complete: false, // every cell filled with no conflict (from the engine), e.g. true
    celebrate: false, // the user just finished the puzzle correctly, e.g. true
    checked: null, // the document the conflicts belong to (stale checks are dropped), e.g. doc
    source: "", // the link the puzzle came from, e.g. "#p=53..7....&box=3x3"
    message: { text: "", kind: "info" }, // status line, e.g. {text: "Solved in 4 ms", kind: "ok"}
    engine: { state: "loading", progress: 0, text: "" }, // e.g. {state: "ready", version: "0.1.0"}
    busy: null, // the long job running, e.g. "solve" | "validate" | null
    shareUrl: "", // the last link made by Share, e.g. "https://x.test/#p=1.3."
    panel: null, // the open side panel, e.g. "io" | "new" | null
    previous: false, // work replaced by an opened link is stored and can be restored, e.g. true
    notes: "off", // what typing does: "off" (values) | "centre" | "corner" (pencil marks)
    showCandidates: false, // candidates view on: empty cells show marks, e.g. true
    auto: null, // computed candidates of the current document (from the engine), e.g. [[1, 4], []]
    autoFor: null, // the document `auto` belongs to, e.g. doc
    hint: null, // the last hint: {doc, level: "nudge"|"step", data: {technique, text, ...}}
    rating: null, // difficulty of the givens, e.g. {key: "53..7", level: "Easy", score: 12}
    jobs: 0, // requests the engine has not answered yet, e.g. 1
    walk: null, // step-by-step walk: {steps: [...], index: 3, docs: [doc0, doc1, doc2, doc3]}
  };
}

export function size(doc) {
  return doc.box[0] * doc.box[1];
}

// The value shown in a cell: given, else entry, else solver output.
export function shown(doc, cell) {
  return doc.givens[cell] || doc.entries[cell] || doc.solved[cell];
}

// Every shown value, e.g. for a validity check of the whole grid.
export function shownValues(doc) {
  return doc.givens.map((_, i) => shown(doc, i));
}

// Givens and entries: the puzzle as the user stated it (solver output left out).
export function puzzleValues(doc) {
  return doc.givens.map((g, i) => g || doc.entries[i]);
}

export function isEmptyDoc(doc) {
  return shownValues(doc).every((v) => v === 0);
}

export function sameDoc(a, b) {
  if (a.box[0] !== b.box[0] || a.box[1] !== b.box[1]) return false;
  for (const key of ["givens", "entries", "solved"]) {
    const x = a[key];
    const y = b[key];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  }
  for (const key of ["pencil", "corner"]) {
    const x = a[key];
    const y = b[key];
    for (let i = 0; i < x.length; i++) if (x[i].join() !== y[i].join()) return false;
  }
  return true;
}

// Replace the document, keeping the old one for undo.
export function commit(state, doc) {
  if (sameDoc(state.doc, doc)) return state;
  const past = [...state.past, state.doc].slice(-MAX_HISTORY);
  const cursor = state.cursor < doc.givens.length ? state.cursor : 0;
  // A link made before the change would not restore it: hide it.
  return { ...state, doc, past, future: [], cursor, celebrate: false, highlights: [], shareUrl: "" };
}

export function setCell(state, cell, value) {
  const doc = state.doc;
  if (doc.givens[cell]) return state;
  const entries = doc.entries.slice();
  const solved = doc.solved.slice();
  entries[cell] = value;
  solved[cell] = 0;
  return commit(state, { ...doc, entries, solved });
}

// Add or remove one pencil mark ("centre" or "corner") of an empty cell; 0 clears the cell's.
export function toggleMark(state, cell, value, kind) {
  const doc = state.doc;
  if (shown(doc, cell)) return state;
  const key = kind === "corner" ? "corner" : "pencil";
  const marks = doc[key].slice();
  const have = marks[cell];
  if (value === 0) marks[cell] = [];
  else if (have.includes(value)) marks[cell] = have.filter((v) => v !== value);
  else marks[cell] = [...have, value].sort((a, b) => a - b);
  return commit(state, { ...doc, [key]: marks });
}

// Place values and remove candidates (a hint or a step of the walk), as the user's entries.
export function applyStep(state, placements, eliminations) {
  const doc = state.doc;
  const entries = doc.entries.slice();
  const solved = doc.solved.slice();
  const pencil = doc.pencil.map((m) => m.slice());
  for (const [cell, value] of placements) {
    if (!doc.givens[cell]) {
      entries[cell] = value;
      solved[cell] = 0;
      pencil[cell] = [];
    }
  }
  for (const [cell, value] of eliminations) pencil[cell] = pencil[cell].filter((v) => v !== value);
  return commit(state, { ...doc, entries, solved, pencil });
}

export function moveCursor(state, dRow, dCol) {
  const n = size(state.doc);
  const row = (Math.floor(state.cursor / n) + dRow + n) % n;
  const col = ((state.cursor % n) + dCol + n) % n;
  return { ...state, cursor: row * n + col };
}

export function select(state, cell) {
  return { ...state, cursor: cell };
}

// A new puzzle: givens (and optionally entries) of a box shape.
export function loadPuzzle(state, box, givens, entries = null, source = state.source) {
  const doc = emptyDoc(box);
  doc.givens = givens.slice();
  if (entries) doc.entries = entries.map((v, i) => (givens[i] ? 0 : v));
  return { ...commit(state, doc), source, cursor: 0 };
}

// A whole document from a link (givens, entries, pencil marks).
export function loadDoc(state, doc, source = state.source) {
  return { ...commit(state, doc), source, cursor: 0 };
}

export function newGrid(state, box) {
  return { ...commit(state, emptyDoc(box)), cursor: 0 };
}

export function clearAll(state) {
  return commit(state, emptyDoc(state.doc.box));
}

// The user's entries become givens: for typing in a puzzle by hand.
export function lockGivens(state) {
  const doc = state.doc;
  const givens = doc.givens.map((g, i) => g || doc.entries[i]);
  return commit(state, { ...doc, givens, entries: zeros(givens.length) });
}

// Fill the empty cells with a solution (solver output stays apart from givens and entries).
export function applySolution(state, solution) {
  const doc = state.doc;
  const solved = solution.map((v, i) => (doc.givens[i] || doc.entries[i] ? 0 : v));
  return commit(state, { ...doc, solved });
}

export function undo(state) {
  if (!state.past.length) return state;
  const doc = state.past[state.past.length - 1];
  return {
    ...state,
    doc,
    past: state.past.slice(0, -1),
    future: [state.doc, ...state.future],
    celebrate: false,
    highlights: [],
    cursor: state.cursor < doc.givens.length ? state.cursor : 0,
  };
}

export function redo(state) {
  if (!state.future.length) return state;
  const doc = state.future[0];
  return {
    ...state,
    doc,
    past: [...state.past, state.doc],
    future: state.future.slice(1),
    celebrate: false,
    highlights: [],
    cursor: state.cursor < doc.givens.length ? state.cursor : 0,
  };
}

// Conflicts from the engine for a given document; ignored when the document changed since.
export function setCheck(state, doc, cells, dead, complete) {
  if (doc !== state.doc) return state;
  const justFinished = complete && !cells.length && !state.complete;
  const userFinished = justFinished && state.doc.solved.every((v) => v === 0);
  return {
    ...state,
    conflicts: cells,
    dead,
    complete: complete && !cells.length,
    celebrate: state.celebrate || userFinished,
    checked: doc,
  };
}

export function setHighlights(state, highlights) {
  return { ...state, highlights };
}

export function setMessage(state, text, kind = "info") {
  return { ...state, message: { text, kind } };
}

export function setEngine(state, engine) {
  return { ...state, engine };
}

export function setBusy(state, busy) {
  return { ...state, busy };
}

export function setShareUrl(state, shareUrl) {
  return { ...state, shareUrl };
}

export function setSource(state, source) {
  return { ...state, source };
}

export function setNotes(state, notes) {
  return { ...state, notes };
}

export function setShowCandidates(state, showCandidates) {
  return { ...state, showCandidates };
}

// Candidates from the engine for a document (dropped when the document changed since).
export function setAuto(state, doc, auto) {
  return doc === state.doc ? { ...state, auto, autoFor: doc } : state;
}

export function setHint(state, hint) {
  return { ...state, hint };
}

export function setRating(state, rating) {
  return { ...state, rating };
}

export function setJobs(state, jobs) {
  return { ...state, jobs };
}

export function setWalk(state, walk) {
  return { ...state, walk };
}

export function setPanel(state, panel) {
  return { ...state, panel: state.panel === panel ? null : panel };
}

export function setPrevious(state, previous) {
  return { ...state, previous };
}
