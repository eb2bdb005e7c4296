// The page's modules import what they use, and protocol.js is the one reader of the engine's
// replies. Two checks over web/js, run by ESLint's Linter with two rules defined here:
// - reply-fields: a value that came from the worker (the result of ask()/request(), the
//   argument of their .then callback, a streamed part handed to onPartial, and a parameter of a
//   local function that is given one) is only passed to protocol.js's readers or to a local
//   function; reading a field of it, destructuring, spreading, storing, returning it or handing
//   it to any other function is reported.
// - no-import-mutation: nothing is assigned onto an imported binding (`x.f = ...`,
//   Object.assign(x, ...), delete, ++): shared state has an explicit API (store.js).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Linter } from "eslint";

const WEB = fileURLToPath(new URL("../../web/js/", import.meta.url));
// The transport (engine.js, client.js), the worker's side (worker.js) and the reader itself.
const READERS = new Set(["protocol.js", "engine.js", "client.js", "worker.js"]);
const ASK = new Set(["ask", "request"]); // the calls whose result is a worker reply
const PROMISE = new Set(["then", "catch", "finally"]);
const MUTATORS = new Set(["Object.assign", "Object.defineProperty", "Object.defineProperties",
  "Object.setPrototypeOf", "Reflect.set", "Reflect.defineProperty", "Reflect.deleteProperty"]);

const isFunction = (n) => n && ["FunctionDeclaration", "FunctionExpression",
  "ArrowFunctionExpression"].includes(n.type);

function isAskCall(node) {
  if (!node || node.type !== "CallExpression") return false;
  const c = node.callee;
  return (c.type === "Identifier" && ASK.has(c.name)) ||
    (c.type === "MemberExpression" && !c.computed && ASK.has(c.property.name));
}

// The variable an identifier refers to, or null (a global, or an undeclared name).
function resolve(sourceCode, id) {
  for (let scope = sourceCode.getScope(id); scope; scope = scope.upper) {
    const ref = scope.references.find((r) => r.identifier === id);
    if (ref) return ref.resolved;
  }
  return null;
}

// The function a variable names (a declaration, or a const bound to a function), or null.
function functionOf(variable) {
  const def = variable && variable.defs[0];
  if (!def) return null;
  if (def.type === "FunctionName") return def.node;
  if (def.type === "Variable" && isFunction(def.node.init)) return def.node.init;
  return null;
}

// Where an import binding comes from, e.g. "./protocol.js"; null for any other variable.
function importSource(variable) {
  const def = variable && variable.defs[0];
  return def && def.type === "ImportBinding" ? def.parent.source.value : null;
}

function rootObject(node) {
  let n = node;
  while (n.type === "MemberExpression") n = n.object;
  return n;
}

const replyFields = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const sourceCode = context.sourceCode;
    const nodes = []; // every node, visited once, for the fixpoint below
    const tainted = new Set(); // variables that hold a reply
    const taintParam = (fn, index) => {
      const param = fn && fn.params[index];
      if (!param || param.type !== "Identifier") return false;
      const scope = sourceCode.scopeManager.acquire(fn);
      const variable = scope && scope.set.get(param.name);
      if (!variable || tainted.has(variable)) return false;
      tainted.add(variable);
      return true;
    };
    const isTainted = (e) => {
      if (!e) return false;
      switch (e.type) {
        case "Identifier": return tainted.has(resolve(sourceCode, e));
        case "AwaitExpression": return isTainted(e.argument);
        case "ChainExpression": return isTainted(e.expression);
        case "LogicalExpression": return isTainted(e.left) || isTainted(e.right);
        case "ConditionalExpression": return isTainted(e.consequent) || isTainted(e.alternate);
        default: return isAskCall(e);
      }
    };
    const localFunction = (callee) =>
      callee.type === "Identifier" ? functionOf(resolve(sourceCode, callee)) : null;
    const isReader = (callee) => {
      const base = callee.type === "MemberExpression" ? rootObject(callee) : callee;
      if (base.type !== "Identifier") return false;
      const from = importSource(resolve(sourceCode, base));
      return Boolean(from) && /(^|\/)protocol\.js$/.test(from);
    };
    // One pass of taint propagation; true when something new was tainted.
    const spread = (node) => {
      let changed = false;
      if (node.type === "VariableDeclarator" && node.id.type === "Identifier" && isTainted(node.init)) {
        for (const v of sourceCode.getDeclaredVariables(node)) {
          if (!tainted.has(v)) changed = tainted.add(v) && true;
        }
      } else if (node.type === "AssignmentExpression" && node.left.type === "Identifier" &&
          isTainted(node.right)) {
        const v = resolve(sourceCode, node.left);
        if (v && !tainted.has(v)) changed = tainted.add(v) && true;
      } else if (node.type === "CallExpression") {
        const c = node.callee;
        // ask(...).then((reply) => ...)
        if (c.type === "MemberExpression" && !c.computed && c.property.name === "then" &&
            isTainted(c.object) && isFunction(node.arguments[0])) {
          changed = taintParam(node.arguments[0], 0) || changed;
        }
        // ask(cmd, args, onPartial): the parts of a streamed reply
        if (isAskCall(node) && node.arguments[2]) {
          const handler = node.arguments[2];
          const fn = isFunction(handler) ? handler : localFunction(handler);
          changed = (fn && taintParam(fn, 0)) || changed;
        }
        // a local function given a reply: its parameter holds one
        const fn = localFunction(c);
        if (fn) {
          node.arguments.forEach((arg, i) => {
            if (isTainted(arg)) changed = taintParam(fn, i) || changed;
          });
        }
      }
      return changed;
    };
    const check = (node) => {
      const say = (what) => context.report({ node, message: `${what} outside protocol.js` });
      switch (node.type) {
        case "MemberExpression":
          if (isTainted(node.object) && (node.computed || !PROMISE.has(node.property.name))) {
            say(`reads the reply field ${node.computed ? "[...]" : `"${node.property.name}"`}`);
          }
          break;
        case "VariableDeclarator":
          if (node.id.type !== "Identifier" && isTainted(node.init)) say("destructures a reply");
          break;
        case "SpreadElement":
          if (isTainted(node.argument)) say("spreads a reply");
          break;
        case "ReturnStatement":
          if (isTainted(node.argument)) say("returns a raw reply");
          break;
        case "ArrowFunctionExpression":
          if (node.expression && isTainted(node.body)) say("returns a raw reply");
          break;
        case "Property":
          if (isTainted(node.value)) say("puts a raw reply in an object");
          break;
        case "ArrayExpression":
          if (node.elements.some(isTainted)) say("puts a raw reply in an array");
          break;
        case "AssignmentExpression":
          if (node.left.type !== "Identifier" && isTainted(node.right)) say("stores a raw reply");
          break;
        case "CallExpression":
          if (!localFunction(node.callee) && !isReader(node.callee) && node.arguments.some(isTainted)) {
            say("hands a raw reply to a function");
          }
          break;
        default:
      }
    };
    return {
      "*"(node) {
        nodes.push(node);
      },
      "Program:exit"() {
        for (let pass = 0; pass < 20 && nodes.some(spread); pass++);
        nodes.forEach(check);
      },
    };
  },
};

const noImportMutation = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const sourceCode = context.sourceCode;
    const imported = (node) => {
      const base = rootObject(node);
      return base.type === "Identifier" && importSource(resolve(sourceCode, base)) !== null;
    };
    const say = (node, name) => context.report({ node,
      message: `assigns onto the imported "${name}": shared state needs an explicit API` });
    const nameOf = (node) => rootObject(node).name;
    return {
      AssignmentExpression(node) {
        if (node.left.type === "MemberExpression" && imported(node.left)) say(node, nameOf(node.left));
      },
      UpdateExpression(node) {
        if (node.argument.type === "MemberExpression" && imported(node.argument)) say(node, nameOf(node.argument));
      },
      UnaryExpression(node) {
        if (node.operator === "delete" && node.argument.type === "MemberExpression" &&
            imported(node.argument)) say(node, nameOf(node.argument));
      },
      CallExpression(node) {
        const c = node.callee;
        const name = c.type === "MemberExpression" && !c.computed && c.object.type === "Identifier"
          ? `${c.object.name}.${c.property.name}` : "";
        const target = node.arguments[0];
        if (MUTATORS.has(name) && target && (target.type === "Identifier" ||
            target.type === "MemberExpression") && imported(target)) say(node, nameOf(target));
      },
    };
  },
};

function lint(code, { replies = true } = {}) {
  const rules = { "page/no-import-mutation": "error" };
  if (replies) rules["page/reply-fields"] = "error";
  const config = [{
    files: ["**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    plugins: { page: { rules: { "reply-fields": replyFields, "no-import-mutation": noImportMutation } } },
    rules,
  }];
  return new Linter({ configType: "flat" }).verify(code, config, { filename: "page.js" })
    .map((m) => (m.fatal ? `parse error: ${m.message}` : `${m.line}: ${m.message}`));
}

function pageModules() {
  const files = [];
  for (const dir of ["", "actions/"]) {
    for (const name of readdirSync(join(WEB, dir))) {
      if (name.endsWith(".js")) files.push(dir + name);
    }
  }
  return files.sort();
}

test("no page module but protocol.js reads a field of a worker reply", () => {
  const modules = pageModules();
  assert.ok(modules.length >= 15, `only ${modules.length} modules found in ${WEB}`);
  const found = [];
  for (const file of modules) {
    const name = file.split("/").pop();
    for (const m of lint(readFileSync(join(WEB, file), "utf8"), { replies: !READERS.has(name) })) {
      found.push(`web/js/${file}:${m}`);
    }
  }
  assert.deepEqual(found, []);
});

test("the page has no mutable service locator: app.js assigns nothing onto a module", () => {
  const app = readFileSync(join(WEB, "app.js"), "utf8");
  assert.doesNotMatch(app, /Object\.assign\(\s*app\b/);
  assert.deepEqual(lint(app), []);
});

// The rules themselves: each catches what it is for, and lets protocol reads through.
const header = 'import { readSolve } from "./protocol.js";\nimport { ask } from "./client.js";\n';

test("reply-fields catches a field read of an awaited reply, and lets a reader through", () => {
  assert.equal(lint(`${header}export async function f() {\n  const r = await ask("solve", {});\n  return r.values;\n}\n`).length, 1);
  assert.deepEqual(lint(`${header}export async function f() {\n  const r = readSolve(await ask("solve", {}));\n  return r.values;\n}\n`), []);
  assert.equal(lint(`${header}export async function f() {\n  return (await ask("format", {})).text;\n}\n`).length, 1);
});

test("reply-fields follows .then callbacks, onPartial handlers and local helpers", () => {
  const then = `${header}export function f(app) {\n  app.ask("candidates", {}).then((r) => r.candidates);\n}\n`;
  assert.deepEqual(lint(then), ['4: reads the reply field "candidates" outside protocol.js']);
  const partial = `${header}const seen = [];\nconst onPartial = (p) => seen.push(p.index);\nexport const g = () => readSolve(ask("steps", {}, onPartial));\n`;
  assert.deepEqual(lint(partial), ['4: reads the reply field "index" outside protocol.js']);
  const helper = `${header}function blame(r) {\n  return r.status === "invalid";\n}\nexport async function h() {\n  const r = await ask("solve", {});\n  return blame(r);\n}\n`;
  assert.deepEqual(lint(helper), ['4: reads the reply field "status" outside protocol.js']);
  const request = `${header}export function m(engine) {\n  engine.request("generate", {}).then((r) => r.values);\n}\n`;
  assert.equal(lint(request).length, 1);
});

test("reply-fields catches a reply destructured, spread, returned or handed on", () => {
  const cases = {
    destructured: 'const { status } = await ask("solve", {});\n  return status;',
    spread: 'return { ...(await ask("geometry", {})), rules: "" };',
    returned: 'return await ask("solve", {});',
    stored: 'const o = {};\n  o.reply = await ask("solve", {});\n  return o;',
    handed: 'return JSON.stringify(await ask("solve", {}));',
  };
  for (const [what, body] of Object.entries(cases)) {
    const messages = lint(`${header}export async function f() {\n  ${body}\n}\n`);
    assert.ok(messages.length >= 1, `${what}: ${messages}`);
  }
  assert.equal(lint(`${header}export const f = () => ask("solve", {});\n`).length, 1);
});

test("reply-fields leaves other objects alone (errors, states, read results)", () => {
  const code = `${header}export async function f(state) {\n  try {\n    const r = readSolve(await ask("solve", {}));\n    return [r.status, state.doc.box];\n  } catch (err) {\n    return err.message;\n  }\n}\n`;
  assert.deepEqual(lint(code), []);
});

test("no-import-mutation catches assignments onto imported objects only", () => {
  const code = 'import { app } from "./app.js";\nimport * as S from "./state.js";\nconst local = {};\nlocal.x = 1;\napp.helper = () => 1;\nObject.assign(app, { more: 2 });\nS.table.rows = [];\ndelete app.helper;\napp.count++;\n';
  assert.deepEqual(lint(code, { replies: false }), [
    '5: assigns onto the imported "app": shared state needs an explicit API',
    '6: assigns onto the imported "app": shared state needs an explicit API',
    '7: assigns onto the imported "S": shared state needs an explicit API',
    '8: assigns onto the imported "app": shared state needs an explicit API',
    '9: assigns onto the imported "app": shared state needs an explicit API',
  ]);
});
