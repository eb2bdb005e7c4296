// The puzzle document and what it shows: symbols, sizes, the document's shape and the reads
// every other module shares. No sudoku rule is here: layout comes from the geometry JSON
// (geometry.js), candidates from the engine.

export const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const SIZES = [4, 6, 8, 9, 10, 12, 15, 16, 20, 25, 36, 49]; // the Size menu
export const LEVELS = ["easy", "medium", "hard", "expert", "extreme"];
export const COLOURS = 9; // colour numbers 1..9

// Box shape the core picks for an N x N grid: r <= c, as close to square as possible.
export function defaultBox(n) {
  const wide = boxShapes(n).filter(([r, c]) => r <= c);
  return wide.length ? wide[wide.length - 1] : null;
}

// Every box shape [r, c] of an N x N grid (both sides at least 2), fewest rows first.
export function boxShapes(n) {
  const shapes = [];
  for (let r = 2; r <= n / 2; r++) if (n % r === 0) shapes.push([r, n / r]);
  return shapes;
}

// Text of a value: "" for empty, 1-9 then A-Z up to 35x35, the number above.
export function symbol(value, n) {
  if (!value) return "";
  return n <= SYMBOLS.length ? SYMBOLS[value - 1] : String(value);
}

// A cell's list of values as text: "127" up to 35x35, "3 36 41" above.
export function symbols(values, n) {
  return values.map((v) => symbol(v, n)).join(n <= SYMBOLS.length ? "" : " ");
}

// Value of one typed key for an N x N grid (keyboard input only), or null.
export function keyToValue(key, n) {
  if (key.length !== 1) return null;
  const i = SYMBOLS.indexOf(key.toUpperCase());
  return i >= 0 && i < n ? i + 1 : null;
}

export function cellName(cell, n) {
  return `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
}

export function zeros(count) {
  return new Array(count).fill(0);
}

function emptyLists(count) {
  return Array.from({ length: count }, () => []);
}

// A puzzle document: what undo/redo, sharing and saved games keep.
export function emptyDoc(box = [3, 3]) {
  const n = box[0] * box[1];
  return {
    box, // box shape [rows, cols], e.g. [3, 3] (9x9) or [2, 3] (6x6)
    givens: zeros(n * n), // the puzzle's clues, 0 = not a given, e.g. [5, 3, 0, 0, 7, ...]
    entries: zeros(n * n), // the user's values, 0 = none, e.g. [0, 0, 4, 0, ...]
    solved: zeros(n * n), // values the solver filled in, 0 = none, e.g. [0, 0, 0, 6, ...]
    centre: emptyLists(n * n), // the user's centre marks per cell, e.g. [[1, 4], [], ...]
    corner: emptyLists(n * n), // the user's corner marks per cell, e.g. [[], [2, 7], ...]
    colors: emptyLists(n * n), // colour numbers 1..9 per cell, e.g. [[1], [2, 5], [], ...]
    removed: emptyLists(n * n), // candidates eliminated by applied steps, e.g. [[], [7], ...]
  };
}

// A variant's rules (docs/protocol.md "variant"), kept in the document as the engine sent them:
// null for a classic puzzle (whose document then has no `variant` key at all).
export function variantOf(doc) {
  return doc.variant || null;
}

// The rules' names as the CLI writes them, e.g. "killer" or "x,antiking"; "" for classic.
export function variantNames(variant) {
  if (!variant) return "";
  const on = [["x", variant.diagonals], ["windoku", variant.windows],
    ["jigsaw", variant.regions && variant.regions.length], ["killer", variant.cages && variant.cages.length],
    ["antiknight", variant.anti_knight], ["antiking", variant.anti_king]];
  // The placed rules (thermometers, dots, lines ...: docs/constraints.md) by their JSON keys:
  // the page draws none of them yet, but keeps them, so the engine always sees every rule.
  const placed = Object.keys(variant).filter((key) => !FIRST_KEYS.includes(key) && isPlaced(variant[key]));
  return [...on.filter(([, flag]) => flag).map(([name]) => name), ...placed].join(",");
}

const FIRST_KEYS = ["diagonals", "windows", "regions", "cages", "anti_knight", "anti_king"];
// A placed rule's value: true (a rule on or off) or a non-empty list of items (objects).
const isPlaced = (value) => value === true ||
  (Array.isArray(value) && value.length > 0 && value.every((item) => item && typeof item === "object" && !Array.isArray(item)));
const PLACED_KEY = /^[a-z][a-z_]{0,40}$/;

const VARIANT_FLAGS = ["diagonals", "windows", "anti_knight", "anti_king"];
const isIndexList = (list, top) => Array.isArray(list) &&
  list.every((v) => Number.isInteger(v) && v >= 0 && v < top);

// One checked cage, or null: cells on the grid, a whole sum or none.
function checkCage(cage, n) {
  if (!cage || typeof cage !== "object" || !isIndexList(cage.cells, n * n)) return null;
  if (cage.sum !== undefined && cage.sum !== null && !Number.isInteger(cage.sum)) return null;
  return Number.isInteger(cage.sum) ? { cells: cage.cells.slice(), sum: cage.sum } : { cells: cage.cells.slice() };
}

// One rule's value checked for shape: [kept value or undefined (off, empty)], or null (broken).
const CHECKS = {
  flag: (value) => (typeof value === "boolean" ? [value || undefined] : null),
  regions: (value, n) => (!isIndexList(value, n) || (value.length && value.length !== n * n) ? null
    : [value.length ? value.slice() : undefined]),
  cages: (value, n) => {
    if (!Array.isArray(value)) return null;
    const cages = value.map((cage) => checkCage(cage, n));
    return cages.includes(null) ? null : [cages.length ? cages : undefined];
  },
  // Checked for shape only: the engine reads every item and names a broken one.
  placed: (value) => (isPlaced(value) ? [JSON.parse(JSON.stringify(value))]
    : value === false || (Array.isArray(value) && !value.length) ? [undefined] : null),
};

function checkOf(key) {
  if (VARIANT_FLAGS.includes(key)) return CHECKS.flag;
  if (key === "regions" || key === "cages") return CHECKS[key];
  return PLACED_KEY.test(key) ? CHECKS.placed : null;
}

// A variant object read from a link or a saved game, checked for shape only (the engine checks
// the rules: joined regions, cages in range), or null when it is not one.
export function checkVariant(raw, n) {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const out = {};
  for (const [key, value] of Object.entries(raw)) {
    const check = checkOf(key);
    const kept = check && check(value, n);
    if (!kept) return null;
    if (kept[0] !== undefined) out[key] = kept[0];
  }
  return variantNames(out) ? out : null;
}

// A key of the rules: "" for classic (geometry and drawings are kept per shape and rules).
export function variantKey(variant) {
  return variant ? JSON.stringify(variant) : "";
}

// The shape fields of an engine request for the document: its box, and its rules if any.
export function shapeArgs(doc) {
  return doc.variant ? { box: doc.box, variant: doc.variant } : { box: doc.box };
}

// The document with the rules of a parse or generate reply (none: classic, no key).
export function withVariant(doc, variant) {
  const out = { ...doc };
  delete out.variant;
  if (variant && variantNames(variant)) out.variant = variant;
  return out;
}

export const LIST_KEYS = ["centre", "corner", "colors", "removed"];
export const VALUE_KEYS = ["givens", "entries", "solved"];

export function size(doc) {
  return doc.box[0] * doc.box[1];
}

// The value shown in a cell: given, else entry, else solver output.
export function shown(doc, cell) {
  return doc.givens[cell] || doc.entries[cell] || doc.solved[cell];
}

export function shownValues(doc) {
  return doc.givens.map((_, i) => shown(doc, i));
}

// Givens and entries: the puzzle as the user stated it (solver output left out).
export function puzzleValues(doc) {
  return doc.givens.map((g, i) => g || doc.entries[i]);
}

export function gridKey(values, box, variant = null) {
  const rules = variantKey(variant);
  return `${box[0]}x${box[1]}:${values.join(",")}${rules ? `|${rules}` : ""}`;
}

export function givensKey(doc) {
  return gridKey(doc.givens, doc.box, doc.variant);
}

// The user did something beyond the givens (worth saving and restoring).
export function hasWork(doc) {
  return doc.entries.some((v) => v) || doc.solved.some((v) => v) ||
    LIST_KEYS.some((k) => doc[k].some((m) => m.length));
}

function sameList(x, y) {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

export function sameDoc(a, b) {
  if (a.box[0] !== b.box[0] || a.box[1] !== b.box[1]) return false;
  if (variantKey(a.variant) !== variantKey(b.variant)) return false;
  if (!VALUE_KEYS.every((k) => sameList(a[k], b[k]))) return false;
  return LIST_KEYS.every((k) => a[k].every((m, i) => sameList(m, b[k][i])));
}

// The engine's candidates when they belong to the state's grid, else null (compute once per
// pass over the cells: the check reads the whole grid).
export function currentCands(state) {
  const doc = state.doc;
  if (!state.cands || state.cands.key !== gridKey(shownValues(doc), doc.box, doc.variant)) return null;
  return state.cands.values;
}

// The working candidates of an empty cell: the engine's, minus what applied steps eliminated.
export function workingCandidates(state, cell, cands = currentCands(state)) {
  const doc = state.doc;
  if (!cands || shown(doc, cell)) return null;
  const removed = doc.removed[cell];
  const all = cands[cell] || [];
  return removed.length ? all.filter((v) => !removed.includes(v)) : all;
}
