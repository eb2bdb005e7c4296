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
  // The cells that cause the step (why it holds), drawn apart from the cells it changes.
  for (const c of data.causes || []) highlights.set(indexOf(c), "cause");
  // A missing pencil mark is named at once: its cell shows even at the first press.
  for (const m of data.missing_marks || []) highlights.set(indexOf(m), "missing");
  for (const c of data.cells || []) highlights.set(indexOf(c), c.role || "target");
  for (const cell of data.wrong_indices || []) highlights.set(cell, "wrong");
  return {
    text: data.message || data.text || "",
    placements: pairs(data.placements),
    eliminations: pairs(data.eliminations),
    highlights: [...highlights].map(([cell, role]) => ({ cell, role })),
    hintMarks: (data.candidates || []).map((c) => ({ cell: indexOf(c), value: c.value, role: c.role })),
    wrong: data.wrong_indices || [],
    missing: pairs(data.missing_marks), // pencil marks the user removed but needs
    summary: data.summary || data.message || data.text || "", // one line, read first
    chains: readChains(data.chains), // the chain as data (chain_view.js draws it)
  };
}

// A step's chains (docs/protocol.md "chain"): nodes with cell indices, links by node index,
// nested inner chains under the node they refute.
export function readChains(list) {
  return (list || []).map((chain) => ({
    kind: chain.kind, // "chain" | "loop" | "discontinuous loop" | "branch"
    nodes: (chain.nodes || []).map((node) => ({
      cells: (node.cells || []).map(indexOf),
      value: node.value,
      on: Boolean(node.on),
      text: node.text || "",
      rule: node.rule || "",
      sub: node.sub ? readChains([node.sub])[0] : null,
    })),
    links: (chain.links || []).map((link) => ({ from: link.from, to: link.to, type: link.type })),
    contradiction: chain.contradiction || "",
    ends: chain.ends || [],
  }));
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
