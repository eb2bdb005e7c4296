// When the page saves this tab's game (web/js/saving.js), through the store: an unplayed puzzle
// stays in the tab, a changed one is saved and can be offered back, a game another tab wrote
// meanwhile goes on as a game of its own, and a refused write is said once.
import assert from "node:assert/strict";
import { test } from "node:test";

import { emptyDoc } from "../../web/js/doc.js";
import * as E from "../../web/js/edits.js";
import * as G from "../../web/js/games.js";
import { keep, saveNow, track } from "../../web/js/saving.js";
import * as S from "../../web/js/state.js";
import { dispatch, getState, update } from "../../web/js/store.js";
import { FakeStorage } from "./fake_storage.mjs";

globalThis.localStorage = new FakeStorage();
globalThis.sessionStorage = new FakeStorage();

function newGame() {
  const doc = emptyDoc([2, 2]);
  doc.givens[0] = 1;
  const game = { id: G.newId(), level: "", elapsed: 0, finished: null };
  dispatch((s) => S.newGame(s, doc, "", game));
  track(getState().doc, false);
  return game.id;
}

const typeAt = (cell, value) => dispatch((s) => E.typeValue(S.select(s, cell), value));

test("an unplayed puzzle stays in the tab; a played one is saved and offered back", () => {
  const id = newGame();
  saveNow();
  assert.equal(localStorage.getItem(`sudoku-core:game:${id}`), null);
  assert.ok(sessionStorage.getItem("sudoku-core:tab-game").includes(id));
  assert.equal(keep(), null, "nothing saved to offer back");
  typeAt(5, 2);
  assert.equal(keep(), id);
  const saved = G.loadGame(id);
  assert.equal(saved.doc.entries[5], 2);
});

test("a game another tab wrote meanwhile goes on under a new id, and the player is told", () => {
  const id = newGame();
  typeAt(5, 2);
  saveNow();
  // Another tab saves the same game over this tab's version.
  const other = G.newTab();
  const theirs = G.loadGame(id, { tab: other });
  G.saveGame({ ...getState(), doc: theirs.doc, game: { ...theirs.game } }, { tab: other });
  typeAt(6, 3);
  saveNow();
  const now = getState().game.id;
  assert.notEqual(now, id);
  assert.match(getState().message.text, /also changed in another tab/);
  assert.equal(G.loadGame(now).doc.entries[6], 3);
  assert.equal(G.loadGame(id).doc.entries[6], 0, "the other tab's game is left as it was");
});

test("a refused write is said once, and saving works again when there is room", () => {
  newGame();
  typeAt(5, 2);
  localStorage.full = true;
  saveNow();
  assert.match(getState().message.text, /refused to save your work/);
  update((s) => S.setMessage(s, "")); // the player reads it and goes on
  typeAt(6, 3);
  saveNow();
  assert.equal(getState().message.text, "", "said once, not per save");
  localStorage.full = false;
  typeAt(7, 4);
  saveNow();
  assert.equal(G.loadGame(getState().game.id).doc.entries[7], 4);
});
