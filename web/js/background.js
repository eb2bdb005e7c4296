// What follows a change of the grid, asked of the engine in the background: the layout and the
// repeated values, the candidates, the solution (mistakes as you type), the full-grid verdict
// and the level of a puzzle that came without one. One request of each kind in flight.

import * as D from "./doc.js";
import * as Geo from "./geometry.js";
import { ask, failed } from "./client.js";
import { readCandidates, readRating, readSolve, readVerdict } from "./protocol.js";
import { loadBank, shippedLevel } from "./puzzles.js";
import { scheduleSave } from "./saving.js";
import * as S from "./state.js";
import { dispatch, getState, say, size, update } from "./store.js";
import { scheduleRender } from "./view.js";

export const SOLVE_BUDGET = 30; // seconds the engine may spend on one solve or validation

function background(app) {
  let candidating = null; // the candidates request in flight
  let solving = null; // the solve request in flight: {key, promise}

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
    if (count < app.n() || app.n() > 9) return;
    app.ask("rate", { cells: doc.givens, ...D.shapeArgs(doc), time_limit: 1.5 })
      .then((reply) => {
        const r = readRating(reply);
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

  // The engine restarted (ready again, or a job cancelled): requests in flight are gone.
  function forgetRequests() {
    candidating = null;
    solving = null;
  }

  return {
    docChanged, markMistakes, loadGeometry, warmEngine, peersOf, requestCandidates,
    ensureCandidates, requestSolution, requestRating, forgetRequests,
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
  ensureCandidates, requestSolution, requestRating, forgetRequests,
} = background(app);
