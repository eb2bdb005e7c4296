// Worker client: id-tagged requests -> promises; cancel = terminate the worker and start anew.
// A request the page worked out ahead (ahead.js WorkAhead: hints and the Steps walk, found by a
// second worker while the player thinks) is answered from `answers` without the worker.

export class CancelledError extends Error {
  constructor() {
    super("cancelled");
    this.name = "CancelledError";
  }
}

export class EngineError extends Error {
  constructor(error) {
    super(error && error.message ? error.message : "engine error");
    this.name = "EngineError";
    this.type = error && error.type ? error.type : "EngineError"; // e.g. "ParseError"
    this.detail = error || {}; // the reply's error object: {type, message, line, column, char}
  }
}

// Where the last hint and the last Steps walk came from: <html data-hint-from="cache|engine">,
// data-steps-from (tests and benchmarks read them; docs/page_long_work.md).
function answeredFrom(cmd, from) {
  if ((cmd === "hint" || cmd === "steps") && typeof document !== "undefined") {
    document.documentElement.dataset[`${cmd}From`] = from;
  }
}

export class Engine {
  // onStatus({state: "loading"|"ready"|"error", progress, text, version})
  constructor(workerUrl, onStatus, onQueue = () => {}, after = Promise.resolve()) {
    this.workerUrl = workerUrl; // URL of worker.js, e.g. new URL("./worker.js", import.meta.url)
    this.onStatus = onStatus; // callback for loading progress and readiness
    this.nextId = 1; // id of the next request, e.g. 42
    this.pending = new Map(); // id -> {resolve, reject, cmd}
    this.state = "loading"; // "loading" | "ready" | "error"
    this.onQueue = onQueue; // called with the number of requests in flight, e.g. 2
    this.after = after; // the first worker waits for it (app.js: the service worker's control)
    this.worker = null; // the Worker, null until `after` settles
    this.outbox = []; // requests made before the worker exists: [{id, cmd, args}]
    // Answers worked out ahead: {lookup(cmd, args) -> Promise of the result | null}, or null.
    this.answers = null;
    this.marks = true; // say in <html data-*-from> where answers came from (not the helper's)
    this.start();
  }

  start() {
    this.state = "loading";
    this.onStatus({ state: "loading", progress: 0, text: "Starting the engine" });
    // The service worker's failure only costs the offline cache: say so, start anyway.
    const noCache = (err) => this.onStatus({ state: "loading", progress: 0,
      text: `Starting the engine (no offline copy: ${err && err.message ? err.message : err})` });
    this.after.catch(noCache).then(() => {
      this.worker = new Worker(this.workerUrl, { type: "module" });
      this.worker.onmessage = (event) => this.receive(event.data);
      this.worker.onerror = (event) => {
        event.preventDefault();
        this.fail(event.message || "the engine could not start");
      };
      for (const message of this.outbox.splice(0)) this.worker.postMessage(message);
    });
  }

  fail(message) {
    this.state = "error";
    this.onStatus({ state: "error", text: message });
    for (const { reject } of this.pending.values()) {
      reject(new EngineError({ type: "EngineError", message }));
    }
    this.pending.clear();
    this.onQueue(0);
  }

  receive(msg) {
    if (msg.type === "status") {
      this.onStatus({ state: "loading", progress: msg.progress, text: msg.text });
    } else if (msg.type === "ready") {
      this.state = "ready";
      this.onStatus({ state: "ready", progress: 1, version: msg.version, build: msg.build,
        timings: msg.timings });
    } else if (msg.type === "error") {
      this.fail(msg.message);
    } else if (msg.type === "partial") {
      // A partial result of a streaming request (steps as they are found).
      const waiter = this.pending.get(msg.id);
      if (!waiter || !waiter.onPartial) return;
      try {
        waiter.onPartial(JSON.parse(msg.json).partial);
      } catch (err) {
        console.warn("partial result:", err);
      }
    } else if (msg.type === "reply") {
      const waiter = this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id);
      this.onQueue(this.pending.size);
      let reply;
      try {
        reply = msg.json ? JSON.parse(msg.json) : msg;
      } catch (err) {
        waiter.reject(new EngineError({ type: "EngineError", message: String(err) }));
        return;
      }
      if (reply.error) waiter.reject(new EngineError(reply.error));
      else {
        if (this.marks) answeredFrom(waiter.cmd, "engine");
        waiter.resolve(reply.result);
      }
    }
  }

  // The answer worked out ahead for this request, if there is one (else the worker computes
  // it). An answer still being worked out is waited for; if that fails, the worker computes.
  ahead(id, cmd, args) {
    const ready = this.answers && this.answers.lookup(cmd, args);
    if (!ready) return false;
    ready.then((result) => {
      const waiter = this.pending.get(id);
      if (!waiter) return; // cancelled meanwhile
      if (!result) {
        this.send(id, cmd, args);
        return;
      }
      this.pending.delete(id);
      this.onQueue(this.pending.size);
      answeredFrom(cmd, "cache");
      waiter.resolve(result);
    });
    return true;
  }

  send(id, cmd, args) {
    if (this.worker) this.worker.postMessage({ id, cmd, args });
    else this.outbox.push({ id, cmd, args });
  }

  // Send one command; the promise settles with its result, or rejects (EngineError/Cancelled).
  // onPartial(partial) is called with each partial result of a streaming request before that.
  request(cmd, args = {}, onPartial = null) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.state === "error") {
        reject(new EngineError({ type: "EngineError", message: "the engine failed to start" }));
        return;
      }
      this.pending.set(id, { resolve, reject, cmd, onPartial });
      this.onQueue(this.pending.size);
      if (!this.ahead(id, cmd, args)) this.send(id, cmd, args);
    });
  }

  // Stop whatever runs (Python cannot be interrupted otherwise) and start a fresh worker.
  cancel() {
    if (!this.worker) return; // nothing runs yet
    this.worker.terminate();
    this.worker = null;
    for (const { reject } of this.pending.values()) reject(new CancelledError());
    this.pending.clear();
    this.onQueue(0);
    this.start();
  }
}
