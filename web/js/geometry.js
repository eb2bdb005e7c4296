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
