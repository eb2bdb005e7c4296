// state -> DOM. Only textContent and attributes are written: nothing is ever parsed as HTML.

import { boxShapes, size, symbol, valueOfKey } from "./state.js";

const $ = (id) => document.getElementById(id);

let built = null; // {box, cells: [element]} of the grid currently in the DOM

function buildGrid(doc) {
  const grid = $("grid");
  const [br, bc] = doc.box;
  const n = br * bc;
  grid.replaceChildren();
  grid.style.setProperty("--n", String(n));
  grid.setAttribute("aria-rowcount", String(n));
  grid.setAttribute("aria-colcount", String(n));
  grid.dataset.size = String(n);
  const cells = [];
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "row";
    if ((r + 1) % br === 0 && r + 1 < n) row.classList.add("box-bottom");
    for (let c = 0; c < n; c++) {
      const cell = document.createElement("div");
      cell.setAttribute("role", "gridcell");
      cell.className = "cell";
      if ((c + 1) % bc === 0 && c + 1 < n) cell.classList.add("box-right");
      cell.dataset.cell = String(r * n + c);
      cell.dataset.value = "";
      cell.tabIndex = -1;
      row.append(cell);
      cells.push(cell);
    }
    grid.append(row);
  }
  built = { box: doc.box, cells };

  const keypad = $("keypad");
  keypad.replaceChildren();
  for (let v = 1; v <= n; v++) {
    const key = document.createElement("button");
    key.type = "button";
    key.className = "key";
    key.dataset.value = String(v);
    key.textContent = symbol(v, n);
    key.setAttribute("aria-label", `Enter ${symbol(v, n)}`);
    keypad.append(key);
  }
  const erase = document.createElement("button");
  erase.type = "button";
  erase.className = "key erase";
  erase.dataset.value = "0";
  erase.textContent = "Erase";
  keypad.append(erase);
}

// The candidates an empty cell shows: the user's marks, else the computed ones when the
// candidates view is on, else only those a hint points at.
function cellMarks(state, i, hintMarks) {
  const own = state.doc.pencil[i];
  if (own.length) return own;
  if (state.showCandidates && state.auto && state.autoFor === state.doc) return state.auto[i] || [];
  const hinted = hintMarks.get(i);
  return hinted ? [...hinted.keys()].sort((a, b) => a - b) : [];
}

function marksKey(state, i, hintMarks) {
  const hinted = hintMarks.get(i);
  const roles = hinted ? [...hinted].map(([v, r]) => `${v}${r}`).join(",") : "";
  return `m${cellMarks(state, i, hintMarks).join(",")}|c${state.doc.corner[i].join(",")}|h${roles}`;
}

function drawMarks(el, state, i, n, box, hintMarks) {
  const values = cellMarks(state, i, hintMarks);
  const corner = state.doc.corner[i];
  const hinted = hintMarks.get(i) || new Map();
  el.replaceChildren();
  if (values.length) {
    const grid = document.createElement("span");
    grid.className = "marks";
    grid.setAttribute("aria-hidden", "true");
    grid.style.setProperty("--mc", String(box[1]));
    grid.style.setProperty("--mr", String(box[0]));
    const have = new Set(values);
    for (let v = 1; v <= n; v++) {
      const slot = document.createElement("span");
      if (have.has(v)) {
        slot.textContent = symbol(v, n);
        const role = hinted.get(v);
        if (role) slot.dataset.role = role;
      }
      grid.append(slot);
    }
    el.append(grid);
  }
  if (corner.length) {
    const c = document.createElement("span");
    c.className = "corner";
    c.setAttribute("aria-hidden", "true");
    c.textContent = corner.map((v) => symbol(v, n)).join("");
    el.append(c);
  }
}

function cellLabel(doc, i, n, invalid, dead) {
  const name = `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
  let what = "empty";
  if (doc.givens[i]) what = `${symbol(doc.givens[i], n)}, given`;
  else if (doc.entries[i]) what = `${symbol(doc.entries[i], n)}, your entry`;
  else if (doc.solved[i]) what = `${symbol(doc.solved[i], n)}, solver`;
  let label = `${name}, ${what}`;
  if (!doc.givens[i] && !doc.entries[i] && !doc.solved[i]) {
    if (doc.pencil[i].length) label += `, marks ${doc.pencil[i].map((v) => symbol(v, n)).join(" ")}`;
    if (doc.corner[i].length) label += `, corner ${doc.corner[i].map((v) => symbol(v, n)).join(" ")}`;
  }
  if (invalid) label += ", conflict";
  if (dead) label += ", no value fits";
  return label;
}

export function render(state, { focus = false } = {}) {
  const doc = state.doc;
  const n = size(doc);
  if (!built || built.box[0] !== doc.box[0] || built.box[1] !== doc.box[1]) buildGrid(doc);
  const conflicts = new Set(state.conflicts);
  const dead = new Set(state.dead);
  const marks = new Map(state.highlights.map((h) => [h.cell, h.role]));
  const hintMarks = new Map(); // cell -> Map(value -> role), candidates the hint points at
  if (state.hint && state.hint.doc === doc) {
    for (const c of state.hint.data.candidates || []) {
      const cell = c.cell[0] * n + c.cell[1];
      const v = valueOfKey(c.symbol, n);
      if (v === null) continue;
      if (!hintMarks.has(cell)) hintMarks.set(cell, new Map());
      hintMarks.get(cell).set(v, c.role);
    }
  }
  const cells = built.cells;
  for (let i = 0; i < cells.length; i++) {
    const el = cells[i];
    const given = doc.givens[i];
    const entry = doc.entries[i];
    const solved = doc.solved[i];
    const value = given || entry || solved;
    const text = symbol(value, n);
    if (el.dataset.value !== text) el.dataset.value = text;
    const content = value ? `v${text}` : marksKey(state, i, hintMarks);
    if (el.dataset.content !== content) {
      el.dataset.content = content;
      if (value) el.textContent = text;
      else drawMarks(el, state, i, n, doc.box, hintMarks);
    }
    const kind = given ? "given" : entry ? "entry" : solved ? "solved" : "empty";
    if (el.dataset.kind !== kind) el.dataset.kind = kind;
    const invalid = conflicts.has(i);
    if (invalid) el.setAttribute("aria-invalid", "true");
    else el.removeAttribute("aria-invalid");
    el.classList.toggle("dead", dead.has(i));
    const role = marks.get(i) || "";
    if ((el.dataset.highlight || "") !== role) {
      if (role) el.dataset.highlight = role;
      else delete el.dataset.highlight;
    }
    const selected = i === state.cursor;
    el.tabIndex = selected ? 0 : -1;
    if (selected) el.setAttribute("aria-selected", "true");
    else el.removeAttribute("aria-selected");
    if (given) el.setAttribute("aria-readonly", "true");
    else el.removeAttribute("aria-readonly");
    const label = cellLabel(doc, i, n, invalid, dead.has(i));
    if (el.getAttribute("aria-label") !== label) el.setAttribute("aria-label", label);
  }
  if (focus) {
    const active = document.activeElement;
    const inGrid = active && active.closest && active.closest("#grid");
    if (inGrid || focus === "force") cells[state.cursor].focus({ preventScroll: false });
  }

  $("grid").classList.toggle("celebrate", state.celebrate);
  $("grid").setAttribute("aria-busy", state.busy ? "true" : "false");
  const sizeSelect = $("size");
  if (sizeSelect.value !== String(n)) {
    if (![...sizeSelect.options].some((o) => o.value === String(n))) {
      const opt = document.createElement("option");
      opt.value = String(n);
      opt.textContent = `${n}×${n}`;
      sizeSelect.append(opt);
    }
    sizeSelect.value = String(n);
  }
  renderShapes(doc.box, n);

  const msg = $("message");
  if (msg.textContent !== state.message.text) msg.textContent = state.message.text;
  msg.dataset.kind = state.message.kind;

  const engine = state.engine;
  document.documentElement.dataset.engine = engine.state;
  if (engine.timings) document.documentElement.dataset.engineTimings = JSON.stringify(engine.timings);
  document.documentElement.dataset.jobs = String(state.jobs); // 0 = the engine is idle
  $("engine-text").textContent =
    engine.state === "ready"
      ? "Engine ready"
      : engine.state === "error"
        ? `Engine failed: ${engine.text || "unknown error"}`
        : `${engine.text || "Loading the engine"}…`;
  const progress = $("engine-progress");
  progress.hidden = engine.state !== "loading";
  progress.value = engine.progress || 0;
  $("version").textContent = engine.version
    ? `sudoku_core ${engine.version.version} on Python ${engine.version.python} (Pyodide)`
    : "";

  const ready = engine.state === "ready";
  for (const button of document.querySelectorAll("[data-needs-engine]")) {
    button.disabled = !ready || Boolean(state.busy);
  }
  $("cancel").hidden = !state.busy;
  $("undo").disabled = !state.past.length;
  $("redo").disabled = !state.future.length;
  $("lock").disabled = !doc.entries.some((v) => v);
  for (const name of ["new", "io"]) {
    $(`${name}-panel`).hidden = state.panel !== name;
    $(name).setAttribute("aria-expanded", String(state.panel === name));
  }
  $("restore").hidden = !state.previous;
  const cand = $("candidates");
  cand.setAttribute("aria-pressed", String(state.showCandidates));
  if ($("notes").value !== state.notes) $("notes").value = state.notes;
  $("difficulty").textContent = state.rating && state.rating.level
    ? `Difficulty: ${state.rating.level} (score ${state.rating.score}` +
      `${state.rating.hardest ? `, hardest step: ${state.rating.hardest}` : ""})`
    : "";
  const walk = state.walk;
  $("walk-panel").hidden = !walk;
  if (walk) {
    $("walk-text").textContent = walk.index === 0
      ? `${walk.steps.length} steps. Next step shows the first one.`
      : `Step ${walk.index} of ${walk.steps.length}: ${walk.steps[walk.index - 1].text}`;
    $("walk-prev").disabled = walk.index === 0;
    $("walk-next").disabled = walk.index >= walk.steps.length;
  }
  const share = $("share-panel");
  share.hidden = !state.shareUrl;
  if ($("share-url").value !== state.shareUrl) $("share-url").value = state.shareUrl;
}

// The value a key press means for the current grid, or null.
export function keyValue(state, key) {
  return valueOfKey(key, size(state.doc));
}

// The Boxes menu lists the shapes of the current size; rebuilt only when the size changes.
function renderShapes(box, n) {
  const select = $("shape");
  if (select.dataset.size !== String(n)) {
    select.replaceChildren(...boxShapes(n).map(([r, c]) => {
      const opt = document.createElement("option");
      opt.value = `${r}x${c}`;
      opt.textContent = `${r}×${c}`;
      return opt;
    }));
    select.dataset.size = String(n);
  }
  select.value = `${box[0]}x${box[1]}`;
  select.disabled = select.options.length < 2;
}
