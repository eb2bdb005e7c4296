// Wiring: the state, the engine, rendering, persistence and the actions events call.

import { CancelledError, Engine } from "./engine.js";
import { bind } from "./events.js";
import { keyValue, render } from "./render.js";
import * as S from "./state.js";
import {
  fromHash,
  forget,
  LinkError,
  load,
  PREVIOUS_KEY,
  save,
  shareUrl,
} from "./share.js";

const MAX_PASTE = 1_000_000; // characters accepted from a paste or the import box
const SOLVE_BUDGET = 30; // seconds the engine may spend on one solve or validation
const $ = (id) => document.getElementById(id);

let state = S.initialState();
let frame = 0; // pending animation frame of a batched redraw
let focusCell = false; // move keyboard focus to the cursor on the next redraw
let checking = null; // the document whose conflict check is in flight

function scheduleRender() {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    render(state, { focus: focusCell });
    focusCell = false;
  });
}

// Draw now (user input: the keystroke's effect and the focus move must not wait a frame).
function flush() {
  if (frame) cancelAnimationFrame(frame);
  frame = 0;
  render(state, { focus: focusCell });
  focusCell = false;
}

// Apply a transition; persist and re-check when the document changed.
function dispatch(transition) {
  const before = state;
  state = transition(state);
  if (state.doc !== before.doc) {
    save(state.doc, state.source);
    requestCheck();
    requestCandidates();
  }
  if (state.celebrate && !before.celebrate) {
    state = S.setMessage(state, "Solved! Well done — every row, column and box is complete.", "ok");
  }
  scheduleRender();
}

function say(text, kind = "info") {
  dispatch((s) => S.setMessage(s, text, kind));
}

// Conflicts are computed by the engine after every change; one check in flight at a time.
function requestCheck() {
  if (state.engine.state !== "ready" || checking) return;
  const doc = state.doc;
  checking = doc;
  engine
    .request("check", { cells: S.shownValues(doc), box: doc.box })
    .then((r) => {
      const n = S.size(doc);
      const cells = [...new Set(r.conflicts.flatMap((c) => c.cells.map(([row, col]) => row * n + col)))];
      const dead = r.dead_cells.map(([row, col]) => row * n + col);
      dispatch((s) => S.setCheck(s, doc, cells, dead, r.complete));
    })
    .catch(() => {})
    .finally(() => {
      checking = null;
      if (state.doc !== doc) requestCheck();
    });
}

// Computed candidates for the candidates view (only while it is on).
let candidating = null;
function requestCandidates() {
  if (!state.showCandidates || state.engine.state !== "ready" || candidating) return;
  if (state.autoFor === state.doc) return;
  const doc = state.doc;
  candidating = doc;
  engine
    .request("candidates", { cells: S.shownValues(doc), box: doc.box })
    .then((r) => dispatch((s) => S.setAuto(s, doc, r.candidates)))
    .catch(() => {})
    .finally(() => {
      candidating = null;
      if (state.doc !== doc) requestCandidates();
    });
}

// Difficulty of the givens, asked once per puzzle (short budget: it shares the worker).
function requestRating() {
  const doc = state.doc;
  const count = doc.givens.filter((v) => v).length;
  const key = `${doc.box.join("x")}:${doc.givens.join(",")}`;
  if (state.rating && state.rating.key === key) return;
  dispatch((s) => S.setRating(s, null));
  // Rating shares the one worker: only where it is quick, so Solve never waits long behind it.
  if (count < S.size(doc) || S.size(doc) > 9 || state.engine.state !== "ready") return;
  engine
    .request("rate", { cells: doc.givens, box: doc.box, time_limit: 1.5 })
    .then((r) => {
      const now = `${state.doc.box.join("x")}:${state.doc.givens.join(",")}`;
      if (now === key && r.level) dispatch((s) => S.setRating(s, { key, ...r }));
    })
    .catch(() => {});
}

// Cells of a unit {unit: "row"|"column"|"box", index} of the current shape.
function unitCells(unit, box) {
  const n = box[0] * box[1];
  const cells = [];
  if (unit.unit === "row") for (let c = 0; c < n; c++) cells.push(unit.index * n + c);
  else if (unit.unit === "column") for (let r = 0; r < n; r++) cells.push(r * n + unit.index);
  else {
    const across = n / box[1];
    const r0 = Math.floor(unit.index / across) * box[0];
    const c0 = (unit.index % across) * box[1];
    for (let r = r0; r < r0 + box[0]; r++) for (let c = c0; c < c0 + box[1]; c++) cells.push(r * n + c);
  }
  return cells;
}

// Highlights of a step or hint: its units, then its cells with their roles.
function stepHighlights(data, box) {
  const n = box[0] * box[1];
  const marks = new Map();
  for (const unit of data.units || []) for (const cell of unitCells(unit, box)) marks.set(cell, "unit");
  for (const c of data.cells || []) marks.set(c.cell[0] * n + c.cell[1], c.role || "target");
  for (const rc of data.wrong_cells || []) marks.set(rc[0] * n + rc[1], "wrong");
  return [...marks].map(([cell, role]) => ({ cell, role }));
}

function stepChanges(data, n) {
  const pairs = (list) => (list || [])
    .map((p) => [p.cell[0] * n + p.cell[1], S.valueOfKey(p.symbol, n)])
    .filter(([, v]) => v !== null);
  return [pairs(data.placements), pairs(data.eliminations)];
}

function onEngineStatus(status) {
  dispatch((s) => S.setEngine(s, status));
  if (status.state === "ready") {
    if (!performance.getEntriesByName("sudoku:engine-ready").length) {
      performance.mark("sudoku:engine-ready");
    }
    checking = null;
    candidating = null;
    requestCheck();
    requestCandidates();
    requestRating();
  }
}

// Resolves once the service worker controls the page (at once on a repeat visit; on a first
// visit when it has cached the site), or when none will: the engine then loads the runtime
// through it, and Chromium keeps the wasm compiled from a service worker's response for the
// next visit. The runtime's bytes are fetched once either way.
async function serviceWorkerControl(timeout = 60_000) {
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  let registration;
  try {
    registration = await container.register("sw.js");
  } catch (err) {
    console.warn("service worker:", err);
    return;
  }
  const incoming = registration && (registration.installing || registration.waiting);
  if (container.controller || !incoming) return; // e.g. a forced reload leaves the page alone
  dispatch((s) => S.setEngine(s, { state: "loading", progress: 0.05,
    text: "Downloading the engine (once: it then works offline)" }));
  await new Promise((resolve) => {
    container.addEventListener("controllerchange", resolve, { once: true });
    incoming.addEventListener("statechange", () => {
      if (incoming.state === "redundant") resolve(); // installing failed
    });
    setTimeout(resolve, timeout);
  });
}

const engine = new Engine(new URL("./worker.js", import.meta.url), onEngineStatus,
  (jobs) => dispatch((s) => S.setJobs(s, jobs)), serviceWorkerControl());

function cellsOf(pairs, n) {
  return pairs.map(([row, col]) => row * n + col);
}

// Run a long job with the busy state and Cancel; returns the result or null.
async function job(name, cmd, args, busyText) {
  if (state.busy) return null;
  dispatch((s) => S.setMessage(S.setBusy(s, name), busyText, "busy"));
  flush(); // the busy state shows at once (and a stale message never lingers)
  try {
    return await engine.request(cmd, args);
  } catch (err) {
    if (err instanceof CancelledError) {
      say("Cancelled. The engine restarted; your grid is unchanged.", "info");
    } else {
      say(`${err.message}`, "error");
    }
    return null;
  } finally {
    if (state.busy === name) dispatch((s) => S.setBusy(s, null));
  }
}

const actions = {
  keyValue: (key) => keyValue(state, key),

  select(cell, focus) {
    focusCell = focus;
    dispatch((s) => S.select(s, cell));
    flush();
  },

  move(dr, dc) {
    focusCell = true;
    dispatch((s) => S.moveCursor(s, dr, dc));
    flush();
  },

  moveToEdge(start) {
    const n = S.size(state.doc);
    const row = Math.floor(state.cursor / n);
    focusCell = true;
    dispatch((s) => S.select(s, row * n + (start ? 0 : n - 1)));
    flush();
  },

  enter(value, fromKeypad = false) {
    const cell = state.cursor;
    if (state.notes !== "off" && !S.shown(state.doc, cell)) {
      actions.mark(value, state.notes, fromKeypad);
      return;
    }
    if (state.doc.givens[cell]) {
      say(`r${Math.floor(cell / S.size(state.doc)) + 1}c${(cell % S.size(state.doc)) + 1} is a given.`);
      return;
    }
    focusCell = fromKeypad ? "force" : true;
    dispatch((s) => S.setCell(s, cell, value));
    flush();
  },

  mark(value, kind, fromKeypad = false) {
    focusCell = fromKeypad ? "force" : true;
    dispatch((s) => S.toggleMark(s, s.cursor, value, kind));
    flush();
  },

  setNotes(notes) {
    dispatch((s) => S.setNotes(s, notes));
  },

  toggleCandidates() {
    dispatch((s) => S.setShowCandidates(s, !s.showCandidates));
    requestCandidates();
  },

  undo() {
    dispatch(S.undo);
    flush();
  },

  redo() {
    dispatch(S.redo);
    flush();
  },

  clear() {
    dispatch((s) => S.setMessage(S.clearAll(s), "Cleared. Undo brings the grid back.", "info"));
    flush();
  },

  lockGivens() {
    dispatch((s) => S.setMessage(S.lockGivens(s), "Your entries are now the puzzle's givens."));
  },

  setSize(n) {
    const box = S.defaultBox(n);
    if (box && S.size(state.doc) !== n) this.setBox(box);
  },

  // A new empty grid (undoable) with boxes of r x c cells: another size, or another shape of
  // the same size (2x3 or 3x2 for 6x6).
  setBox([r, c]) {
    if (!(r >= 2 && c >= 2) || (r === state.doc.box[0] && c === state.doc.box[1])) return;
    const n = r * c;
    dispatch((s) => S.setMessage(S.newGrid(s, [r, c]),
      `New empty ${n}×${n} grid with ${r}×${c} boxes.`));
    flush();
  },

  togglePanel(name) {
    dispatch((s) => S.setPanel(s, name));
    if (state.panel === "io") $("io-text").focus();
    if (state.panel === "new") {
      const select = $("new-size");
      select.value = String(S.size(state.doc));
      select.focus();
    }
  },

  async solve() {
    const doc = state.doc;
    const n = S.size(doc);
    const r = await job("solve", "solve",
      { cells: S.puzzleValues(doc), box: doc.box, time_limit: SOLVE_BUDGET },
      "Solving… (Cancel or Esc stops it)");
    if (!r) return;
    if (r.status === "solved" && state.doc === doc) {
      dispatch((s) => S.setMessage(S.applySolution(s, r.solution), r.message, "ok"));
      return;
    }
    const marks = [
      ...cellsOf(r.conflicts.flatMap((c) => c.cells), n).map((cell) => ({ cell, role: "conflict" })),
      ...cellsOf(r.dead_cells, n).map((cell) => ({ cell, role: "dead" })),
    ];
    dispatch((s) => S.setMessage(S.setHighlights(s, marks), r.message,
      r.status === "solved" ? "ok" : "error"));
  },

  async validate() {
    const doc = state.doc;
    const n = S.size(doc);
    const r = await job("validate", "validate",
      { cells: S.puzzleValues(doc), box: doc.box, time_limit: SOLVE_BUDGET },
      "Checking… (Cancel or Esc stops it)");
    if (!r) return;
    const ok = r.status === "unique" || r.status === "solved";
    const marks = [
      ...cellsOf(r.conflicts.flatMap((c) => c.cells), n).map((cell) => ({ cell, role: "conflict" })),
      ...cellsOf(r.dead_cells, n).map((cell) => ({ cell, role: "dead" })),
    ];
    const kind = ok ? "ok" : r.status === "multiple" ? "warn" : "error";
    dispatch((s) => S.setMessage(s.doc === doc ? S.setHighlights(s, marks) : s, r.message, kind));
  },

  // Hint in three presses on the same grid: nudge, then the step, then apply it.
  async hint() {
    const doc = state.doc;
    const n = S.size(doc);
    const last = state.hint && state.hint.doc === doc ? state.hint.level : null;
    const level = last === "nudge" ? "step" : last === "step" ? "apply" : "nudge";
    const pencil = doc.pencil.some((m) => m.length) ? doc.pencil : undefined;
    const r = await job("hint", "hint",
      { givens: doc.givens, cells: S.puzzleValues(doc), box: doc.box, level, pencil },
      "Looking for a hint…");
    if (!r || state.doc !== doc) return;
    if (r.status !== "step") {
      // A nudge hides the cells; a mistake is named at once (the cells are highlighted too).
      const text = r.region && r.status !== "solved"
        ? `${r.text.replace(/\.$/, "")}: ${r.region}.` : r.text;
      dispatch((s) => S.setMessage(S.setHint(S.setHighlights(s, stepHighlights(r, doc.box)),
        { doc, level: "step", data: r }), text, r.status === "solved" ? "ok" : "warn"));
      return;
    }
    if (level === "apply") {
      const [placements, eliminations] = stepChanges(r, n);
      dispatch((s) => {
        const next = S.applyStep(s, placements, eliminations);
        return S.setMessage(S.setHighlights(S.setHint(next, { doc: next.doc, level: "done", data: r }),
          stepHighlights(r, doc.box)), `Applied: ${r.text}`, "ok");
      });
      return;
    }
    const more = level === "nudge" ? "Hint again shows the step." : "Hint again applies it.";
    dispatch((s) => S.setMessage(S.setHighlights(S.setHint(s, { doc, level, data: r }),
      stepHighlights(r, doc.box)), `${r.text} ${more}`, "info"));
  },

  // The whole logical path, walked forward and back with Next step / Previous step.
  async steps() {
    const doc = state.doc;
    const r = await job("steps", "steps",
      { cells: S.puzzleValues(doc), box: doc.box, time_limit: 20 },
      "Working out the steps… (Cancel or Esc stops it)");
    if (!r || state.doc !== doc) return;
    if (!r.steps.length) {
      say(r.status === "solved" ? "Nothing left to explain: the grid is complete." :
        `No logical steps: the puzzle is ${r.status.replace("_", " ")}.`, "warn");
      return;
    }
    const level = r.level ? ` (${r.level}${r.trial ? ", needs trial and error" : ""})` : "";
    // A walk cut short by the time limit is only the start of the path: say so, with no level.
    const found = r.status === "solved" ? `${r.steps.length} steps to the solution${level}`
      : `The time ran out after ${r.steps.length} steps (the rest of the path is not worked out)`;
    dispatch((s) => S.setMessage(S.setWalk(s, { steps: r.steps, index: 0, docs: [s.doc] }),
      `${found}. Press Next step to walk through them.`));
    $("walk-next").focus();
  },

  walkStep(delta) {
    const walk = state.walk;
    if (!walk) return;
    if (state.doc !== walk.docs[walk.index]) {
      dispatch((s) => S.setMessage(S.setWalk(s, null), "The grid changed: the step-by-step walk ended.", "warn"));
      return;
    }
    const n = S.size(state.doc);
    const box = state.doc.box;
    if (delta > 0 && walk.index < walk.steps.length) {
      const step = walk.steps[walk.index];
      const [placements, eliminations] = stepChanges(step, n);
      dispatch((s) => {
        const next = S.applyStep(s, placements, eliminations);
        const docs = [...walk.docs, next.doc];
        return S.setHighlights(S.setHint(S.setWalk(next, { ...walk, index: walk.index + 1, docs }),
          { doc: next.doc, level: "walk", data: step }), stepHighlights(step, box));
      });
    } else if (delta < 0 && walk.index > 0) {
      dispatch((s) => {
        const prev = S.undo(s);
        const index = walk.index - 1;
        const step = index > 0 ? walk.steps[index - 1] : null;
        const withWalk = S.setWalk(prev, { ...walk, index, docs: walk.docs.slice(0, index + 1) });
        return step
          ? S.setHighlights(S.setHint(withWalk, { doc: prev.doc, level: "walk", data: step }),
            stepHighlights(step, box))
          : withWalk;
      });
    }
    flush();
  },

  closeWalk() {
    dispatch((s) => S.setHighlights(S.setHint(S.setWalk(s, null), null), []));
  },

  async generate() {
    const n = Number($("new-size").value);
    const box = S.defaultBox(n);
    const difficulty = $("new-level").value;
    const r = await job("generate", "generate", { box, difficulty },
      `Making a ${difficulty} ${n}×${n} puzzle… (Cancel or Esc stops it)`);
    if (!r) return;
    dispatch((s) => S.setMessage(S.loadPuzzle(S.setPanel(s, null), r.box, r.values, null, ""),
      `New ${r.level || difficulty} puzzle${r.note ? ` (${r.note})` : ""}.`, "ok"));
    requestRating();
  },

  cancel() {
    if (!state.busy) return;
    engine.cancel();
    checking = null;
    dispatch((s) => S.setBusy(s, null));
  },

  async importText(text) {
    if (text.length > MAX_PASTE) {
      say(`That text is too long to be a puzzle (${text.length} characters).`, "error");
      return;
    }
    if (!text.trim()) {
      say("Nothing to import: the text is empty.", "error");
      return;
    }
    if (state.engine.state !== "ready") say("Reading the puzzle once the engine is ready…");
    let r;
    try {
      r = await engine.request("parse", { text });
    } catch (err) {
      say(`Could not read the puzzle: ${err.message}`, "error");
      return;
    }
    const givens = r.values.filter((v) => v).length;
    dispatch((s) => S.setMessage(S.loadPuzzle(S.setPanel(s, null), r.box, r.values, null, ""),
      `Loaded a ${r.size}×${r.size} puzzle with ${givens} givens.`, "ok"));
    requestRating();
    focusCell = "force";
    scheduleRender();
  },

  async exportText(to) {
    const doc = state.doc;
    try {
      const r = await engine.request("format", { cells: S.shownValues(doc), box: doc.box, to });
      $("io-text").value = r.text;
      say(`Exported as ${to}.`);
    } catch (err) {
      say(`Could not export: ${err.message}`, "error");
    }
  },

  async share() {
    let url;
    try {
      url = shareUrl(state.doc, location);
    } catch (err) {
      say(err.message, "error");
      return;
    }
    dispatch((s) => S.setShareUrl(s, url));
    let copied = false;
    try {
      if (navigator.clipboard) {
        await navigator.clipboard.writeText(url);
        copied = true;
      }
    } catch {
      copied = false;
    }
    say(copied ? "Link copied to the clipboard." : "Copy the link below to share this puzzle.", "ok");
  },

  openLink(hash) {
    openLink(hash, true);
  },

  restorePrevious() {
    const prev = load(PREVIOUS_KEY);
    forget(PREVIOUS_KEY);
    if (!prev) {
      dispatch((s) => S.setPrevious(s, false));
      return;
    }
    // The address bar follows, so that a reload keeps the restored work (no hashchange event).
    history.replaceState(null, "", prev.source || location.pathname + location.search);
    dispatch((s) => S.setMessage(
      S.setPrevious(S.setSource(S.commit(s, prev.doc), prev.source), false),
      "Your previous puzzle is back.", "ok"));
  },
};

// A one-line puzzle read without the engine (when the parser is not in this build).
// Keep work that a link is about to replace, so it can be restored.
function stash(doc, source) {
  if (S.isEmptyDoc(doc)) return false;
  save(doc, source, PREVIOUS_KEY);
  return true;
}

// Open the puzzle of a link. `current` work is stashed (never silently lost).
function openLink(hash, live) {
  let doc;
  try {
    doc = fromHash(hash);
  } catch (err) {
    if (!(err instanceof LinkError)) throw err;
    const kept = stash(state.doc, state.source);
    dispatch((s) => S.setPrevious(S.setMessage(S.setSource(S.newGrid(s, [3, 3]), ""),
      `This link could not be read: ${err.message}. Showing an empty grid` +
      (kept ? "; your previous puzzle can be restored." : "."), "error"), kept || s.previous));
    return;
  }
  if (!doc) return;
  if (hash === state.source && !live) return;
  const kept = !S.sameDoc(doc, state.doc) && stash(state.doc, state.source);
  dispatch((s) => S.setPrevious(S.setMessage(
    S.loadDoc(s, doc, hash),
    "Opened the puzzle from the link" +
    (kept ? "; your previous puzzle is kept and can be restored." : "."), "info"),
  kept || s.previous));
  requestRating();
}

function fillSizes() {
  const select = $("new-size");
  for (const n of S.SIZES) {
    const opt = document.createElement("option");
    opt.value = String(n);
    opt.textContent = `${n}×${n}`;
    select.append(opt);
  }
  select.value = "9";
}

function start() {
  fillSizes();
  const stored = load();
  const hash = location.hash;
  const previous = load(PREVIOUS_KEY) !== null;
  if (stored) state = { ...state, doc: stored.doc, source: stored.source };
  state = S.setPrevious(state, previous);
  let linkDoc = null;
  try {
    linkDoc = fromHash(hash);
  } catch {
    linkDoc = undefined;
  }
  // Reloading the link the stored work came from keeps that work.
  const resume = stored && hash && stored.source === hash;
  if (linkDoc !== null && !resume) openLink(hash, false);
  render(state, {});
  bind(actions);
  performance.mark("sudoku:grid-editable"); // read by benchmarks/bench_web.py
  scheduleRender();
}

start();
