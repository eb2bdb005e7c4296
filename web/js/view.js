// Drawing the state: redraws batched into an animation frame, or drawn at once for user input,
// and the keyboard focus a redraw moves to the cursor.

import { listGames } from "./games.js";
import { render } from "./render.js";
import { getState } from "./store.js";

let frame = 0; // pending animation frame of a batched redraw
let focus = false; // move keyboard focus to the cursor on the next redraw: false | true | "force"

function draw() {
  const state = getState();
  render(state, { focus, games: state.panel === "games" ? listGames() : [] });
  focus = false;
}

// Move the keyboard focus to the cursor at the next redraw: true when the focus is in the
// grid already, "force" from anywhere, false not at all.
export function wantFocus(how) {
  focus = how;
}

export function focusWanted() {
  return focus;
}

export function scheduleRender() {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    draw();
  });
}

// Draw now (user input: the keystroke's effect and the focus move must not wait a frame).
export function flush() {
  if (frame) cancelAnimationFrame(frame);
  frame = 0;
  draw();
}
