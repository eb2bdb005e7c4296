// Start-up and wiring: the engine and what follows its readiness, what follows each change of
// the state (background.js, saving, redraws), the input bound to the actions (actions/: editing,
// assistant, transfer, games), the clock. Every module imports what it uses; the state lives
// in store.js.

import { assistant } from "./actions/assistant.js";
import { editing } from "./actions/editing.js";
import { hinting } from "./actions/hint.js";
import { arrival, games, openLink, resumeSaved } from "./actions/games.js";
import { transfer } from "./actions/transfer.js";
import {
  docChanged, forgetRequests, loadGeometry, requestCandidates, requestRating, requestSolution,
  settingChanged, warmEngine,
} from "./background.js";
import { build as buildExplain } from "./chain_view.js";
import { ask, startEngine } from "./client.js";
import { SIZES } from "./doc.js";
import { bind } from "./events.js";
import * as G from "./games.js";
import * as Geo from "./geometry.js";
import { fillMenus, loadShipped } from "./puzzles.js";
import { timerText } from "./render.js";
import { saveNow } from "./saving.js";
import { fromHash } from "./share.js";
import * as S from "./state.js";
import { dispatch, getState, say, size, subscribe, update } from "./store.js";
import { flush, scheduleRender } from "./view.js";

const $ = (id) => document.getElementById(id);

let visible = !document.hidden;

// What follows a change: the document's consequences (conflicts, candidates, saving), the
// settings saved, a redraw (at once when a job starts or ends: its buttons are disabled
// before a second press can reach them).
subscribe((state, before) => {
  // An undo, a redo or an edit during the step walk: the walk follows, or ends.
  if (state.walk && state.doc !== before.doc) update(S.followWalk);
  if (state.doc !== before.doc) docChanged();
  if (Boolean(state.setter) !== Boolean(before.setter)) settingChanged();
  if (state.settings !== before.settings) G.saveSettings(state.settings);
  if (state.busy !== before.busy) flush();
  else scheduleRender();
});

function onEngineStatus(status) {
  // A fresh engine (at start, after a cancel) has none of the old one's requests.
  if (status.state !== "ready") forgetRequests();
  dispatch((s) => S.setEngine(s, status));
  if (status.state === "ready") {
    if (!performance.getEntriesByName("sudoku:engine-ready").length) {
      performance.mark("sudoku:engine-ready");
    }
    forgetRequests();
    warmEngine();
    requestCandidates();
    requestRating();
    if (getState().settings.mistakes) requestSolution();
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

startEngine(new URL("./worker.js", import.meta.url), onEngineStatus, serviceWorkerControl());

// Scan a photo: the button opens the file picker (the camera on a phone); scan.js is fetched
// on first use (the first screen has no need of it).
for (const id of ["scan", "scan-again"]) $(id).addEventListener("click", () => $("scan-file").click());
$("scan-file").addEventListener("change", (event) => {
  const file = event.target.files[0];
  event.target.value = ""; // the same photo can be chosen again
  if (!file) return;
  import("./scan.js").then((scan) => scan.scanFile(file),
    (err) => say(`Could not open the scanner: ${err.message}`, "error"));
});

// What the input (events.js) can do.
const actions = {
  size,
  ...editing,
  ...assistant,
  ...hinting,
  ...transfer,
  ...games,

  visibility(isShown) {
    visible = isShown;
    if (!isShown) saveNow();
  },
};

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
  const game = getState().game;
  if (!visible || !game || game.finished || !getState().doc.givens.some((v) => v)) return;
  update(S.tickGame);
  if (Math.round(getState().game.elapsed) % 15 === 0) saveNow();
  $("timer").textContent = timerText(getState()); // only the clock: no grid redraw every second
}

async function start() {
  fillSizes();
  update((s) => S.setSettings(s, G.loadSettings()));
  const shipped = loadShipped();
  shipped.then(() => fillMenus($("new-size"), $("new-level"), $("new-variant"))); // only what the banks serve
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
  buildExplain();
  if (saved && ((!linkDoc && !broken) || saved.source === hash)) {
    resumeSaved(saved, "Your puzzle is as you left it.");
  } else if (linkDoc || broken) {
    await firstGeometry;
    openLink(hash, false);
  } else if (last) {
    resumeSaved(last, "Your puzzle is as you left it.");
  } else {
    await Promise.all([shipped, firstGeometry]);
    await arrival();
  }
  const geometry = loadGeometry();
  // A variant's layout comes from the engine, which waits for gridShown: release it first,
  // or each waits on the other (a Killer link opened in a new tab sat at "Starting").
  const { doc } = getState();
  if (doc.variant || !Geo.known(doc.box)) gridShown();
  await geometry;
  flush();
  performance.mark("sudoku:grid-editable"); // read by benchmarks/bench_web.py
  gridShown();
  setInterval(tick, 1000);
  addEventListener("pagehide", saveNow);
}

start().catch((err) => {
  gridShown(); // the engine still starts
  // A bug while starting: say so where the user looks.
  $("message").textContent = `The page could not start: ${err.message}`;
  throw err;
});
