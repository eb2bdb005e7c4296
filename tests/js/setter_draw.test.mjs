// The setter's drawings as data (web/js/setter_draw.js): cells followed under the pointer, a
// tool's item filled from the engine's template, outside places picked by the tap, values read.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  addCell, cellAt, complete, cornerCells, emptyRegions, fillItem, flagOn, inside, paintRegion, placeAt,
  readingOrder, readValue, regionProgress, startDrawing, withItem,
  withoutItem,
} from "../../web/js/setter_draw.js";

// Tools as the engine's `tools` reply describes them (protocol.js readTools' shape).
const THERMO = { key: "thermometers", words: "thermometer", input: "line", least: 2, value: null,
  item: { cells: "@cells" } };
const ARROW = { key: "arrows", words: "arrow", input: "line", least: 1, value: null,
  item: { circle: "@head", cells: "@tail" } };
const CAGE = { key: "cages", words: "Killer", input: "cells", least: 1,
  value: { name: "sum", min: 1, max: 45, optional: true }, item: { cells: "@cells", sum: "@value" } };
const DOT = { key: "white_dots", words: "white dot", input: "pair", least: 2, value: null,
  item: { cells: "@cells" } };
const XV = { key: "xv", words: "XV pair", input: "pair", least: 2,
  value: { name: "sum", choices: [5, 10] }, item: { cells: "@cells", sum: "@value" } };
const LITTLE = { key: "little_killers", words: "little killer", input: "outside-diagonal", least: 1,
  value: { name: "sum", min: 1, max: 81 }, item: { cells: "@cells", sum: "@value" },
  places: [
    { at: [-1, 3], toward: [1, -1], cells: [2, 10, 18, 26], fields: {} },
    { at: [-1, 3], toward: [1, 1], cells: [4, 14, 24, 34, 44, 54], fields: {} },
  ] };
const FLAG = { key: "anti_knight", words: "anti-knight", input: "flag", least: 1, value: null, item: true };

test("a line follows the pointer, and a slip back over the last cell takes it away", () => {
  let d = startDrawing(THERMO, 0);
  for (const cell of [1, 1, 2, 11]) d = addCell(d, cell);
  assert.deepEqual(d.cells, [0, 1, 2, 11]);
  d = addCell(d, 2); // back over the last cell but one
  assert.deepEqual(d.cells, [0, 1, 2]);
  d = addCell(d, 0); // a cell met before stays as it was
  assert.deepEqual(d.cells, [0, 1, 2]);
  assert.ok(complete(d));
  assert.ok(!complete(startDrawing(THERMO, 5)));
});

test("a pair takes two cells, a cage paints cells in any order", () => {
  let d = startDrawing(DOT, 0);
  d = addCell(addCell(addCell(d, 1), 2), 10);
  assert.deepEqual(d.cells, [0, 1]);
  let cage = startDrawing(CAGE, 9);
  for (const cell of [10, 0, 1, 0, 9]) cage = addCell(cage, cell);
  assert.deepEqual(cage.cells, [9, 10, 0, 1]);
});

test("items fill the engine's template: cells, head and tail, value, fields", () => {
  assert.deepEqual(fillItem(THERMO, [0, 1, 2]), { cells: [0, 1, 2] });
  assert.deepEqual(fillItem(ARROW, [40, 41, 42]), { circle: [40], cells: [41, 42] });
  assert.deepEqual(fillItem(CAGE, [0, 1], 3), { cells: [0, 1], sum: 3 });
  assert.deepEqual(fillItem(CAGE, [0, 1], null), { cells: [0, 1] }); // a cage without a sum
  const sandwich = { item: { sum: "@value" } };
  assert.deepEqual(fillItem(sandwich, [0, 1, 2], 8, { row: 0 }), { sum: 8, row: 0 });
  assert.equal(fillItem(FLAG, []), true);
});

test("a tap outside picks the place whose direction points at it", () => {
  assert.deepEqual(cellAt(3.4, -0.6), [-1, 3]);
  assert.ok(!inside([-1, 3], 9) && inside([0, 8], 9) && !inside([9, 0], 9));
  assert.deepEqual(placeAt(LITTLE, [-1, 3], -0.3, 0.2).cells, [2, 10, 18, 26]);
  assert.deepEqual(placeAt(LITTLE, [-1, 3], 0.3, 0.2).cells, [4, 14, 24, 34, 44, 54]);
  assert.equal(placeAt(LITTLE, [-1, 5], 0, 0), null);
});

test("values are read within the tool's range or choices", () => {
  assert.equal(readValue(CAGE.value, " 15 "), 15);
  assert.equal(readValue(CAGE.value, ""), null); // optional
  assert.match(readValue(CAGE.value, "46").message, /1 \.\. 45/);
  assert.match(readValue(CAGE.value, "x").message, /whole number/);
  assert.equal(readValue(XV.value, "10"), 10);
  assert.match(readValue(XV.value, "7").message, /5, 10/);
  assert.match(readValue(LITTLE.value, "").message, /whole number/);
  assert.equal(readValue(null, "3"), null);
});

test("items go into and out of the variant without touching the old one", () => {
  const before = { thermometers: [{ cells: [0, 1] }] };
  const after = withItem(before, "thermometers", { cells: [3, 4] });
  assert.deepEqual(after.thermometers, [{ cells: [0, 1] }, { cells: [3, 4] }]);
  assert.equal(before.thermometers.length, 1);
  assert.deepEqual(withItem(null, "anti_knight", true), { anti_knight: true });
  assert.ok(flagOn({ anti_knight: true }, "anti_knight") && !flagOn(null, "anti_knight"));
  assert.deepEqual(withoutItem(after, "thermometers", 0), { thermometers: [{ cells: [3, 4] }] });
  assert.equal(withoutItem(before, "thermometers", 0), null); // no rule left: classic
  assert.equal(withoutItem({ anti_knight: true }, "anti_knight", null), null);
});

// The inputs added for every rule of the table: a corner, a list of digits, two groups, a map.
const QUAD = { key: "quadruples", words: "quadruple", input: "corner", least: 2,
  value: { name: "digits", list: true, min: 1, max: 9, most: 4 },
  item: { cells: "@cells", digits: "@values" } };
const CANDS = { key: "given_candidates", words: "given candidates", input: "cell", least: 1,
  value: { name: "digits", list: true, min: 1, max: 9, most: 9, distinct: true },
  item: { cells: "@cells", digits: "@values" } };
const CLONE = { key: "clones", words: "clone", input: "groups", least: 1, value: null,
  item: { cells: "@cells", copy: "@copy" } };
const JIGSAW = { key: "regions", words: "Jigsaw", input: "region", least: 16, value: null, item: "@map" };

test("a corner takes the cells around the nearest grid crossing, fewer on the edge", () => {
  assert.deepEqual(cornerCells(2.1, 0.9, 9), [1, 2, 10, 11]);
  assert.deepEqual(cornerCells(0.2, 3.1, 9), [18, 27]);
  assert.deepEqual(cornerCells(9, 9, 9), [80]);
  assert.deepEqual(fillItem(QUAD, [1, 2, 10, 11], [3, 3, 5]), { cells: [1, 2, 10, 11], digits: [3, 3, 5] });
});

test("digits are read as a list within the range, count and distinctness asked", () => {
  assert.deepEqual(readValue(QUAD.value, "135"), [1, 3, 5]);
  assert.deepEqual(readValue(QUAD.value, "1 3, 3"), [1, 3, 3]);
  assert.ok(readValue(QUAD.value, "12345") instanceof Error);
  assert.ok(readValue(QUAD.value, "") instanceof Error);
  assert.ok(readValue(QUAD.value, "0") instanceof Error);
  assert.ok(readValue(CANDS.value, "22") instanceof Error);
  assert.deepEqual(readValue({ ...CANDS.value, max: 16, most: 16 }, "10 16"), [10, 16]);
  assert.deepEqual(fillItem(CANDS, [4], [2, 7]), { cells: [4], digits: [2, 7] });
});

test("a clone's groups fill cells and copy in reading order", () => {
  assert.deepEqual(readingOrder([10, 1, 0]), [0, 1, 10]);
  assert.deepEqual(fillItem(CLONE, [0, 1], null, {}, { copy: [30, 31] }), { cells: [0, 1], copy: [30, 31] });
});

test("a region map is painted stroke by stroke and replaces the rule's value", () => {
  let map = emptyRegions(4);
  let got = paintRegion(map, [0, 1, 4, 5], 4);
  assert.equal(got.region, 0);
  map = got.map;
  got = paintRegion(map, [2, 3, 6, 7], 4);
  assert.equal(got.region, 1);
  map = got.map;
  assert.deepEqual(regionProgress(map, 4), { painted: 8, sizes: [4, 4, 0, 0], done: false });
  got = paintRegion(map, [5, 9], 4); // begun on the first region: 9 joins it
  assert.equal(got.region, 0);
  assert.deepEqual(got.map.slice(8, 10), [-1, 0]);
  map = paintRegion(paintRegion(map, [8, 9, 12, 13], 4).map, [10, 11, 14, 15], 4).map;
  assert.ok(regionProgress(map, 4).done);
  const full = [0, 0, 1, 1];
  assert.ok(paintRegion([0, -1, 1, -1], [1], 2) instanceof Error); // both regions started
  assert.deepEqual(fillItem(JIGSAW, [], null, {}, { regions: full }), full);
  assert.deepEqual(withItem({ regions: [1, 1, 0, 0], cages: [] }, "regions", full, true),
    { regions: full, cages: [] });
});
