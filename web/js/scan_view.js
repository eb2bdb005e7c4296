// Drawing the scan panel (scan.js holds its session): the photo with the grid's corners
// outlined, the grid read from it (the cells to check and the player's fixes marked), its
// keypad, the status line and the buttons. Reads the session only; decodes nothing.

import { eraseKey } from "./render.js";
import { symbol } from "./doc.js";
import { cellQuad, cellView } from "./scan_model.js";

const $ = (id) => document.getElementById(id);

let photo = null; // {source: the shrunk photo's canvas, corners, drawn: key of what is drawn}

// The photo in the panel (a canvas of its own, drawn from the shrunk image `source`) with the
// grid's corners the engine found outlined; they stay readable in data-corners
// ("x,y x,y x,y x,y").
export function showPhoto(source, corners = []) {
  const canvas = document.createElement("canvas");
  canvas.id = "scan-canvas";
  canvas.width = source.width;
  canvas.height = source.height;
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", corners.length === 4
    ? "Your photo, the grid found outlined" : "Your photo");
  if (corners.length === 4) {
    canvas.dataset.corners = corners.map(([x, y]) => `${Math.round(x)},${Math.round(y)}`).join(" ");
  }
  photo = { source, corners: corners.length === 4 ? corners : [], drawn: null };
  $("scan-photo").replaceChildren(canvas);
  drawPhoto(null);
}

// The photo goes (a new photo, the panel closed).
export function clearPhoto() {
  photo = null;
  $("scan-photo").replaceChildren();
}

// A closed line through `points` in two colours (light under dark): it shows on a bright or a
// dark photo alike.
function stroke(ctx, points, colour, width) {
  for (const [c, w] of [["#ffffff", width * 2], [colour, width]]) {
    ctx.beginPath();
    points.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
    ctx.lineJoin = "round";
    ctx.lineWidth = w;
    ctx.strokeStyle = c;
    ctx.stroke();
  }
}

// The photo again with the grid outlined, the cells to check in orange and the selected cell
// in blue (where to look on the photo while fixing it).
function drawPhoto(session) {
  const canvas = $("scan-canvas");
  if (!photo || !canvas) return;
  const toCheck = session ? [...session.read.unsure, ...session.read.changed] : [];
  const key = session ? `${session.selected}|${toCheck}` : "";
  if (photo.drawn === key) return;
  photo.drawn = key;
  const ctx = canvas.getContext("2d");
  ctx.drawImage(photo.source, 0, 0);
  if (!photo.corners.length) return;
  const width = Math.max(1.5, Math.max(canvas.width, canvas.height) / 400);
  stroke(ctx, photo.corners, "#e0007a", width * 1.5);
  if (!session) return;
  const n = session.read.size;
  for (const i of toCheck) stroke(ctx, cellQuad(photo.corners, n, i), "#e06c00", width);
  stroke(ctx, cellQuad(photo.corners, n, session.selected), "#0060df", width * 2);
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
  keys.push(eraseKey());
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
    // role=grid only while a reading is shown: the page contract's [role=grid] is the game's.
    grid.setAttribute("role", "grid");
    if (grid.dataset.key !== `${read.size}:${read.box}:${read.values}`) buildGrid(grid, read);
    drawCells(grid, session);
    drawPhoto(session);
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
  grid.removeAttribute("role");
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
