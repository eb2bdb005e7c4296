// Saving this tab's game: batched while the player types, at once when the page hides. Each tab
// plays its own saved game (games.js says how two tabs on one game keep both their work).

import { sameDoc } from "./doc.js";
import * as G from "./games.js";
import { setGameId } from "./state.js";
import { getState, say, update } from "./store.js";

const SAVE_DELAY = 300; // ms: saves are batched while typing

let saveTimer = 0;
let unsaved = false; // the last save failed and the user was told (said once, not per save)
// This tab's copy of its game: the document as last read or written (a later one is the
// player's change), and whether the game has a saved record (false for a puzzle not played
// yet: it is kept for this tab only, so unplayed visits add no saved games).
let lastDoc = null;
let stored = false;

// The game this tab now shows: its document as read (null: save it at once) and whether it
// has a saved record.
export function track(doc, hasRecord) {
  lastDoc = doc;
  stored = hasRecord;
}

// Saving writes the undo history too: batched, and off the keystroke's path (pagehide and a
// hidden page save at once).
export function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    if (window.requestIdleCallback) requestIdleCallback(saveNow, { timeout: 2000 });
    else saveNow();
  }, SAVE_DELAY);
}

export function saveNow() {
  clearTimeout(saveTimer);
  saveTimer = 0;
  const state = getState();
  const doc = state.doc;
  if (!state.game) return;
  const changed = doc !== lastDoc && !(lastDoc && sameDoc(doc, lastDoc));
  if (!stored && !changed) {
    G.saveTabGame(state);
    return;
  }
  const result = G.saveGame(state, { changed });
  if (result.id !== state.game.id) {
    // Another tab saved this game meanwhile: this tab's work goes on as a game of its own.
    update((s) => setGameId(s, result.id));
    G.setTabGame(result.id);
    say("This puzzle was also changed in another tab, so this tab's work is now saved " +
      "as a separate game: both are under Saved games.", "info");
  }
  if (result.saved) {
    stored = true;
    lastDoc = doc;
  } else if (!unsaved) {
    say("This browser refused to save your work: its storage is full (or blocked). Your " +
      "other saved games are kept. To keep this one, delete solved or old puzzles under Saved " +
      "games, or use Share or Export.", "warn");
  }
  unsaved = !result.saved;
}

// The id of the game in progress once saved, to offer it back (Restore previous), or null.
export function keep() {
  saveNow();
  return stored && getState().game ? getState().game.id : null;
}
