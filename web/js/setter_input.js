// Set mode's input: a press, a drag and a release on the grid (mouse, pen or touch: pointer
// events, read by their position, so a finger that slides reaches every cell) become a drawing
// of the chosen tool; a tap beside the grid places a clue outside it, a tap near a corner takes
// the cells around it; a groups tool takes two strokes (a group, then its copy), a region tool
// paints the whole map stroke by stroke; a tool that asks a number asks it in the setter panel;
// typing sets givens. The setter's buttons.

import { addDrawing, currentTool, setter } from "./setter.js";
import * as SD from "./setter_draw.js";
import * as S from "./state.js";
import { dispatch, getState, say, size, subscribe } from "./store.js";
import { flush } from "./view.js";

const $ = (id) => document.getElementById(id);
const GRID_BORDER = 3; // px: the grid's outer line (app.css), outside the cells

let drawing = null; // the drawing under the pointer: setter_draw.js {tool, cells, place}
let pressed = false;
let firstGroup = null; // a groups tool's first group: {key, cells} until its copy is drawn
let regionDraft = null; // a region tool's map being painted: {key, map}

// Where a pointer event is, in cells from the grid's top-left corner: [row, col] and the
// offset from that cell's centre (dx, dy in -0.5 .. 0.5).
function spotOf(event) {
  const rect = $("grid").getBoundingClientRect();
  const n = size();
  const unit = (rect.width - 2 * GRID_BORDER) / n;
  const x = (event.clientX - rect.left - GRID_BORDER) / unit;
  const y = (event.clientY - rect.top - GRID_BORDER) / unit;
  const at = SD.cellAt(x, y);
  return { at, dx: x - at[1] - 0.5, dy: y - at[0] - 0.5 };
}

// The cells being drawn, marked for the eye and for tests (data-drawing; a groups tool's
// first group too), and a region map being painted (data-paint: the region, from 1; a hue per
// region); docs/page.md.
function showDrawing(d) {
  const on = new Set([...(d ? d.cells : []), ...(firstGroup ? firstGroup.cells : [])]);
  const map = regionDraft ? regionDraft.map : [];
  for (const el of $("grid").querySelectorAll("[data-cell]")) {
    const cell = Number(el.dataset.cell);
    if (on.has(cell)) el.dataset.drawing = "true";
    else if (el.dataset.drawing) delete el.dataset.drawing;
    const k = map[cell] ?? -1;
    if (k >= 0) {
      el.dataset.paint = String(k + 1);
      el.style.setProperty("--paint-hue", String((k * 137) % 360));
    } else if (el.dataset.paint) {
      delete el.dataset.paint;
      el.style.removeProperty("--paint-hue");
    }
  }
}

function setDrawing(d) {
  drawing = d;
  showDrawing(d);
}

// A groups tool's stroke: the first group is kept (and said); the second, of as many cells,
// is its copy and the item is added; of another count it is refused in words.
function finishGroup(d) {
  const tool = d.tool;
  const cells = SD.readingOrder(d.cells);
  setDrawing(null);
  if (!firstGroup || firstGroup.key !== tool.key) {
    firstGroup = { key: tool.key, cells };
    showDrawing(null);
    say(`First group of the ${tool.words}: ${cells.length} cells. Now draw its copy, the same shape.`);
    return;
  }
  const first = firstGroup.cells;
  if (cells.length !== first.length) {
    say(`The copy needs ${first.length} cells, as many as the first group: draw it again.`, "error");
    return;
  }
  firstGroup = null;
  addDrawing({ tool, cells: first, copy: cells }, null).finally(() => showDrawing(null));
}

// A region tool's stroke painted into the map; once every cell is in a region the map is
// sent (the engine refuses a region of the wrong size or cut in two by name, and the map
// stays to be painted over); until then the page says how far it is.
function finishRegion(d) {
  const tool = d.tool;
  const n = size();
  if (!regionDraft || regionDraft.key !== tool.key || regionDraft.map.length !== n * n) {
    regionDraft = { key: tool.key, map: SD.emptyRegions(n) };
  }
  const painted = SD.paintRegion(regionDraft.map, d.cells, n);
  setDrawing(null);
  if (painted instanceof Error) {
    say(painted.message, "error");
    return;
  }
  regionDraft = { key: tool.key, map: painted.map };
  showDrawing(null);
  const p = SD.regionProgress(painted.map, n);
  if (!p.done) {
    say(`Region ${painted.region + 1}: ${p.sizes[painted.region]} of ${n} cells. ${p.painted} of ` +
      `${n * n} cells painted; the ${tool.words} regions are set once every cell is in one.`);
    return;
  }
  addDrawing({ tool, cells: [], regions: painted.map }, null).then((ok) => {
    if (ok) regionDraft = null;
    showDrawing(null);
  });
}

// A finished drawing: too few cells is said; a tool that takes a number asks it; else added.
function finish(d) {
  const tool = d.tool;
  if (tool.input === "groups") return finishGroup(d);
  if (tool.input === "region") return finishRegion(d);
  if (!SD.complete(d)) {
    say(`A ${tool.words} needs at least ${tool.least} cells: draw again.`, "error");
    setDrawing(null);
    return null;
  }
  if (tool.value) {
    setDrawing(d);
    dispatch((s) => S.updateSetter(s, { drawing: { key: tool.key, cells: d.cells } }));
    flush();
    const input = $("setter-value");
    input.value = tool.value.default !== undefined ? String(tool.value.default) : "";
    input.focus();
    return null;
  }
  addDrawing(d, null).finally(() => setDrawing(null));
  return null;
}

function outsideTap(tool, spot) {
  const place = SD.placeAt(tool, spot.at, spot.dx, spot.dy);
  if (!place) {
    say(`Tap beside the grid, where a ${tool.words} clue stands.`, "error");
    return;
  }
  finish({ tool, cells: place.cells, place });
}

// A tap near where grid lines cross: the cells around that corner (a quadruple's).
function cornerTap(tool, spot, n) {
  const cells = SD.cornerCells(spot.at[1] + 0.5 + spot.dx, spot.at[0] + 0.5 + spot.dy, n);
  if (cells.length < (tool.least || 1)) {
    say(`Tap near a corner where ${tool.least} or more cells meet for a ${tool.words}.`, "error");
    return;
  }
  finish({ tool, cells });
}

function onDown(event) {
  const tool = currentTool();
  if (!tool || tool.input === "flag" || event.button > 0) return;
  event.stopPropagation(); // drawing, not selecting
  event.preventDefault();
  const spot = spotOf(event);
  const n = size();
  if (tool.input.startsWith("outside")) {
    if (!SD.inside(spot.at, n)) outsideTap(tool, spot);
    return;
  }
  if (tool.input === "corner") {
    cornerTap(tool, spot, n);
    return;
  }
  if (!SD.inside(spot.at, n)) return;
  const cell = spot.at[0] * n + spot.at[1];
  // A pair's second cell may come by a second tap as well as by a drag.
  if (drawing && drawing.tool === tool && tool.input === "pair" && drawing.cells.length === 1 &&
      !getState().setter.drawing) {
    const d = SD.addCell(drawing, cell);
    if (d.cells.length === 2) {
      finish(d);
      return;
    }
  }
  pressed = true;
  setDrawing(SD.startDrawing(tool, cell));
}

function onMove(event) {
  if (!pressed || !drawing) return;
  const spot = spotOf(event);
  const n = size();
  if (!SD.inside(spot.at, n)) return;
  // Near a cell's corner a diagonal slide would catch a neighbour it only grazes: the
  // middle of a cell counts.
  if (Math.abs(spot.dx) > 0.4 || Math.abs(spot.dy) > 0.4) return;
  const d = SD.addCell(drawing, spot.at[0] * n + spot.at[1]);
  if (d === drawing) return;
  setDrawing(d);
  if (d.tool.input === "pair" && d.cells.length === 2) {
    pressed = false;
    finish(d);
  }
}

function onUp() {
  if (!pressed) return;
  pressed = false;
  const d = drawing;
  if (!d) return;
  if (d.tool.input === "pair" && d.cells.length < 2) return; // waits for the second tap
  finish(d);
}

// The number a drawing waits for, typed in the panel: the item is added, or why not is said.
async function answerValue() {
  const tool = currentTool();
  if (!drawing || !tool) return;
  const value = SD.readValue(tool.value, $("setter-value").value);
  if (value instanceof Error) {
    say(value.message, "error");
    return;
  }
  // A number the engine refuses keeps the drawing: another number, or Cancel.
  if (!(await addDrawing(drawing, value))) return;
  dispatch((s) => S.updateSetter(s, { drawing: null }));
  setDrawing(null);
  $("grid").focus({ preventScroll: true });
}

// Esc or Cancel: the drawing waiting for its number goes. True when there was one.
export function dropDrawing() {
  if (!drawing && !firstGroup && !regionDraft && !(getState().setter && getState().setter.drawing)) {
    return false;
  }
  firstGroup = null;
  regionDraft = null;
  pressed = false;
  setDrawing(null);
  dispatch((s) => S.updateSetter(s, { drawing: null }), "Drawing dropped.");
  return true;
}

function bindButtons() {
  $("set-puzzle").addEventListener("click", () => setter.toggleSetter());
  $("setter-done").addEventListener("click", () => setter.toggleSetter(false));
  $("setter-tool").addEventListener("change", (e) => {
    dropDrawing();
    setter.chooseTool(e.target.value);
  });
  $("setter-flag").addEventListener("click", () => setter.switchFlag());
  $("setter-clear").addEventListener("click", () => setter.clearGrid());
  $("setter-true").addEventListener("click", () => setter.showTrue());
  $("setter-export").addEventListener("click", () => setter.exportLinks());
  $("setter-add").addEventListener("click", () => answerValue());
  $("setter-drop").addEventListener("click", () => dropDrawing());
  $("setter-value").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      answerValue();
    }
  });
  $("setter-removable").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (!b) return;
    if (b.dataset.given !== undefined) setter.removeGiven(Number(b.dataset.given));
    else setter.removeRule(b.dataset.key, b.dataset.index === "" ? null : Number(b.dataset.index));
  });
}

// Set mode ended: a drawing begun, a first group or a half-painted map goes with it (unsaid:
// the page says Set mode is off), so that no mark of it stays on the cells while playing.
function forgetOnLeaving(state) {
  if (state.setter || !(drawing || firstGroup || regionDraft)) return;
  firstGroup = null;
  regionDraft = null;
  pressed = false;
  setDrawing(null);
}

export function bindSetter() {
  subscribe(forgetOnLeaving);
  const frame = $("frame");
  frame.addEventListener("pointerdown", onDown, true);
  frame.addEventListener("pointermove", onMove, true);
  document.addEventListener("pointerup", onUp);
  document.addEventListener("pointercancel", () => {
    pressed = false;
    setDrawing(null);
  });
  bindButtons();
}
