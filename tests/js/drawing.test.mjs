// drawing.js and rules.js: what the page makes of the engine's drawing and rules list without
// a DOM (the room around the grid, each cell's words, the rules' summary line).
import assert from "node:assert/strict";
import { test } from "node:test";

import { margins, ruleLabels } from "../../web/js/drawing.js";
import { readAbout, readGeometry } from "../../web/js/protocol.js";
import { rulesSummary } from "../../web/js/rules.js";

const text = (at) => ({ shape: "text", at, text: "8", size: 0.45, fill: "ink" });

test("only the sides with a shape beyond the grid's edge get room", () => {
  assert.deepEqual(margins([], 9), { top: 0, right: 0, bottom: 0, left: 0 });
  // Inside the grid, up to its very edge (-0.5 and 8.5 on 9x9): no room.
  const inside = [{ shapes: [{ shape: "line", points: [[-0.5, -0.5], [8.5, 8.5]] }, text([0, 0.5])] }];
  assert.deepEqual(margins(inside, 9), { top: 0, right: 0, bottom: 0, left: 0 });
  const clues = [{ shapes: [text([-1, 3])] }, { shapes: [text([4, 9])] }];
  assert.deepEqual(margins(clues, 9), { top: 1, right: 1, bottom: 0, left: 0 });
  const pill = [{ shapes: [{ shape: "rect", from: [8.6, 2], to: [9, 3] }] }];
  assert.deepEqual(margins(pill, 9), { top: 0, right: 0, bottom: 1, left: 0 });
});

test("each cell is named by every rule through it, once, in the drawing's order", () => {
  const words = ruleLabels([
    { type: "thermometer", label: "thermometer", cells: [0, 1] },
    { type: "sandwich", label: "sandwich 8", cells: [0, 9] },
    { type: "thermometer", label: "thermometer", cells: [0, 2] },
  ]);
  assert.equal(words.get(0), ", thermometer, sandwich 8");
  assert.equal(words.get(9), ", sandwich 8");
  assert.equal(words.get(5), undefined);
});

test("the rules' summary names the puzzle, else its rules", () => {
  const rules = [{ type: "thermometer", words: "thermometer" }, { type: "x", words: "X" }];
  assert.equal(rulesSummary(null, rules), "Rules: thermometer, X");
  assert.equal(rulesSummary({ title: "Thermo Party", author: "A. Setter" }, rules),
    "Rules: Thermo Party by A. Setter");
  assert.equal(rulesSummary({ author: "A. Setter" }, []), "Rules: by A. Setter");
});

test("a geometry reply keeps the drawing and the rules; credits keep non-empty strings", () => {
  const g = readGeometry({ box: [3, 3], size: 9, units: [], units_of: [],
    constraints: [{ type: "arrow" }], drawing: [{ type: "arrow", shapes: [] }] });
  assert.deepEqual(g.constraints, [{ type: "arrow" }]);
  assert.equal(g.drawing.length, 1);
  assert.equal(readGeometry({ box: [3, 3], size: 9, units: [], units_of: [] }).drawing, undefined);
  assert.deepEqual(readAbout({ title: " T ", author: "", rules: 3 }), { title: "T" });
  assert.equal(readAbout({ title: "" }), null);
  assert.equal(readAbout("T"), null);
});
