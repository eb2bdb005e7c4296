// The work done before the player waits: a second engine finds the next hints and the Steps
// walk of the grid on the screen, so that Hint and Steps answer at once (background.js starts
// it and schedules it after every change of the grid). And the hint request both build.

import * as D from "./doc.js";
import { Engine } from "./engine.js";
import { answerAheadFrom } from "./client.js";
import { keptReply, readApplied, readPrepared, readSteps } from "./protocol.js";

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
export async function hintArgs(app, ensureCandidates) {
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

// <html data-walk>: where the work ahead is (see WorkAhead).
function sayWalk(word) {
  document.documentElement.dataset.walk = word;
}

// Nothing to work on ahead: a grid too big, or one without givens.
const nothingAhead = (app) => app.n() > AHEAD_MAX_SIZE || !app.state.doc.givens.some((v) => v);

// Work done before the player waits. A second engine (its own worker, so that nothing the
// player asks waits behind it) works out, in slices of about one step, the next hints from the
// grid on the screen and then its whole Steps walk; their answers are kept by request, and the
// main engine answers such a request from them (engine.js). A change of the grid turns the work
// to the new grid between two slices. <html data-walk> says where it is: "working", "hints"
// (the next hints of this grid are found, its Steps walk not yet), "ready" (both), "stopped"
// (left: too long), "off" (no second engine, a grid above 16x16, or no givens), "paused" (Set
// mode is on: the puzzle is being edited, work on it would be thrown away and would take a
// core from the setter's own engine; leaving Set mode schedules the work again).
// `ensureCandidates()` resolves once the working candidates are known (hintArgs); `onWalk(doc,
// level)` is told the level of each walk found.
export class WorkAhead {
  constructor(app, ensureCandidates, onWalk) {
    this.app = app;
    this.ensureCandidates = ensureCandidates;
    this.onWalk = onWalk;
    this.answers = new Map(); // answerKey -> Promise of the result, or of null (not found)
    this.helper = null; // the second engine
    this.helperReady = false;
    this.helperFailed = false; // e.g. out of memory: the main engine answers everything
    this.running = false;
    this.walks = []; // the keys of the Steps walks kept, oldest first
    answerAheadFrom({ lookup: (cmd, args) => this.lookup(cmd, args) });
  }

  // The answer kept for a request (a Promise), or null: the main engine is asked then.
  lookup(cmd, args) {
    return cmd === "hint" || cmd === "steps" ? this.answers.get(answerKey(cmd, args)) || null : null;
  }

  has(cmd, args) {
    return this.answers.has(answerKey(cmd, args));
  }

  keep(cmd, args) {
    const key = answerKey(cmd, args);
    const answers = this.answers;
    // A reply cut short by the time limit is no answer: the main engine is asked then.
    const promise = this.helper.request(cmd, { ...args, time_limit: AHEAD_BUDGET })
      .then(keptReply, () => null);
    answers.delete(key);
    answers.set(key, promise);
    while (answers.size > AHEAD_KEPT) answers.delete(answers.keys().next().value);
    if (cmd === "steps") {
      this.walks = [...this.walks.filter((k) => k !== key && answers.has(k)), key];
      // A forum-hardest walk's reply is about a megabyte: only the latest few are kept.
      while (this.walks.length > AHEAD_WALKS) answers.delete(this.walks.shift());
    }
    return promise;
  }

  // Slices of `prepare` until the engine says all is found; false when the grid changed first
  // (or the work failed or ran too long).
  async slices(args, stale) {
    for (let i = 0; i < AHEAD_SLICES; i++) {
      // The player's requests first: no new slice while the main engine works for them (a
      // streamed Steps, a Hint computed on demand), so that on a machine with few cores the
      // two engines do not share them.
      while (this.app.state.jobs > 0 && !stale()) await new Promise((r) => setTimeout(r, AHEAD_PAUSE));
      if (stale()) return false;
      const r = await this.helper.request("prepare", { ...args, time_limit: AHEAD_BUDGET }).catch(() => null);
      if (!r) return false;
      if (readPrepared(r)) return true;
    }
    return false;
  }

  // The next hints of `doc` at every level, and those after applying them; true when kept.
  async hintsAhead(doc, stale) {
    const args = await hintArgs(this.app, this.ensureCandidates);
    if (stale()) return false;
    if (!HINT_LEVELS.every((level) => this.has("hint", { ...args, level }))) {
      if (!(await this.slices({ for: "hint", ...args, ahead: AHEAD_HINTS }, stale))) return false;
      await Promise.all(HINT_LEVELS.map((level) => this.keep("hint", { ...args, level })));
    }
    // The hints after applying this one (and the next), found by the same prepare: fetched
    // now, so that Hint answers at once after 'apply'. Not with the player's own marks (what
    // applying does to them is theirs to say).
    if (!doc.centre.some((m) => m.length)) await this.hintsAfter(args, stale);
    return !stale();
  }

  // The hints after applying the one asked by `args`, then the next, each level not kept yet.
  async hintsAfter(args, stale) {
    let next = args;
    for (let k = 1; next && k < AHEAD_HINTS && !stale(); k++) {
      const follow = followingArgs(next, await this.answers.get(answerKey("hint", { ...next, level: "apply" })));
      if (follow) {
        await Promise.all(HINT_LEVELS.filter((level) => !this.has("hint", { ...follow, level }))
          .map((level) => this.keep("hint", { ...follow, level })));
      }
      next = follow;
    }
  }

  // The Steps walk of `doc` (its level offered to the game); true when kept.
  async walkAhead(doc, stale) {
    const walk = { cells: D.puzzleValues(doc), ...D.shapeArgs(doc) };
    if (!this.has("steps", walk)) {
      if (!(await this.slices({ for: "steps", ...walk }, stale))) return false;
      await this.keep("steps", walk);
    }
    const reply = await this.answers.get(answerKey("steps", walk));
    if (reply && !stale()) this.onWalk(doc, readSteps(reply).level);
    return !stale();
  }

  // The next hints, then the Steps walk, of `doc`; true when both are kept.
  async workOn(doc, stale) {
    if (!(await this.hintsAhead(doc, stale))) return false;
    sayWalk("hints");
    return this.walkAhead(doc, stale);
  }

  async run() {
    const app = this.app;
    for (;;) {
      const doc = app.state.doc;
      const shows = app.state.showCandidates;
      if (nothingAhead(app)) {
        sayWalk("off");
        return;
      }
      if (app.state.setter) {
        sayWalk("paused");
        return;
      }
      const stale = () => app.state.doc !== doc || app.state.showCandidates !== shows ||
        Boolean(app.state.setter);
      sayWalk("working");
      const done = await this.workOn(doc, stale);
      if (!stale()) {
        sayWalk(done ? "ready" : "stopped");
        return;
      }
    }
  }

  startHelper() {
    // "#ahead" tells it apart (tests count the workers) and costs no request of its own.
    this.helper = new Engine(new URL("./worker.js#ahead", import.meta.url), (status) => {
      if (status.state === "error") {
        this.helperFailed = true;
        sayWalk("off");
        console.warn("the second engine could not start:", status.text);
      }
      this.helperReady = status.state === "ready";
      if (this.helperReady) this.schedule();
    });
    this.helper.marks = false;
  }

  // After every change of the grid, when Set mode begins or ends, and once the main engine is
  // ready (the second one starts then, not to slow the first start).
  schedule() {
    if (this.app.state.engine.state !== "ready") return;
    if (this.app.state.setter) {
      sayWalk("paused"); // a run in progress stops at its next slice (stale)
      return;
    }
    if (this.helperFailed || nothingAhead(this.app)) {
      sayWalk("off"); // no second engine, a grid too big, or nothing to work on
      return;
    }
    if (!this.helper) this.startHelper();
    sayWalk("working"); // until the run says what it found for this grid
    if (!this.helperReady) return;
    if (this.running) return; // the run in progress turns to the new grid by itself
    this.running = true;
    this.run().catch((err) => {
      sayWalk("stopped");
      console.warn("working ahead:", err);
    }).finally(() => {
      this.running = false;
    });
  }
}
