// State and pure transitions: every function returns a new state and never touches the DOM.
// No sudoku rule is here: layout comes from the geometry JSON (geometry.js), solving, hints and
// candidates from the engine; the state records what they said and what the user did.

export const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const SIZES = [4, 6, 8, 9, 10, 12, 15, 16, 20, 25, 36, 49]; // the Size menu
export const LEVELS = ["easy", "medium", "hard", "expert", "extreme"];
export const MODES = ["normal", "corner", "centre", "colour"]; // what typing does
export const COLOURS = 9; // colour numbers 1..9
export const MAX_HISTORY = 500; // undo steps kept in memory

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

// Text of a value: "" for empty, 1-9 then A-Z up to 35x35, the number above.
export function symbol(value, n) {
  if (!value) return "";
  return n <= SYMBOLS.length ? SYMBOLS[value - 1] : String(value);
}

// A cell's list of values as text: "127" up to 35x35, "3 36 41" above.
export function symbols(values, n) {
  return values.map((v) => symbol(v, n)).join(n <= SYMBOLS.length ? "" : " ");
}

// Value of one typed key for an N x N grid (keyboard input only), or null.
export function keyToValue(key, n) {
  if (key.length !== 1) return null;
  const i = SYMBOLS.indexOf(key.toUpperCase());
  return i >= 0 && i < n ? i + 1 : null;
}

export function cellName(cell, n) {
  return `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
}

function zeros(count) {
  return new Array(count).fill(0);
}

export function emptyLists(count) {
  return Array.from({ length: count }, () => []);
}

// A puzzle document: what undo/redo, sharing and saved games keep.
export function emptyDoc(box = [3, 3]) {
  const n = box[0] * box[1];
  return {
    box, // box shape [rows, cols], e.g. [3, 3] (9x9) or [2, 3] (6x6)
    givens: zeros(n * n), // the puzzle's clues, 0 = not a given, e.g. [5, 3, 0, 0, 7, ...]
    entries: zeros(n * n), // the user's values, 0 = none, e.g. [0, 0, 4, 0, ...]
    solved: zeros(n * n), // values the solver filled in, 0 = none, e.g. [0, 0, 0, 6, ...]
    centre: emptyLists(n * n), // the user's centre marks per cell, e.g. [[1, 4], [], ...]
    corner: emptyLists(n * n), // the user's corner marks per cell, e.g. [[], [2, 7], ...]
    colors: emptyLists(n * n), // colour numbers 1..9 per cell, e.g. [[1], [2, 5], [], ...]
    removed: emptyLists(n * n), // candidates eliminated by applied steps, e.g. [[], [7], ...]
  };
}

export const LIST_KEYS = ["centre", "corner", "colors", "removed"];
export const VALUE_KEYS = ["givens", "entries", "solved"];

export function initialState(doc = emptyDoc()) {
  return {
    doc, // the current puzzle document (see emptyDoc)
    past: [], // earlier documents, newest last
    future: [], // documents undone and not yet redone, newest first
    cursor: 0, // the cell keys act on and arrows move, row-major, e.g. 40 for r5c5
    selection: [0], // every selected cell (marks and colours apply to all), e.g. [40, 41]
    mode: "normal", // what typing does: "normal" | "corner" | "centre" | "colour"
    geometry: null, // units of doc.box (geometry.js), e.g. {box, size, units, units_of}
    conflicts: [], // cells sharing a value with a unit mate (from the geometry), e.g. [0, 4]
    wrong: [], // entries that differ from the solution (Check or mistakes as you type)
    highlights: [], // cells highlighted by a hint or a report, e.g. [{cell: 20, role: "target"}]
    hintMarks: [], // candidates a hint points at, e.g. [{cell: 20, value: 7, role: "remove"}]
    cands: null, // engine candidates of a grid: {key: "53..7...", values: [[1, 4], [], ...]}
    solution: null, // the puzzle's solution from the engine: {key: givensKey, values: [...]}
    showCandidates: false, // draw the working candidates in empty cells
    celebrate: false, // the user just finished the puzzle correctly
    source: "", // the link the puzzle came from, e.g. "#p=53..7....&box=3x3"
    message: { text: "", kind: "info" }, // status line, e.g. {text: "Solved in 4 ms", kind: "ok"}
    engine: { state: "loading", progress: 0, text: "" }, // e.g. {state: "ready", version: {...}}
    busy: null, // the long job running, e.g. "solve" | "validate" | null
    jobs: 0, // requests the engine has not answered yet
    shareUrl: "", // the last link made by Share
    panel: null, // the open panel: "new" | "io" | "games" | "settings" | null
    previous: null, // id of the game an opened link replaced (can be restored), e.g. "g8x2k"
    hint: null, // the last hint: {doc, level: "nudge"|"step"|"done", data}
    walk: null, // step walk: {steps: [...], index: 3, docs: [doc0, doc1, doc2, doc3]}
    game: null, // the saved game: {id, level, elapsed (s), finished: {seconds, level} | null}
    settings: defaultSettings(),
    hints: 0, // hints answered so far (tests and benchmarks wait on <html data-hints>)
  };
}

export function defaultSettings() {
  return {
    mistakes: false, // mark entries that differ from the solution as you type
    autoRemove: false, // a placed value leaves its peers' marks (on once marks were filled)
    peers: true, // tint the selected cell's row, column and box
    same: true, // highlight cells and marks holding the selected cell's value
    theme: "system", // "system" | "light" | "dark"
  };
}

export function size(doc) {
  return doc.box[0] * doc.box[1];
}

// The value shown in a cell: given, else entry, else solver output.
export function shown(doc, cell) {
  return doc.givens[cell] || doc.entries[cell] || doc.solved[cell];
}

export function shownValues(doc) {
  return doc.givens.map((_, i) => shown(doc, i));
}

// Givens and entries: the puzzle as the user stated it (solver output left out).
export function puzzleValues(doc) {
  return doc.givens.map((g, i) => g || doc.entries[i]);
}

export function gridKey(values, box) {
  return `${box[0]}x${box[1]}:${values.join(",")}`;
}

export function givensKey(doc) {
  return gridKey(doc.givens, doc.box);
}

export function isEmptyDoc(doc) {
  return shownValues(doc).every((v) => v === 0) && LIST_KEYS.every((k) => doc[k].every((m) => !m.length));
}

// The user did something beyond the givens (worth saving and restoring).
export function hasWork(doc) {
  return doc.entries.some((v) => v) || doc.solved.some((v) => v) ||
    LIST_KEYS.some((k) => doc[k].some((m) => m.length));
}

function sameList(x, y) {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

export function sameDoc(a, b) {
  if (a.box[0] !== b.box[0] || a.box[1] !== b.box[1]) return false;
  if (!VALUE_KEYS.every((k) => sameList(a[k], b[k]))) return false;
  return LIST_KEYS.every((k) => a[k].every((m, i) => sameList(m, b[k][i])));
}

// The engine's candidates when they belong to the current grid, else null (compute once per
// pass over the cells: the check reads the whole grid).
export function currentCands(state) {
  const doc = state.doc;
  if (!state.cands || state.cands.key !== gridKey(shownValues(doc), doc.box)) return null;
  return state.cands.values;
}

// The working candidates of an empty cell: the engine's, minus what applied steps eliminated.
export function workingCandidates(state, cell, cands = currentCands(state)) {
  const doc = state.doc;
  if (!cands || shown(doc, cell)) return null;
  const removed = doc.removed[cell];
  const all = cands[cell] || [];
  return removed.length ? all.filter((v) => !removed.includes(v)) : all;
}

// Replace the document, keeping the old one for undo.
export function commit(state, doc) {
  if (sameDoc(state.doc, doc)) return state;
  const past = [...state.past, state.doc].slice(-MAX_HISTORY);
  return {
    ...state, doc, past, future: [], celebrate: false, highlights: [], hintMarks: [],
    shareUrl: "", wrong: keepWrong(state, doc),
  };
}

// Check results stay on the cells whose entry did not change.
function keepWrong(state, doc) {
  return state.wrong.filter((c) => doc.entries[c] && doc.entries[c] === state.doc.entries[c]);
}

function editable(doc, cell) {
  return !doc.givens[cell];
}

function withoutValue(list, value) {
  return list.includes(value) ? list.filter((v) => v !== value) : list;
}

// Place `value` (0 erases) in every selected cell that is not a given. With auto-remove on, a
// placed value leaves the marks of the cell's peers (peers from the geometry).
export function placeValue(state, value, peersOf) {
  const doc = state.doc;
  const cells = state.selection.filter((c) => editable(doc, c));
  if (!cells.length) return state;
  const entries = doc.entries.slice();
  const solved = doc.solved.slice();
  let centre = doc.centre;
  let corner = doc.corner;
  for (const cell of cells) {
    entries[cell] = value;
    solved[cell] = 0;
  }
  if (value && state.settings.autoRemove && peersOf) {
    centre = centre.slice();
    corner = corner.slice();
    for (const cell of cells) {
      for (const p of peersOf(cell)) {
        centre[p] = withoutValue(centre[p], value);
        corner[p] = withoutValue(corner[p], value);
      }
    }
  }
  return commit(state, { ...doc, entries, solved, centre, corner });
}

// Erase what the current mode draws in the selected cells: the value first (normal mode), else
// the marks of that kind, else the colours.
export function erase(state) {
  const doc = state.doc;
  const cells = state.selection;
  const key = { corner: "corner", centre: "centre", colour: "colors" }[state.mode];
  if (key) {
    const lists = doc[key].slice();
    for (const c of cells) lists[c] = [];
    return commit(state, { ...doc, [key]: lists });
  }
  const entries = doc.entries.slice();
  const solved = doc.solved.slice();
  let any = false;
  for (const c of cells) {
    if (editable(doc, c) && (entries[c] || solved[c])) {
      entries[c] = 0;
      solved[c] = 0;
      any = true;
    }
  }
  if (any) return commit(state, { ...doc, entries, solved });
  // An empty cell: Erase clears its marks (then its colours).
  const centre = doc.centre.slice();
  const corner = doc.corner.slice();
  const colors = doc.colors.slice();
  const marked = cells.some((c) => centre[c].length || corner[c].length);
  for (const c of cells) {
    if (marked) {
      centre[c] = [];
      corner[c] = [];
    } else colors[c] = [];
  }
  return commit(state, { ...doc, centre, corner, colors });
}

// Toggle one mark ("corner" | "centre") or colour ("colors") in every selected cell: added to
// all when one lacks it, else removed from all. Marks skip cells that show a value.
export function toggleList(state, key, value) {
  const doc = state.doc;
  const cells = key === "colors" ? state.selection
    : state.selection.filter((c) => !shown(doc, c));
  if (!cells.length) return state;
  const lists = doc[key].slice();
  const add = cells.some((c) => !lists[c].includes(value));
  for (const c of cells) {
    const have = lists[c];
    if (add && !have.includes(value)) {
      lists[c] = key === "colors" ? [...have, value] : [...have, value].sort((a, b) => a - b);
    } else if (!add) lists[c] = have.filter((v) => v !== value);
  }
  return commit(state, { ...doc, [key]: lists });
}

// Typing `value` in the current mode.
export function typeValue(state, value, peersOf) {
  if (state.mode === "corner") return toggleList(state, "corner", value);
  if (state.mode === "centre") return toggleList(state, "centre", value);
  if (state.mode === "colour") return value <= COLOURS ? toggleList(state, "colors", value) : state;
  return placeValue(state, value, peersOf);
}

// Apply a step (hint or walk): placements become entries, eliminations leave the working
// candidates and the user's marks. Applied twice it changes nothing.
export function applyStep(state, placements, eliminations) {
  const doc = state.doc;
  const entries = doc.entries.slice();
  const solved = doc.solved.slice();
  const centre = doc.centre.slice();
  const corner = doc.corner.slice();
  const removed = doc.removed.slice();
  for (const [cell, value] of placements) {
    if (!doc.givens[cell]) {
      entries[cell] = value;
      solved[cell] = 0;
      centre[cell] = [];
      corner[cell] = [];
    }
  }
  for (const [cell, value] of eliminations) {
    centre[cell] = withoutValue(centre[cell], value);
    if (!removed[cell].includes(value)) removed[cell] = [...removed[cell], value].sort((a, b) => a - b);
  }
  return commit(state, { ...doc, entries, solved, centre, corner, removed });
}

// Put back pencil marks a hint found missing: in the centre marks (when the cell has some) and
// the working candidates.
export function restoreMarks(state, marks) {
  const doc = state.doc;
  const centre = doc.centre.slice();
  const removed = doc.removed.slice();
  for (const [cell, value] of marks) {
    if (centre[cell].length && !centre[cell].includes(value)) {
      centre[cell] = [...centre[cell], value].sort((a, b) => a - b);
    }
    removed[cell] = withoutValue(removed[cell], value);
  }
  return commit(state, { ...doc, centre, removed });
}

// The working candidates written as the user's centre marks (corner marks of those cells go).
export function fillCandidates(state) {
  const doc = state.doc;
  const centre = doc.centre.slice();
  const cands = currentCands(state);
  let any = false;
  for (let i = 0; i < centre.length; i++) {
    const work = workingCandidates(state, i, cands);
    if (work) {
      centre[i] = work.slice();
      any = true;
    }
  }
  if (!any) return state;
  const next = commit(state, { ...doc, centre });
  return { ...next, settings: { ...next.settings, autoRemove: true } };
}

// Selection: one cell, or add/toggle one (Shift/Ctrl+click, drag), or extend by arrows.
export function select(state, cell, how = "only") {
  if (how === "add") {
    if (state.selection.includes(cell)) return { ...state, cursor: cell };
    return { ...state, cursor: cell, selection: [...state.selection, cell] };
  }
  if (how === "toggle") {
    const has = state.selection.includes(cell);
    const selection = has ? state.selection.filter((c) => c !== cell) : [...state.selection, cell];
    return { ...state, cursor: cell, selection: selection.length ? selection : [cell] };
  }
  if (state.cursor === cell && state.selection.length === 1 && state.selection[0] === cell) {
    return state;
  }
  return { ...state, cursor: cell, selection: [cell] };
}

export function selectAll(state) {
  return { ...state, selection: state.doc.givens.map((_, i) => i) };
}

export function moveCursor(state, dRow, dCol, extend = false) {
  const n = size(state.doc);
  const row = (Math.floor(state.cursor / n) + dRow + n) % n;
  const col = ((state.cursor % n) + dCol + n) % n;
  return select(state, row * n + col, extend ? "add" : "only");
}

export function setMode(state, mode) {
  return MODES.includes(mode) ? { ...state, mode } : state;
}

export function cycleMode(state) {
  return setMode(state, MODES[(MODES.indexOf(state.mode) + 1) % MODES.length]);
}

function resetView(state, doc) {
  return {
    ...state, cursor: 0, selection: [0], conflicts: [], wrong: [], highlights: [],
    hintMarks: [], hint: null, walk: null, celebrate: false, geometry:
      state.geometry && state.geometry.box[0] === doc.box[0] && state.geometry.box[1] === doc.box[1]
        ? state.geometry : null,
  };
}

// A whole document (link, import, new puzzle, saved game): undoable from the old one.
export function loadDoc(state, doc, source = state.source) {
  return { ...resetView(commit(state, doc), doc), source };
}

export function newGrid(state, box) {
  return loadDoc(state, emptyDoc(box), "");
}

// Keep the givens, clear everything the user and the solver did.
export function restart(state) {
  const doc = emptyDoc(state.doc.box);
  doc.givens = state.doc.givens.slice();
  return commit(state, doc);
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
    ...state, doc, past: state.past.slice(0, -1), future: [state.doc, ...state.future],
    celebrate: false, highlights: [], hintMarks: [], wrong: keepWrong(state, doc),
  };
}

export function redo(state) {
  if (!state.future.length) return state;
  const doc = state.future[0];
  return {
    ...state, doc, past: [...state.past, state.doc], future: state.future.slice(1),
    celebrate: false, highlights: [], hintMarks: [], wrong: keepWrong(state, doc),
  };
}

export function setGeometry(state, geometry) {
  const box = state.doc.box;
  return geometry.box[0] === box[0] && geometry.box[1] === box[1] ? { ...state, geometry } : state;
}

export function setConflicts(state, conflicts) {
  return { ...state, conflicts };
}

export function setWrong(state, wrong) {
  return { ...state, wrong };
}

export function setHighlights(state, highlights, hintMarks = []) {
  return { ...state, highlights, hintMarks };
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

export function setJobs(state, jobs) {
  return { ...state, jobs };
}

export function setShareUrl(state, shareUrl) {
  return { ...state, shareUrl };
}

export function setSource(state, source) {
  return { ...state, source };
}

export function setCands(state, key, values) {
  return { ...state, cands: { key, values } };
}

export function setSolution(state, key, values) {
  return { ...state, solution: { key, values } };
}

export function setShowCandidates(state, showCandidates) {
  return { ...state, showCandidates };
}

export function setHint(state, hint) {
  return { ...state, hint, hints: hint ? state.hints + 1 : state.hints };
}

// A hint press that ended without a hint (failed, cancelled, or the grid changed meanwhile).
export function countHint(state) {
  return { ...state, hints: state.hints + 1 };
}

export function setWalk(state, walk) {
  return { ...state, walk };
}

export function togglePanel(state, panel) {
  return { ...state, panel: state.panel === panel ? null : panel };
}

export function closePanel(state) {
  return { ...state, panel: null };
}

export function setPrevious(state, previous) {
  return { ...state, previous };
}

export function setGame(state, game) {
  return { ...state, game };
}

export function setSettings(state, changes) {
  return { ...state, settings: { ...state.settings, ...changes } };
}

export function setCelebrate(state, celebrate) {
  return { ...state, celebrate };
}

// Restore a saved game: document and undo history.
export function resumeGame(state, saved) {
  return {
    ...resetView({ ...state, doc: saved.doc, past: saved.past, future: saved.future }, saved.doc),
    source: saved.source, game: saved.game,
  };
}
