// Transitions that change the document: typing, marks, colours, erasing, steps applied,
// restart; each keeps the old document for undo. Pure: a state in, a new state out.

import {
  COLOURS, currentCands, emptyDoc, sameDoc, shown, workingCandidates, zeros,
} from "./doc.js";

export const MAX_HISTORY = 500; // undo steps kept in memory

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

// Set mode: `value` (0 erases) becomes the given of every selected cell; the player's work in
// those cells goes (a setter's grid holds givens only).
export function setGivens(state, value) {
  const doc = state.doc;
  const givens = doc.givens.slice();
  const entries = doc.entries.slice();
  const solved = doc.solved.slice();
  for (const cell of state.selection) {
    givens[cell] = value;
    entries[cell] = 0;
    solved[cell] = 0;
  }
  return commit(state, { ...doc, givens, entries, solved });
}

// Set mode: the document with other rules (a drawn item added or one taken away); null or an
// empty object makes it a classic puzzle. One undo step.
export function setRules(state, variant) {
  const doc = { ...state.doc };
  delete doc.variant;
  if (variant && Object.keys(variant).length) doc.variant = variant;
  const next = commit(state, doc);
  // The layout and drawing of the old rules no longer fit: the engine's for the new ones come.
  return next === state ? state : { ...next, geometry: null };
}
