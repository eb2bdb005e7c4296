// Wiring: the state, the engine, rendering, saved games and the actions events call.

import { CancelledError, Engine } from "./engine.js";
import { bind } from "./events.js";
import * as G from "./games.js";
import * as Geo from "./geometry.js";
import { reportCells, readStep, solutionValues } from "./protocol.js";
import { loadShipped, pickShipped } from "./puzzles.js";
import { render, timerText } from "./render.js";
import { fromHash, LinkError, ownLink, shareUrl, toHash } from "./share.js";
import * as S from "./state.js";

const MAX_PASTE = 1_000_000; // characters accepted from a paste or the import box
const SOLVE_BUDGET = 30; // seconds the engine may spend on one solve or validation
const SAVE_DELAY = 300; // ms: saves are batched while typing
const $ = (id) => document.getElementById(id);

let state = S.initialState();
let frame = 0; // pending animation frame of a batched redraw
let focusCell = false; // move keyboard focus to the cursor on the next redraw
let saveTimer = 0;
let visible = !document.hidden;
let typed = { value: 0, at: 0, cell: -1 }; // digits typed in a row (values above 35 on big grids)

function games() {
  return state.panel === "games" ? G.listGames() : [];
}

function draw() {
  render(state, { focus: focusCell, games: games() });
  focusCell = false;
}

function scheduleRender() {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    draw();
  });
}

// Draw now (user input: the keystroke's effect and the focus move must not wait a frame).
function flush() {
  if (frame) cancelAnimationFrame(frame);
  frame = 0;
  draw();
}

function n() {
  return S.size(state.doc);
}

// The engine: replies in the page protocol (README, docs/protocol.md; read in protocol.js).
function ask(cmd, args) {
  return engine.request(cmd, args);
}

// Apply a transition; when the document changed: conflicts, candidates, completion, saving.
function dispatch(transition) {
  const before = state;
  state = transition(state);
  if (state.doc !== before.doc) docChanged(before);
  if (state.settings !== before.settings) G.saveSettings(state.settings);
  scheduleRender();
}

function say(text, kind = "info") {
  dispatch((s) => S.setMessage(s, text, kind));
}

// A visible message for a failed background request (never swallowed).
function failed(what) {
  return (err) => {
    if (err instanceof CancelledError) return;
    say(`${what} failed: ${err.message}`, "error");
  };
}

function docChanged(before) {
  const doc = state.doc;
  if (state.geometry) {
    state = S.setConflicts(state, Geo.repeatedCells(state.geometry, S.shownValues(doc)));
  }
  if (doc.box[0] !== before.doc.box[0] || doc.box[1] !== before.doc.box[1] || !state.geometry) {
    loadGeometry();
  }
  markMistakes();
  finishCheck();
  scheduleSave();
  requestCandidates();
}

// Entries that differ from the solution, as the user types (setting "show mistakes").
function markMistakes() {
  const doc = state.doc;
  if (!state.settings.mistakes) return;
  const sol = state.solution;
  if (!sol || sol.key !== S.givensKey(doc)) {
    requestSolution();
    return;
  }
  const wrong = doc.entries.map((v, i) => (v && v !== sol.values[i] ? i : -1)).filter((i) => i >= 0);
  state = S.setWrong(state, wrong);
}

// A full grid: celebrate once (a correct grid), or say what is wrong with it.
function finishCheck() {
  const doc = state.doc;
  const game = state.game;
  if (!state.geometry || doc.givens.some((_, i) => !S.shown(doc, i))) return;
  if (!doc.givens.some((v) => v) && !game) return;
  if (state.conflicts.length) {
    const size = n();
    const names = state.conflicts.slice(0, 6).map((c) => S.cellName(c, size)).join(", ");
    state = S.setMessage(state, `The grid is full, but some values repeat in a row, column or box: ${names}.`, "error");
    fullVerdict(doc); // then in the library's words, once the engine answers
    return;
  }
  if (doc.solved.some((v) => v) || !game || game.finished) return;
  const seconds = Math.round(game.elapsed);
  const level = game.level;
  state = S.setCelebrate(S.setGame(state, { ...game, finished: { seconds, level } }), true);
  state = S.setMessage(state, finishedText(state.game), "ok");
}

// The engine's words for a full grid that breaks a rule (the CLI's too), when it is ready.
function fullVerdict(doc) {
  if (state.engine.state !== "ready") return;
  ask("validate", { cells: S.puzzleValues(doc), givens: doc.givens, box: doc.box, time_limit: 5 })
    .then((r) => {
      if (state.doc === doc) dispatch((s) => S.setMessage(s, r.message, "error"));
    })
    .catch(failed("Checking the full grid"));
}

function finishedText(game) {
  const size = n();
  const s = game.finished.seconds;
  const time = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  const what = `${size}×${size}${game.finished.level ? ` ${game.finished.level}` : ""}`;
  return `Solved! Well done — every row, column and box is complete: ${what} in ${time}.`;
}

// Saving writes the undo history too: batched, and off the keystroke's path (pagehide and a
// hidden page save at once).
function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    if (window.requestIdleCallback) requestIdleCallback(saveNow, { timeout: 2000 });
    else saveNow();
  }, SAVE_DELAY);
}

function saveNow() {
  clearTimeout(saveTimer);
  saveTimer = 0;
  const doc = state.doc;
  if (state.game && (doc.givens.some((v) => v) || S.hasWork(doc))) G.saveGame(state);
}

async function loadGeometry() {
  const box = state.doc.box;
  try {
    const geometry = await Geo.load(box, (cmd, args) => engine.request(cmd, args));
    const had = state.geometry;
    dispatch((s) => S.setGeometry(s, geometry));
    if (geometry !== had) warmEngine();
    if (state.geometry && state.geometry !== had) {
      state = S.setConflicts(state, Geo.repeatedCells(state.geometry, S.shownValues(state.doc)));
      finishCheck();
      scheduleRender();
    }
  } catch (err) {
    say(`The layout of ${box[0]}×${box[1]} boxes could not be loaded: ${err.message}`, "error");
  }
}

// The engine builds its tables for the current shape while the user reads (issue 14): the
// first Solve or Hint of a size then does not pay for them.
function warmEngine() {
  if (state.engine.state !== "ready") return;
  engine.request("warm", { box: state.doc.box }).catch(failed("Preparing the engine"));
}

function peersOf(cell) {
  return state.geometry ? Geo.peersOf(state.geometry, cell) : [];
}

// The engine's candidates of the current grid (one request in flight; the newest wins).
let candidating = null;
function requestCandidates() {
  if (state.engine.state !== "ready" || candidating) return candidating || Promise.resolve();
  const doc = state.doc;
  const values = S.shownValues(doc);
  const key = S.gridKey(values, doc.box);
  if (state.cands && state.cands.key === key) return Promise.resolve();
  candidating = ask("candidates", { cells: values, box: doc.box })
    .then((r) => dispatch((s) => S.setCands(s, key, r.candidates)))
    .catch(failed("Computing the candidates"))
    .finally(() => {
      candidating = null;
      if (state.doc !== doc) requestCandidates();
    });
  return candidating;
}

// Resolves once the working candidates of the current grid are known.
async function ensureCandidates() {
  for (let i = 0; i < 5; i++) {
    const doc = state.doc;
    if (state.cands && state.cands.key === S.gridKey(S.shownValues(doc), doc.box)) return true;
    await requestCandidates();
  }
  return Boolean(state.cands);
}

// The solution of the givens (Check, mistakes as you type): asked once per puzzle.
let solving = null;
function requestSolution() {
  const doc = state.doc;
  const key = S.givensKey(doc);
  if (state.solution && state.solution.key === key) return Promise.resolve(state.solution);
  if (state.engine.state !== "ready") return Promise.resolve(null);
  if (solving && solving.key === key) return solving.promise;
  const promise = ask("solve", { cells: doc.givens, box: doc.box, time_limit: SOLVE_BUDGET })
    .then((r) => {
      const values = solutionValues(r);
      if (r.status !== "solved" || r.unique === false || !values) return { key, values: null, reply: r };
      dispatch((s) => {
        const next = S.setSolution(s, key, values);
        return next;
      });
      if (state.settings.mistakes) {
        markMistakes();
        scheduleRender();
      }
      return state.solution;
    })
    .catch((err) => {
      failed("Finding the solution")(err);
      return null;
    })
    .finally(() => {
      if (solving && solving.key === key) solving = null;
    });
  solving = { key, promise };
  return promise;
}

// Level of a puzzle that came without one (a link or an import), asked once, kept quick.
function requestRating() {
  const doc = state.doc;
  const game = state.game;
  if (!game || game.level || state.engine.state !== "ready") return;
  const count = doc.givens.filter((v) => v).length;
  if (count < n() || n() > 9) return;
  ask("rate", { cells: doc.givens, box: doc.box, time_limit: 1.5 })
    .then((r) => {
      if (r.level && state.game && state.game.id === game.id) {
        dispatch((s) => S.setGame(s, { ...s.game, level: r.level }));
        scheduleSave();
      }
    })
    .catch(failed("Rating the puzzle"));
}

function onEngineStatus(status) {
  dispatch((s) => S.setEngine(s, status));
  if (status.state === "ready") {
    if (!performance.getEntriesByName("sudoku:engine-ready").length) {
      performance.mark("sudoku:engine-ready");
    }
    candidating = null;
    solving = null;
    warmEngine();
    requestCandidates();
    requestRating();
    if (state.settings.mistakes) requestSolution();
  }
}

// Resolves once the service worker controls the page (at once on a repeat visit; on a first
// visit when it has cached the site), or when none will: the engine then loads the runtime
// through it, and Chromium keeps the wasm compiled from a service worker's response.
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

// Run a long job with the busy state and Cancel; returns the result or null.
async function job(name, cmd, args, busyText) {
  if (state.busy) return null;
  dispatch((s) => S.setMessage(S.setBusy(s, name), busyText, "busy"));
  flush(); // the busy state shows at once (and a stale message never lingers)
  try {
    return await ask(cmd, args);
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

// A new game in this tab: its own saved-game key, a fresh undo history and timer.
function startGame(doc, source, level, message, kind = "ok") {
  saveNow();
  const game = { id: G.newId(), level: level || "", elapsed: 0, finished: null };
  G.setTabGame(game.id);
  // The address bar names the puzzle's link (or none), so a reload finds this game.
  if (location.hash !== source) history.replaceState(null, "", source || location.pathname + location.search);
  dispatch((s) => S.setMessage(S.setGame({ ...S.loadDoc(s, doc, source), past: [], future: [] }, game),
    message, kind));
  requestRating();
  focusCell = "force";
  flush();
}

function highlightsOf(r) {
  const cells = reportCells(r);
  return [
    ...cells.conflicts.map((cell) => ({ cell, role: "conflict" })),
    ...cells.dead.map((cell) => ({ cell, role: "dead" })),
    ...cells.wrong.map((cell) => ({ cell, role: "wrong" })),
  ];
}

// The engine's verdict on the givens and the user's entries (Validate, Check): its words are
// the CLI's; conflicts, cells where nothing fits and entries that differ from the solution
// are marked.
async function verdict(name, busyText) {
  const doc = state.doc;
  const r = await job(name, "validate",
    { cells: S.puzzleValues(doc), givens: doc.givens, box: doc.box, time_limit: SOLVE_BUDGET },
    busyText);
  if (!r) return;
  const ok = r.status === "unique" || r.status === "solved";
  const kind = ok ? "ok" : r.status === "multiple" || r.status === "wrong_entries" ? "warn" : "error";
  dispatch((s) => {
    if (s.doc !== doc) return S.setMessage(s, r.message, kind);
    const marked = S.setHighlights(s, highlightsOf(r));
    return S.setMessage(S.setWrong(marked, reportCells(r).wrong), r.message, kind);
  });
}

// The marks a hint starts from: none when the user shows none and no step removed any;
// else per cell the user's centre marks, or the working candidates.
async function pencilArg() {
  const doc = state.doc;
  const own = doc.centre.some((m) => m.length);
  const removed = doc.removed.some((m) => m.length);
  if (!own && !removed) return undefined;
  await ensureCandidates();
  const cands = S.currentCands(state);
  return doc.centre.map((m, i) => (m.length ? m : S.workingCandidates(state, i, cands) || []));
}

const actions = {
  size: () => n(),

  keyValue(key) {
    const size = n();
    if (size <= S.SYMBOLS.length || !/^[0-9]$/.test(key)) return S.keyToValue(key, size);
    // Above 35x35 values are numbers: digits typed within a second make one number.
    const now = Date.now();
    const d = Number(key);
    const joined = typed.value * 10 + d;
    const value = now - typed.at < 1000 && typed.cell === state.cursor && joined <= size ? joined : d;
    typed = { value, at: now, cell: state.cursor };
    return value || null;
  },

  select(cell, how, focus) {
    focusCell = focus ? "force" : false;
    dispatch((s) => S.select(s, cell, how));
    flush();
  },

  dragTo(cell) {
    if (state.selection.includes(cell)) return;
    dispatch((s) => S.select(s, cell, "add"));
    flush();
  },

  focusCell(cell) {
    if (state.cursor === cell) return;
    dispatch((s) => S.select(s, cell));
    flush();
  },

  selectAll() {
    dispatch(S.selectAll);
    flush();
  },

  focusGrid() {
    focusCell = "force";
    flush();
  },

  move(dr, dc, extend) {
    focusCell = true;
    dispatch((s) => S.moveCursor(s, dr, dc, extend));
    flush();
  },

  moveToEdge(start) {
    const size = n();
    const row = Math.floor(state.cursor / size);
    focusCell = true;
    dispatch((s) => S.select(s, row * size + (start ? 0 : size - 1)));
    flush();
  },

  // A value typed in the current mode (normal: placed; corner/centre: a mark; colour).
  type(value) {
    const doc = state.doc;
    if (state.mode === "normal" && state.selection.length === 1 && doc.givens[state.cursor]) {
      say(`${S.cellName(state.cursor, n())} is a given.`);
      return;
    }
    focusCell = true;
    dispatch((s) => S.typeValue(s, value, peersOf));
    flush();
  },

  keypad(value) {
    focusCell = "force";
    if (value === 0) actions.erase();
    else actions.type(value);
  },

  mark(value, kind) {
    focusCell = true;
    dispatch((s) => S.toggleList(s, kind, value));
    flush();
  },

  erase() {
    focusCell = focusCell || true;
    dispatch(S.erase);
    flush();
  },

  setMode(mode, fromButton = false) {
    focusCell = fromButton ? "force" : true;
    dispatch((s) => S.setMode(s, mode));
    flush();
  },

  cycleMode() {
    focusCell = true;
    dispatch(S.cycleMode);
    flush();
  },

  setting(changes) {
    dispatch((s) => S.setSettings(s, changes));
    if (changes.mistakes !== undefined) {
      if (changes.mistakes) markMistakes();
      else dispatch((s) => S.setWrong(s, []));
      scheduleRender();
    }
  },

  toggleCandidates() {
    dispatch((s) => S.setShowCandidates(s, !s.showCandidates));
    requestCandidates();
  },

  async fillCandidates() {
    if (!(await ensureCandidates())) {
      say("The candidates are not known yet: try again once the engine is ready.", "warn");
      return;
    }
    dispatch((s) => S.setMessage(S.fillCandidates(s),
      "Candidates written as centre marks. A value you place now leaves its peers' marks " +
      "(Settings).", "ok"));
  },

  undo() {
    dispatch(S.undo);
    flush();
  },

  redo() {
    dispatch(S.redo);
    flush();
  },

  restart() {
    dispatch((s) => {
      const game = s.game ? { ...s.game, elapsed: 0, finished: null } : s.game;
      return S.setMessage(S.setGame(S.restart(s), game),
        "Restarted: the givens stay, your work is cleared. Undo brings it back.", "info");
    });
    flush();
  },

  lockGivens() {
    dispatch((s) => S.setMessage(S.lockGivens(s), "Your entries are now the puzzle's givens."));
  },

  setSize(size) {
    const box = S.defaultBox(size);
    if (box && n() !== size) actions.setBox(box);
  },

  // A new empty grid with boxes of r x c cells: another size, or another shape of that size.
  setBox([r, c]) {
    if (!(r >= 2 && c >= 2) || (r === state.doc.box[0] && c === state.doc.box[1])) return;
    const size = r * c;
    startGame(S.emptyDoc([r, c]), "", "", `New empty ${size}×${size} grid with ${r}×${c} boxes.`,
      "info");
  },

  togglePanel(name) {
    dispatch((s) => S.togglePanel(s, name));
    flush();
    if (state.panel === "io") $("io-text").focus();
    if (state.panel === "new") {
      const select = $("new-size");
      select.value = String(n());
      select.focus();
    }
    if (state.panel === "settings") $("set-mistakes").focus();
    if (state.panel === "games") {
      const first = $("games-list").querySelector("button");
      if (first) first.focus();
    }
  },

  async solve() {
    const doc = state.doc;
    const r = await job("solve", "solve",
      { cells: S.puzzleValues(doc), box: doc.box, time_limit: SOLVE_BUDGET },
      "Solving… (Cancel or Esc stops it)");
    if (!r) return;
    const values = solutionValues(r);
    if (r.status === "solved" && values && state.doc === doc) {
      dispatch((s) => S.setMessage(S.applySolution(s, values), r.message, "ok"));
      return;
    }
    dispatch((s) => S.setMessage(S.setHighlights(s, highlightsOf(r)), r.message,
      r.status === "solved" ? "ok" : "error"));
  },

  async validate() {
    await verdict("validate", "Checking… (Cancel or Esc stops it)");
  },

  // Entries that differ from the solution, named and marked: the same engine verdict.
  async check() {
    await verdict("check", "Checking your entries…");
  },

  // Hint in three presses on the same grid: nudge, then the step, then apply it.
  async hint() {
    const doc = state.doc;
    const last = state.hint && state.hint.doc === doc ? state.hint.level : null;
    const level = last === "nudge" ? "step" : last === "step" ? "apply" : "nudge";
    const pencil = await pencilArg();
    // A player who shows no candidates gets an elimination with the digit it unlocks, even
    // when earlier steps narrowed the working candidates (sent as `pencil`).
    const unlock = !state.showCandidates && !doc.centre.some((m) => m.length);
    const r = await job("hint", "hint",
      { givens: doc.givens, cells: S.puzzleValues(doc), box: doc.box, level, pencil, unlock },
      "Looking for a hint…");
    if (!r || state.doc !== doc) {
      dispatch(S.countHint);
      return;
    }
    const step = readStep(r);
    // Mistakes at the third press: the corrections (wrong entries) or the marks put back.
    const fix = level === "apply" && (r.status === "wrong_entries" || r.status === "missing_marks");
    if (fix && (step.placements.length || step.missing.length)) {
      dispatch((s) => {
        const next = step.missing.length ? S.restoreMarks(s, step.missing)
          : S.applyStep(s, step.placements, []);
        return S.setMessage(S.setHighlights(S.setHint(next, { doc: next.doc, level: "done", data: r }),
          step.highlights.map((h) => ({ ...h, role: "target" }))), `Applied: ${step.text}`, "ok");
      });
      return;
    }
    if (r.status !== "step") {
      // A mistake is named at once (the cells are highlighted too), then it counts as shown.
      const text = step.text;
      dispatch((s) => S.setMessage(S.setWrong(S.setHint(S.setHighlights(s, step.highlights, step.hintMarks),
        { doc, level: "step", data: r }), step.wrong.length ? step.wrong : s.wrong), text,
      r.status === "solved" ? "ok" : "warn"));
      return;
    }
    if (level === "apply") {
      dispatch((s) => {
        const next = S.applyStep(s, step.placements, step.eliminations);
        const removed = step.eliminations.map(([cell, value]) => ({ cell, value, role: "remove" }));
        return S.setMessage(S.setHighlights(S.setHint(next, { doc: next.doc, level: "done", data: r }),
          step.highlights, removed), `Applied: ${step.text}`, "ok");
      });
      return;
    }
    const more = level === "nudge" ? "Hint again shows the step." : "Hint again applies it.";
    const said = /[.!?]$/.test(step.text) ? step.text : `${step.text}.`;
    dispatch((s) => S.setMessage(S.setHighlights(S.setHint(s, { doc, level, data: r }),
      step.highlights, level === "step" ? step.hintMarks : []), `${said} ${more}`, "info"));
  },

  // The whole logical path, walked forward and back with Next step / Previous step.
  async steps() {
    const doc = state.doc;
    const r = await job("steps", "steps",
      { cells: S.puzzleValues(doc), box: doc.box, time_limit: 20 },
      "Working out the steps… (Cancel or Esc stops it)");
    if (!r || state.doc !== doc) return;
    if (!r.steps.length) {
      say(r.message, "warn");
      return;
    }
    const steps = r.steps.map(readStep);
    dispatch((s) => S.setMessage(S.setWalk(s, { steps, index: 0, docs: [s.doc] }),
      `${r.message} Press Next step to walk through them.`, r.status === "solved" ? "info" : "warn"));
    flush();
    $("walk-next").focus();
  },

  walkStep(delta) {
    const walk = state.walk;
    if (walk) actions.walkTo(walk.index + delta);
  },

  // Show the grid after `index` steps of the walk (0 = where it started); undoable.
  walkTo(index) {
    const walk = state.walk;
    if (!walk || !Number.isInteger(index) || index < 0 || index > walk.steps.length) return;
    if (state.doc !== walk.docs[walk.index]) {
      dispatch((s) => S.setMessage(S.setWalk(s, null), "The grid changed: the step-by-step walk ended.", "warn"));
      return;
    }
    const docs = walk.docs.slice(0, index + 1);
    let scratch = { ...state, doc: docs[docs.length - 1] };
    for (let k = docs.length - 1; k < index; k++) {
      const step = walk.steps[k];
      const next = S.applyStep(scratch, step.placements, step.eliminations);
      docs.push(next.doc);
      scratch = next;
    }
    const step = index > 0 ? walk.steps[index - 1] : null;
    dispatch((s) => {
      const moved = S.setWalk(S.commit(s, docs[index]), { ...walk, index, docs });
      if (!step) return S.setHighlights(moved, []);
      const removed = step.eliminations.map(([cell, value]) => ({ cell, value, role: "remove" }));
      return S.setHighlights(moved, step.highlights, [...step.hintMarks, ...removed]);
    });
    flush();
  },

  closeWalk() {
    dispatch((s) => S.setHighlights(S.setHint(S.setWalk(s, null), null), []));
    actions.focusGrid();
  },

  // New puzzle: a shipped one of that size and level at once, else the engine makes one.
  async newPuzzle() {
    const size = Number($("new-size").value);
    const box = S.defaultBox(size);
    const level = $("new-level").value;
    await loadShipped();
    const ready = pickShipped(size, level, state.doc.givens);
    if (ready) {
      const doc = S.emptyDoc(ready.box);
      doc.givens = ready.values.slice();
      startGame(doc, "", ready.level, `New ${ready.level} puzzle (${size}×${size}).`);
      dispatch(S.closePanel);
      return;
    }
    const r = await job("generate", "generate", { box, difficulty: level },
      `Making a ${level} ${size}×${size} puzzle… (Cancel or Esc stops it)`);
    if (!r) return;
    const doc = S.emptyDoc(r.box);
    doc.givens = r.values.slice();
    startGame(doc, "", r.level || "", `New ${r.level || level} puzzle (${size}×${size})${r.note ? `: ${r.note}` : ""}.`);
    dispatch(S.closePanel);
  },

  cancel() {
    if (!state.busy) return;
    engine.cancel();
    candidating = null;
    solving = null;
    dispatch((s) => S.setBusy(s, null));
  },

  escape() {
    if (state.busy) actions.cancel();
    else if (state.selection.length > 1) {
      dispatch((s) => S.select(s, s.cursor));
      flush();
    }
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
    const link = ownLink(text);
    if (link) {
      openLink(link, true, "Opened the pasted link");
      dispatch(S.closePanel);
      return;
    }
    if (state.engine.state !== "ready") say("Reading the puzzle once the engine is ready…");
    let r;
    try {
      r = await ask("parse", { text });
    } catch (err) {
      say(`Could not read the puzzle: ${err.message}`, "error");
      return;
    }
    const doc = S.emptyDoc(r.box);
    doc.givens = r.values.slice();
    const givens = r.values.filter((v) => v).length;
    startGame(doc, "", "", `Loaded a ${r.size}×${r.size} puzzle with ${givens} givens.`);
    dispatch(S.closePanel);
  },

  async exportText(to, what) {
    const doc = state.doc;
    const cells = what === "givens" ? doc.givens : S.shownValues(doc);
    let text;
    if (to === "link") {
      const only = what === "givens" ? { ...S.emptyDoc(doc.box), givens: doc.givens } : doc;
      text = location.href.split("#")[0] + toHash(only);
    } else {
      // JSON keeps the entries apart from the givens; the other formats can only merge them.
      const apart = to === "json" && what !== "givens";
      const args = apart
        ? { cells: doc.givens, entries: doc.givens.map((g, i) => (g ? 0 : S.shown(doc, i))), box: doc.box, to }
        : { cells, box: doc.box, to };
      try {
        text = (await ask("format", args)).text;
      } catch (err) {
        say(`Could not export: ${err.message}`, "error");
        return null;
      }
    }
    $("io-text").value = text;
    say(`Exported ${what === "givens" ? "the givens" : "the givens and your entries"} as ${to}.`);
    return text;
  },

  async copyExport() {
    const text = $("io-text").value || (await actions.exportText($("io-format").value, $("io-what").value));
    if (!text) return;
    try {
      await navigator.clipboard.writeText(text);
      say("Copied to the clipboard.", "ok");
    } catch (err) {
      say(`Could not copy (${err.message}): select the text and copy it.`, "warn");
    }
  },

  async downloadExport() {
    const to = $("io-format").value;
    const text = $("io-text").value || (await actions.exportText(to, $("io-what").value));
    if (!text) return;
    const a = document.createElement("a");
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    a.href = url;
    a.download = `sudoku-${n()}x${n()}.${to === "json" ? "json" : "txt"}`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    say(`Downloaded ${a.download}.`, "ok");
  },

  async share() {
    const url = shareUrl(state.doc, location);
    dispatch((s) => S.setShareUrl(s, url));
    let copied = false;
    try {
      if (navigator.clipboard) {
        await navigator.clipboard.writeText(url);
        copied = true;
      }
    } catch {
      copied = false; // said below: the link is shown to copy by hand
    }
    say(copied ? "Link copied to the clipboard." : "Copy the link below to share this puzzle.", "ok");
  },

  openLink(hash) {
    openLink(hash, true);
  },

  restorePrevious() {
    const id = state.previous;
    const saved = G.loadGame(id);
    dispatch((s) => S.setPrevious(s, null));
    if (!saved) {
      say("The previous puzzle is no longer saved.", "warn");
      return;
    }
    resume(saved, "Your previous puzzle is back.");
  },

  resume(id) {
    const saved = G.loadGame(id);
    if (!saved) {
      say("That saved puzzle could not be read.", "error");
      return;
    }
    resume(saved, "Resumed your puzzle.");
    dispatch(S.closePanel);
  },

  deleteGame(id) {
    G.deleteGame(id);
    if (state.game && state.game.id === id) {
      dispatch((s) => S.setGame(s, { ...s.game, id: G.newId() }));
      G.setTabGame(state.game.id);
    }
    say("Deleted the saved puzzle.");
    flush();
  },

  visibility(shown) {
    visible = shown;
    if (!shown) saveNow();
  },
};

function resume(saved, message) {
  saveNow();
  G.setTabGame(saved.game.id);
  // The address bar follows, so that a reload keeps the restored work (no hashchange event).
  history.replaceState(null, "", saved.source || location.pathname + location.search);
  dispatch((s) => S.setMessage(S.resumeGame(s, saved),
    saved.game.finished ? finishedText(saved.game) : message, "ok"));
  loadGeometry();
  requestRating();
  flush();
}

// Open the puzzle of a link as a new game; the current one stays saved and can be restored.
function openLink(hash, live, opened = "Opened the puzzle from the link") {
  let doc;
  try {
    doc = fromHash(hash);
  } catch (err) {
    if (!(err instanceof LinkError)) throw err;
    const kept = state.game && S.hasWork(state.doc) ? state.game.id : state.previous;
    startGame(S.emptyDoc([3, 3]), "", "",
      `This link could not be read: ${err.message}. Showing an empty grid` +
      (kept ? "; your previous puzzle can be restored." : "."), "error");
    dispatch((s) => S.setPrevious(s, kept));
    return;
  }
  if (!doc) return;
  if (hash === state.source && !live) return;
  if (S.sameDoc(doc, state.doc)) {
    dispatch((s) => S.setSource(s, hash));
    return;
  }
  const kept = state.game && S.hasWork(state.doc) ? state.game.id : null;
  startGame(doc, hash, "", opened +
    (kept ? "; your previous puzzle is kept and can be restored." : "."), "info");
  dispatch((s) => S.setPrevious(s, kept || s.previous));
}

function fillSizes() {
  const select = $("new-size");
  for (const size of S.SIZES) {
    const opt = document.createElement("option");
    opt.value = String(size);
    opt.textContent = `${size}×${size}`;
    select.append(opt);
  }
  select.value = "9";
}

// One second of play: the timer runs while the page is visible and the puzzle unfinished.
function tick() {
  const game = state.game;
  if (!visible || !game || game.finished || !state.doc.givens.some((v) => v)) return;
  state = S.setGame(state, { ...game, elapsed: game.elapsed + 1 });
  if (Math.round(state.game.elapsed) % 15 === 0) saveNow();
  $("timer").textContent = timerText(state); // only the clock: no grid redraw every second
}

async function arrival(message) {
  await loadShipped();
  const pick = pickShipped(9, "easy") || pickShipped(9, "medium");
  if (!pick) {
    startGame(S.emptyDoc([3, 3]), "", "", "An empty grid: type a puzzle, paste one, or pick New puzzle.", "info");
    return;
  }
  const doc = S.emptyDoc(pick.box);
  doc.givens = pick.values.slice();
  const waiting = G.listGames().filter((g) => !g.finished).length;
  startGame(doc, "", pick.level, message || `${/^[AEIOU]/.test(pick.level) ? "An" : "A"} ${pick.level} puzzle to start. New puzzle picks ` +
    "another size or level." + (waiting ? ` You have ${waiting} puzzle${waiting > 1 ? "s" : ""} ` +
    "in progress under Saved games." : ""), "info");
}

async function start() {
  fillSizes();
  state = S.setSettings(state, G.loadSettings());
  const shipped = loadShipped();
  // A failure here is said by loadGeometry() below, which asks again.
  const firstGeometry = Geo.load([3, 3], (cmd, args) => engine.request(cmd, args))
    .catch((err) => console.warn("geometry 3x3:", err));
  const saved = G.loadGame(G.tabGame()) || G.adoptOldSave();
  const hash = location.hash;
  let linkDoc = null;
  let broken = false;
  try {
    linkDoc = fromHash(hash);
  } catch {
    broken = true;
  }
  bind(actions);
  if (saved && ((!linkDoc && !broken) || saved.source === hash)) {
    resume(saved, saved.game.finished ? finishedText(saved.game) : "Your puzzle is as you left it.");
  } else if (linkDoc || broken) {
    await firstGeometry;
    openLink(hash, false);
  } else {
    await Promise.all([shipped, firstGeometry]);
    await arrival();
  }
  await loadGeometry();
  draw();
  performance.mark("sudoku:grid-editable"); // read by benchmarks/bench_web.py
  setInterval(tick, 1000);
  addEventListener("pagehide", saveNow);
}

start().catch((err) => {
  // A bug while starting: say so where the user looks.
  $("message").textContent = `The page could not start: ${err.message}`;
  throw err;
});
