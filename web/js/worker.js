// Module worker: load Pyodide from this site, unpack the project wheel and its bytecode into
// site-packages, then answer id-tagged JSON requests through sudoku_core.web_api.handle (no
// Python source here). The site's runtime has its standard library compiled at build time
// (scripts/compile_bytecode.py): Python's start no longer compiles it on every first visit.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const base = new URL("../", import.meta.url);
// A memory snapshot of the runtime with the engine already imported, kept in the build's
// service-worker cache (sw.js names it sudoku-core-<build>, so a new build, and so a new wheel,
// drops it). Restoring it skips Python's start-up and the engine's import, most of the start.
const SNAPSHOT = new URL("pyodide/runtime.snapshot", base).href; // a cache key, not a file

function status(stage, progress, text) {
  postMessage({ type: "status", stage, progress, text });
}

// The build's cache, only if its service worker made it: opening one would create it, and a
// page still served by the previous build's worker would then snapshot that build's engine
// under the new build's name.
async function openCache(build) {
  try {
    const name = `sudoku-core-${build}`;
    return self.caches && (await caches.has(name)) ? await caches.open(name) : null;
  } catch {
    return null; // no Cache Storage here (e.g. an insecure origin): start without a snapshot
  }
}

// Whether the bytes are the file the manifest lists (the previous build's service worker may
// still answer for a moment after a new build is published).
async function listed(manifest, name, bytes) {
  const entry = manifest.files[name];
  if (!entry || !self.crypto?.subtle) return false;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") === entry.sha256;
}

async function readSnapshot(cache) {
  try {
    const hit = cache && (await cache.match(SNAPSHOT));
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null; // an unreadable cache entry costs only the fast start: boot from scratch
  }
}

let afterReady = () => {}; // work deferred until "ready" is posted

async function startRuntime(cache, lap) {
  const options = {
    indexURL: new URL("pyodide/", base).href,
    stdout: () => {},
    stderr: (line) => console.warn(line),
    // Called once the wasm module is compiled and instantiated, before Python starts.
    fsInit: async () => lap("wasm"),
  };
  const snapshot = await readSnapshot(cache);
  if (snapshot) {
    try {
      return { pyodide: await loadPyodide({ ...options, _loadSnapshot: snapshot }), fresh: false };
    } catch (err) {
      // Another runtime build made it (restoreSnapshot checks the build id): start afresh.
      console.warn("runtime snapshot not used:", err);
      await cache.delete(SNAPSHOT).catch((e) => console.warn("stale snapshot kept:", e));
    }
  }
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: Boolean(cache) });
  return { pyodide, fresh: true }; // fresh: installEngine takes the snapshot
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The wheel has no dependencies and no compiled code: unpacking it into site-packages is all an
// installer would do (micropip took about 2 s more here, most of it loading micropip itself).
// The bytecode goes over it (hash-checked pycs: one that does not match is compiled afresh);
// without it the engine still imports, only slower. A restored snapshot has the modules in
// memory but not their files: unpack again either way.
async function installEngine({ pyodide, fresh }, cache, engine, lap) {
  const { bytes, error } = await engine.wheel;
  if (error) throw error;
  const extractDir = engine.into; // site_packages, as the runtime reported it at build time
  pyodide.unpackArchive(bytes, "wheel", { extractDir });
  const pycs = await engine.bytecode;
  if (pycs.bytes) pyodide.unpackArchive(pycs.bytes, "zip", { extractDir });
  else if (pycs.error) console.warn("engine bytecode not used:", pycs.error);
  lap("unpack");
  if (fresh && cache && (await engine.current(bytes))) {
    // Imported before the snapshot, through Python alone: a snapshot may hold no JS proxy.
    pyodide.runPython("import sudoku_core.web_api");
    const snapshot = pyodide.makeMemorySnapshot();
    // Stored once the engine is ready (about 30 MB to write, which would slow the start).
    afterReady = () => cache.put(SNAPSHOT, new Response(snapshot))
      .catch((err) => console.warn("snapshot:", err));
  }
  // The walker keeps what its techniques found (sudoku_core/logic/walk.py, remember): Hint
  // pressed again on the same grid, and the work the page does ahead, find it again.
  pyodide.runPython("import sudoku_core.logic.walk as walk; walk.remember()");
  return pyodide.pyimport("sudoku_core.web_api");
}

async function boot() {
  const t0 = performance.now();
  const timings = {}; // ms per stage, reported with "ready" (benchmarks/bench_web.py prints them)
  const lap = (name) => {
    timings[name] = Math.round(performance.now() - t0 - Object.values(timings).reduce((a, b) => a + b, 0));
  };
  status("manifest", 0.05, "Reading the site manifest");
  const response = await fetch(new URL("site-manifest.json", base));
  if (!response.ok) throw new Error(`site-manifest.json: HTTP ${response.status}`);
  const manifest = await response.json();
  status("runtime", 0.15, "Loading the Python runtime");
  const cache = await openCache(manifest.build);
  // Fetched while the runtime loads; a failure is kept as a value and dealt with when used.
  const fetched = (name) => (name ? fetchBytes(new URL(name, base).href) : Promise.resolve(null))
    .then((bytes) => ({ bytes }), (error) => ({ error }));
  const engine = { wheel: fetched(manifest.wheel), bytecode: fetched(manifest.bytecode),
    into: manifest.site_packages, current: (bytes) => listed(manifest, manifest.wheel, bytes) };
  const runtime = await startRuntime(cache, lap);
  lap("python");
  status("wheel", 0.8, "Installing sudoku_core");
  const api = await installEngine(runtime, cache, engine, lap);
  const handle = api.handle;
  const version = JSON.parse(handle(JSON.stringify({ id: 0, cmd: "version" }))).result;
  lap("wheel");
  postMessage({ type: "ready", version, build: manifest.build, timings });
  afterReady();
  return handle;
}

const booted = boot();
booted.catch((err) => {
  postMessage({ type: "error", message: String(err && err.message ? err.message : err) });
});

self.onmessage = async (event) => {
  const { id, cmd, args } = event.data;
  let handle;
  try {
    handle = await booted;
  } catch (err) {
    postMessage({ type: "reply", id, error: { type: "EngineError", message: String(err) } });
    return;
  }
  // handle() never raises; its reply is a JSON string, parsed on the page side. A request that
  // streams (steps with `stream`) also sends each partial result as soon as Python has it.
  const emit = args && args.stream ? (json) => postMessage({ type: "partial", id, json }) : undefined;
  const reply = handle(JSON.stringify({ id, cmd, args }), emit);
  postMessage({ type: "reply", id, json: reply });
};
