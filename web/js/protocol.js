// Reading the engine's replies (README "page protocol"): cell indices, integer values and the
// cells of every unit come with the reply. This is the one module that knows field names.

// Index of a cell reference {index, cell: [r, c]}.
function indexOf(ref) {
  return ref.index;
}

// (cell, value) pairs of a step's placements or eliminations.
function pairs(list) {
  return (list || []).map((p) => [indexOf(p), p.value]);
}

// A step or hint as the page draws and applies it.
export function readStep(data) {
  const highlights = new Map();
  for (const unit of data.units || []) for (const cell of unit.cells || []) highlights.set(cell, "unit");
  for (const c of data.cells || []) highlights.set(indexOf(c), c.role || "target");
  for (const cell of data.wrong_indices || []) highlights.set(cell, "wrong");
  return {
    text: data.message || data.text || "",
    placements: pairs(data.placements),
    eliminations: pairs(data.eliminations),
    highlights: [...highlights].map(([cell, role]) => ({ cell, role })),
    hintMarks: (data.candidates || []).map((c) => ({ cell: indexOf(c), value: c.value, role: c.role })),
    wrong: data.wrong_indices || [],
  };
}

// Cells a report names: conflicts and cells where no value fits.
export function reportCells(r) {
  const conflicts = [...new Set((r.conflicts || []).flatMap((c) => c.indices || []))];
  return {
    conflicts,
    dead: r.dead_indices || [],
    wrong: r.wrong_indices || [],
  };
}

// A solve's grid as values, or null.
export function solutionValues(r) {
  return Array.isArray(r.values) ? r.values : null;
}

// ---- Until the engine speaks the contract (core's `contract:` commit): add the contract's
// fields to an old-style reply. Deleted once the facade sends them itself.
const SYMS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export function upgrade(reply, n, geometry) {
  const idx = (rc) => rc[0] * n + rc[1];
  const val = (s) => (n <= SYMS.length ? SYMS.indexOf(String(s).toUpperCase()) + 1 : Number(s));
  const kinds = { row: 0, column: 1, box: 2 };
  const walk = (x) => {
    if (Array.isArray(x)) {
      x.forEach(walk);
      return;
    }
    if (!x || typeof x !== "object") return;
    if (Array.isArray(x.cell) && x.index === undefined) x.index = idx(x.cell);
    if (typeof x.symbol === "string" && x.value === undefined) x.value = val(x.symbol);
    if (Array.isArray(x.symbols) && x.values === undefined) x.values = x.symbols.map(val);
    if (typeof x.unit === "string" && geometry) {
      const unit = geometry.units[kinds[x.unit] * n + x.index];
      if (!Array.isArray(x.cells)) x.cells = unit;
      else if (x.indices === undefined) {
        x.indices = x.cells.map(idx);
        x.unit_cells = unit;
      }
    }
    for (const [key, list] of [["wrong_cells", "wrong_indices"], ["dead_cells", "dead_indices"]]) {
      if (Array.isArray(x[key]) && x[list] === undefined) x[list] = x[key].map(idx);
    }
    for (const v of Object.values(x)) if (v && typeof v === "object") walk(v);
  };
  walk(reply);
  if (Array.isArray(reply.solution) && reply.values === undefined) reply.values = reply.solution;
  return reply;
}
