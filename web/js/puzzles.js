// The puzzles shipped with the build (scripts/build_site.py writes puzzles.json: generated with
// fixed seeds and rated by the engine), so a first visit plays at once, engine or not.
// [{box: [3, 3], level: "Easy", score: 12, values: [0, 5, ...]}]

import { read, write } from "./games.js";

let shipped = null;

export async function loadShipped() {
  if (shipped) return shipped;
  try {
    const response = await fetch(new URL("../puzzles.json", import.meta.url));
    shipped = response.ok ? await response.json() : [];
  } catch {
    shipped = []; // offline before the cache was filled: the engine generates instead
  }
  if (!Array.isArray(shipped)) shipped = [];
  return shipped;
}

// Shipped puzzles this browser has opened, so that New puzzle never offers one twice: once a
// size and level's few are used up, the engine makes new ones.
const PLAYED_KEY = "sudoku-core:shipped-played"; // ["0,5,0,...", ...]
const keyOf = (values) => values.join(",");

// A shipped puzzle of a size and level (case-insensitive), not `avoid` (givens), or null;
// one not opened before, else (unless `unplayedOnly`) any. The pick counts as opened.
export function pickShipped(n, level, { avoid = null, unplayedOnly = false } = {}) {
  const fits = (shipped || []).filter((p) => p.box[0] * p.box[1] === n &&
    p.level.toLowerCase() === level.toLowerCase() &&
    !(avoid && keyOf(p.values) === keyOf(avoid)));
  const stored = read(localStorage, PLAYED_KEY);
  const seen = new Set(Array.isArray(stored) ? stored : []);
  const fresh = fits.filter((p) => !seen.has(keyOf(p.values)));
  const pool = fresh.length || unplayedOnly ? fresh : fits;
  if (!pool.length) return null;
  const pick = pool[Math.floor(Math.random() * pool.length)];
  // Storage full or blocked: the puzzle may be offered again; no work of the user's is lost.
  write(localStorage, PLAYED_KEY, [...seen.add(keyOf(pick.values))]);
  return pick;
}

// The level the build rated a shipped puzzle at (its givens), else null: a link or a paste of
// one gets its level without a rating in the page (which only tries small grids, briefly).
export function shippedLevel(givens) {
  const key = keyOf(givens);
  const found = (shipped || []).find((p) => keyOf(p.values) === key);
  return found ? found.level : null;
}
