// Set mode: the setter types givens and draws rules with the engine's tools (setter_draw.js,
// setter_input.js), while a worker of its own (never the player's engine, so that nothing
// the page asks waits behind it) answers the setter's report for the newest grid: solutions,
// what can go, why none, the level so far, and the true candidates when asked. The newest
// grid wins: one report in flight, and the grid as it is then asked once it returns.

import { ask } from "./client.js";
import * as D from "./doc.js";
import * as E from "./edits.js";
import { Engine } from "./engine.js";
import { readFormat, readSetter, readTools, readTrueCandidates } from "./protocol.js";
import * as SD from "./setter_draw.js";
import { toHash } from "./share.js";
import * as S from "./state.js";
import { dispatch, getState, say, size, subscribe } from "./store.js";
import { flush, scheduleRender } from "./view.js";

const REPORT_BUDGET = 4; // seconds one report may take (the newest grid waits at most that)
const PAUSE = 200; // ms of quiet after a change before the report is asked
const EXPORT_SITES = ["fpuzzles", "sudokupad"];

let helper = null; // the setter's engine (started with Set mode, kept for the page's life)
let helperState = "loading";
let asking = false; // a report in flight
let timer = 0;
let toolsFor = 0; // the size whose tools were asked (a request dispatches: asked once)

function setterEngine() {
  if (!helper) {
    helper = new Engine(new URL("./worker.js#setter", import.meta.url), (status) => {
      helperState = status.state;
      document.documentElement.dataset.setterEngine = status.state;
      if (status.state === "ready") schedule();
      scheduleRender();
    });
    helper.marks = false;
  }
  return helper;
}

export function setterEngineState() {
  return helperState;
}

// The tool chosen, as the engine described it, or null.
export function currentTool(state = getState()) {
  const st = state.setter;
  if (!st || !st.tool || !st.tools) return null;
  return st.tools.list.find((t) => t.key === st.tool) || null;
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    runReport().catch((err) => console.warn("setter report:", err));
  }, PAUSE);
}

function keyOf(doc) {
  return D.givensKey(doc);
}

function stillFor(key) {
  const s = getState();
  return Boolean(s.setter) && keyOf(s.doc) === key;
}

async function runReport() {
  const state = getState();
  if (!state.setter || asking) return;
  const doc = state.doc;
  const key = keyOf(doc);
  const had = state.setter.report;
  if (had && had.key === key && !had.working) return askTrue(doc, key);
  asking = true;
  dispatch((s) => S.updateSetter(s, { report: { ...(had || {}), key, working: true } }));
  const args = { cells: doc.givens, ...D.shapeArgs(doc), time_limit: REPORT_BUDGET };
  try {
    const report = readSetter(await setterEngine().request("setter", args));
    if (stillFor(key)) dispatch((s) => S.updateSetter(s, { report: { key, working: false, ...report } }));
    if (stillFor(key)) await askTrue(doc, key);
  } catch (err) {
    if (stillFor(key)) {
      dispatch((s) => S.updateSetter(s, { report: { key, working: false, error: err.message } }));
    }
  } finally {
    asking = false;
    if (getState().setter && !stillFor(key)) schedule();
  }
  return null;
}

// The true candidates of the givens, when the setter asked to see them.
async function askTrue(doc, key) {
  const st = getState().setter;
  if (!st || !st.showTrue || (st.trueCands && st.trueCands.key === key)) return;
  const args = { cells: doc.givens, ...D.shapeArgs(doc), time_limit: REPORT_BUDGET };
  try {
    const found = readTrueCandidates(await setterEngine().request("true_candidates", args));
    if (stillFor(key)) dispatch((s) => S.updateSetter(s, { trueCands: { key, values: found.values } }));
  } catch (err) {
    if (stillFor(key)) say(`True candidates: ${err.message}`, "error");
  }
}

// The engine's tools for the grid's size (asked once per size).
async function loadTools() {
  const st = getState().setter;
  const n = size();
  if (!st || (st.tools && st.tools.size === n) || toolsFor === n) return;
  toolsFor = n;
  try {
    const list = readTools(await ask("tools", { box: getState().doc.box }));
    if (getState().setter && size() === n) dispatch((s) => S.updateSetter(s, { tools: { size: n, list } }));
  } catch (err) {
    say(`The drawing tools could not be loaded: ${err.message}`, "error");
  } finally {
    toolsFor = 0;
  }
}

// After each change while setting: the report of the new grid, the tools of a new size.
subscribe((state, before) => {
  if (!state.setter) return;
  if (state.doc !== before.doc || !before.setter) schedule();
  if (!state.setter.tools || state.setter.tools.size !== size()) loadTools();
});

// The rules with a drawn item, checked by the engine (its geometry reads them, and refuses a
// broken one by name) before they enter the document: true when they did.
export async function putRules(variant, done) {
  const doc = getState().doc;
  try {
    if (variant) await ask("geometry", { box: doc.box, variant });
  } catch (err) {
    say(err.message, "error");
    return false;
  }
  if (getState().doc !== doc) return false; // the grid changed meanwhile: draw again
  dispatch((s) => E.setRules(s, variant), done, "ok");
  flush();
  return true;
}

// The item of a finished drawing (with its value) added to the rules; a region map (the
// whole value of its rule) replaces the old one.
export function addDrawing(drawing, value) {
  const tool = drawing.tool;
  const whole = tool.item === "@map";
  const item = SD.fillItem(tool, drawing.cells, value, drawing.place ? drawing.place.fields : {},
    { copy: drawing.copy, regions: drawing.regions });
  const variant = SD.withItem(getState().doc.variant, tool.key, item, whole);
  return putRules(variant, whole ? `${tool.words} regions set. Undo takes them away.`
    : `Added a ${tool.words}. Undo takes it away.`);
}

// The links of the givens and the rules: the page's own, and the engine's f-puzzles and
// SudokuPad links (or why it wrote none).
async function exportLinks() {
  const doc = getState().doc;
  const only = { ...D.emptyDoc(doc.box), givens: doc.givens.slice() };
  if (doc.variant) only.variant = doc.variant;
  const exports = { page: { text: location.href.split("#")[0] + toHash(only) } };
  for (const to of EXPORT_SITES) {
    try {
      exports[to] = { text: readFormat(await ask("format", { cells: doc.givens, ...D.shapeArgs(doc), to })) };
    } catch (err) {
      exports[to] = { error: err.message };
    }
  }
  dispatch((s) => S.updateSetter(s, { exports }), "Wrote the puzzle's links.", "ok");
}

export const setter = {
  toggleSetter(on = !getState().setter) {
    dispatch((s) => S.setSetter(s, on),
      on ? "Set mode: type givens, choose a rule and draw it on the grid." : "Set mode is off: play the puzzle.");
    if (on) setterEngine();
    flush();
  },
  chooseTool(key) {
    dispatch((s) => S.updateSetter(s, { tool: key, drawing: null }));
  },
  async switchFlag() {
    const tool = currentTool();
    if (!tool || tool.input !== "flag") return;
    const variant = getState().doc.variant;
    const on = SD.flagOn(variant, tool.key);
    await putRules(on ? SD.withoutItem(variant, tool.key, null) : SD.withItem(variant, tool.key, true),
      `${tool.words} ${on ? "off" : "on"}.`);
  },
  clearGrid() {
    const box = getState().doc.box;
    dispatch((s) => E.commit(s, D.emptyDoc(box)), "An empty grid to set. Undo brings the old one back.");
    flush();
  },
  removeGiven(cell) {
    dispatch((s) => ({ ...E.setGivens({ ...s, selection: [cell] }, 0), selection: s.selection }),
      `Removed the given of ${D.cellName(cell, size())}.`);
  },
  removeRule(key, index) {
    const variant = SD.withoutItem(getState().doc.variant, key, index);
    return putRules(variant, "Removed the rule. Undo puts it back.");
  },
  showTrue(on = !(getState().setter && getState().setter.showTrue)) {
    dispatch((s) => S.updateSetter(s, { showTrue: on }));
    if (on) schedule();
  },
  exportLinks,
};
