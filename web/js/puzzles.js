// Where New puzzle's puzzles come from, at once: the banks the build ships (web/banks/, made
// once by scripts/make_banks.py with the engine's generator and rated by it), served through a
// random isomorphism that the engine draws (the "isomorph" request: same level, one solution,
// a new grid each time), and fresh puzzles a second engine makes while the player plays, one
// kept ready per recently used size and level. No sudoku rule is here: the engine maps and
// makes the grids; this module only picks, keeps and hands them out.
//
// index.json: {"3x3": {"Easy": 40, ...}, ...}; RxC.json: {box: [3, 3], levels: {"Easy":
// [{seed: 1000001, score: 12, hardest: "Naked Single", givens: 34, values: [0, 5, ...]}]}}

import { LEVELS, defaultBox } from "./doc.js";
import { Engine } from "./engine.js";
import { read, write } from "./games.js";
import { readPuzzle } from "./protocol.js";
import {
  boxKey, fetchJson, loadVariantIndex, sizesAndLevels, title, variantChoices, variantOffered,
} from "./variant_puzzles.js";

const ISOMORPH_WAIT = 200; // ms New puzzle waits for the engine's map before taking the bank's own
const RECENT = 3; // sizes and levels the background engine keeps a fresh puzzle ready for
const FRESH_LIMIT = 60; // seconds one background generation may take
const FRESH_MISSES = 2; // tries that miss a level before the background engine gives it up
// ms after the last New puzzle before the background engine makes one: a player pressing New
// puzzle again and again would otherwise share the cores with a generation (seconds at 25x25).
const FRESH_DELAY = 10_000;

let index = null; // {"3x3": {"Easy": 40}}, {} when it could not be read
const banks = new Map(); // "3x3" -> [{box, level, score, values}] (promise while loading)
const ready = new Map(); // "3x3:easy" -> [{box, level, values, fresh}] made ahead, newest last
const recent = []; // ["3x3:easy", ...], most recent first
const misses = new Map(); // "3x3:extreme" -> background tries that missed the level
let maker = null; // the background Engine, started by the first New puzzle
let making = false; // a background generation is running
let freshTimer = 0; // the pending start of the background generation

const slot = (box, level) => `${boxKey(box)}:${level.toLowerCase()}`;

// The bank of a box shape, as a list of puzzles ([] when there is none).
export function loadBank(box) {
  const key = boxKey(box);
  if (!banks.has(key)) {
    banks.set(key, fetchJson(`${key}.json`).then((bank) => {
      const list = [];
      for (const [level, puzzles] of Object.entries((bank && bank.levels) || {})) {
        for (const p of puzzles) list.push({ box: bank.box, level, score: p.score, values: p.values });
      }
      banks.set(key, list);
      return list;
    }));
  }
  return Promise.resolve(banks.get(key));
}

// The index, the 9x9 bank (the first visit's puzzle) and the variants' index.
export async function loadShipped() {
  if (!index) {
    const [got] = await Promise.all([fetchJson("index.json"), loadBank([3, 3]), loadVariantIndex()]);
    index = got && typeof got === "object" ? got : {};
  }
  return index;
}

// The sizes and levels New puzzle offers: those with a bank (its box is the size's default).
export function offered() {
  return sizesAndLevels(index);
}

// New puzzle's Variant, Size and Difficulty menus: only what the banks hold, so every choice
// is served at once and no level is offered that the generator cannot reach at that size (a
// variant's sizes and levels are its own banks'). Without an index (offline before the cache
// was filled) the menus keep what they have.
export function fillMenus(sizeSelect, levelSelect, variantSelect = null) {
  const classic = offered();
  if (!classic.length) return;
  if (variantSelect) fillVariants(variantSelect);
  const sizesNow = () => {
    const key = variantSelect ? variantSelect.value : "";
    const own = key ? variantOffered(key) : [];
    // A variant with no bank (its choice kept from the page's own list): the engine makes
    // it, at 9x9.
    return key && !own.length ? classic.filter((s) => s.n === 9) : (key ? own : classic);
  };
  const sizes = () => {
    const list = sizesNow();
    const keep = Number(sizeSelect.value) || 9;
    sizeSelect.replaceChildren(...list.map(({ n }) => new Option(`${n}×${n}`, String(n))));
    const fallback = list.some((s) => s.n === 9) ? 9 : list[list.length - 1].n;
    sizeSelect.value = String(list.some((s) => s.n === keep) ? keep : fallback);
  };
  const levels = () => {
    const list = sizesNow();
    if (!list.some((s) => String(s.n) === sizeSelect.value)) sizes();
    const entry = list.find((s) => s.n === Number(sizeSelect.value)) || list[0];
    const was = levelSelect.value || "medium";
    levelSelect.replaceChildren(...entry.levels.map((l) => new Option(title(l), l)));
    // The same level when this size has it, else the hardest it has below it.
    const below = entry.levels.filter((l) => LEVELS.indexOf(l) <= LEVELS.indexOf(was));
    levelSelect.value = entry.levels.includes(was) ? was : (below.pop() || entry.levels[0]);
  };
  sizes();
  levels();
  // The page sets the size when the panel opens: the levels follow either way.
  sizeSelect.addEventListener("change", levels);
  sizeSelect.addEventListener("focus", levels);
  if (variantSelect) variantSelect.addEventListener("change", () => { sizes(); levels(); });
}

// The Variant menu from the banks' index (Classic first); the page's own list stays without it.
function fillVariants(select) {
  const choices = variantChoices();
  if (!choices.length) return;
  const keep = select.value;
  select.replaceChildren(new Option("Classic", ""), ...choices.map((c) => {
    const option = new Option(c.label, c.key);
    option.dataset.words = c.words;
    return option;
  }));
  select.value = choices.some((c) => c.key === keep) ? keep : "";
}

// Bank puzzles this browser has opened as they are (before the engine is ready), so that a
// first visit does not get the same one twice.
const PLAYED_KEY = "sudoku-core:shipped-played"; // ["0,5,0,...", ...]
const keyOf = (values) => values.join(",");

function bankOf(n) {
  const box = defaultBox(n);
  const list = box && banks.get(boxKey(box));
  return Array.isArray(list) ? list : [];
}

// A bank puzzle of a size and level (case-insensitive), not `avoid` (givens), or null; one
// not opened before, else (unless `unplayedOnly`) any. The pick counts as opened.
export function pickShipped(n, level, { avoid = null, unplayedOnly = false } = {}) {
  const fits = bankOf(n).filter((p) => p.level.toLowerCase() === level.toLowerCase() &&
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

// The level the bank gives a puzzle (its givens and box), else null: a link to a bank puzzle
// gets its level without a rating in the page (which only tries small grids, briefly).
// Undefined while that box's bank is not loaded yet: loadBank(box) then ask again.
export function shippedLevel(givens, box) {
  const key = boxKey(box);
  if (index && !index[key]) return null;
  const list = banks.get(key);
  if (!Array.isArray(list)) return undefined;
  const found = list.find((p) => keyOf(p.values) === keyOf(givens));
  return found ? found.level : null;
}

// A random bank puzzle of the size and level through the engine's isomorphism.
async function mapped(ask, n, level) {
  const box = defaultBox(n);
  const list = (await loadBank(box)).filter((p) => p.level.toLowerCase() === level.toLowerCase());
  if (!list.length) return null;
  const p = list[Math.floor(Math.random() * list.length)];
  const r = readPuzzle(await ask("isomorph", { cells: p.values, box: p.box }));
  return { box: r.box, level: p.level, values: r.values, fresh: false };
}

// One more mapped bank puzzle of a slot, made ahead so that the next New puzzle is instant.
function prepare(ask, n, level) {
  const key = slot(defaultBox(n), level);
  const list = ready.get(key) || [];
  if (list.some((p) => !p.fresh)) return;
  mapped(ask, n, level).then((p) => {
    if (p) ready.set(key, [p, ...(ready.get(key) || [])]); // fresh ones stay last (taken first)
  }).catch(() => {}); // cancelled, or the engine restarted: the next New puzzle asks again
}

// The background engine: a second worker, so that making a puzzle never delays the player's
// own requests (Python cannot be interrupted, and a 25x25 takes seconds).
function backgroundEngine() {
  if (!maker) {
    maker = new Engine(new URL("./worker.js", import.meta.url), (status) => {
      if (status.state === "error") maker = null; // e.g. out of memory: the banks still serve
    });
  }
  return maker;
}

// Keep one fresh puzzle ready for each recently used slot, one generation at a time.
function makeFresh() {
  if (making) return;
  const key = recent.find((k) => !(ready.get(k) || []).some((p) => p.fresh) &&
    (misses.get(k) || 0) < FRESH_MISSES);
  if (!key) return;
  const engine = backgroundEngine();
  if (!engine) return;
  const [box, level] = key.split(":");
  making = true;
  engine.request("generate", { box, difficulty: level, time_limit: FRESH_LIMIT })
    .then((reply) => {
      const r = readPuzzle(reply);
      if (r.reached) {
        ready.set(key, [...(ready.get(key) || []), { box: r.box, level: r.level, values: r.values, fresh: true }]);
      } else {
        misses.set(key, (misses.get(key) || 0) + 1);
      }
    })
    .catch(() => misses.set(key, (misses.get(key) || 0) + 1))
    .finally(() => {
      making = false;
      setTimeout(makeFresh, 1000); // the next slot, after a breath
    });
}

// New puzzle of a size and level, at once: one made ahead (fresh first), else a bank puzzle
// mapped by the engine now, else (engine busy or loading) the bank puzzle as it is. Null when
// the size and level have no bank. Afterwards the next one is prepared in the background.
// `engineReady`: whether the page's engine answers now; `background`: make fresh ones too.
export async function nextPuzzle(ask, n, level, { avoid = null, engineReady = true, background = true } = {}) {
  const box = defaultBox(n);
  if (!box) return null;
  await loadBank(box);
  const key = slot(box, level);
  recent.splice(0, recent.length, key, ...recent.filter((k) => k !== key).slice(0, RECENT - 1));
  let puzzle = (ready.get(key) || []).pop() || null;
  if (!puzzle && engineReady) {
    const timer = new Promise((resolve) => setTimeout(() => resolve(null), ISOMORPH_WAIT));
    const asked = mapped(ask, n, level).catch(() => null);
    puzzle = await Promise.race([asked, timer]);
    if (!puzzle) {
      // Late: kept for the next press.
      asked.then((p) => p && ready.set(key, [p, ...(ready.get(key) || [])]));
    }
  }
  if (!puzzle) {
    const pick = pickShipped(n, level, { avoid });
    puzzle = pick && { box: pick.box, level: pick.level, values: pick.values.slice(), fresh: false };
  }
  if (engineReady) prepare(ask, n, level);
  if (background) {
    clearTimeout(freshTimer);
    freshTimer = setTimeout(makeFresh, FRESH_DELAY);
  }
  return puzzle;
}
