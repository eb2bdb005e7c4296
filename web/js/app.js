// Wiring: start-up, the state and its dispatch, batched redraws and the engine client. What
// follows a change of the grid is in background.js; the actions events call are in actions/
// (editing, assistant, transfer, games).

import { assistant } from "./actions/assistant.js";
import { editing } from "./actions/editing.js";
import { games } from "./actions/games.js";
import { transfer } from "./actions/transfer.js";
import { background } from "./background.js";
import { size, SIZES } from "./doc.js";
import { CancelledError, Engine } from "./engine.js";
import { bind } from "./events.js";
import * as G from "./games.js";
import * as Geo from "./geometry.js";
import { fillMenus, loadShipped } from "./puzzles.js";
import { render, timerText } from "./render.js";
import { fromHash } from "./share.js";
import * as S from "./state.js";

const $ = (id) => document.getElementById(id);

let state = S.initialState();
let frame = 0; // pending animation frame of a batched redraw
let visible = !document.hidden;

// What the action modules and background.js share: the state, dispatch, redraws, the engine.
const app = {
  get state() {
    return state;
  },
  focusCell: false, // move keyboard focus to the cursor on the next redraw (true | "force")
  n: () => size(state.doc),
  dispatch,
  update,
  say,
  failed,
  scheduleRender,
  flush,
  ask,
  job,
};

function draw() {
  render(state, { focus: app.focusCell, games: state.panel === "games" ? G.listGames() : [] });
  app.focusCell = false;
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

// Apply a transition (saying `text` as part of it, when given); when the document changed,
// what follows from it (background.js); a redraw is scheduled.
function dispatch(transition, text, kind = "info") {
  const before = state;
  state = transition(state);
  if (text !== undefined) state = S.setMessage(state, text, kind);
  if (state.doc !== before.doc) app.docChanged();
  if (state.settings !== before.settings) G.saveSettings(state.settings);
  scheduleRender();
}

// Apply a transition that changes neither the document nor the settings, without a redraw
// (the caller schedules one, or draws only a part, like the clock).
function update(transition) {
  state = transition(state);
}

function say(text, kind = "info") {
  dispatch((s) => s, text, kind);
}

// A visible message for a failed background request (never swallowed).
function failed(what) {
  return (err) => {
    if (err instanceof CancelledError) return;
    say(`${what} failed: ${err.message}`, "error");
  };
}

// The engine: replies in the page protocol (README, docs/protocol.md; read in protocol.js).
function ask(cmd, args, onPartial = null) {
  return engine.request(cmd, args, onPartial);
}

// Run a long job with the busy state and Cancel; returns the result or null. A streaming job
// hands its partial results to onPartial as they come.
async function job(name, cmd, args, busyText, onPartial = null) {
  if (state.busy) return null;
  dispatch((s) => S.setBusy(s, name), busyText, "busy");
  flush(); // the busy state shows at once (and a stale message never lingers)
  try {
    return await ask(cmd, args, onPartial);
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

function onEngineStatus(status) {
  dispatch((s) => S.setEngine(s, status));
  if (status.state === "ready") {
    if (!performance.getEntriesByName("sudoku:engine-ready").length) {
      performance.mark("sudoku:engine-ready");
    }
    app.forgetRequests();
    app.warmEngine();
    app.requestCandidates();
    app.requestRating();
    if (state.settings.mistakes) app.requestSolution();
  }
}

// Resolves once the service worker controls the page (at once on a repeat visit; on a first
// visit when it has cached the site), or when none will: the engine then loads the runtime
// through it, and Chromium keeps the wasm compiled from a service worker's response.
// Registered once the grid is editable: its download of the whole site would compete with the
// page's own first files and first drawing.
let gridShown;
const shown = new Promise((resolve) => { gridShown = resolve; });
async function serviceWorkerControl(timeout = 60_000) {
  await shown;
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
app.engine = engine;

Object.assign(app, background(app));
const gameParts = games(app);
Object.assign(app, gameParts.helpers);
const actions = {
  size: () => app.n(),
  ...editing(app),
  ...assistant(app),
  ...transfer(app),
  ...gameParts.actions,

  visibility(shown) {
    visible = shown;
    if (!shown) app.saveNow();
  },
};
app.actions = actions;

function fillSizes() {
  const select = $("new-size");
  for (const n of SIZES) {
    const opt = document.createElement("option");
    opt.value = String(n);
    opt.textContent = `${n}×${n}`;
    select.append(opt);
  }
  select.value = "9";
}

// One second of play: the timer runs while the page is visible and the puzzle unfinished.
function tick() {
  const game = state.game;
  if (!visible || !game || game.finished || !state.doc.givens.some((v) => v)) return;
  update(S.tickGame);
  if (Math.round(state.game.elapsed) % 15 === 0) app.saveNow();
  $("timer").textContent = timerText(state); // only the clock: no grid redraw every second
}

async function start() {
  fillSizes();
  state = S.setSettings(state, G.loadSettings());
  const shipped = loadShipped();
  shipped.then(() => fillMenus($("new-size"), $("new-level"))); // only what the banks serve
  // A failure here is said by loadGeometry() below, which asks again.
  const firstGeometry = Geo.load([3, 3], ask).catch((err) => console.warn("geometry 3x3:", err));
  const saved = G.loadGame(G.tabGame()) || G.adoptOldSave();
  const hash = location.hash;
  let linkDoc = null;
  let broken = false;
  try {
    linkDoc = fromHash(hash);
  } catch {
    broken = true; // openLink() below reads the link again and says what is wrong with it
  }
  // A new tab (or a tab whose game is gone), no puzzle named: the game last played in this
  // browser, in any tab, goes on.
  const last = saved || linkDoc || broken ? null : G.lastGame();
  bind(actions);
  if (saved && ((!linkDoc && !broken) || saved.source === hash)) {
    app.resumeSaved(saved, "Your puzzle is as you left it.");
  } else if (linkDoc || broken) {
    await firstGeometry;
    app.openLink(hash, false);
  } else if (last) {
    app.resumeSaved(last, "Your puzzle is as you left it.");
  } else {
    await Promise.all([shipped, firstGeometry]);
    await app.arrival();
  }
  await app.loadGeometry();
  draw();
  performance.mark("sudoku:grid-editable"); // read by benchmarks/bench_web.py
  gridShown();
  setInterval(tick, 1000);
  addEventListener("pagehide", app.saveNow);
}

start().catch((err) => {
  gridShown(); // the engine still starts
  // A bug while starting: say so where the user looks.
  $("message").textContent = `The page could not start: ${err.message}`;
  throw err;
});
