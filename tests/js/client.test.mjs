// The page's one helper for actions that wait on the engine (client.js job) and the store it
// reports through (store.js): progress past 300 ms with the elapsed time, Cancel, one job at a
// time, failures said.
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { CANCELLED, cancel, job, progressText, running, SHOW_AFTER } from "../../web/js/client.js";
import { CancelledError } from "../../web/js/engine.js";
import { dispatch, getState, say, size, subscribe, update } from "../../web/js/store.js";

// A work whose reply the test hands over when it likes.
function pending() {
  let settle;
  const promise = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { work: () => promise, ...settle };
}

// Let the promise callbacks run (job's await and finally).
const settled = () => new Promise((resolve) => setImmediate(resolve));

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms) => { t += ms; mock.timers.tick(ms); } };
}

test("the store applies transitions, says messages and tells its subscribers", () => {
  const heard = [];
  const stop = subscribe((state, before) => heard.push([before.message.text, state.message.text]));
  say("first");
  dispatch((s) => ({ ...s, cursor: 3 }), "second", "ok");
  update((s) => ({ ...s, cursor: 4 })); // quiet: no subscriber hears it
  stop();
  say("third");
  assert.equal(getState().cursor, 4);
  assert.equal(getState().message.text, "third");
  assert.deepEqual(heard, [["", "first"], ["first", "second"]]);
  assert.equal(size(), 9);
});

test("a quick job is busy at once but says nothing; its result comes back, the message stays", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const t = clock();
    say("before");
    const reply = pending();
    const done = job("hint", "Looking for a hint…", reply.work, { now: t.now });
    assert.equal(running(), "hint");
    assert.equal(getState().busy, "hint", "busy at once: the buttons wait for it");
    t.advance(SHOW_AFTER - 1);
    assert.equal(getState().message.text, "before");
    reply.resolve({ status: "step" });
    assert.deepEqual(await done, { status: "step" });
    assert.equal(running(), null);
    assert.equal(getState().busy, null);
    assert.equal(getState().message.text, "before");
  } finally {
    mock.timers.reset();
  }
});

test("past 300 ms a job says what runs with the elapsed time, and its label can change", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const t = clock();
    const reply = pending();
    let label = null;
    const done = job("steps", "Working out the steps…", (relabel) => {
      label = relabel;
      return reply.work();
    }, { now: t.now });
    t.advance(SHOW_AFTER);
    assert.equal(getState().busy, "steps");
    assert.equal(getState().message.kind, "busy");
    assert.equal(getState().message.text, progressText("Working out the steps…", SHOW_AFTER));
    assert.match(getState().message.text, /^Working out the steps… \(0\.3 s; Cancel or Esc stops it\)$/);
    t.advance(1200);
    assert.match(getState().message.text, /\(1\.[45] s;/);
    label("Found 3 steps so far…");
    assert.match(getState().message.text, /^Found 3 steps so far… \(1\.[45] s;/);
    reply.resolve({ status: "solved" });
    await done;
    assert.equal(getState().busy, null);
    assert.equal(getState().message.text, "", "the progress line goes with the job");
  } finally {
    mock.timers.reset();
  }
});

test("Cancel stops the job at once: null, the busy state cleared, the status says Cancelled", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const t = clock();
    const reply = pending();
    const done = job("solve", "Solving…", reply.work, { now: t.now });
    t.advance(SHOW_AFTER + 500);
    assert.equal(getState().busy, "solve");
    cancel();
    assert.equal(await done, null);
    assert.equal(running(), null);
    assert.equal(getState().busy, null);
    assert.equal(getState().message.text, CANCELLED);
    assert.match(CANCELLED, /^Cancelled/);
    // The cancelled work settling later changes nothing.
    reply.resolve({ status: "solved" });
    await settled();
    assert.equal(getState().message.text, CANCELLED);
    t.advance(1000);
    assert.equal(getState().message.text, CANCELLED, "no progress tick after the end");
  } finally {
    mock.timers.reset();
  }
});

test("one job at a time: a second one gets null and the first goes on", async () => {
  const first = pending();
  const done = job("solve", "Solving…", first.work);
  assert.equal(await job("hint", "Looking for a hint…", () => Promise.resolve(1)), null);
  assert.equal(running(), "solve");
  first.resolve("ok");
  assert.equal(await done, "ok");
  assert.equal(await job("hint", "Looking for a hint…", () => Promise.resolve(1)), 1);
});

test("a failed job says why; an engine that was cancelled elsewhere says Cancelled", async () => {
  assert.equal(await job("solve", "Solving…", () => Promise.reject(new Error("the grid is 4x4"))), null);
  assert.equal(getState().message.text, "the grid is 4x4");
  assert.equal(getState().message.kind, "error");
  assert.equal(await job("solve", "Solving…", () => Promise.reject(new CancelledError())), null);
  assert.equal(getState().message.text, CANCELLED);
  assert.equal(running(), null);
});
