// Drawing the scan panel (scan.js holds its session): the photo with the grid's corners
// outlined, the grid read from it (the cells to check and the player's fixes marked), its
// keypad, the status line and the buttons. Reads the session only; decodes nothing.

import { symbol } from "./doc.js";
import { cellView } from "./scan_model.js";

const $ = (id) => document.getElementById(id);

// The photo (a canvas of the shrunk image) in the panel, with the corners the engine found
// outlined on it; the corners stay readable in data-corners ("x,y x,y x,y x,y").
export function showPhoto(canvas, corners = []) {
  const box = $("scan-photo");
  canvas.id = "scan-canvas";
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", corners.length === 4
    ? "Your photo, the grid found outlined" : "Your photo");
  if (corners.length === 4) {
    outline(canvas, corners);
    canvas.dataset.corners = corners.map(([x, y]) => `${Math.round(x)},${Math.round(y)}`).join(" ");
  }
  if (box.firstElementChild !== canvas) box.replaceChildren(canvas);
}

// A line in two colours (light under dark) so it shows on a bright or a dark photo.
function outline(canvas, corners) {
  const ctx = canvas.getContext("2d");
  const width = Math.max(2, Math.round(Math.max(canvas.width, canvas.height) / 250));
  for (const [colour, w] of [["#ffffff", width * 2], ["#e0007a", width]]) {
    ctx.beginPath();
    corners.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
    ctx.lineJoin = "round";
    ctx.lineWidth = w;
    ctx.strokeStyle = colour;
    ctx.stroke();
  }
}

function buildGrid(grid, read) {
  const n = read.size;
  const [br, bc] = read.box;
  grid.replaceChildren();
  grid.style.setProperty("--n", String(n));
  grid.setAttribute("aria-rowcount", String(n));
  grid.setAttribute("aria-colcount", String(n));
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "row";
    for (let c = 0; c < n; c++) {
      const cell = document.createElement("div");
      cell.setAttribute("role", "gridcell");
      cell.className = "cell";
      cell.classList.toggle("box-right", (c + 1) % bc === 0 && c < n - 1);
      cell.classList.toggle("box-bottom", (r + 1) % br === 0 && r < n - 1);
      cell.classList.toggle("after-box", r > 0 && r % br === 0);
      cell.dataset.cell = String(r * n + c);
      cell.tabIndex = -1;
      row.append(cell);
    }
    grid.append(row);
  }
  grid.dataset.key = `${n}:${read.box}:${read.values}`;
}

function flag(cell, name, on) {
  if (on) cell.dataset[name] = "true";
  else delete cell.dataset[name];
}

function drawCells(grid, session) {
  for (const cell of grid.querySelectorAll("[data-cell]")) {
    const i = Number(cell.dataset.cell);
    const view = cellView(session, i);
    if (cell.textContent !== view.text) cell.textContent = view.text;
    cell.dataset.value = view.text;
    cell.dataset.kind = !view.text ? "empty" : view.edited ? "entry" : "given";
    flag(cell, "unsure", view.unsure || view.changed);
    flag(cell, "changed", view.changed);
    flag(cell, "edited", view.edited);
    cell.setAttribute("aria-label", view.label);
    cell.setAttribute("aria-selected", String(i === session.selected));
    cell.tabIndex = i === session.selected ? 0 : -1;
  }
}

function drawKeypad(pad, n) {
  if (pad.dataset.size === String(n)) return;
  pad.dataset.size = String(n);
  pad.style.setProperty("--keys", String(n));
  const keys = [];
  for (let v = 1; v <= n; v++) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "key";
    b.dataset.value = String(v);
    b.textContent = symbol(v, n);
    keys.push(b);
  }
  const erase = document.createElement("button");
  erase.type = "button";
  erase.className = "key erase";
  erase.dataset.value = "0";
  erase.textContent = "⌫";
  erase.setAttribute("aria-label", "Erase");
  keys.push(erase);
  pad.replaceChildren(...keys);
}

// The panel for `view`: {state: "reading" | "ready" | "checking" | "error", session (or null),
// status: {text, kind}, busy}. The grid is drawn only once a reply is read.
export function renderScan(view) {
  const panel = $("scan-panel");
  panel.dataset.state = view.state;
  const grid = $("scan-grid");
  const session = view.session;
  panel.dataset.read = session ? "true" : "false";
  if (session) {
    const read = session.read;
    if (grid.dataset.key !== `${read.size}:${read.box}:${read.values}`) buildGrid(grid, read);
    drawCells(grid, session);
    drawKeypad($("scan-keypad"), read.size);
    grid.dataset.verdict = read.verdict;
  } else {
    clearGrid();
  }
  const status = $("scan-status");
  if (status.textContent !== view.status.text) status.textContent = view.status.text;
  status.dataset.kind = view.status.kind;
  $("scan-play").disabled = !session || view.busy;
  $("scan-keypad").hidden = !session;
}

// The read grid and its keypad go (a closed panel leaves no cell that a test or a screen
// reader could take for the game's).
export function clearGrid() {
  const grid = $("scan-grid");
  grid.replaceChildren();
  delete grid.dataset.key;
  delete grid.dataset.verdict;
  const pad = $("scan-keypad");
  pad.replaceChildren();
  delete pad.dataset.size;
}

export function focusSelected() {
  const cell = $("scan-grid").querySelector("[tabindex='0']");
  if (cell) cell.focus({ preventScroll: true });
}
