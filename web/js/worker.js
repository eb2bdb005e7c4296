// Module worker: load Pyodide from this site, install the project wheel with micropip, then
// answer id-tagged JSON requests through sudoku_core.web_api.handle (no Python source here).
import { loadPyodide } from "../pyodide/pyodide.mjs";

const base = new URL("../", import.meta.url);

function status(stage, progress, text) {
  postMessage({ type: "status", stage, progress, text });
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
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", base).href,
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  lap("runtime");
  status("micropip", 0.7, "Loading micropip");
  await pyodide.loadPackage("micropip", { messageCallback: () => {} });
  lap("micropip");
  status("wheel", 0.85, "Installing sudoku_core");
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(new URL(manifest.wheel, base).href);
  micropip.destroy();
  const api = pyodide.pyimport("sudoku_core.web_api");
  const handle = api.handle;
  const version = JSON.parse(handle(JSON.stringify({ id: 0, cmd: "version" }))).result;
  lap("wheel");
  postMessage({ type: "ready", version, build: manifest.build, timings });
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
  // handle() never raises; its reply is a JSON string, parsed on the page side.
  const reply = handle(JSON.stringify({ id, cmd, args }));
  postMessage({ type: "reply", id, json: reply });
};
