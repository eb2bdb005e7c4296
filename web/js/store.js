// The page's one mutable state, behind an explicit API: read it (getState), change it by a
// transition (dispatch, update), hear of changes (subscribe). The transitions are state.js's and
// edits.js's pure functions; what follows a change (redraw, saving, the engine's background
// requests) subscribes in app.js. No DOM here: the tests drive it in Node.

import { size as docSize } from "./doc.js";
import { initialState, setMessage } from "./state.js";

let state = initialState();
const listeners = new Set(); // functions called after each dispatch: (state, before) => void

export function getState() {
  return state;
}

// The size N of the current grid (N x N).
export function size() {
  return docSize(state.doc);
}

// Apply a transition (saying `text` as part of it, when given), then tell every subscriber.
export function dispatch(transition, text, kind = "info") {
  const before = state;
  state = transition(state);
  if (text !== undefined) state = setMessage(state, text, kind);
  for (const listener of [...listeners]) listener(state, before);
}

// Apply a transition quietly: no subscriber hears of it (a part of a change a subscriber is
// making, like the conflicts of a new document, or the clock's second).
export function update(transition) {
  state = transition(state);
}

// Say something in the status line (role=status).
export function say(text, kind = "info") {
  dispatch((s) => s, text, kind);
}

// Call `listener(state, before)` after every dispatch; returns the function that stops it.
export function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
