// The page's pure state transitions (state.js, edits.js): a state in, a new state out.
import assert from "node:assert/strict";
import { test } from "node:test";

import { emptyDoc } from "../../web/js/doc.js";
import * as E from "../../web/js/edits.js";
import * as S from "../../web/js/state.js";

const four = () => S.initialState(emptyDoc([2, 2]));
const peersOf = (cell) => [0, 1, 2, 3].filter((c) => c !== cell); // row 1 of a 4x4, enough here

test("typing a value in normal mode places it, and undo and redo walk the history", () => {
  let s = S.select(four(), 1);
  s = E.typeValue(s, 3, peersOf);
  assert.equal(s.doc.entries[1], 3);
  assert.equal(s.past.length, 1);
  const undone = E.undo(s);
  assert.equal(undone.doc.entries[1], 0);
  assert.equal(E.redo(undone).doc.entries[1], 3);
});

test("a given cannot be overwritten", () => {
  const doc = emptyDoc([2, 2]);
  doc.givens[0] = 1;
  const s = E.typeValue(S.initialState(doc), 2, peersOf);
  assert.equal(s.doc.entries[0], 0);
  assert.equal(s.past.length, 0);
});

test("corner and centre modes toggle marks in every selected cell, sorted", () => {
  let s = S.setMode(four(), "centre");
  s = S.select(S.select(s, 5), 6, "add");
  s = E.typeValue(E.typeValue(s, 4), 2);
  assert.deepEqual(s.doc.centre[5], [2, 4]);
  assert.deepEqual(s.doc.centre[6], [2, 4]);
  s = E.typeValue(s, 4); // every selected cell has it: toggled off
  assert.deepEqual(s.doc.centre[5], [2]);
  s = S.setMode(s, "corner");
  assert.deepEqual(E.typeValue(s, 1).doc.corner[6], [1]);
});

test("auto-remove takes a placed value out of the peers' marks", () => {
  let s = S.setMode(four(), "centre");
  s = S.select(s, 2);
  s = E.typeValue(s, 3);
  s = S.setMode(S.select(s, 0), "normal");
  s = { ...s, settings: { ...s.settings, autoRemove: true } };
  s = E.typeValue(s, 3, peersOf);
  assert.deepEqual(s.doc.centre[2], []);
});

test("modes cycle in order and an unknown mode is ignored", () => {
  let s = four();
  const seen = [];
  for (let i = 0; i < S.MODES.length; i++) {
    seen.push(s.mode);
    s = S.cycleMode(s);
  }
  assert.deepEqual(seen, S.MODES);
  assert.equal(s.mode, "normal");
  assert.equal(S.setMode(s, "pen").mode, "normal");
});

test("the cursor wraps around the grid's edges", () => {
  const s = S.moveCursor(S.select(four(), 0), -1, -1);
  assert.equal(s.cursor, 15);
  assert.deepEqual(s.selection, [15]);
});

test("an applied step places values and removes candidates, and applying it twice changes nothing", () => {
  const s = E.applyStep(four(), [[0, 1]], [[1, 1]]);
  assert.equal(s.doc.entries[0], 1);
  assert.deepEqual(s.doc.removed[1], [1]);
  assert.equal(E.applyStep(s, [[0, 1]], [[1, 1]]), s);
});
