// The setter's drawings as data (pure; no DOM, no sudoku rule): a tool from the engine's
// `tools` reply (docs/protocol.md "tools") says how its cells are taken and which JSON item
// they make; this module follows a press, a drag and a release into cells, fills the item's
// placeholders and puts it into the document's variant. The engine checks the item.

// A pointer position in cell units from the grid's top-left corner -> [row, col] (may lie
// outside the grid: -1 or n beside it).
export function cellAt(x, y) {
  return [Math.floor(y), Math.floor(x)];
}

export function inside([r, c], n) {
  return r >= 0 && c >= 0 && r < n && c < n;
}

// The place of an outside tool at a spot, or null: of those standing there, the one whose
// direction (`toward`) points most nearly at the tap's offset (dx, dy) from the spot's
// centre (a little killer above the grid reads down-left or down-right).
export function placeAt(tool, [r, c], dx = 0, dy = 0) {
  const here = (tool.places || []).filter((p) => p.at[0] === r && p.at[1] === c);
  if (!here.length) return null;
  let best = here[0];
  let score = -Infinity;
  for (const p of here) {
    const s = p.toward[0] * dy + p.toward[1] * dx;
    if (s > score) {
      best = p;
      score = s;
    }
  }
  return best;
}

// A drawing in progress: {tool, cells: [...]}; `add` takes a cell the pointer entered.
export function startDrawing(tool, cell) {
  return { tool, cells: [cell] };
}

export function addCell(drawing, cell) {
  const { tool, cells } = drawing;
  if (cells[cells.length - 1] === cell) return drawing;
  if (tool.input === "pair") return cells.length < 2 ? { ...drawing, cells: [...cells, cell] } : drawing;
  if (tool.input === "cell") return drawing;
  if (cells.includes(cell)) {
    // Dragging back over a line's last cell but one takes the last one away (a slip undone).
    if (tool.input === "line" && cells[cells.length - 2] === cell) {
      return { ...drawing, cells: cells.slice(0, -1) };
    }
    return drawing;
  }
  return { ...drawing, cells: [...cells, cell] };
}

// True when the drawing has the cells its tool needs (the engine checks the rest).
export function complete(drawing) {
  return drawing.cells.length >= Math.max(1, drawing.tool.least || 1);
}

// The cells around the grid line crossing nearest a point (x, y in cell units): a corner
// input's cells (a quadruple's circle), in reading order; fewer than four on the grid's edge.
export function cornerCells(x, y, n) {
  const r = Math.round(y);
  const c = Math.round(x);
  const out = [];
  for (const rr of [r - 1, r]) {
    for (const cc of [c - 1, c]) if (inside([rr, cc], n)) out.push(rr * n + cc);
  }
  return out;
}

// Cells in reading order (a groups drawing's groups: a shifted copy then pairs cell by cell).
export function readingOrder(cells) {
  return [...cells].sort((a, b) => a - b);
}

// The item a drawing makes: the tool's template with "@cells", "@head", "@tail", "@value",
// "@values" (the digits typed) and "@copy" (a groups drawing's second group) filled in (a
// value left out drops its field), then the place's fields merged; a region tool's "@map" is
// the whole item (extra.regions).
export function fillItem(tool, cells, value = null, fields = {}, extra = {}) {
  if (tool.item === true) return true;
  if (tool.item === "@map") return extra.regions || null;
  const parts = { "@cells": cells, "@head": cells.slice(0, 1), "@tail": cells.slice(1), "@value": value,
    "@values": value, "@copy": extra.copy || null };
  const item = {};
  for (const [key, v] of Object.entries(tool.item)) {
    const filled = typeof v === "string" && v in parts ? parts[v] : v;
    if (filled !== null && filled !== undefined) item[key] = filled;
  }
  return { ...item, ...fields };
}

// Digits typed for a list value ("1 2 4", "1,2,4", or "124" when every digit is one
// character): a list within the spec's range and count; an Error's message says what is wrong.
function readDigits(spec, t) {
  const parts = t.split(/[\s,;]+/).filter(Boolean);
  const tokens = parts.length === 1 && spec.max <= 9 ? [...parts[0]] : parts;
  const digits = tokens.map(Number);
  const most = spec.most || spec.max;
  if (!digits.length || digits.some((d) => !Number.isInteger(d) || d < spec.min || d > spec.max)) {
    return new Error(`Type 1 to ${most} digits (${spec.min} .. ${spec.max}) for the ${spec.name}.`);
  }
  if (digits.length > most) return new Error(`At most ${most} digits for the ${spec.name}.`);
  if (spec.distinct && new Set(digits).size !== digits.length) {
    return new Error(`A digit is typed twice for the ${spec.name}.`);
  }
  return digits;
}

// A value typed for a tool: a number within its range or among its choices (a list of digits
// for a list value), null when left out of an optional one; an Error's message says what is
// wrong.
export function readValue(spec, text) {
  if (!spec) return null;
  const t = String(text || "").trim();
  if (spec.list) return readDigits(spec, t);
  if (!t && spec.optional) return null;
  const v = Number(t);
  if (!t || !Number.isInteger(v)) return new Error(`Type a whole number for the ${spec.name}.`);
  if (spec.choices && !spec.choices.includes(v)) {
    return new Error(`The ${spec.name} is one of ${spec.choices.join(", ")}.`);
  }
  if (!spec.choices && (v < spec.min || v > spec.max)) {
    return new Error(`The ${spec.name} lies in ${spec.min} .. ${spec.max}.`);
  }
  return v;
}

// The variant with one more item under `key` (a flag switched on with `true`; a whole value,
// such as a region map, replaces the old one), as a new object.
export function withItem(variant, key, item, whole = false) {
  const out = { ...(variant || {}) };
  if (item === true || whole) out[key] = item;
  else out[key] = [...(Array.isArray(out[key]) ? out[key] : []), item];
  return out;
}

// The variant without item `index` of `key` (null: the whole rule, a flag); null when no rule
// is left (a classic puzzle).
export function withoutItem(variant, key, index) {
  const out = { ...(variant || {}) };
  if (index === null || index === undefined || !Array.isArray(out[key])) delete out[key];
  else {
    out[key] = out[key].filter((_, i) => i !== index);
    if (!out[key].length) delete out[key];
  }
  return Object.keys(out).length ? out : null;
}

// A flag rule is on in the variant.
export function flagOn(variant, key) {
  return Boolean(variant && variant[key] === true);
}

// A region drawing's map in progress: per cell its region (0 .. n-1) or -1 while unpainted.
export function emptyRegions(n) {
  return new Array(n * n).fill(-1);
}

// One stroke painted into the map: a stroke that starts on a painted cell adds its cells to
// that region (taking them from any other); else they start the lowest region not yet used.
// Returns {map, region} or an Error when every region is started already.
export function paintRegion(map, cells, n) {
  if (!cells.length) return { map, region: -1 };
  let region = map[cells[0]];
  if (region < 0) {
    const used = new Set(map.filter((k) => k >= 0));
    region = [...Array(n).keys()].find((k) => !used.has(k));
    if (region === undefined) {
      return new Error(`All ${n} regions are started: begin a stroke on a region to add cells to it.`);
    }
  }
  const out = map.slice();
  for (const cell of cells) out[cell] = region;
  return { map: out, region };
}

// How far a region map is painted: {painted cells, cells of each region, done when every cell is}.
export function regionProgress(map, n) {
  const sizes = new Array(n).fill(0);
  for (const k of map) if (k >= 0) sizes[k] += 1;
  const painted = sizes.reduce((a, b) => a + b, 0);
  return { painted, sizes, done: painted === map.length };
}
