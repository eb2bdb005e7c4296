// Run scripts/compile_bytecode.py inside Pyodide under Node (called by build_site.py).
// Usage: node scripts/compile_bytecode.mjs RUNTIME_DIR WHEEL STDLIB_OUT BYTECODE_OUT
// RUNTIME_DIR holds the npm package's files (its python_stdlib.zip is the one compiled).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const [runtimeArg, wheel, stdlibOut, bytecodeOut] = process.argv.slice(2);
if (!bytecodeOut) {
  console.error("usage: node compile_bytecode.mjs RUNTIME_DIR WHEEL STDLIB_OUT BYTECODE_OUT");
  process.exit(2);
}
const runtime = path.resolve(runtimeArg) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime, stdout: () => {} });
// Pyodide wants a Uint8Array: Node's Buffer is a subclass it refuses.
const load = (file) => new Uint8Array(readFileSync(file));
pyodide.FS.mkdirTree("/build");
pyodide.FS.writeFile("/build/stdlib.zip", load(path.join(runtime, "python_stdlib.zip")));
pyodide.FS.writeFile("/build/engine.whl", load(wheel));
const names = { STDLIB_IN: "/build/stdlib.zip", STDLIB_OUT: "/build/stdlib-pyc.zip",
  WHEEL_IN: "/build/engine.whl", BYTECODE_OUT: "/build/engine-pyc.zip" };
for (const [key, value] of Object.entries(names)) pyodide.globals.set(key, value);
const report = pyodide.runPython(readFileSync(path.join(here, "compile_bytecode.py"), "utf8"));
writeFileSync(stdlibOut, pyodide.FS.readFile(names.STDLIB_OUT));
writeFileSync(bytecodeOut, pyodide.FS.readFile(names.BYTECODE_OUT));
console.log(report);
