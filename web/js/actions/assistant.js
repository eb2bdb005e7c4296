// Actions that ask the engine about the puzzle: Solve, Validate, Check, Hint, the step walk,
// and Cancel. The engine's words are shown as they come (they are the CLI's).

import { SOLVE_BUDGET } from "../background.js";
import { chainView } from "../chain_view.js";
import * as D from "../doc.js";
import * as E from "../edits.js";
import { readStep, reportCells, solutionValues } from "../protocol.js";
import * as S from "../state.js";

const $ = (id) => document.getElementById(id);

// The cells a report names, with their roles: conflicts, cells where nothing fits, wrong entries.
function highlightsOf(r) {
  const cells = reportCells(r);
  return [
    ...cells.conflicts.map((cell) => ({ cell, role: "conflict" })),
    ...cells.dead.map((cell) => ({ cell, role: "dead" })),
    ...cells.wrong.map((cell) => ({ cell, role: "wrong" })),
  ];
}

// Hint in three presses on the same grid: nudge, then the step, then apply it.
function nextHintLevel(state) {
  const last = state.hint && state.hint.doc === state.doc ? state.hint.level : null;
  return last === "nudge" ? "step" : last === "step" ? "apply" : "nudge";
}

export function assistant(app) {
  const explain = chainView(app);
  explain.build();
  // The engine's verdict on the givens and the user's entries (Validate, Check): its words are
  // the CLI's; conflicts, cells where nothing fits and entries that differ from the solution
  // are marked.
  async function verdict(name, busyText, before = "") {
    const doc = app.state.doc;
    const r = await app.job(name, "validate",
      { cells: D.puzzleValues(doc), givens: doc.givens, ...D.shapeArgs(doc), time_limit: SOLVE_BUDGET },
      busyText);
    if (!r) return;
    const ok = r.status === "unique" || r.status === "solved";
    const kind = ok ? "ok" : r.status === "multiple" || r.status === "wrong_entries" ? "warn" : "error";
    app.dispatch((s) => (s.doc !== doc ? s : S.showReport(s, highlightsOf(r), reportCells(r).wrong)),
      before + r.message, kind);
  }

  // Solve and Steps read the givens and the entries as one grid: when that grid breaks (a
  // conflict, no solution) and the player has entries, the engine's verdict on the entries
  // (the Check) names them, instead of a refusal that blames the grid as a whole.
  async function blameEntries(r, what) {
    const doc = app.state.doc;
    const broken = r.status === "invalid" || r.status === "no_solution";
    if (!broken || !doc.entries.some((v) => v)) return false;
    await verdict("check", "Checking your entries…", `${what} needs your entries to fit. `);
    return true;
  }

  // The marks a hint starts from: none when the user shows none and no step removed any;
  // else per cell the user's centre marks, or the working candidates.
  async function pencilArg() {
    const doc = app.state.doc;
    const own = doc.centre.some((m) => m.length);
    const removed = doc.removed.some((m) => m.length);
    if (!own && !removed) return undefined;
    await app.ensureCandidates();
    const state = app.state;
    const cands = D.currentCands(state);
    return doc.centre.map((m, i) => (m.length ? m : D.workingCandidates(state, i, cands) || []));
  }

  const actions = {
    async solve() {
      const doc = app.state.doc;
      const r = await app.job("solve", "solve",
        { cells: D.puzzleValues(doc), ...D.shapeArgs(doc), time_limit: SOLVE_BUDGET },
        "Solving… (Cancel or Esc stops it)");
      if (!r) return;
      const values = solutionValues(r);
      if (r.status === "solved" && values && app.state.doc === doc) {
        app.dispatch((s) => E.applySolution(s, values), r.message, "ok");
        return;
      }
      if (app.state.doc === doc && (await blameEntries(r, "Solve"))) return;
      app.dispatch((s) => S.showReport(s, highlightsOf(r)), r.message,
        r.status === "solved" ? "ok" : "error");
    },

    async validate() {
      await verdict("validate", "Checking… (Cancel or Esc stops it)");
    },

    // Entries that differ from the solution, named and marked: the same engine verdict.
    async check() {
      await verdict("check", "Checking your entries…");
    },

    async hint() {
      const doc = app.state.doc;
      const level = nextHintLevel(app.state);
      const pencil = await pencilArg();
      // A player who shows no candidates gets an elimination with the digit it unlocks, even
      // when earlier steps narrowed the working candidates (sent as `pencil`).
      const unlock = !app.state.showCandidates && !doc.centre.some((m) => m.length);
      const r = await app.job("hint", "hint",
        { givens: doc.givens, cells: D.puzzleValues(doc), ...D.shapeArgs(doc), level, pencil, unlock },
        "Looking for a hint…");
      if (!r || app.state.doc !== doc) {
        app.dispatch(S.countHint);
        return;
      }
      const step = readStep(r);
      // Mistakes at the third press: the corrections (wrong entries) or the marks put back.
      const fix = level === "apply" && (r.status === "wrong_entries" || r.status === "missing_marks");
      if (fix && (step.placements.length || step.missing.length)) {
        app.dispatch((s) => S.applyHintFix(s, step, r), `Applied: ${step.text}`, "ok");
        return;
      }
      if (r.status !== "step") {
        // A mistake is named at once (the cells are highlighted too), then it counts as shown.
        app.dispatch((s) => S.showHintProblem(s, doc, step, r), step.text,
          r.status === "solved" ? "ok" : "warn");
        return;
      }
      // The step in one line (its summary); the whole chain is one tap away under Explain.
      const words = level === "nudge" ? step.text : step.summary || step.text;
      if (level === "apply") {
        app.dispatch((s) => S.applyHint(s, step, r), `Applied: ${words}`, "ok");
        return;
      }
      const more = level === "nudge" ? "Hint again shows the step."
        : step.chains.length ? "Explain shows the chain; Hint again applies it." : "Hint again applies it.";
      const said = /[.!?]$/.test(words) ? words : `${words}.`;
      app.dispatch((s) => S.showHint(s, doc, level, step, r), `${said} ${more}`, "info");
    },

    // The whole logical path, walked forward and back with Next step / Previous step.
    // The steps are streamed: the walk opens with the first one found and grows as the rest
    // come (a forum-hardest walk takes seconds in the page); the reply then settles it.
    async steps() {
      const doc = app.state.doc;
      const found = [];
      let shown = 0;
      let pending = 0; // animation frame of the next batched update
      const showFound = () => {
        pending = 0;
        const walk = app.state.walk;
        if (app.state.doc !== (walk ? walk.docs[walk.index] : doc) || app.state.busy !== "steps") return;
        const steps = found.slice();
        const first = !walk;
        app.dispatch((s) => (s.walk ? S.setWalk(s, { ...s.walk, steps }) : S.startWalk(s, steps)),
          `Found ${steps.length} step${steps.length === 1 ? "" : "s"} so far… Next step walks through them; more are coming (Cancel or Esc stops it).`,
          "busy");
        if (first) {
          app.flush();
          performance.mark("sudoku:first-step");
          $("walk-next").focus({ preventScroll: true });
        }
        shown = steps.length;
      };
      const onPartial = (partial) => {
        found[partial.index] = readStep(partial.step);
        if (!pending && found.length > shown) pending = requestAnimationFrame(showFound);
      };
      const r = await app.job("steps", "steps",
        { cells: D.puzzleValues(doc), ...D.shapeArgs(doc), time_limit: 20, stream: true },
        "Working out the steps… (Cancel or Esc stops it)", onPartial);
      if (pending) cancelAnimationFrame(pending);
      const walking = app.state.walk;
      if (!r) {
        if (walking && app.state.doc === walking.docs[walking.index]) {
          app.say(`Cancelled after ${walking.steps.length} steps (the engine restarted; your grid is unchanged): Next step walks through them.`, "info");
        }
        return;
      }
      if (walking && app.state.doc === walking.docs[walking.index] && r.steps.length) {
        const steps = r.steps.map(readStep);
        app.dispatch((s) => S.setWalk(s, { ...s.walk, steps }),
          `${r.message} Press Next step to walk through them.`, r.status === "solved" ? "info" : "warn");
        performance.mark("sudoku:steps-done");
        return;
      }
      if (app.state.doc !== doc) return;
      if (!r.steps.length) {
        if (!(await blameEntries(r, "Steps"))) app.say(r.message, "warn");
        return;
      }
      const steps = r.steps.map(readStep);
      app.dispatch((s) => S.startWalk(s, steps), `${r.message} Press Next step to walk through them.`,
        r.status === "solved" ? "info" : "warn");
      performance.mark("sudoku:steps-done");
      app.flush();
      $("walk-next").focus({ preventScroll: true }); // the grid stays where the player sees it
    },

    walkStep(delta) {
      const walk = app.state.walk;
      if (walk) actions.walkTo(walk.index + delta);
    },

    // Show the grid after `index` steps of the walk (0 = where it started); undoable.
    walkTo(index) {
      const walk = app.state.walk;
      if (!walk || !Number.isInteger(index) || index < 0 || index > walk.steps.length) return;
      if (app.state.doc !== walk.docs[walk.index]) {
        app.dispatch((s) => S.setWalk(s, null), "The grid changed: the step-by-step walk ended.", "warn");
        return;
      }
      app.dispatch((s) => S.walkTo(s, index));
      app.flush();
    },

    closeWalk() {
      app.dispatch(S.closeWalk);
      app.actions.focusGrid();
    },

    explain() {
      explain.show();
    },

    cancel() {
      if (!app.state.busy) return;
      app.engine.cancel();
      app.forgetRequests();
      app.dispatch((s) => S.setBusy(s, null));
    },
  };
  return actions;
}
