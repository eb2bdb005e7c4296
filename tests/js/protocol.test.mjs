// protocol.js, the one reader of the engine's replies, and what the page makes of a read step
// (chain_view.js: when Explain is offered).
import assert from "node:assert/strict";
import { test } from "node:test";

import { explains } from "../../web/js/chain_view.js";
import {
  readGeometry, readHint, readPartial, readPuzzle, readRating, readSolve, readSteps, readVerdict,
} from "../../web/js/protocol.js";

const cell = (index, value) => ({ cell: [Math.floor(index / 9) + 1, (index % 9) + 1], index, value });

// A chain hint as docs/protocol.md describes it (one strong and one weak link).
const CHAIN_HINT = {
  status: "step", technique: "X-Chain", message: "X-Chain on 7: r1c1 <> 7.",
  text: "X-Chain on 7: r1c1=7 would force ... so r1c1 <> 7 (the whole chain).",
  summary: "X-Chain on 7: r1c1 <> 7.", placements: [], eliminations: [cell(0, 7)],
  cells: [{ ...cell(0), role: "target" }], causes: [cell(4)],
  chains: [{ kind: "chain", contradiction: "", ends: [],
    nodes: [{ cells: [cell(4)], value: 7, on: true, text: "r1c5=7" },
      { cells: [cell(40)], value: 7, on: false, text: "r5c5<>7" }],
    links: [{ from: 0, to: 1, type: "strong" }] }],
};
// A nudge: only the region, its text and summary (= the nudge); no chain.
const NUDGE = { status: "step", level: "nudge", technique: "Hidden Single", region: "box 5",
  text: "Look at box 5.", summary: "Look at box 5.", message: "Look at box 5.",
  units: [{ cells: [30, 31, 32] }], chains: [] };

test("a hint reads into a step: cells by index, the chain as data, the whole text apart", () => {
  const { status, step } = readHint(CHAIN_HINT);
  assert.equal(status, "step");
  assert.deepEqual(step.eliminations, [[0, 7]]);
  assert.equal(step.summary, CHAIN_HINT.summary);
  assert.equal(step.detail, CHAIN_HINT.text);
  assert.equal(step.chains.length, 1);
  assert.deepEqual(step.chains[0].nodes.map((n) => n.cells), [[4], [40]]);
  assert.deepEqual(step.highlights.find((h) => h.cell === 4), { cell: 4, role: "cause" });
});

test("Explain is offered for a step with a chain or more text, never for a nudge", () => {
  const src = (step) => ({ summary: step.summary || step.text, text: step.detail || step.text, chains: step.chains });
  assert.equal(explains(src(readHint(CHAIN_HINT).step)), true);
  assert.equal(explains(src(readHint(NUDGE).step)), false);
  const long = { ...NUDGE, level: "step", text: "A long explanation of twelve removals.", summary: "remove 12 candidates" };
  assert.equal(explains(src(readHint(long).step)), true);
  assert.equal(explains(null), false, "a message alone has nothing to explain");
});

test("verdicts, solves and steps read into the page's names", () => {
  const verdict = readVerdict({ status: "wrong_entries", message: "r1c2 is wrong.",
    conflicts: [{ indices: [3, 5] }, { indices: [5, 7] }], dead_indices: [9], wrong_indices: [1] });
  assert.deepEqual(verdict, { status: "wrong_entries", message: "r1c2 is wrong.",
    conflicts: [3, 5, 7], dead: [9], wrong: [1] });
  const solved = readSolve({ status: "solved", message: "Solved", values: [1, 2], unique: true });
  assert.deepEqual([solved.values, solved.unique], [[1, 2], true]);
  assert.equal(readSolve({ status: "solved", values: [1], unique: false }).unique, false);
  assert.equal(readSolve({ status: "no_solution" }).values, null);
  const steps = readSteps({ status: "solved", message: "2 steps", steps: [NUDGE, CHAIN_HINT], level: "Hard" });
  assert.equal(steps.level, "Hard");
  assert.equal(readSteps({ status: "gave_up", level: null }).level, null);
  assert.deepEqual(steps.steps.map((s) => s.text), [NUDGE.message, CHAIN_HINT.message]);
  assert.deepEqual(readPartial({ index: 4, step: CHAIN_HINT }).index, 4);
});

test("ratings, puzzles and geometry", () => {
  assert.deepEqual(readRating({ level: "Medium", se: { er: 2.6 } }),
    { level: "Medium", atLeast: null, se: 2.6, timedOut: false });
  assert.deepEqual(readRating({ level: null, level_at_least: "Expert", timed_out: true }),
    { level: null, atLeast: "Expert", se: null, timedOut: true });
  const made = readPuzzle({ box: [2, 2], size: 4, values: [1, 0], level: "Easy", reached: true });
  assert.deepEqual([made.box, made.level, made.reached, made.variant, made.note], [[2, 2], "Easy", true, null, ""]);
  const geometry = readGeometry({ box: [2, 2], size: 4, units: [[0, 1]], units_of: [[0, 4, 8]], message: "x" });
  assert.deepEqual(Object.keys(geometry).sort(), ["box", "size", "units", "units_of"]);
});
