// The header's level (render.js levelParts): the level, its SE figure, or why there is none.
import assert from "node:assert/strict";
import { test } from "node:test";

import { levelParts } from "../../web/js/render.js";
import * as S from "../../web/js/state.js";

const game = (level) => ({ ...S.initialState(), game: { id: "g1", level, elapsed: 0, finished: null } });

test("a level shows with its SE figure apart", () => {
  assert.deepEqual(levelParts(game("Expert · SE 7.2")), ["Level: Expert", " · SE 7.2"]);
  assert.deepEqual(levelParts(game("Easy")), ["Level: Easy", ""]);
});

test("a rating that gave up says so instead of staying blank", () => {
  const s = S.setLevelNote(game(""), "g1", "too hard to rate within 1.5 s");
  assert.deepEqual(levelParts(s), ["Level: not rated", " (too hard to rate within 1.5 s)"]);
  assert.deepEqual(levelParts(S.setLevel(s, "Extreme")), ["Level: Extreme", ""]);
});

test("another game's note is not shown", () => {
  const s = S.setLevelNote(game(""), "other", "too hard to rate within 1.5 s");
  assert.deepEqual(levelParts(s), ["", ""]);
});
