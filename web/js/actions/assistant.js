// Actions that ask the engine about the puzzle: Solve, Validate, Check, the step walk and
// Cancel (Hint: hint.js). The engine's words are shown as they come (they are the CLI's).

import { offerLevel, SOLVE_BUDGET } from "../background.js";
import { show as showExplain } from "../chain_view.js";
import { ask, cancel, job, running } from "../client.js";
import * as D from "../doc.js";
import * as E from "../edits.js";
import { readPartial, readSolve, readSteps, readVerdict } from "../protocol.js";
import * as S from "../state.js";
import { dispatch, getState, say } from "../store.js";
import { flush } from "../view.js";
import { editing } from "./editing.js";

const $ = (id) => document.getElementById(id);

// The cells a report names (protocol.js readVerdict, readSolve), with their roles: conflicts,
// cells where nothing fits, wrong entries.
function highlightsOf(cells) {
  return [
    ...cells.conflicts.map((cell) => ({ cell, role: "conflict" })),
    ...cells.dead.map((cell) => ({ cell, role: "dead" })),
    ...cells.wrong.map((cell) => ({ cell, role: "wrong" })),
  ];
}

// The engine's verdict on the givens and the user's entries (Validate, Check): its words are
// the CLI's; conflicts, cells where nothing fits and entries that differ from the solution
// are marked.
async function verdict(name, what, before = "") {
  const doc = getState().doc;
  const args = { cells: D.puzzleValues(doc), givens: doc.givens, ...D.shapeArgs(doc), time_limit: SOLVE_BUDGET };
  const r = await job(name, what, async () => readVerdict(await ask("validate", args)));
  if (!r) return;
  const ok = r.status === "unique" || r.status === "solved";
  const kind = ok ? "ok" : r.status === "multiple" || r.status === "wrong_entries" ? "warn" : "error";
  dispatch((s) => (s.doc !== doc ? s : S.showReport(s, highlightsOf(r), r.wrong)), before + r.message, kind);
}

// Solve and Steps read the givens and the entries as one grid: when that grid breaks (a
// conflict, no solution) and the player has entries, the engine's verdict on the entries
// (the Check) names them, instead of a refusal that blames the grid as a whole.
async function blameEntries(status, what) {
  const doc = getState().doc;
  const broken = status === "invalid" || status === "no_solution";
  if (!broken || !doc.entries.some((v) => v)) return false;
  await verdict("check", "Checking your entries…", `${what} needs your entries to fit. `);
  return true;
}

export const assistant = {
  async solve() {
    const doc = getState().doc;
    const args = { cells: D.puzzleValues(doc), ...D.shapeArgs(doc), time_limit: SOLVE_BUDGET };
    const r = await job("solve", "Solving…", async () => readSolve(await ask("solve", args)));
    if (!r) return;
    if (r.status === "solved" && r.values && getState().doc === doc) {
      dispatch((s) => E.applySolution(s, r.values), r.message, "ok");
      return;
    }
    if (getState().doc === doc && (await blameEntries(r.status, "Solve"))) return;
    dispatch((s) => S.showReport(s, highlightsOf(r)), r.message, r.status === "solved" ? "ok" : "error");
  },

  async validate() {
    await verdict("validate", "Checking…");
  },

  // Entries that differ from the solution, named and marked: the same engine verdict.
  async check() {
    await verdict("check", "Checking your entries…");
  },

  // The whole logical path, walked forward and back with Next step / Previous step.
  // The steps are streamed: the walk opens with the first one found and grows as the rest
  // come (a forum-hardest walk takes seconds in the page); the reply then settles it.
  async steps() {
    const doc = getState().doc;
    const found = [];
    let shown = 0;
    let pending = 0; // animation frame of the next batched update
    let label = () => {}; // what the job's progress line says runs
    const showFound = () => {
      pending = 0;
      const walk = getState().walk;
      if (getState().doc !== (walk ? walk.docs[walk.index] : doc) || running() !== "steps") return;
      const steps = found.slice();
      const first = !walk;
      dispatch((s) => (s.walk ? S.setWalk(s, { ...s.walk, steps }) : S.startWalk(s, steps)));
      label(`Found ${steps.length} step${steps.length === 1 ? "" : "s"} so far; Next step walks through them, more are coming…`);
      if (first) {
        flush();
        performance.mark("sudoku:first-step");
        $("walk-next").focus({ preventScroll: true });
      }
      shown = steps.length;
    };
    const onPartial = (partial) => {
      const part = readPartial(partial);
      found[part.index] = part.step;
      if (!pending && found.length > shown) pending = requestAnimationFrame(showFound);
    };
    const args = { cells: D.puzzleValues(doc), ...D.shapeArgs(doc), time_limit: 20, stream: true };
    const r = await job("steps", "Working out the steps…", async (relabel) => {
      label = relabel;
      return readSteps(await ask("steps", args, onPartial));
    });
    if (pending) cancelAnimationFrame(pending);
    if (r) offerLevel(doc, r.level); // a puzzle that came without a level has one now
    const walking = getState().walk;
    if (!r) {
      if (walking && getState().doc === walking.docs[walking.index]) {
        say(`Cancelled after ${walking.steps.length} steps (the engine restarted; your grid is unchanged): Next step walks through them.`, "info");
      }
      return;
    }
    if (walking && getState().doc === walking.docs[walking.index] && r.steps.length) {
      dispatch((s) => S.setWalk(s, { ...s.walk, steps: r.steps }),
        `${r.message} Press Next step to walk through them.`, r.status === "solved" ? "info" : "warn");
      performance.mark("sudoku:steps-done");
      return;
    }
    if (getState().doc !== doc) return;
    if (!r.steps.length) {
      if (!(await blameEntries(r.status, "Steps"))) say(r.message, "warn");
      return;
    }
    dispatch((s) => S.startWalk(s, r.steps), `${r.message} Press Next step to walk through them.`,
      r.status === "solved" ? "info" : "warn");
    performance.mark("sudoku:steps-done");
    flush();
    $("walk-next").focus({ preventScroll: true }); // the grid stays where the player sees it
  },

  walkStep(delta) {
    const walk = getState().walk;
    if (walk) assistant.walkTo(walk.index + delta);
  },

  // Show the grid after `index` steps of the walk (0 = where it started); undoable.
  walkTo(index) {
    const walk = getState().walk;
    if (!walk || !Number.isInteger(index) || index < 0 || index > walk.steps.length) return;
    if (getState().doc !== walk.docs[walk.index]) {
      dispatch((s) => S.setWalk(s, null), "The grid changed: the step-by-step walk ended.", "warn");
      return;
    }
    dispatch((s) => S.walkTo(s, index));
    flush();
  },

  // Stop walking (or Esc): the grid as it was before Steps; true when a walk was open.
  closeWalk() {
    const walk = getState().walk;
    if (!walk) return false;
    const back = walk.index > 0 && getState().doc === walk.docs[walk.index];
    dispatch(S.closeWalk, back ? "Stopped walking: the grid is back as it was before Steps. " +
      "Redo brings the steps back, one step at a time." : "Stopped walking.");
    editing.focusGrid();
    return true;
  },

  explain() {
    showExplain();
  },

  cancel() {
    cancel();
  },
};
