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

// The cells a step highlights, with their roles (a later role wins over an earlier one).
function stepHighlights(data) {
  const highlights = new Map();
  for (const unit of data.units || []) for (const cell of unit.cells || []) highlights.set(cell, "unit");
  // The cells that cause the step (why it holds), drawn apart from the cells it changes.
  for (const c of data.causes || []) highlights.set(indexOf(c), "cause");
  // A missing pencil mark is named at once: its cell shows even at the first press.
  for (const m of data.missing_marks || []) highlights.set(indexOf(m), "missing");
  for (const c of data.cells || []) highlights.set(indexOf(c), c.role || "target");
  for (const cell of data.wrong_indices || []) highlights.set(cell, "wrong");
  return highlights;
}

// A step or hint as the page draws and applies it.
export function readStep(data) {
  const highlights = stepHighlights(data);
  return {
    text: data.message || data.text || "",
    placements: pairs(data.placements),
    eliminations: pairs(data.eliminations),
    highlights: [...highlights].map(([cell, role]) => ({ cell, role })),
    hintMarks: (data.candidates || []).map((c) => ({ cell: indexOf(c), value: c.value, role: c.role })),
    wrong: data.wrong_indices || [],
    missing: pairs(data.missing_marks), // pencil marks the user removed but needs
    summary: data.summary || data.message || data.text || "", // one line, read first
    detail: data.text || data.message || "", // the whole explanation (Explain shows it)
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

// A step of a streamed `steps` request: its place in the walk and the step.
export function readPartial(partial) {
  return { index: partial.index, step: readStep(partial.step) };
}

// A validate reply (Validate, Check, a full grid's verdict): its status, the library's words
// and the cells it names.
export function readVerdict(r) {
  return { status: r.status, message: r.message || "", ...reportCells(r) };
}

// A solve reply: status ("solved" | "no_solution" | "invalid" | ...), words, the grid or null,
// and whether the solution is unique (false only when the engine found a second one).
export function readSolve(r) {
  return { status: r.status, message: r.message || "", values: solutionValues(r),
    unique: r.unique !== false, ...reportCells(r) };
}

// A hint reply: its status ("step" | "wrong_entries" | "missing_marks" | "solved" | ...), the
// step as the page draws it, the level the next press asks (null: start again) and the cells
// applying it empties (wrong entries).
export function readHint(r) {
  return { status: r.status, step: readStep(r), next: r.next_level || null,
    clears: (r.clears || []).map(indexOf) };
}

// A steps reply: status, the library's words, every step, and the level of the path (null
// unless it reached the solution).
export function readSteps(r) {
  return { status: r.status, message: r.message || "", steps: (r.steps || []).map(readStep),
    level: r.level || null };
}

// A candidates reply: per cell the values that fit.
export function readCandidates(r) {
  return r.candidates;
}

// A rate reply: the level (null when out of time), the least level the steps met so far, the
// Sudoku Explainer rating (null when the reply has none), and whether the time ran out.
export function readRating(r) {
  return { level: r.level || null, atLeast: r.level_at_least || null, se: r.se ? r.se.er : null,
    timedOut: Boolean(r.timed_out) };
}

// A puzzle the engine made, mapped or read (generate, isomorph, parse): the grid, its shape
// and rules, and what the reply says of it. `reached`: a generation met the level asked.
export function readPuzzle(r) {
  return {
    box: r.box, size: r.size, values: r.values, level: r.level || "", note: r.note || "",
    variant: r.variant || null, reached: Boolean(r.reached),
    variantWords: r.variant_words || "", // the rules in players' words, e.g. "Killer", "anti-knight"
    // The player's work a parsed text kept apart from the givens (absent: none).
    entries: r.entries, centre: r.centre, corner: r.corner, colours: r.colours,
    about: readAbout(r.about), // an imported puzzle's title, author and rules text, or null
  };
}

// A format reply: the text.
export function readFormat(r) {
  return r.text;
}

// A geometry reply: the units of a shape (geometry.js keeps it as the build's files are); for a
// variant, its rules (`constraints`: type, words, rules) and the drawing of its placed rules.
export function readGeometry(r) {
  const out = { box: r.box, size: r.size, units: r.units, units_of: r.units_of };
  if (Array.isArray(r.constraints)) out.constraints = r.constraints;
  if (Array.isArray(r.drawing)) out.drawing = r.drawing;
  return out;
}

// An imported puzzle's title, author and rules text (each optional), or null.
export function readAbout(about) {
  if (!about || typeof about !== "object") return null;
  const out = {};
  for (const key of ["title", "author", "rules"]) {
    if (typeof about[key] === "string" && about[key].trim()) out[key] = about[key].trim();
  }
  return Object.keys(out).length ? out : null;
}

// Work done ahead (ahead.js) keeps whole replies to hand back as the engine's own
// (engine.js): a reply cut short by its time limit is no answer, so none is kept.
export function keptReply(r) {
  return r && !r.timed_out ? r : null;
}

// A `prepare` reply: true once everything asked for is found.
export function readPrepared(r) {
  return Boolean(r && r.done);
}

// The grid a hint answered at 'apply' leaves: its values, whether it removed candidates, and
// the candidates of each empty cell (marks). Null when the reply is no applied step.
export function readApplied(r) {
  if (!r || r.status !== "step" || !r.result_values) return null;
  return { values: r.result_values, eliminates: (r.eliminations || []).length > 0,
    marks: r.marks || [] };
}

// A `tools` reply (the setter's drawing tools, docs/protocol.md "tools"): per drawable rule its
// type, JSON key, words, input, value spec, cells needed, item template and outside places.
export function readTools(r) {
  return (r.tools || []).map((t) => ({
    type: t.type, key: t.json_key, words: t.words, input: t.input, value: t.value || null,
    least: t.least || 1, item: t.item, places: t.places || [],
  }));
}

// A `setter` reply: the solutions ("none" | "one" | "several" | "unknown"), what can go
// (cells; rule items {key, index, words}), why there is no solution (words and cells), the
// level so far and the engine's one-line summary.
export function readSetter(r) {
  const why = r.why && r.why.found ? { text: r.why.text || "", cells: r.why.cells || [] } : null;
  return {
    solutions: r.solutions, removableGivens: r.removable_givens || [],
    removableRules: (r.removable_rules || []).map((x) => ({ key: x.key, index: x.index, words: x.words })),
    checked: Boolean(r.checked), why, level: r.level || null, hardest: r.hardest || "",
    solved: Boolean(r.solved), timedOut: Boolean(r.timed_out), message: r.message || "",
  };
}

// A `true_candidates` reply: per cell the digits some solution holds, and whether exact.
export function readTrueCandidates(r) {
  return { values: r.candidates || [], exact: r.status === "solved" };
}

// A `scan` reply (docs/protocol.md "scan"): the grid read from a photo and checked by the
// solver, the cells to look at, the grid's corners in the image's pixels, and words.
export function readScan(r) {
  const list = (x) => (Array.isArray(x) ? x : []);
  return {
    size: r.size, box: r.box, values: r.values, read: list(r.read), confidence: list(r.confidence),
    unsure: list(r.unsure), changed: list(r.changed), verdict: r.verdict || "",
    verified: Boolean(r.verified), message: r.message || "",
    corners: list(r.corners).filter((p) => Array.isArray(p) && p.length === 2),
  };
}
