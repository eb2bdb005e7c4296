// Killer cage outlines (geometry.js cageOutline): for any set of cells, the loops enclose
// exactly the points at least `inset` inside the cage (so the line runs along every side where
// the cage ends and never between two of its cells), and the first loop starts at the corner of
// the cage's first cell, where the sum is written.
import assert from "node:assert/strict";
import { test } from "node:test";

import { cageOutline } from "../../web/js/geometry.js";

const INSET = 0.1;
const OFFSETS = [0.03, 0.07, 0.13, 0.5, 0.87, 0.93, 0.97]; // never on an inset line

// Even-odd rule: is (x, y) inside the loops?
function enclosed(loops, x, y) {
  let inside = false;
  for (const loop of loops) {
    loop.forEach(([x1, y1], k) => {
      const [x2, y2] = loop[(k + 1) % loop.length];
      if ((y1 > y) !== (y2 > y) && x < x1 + ((y - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
    });
  }
  return inside;
}

// Is every point within INSET of (x, y) (a square) in the cage?
function deepInside(cells, n, x, y) {
  for (const px of [x - INSET, x + INSET]) {
    for (const py of [y - INSET, y + INSET]) {
      const r = Math.floor(py);
      const c = Math.floor(px);
      if (r < 0 || c < 0 || r >= n || c >= n || !cells.has(r * n + c)) return false;
    }
  }
  return true;
}

function checkOutline(list, n) {
  const cells = new Set(list);
  const loops = cageOutline(list, n, INSET);
  for (const loop of loops) {
    assert.ok(loop.length >= 4 && loop.length % 2 === 0, JSON.stringify(loop));
    loop.forEach(([x1, y1], k) => {
      const [x2, y2] = loop[(k + 1) % loop.length];
      assert.ok((x1 === x2) !== (y1 === y2), `a side along the grid's lines: ${JSON.stringify(loop)}`);
    });
  }
  for (let r = -1; r <= n; r++) {
    for (let c = -1; c <= n; c++) {
      for (const dy of OFFSETS) {
        for (const dx of OFFSETS) {
          const x = c + dx;
          const y = r + dy;
          assert.equal(enclosed(loops, x, y), deepInside(cells, n, x, y),
            `cells ${[...cells]} at (${x}, ${y}): ${JSON.stringify(loops)}`);
        }
      }
    }
  }
  if (cells.size) {
    const first = Math.min(...cells);
    const [x0, y0] = loops[0][0];
    assert.deepEqual([x0, y0], [(first % n) + INSET, Math.floor(first / n) + INSET]);
    assert.equal(loops[0][1][1], y0); // then along the top, to the right
    assert.ok(loops[0][1][0] > x0);
  }
}

test("one cell, a domino, an L, a ring and cells touching at a corner", () => {
  checkOutline([0], 9);
  checkOutline([40, 41], 9);
  checkOutline([0, 1, 9], 9);
  checkOutline([0, 1, 2, 9, 11, 18, 19, 20], 9); // a ring: a loop for the hole too
  assert.equal(cageOutline([0, 1, 2, 9, 11, 18, 19, 20], 9, INSET).length, 2);
  checkOutline([0, 10], 9); // touching at a corner: two loops
  assert.equal(cageOutline([0, 10], 9, INSET).length, 2);
  checkOutline([1, 9, 11, 19], 9); // four cells around an empty one, each apart
  checkOutline([80, 79, 71], 9); // at the grid's edge
  assert.deepEqual(cageOutline([], 9, INSET), []);
  assert.deepEqual(cageOutline([-1, 81, 2.5], 9, INSET), []); // cells off the grid are ignored
});

test("random cages of every shape", () => {
  let seed = 20261126;
  const random = (k) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return Math.floor((seed / 2 ** 31) * k); // the high bits: the low ones cycle
  };
  for (let round = 0; round < 200; round++) {
    const n = 4 + random(4);
    // A walk of neighbouring cells (a Killer's connected cage), sometimes with stray cells.
    const cells = new Set([random(n * n)]);
    const size = 1 + random(9);
    for (let tries = 0; cells.size < size && tries < 1000; tries++) {
      const from = [...cells][random(cells.size)];
      const step = [1, -1, n, -n][random(4)];
      const to = from + step;
      if (to >= 0 && to < n * n && (Math.abs(step) === n || Math.floor(to / n) === Math.floor(from / n))) cells.add(to);
    }
    if (random(4) === 0) cells.add(random(n * n));
    checkOutline([...cells], n);
  }
});
