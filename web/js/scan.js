// Scan a photo (Import's "Scan a photo"; app.js fetches this module on first use): the browser
// decodes the photo and shrinks it on a canvas, its grey bytes go to the engine's `scan`
// (docs/protocol.md "scan"), and the scan panel (scan_view.js) shows the photo beside the grid
// read, the cells to check marked. The player fixes any cell, then plays it as a new game; a
// fixed grid is counted again by the engine (`validate`) first. Nothing leaves the device: the
// photo goes to the engine's worker only.

import { startGame } from "./actions/games.js";
import { ask, cancel, job, running } from "./client.js";
import * as D from "./doc.js";
import { readScan, readVerdict } from "./protocol.js";
import * as M from "./scan_model.js";
import { clearGrid, clearPhoto, focusSelected, renderScan, showPhoto } from "./scan_view.js";
import * as S from "./state.js";
import { dispatch } from "./store.js";
import { flush, wantFocus } from "./view.js";

const $ = (id) => document.getElementById(id);

const CLOSED = { state: "closed", session: null, status: { text: "", kind: "info" }, busy: false };
const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
const ERASE = new Set(["Backspace", "Delete", "0", ".", " "]);
const JOBS = new Set(["scan", "scan-check"]);

let view = CLOSED;
let token = 0; // the photo being read: a newer photo or a close makes an older reply stale
let bound = false;

function set(changes) {
  view = { ...view, ...changes };
  renderScan(view);
}

function status(text, kind = "info", more = {}) {
  set({ status: { text, kind }, ...more });
}

function fail(text) {
  status(text, "error", { state: "error", busy: false });
}

function open() {
  bind();
  const panel = $("scan-panel");
  if (!panel.open) panel.showModal();
}

// Close the panel (Cancel, Esc, after Play): a reading in progress is stopped; the focus goes
// back to the game's grid.
export function close(focusGrid = true) {
  token++;
  if (JOBS.has(running())) cancel();
  view = CLOSED;
  clearGrid();
  clearPhoto();
  renderScan(view);
  const panel = $("scan-panel");
  if (panel.open) panel.close();
  if (focusGrid) {
    wantFocus("force");
    flush();
  }
}

// Why the file's header promises too big a picture, or "" (also when it cannot be read).
async function sizeProblem(file) {
  try {
    const head = new Uint8Array(await file.slice(0, M.HEADER_BYTES).arrayBuffer());
    return M.headerProblem(file.name, M.headerSize(head));
  } catch {
    return "";
  }
}

// The photo on a canvas, shrunk to at most MAX_SIDE px, on white (a transparent PNG's empty
// parts are paper); EXIF orientation applied, as the phone showed it.
async function decode(file) {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const [w, h] = M.fitSize(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, w, h);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(bitmap, 0, 0, w, h);
    return canvas;
  } finally {
    bitmap.close();
  }
}

// The engine's reading of the canvas: {read} or {error}; null when cancelled.
function askScan(canvas) {
  const { width, height } = canvas;
  const pixels = canvas.getContext("2d").getImageData(0, 0, width, height).data;
  const gray = M.toBase64(M.grayOf(pixels));
  return job("scan", "Reading the grid in the photo…", async () => {
    try {
      return { read: readScan(await ask("scan", { width, height, gray, time_limit: M.TIME_LIMIT })) };
    } catch (err) {
      return { error: err };
    }
  });
}

// The engine's words (they name the cells to check), and how to check them here.
function readWords(read) {
  if (!read.unsure.length && !read.changed.length) return read.message;
  return `${read.message} Select a marked cell to see it on the photo; type a digit to fix it.`;
}

// Scan a photo file: the panel opens at once and says what happens, or what is wrong.
export async function scanFile(file) {
  open();
  const me = ++token;
  clearPhoto();
  status("Opening the photo…", "busy", { state: "reading", session: null, busy: true });
  if (JOBS.has(running())) cancel(); // another photo chosen while the last one was read
  const problem = M.fileProblem(file) || await sizeProblem(file);
  if (problem) return fail(problem);
  if (me !== token) return;
  let canvas;
  try {
    canvas = await decode(file);
  } catch {
    return fail(`${file.name || "That file"} is not a picture this browser can read: choose a photo (JPEG, PNG or WebP).`);
  }
  if (me !== token) return;
  if (running()) return fail("The engine is busy with another job: wait for it (or cancel it), then scan again.");
  showPhoto(canvas);
  status("Looking for the grid and reading its digits…", "busy");
  const r = await askScan(canvas);
  if (me !== token) return;
  if (!r) return fail("Cancelled: no grid was read.");
  if (r.error) return fail(`No puzzle read: ${r.error.message}`);
  showPhoto(canvas, r.read.corners);
  status(readWords(r.read), r.read.verified ? "ok" : "warn",
    { state: "ready", busy: false, session: M.newSession(r.read) });
  focusSelected();
}

// The engine's count of the fixed grid's solutions: {status, message} or null (cancelled).
async function checkFixed(session) {
  const me = token;
  status("Counting the solutions of your fixed grid…", "busy", { state: "checking", busy: true });
  const v = await job("scan-check", "Counting the solutions…", async () => {
    try {
      return readVerdict(await ask("validate", { cells: session.values, box: session.read.box }));
    } catch (err) {
      return { status: "error", message: err.message };
    }
  });
  if (me !== token) return null; // the panel was closed meanwhile
  if (!v) {
    status("Cancelled: your grid was not checked.", "info", { state: "ready", busy: false });
    return null;
  }
  const checked = { values: session.values.slice(), status: v.status, message: v.message };
  set({ state: "ready", busy: false, session: { ...view.session, checked } });
  return checked;
}

function load(session, words, kind) {
  const doc = { ...D.emptyDoc(session.read.box), givens: session.values.slice() };
  const n = session.read.size;
  close(false);
  dispatch(S.closePanel);
  startGame(doc, "", "", `Loaded the scanned ${n}×${n} puzzle with ${M.givensCount(doc.givens)} givens. ${words}`, kind);
}

// Play this puzzle: as read, or once the engine has counted the fixed grid (a grid that is not
// unique is said first; a second press plays it all the same).
async function play() {
  const session = view.session;
  if (!session || view.busy) return;
  if (!M.editedCells(session).length) {
    load(session, session.read.message, session.read.verified ? "ok" : "warn");
    return;
  }
  if (M.checkedNow(session)) {
    load(session, session.checked.message, session.checked.status === "unique" ? "ok" : "warn");
    return;
  }
  const checked = await checkFixed(session);
  if (!checked) return;
  if (checked.status === "unique") {
    load(view.session, `Your fixed grid: ${checked.message}`, "ok");
    return;
  }
  status(`Your fixed grid: ${checked.message} Press Play this puzzle again to play it as it is.`, "warn");
}

function edit(session) {
  if (session === view.session) return;
  const fixes = M.editedCells(session).length;
  const text = fixes ? `${fixes} cell${fixes === 1 ? "" : "s"} fixed by you; Play this puzzle counts the solutions again.`
    : readWords(session.read);
  set({ session, status: { text, kind: fixes ? "info" : session.read.verified ? "ok" : "warn" } });
}

function gridKey(event) {
  const s = view.session;
  if (!s || event.ctrlKey || event.metaKey || event.altKey) return;
  const move = MOVES[event.key];
  const value = ERASE.has(event.key) ? 0 : D.keyToValue(event.key, s.read.size);
  if (move) set({ session: M.moveSelection(s, move[0], move[1]) });
  else if (value !== null && !view.busy) edit(M.setValue(s, s.selected, value));
  else return;
  event.preventDefault();
  focusSelected();
}

// Esc: a reading or a count in progress stops (the panel stays); else the panel closes.
function escape() {
  if (view.busy && JOBS.has(running())) cancel();
  else close();
}

function bind() {
  if (bound) return;
  bound = true;
  const panel = $("scan-panel");
  const grid = $("scan-grid");
  // The game's keys (Ctrl+Z, a paste, Esc's chain) never act behind the panel.
  panel.addEventListener("keydown", (event) => {
    event.stopPropagation();
    if (event.key !== "Escape") return;
    event.preventDefault();
    escape();
  });
  panel.addEventListener("cancel", (event) => {
    event.preventDefault();
    escape();
  });
  panel.addEventListener("close", () => {
    if (view.state !== "closed") close();
  });
  panel.addEventListener("paste", (event) => event.stopPropagation());
  grid.addEventListener("pointerdown", (event) => {
    const cell = event.target.closest("[data-cell]");
    if (!cell || !view.session) return;
    set({ session: M.select(view.session, Number(cell.dataset.cell)) });
    focusSelected();
  });
  grid.addEventListener("keydown", gridKey);
  const pad = $("scan-keypad");
  pad.addEventListener("pointerdown", (event) => event.preventDefault()); // the grid keeps the focus
  pad.addEventListener("click", (event) => {
    const key = event.target.closest("[data-value]");
    if (!key || !view.session || view.busy) return;
    edit(M.setValue(view.session, view.session.selected, Number(key.dataset.value)));
    focusSelected();
  });
  $("scan-play").addEventListener("click", () => play());
  $("scan-cancel").addEventListener("click", () => close());
}
