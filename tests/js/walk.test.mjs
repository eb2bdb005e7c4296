// The step walk (state.js): each step its own undo entry, the walk following Undo and Redo,
// and Stop walking putting the grid back as it was before Steps.
import assert from "node:assert/strict";
import { test } from "node:test";

import { emptyDoc } from "../../web/js/doc.js";
import * as E from "../../web/js/edits.js";
import * as S from "../../web/js/state.js";

// Steps of a 4x4 walk: step k places k+1 in cell k (and step 2 also removes a candidate).
const STEPS = [0, 1, 2, 3].map((k) => ({
  placements: [[k, k + 1]], eliminations: k === 2 ? [[15, 4]] : [],
  highlights: [{ cell: k, role: "target" }], hintMarks: [],
}));
const peersOf = () => [];

function walking() {
  let s = S.select(S.initialState(emptyDoc([2, 2])), 10);
  s = E.typeValue(s, 2, peersOf); // the player's own entry before Steps
  return S.startWalk(s, STEPS);
}

const placed = (s) => s.doc.entries.slice(0, 4);

test("a jump of several steps is one undo entry per step", () => {
  const s = S.walkTo(walking(), 3);
  assert.deepEqual(placed(s), [1, 2, 3, 0]);
  assert.equal(s.past.length, 1 + 3);
  const once = S.followWalk(E.undo(s));
  assert.deepEqual(placed(once), [1, 2, 0, 0]);
  assert.equal(once.walk.index, 2);
  assert.deepEqual(once.highlights, [{ cell: 1, role: "target" }]);
  const again = S.followWalk(E.redo(once));
  assert.equal(again.walk.index, 3);
  assert.deepEqual(placed(again), [1, 2, 3, 0]);
});

test("walking back undoes, walking forward again redoes the same grids", () => {
  const there = S.walkTo(walking(), 4);
  const back = S.walkTo(there, 1);
  assert.deepEqual(placed(back), [1, 0, 0, 0]);
  assert.equal(back.past.length, 2);
  assert.equal(back.future.length, 3);
  const forth = S.walkTo(back, 4);
  assert.deepEqual(forth.doc, there.doc);
  assert.deepEqual(forth.doc.removed[15], [4]);
});

test("stop walking puts the grid back as it was before Steps, Redo brings each step back", () => {
  const start = walking();
  const stopped = S.closeWalk(S.walkTo(start, 3));
  assert.equal(stopped.walk, null);
  assert.equal(stopped.doc, start.doc);
  assert.equal(stopped.doc.entries[10], 2); // the player's own entry stays
  assert.deepEqual(stopped.highlights, []);
  const redone = E.redo(stopped);
  assert.deepEqual(placed(redone), [1, 0, 0, 0]);
  assert.deepEqual(E.undo(stopped).doc.entries[10], 0); // then the player's own history
});

test("playing on from a step ends the walk and keeps the grid", () => {
  const at = S.walkTo(walking(), 2);
  const typed = S.followWalk(E.typeValue(S.select(at, 12), 3, peersOf));
  assert.equal(typed.walk, null);
  assert.match(typed.message.text, /from step 2/);
  assert.deepEqual(placed(S.closeWalk(typed)), [1, 2, 0, 0]);
});

test("a step that changes nothing keeps the walk on its grid", () => {
  const steps = [STEPS[0], { ...STEPS[0] }, STEPS[1]];
  const s = S.walkTo(S.startWalk(S.initialState(emptyDoc([2, 2])), steps), 3);
  assert.equal(s.past.length, 2);
  const back = S.followWalk(E.undo(s));
  assert.ok([1, 2].includes(back.walk.index));
  assert.deepEqual(placed(back), [1, 0, 0, 0]);
});
