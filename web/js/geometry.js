// The layout of a shape, read, never rebuilt: geometry/RxC.json written at build time by
// sudoku_core.model.grid.geometry (scripts/build_site.py), else the engine's `geometry` command.
// {box, size, units: [[cell, ...] x 3N] (rows, columns, boxes), units_of: [[row, col, box]]}.

import { readGeometry } from "./protocol.js";

const cache = new Map(); // "3x3" -> geometry (with peers filled in lazily)

function shapeKey(box) {
  return `${box[0]}x${box[1]}`;
}

// A geometry already loaded, or null.
export function known(box) {
  return cache.get(shapeKey(box)) || null;
}

export function remember(geometry) {
  cache.set(shapeKey(geometry.box), geometry);
  return geometry;
}

// Does a geometry belong to a box shape and its rules (variantKey: "" for classic)?
export function fits(geometry, box, rules = "") {
  return Boolean(geometry) && geometry.box[0] === box[0] && geometry.box[1] === box[1] &&
    (geometry.rules || "") === rules;
}

// The geometry of a box shape: the build's file, else the engine (`ask(cmd, args)`). With a
// variant's rules (regions replace boxes; diagonals, windows add units) always the engine's.
export async function load(box, ask, variant = null) {
  if (variant) {
    const rules = JSON.stringify(variant);
    const key = `${shapeKey(box)}|${rules}`;
    if (cache.has(key)) return cache.get(key);
    const geometry = { ...readGeometry(await ask("geometry", { box, variant })), rules };
    cache.set(key, geometry);
    return geometry;
  }
  const have = known(box);
  if (have) return have;
  let response = null;
  try {
    response = await fetch(new URL(`../geometry/${shapeKey(box)}.json`, import.meta.url));
  } catch {
    response = null; // offline without this file cached: ask the engine
  }
  if (response && response.ok) return remember(await response.json());
  return remember(readGeometry(await ask("geometry", { box })));
}

// Cells of the three units of a cell (its peers and itself).
export function peersOf(geometry, cell) {
  const seen = new Set();
  for (const u of geometry.units_of[cell]) for (const c of geometry.units[u]) seen.add(c);
  seen.delete(cell);
  return [...seen];
}

// Cells whose value is repeated in one of their units (shown values, 0 = empty).
export function repeatedCells(geometry, values) {
  const out = new Set();
  for (const unit of geometry.units) {
    const first = new Map();
    for (const c of unit) {
      const v = values[c];
      if (!v) continue;
      if (first.has(v)) {
        out.add(first.get(v));
        out.add(c);
      } else first.set(v, c);
    }
  }
  return [...out].sort((a, b) => a - b);
}

// Does the cell on the right / below start another box? (thick lines between boxes)
export function boxEdges(geometry, cell) {
  const n = geometry.size;
  const box = geometry.units_of[cell][2];
  const col = cell % n;
  const row = Math.floor(cell / n);
  return {
    right: col + 1 < n && geometry.units_of[cell + 1][2] !== box,
    bottom: row + 1 < n && geometry.units_of[cell + n][2] !== box,
  };
}

// The outline of a Killer cage as SudokuPad draws it: one line `inset` (in cells) inside the
// cage's outer boundary, around every corner and never between two of its cells. Closed loops
// of [x, y] corners in cells (x the column, y the row, y down), clockwise on screen (the cage on
// the line's right); a cage around a hole has a loop for the hole, and cells touching only at a
// corner are gone round separately. The first loop starts at the top-left corner of the cage's
// first (top-left) cell, going right: where the sum is written.
export function cageOutline(cells, n, inset) {
  const inCage = new Set(cells.filter((i) => Number.isInteger(i) && i >= 0 && i < n * n));
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && inCage.has(r * n + c);
  const edges = []; // [x1, y1, dx, dy]: the cell sides the cage ends at, the cage on the right
  const from = new Map(); // "x,y" -> indices of the edges leaving that corner
  const add = (x, y, dx, dy) => {
    const key = `${x},${y}`;
    if (!from.has(key)) from.set(key, []);
    from.get(key).push(edges.length);
    edges.push([x, y, dx, dy]);
  };
  for (const i of [...inCage].sort((a, b) => a - b)) {
    const r = Math.floor(i / n);
    const c = i % n;
    if (!has(r - 1, c)) add(c, r, 1, 0); // top, going right
    if (!has(r, c + 1)) add(c + 1, r, 0, 1); // right, going down
    if (!has(r + 1, c)) add(c + 1, r + 1, -1, 0); // bottom, going left
    if (!has(r, c - 1)) add(c, r + 1, 0, -1); // left, going up
  }
  // Each edge's successor: the edge leaving its end that turns right, else goes straight, else
  // turns left. Two leave one corner only where two cells touch at it diagonally, and turning
  // right keeps them apart.
  const turn = (a, b) => (b[2] === -a[3] && b[3] === a[2] ? 0 : b[2] === a[2] && b[3] === a[3] ? 1 : 2);
  const next = edges.map((e) => {
    const leaving = from.get(`${e[0] + e[2]},${e[1] + e[3]}`) || [];
    return leaving.reduce((best, j) => (best < 0 || turn(e, edges[j]) < turn(e, edges[best]) ? j : best), -1);
  });
  const used = new Array(edges.length).fill(false);
  const loops = [];
  for (let start = 0; start < edges.length; start++) {
    if (used[start]) continue;
    const cycle = [];
    for (let k = start; k >= 0 && !used[k]; k = next[k]) {
      used[k] = true;
      cycle.push(edges[k]);
    }
    // A corner where the direction changes: both sides move `inset` towards the cage (the
    // right-hand normal of a direction (dx, dy) on screen is (-dy, dx)).
    const loop = [];
    cycle.forEach((e, k) => {
      const p = cycle[(k + cycle.length - 1) % cycle.length];
      if (p[2] === e[2] && p[3] === e[3]) return;
      loop.push([e[0] + inset * (-p[3] - e[3]), e[1] + inset * (p[2] + e[2])]);
    });
    if (loop.length) loops.push(loop);
  }
  return loops;
}
