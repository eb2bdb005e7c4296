// The saved-games store (web/js/games.js) over a fake Storage with a quota: a refused write
// leaves storage as it was, only solved games make room, the index heals from the games'
// records, two tabs on one game keep both their work, unplayed games stay in the tab.
// Run: node --test tests/js/ (make unit runs it)

import assert from "node:assert/strict";
import { test } from "node:test";

import { emptyDoc } from "../../web/js/doc.js";
import * as G from "../../web/js/games.js";
import { FakeStorage } from "./fake_storage.mjs";

const PREFIX = "sudoku-core:game:";
const INDEX_KEY = "sudoku-core:games";

// A state as the page has it, for a 4x4 (or `box`) game with the given entries.
function stateOf(id, entries = {}, { box = [2, 2], finished = null, history = 0 } = {}) {
  const doc = emptyDoc(box);
  doc.givens[2] = 3;
  for (const [i, v] of Object.entries(entries)) doc.entries[Number(i)] = v;
  return {
    doc, source: "", cursor: 0, showCandidates: false,
    past: Array.from({ length: history }, () => emptyDoc(box)), future: [],
    game: { id, level: "", elapsed: 0, finished },
  };
}

function env(quota = Infinity, refuse = undefined) {
  return { storage: new FakeStorage(quota, refuse), tabStorage: new FakeStorage(), tab: G.newTab() };
}

function entriesOf(storage, id) {
  const raw = JSON.parse(storage.getItem(PREFIX + id));
  return raw ? raw.doc.entries : null;
}

test("a refused save leaves storage exactly as it was", () => {
  const e = env(6000);
  assert.equal(G.saveGame(stateOf("a", { 0: 1 }), e).saved, true);
  e.storage.fill();
  const before = e.storage.snapshot();
  const result = G.saveGame(stateOf("b", { 0: 4 }, { box: [3, 3] }), e);
  assert.equal(result.saved, false);
  assert.deepEqual(e.storage.snapshot(), before);
  assert.deepEqual(G.listGames(e.storage).map((g) => g.id), ["a"]);
});

test("without room for its history, a game keeps its grid", () => {
  const e = env(4000);
  const state = stateOf("a", { 0: 1 }, { box: [3, 3], history: 12 });
  const result = G.saveGame(state, e);
  assert.equal(result.saved, true);
  const raw = JSON.parse(e.storage.getItem(PREFIX + "a"));
  assert.equal(raw.doc.entries[0], 1);
  assert.deepEqual(raw.past, []);
});

test("only solved games make room, and only when the write then fits", () => {
  const e = env(9000);
  G.saveGame(stateOf("solved", { 0: 1 }, { finished: { seconds: 9, level: "" } }), e);
  G.saveGame(stateOf("playing", { 0: 2 }), e);
  e.storage.fill();
  // A 4x4 fits where the solved game was: it goes, the game in progress stays.
  const small = G.saveGame(stateOf("new", { 0: 3 }), e);
  assert.equal(small.saved, true);
  assert.equal(e.storage.getItem(PREFIX + "solved"), null);
  assert.deepEqual(entriesOf(e.storage, "playing").slice(0, 1), [2]);
  assert.deepEqual(G.listGames(e.storage).map((g) => g.id).sort(), ["new", "playing"]);

  // A 9x9 does not fit even then: the solved game is put back, nothing changes.
  const f = env(9000);
  G.saveGame(stateOf("solved", { 0: 1 }, { finished: { seconds: 9, level: "" } }), f);
  G.saveGame(stateOf("playing", { 0: 2 }), f);
  f.storage.fill();
  const before = f.storage.snapshot();
  assert.equal(G.saveGame(stateOf("big", { 0: 3 }, { box: [3, 3] }), f).saved, false);
  assert.deepEqual(f.storage.snapshot(), before);
});

test("a refused index write loses no game: the list heals from the records", () => {
  let refuseIndex = false;
  const e = env(Infinity, (key) => refuseIndex && key === INDEX_KEY);
  G.saveGame(stateOf("a", { 0: 1 }), e);
  refuseIndex = true;
  assert.equal(G.saveGame(stateOf("b", { 0: 2 }), e).saved, true);
  assert.deepEqual(JSON.parse(e.storage.getItem(INDEX_KEY)).map((g) => g.id), ["a"]);
  const listed = G.listGames(e.storage);
  assert.deepEqual(listed.map((g) => g.id).sort(), ["a", "b"]);
  const b = listed.find((g) => g.id === "b");
  assert.deepEqual([b.box, b.filled, b.empty, b.finished], [[2, 2], 1, 15, false]);
  // An index entry whose game is gone is not listed.
  e.storage.removeItem(PREFIX + "a");
  assert.deepEqual(G.listGames(e.storage).map((g) => g.id), ["b"]);
});

test("two tabs on one game keep both their entries", () => {
  const storage = new FakeStorage();
  const a = { storage, tabStorage: new FakeStorage(), tab: G.newTab() };
  const b = { storage, tabStorage: new FakeStorage(), tab: G.newTab() };
  G.saveGame(stateOf("x", { 0: 1 }), a);
  const opened = G.loadGame("x", b); // a duplicated tab, or Resume in a second tab
  assert.equal(opened.stored, true);
  assert.equal(G.saveGame(stateOf("x", { 0: 1, 1: 2 }), b).forked, false);
  // A's clock alone is not written over B's game.
  assert.deepEqual(G.saveGame(stateOf("x", { 0: 1 }), { ...a, changed: false }),
    { saved: true, id: "x", forked: false });
  assert.equal(entriesOf(storage, "x")[1], 2);
  // A's own change goes on as a game of its own.
  const forked = G.saveGame(stateOf("x", { 0: 1, 4: 3 }), a);
  assert.equal(forked.forked, true);
  assert.notEqual(forked.id, "x");
  assert.deepEqual(entriesOf(storage, "x").slice(0, 5), [1, 2, 0, 0, 0]);
  assert.deepEqual(entriesOf(storage, forked.id).slice(0, 5), [1, 0, 0, 0, 3]);
  // Each tab then goes on with its own game, without forking again.
  assert.equal(G.saveGame(stateOf(forked.id, { 0: 1, 4: 3, 5: 4 }), a).forked, false);
  assert.equal(G.saveGame(stateOf("x", { 0: 1, 1: 2, 6: 1 }), b).forked, false);
  assert.deepEqual(G.listGames(storage).map((g) => g.id).sort(), [forked.id, "x"].sort());
});

test("a tab saving its clock alone does not make the other tab fork", () => {
  const storage = new FakeStorage();
  const a = { storage, tabStorage: new FakeStorage(), tab: G.newTab() };
  const b = { storage, tabStorage: new FakeStorage(), tab: G.newTab() };
  G.saveGame(stateOf("x", { 0: 1 }), a);
  G.loadGame("x", b); // a new tab resumes the game last played
  const later = { ...stateOf("x", { 0: 1 }), game: { id: "x", level: "", elapsed: 30, finished: null } };
  G.saveGame(later, { ...a, changed: false }); // A is hidden: its clock is saved
  assert.equal(JSON.parse(storage.getItem(PREFIX + "x")).game.elapsed, 30);
  const moved = G.saveGame(stateOf("x", { 0: 1, 1: 2 }), b);
  assert.deepEqual(moved, { saved: true, id: "x", forked: false });
  assert.equal(entriesOf(storage, "x")[1], 2);
});

test("an unplayed game stays in its tab; the last played game is found by a new tab", () => {
  const e = env();
  assert.equal(G.saveTabGame(stateOf("u"), e.tabStorage), true);
  assert.deepEqual(G.listGames(e.storage), []);
  assert.equal(G.loadGame("u", e).stored, false);
  assert.equal(G.lastGame(e), null);
  G.saveGame(stateOf("u", { 0: 1 }), e);
  assert.equal(e.tabStorage.getItem("sudoku-core:tab-game"), null);
  const fresh = { storage: e.storage, tabStorage: new FakeStorage(), tab: G.newTab() };
  assert.equal(G.lastGame(fresh).game.id, "u");
  assert.equal(G.lastGame(fresh).doc.entries[0], 1);
  // A save that changed nothing (the clock) does not make a game the last played.
  G.saveGame(stateOf("v", { 0: 2 }), e);
  G.saveGame(stateOf("u", { 0: 1 }), { ...e, changed: false });
  assert.equal(G.lastGame(fresh).game.id, "v");
  // A solved or deleted game is not picked up.
  G.saveGame(stateOf("v", { 0: 2 }, { finished: { seconds: 5, level: "" } }), e);
  assert.equal(G.lastGame(fresh), null);
  G.saveGame(stateOf("u", { 0: 1, 1: 2 }), e);
  G.deleteGame("u", e);
  assert.equal(G.lastGame(fresh), null);
});

// Random play over tabs, quotas and lost index writes: no game in progress ever loses a value
// a tab saved, and the list always names exactly the stored games.
test("random sessions never lose a saved entry", () => {
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let run = 0; run < 200; run++) {
    let refuseIndex = false;
    const storage = new FakeStorage(3000 + Math.floor(random() * 20000),
      (key) => refuseIndex && key === INDEX_KEY);
    const tabs = Array.from({ length: 3 }, () => ({
      env: { storage, tabStorage: new FakeStorage(), tab: G.newTab() }, state: null,
    }));
    const saved = new Map(); // id -> entries last saved under it
    for (let step = 0; step < 25; step++) {
      const t = tabs[Math.floor(random() * tabs.length)];
      const roll = random();
      refuseIndex = random() < 0.2;
      if (!t.state || roll < 0.15) {
        const box = random() < 0.7 ? [2, 2] : [3, 3];
        const ids = [...saved.keys()];
        const loaded = ids.length && random() < 0.5 ?
          G.loadGame(ids[Math.floor(random() * ids.length)], t.env) : null;
        t.state = loaded ? { ...stateOf(loaded.game.id, {}, { box: loaded.doc.box }), doc: loaded.doc } :
          stateOf(G.newId(), {}, { box });
        continue;
      }
      if (roll < 0.2) storage.fill();
      if (roll > 0.95) storage.removeItem("filler");
      const doc = structuredClone(t.state.doc);
      const n = doc.entries.length;
      doc.entries[Math.floor(random() * n)] = 1 + Math.floor(random() * Math.sqrt(n));
      t.state = { ...t.state, doc };
      const result = G.saveGame(t.state, t.env);
      t.state = { ...t.state, game: { ...t.state.game, id: result.id } };
      if (result.saved) saved.set(result.id, doc.entries.slice());
      for (const [id, entries] of saved) {
        assert.deepEqual(entriesOf(storage, id), entries, `run ${run} step ${step}: game ${id}`);
      }
      const listed = G.listGames(storage).map((g) => g.id).sort();
      assert.deepEqual(listed, [...saved.keys()].sort(), `run ${run} step ${step}: the list`);
    }
  }
});
