// Run scripts/pyodide_smoke.py inside Pyodide under Node, with the runtime of a built site.
// Usage: node scripts/pyodide_smoke.mjs SITE_DIR [PUZZLES.txt]
// (prints the smoke report as JSON, exit 0/1; PUZZLES: one per line, each solved and reported)
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const site = path.resolve(process.argv[2] || path.join(here, "..", "build", "site"));
const runtime = path.join(site, "pyodide") + path.sep;
const manifest = JSON.parse(readFileSync(path.join(site, "site-manifest.json"), "utf8"));

const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime, stdout: () => {} });
// micropip comes from the site's lock and folder (the PyPI wheel the build checked).
await pyodide.loadPackage("micropip", { messageCallback: () => {} });
const wheelName = path.basename(manifest.wheel);
pyodide.FS.writeFile(`/tmp/${wheelName}`, readFileSync(path.join(site, manifest.wheel)));
const micropip = pyodide.pyimport("micropip");
await micropip.install(`emfs:/tmp/${wheelName}`);
// The engine's bytecode, as the page's worker unpacks it; then a record of every module of the
// standard library or the engine compiled from source (the build compiled them all).
if (manifest.bytecode) {
  const pycs = new Uint8Array(readFileSync(path.join(site, manifest.bytecode)));
  pyodide.unpackArchive(pycs, "zip", { extractDir: manifest.site_packages });
}
pyodide.runPython(readFileSync(path.join(here, "pyodide_compiles.py"), "utf8"));
pyodide.globals.set("SMOKE_PUZZLES", process.argv[3] ? readFileSync(process.argv[3], "utf8") : "");
const report = await pyodide.runPythonAsync(readFileSync(path.join(here, "pyodide_smoke.py"), "utf8"));
console.log(report);
process.exit(JSON.parse(report).ok ? 0 : 1);
