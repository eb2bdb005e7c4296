// What follows a change of the grid, asked of the engine in the background: the layout and the
// repeated values, the candidates, the solution (mistakes as you type), the full-grid verdict
// and the level of a puzzle that came without one. One request of each kind in flight.
// And the work done before the player waits (ahead.js, scheduled here): a second engine finds
// the next hints and the Steps walk of the grid on the screen, so that Hint and Steps answer at
// once.

import { hintArgs, WorkAhead } from "./ahead.js";
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
const RATE_BUDGET = 1.5; // seconds for the level of a puzzle that came without one (kept quick)

// The level a rating says, as shown, or null. Out of time (a hard puzzle in the page's short
// budget): "Expert+" says what the steps met so far prove; the top level needs no "+".
function ratedLevel(r) {
  const least = r.atLeast;
  const top = least && least.toLowerCase() === D.LEVELS[D.LEVELS.length - 1];
  const level = r.level || (least ? (top ? least : `${least}+`) : null);
  // Beside the level, the number forum lists sort by (Sudoku Explainer's scale).
  return level && r.se !== null ? `${level} · SE ${r.se.toFixed(1)}` : level;
}

// What follows a change of the grid, over the app (the store and the engine client) and the
// requests in flight; one instance for the page (below).
class Background {
  constructor(app) {
    this.app = app;
    this.candidating = null; // the candidates request in flight
    this.solving = null; // the solve request in flight: {key, promise}
    this.ahead = new WorkAhead(app, () => this.ensureCandidates(),
      (doc, level) => this.offerLevel(doc, level));
  }

  // Repeated values, from the geometry (no rule here: the units come with it).
  // A variant's cages and knight or king moves are no unit: the engine's `check` names those
  // conflicts (its cell indices are drawn as they come).
  markConflicts() {
    const app = this.app;
    app.update((s) => S.setConflicts(s, Geo.repeatedCells(s.geometry, D.shownValues(s.doc))));
    const doc = app.state.doc;
    if (!doc.variant || app.state.engine.state !== "ready") return;
    app.ask("check", { cells: D.shownValues(doc), ...D.shapeArgs(doc) })
      .then((r) => {
        if (app.state.doc !== doc) return;
        app.update((s) => S.setConflicts(s, readVerdict(r).conflicts.sort((a, b) => a - b)));
        this.finishCheck(true);
        app.scheduleRender();
      })
      .catch(app.failed("Checking the rules"));
  }

  // Called by dispatch once the document changed: conflicts, candidates, completion, saving.
  docChanged() {
    const app = this.app;
    const doc = app.state.doc;
    if (app.state.geometry) this.markConflicts();
    if (!Geo.fits(app.state.geometry, doc.box, D.variantKey(doc.variant))) {
      this.loadGeometry();
    }
    this.markMistakes();
    this.finishCheck();
    app.scheduleSave();
    this.requestCandidates();
    this.ahead.schedule();
  }

  // Entries that differ from the solution, as the user types (setting "show mistakes").
  markMistakes() {
    const { doc, settings, solution: sol } = this.app.state;
    if (!settings.mistakes) return;
    if (!sol || sol.key !== D.givensKey(doc)) {
      this.requestSolution();
      return;
    }
    const wrong = doc.entries.map((v, i) => (v && v !== sol.values[i] ? i : -1)).filter((i) => i >= 0);
    this.app.update((s) => S.setWrong(s, wrong));
  }

  // A full grid: celebrate once (a correct grid), or say what is wrong with it.
  // A variant's full grid waits for the engine's check (a cage's sum is no unit).
  finishCheck(checked = false) {
    const app = this.app;
    const { doc, game, geometry, conflicts } = app.state;
    if (!geometry || doc.givens.some((_, i) => !D.shown(doc, i))) return;
    if (doc.variant && !checked) return;
    if (!doc.givens.some((v) => v) && !game) return;
    if (conflicts.length) {
      const n = app.n();
      const names = conflicts.slice(0, 6).map((c) => D.cellName(c, n)).join(", ");
      app.update((s) => S.setMessage(s,
        `The grid is full, but some values repeat in a row, column or box: ${names}.`, "error"));
      this.fullVerdict(doc); // then in the library's words, once the engine answers
      return;
    }
    if (doc.solved.some((v) => v) || !game || game.finished) return;
    const finished = { seconds: Math.round(game.elapsed), level: game.level };
    app.update((s) => S.setMessage(S.finishGame(s, finished), S.finishedText(finished, app.n()), "ok"));
  }

  // The engine's words for a full grid that breaks a rule (the CLI's too), when it is ready.
  fullVerdict(doc) {
    const app = this.app;
    if (app.state.engine.state !== "ready") return;
    app.ask("validate", { cells: D.puzzleValues(doc), givens: doc.givens, ...D.shapeArgs(doc), time_limit: 5 })
      .then((r) => {
        if (app.state.doc === doc) app.say(readVerdict(r).message, "error");
      })
      .catch(app.failed("Checking the full grid"));
  }

  async loadGeometry() {
    const app = this.app;
    const box = app.state.doc.box;
    try {
      const geometry = await Geo.load(box, app.ask, app.state.doc.variant || null);
      const had = app.state.geometry;
      app.dispatch((s) => S.setGeometry(s, geometry));
      if (geometry !== had) this.warmEngine();
      if (app.state.geometry && app.state.geometry !== had) {
        this.markConflicts();
        this.finishCheck();
        app.scheduleRender();
      }
    } catch (err) {
      app.say(`The layout of ${box[0]}×${box[1]} boxes could not be loaded: ${err.message}`, "error");
    }
  }

  // The engine builds its tables for the current shape while the user reads: the
  // first Solve or Hint of a size then does not pay for them.
  warmEngine() {
    const app = this.app;
    if (app.state.engine.state !== "ready") return;
    app.ask("warm", D.shapeArgs(app.state.doc)).catch(app.failed("Preparing the engine"));
    this.ahead.schedule();
  }

  peersOf(cell) {
    const geometry = this.app.state.geometry;
    return geometry ? Geo.peersOf(geometry, cell) : [];
  }

  // The engine's candidates of the current grid (one request in flight; the newest wins).
  requestCandidates() {
    const app = this.app;
    const state = app.state;
    if (state.engine.state !== "ready" || this.candidating) return this.candidating || Promise.resolve();
    const doc = state.doc;
    const values = D.shownValues(doc);
    const key = D.gridKey(values, doc.box, doc.variant);
    if (state.cands && state.cands.key === key) return Promise.resolve();
    this.candidating = app.ask("candidates", { cells: values, ...D.shapeArgs(doc) })
      .then((r) => app.dispatch((s) => S.setCands(s, key, readCandidates(r))))
      .catch(app.failed("Computing the candidates"))
      .finally(() => {
        this.candidating = null;
        if (app.state.doc !== doc) this.requestCandidates();
      });
    return this.candidating;
  }

  // Resolves once the working candidates of the current grid are known.
  async ensureCandidates() {
    const app = this.app;
    for (let i = 0; i < 5; i++) {
      const doc = app.state.doc;
      if (app.state.cands && app.state.cands.key === D.gridKey(D.shownValues(doc), doc.box, doc.variant)) return true;
      await this.requestCandidates();
    }
    return Boolean(app.state.cands);
  }

  // The solution of the givens (Check, mistakes as you type): asked once per puzzle.
  requestSolution() {
    const state = this.app.state;
    const doc = state.doc;
    const key = D.givensKey(doc);
    if (state.solution && state.solution.key === key) return Promise.resolve(state.solution);
    if (state.engine.state !== "ready") return Promise.resolve(null);
    if (this.solving && this.solving.key === key) return this.solving.promise;
    const promise = this.app.ask("solve", { cells: doc.givens, ...D.shapeArgs(doc), time_limit: SOLVE_BUDGET })
      .then((reply) => this.solved(key, readSolve(reply)))
      .catch((err) => {
        this.app.failed("Finding the solution")(err);
        return null;
      })
      .finally(() => {
        if (this.solving && this.solving.key === key) this.solving = null;
      });
    this.solving = { key, promise };
    return promise;
  }

  // The solve `r` of the givens `key` answered: kept when unique (and the mistakes marked).
  solved(key, r) {
    const app = this.app;
    const values = r.values;
    if (r.status !== "solved" || !r.unique || !values) return { key, values: null, reply: r };
    app.dispatch((s) => S.setSolution(s, key, values));
    if (app.state.settings.mistakes) {
      this.markMistakes();
      app.scheduleRender();
    }
    return app.state.solution;
  }

  // Level of a puzzle that came without one (a link or an import), asked once, kept quick.
  requestRating() {
    const app = this.app;
    const { doc, game, engine } = app.state;
    if (!game || game.level) return;
    const known = shippedLevel(doc.givens, doc.box);
    if (known === undefined) {
      loadBank(doc.box).then(() => this.requestRating()); // the bank of that size, once
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
      .then((reply) => this.rated(game.id, readRating(reply)))
      .catch(app.failed("Rating the puzzle"));
  }

  // The rating `r` of the game `id` answered: its level, if that game is still on.
  rated(id, r) {
    const app = this.app;
    const same = () => app.state.game && app.state.game.id === id;
    if (!r.level && !r.atLeast && r.timedOut && same()) {
      // Said, not left blank: the walk (work ahead, or Steps) may still find it.
      app.dispatch((s) => S.setLevelNote(s, id, `too hard to rate within ${RATE_BUDGET} s`));
      return;
    }
    const shown = ratedLevel(r);
    if (shown && same()) {
      app.dispatch((s) => S.setLevel(s, shown));
      app.scheduleSave();
    }
  }

  // The level of a whole logical path (Steps, or its walk worked out ahead) of the puzzle's
  // givens alone: the game's level when it had none or only a least one ("Expert+").
  offerLevel(doc, level) {
    const app = this.app;
    const game = app.state.game;
    if (!level || !game || doc.entries.some((v) => v) || doc.solved.some((v) => v)) return;
    if (D.givensKey(doc) !== D.givensKey(app.state.doc)) return;
    if (game.level && !game.level.includes("+")) return;
    app.dispatch((s) => S.setLevel(s, level));
    app.scheduleSave();
  }

  // The engine restarted (ready again, or a job cancelled): requests in flight are gone.
  forgetRequests() {
    this.candidating = null;
    this.solving = null;
  }
}

// The page's one instance, on the store and the engine client; app.js calls docChanged on
// every change of the document and the engine's readiness hooks.
const app = Object.freeze({
  get state() {
    return getState();
  },
  n: size, dispatch, update, say, failed, ask, scheduleRender, scheduleSave,
});
const bg = new Background(app);
export const docChanged = () => bg.docChanged();
export const markMistakes = () => bg.markMistakes();
export const loadGeometry = () => bg.loadGeometry();
export const warmEngine = () => bg.warmEngine();
export const peersOf = (cell) => bg.peersOf(cell);
export const requestCandidates = () => bg.requestCandidates();
export const ensureCandidates = () => bg.ensureCandidates();
export const requestSolution = () => bg.requestSolution();
export const requestRating = () => bg.requestRating();
export const offerLevel = (doc, level) => bg.offerLevel(doc, level);
export const forgetRequests = () => bg.forgetRequests();
// Set mode began or ended: the work ahead pauses (a puzzle being edited) or resumes.
export const settingChanged = () => bg.ahead.schedule();

// The hint request Hint sends (ahead.js hintArgs), without a level.
export const hintRequest = () => hintArgs(app, ensureCandidates);
