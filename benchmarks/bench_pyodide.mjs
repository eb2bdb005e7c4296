// Run a Python script inside Pyodide under Node, with the npm runtime and the project's wheel.
// Usage: node benchmarks/bench_pyodide.mjs --wheel WHEEL | --source DIR  SCRIPT [INPUT.json]
// --wheel installs the built wheel (what the page ships); --source mounts a checkout's package
// folder instead (quick iteration on the engine). SCRIPT runs with INPUT's text in the global
// `BENCH_INPUT`; its global `RESULT` (else the value of its last expression) is printed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let wheel = null;
let source = null;
while (args[0] && args[0].startsWith("--")) {
  const flag = args.shift();
  if (flag === "--wheel") wheel = path.resolve(args.shift());
  else if (flag === "--source") source = path.resolve(args.shift());
  else throw new Error(`unknown flag ${flag}`);
}
const [script, input] = args;
if (!script || (!wheel && !source)) {
  console.error("usage: bench_pyodide.mjs --wheel WHEEL | --source DIR SCRIPT [INPUT.json]");
  process.exit(2);
}
const runtime = path.join(here, "..", "node_modules", "pyodide") + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const started = performance.now();
const pyodide = await loadPyodide({ indexURL: runtime, stdout: (s) => console.error(s) });
if (wheel) {
  // The wheel has no dependencies: unpack it into site-packages, as micropip would.
  const name = path.basename(wheel);
  pyodide.FS.writeFile(`/tmp/${name}`, readFileSync(wheel));
  pyodide.runPython(`
import site, zipfile
zipfile.ZipFile("/tmp/${name}").extractall(site.getsitepackages()[0])
`);
} else {
  pyodide.FS.mkdirTree("/src");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: source }, "/src");
  pyodide.runPython("import sys; sys.path.insert(0, '/src')");
}
const loaded = performance.now() - started;
pyodide.globals.set("BENCH_INPUT", input ? readFileSync(input, "utf8") : "");
pyodide.globals.set("BENCH_LOAD_MS", loaded);
try {
  const last = await pyodide.runPythonAsync(readFileSync(script, "utf8"));
  console.log(pyodide.globals.get("RESULT") ?? last);
} catch (e) {
  // A Python exception: its traceback alone (the default print includes the runtime's source).
  console.error(String(e.message ?? e).slice(-4000));
  process.exit(1);
}
