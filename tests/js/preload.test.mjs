// The first screen's modules are fetched at once: every module app.js reaches by static
// imports is in index.html's modulepreload list (a module left out is fetched only once its
// importer has been parsed, one round trip later per level), and the list names no module
// that is gone.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { test } from "node:test";

const WEB = resolve(import.meta.dirname, "../../web");
const STATIC = /\b(?:from|import)\s+["'](\.\.?\/[^"']+\.js)["']/g;

function reached(entry) {
  const seen = new Set();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(STATIC)) todo.push(resolve(dirname(file), m[1]));
  }
  seen.delete(entry);
  return [...seen].map((f) => relative(WEB, f)).sort();
}

function preloaded() {
  const html = readFileSync(resolve(WEB, "index.html"), "utf8");
  return [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]).sort();
}

test("every module the page imports at start is preloaded, and only those", () => {
  const modules = reached(resolve(WEB, "js/app.js"));
  assert.ok(modules.includes("js/store.js"), "the import graph was read");
  assert.deepEqual(preloaded(), modules);
});
