// Drawing Set mode: the setter panel (the tools the engine offers, the report in the engine's
// words, what can go, the links written) and what the cells show of it (removable givens,
// the cells of a contradiction, the true candidates). Reads the state only.

import { givensKey } from "./doc.js";

const $ = (id) => document.getElementById(id);

const SOLUTIONS = { none: "No solution", one: "One solution", several: "Several solutions",
  unknown: "Solutions not counted in time" };

// What the cells show of the report for the grid on the screen: {removable: Set of cells,
// why: Set of cells, trueCands: per cell the digits some solution holds, or null}.
export function setterCells(state) {
  const st = state.setter;
  const none = { removable: new Set(), why: new Set(), trueCands: null };
  if (!st) return none;
  const key = givensKey(state.doc);
  const r = st.report && st.report.key === key && !st.report.working ? st.report : null;
  const t = st.showTrue && st.trueCands && st.trueCands.key === key ? st.trueCands.values : null;
  return {
    removable: new Set(r && r.removableGivens ? r.removableGivens : []),
    why: new Set(r && r.why ? r.why.cells : []),
    trueCands: t,
  };
}

function fillTools(st, select) {
  const list = st.tools ? st.tools.list : [];
  const key = list.map((t) => t.key).join(",");
  if (select.dataset.tools !== key) {
    select.dataset.tools = key;
    const none = new Option("Givens only (type digits)", "");
    select.replaceChildren(none, ...list.map((t) => {
      const o = new Option(t.words[0].toUpperCase() + t.words.slice(1), t.key);
      o.dataset.input = t.input;
      return o;
    }));
  }
  if (select.value !== st.tool) select.value = st.tool;
}

// The report's state (data-state: loading, working, ready, error) and its line in words.
function statusOf(st, key, engine) {
  const r = st.report;
  if (!r || r.key !== key) return ["working", "Counting the solutions…"];
  if (r.working) return ["working", r.solutions ? `${SOLUTIONS[r.solutions]} (checking the change…)` : "Counting the solutions…"];
  if (r.error) return ["error", r.error];
  const level = r.level ? `${r.solved ? "level" : "level so far"} ${r.level}${r.hardest ? ` (${r.hardest})` : ""}` : "";
  const text = [SOLUTIONS[r.solutions] || r.solutions, level].filter(Boolean).join("; ");
  return [engine === "loading" && !r.solutions ? "loading" : "ready", `${text}.`];
}

function removableItems(r, n) {
  const items = [];
  for (const cell of r.removableGivens || []) {
    const name = `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
    items.push({ text: `Given ${name}`, data: { given: String(cell) } });
  }
  for (const rule of r.removableRules || []) {
    items.push({ text: rule.words[0].toUpperCase() + rule.words.slice(1),
      data: { key: rule.key, index: rule.index === null ? "" : String(rule.index) } });
  }
  return items;
}

function renderRemovable(r, n) {
  const list = $("setter-removable");
  const items = r && !r.working && r.solutions === "one" ? removableItems(r, n) : [];
  const key = JSON.stringify(items);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren(...items.map((item) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "Remove";
    b.setAttribute("aria-label", `Remove ${item.text.toLowerCase()}`);
    Object.assign(b.dataset, item.data);
    li.append(`${item.text} can go `, b);
    return li;
  }));
  $("setter-can-go").textContent = !r || r.working || r.solutions !== "one" ? ""
    : items.length ? `${items.length} can go (each checked alone by the exact solver)${r.checked ? "" : ", as far as the time allowed"}:`
      : "Nothing can go: every given and rule is needed.";
}

function renderExports(st) {
  const ex = st.exports;
  $("setter-links").hidden = !ex;
  if (!ex) return;
  for (const [id, key] of [["setter-link", "page"], ["setter-fpuzzles", "fpuzzles"], ["setter-sudokupad", "sudokupad"]]) {
    const got = ex[key] || {};
    $(id).value = got.text || "";
    $(id).placeholder = got.error || "";
  }
}

// True while the setter's tool places clues outside the grid (every side then gets room).
export function setterRoom(state) {
  const st = state.setter;
  const tool = st && st.tools && st.tools.list.find((t) => t.key === st.tool);
  return Boolean(tool && tool.input.startsWith("outside"));
}

export function renderSetter(state) {
  const engine = document.documentElement.dataset.setterEngine || "loading";
  const st = state.setter;
  const panel = $("setter-panel");
  document.documentElement.toggleAttribute("data-setting", Boolean(st));
  $("set-puzzle").setAttribute("aria-pressed", st ? "true" : "false");
  panel.hidden = !st;
  if (!st) {
    delete document.documentElement.dataset.setterTool;
    return;
  }
  const n = state.doc.box[0] * state.doc.box[1];
  fillTools(st, $("setter-tool"));
  const tool = st.tools && st.tools.list.find((t) => t.key === st.tool);
  // The drawing tool's input (app.css: a phone hides the keypad while a rule is drawn).
  document.documentElement.dataset.setterTool = tool ? tool.input : "";
  renderFlag(state, tool);
  const [kind, text] = statusOf(st, givensKey(state.doc), engine);
  panel.dataset.state = kind;
  const r = st.report && st.report.key === givensKey(state.doc) ? st.report : null;
  panel.dataset.solutions = r && !r.working && r.solutions ? r.solutions : "";
  $("setter-status").textContent = text;
  $("setter-why").textContent = r && !r.working && r.why ? `Why: ${r.why.text}` : "";
  renderRemovable(r, n);
  renderAsk(st, tool);
  $("setter-true").setAttribute("aria-pressed", st.showTrue ? "true" : "false");
  renderExports(st);
}

// An on/off rule's button: "Switch on anti-knight" / "Switch off anti-knight".
function renderFlag(state, tool) {
  const flag = $("setter-flag");
  flag.hidden = !tool || tool.input !== "flag";
  if (flag.hidden) return;
  const on = Boolean(state.doc.variant && state.doc.variant[tool.key] === true);
  flag.setAttribute("aria-pressed", on ? "true" : "false");
  flag.textContent = `${on ? "Switch off" : "Switch on"} ${tool.words}`;
}

function renderAsk(st, tool) {
  const ask = $("setter-ask");
  const waiting = Boolean(st.drawing && tool && tool.value && st.drawing.key === tool.key);
  ask.hidden = !waiting;
  if (!waiting) return;
  const v = tool.value;
  const range = v.choices ? v.choices.join(" or ")
    : v.list ? `up to ${v.most || v.max} of ${v.min} .. ${v.max}${v.distinct ? ", each once" : ""}, as 12 or 1 2`
      : `${v.min} .. ${v.max}`;
  $("setter-ask-label").textContent =
    `${v.name[0].toUpperCase()}${v.name.slice(1)} of the ${tool.words} (${range}${v.optional ? "; may stay empty" : ""})`;
}
