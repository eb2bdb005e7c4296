// state -> DOM. Only textContent and attributes are written: nothing is ever parsed as HTML.

import { size, symbol, valueOfKey } from "./state.js";

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

function cellLabel(doc, i, n, invalid, dead) {
  const name = `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
  let what = "empty";
  if (doc.givens[i]) what = `${symbol(doc.givens[i], n)}, given`;
  else if (doc.entries[i]) what = `${symbol(doc.entries[i], n)}, your entry`;
  else if (doc.solved[i]) what = `${symbol(doc.solved[i], n)}, solver`;
  let label = `${name}, ${what}`;
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
  const cells = built.cells;
  for (let i = 0; i < cells.length; i++) {
    const el = cells[i];
    const given = doc.givens[i];
    const entry = doc.entries[i];
    const solved = doc.solved[i];
    const value = given || entry || solved;
    const text = symbol(value, n);
    if (el.dataset.value !== text) {
      el.dataset.value = text;
      el.textContent = text;
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
  $("shape").textContent = `boxes ${doc.box[0]}×${doc.box[1]}`;

  const msg = $("message");
  if (msg.textContent !== state.message.text) msg.textContent = state.message.text;
  msg.dataset.kind = state.message.kind;

  const engine = state.engine;
  document.documentElement.dataset.engine = engine.state;
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
  const share = $("share-panel");
  share.hidden = !state.shareUrl;
  if ($("share-url").value !== state.shareUrl) $("share-url").value = state.shareUrl;
}

// The value a key press means for the current grid, or null.
export function keyValue(state, key) {
  return valueOfKey(key, size(state.doc));
}
