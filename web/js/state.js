// The page's state and its transitions: named pure functions, a state in and a new state out;
// none touches the DOM. No sudoku rule is here: the state records what the engine said
// (layout, candidates, solution, hints, steps) and what the user did. Edits of the document
// are in edits.js, the document itself in doc.js.

import { emptyDoc, size, variantKey } from "./doc.js";
import { applyStep, commit, restart, restoreMarks, undo } from "./edits.js";
import { fits } from "./geometry.js";

export const MODES = ["normal", "corner", "centre", "colour"]; // what typing does

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
    message: { text: "", kind: "info" }, // status line, e.g. {text: "Solved.", kind: "ok"}
    engine: { state: "loading", progress: 0, text: "" }, // e.g. {state: "ready", version: {...}}
    busy: null, // the long job running, e.g. "solve" | "validate" | null
    jobs: 0, // requests the engine has not answered yet
    shareUrl: "", // the last link made by Share
    // The other sites' links of that Share (shown while `url` is still shareUrl): per site
    // the engine's link or why it wrote none, e.g. {url, fpuzzles: {text: "https://..."},
    // sudokupad: {error: "f-puzzles draws a 6x6 grid only with boxes of 2x3, ..."}}; a
    // site not yet answered is absent.
    shareSites: null,
    panel: null, // the open panel: "new" | "io" | "games" | "settings" | null
    previous: null, // id of the game an opened link replaced (can be restored), e.g. "g8x2k"
    // The last hint: {doc, level: "look"|"nudge"|"step"|"done", step (protocol.js readStep),
    // next: the level the next press asks ("step") or null, cursor: the selected cell then,
    // marks: the "my marks are candidates" setting then}.
    hint: null,
    sizeUndo: null, // a puzzle a size change cleared, for Undo: {doc (the new grid), saved}
    walk: null, // step walk: {steps: [...], index: 3, docs: [doc0, doc1, doc2, doc3]}
    game: null, // the saved game: {id, level, elapsed (s), finished: {seconds, level} | null}
    levelNote: null, // why a game shows no level: {id (the game's), text: "too hard within 1.5 s"}
    settings: defaultSettings(), // the user's choices (see defaultSettings), saved apart
    hints: 0, // hints answered so far (tests and benchmarks wait on <html data-hints>)
    setter: null, // Set mode (see setSetter), or null when playing
  };
}

export function defaultSettings() {
  return {
    mistakes: false, // mark entries that differ from the solution as you type
    autoRemove: false, // a placed value leaves its peers' marks (on once marks were filled)
    peers: true, // tint the selected cell's row, column and box
    same: true, // highlight cells and marks holding the selected cell's value
    marksAreCandidates: false, // Hint reads partial centre marks as candidates (else as notes)
    theme: "system", // "system" | "light" | "dark"
  };
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
      fits(state.geometry, doc.box, variantKey(doc.variant)) ? state.geometry : null,
  };
}

// A whole document (link, import, new puzzle, saved game): undoable from the old one.
export function loadDoc(state, doc, source = state.source) {
  return { ...resetView(commit(state, doc), doc), source };
}

export function setGeometry(state, geometry) {
  const doc = state.doc;
  return fits(geometry, doc.box, variantKey(doc.variant)) ? { ...state, geometry } : state;
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

export function setShareSites(state, shareSites) {
  return { ...state, shareSites };
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

// The game goes on under a new id (its saved copy was deleted).
export function setGameId(state, id) {
  return { ...state, game: { ...state.game, id } };
}

export function setSettings(state, changes) {
  return { ...state, settings: { ...state.settings, ...changes } };
}

// --- Named transitions the actions dispatch (a message, when any, is set by dispatch) --------

// A new game in this tab: the document with a fresh undo history, and the game's record.
export function newGame(state, doc, source, game) {
  return { ...loadDoc(state, doc, source), past: [], future: [], game };
}

// Restore a saved game: document and undo history.
export function resumeGame(state, saved) {
  const view = saved.view || { cursor: 0, showCandidates: state.showCandidates };
  return {
    ...resetView({ ...state, doc: saved.doc, past: saved.past, future: saved.future }, saved.doc),
    source: saved.source, game: saved.game,
    cursor: view.cursor, selection: [view.cursor], showCandidates: view.showCandidates,
  };
}

// Restart: the givens stay, the user's work goes (undoable), the clock starts again.
export function restartGame(state) {
  const game = state.game ? { ...state.game, elapsed: 0, finished: null } : state.game;
  return { ...restart(state), game };
}

// The level the engine gave a puzzle that came without one.
export function setLevel(state, level) {
  return { ...state, game: { ...state.game, level } };
}

// Why the game (id) has no level yet, e.g. "too hard to rate within 1.5 s".
export function setLevelNote(state, id, text) {
  return { ...state, levelNote: { id, text } };
}

// One second more on the game's clock.
export function tickGame(state) {
  return { ...state, game: { ...state.game, elapsed: state.game.elapsed + 1 } };
}

// The grid is complete and correct: the game ends with its time and level, and celebrates.
export function finishGame(state, finished) {
  return { ...state, game: { ...state.game, finished }, celebrate: true };
}

// The status line of a finished game, e.g. "Solved! ... 9×9 easy in 4:05." (`n`: the size).
export function finishedText(finished, n) {
  const s = finished.seconds;
  const time = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  const what = `${n}×${n}${finished.level ? ` ${finished.level}` : ""}`;
  return `Solved! Well done — every row, column and box is complete: ${what} in ${time}.`;
}

// A report's marks (Solve, Validate, Check): the cells it names, and the entries found wrong.
export function showReport(state, highlights, wrong = state.wrong) {
  return { ...state, highlights, hintMarks: [], wrong };
}

function removedMarks(step) {
  return step.eliminations.map(([cell, value]) => ({ cell, value, role: "remove" }));
}

// A hint shown (look, nudge or step): its cells, at the step its marks; a wrong entry it names
// is marked. `next`: the level the next press asks.
export function showHint(state, doc, level, step, next) {
  const shown = setHighlights(setHint(state, { doc, level, step, next, cursor: state.cursor,
    marks: state.settings.marksAreCandidates }), step.highlights,
  level === "step" ? step.hintMarks : []);
  return setWrong(shown, step.wrong.length ? step.wrong : state.wrong);
}

// A hint that says all at once (the grid is solved, the puzzle has several solutions or none):
// the next press starts again.
export function showHintProblem(state, doc, step) {
  const shownHint = setHint(setHighlights(state, step.highlights, step.hintMarks),
    { doc, level: "step", step, next: null, cursor: state.cursor });
  return setWrong(shownHint, step.wrong.length ? step.wrong : state.wrong);
}

// True while a hint's colours are drawn and the player has not moved since: the same-value
// highlight then waits, so that it does not compete with them.
export function hintDrawn(state) {
  const hint = state.hint;
  return Boolean(hint && hint.doc === state.doc && state.highlights.length &&
    hint.cursor === state.cursor);
}

// The third press on a mistake: the corrections placed, or the missing marks put back.
export function applyHintFix(state, step) {
  const next = step.missing.length ? restoreMarks(state, step.missing)
    : applyStep(state, step.placements, []);
  return setHighlights(setHint(next, { doc: next.doc, level: "done", step, next: null,
    cursor: state.cursor }), step.highlights.map((h) => ({ ...h, role: "target" })));
}

// The third press: the step's placements and eliminations applied, the removed marks shown.
export function applyHint(state, step) {
  const next = applyStep(state, step.placements, step.eliminations);
  return setHighlights(setHint(next, { doc: next.doc, level: "done", step, next: null,
    cursor: state.cursor }), step.highlights, removedMarks(step));
}

// The step walk starts from the grid as it is.
export function startWalk(state, steps) {
  return setWalk(state, { steps, index: 0, docs: [state.doc] });
}

// The grid after `index` steps of the walk (0 = where it started). Each step is its own undo
// entry: walking forward commits one document per step, walking back undoes them, so Undo and
// Redo go one step at a time and the walk follows them (followWalk). The documents of the steps
// worked out so far are kept, so walking back and forth recomputes nothing.
export function walkTo(state, index) {
  const walk = state.walk;
  const docs = walk.docs.slice();
  let scratch = { ...state, doc: docs[docs.length - 1] };
  for (let k = docs.length - 1; k < index; k++) {
    const step = walk.steps[k];
    scratch = applyStep(scratch, step.placements, step.eliminations);
    docs.push(scratch.doc);
  }
  let moved = state;
  for (let k = walk.index + 1; k <= index; k++) {
    const next = commit(moved, docs[k]);
    if (next === moved) docs[k] = moved.doc; // a step that changed nothing: the same grid
    moved = next;
  }
  for (let k = walk.index; k > index && moved.doc !== docs[index] && moved.past.length; k--) {
    moved = undo(moved);
  }
  if (moved.doc !== docs[index]) moved = commit(moved, docs[index]); // history cut short
  return walkShown(setWalk(moved, { ...walk, index, docs }));
}

// The highlights of the walk's current step (none at its start).
function walkShown(state) {
  const walk = state.walk;
  const step = walk.index > 0 ? walk.steps[walk.index - 1] : null;
  if (!step) return setHighlights(state, []);
  return setHighlights(state, step.highlights, [...step.hintMarks, ...removedMarks(step)]);
}

// After an undo, a redo or an edit during the walk: the walk shows the step whose grid is on
// the screen, or ends when the grid is none of its steps' (the player played on).
export function followWalk(state) {
  const walk = state.walk;
  if (!walk || state.doc === walk.docs[walk.index]) return state;
  const index = walk.docs.indexOf(state.doc);
  if (index < 0) {
    const at = walk.index ? ` from step ${walk.index}` : "";
    return setMessage(setWalk(state, null), `You played on${at}: the step walk ended.`);
  }
  return walkShown(setWalk(state, { ...walk, index }));
}

// The walk ends, and with it the last hint and its highlights. The walk was a lesson: the grid
// goes back to where it started (the steps walked stay in Redo, one step at a time), unless the
// player has played on from one of its steps.
export function closeWalk(state) {
  const walk = state.walk;
  const back = walk && walk.index > 0 && state.doc === walk.docs[walk.index]
    ? walkTo(state, 0) : state;
  return setHighlights(setHint(setWalk(back, null), null), []);
}

// Set mode: the setter's state beside the document (the drawn rules live in doc.variant).
// {tool: the chosen tool's JSON key or "", tools: {size, list} (the engine's tools for the
// size, protocol.js readTools), drawing: {tool, cells, place} in progress or waiting for its
// value, report: {key (givensKey), working, ...readSetter} | null, showTrue: true candidates
// drawn, trueCands: {key, values} | null, exports: {page, fpuzzles, sudokupad} (text or an
// {error}) | null}.
export function setSetter(state, on) {
  if (!on) return state.setter ? { ...state, setter: null } : state;
  if (state.setter) return state;
  return { ...state, mode: "normal", setter: { tool: "", tools: null, drawing: null, report: null,
    showTrue: false, trueCands: null, exports: null } };
}

// One field or more of the setter's state (nothing when Set mode is off).
export function updateSetter(state, changes) {
  if (!state.setter) return state;
  return { ...state, setter: { ...state.setter, ...changes } };
}
