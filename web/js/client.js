// The page's engine client: requests to the worker (replies are read in protocol.js), and the
// one helper every action that waits on the engine runs through (job): the busy state at once
// (the engine's buttons disabled, Cancel shown), and past SHOW_AFTER ms the status says what
// runs and for how long; Cancel (or Esc) stops it. Cancel terminates the
// worker and starts a fresh one (Python cannot be interrupted otherwise); the grid and the
// player's work stay as they were.

import { CancelledError, Engine } from "./engine.js";
import { setBusy, setJobs } from "./state.js";
import { dispatch, getState, say } from "./store.js";

export const SHOW_AFTER = 300; // ms an action runs before the status says what runs
const TICK = 200; // ms between two updates of the elapsed time
export const CANCELLED = "Cancelled. The engine restarted; your grid is unchanged.";

let engine = null; // the page's Engine (startEngine)
let ahead = null; // answers worked out ahead (answerAheadFrom), handed to the engine
let current = null; // the job running: {name, what, started, shown, cancelled, timer, stop}

// Start the page's engine (once): `onStatus` hears its loading and readiness, `after` is what
// the first worker waits for (the service worker's control).
export function startEngine(workerUrl, onStatus, after) {
  engine = new Engine(workerUrl, onStatus, (jobs) => dispatch((s) => setJobs(s, jobs)), after);
  engine.answers = ahead;
  return engine;
}

// The answers worked out ahead ({lookup(cmd, args) -> Promise | null}, ahead.js WorkAhead) that the
// engine answers matching requests from; set before or after the engine starts.
export function answerAheadFrom(answers) {
  ahead = answers;
  if (engine) engine.answers = answers;
}

// The engine's state: "loading" | "ready" | "error".
export function engineState() {
  return engine ? engine.state : "loading";
}

// One request; the promise settles with its result (read it in protocol.js), or rejects
// (EngineError, CancelledError). onPartial(partial) hears each part of a streamed reply.
export function ask(cmd, args, onPartial = null) {
  if (!engine) return Promise.reject(new Error("the engine has not started"));
  return engine.request(cmd, args, onPartial);
}

// A visible message for a failed background request (never swallowed; a cancel says itself).
export function failed(what) {
  return (err) => {
    if (err instanceof CancelledError) return;
    say(`${what} failed: ${err.message}`, "error");
  };
}

// The name of the job running ("solve", "hint", ...), or null.
export function running() {
  return current ? current.name : null;
}

// The status line of a job that runs: "Solving… (1.4 s; Cancel or Esc stops it)".
export function progressText(what, ms) {
  return `${what} (${(ms / 1000).toFixed(1)} s; Cancel or Esc stops it)`;
}

function showProgress(me, now) {
  me.shown = true;
  say(progressText(me.what, now() - me.started), "busy");
}

// Run `work(label)` as the page's one long job, e.g.
// job("solve", "Solving…", async () => readSolve(await ask("solve", args))).
// `work` asks the engine and returns what it read (protocol.js); it never changes the state
// (the caller acts on the result, so a cancelled job changes nothing). `label(text)` changes what the status
// says runs (Steps counts the steps found so far). Returns work's result, or null when a job
// runs already, when it failed (said in the status line) or when it was cancelled ("Cancelled").
export async function job(name, what, work, { now = () => performance.now() } = {}) {
  if (current) return null;
  const me = { name, what, started: now(), shown: false, cancelled: false, timer: 0, stop: null };
  current = me;
  dispatch((s) => setBusy(s, name)); // a second press waits: the buttons are disabled at once
  const stopped = new Promise((resolve) => {
    me.stop = resolve;
  });
  const tick = () => {
    showProgress(me, now);
    me.timer = setTimeout(tick, TICK);
  };
  me.timer = setTimeout(tick, SHOW_AFTER);
  const label = (text) => {
    me.what = text;
    if (me.shown && current === me) showProgress(me, now);
  };
  try {
    const result = await Promise.race([work(label), stopped]);
    return me.cancelled ? null : result;
  } catch (err) {
    if (!me.cancelled && !(err instanceof CancelledError)) say(err.message, "error");
    me.cancelled = me.cancelled || err instanceof CancelledError;
    return null;
  } finally {
    clearTimeout(me.timer);
    if (current === me) current = null;
    // The progress line goes with the job (the caller then says what came of it).
    const stale = getState().message.kind === "busy";
    if (me.cancelled) dispatch((s) => setBusy(s, null), CANCELLED, "info");
    else if (getState().busy || stale) dispatch((s) => setBusy(s, null), stale ? "" : undefined);
  }
}

// Stop the job running (Cancel, Esc): the engine restarts; the job's caller gets null.
export function cancel() {
  const me = current;
  if (!me) return;
  me.cancelled = true;
  if (engine) engine.cancel();
  me.stop(null);
}
