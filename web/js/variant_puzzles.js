// New puzzle with rules (X, Killer, thermometers, ...), at once, at the level asked: from the
// variant banks the build ships (web/banks/variants/, made by scripts/make_variant_banks.py,
// every puzzle rated at its level by the engine). A bank puzzle goes through a random
// isomorphism the engine draws when its rules allow one (cages, regions, diagonals ...), else
// it is served as it is. No sudoku rule is here: the engine maps the grids and rules.
//
// variants.json: {"killer": {names: "killer", label: "Killer", words: "Killer",
//   boxes: {"3x3": {"Easy": 6, ...}}}, ...}; variants/KEY-RxC.json: {box, names,
//   levels: {"Easy": [{seed, score, hardest, givens, values, variant}]}}

import { defaultBox, LEVELS } from "./doc.js";
import { readPuzzle } from "./protocol.js";

const BANKS = new URL("../banks/", import.meta.url);
const ISOMORPH_WAIT = 200; // ms New puzzle waits for the engine's map before taking the puzzle as it is
const RECENT = 8; // bank puzzles of a slot not served again soon (a bank holds 4-6 per level)

let index = null; // variants.json, {} when it could not be read
const banks = new Map(); // "killer-3x3" -> [{box, level, values, variant}] (promise while loading)
const served = new Map(); // "killer-3x3:easy" -> indices served lately, newest last

// Shared with puzzles.js (the classic banks), which imports them from here.
export const boxKey = (box) => `${box[0]}x${box[1]}`;
export const title = (level) => level[0].toUpperCase() + level.slice(1).toLowerCase();

// A file of web/banks/ (a name relative to it), parsed; null when it could not be read.
export async function fetchJson(name) {
  try {
    const response = await fetch(new URL(name, BANKS));
    return response.ok ? await response.json() : null;
  } catch {
    return null; // offline before the cache was filled: the engine generates instead
  }
}

// The sizes and levels of a bank index ({"3x3": {"Easy": 6, ...}}): [{n, box, levels}],
// smallest first. A box shape counts only when it is its size's default one (the menus name
// sizes, not shapes), a level only when it holds a puzzle.
export function sizesAndLevels(boxes) {
  const out = [];
  for (const [bk, levels] of Object.entries(boxes || {})) {
    const box = bk.split("x").map(Number);
    const n = box[0] * box[1];
    const def = defaultBox(n);
    if (!def || boxKey(def) !== bk) continue;
    const names = LEVELS.filter((l) => levels[title(l)] > 0);
    if (names.length) out.push({ n, box, levels: names });
  }
  return out.sort((a, b) => a.n - b.n);
}

// The variant menu's index ({} when there is none: the page's own six choices stay).
export async function loadVariantIndex() {
  if (!index) {
    const got = await fetchJson("variants.json");
    index = got && typeof got === "object" && !Array.isArray(got) ? got : {};
  }
  return index;
}

// The variants the banks serve: [{key, label, words, names}], in the bank's order.
export function variantChoices() {
  return Object.entries(index || {}).map(([key, v]) => ({
    key, label: String(v.label || key), words: String(v.words || key), names: String(v.names || key),
  }));
}

// The generator's names of a variant key ("kropki" -> "kropki-white,kropki-black").
export function variantNamesOf(key) {
  const entry = index && index[key];
  return entry && entry.names ? String(entry.names) : key;
}

// Sizes and levels a variant's banks serve: [{n, box, levels}], smallest first.
export function variantOffered(key) {
  const entry = index && index[key];
  return sizesAndLevels(entry && entry.boxes);
}

function loadBank(key, box) {
  const name = `${key}-${boxKey(box)}`;
  if (!banks.has(name)) {
    banks.set(name, fetchJson(`variants/${name}.json`).then((bank) => {
      const list = [];
      for (const [level, puzzles] of Object.entries((bank && bank.levels) || {})) {
        for (const p of puzzles) list.push({ box: bank.box, level, values: p.values, variant: p.variant });
      }
      banks.set(name, list);
      return list;
    }));
  }
  return Promise.resolve(banks.get(name));
}

// A bank puzzle of the slot not served lately (and not `avoid`, the grid on screen).
function pick(list, slotKey, avoid) {
  const recent = served.get(slotKey) || [];
  const same = (p) => avoid && p.values.join(",") === avoid.join(",");
  let pool = list.map((p, i) => i).filter((i) => !recent.includes(i) && !same(list[i]));
  if (!pool.length) pool = list.map((p, i) => i).filter((i) => !same(list[i]));
  if (!pool.length) pool = list.map((p, i) => i);
  const i = pool[Math.floor(Math.random() * pool.length)];
  served.set(slotKey, [...recent.filter((j) => j !== i), i].slice(-Math.min(RECENT, list.length - 1)));
  return list[i];
}

// Through the engine's isomorphism, within ISOMORPH_WAIT; null when late, refused or failed.
async function mapped(ask, p) {
  const timer = new Promise((resolve) => setTimeout(() => resolve(null), ISOMORPH_WAIT));
  const asked = ask("isomorph", { cells: p.values, box: p.box, variant: p.variant })
    .then((reply) => {
      const r = readPuzzle(reply);
      return r.variant ? { box: r.box, values: r.values, variant: r.variant } : null;
    })
    .catch(() => null); // rules no isomorphism keeps (thermometers, dots ...): as it is
  return Promise.race([asked, timer]);
}

// A puzzle of the variant, size and level: {box, level, values, variant}, or null when its
// banks hold none. `engineReady`: whether the engine can map it now.
export async function nextVariantPuzzle(ask, key, n, level, { avoid = null, engineReady = true } = {}) {
  const box = defaultBox(n);
  if (!box) return null;
  const list = (await loadBank(key, box)).filter((p) => p.level.toLowerCase() === level.toLowerCase());
  if (!list.length) return null;
  const p = pick(list, `${key}-${boxKey(box)}:${level.toLowerCase()}`, avoid);
  const image = engineReady ? await mapped(ask, p) : null;
  const got = image || { box: p.box, values: p.values, variant: p.variant };
  return { ...got, level: p.level, values: got.values.slice() };
}
