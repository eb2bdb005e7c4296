// What follows a change of the grid, asked of the engine in the background: the layout and the
// repeated values, the candidates, the solution (mistakes as you type), the full-grid verdict
// and the level of a puzzle that came without one. One request of each kind in flight.
// And the work done before the player waits (workAhead): a second engine finds the next hints
// and the Steps walk of the grid on the screen, so that Hint and Steps answer at once.

import * as D from "./doc.js";
import { Engine } from "./engine.js";
import * as Geo from "./geometry.js";
import { answerAheadFrom, ask, failed } from "./client.js";
import {
  keptReply, readApplied, readCandidates, readPrepared, readRating, readSolve, readSteps,
  readVerdict,
} from "./protocol.js";
import { loadBank, shippedLevel } from "./puzzles.js";
import { scheduleSave } from "./saving.js";
import * as S from "./state.js";
import { dispatch, getState, say, size, update } from "./store.js";
import { scheduleRender } from "./view.js";

export const SOLVE_BUDGET = 30; // seconds the engine may spend on one solve or validation
const RATE_BUDGET = 1.5; // seconds for the level of a puzzle that came without one (kept quick)
const AHEAD_HINTS = 3; // hints worked out from the grid on: this one, then each applied in turn
const AHEAD_BUDGET = 60; // seconds one slice of that work may take (the engine's most)
const AHEAD_PAUSE = 100; // ms between looks at the main engine while it works for the player
const AHEAD_SLICES = 400; // slices per grid before the work is left (a search that never ends)
const AHEAD_KEPT = 48; // answers kept (least recently made out first)
const AHEAD_WALKS = 3; // of which Steps walks
// Up to 16x16: a 25x25 state is 8 times a 9x9's in the memo, and its walk takes minutes.
const AHEAD_MAX_SIZE = 16;
const HINT_LEVELS = ["look", "nudge", "step", "apply"]; // a press's levels (actions/hint.js)

// A request's identity among the answers worked out ahead: the command and its arguments,
// without those that do not change the answer (time limit, streaming) and in a fixed order.
function answerKey(cmd, args) {
  const kept = Object.keys(args).filter((k) => k !== "time_limit" && k !== "stream" &&
    args[k] !== undefined).sort();
  return JSON.stringify([cmd, kept.map((k) => [k, args[k]])]);
}

// The hint request for the grid on the screen, without a level: the working candidates (only
// when a step removed some), the player's centre marks (when there are any) and whether they
// are candidates (the setting; the engine reads them so too when every empty cell has some,
// else as notes), and whether to join an elimination with the placement it unlocks (the
// engine never does when it reads the player's marks). Hint (actions/hint.js) sends it and
// the work ahead answers it: one builder for both.
async function hintArgs(app, ensureCandidates) {
  const doc = app.state.doc;
  const own = doc.centre.some((m) => m.length);
  const removed = doc.removed.some((m) => m.length);
  let pencil;
  if (removed) {
    await ensureCandidates();
    const state = app.state;
    const cands = D.currentCands(state);
    pencil = doc.centre.map((m, i) => D.workingCandidates(state, i, cands) || []);
  }
  const centre = own ? doc.centre : undefined;
  // Left out when off: the request (and the key of its answer worked out ahead) as before.
  const marks = own && app.state.settings.marksAreCandidates ? true : undefined;
  const unlock = !app.state.showCandidates;
  return { givens: doc.givens, cells: D.puzzleValues(doc), ...D.shapeArgs(doc), pencil, centre,
    marks_are_candidates: marks, unlock };
}

// The hint request Hint sends once the hint answered `r` (at 'apply') was applied: the grid after
// the step and, per empty cell, its candidates without what the hints removed (edits.js
// applyStep keeps them in doc.removed), when any were. Null when that cannot be told ahead.
function followingArgs(args, r) {
  const after = readApplied(r);
  if (!after) return null;
  let pencil;
  if (args.pencil !== undefined || after.eliminates) {
    pencil = after.values.map(() => []);
    for (const m of after.marks) pencil[m.index] = m.values;
  }
  return { ...args, cells: after.values, pencil };
}

// Work done before the player waits. A second engine (its own worker, so that nothing the
// player asks waits behind it) works out, in slices of about one step, the next hints from the
// grid on the screen and then its whole Steps walk; their answers are kept by request, and the
// main engine answers such a request from them (engine.js). A change of the grid turns the work
// to the new grid between two slices. <html data-walk> says where it is: "working", "hints"
// (the next hints of this grid are found, its Steps walk not yet), "ready" (both), "stopped"
// (left: too long), "off" (no second engine, a grid above 16x16, or no givens).
function workAhead(app, ensureCandidates, onWalk) {
  const answers = new Map(); // answerKey -> Promise of the result, or of null (not found)
  let helper = null; // the second engine
  let helperReady = false;
  let helperFailed = false; // e.g. out of memory: the main engine answers everything
  let running = false;
  let walks = []; // the keys of the Steps walks kept, oldest first
  const say = (word) => {
    document.documentElement.dataset.walk = word;
  };

  answerAheadFrom({
    lookup: (cmd, args) => (cmd === "hint" || cmd === "steps" ? answers.get(answerKey(cmd, args)) || null : null),
  });

  function keep(cmd, args) {
    const key = answerKey(cmd, args);
    // A reply cut short by the time limit is no answer: the main engine is asked then.
    const promise = helper.request(cmd, { ...args, time_limit: AHEAD_BUDGET })
      .then(keptReply, () => null);
    answers.delete(key);
    answers.set(key, promise);
    while (answers.size > AHEAD_KEPT) answers.delete(answers.keys().next().value);
    if (cmd === "steps") {
      walks = [...walks.filter((k) => k !== key && answers.has(k)), key];
      // A forum-hardest walk's reply is about a megabyte: only the latest few are kept.
      while (walks.length > AHEAD_WALKS) answers.delete(walks.shift());
    }
    return promise;
  }

  // Slices of `prepare` until the engine says all is found; false when the grid changed first
  // (or the work failed or ran too long).
  async function slices(args, stale) {
    for (let i = 0; i < AHEAD_SLICES; i++) {
      // The player's requests first: no new slice while the main engine works for them (a
      // streamed Steps, a Hint computed on demand), so that on a machine with few cores the
      // two engines do not share them.
      while (app.state.jobs > 0 && !stale()) await new Promise((r) => setTimeout(r, AHEAD_PAUSE));
      if (stale()) return false;
      const r = await helper.request("prepare", { ...args, time_limit: AHEAD_BUDGET }).catch(() => null);
      if (!r) return false;
      if (readPrepared(r)) return true;
    }
    return false;
  }

  // The next hints, then the Steps walk, of `doc`; true when both are kept.
  async function workOn(doc, stale) {
    const args = await hintArgs(app, ensureCandidates);
    if (stale()) return false;
    if (!HINT_LEVELS.every((level) => answers.has(answerKey("hint", { ...args, level })))) {
      if (!(await slices({ for: "hint", ...args, ahead: AHEAD_HINTS }, stale))) return false;
      await Promise.all(HINT_LEVELS.map((level) => keep("hint", { ...args, level })));
    }
    // The hints after applying this one (and the next), found by the same prepare: fetched
    // now, so that Hint answers at once after 'apply'. Not with the player's own marks (what
    // applying does to them is theirs to say).
    let next = doc.centre.some((m) => m.length) ? null : args;
    for (let k = 1; next && k < AHEAD_HINTS && !stale(); k++) {
      const follow = followingArgs(next, await answers.get(answerKey("hint", { ...next, level: "apply" })));
      if (follow) {
        await Promise.all(HINT_LEVELS.filter((level) => !answers.has(answerKey("hint", { ...follow, level })))
          .map((level) => keep("hint", { ...follow, level })));
      }
      next = follow;
    }
    if (stale()) return false;
    say("hints");
    const walk = { cells: D.puzzleValues(doc), ...D.shapeArgs(doc) };
    if (!answers.has(answerKey("steps", walk))) {
      if (!(await slices({ for: "steps", ...walk }, stale))) return false;
      await keep("steps", walk);
    }
    const reply = await answers.get(answerKey("steps", walk));
    if (reply && !stale()) onWalk(doc, readSteps(reply).level);
    return !stale();
  }

  async function run() {
    for (;;) {
      const doc = app.state.doc;
      const shows = app.state.showCandidates;
      if (app.n() > AHEAD_MAX_SIZE || !doc.givens.some((v) => v)) {
        say("off");
        return;
      }
      const stale = () => app.state.doc !== doc || app.state.showCandidates !== shows;
      say("working");
      const done = await workOn(doc, stale);
      if (!stale()) {
        say(done ? "ready" : "stopped");
        return;
      }
    }
  }

  function startHelper() {
    // "#ahead" tells it apart (tests count the workers) and costs no request of its own.
    helper = new Engine(new URL("./worker.js#ahead", import.meta.url), (status) => {
      if (status.state === "error") {
        helperFailed = true;
        say("off");
        console.warn("the second engine could not start:", status.text);
      }
      helperReady = status.state === "ready";
      if (helperReady) schedule();
    });
    helper.marks = false;
  }

  // After every change of the grid, and once the main engine is ready (the second one starts
  // then, not to slow the first start).
  function schedule() {
    if (app.state.engine.state !== "ready") return;
    if (helperFailed || app.n() > AHEAD_MAX_SIZE || !app.state.doc.givens.some((v) => v)) {
      say("off"); // no second engine, a grid too big, or nothing to work on
      return;
    }
    if (!helper) startHelper();
    say("working"); // until the run says what it found for this grid
    if (!helperReady) return;
    if (running) return; // the run in progress turns to the new grid by itself
    running = true;
    run().catch((err) => {
      say("stopped");
      console.warn("working ahead:", err);
    }).finally(() => {
      running = false;
    });
  }

  return { schedule };
}

function background(app) {
  let candidating = null; // the candidates request in flight
  let solving = null; // the solve request in flight: {key, promise}
  const ahead = workAhead(app, ensureCandidates, (doc, level) => offerLevel(doc, level));

  // Repeated values, from the geometry (no rule here: the units come with it).
  // A variant's cages and knight or king moves are no unit: the engine's `check` names those
  // conflicts (its cell indices are drawn as they come).
  function markConflicts() {
    app.update((s) => S.setConflicts(s, Geo.repeatedCells(s.geometry, D.shownValues(s.doc))));
    const doc = app.state.doc;
    if (!doc.variant || app.state.engine.state !== "ready") return;
    app.ask("check", { cells: D.shownValues(doc), ...D.shapeArgs(doc) })
      .then((r) => {
        if (app.state.doc !== doc) return;
        app.update((s) => S.setConflicts(s, readVerdict(r).conflicts.sort((a, b) => a - b)));
        finishCheck(true);
        app.scheduleRender();
      })
      .catch(app.failed("Checking the rules"));
  }

  // Called by dispatch once the document changed: conflicts, candidates, completion, saving.
  function docChanged() {
    const doc = app.state.doc;
    if (app.state.geometry) markConflicts();
    if (!Geo.fits(app.state.geometry, doc.box, D.variantKey(doc.variant))) {
      loadGeometry();
    }
    markMistakes();
    finishCheck();
    app.scheduleSave();
    requestCandidates();
    ahead.schedule();
  }

  // Entries that differ from the solution, as the user types (setting "show mistakes").
  function markMistakes() {
    const { doc, settings, solution: sol } = app.state;
    if (!settings.mistakes) return;
    if (!sol || sol.key !== D.givensKey(doc)) {
      requestSolution();
      return;
    }
    const wrong = doc.entries.map((v, i) => (v && v !== sol.values[i] ? i : -1)).filter((i) => i >= 0);
    app.update((s) => S.setWrong(s, wrong));
  }

  // A full grid: celebrate once (a correct grid), or say what is wrong with it.
  // A variant's full grid waits for the engine's check (a cage's sum is no unit).
  function finishCheck(checked = false) {
    const { doc, game, geometry, conflicts } = app.state;
    if (!geometry || doc.givens.some((_, i) => !D.shown(doc, i))) return;
    if (doc.variant && !checked) return;
    if (!doc.givens.some((v) => v) && !game) return;
    if (conflicts.length) {
      const n = app.n();
      const names = conflicts.slice(0, 6).map((c) => D.cellName(c, n)).join(", ");
      app.update((s) => S.setMessage(s,
        `The grid is full, but some values repeat in a row, column or box: ${names}.`, "error"));
      fullVerdict(doc); // then in the library's words, once the engine answers
      return;
    }
    if (doc.solved.some((v) => v) || !game || game.finished) return;
    const finished = { seconds: Math.round(game.elapsed), level: game.level };
    app.update((s) => S.setMessage(S.finishGame(s, finished), S.finishedText(finished, app.n()), "ok"));
  }

  // The engine's words for a full grid that breaks a rule (the CLI's too), when it is ready.
  function fullVerdict(doc) {
    if (app.state.engine.state !== "ready") return;
    app.ask("validate", { cells: D.puzzleValues(doc), givens: doc.givens, ...D.shapeArgs(doc), time_limit: 5 })
      .then((r) => {
        if (app.state.doc === doc) app.say(readVerdict(r).message, "error");
      })
      .catch(app.failed("Checking the full grid"));
  }

  async function loadGeometry() {
    const box = app.state.doc.box;
    try {
      const geometry = await Geo.load(box, app.ask, app.state.doc.variant || null);
      const had = app.state.geometry;
      app.dispatch((s) => S.setGeometry(s, geometry));
      if (geometry !== had) warmEngine();
      if (app.state.geometry && app.state.geometry !== had) {
        markConflicts();
        finishCheck();
        app.scheduleRender();
      }
    } catch (err) {
      app.say(`The layout of ${box[0]}×${box[1]} boxes could not be loaded: ${err.message}`, "error");
    }
  }

  // The engine builds its tables for the current shape while the user reads: the
  // first Solve or Hint of a size then does not pay for them.
  function warmEngine() {
    if (app.state.engine.state !== "ready") return;
    app.ask("warm", D.shapeArgs(app.state.doc)).catch(app.failed("Preparing the engine"));
    ahead.schedule();
  }

  function peersOf(cell) {
    return app.state.geometry ? Geo.peersOf(app.state.geometry, cell) : [];
  }

  // The engine's candidates of the current grid (one request in flight; the newest wins).
  function requestCandidates() {
    const state = app.state;
    if (state.engine.state !== "ready" || candidating) return candidating || Promise.resolve();
    const doc = state.doc;
    const values = D.shownValues(doc);
    const key = D.gridKey(values, doc.box, doc.variant);
    if (state.cands && state.cands.key === key) return Promise.resolve();
    candidating = app.ask("candidates", { cells: values, ...D.shapeArgs(doc) })
      .then((r) => app.dispatch((s) => S.setCands(s, key, readCandidates(r))))
      .catch(app.failed("Computing the candidates"))
      .finally(() => {
        candidating = null;
        if (app.state.doc !== doc) requestCandidates();
      });
    return candidating;
  }

  // Resolves once the working candidates of the current grid are known.
  async function ensureCandidates() {
    for (let i = 0; i < 5; i++) {
      const doc = app.state.doc;
      if (app.state.cands && app.state.cands.key === D.gridKey(D.shownValues(doc), doc.box, doc.variant)) return true;
      await requestCandidates();
    }
    return Boolean(app.state.cands);
  }

  // The solution of the givens (Check, mistakes as you type): asked once per puzzle.
  function requestSolution() {
    const state = app.state;
    const doc = state.doc;
    const key = D.givensKey(doc);
    if (state.solution && state.solution.key === key) return Promise.resolve(state.solution);
    if (state.engine.state !== "ready") return Promise.resolve(null);
    if (solving && solving.key === key) return solving.promise;
    const promise = app.ask("solve", { cells: doc.givens, ...D.shapeArgs(doc), time_limit: SOLVE_BUDGET })
      .then((reply) => {
        const r = readSolve(reply);
        const values = r.values;
        if (r.status !== "solved" || !r.unique || !values) return { key, values: null, reply: r };
        app.dispatch((s) => S.setSolution(s, key, values));
        if (app.state.settings.mistakes) {
          markMistakes();
          app.scheduleRender();
        }
        return app.state.solution;
      })
      .catch((err) => {
        app.failed("Finding the solution")(err);
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
    const { doc, game, engine } = app.state;
    if (!game || game.level) return;
    const known = shippedLevel(doc.givens, doc.box);
    if (known === undefined) {
      loadBank(doc.box).then(requestRating); // the bank of that size, once
      return;
    }
    if (known) {
      app.dispatch((s) => S.setLevel(s, known));
      app.scheduleSave();
      return;
    }
    if (engine.state !== "ready") return;
    const count = doc.givens.filter((v) => v).length;
    // A classic grid of fewer than N givens has several solutions; a variant's rules (a
    // Killer's cages) may need no given at all.
    if ((count < app.n() && !doc.variant) || app.n() > 9) return;
    app.ask("rate", { cells: doc.givens, ...D.shapeArgs(doc), time_limit: RATE_BUDGET })
      .then((reply) => {
        const r = readRating(reply);
        if (!r.level && !r.atLeast && r.timedOut && app.state.game && app.state.game.id === game.id) {
          // Said, not left blank: the walk (work ahead, or Steps) may still find it.
          app.dispatch((s) => S.setLevelNote(s, game.id, `too hard to rate within ${RATE_BUDGET} s`));
          return;
        }
        // Out of time (a hard puzzle in the page's short budget): "Expert+" says what the
        // steps met so far prove; the top level needs no "+".
        const least = r.atLeast;
        const top = least && least.toLowerCase() === D.LEVELS[D.LEVELS.length - 1];
        const level = r.level || (least ? (top ? least : `${least}+`) : null);
        // Beside the level, the number forum lists sort by (Sudoku Explainer's scale).
        const shown = level && r.se !== null ? `${level} · SE ${r.se.toFixed(1)}` : level;
        if (level && app.state.game && app.state.game.id === game.id) {
          app.dispatch((s) => S.setLevel(s, shown));
          app.scheduleSave();
        }
      })
      .catch(app.failed("Rating the puzzle"));
  }

  // The level of a whole logical path (Steps, or its walk worked out ahead) of the puzzle's
  // givens alone: the game's level when it had none or only a least one ("Expert+").
  function offerLevel(doc, level) {
    const game = app.state.game;
    if (!level || !game || doc.entries.some((v) => v) || doc.solved.some((v) => v)) return;
    if (D.givensKey(doc) !== D.givensKey(app.state.doc)) return;
    if (game.level && !game.level.includes("+")) return;
    app.dispatch((s) => S.setLevel(s, level));
    app.scheduleSave();
  }

  // The engine restarted (ready again, or a job cancelled): requests in flight are gone.
  function forgetRequests() {
    candidating = null;
    solving = null;
  }

  return {
    docChanged, markMistakes, loadGeometry, warmEngine, peersOf, requestCandidates,
    ensureCandidates, requestSolution, requestRating, offerLevel, forgetRequests,
  };
}

// The page's one instance, on the store and the engine client; app.js calls docChanged on
// every change of the document and the engine's readiness hooks.
const app = Object.freeze({
  get state() {
    return getState();
  },
  n: size, dispatch, update, say, failed, ask, scheduleRender, scheduleSave,
});
export const {
  docChanged, markMistakes, loadGeometry, warmEngine, peersOf, requestCandidates,
  ensureCandidates, requestSolution, requestRating, offerLevel, forgetRequests,
} = background(app);

// The hint request Hint sends (see hintArgs), without a level.
export const hintRequest = () => hintArgs(app, ensureCandidates);
