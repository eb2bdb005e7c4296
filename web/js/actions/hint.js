// Hint, graded as on sudoku.coach: each press on the same grid asks the engine for the level
// its last reply named (`next_level`): where to look, then what to look for, then the step, then
// the step applied. A wrong entry is named, then cleared; its right digit only comes from Show
// the answer (level "reveal"). The words are the engine's; this module only says which press
// comes next.

import { hintRequest } from "../background.js";
import { ask, job } from "../client.js";
import { readHint } from "../protocol.js";
import * as S from "../state.js";
import { dispatch, getState } from "../store.js";

const FIRST_LEVEL = "look";

// The level this press asks for: the one the last hint on this grid named, else the first
// (also when the player changed how their marks are read since: another hint may come).
function nextHintLevel(state) {
  const hint = state.hint;
  const same = hint && hint.doc === state.doc && hint.marks === state.settings.marksAreCandidates;
  const last = same ? hint : null;
  return (last && last.next) || FIRST_LEVEL;
}

// What pressing Hint again does, after a reply whose next level is `next`.
function pressAgain(r) {
  if (r.next === "nudge") return "Hint again says what to look for.";
  if (r.next === "step") return "Hint again shows the step.";
  if (r.next !== "apply") return "";
  if (r.status === "wrong_entries") {
    return "Hint again clears it; Show the answer (in the menu) puts in the right digit.";
  }
  return r.step.chains.length ? "Explain shows the chain; Hint again applies it." : "Hint again applies it.";
}

// A hint as the page shows it: the step in one line (its summary) and what pressing again does;
// the whole chain is one tap away under Explain.
function hintWords(level, r) {
  const words = level === "step" ? r.step.summary || r.step.text : r.step.text;
  if (level === "apply" || level === "reveal") return `Applied: ${words}`;
  const said = /[.!?]$/.test(words) ? words : `${words}.`;
  const more = pressAgain(r);
  return more ? `${said} ${more}` : said;
}

// Ask for a hint at `level` and show (or apply) what comes back.
async function askHint(level) {
  const doc = getState().doc;
  // A player who shows no candidates gets an elimination with the digit it unlocks (the
  // request is the one the work ahead answers: background.js hintRequest).
  const r = await job("hint", level === "reveal" ? "Finding the answer…" : "Looking for a hint…",
    async () => readHint(await ask("hint", { ...(await hintRequest()), level })));
  if (!r || getState().doc !== doc) {
    dispatch(S.countHint);
    return;
  }
  const step = r.step;
  const graded = r.status === "step" || r.status === "wrong_entries" || r.status === "missing_marks";
  if (!graded) {
    // Solved, or the puzzle's own problem (several solutions, none, conflicting givens).
    dispatch((s) => S.showHintProblem(s, doc, step), step.text, r.status === "solved" ? "ok" : "warn");
    return;
  }
  if (level === "apply" || level === "reveal") {
    if (r.status === "step") {
      dispatch((s) => S.applyHint(s, step), hintWords(level, r), "ok");
    } else {
      // A mistake put right: wrong entries cleared (or, revealed, corrected), marks put back.
      const fix = { ...step, placements: [...step.placements, ...r.clears.map((cell) => [cell, 0])] };
      dispatch((s) => S.applyHintFix(s, fix), step.text, "ok");
    }
    return;
  }
  const kind = r.status === "step" ? "info" : "warn";
  dispatch((s) => S.showHint(s, doc, level, step, r.next), hintWords(level, r), kind);
}

export const hinting = {
  async hint() {
    await askHint(nextHintLevel(getState()));
  },

  // Show the answer: the right digits of wrong entries (or the next step, applied).
  async reveal() {
    await askHint("reveal");
  },
};
