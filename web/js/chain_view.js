// The explanation sheet: a hint's (or a walked step's) one-line summary, its chain drawn from the
// step's JSON structure (never from its text), played link by link on the grid, and the whole
// text. On a phone it opens over the keypad and closes with one tap; on a wide screen it sits
// under the message. "Explain" next to the message opens it when the step the message names has
// a chain, or more text than its one-line summary (never beside a nudge).

import * as S from "./state.js";
import { dispatch, getState } from "./store.js";

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

// The inferences of a chain in the order they are played: an alternating chain's links one by
// one; a forcing branch's facts one by one, each with the facts it rests on; a contradiction
// last.
export function playsOf(chains) {
  const plays = [];
  chains.forEach((chain, at) => {
    if (chain.kind === "branch") {
      const into = new Map();
      for (const link of chain.links) {
        if (!into.has(link.to)) into.set(link.to, []);
        into.get(link.to).push(link.from);
      }
      plays.push({ chain: at, from: [], to: 0, type: "assume" });
      for (let i = 1; i < chain.nodes.length; i++) {
        plays.push({ chain: at, from: into.get(i) || [], to: i, type: "implies" });
      }
      if (chain.contradiction) plays.push({ chain: at, from: chain.ends, to: null, type: "contradiction" });
    } else {
      for (const link of chain.links) plays.push({ chain: at, from: [link.from], to: link.to, type: link.type });
    }
  });
  return plays;
}

// The words of one play: "If r1c1<>4, then r1c5=4 (strong link)".
export function playText(chains, play) {
  const chain = chains[play.chain];
  const word = (i) => chain.nodes[i].text;
  const from = play.from.map(word);
  if (play.type === "assume") return `Suppose ${word(play.to)}.`;
  if (play.type === "contradiction") {
    return `${from.join(" and ")}: ${chain.contradiction}, so the assumption is false.`;
  }
  const node = chain.nodes[play.to];
  const why = node.rule ? ` (${node.rule})` : play.type === "implies" ? "" : ` (${play.type} link)`;
  if (!from.length) return `${node.text} holds already${why}.`;
  return `If ${from.join(" and ")}, then ${node.text}${why}.`;
}

// Cells of the play's nodes with their roles on the grid, and their candidates.
function playMarks(chains, play) {
  const chain = chains[play.chain];
  const highlights = new Map();
  const marks = [];
  const add = (i, role) => {
    const node = chain.nodes[i];
    for (const cell of node.cells) {
      if (!highlights.has(cell) || role === "target") highlights.set(cell, role);
      marks.push({ cell, value: node.value, role: node.on ? "on" : "off" });
    }
  };
  const fromRole = play.type === "contradiction" ? "conflict" : "link";
  for (const i of play.from) add(i, fromRole);
  if (play.to !== null) add(play.to, "target");
  return { highlights: [...highlights].map(([cell, role]) => ({ cell, role })), marks };
}

function nodeItem(chain, i) {
  const node = chain.nodes[i];
  const item = el("li", { "data-node": String(i) });
  item.append(el("span", { class: "chain-fact" }, node.text));
  if (node.rule) item.append(el("span", { class: "chain-rule" }, ` (${node.rule})`));
  if (node.sub) {
    // Nested chains are there to read on demand: collapsed by default.
    const details = el("details", { class: "chain-sub" });
    details.append(el("summary", {}, `Inner chain: ${node.sub.nodes.length} facts`));
    details.append(chainList(node.sub));
    item.append(details);
  }
  return item;
}

function chainList(chain) {
  const list = el("ol", { class: "chain-nodes" });
  for (let i = 0; i < chain.nodes.length; i++) list.append(nodeItem(chain, i));
  if (chain.contradiction) list.append(el("li", { class: "chain-end" }, chain.contradiction));
  return list;
}

function chainTitle(chain, at, count) {
  const first = chain.nodes[0] ? chain.nodes[0].text : "";
  if (chain.kind === "branch") return count > 1 ? `Branch ${at + 1}: suppose ${first}` : `Suppose ${first}`;
  if (chain.kind === "loop") return `Loop of ${chain.links.length} links`;
  if (chain.kind === "discontinuous loop") return `Loop from ${first}`;
  return `Chain of ${chain.links.length} links`;
}

let sheet = null;
let more = null;
let open = null; // {doc, source, chains, plays, at, restore: {highlights, hintMarks}}

// What the Explain button explains: the walk's current step, else the hint shown on this grid
// (a nudge names a region only: nothing to explain), else nothing (null).
function source() {
  const state = getState();
  const walk = state.walk;
  if (walk && walk.index > 0) {
    const step = walk.steps[walk.index - 1];
    return { summary: step.summary || step.text, text: step.detail || step.text, chains: step.chains };
  }
  const hint = state.hint;
  if (hint && hint.doc === state.doc && (hint.level === "step" || hint.level === "done") && hint.step) {
    const step = hint.step;
    return { summary: step.summary || step.text, text: step.detail || step.text, chains: step.chains };
  }
  return null;
}

// Explain is offered for a step with a chain to draw, or whose whole text says more than the
// one-line summary the message shows; never for a nudge or a message alone.
export function explains(src) {
  return Boolean(src) && (src.chains.length > 0 ||
    (Boolean(src.text) && src.text !== src.summary && src.text.length > src.summary.length));
}

export function build() {
  if (sheet) return;
  const msg = $("message");
  const style = el("link", { rel: "stylesheet", href: new URL("../chain_view.css", import.meta.url).href });
  document.head.append(style);
  more = el("button", { type: "button", id: "explain", class: "explain", hidden: "" }, "Explain");
  more.setAttribute("aria-controls", "chain-sheet");
  more.setAttribute("aria-expanded", "false");
  more.addEventListener("click", () => (open ? close() : show()));
  msg.after(more);
  sheet = el("section", { id: "chain-sheet", class: "chain-sheet", role: "dialog",
    "aria-labelledby": "chain-title", hidden: "" });
  const head = el("div", { class: "chain-head" });
  head.append(el("h2", { id: "chain-title" }, "Explanation"));
  const closer = el("button", { type: "button", id: "chain-close" }, "Close");
  closer.addEventListener("click", () => close());
  head.append(closer);
  sheet.append(head);
  sheet.append(el("p", { id: "chain-summary", class: "chain-summary" }));
  const play = el("div", { id: "chain-play", class: "chain-play", role: "group",
    "aria-label": "Play the chain" });
  const prev = el("button", { type: "button", id: "chain-prev" }, "Previous link");
  const next = el("button", { type: "button", id: "chain-next" }, "Next link");
  prev.addEventListener("click", () => step(-1));
  next.addEventListener("click", () => step(1));
  play.append(prev, el("span", { id: "chain-at", class: "chain-at" }), next);
  sheet.append(play);
  sheet.append(el("p", { id: "chain-link", class: "chain-link", "aria-live": "polite" }));
  sheet.append(el("div", { id: "chain-tree", class: "chain-tree" }));
  const whole = el("details", { id: "chain-whole", class: "chain-whole" });
  whole.append(el("summary", {}, "Whole explanation"));
  whole.append(el("p", { id: "chain-text", class: "chain-text" }));
  sheet.append(whole);
  sheet.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
    }
  });
  more.after(sheet);
  // The message changes with every action: Explain shows whenever the step it names has more
  // to say, and a sheet left open on another grid closes.
  const watch = () => refresh();
  const words = { childList: true, characterData: true, subtree: true };
  new MutationObserver(watch).observe(msg, words);
  new MutationObserver(watch).observe($("walk-text"), words); // the walk moves on
}

function refresh() {
  if (!more) return;
  more.hidden = !explains(source()) && !open;
  if (open && getState().doc !== open.doc) {
    // Walking on with the sheet open explains the new step; any other change closes it.
    if (getState().walk && open.walk) show();
    else close(false);
  }
}

export function show() {
  build();
  const src = source() || { summary: "", text: $("message").textContent, chains: [] };
  const state = getState();
  open = { doc: state.doc, walk: Boolean(state.walk), chains: src.chains, plays: playsOf(src.chains),
    at: -1, restore: { highlights: state.highlights, hintMarks: state.hintMarks } };
  $("chain-summary").textContent = src.summary || src.text;
  $("chain-text").textContent = src.text;
  $("chain-whole").open = !src.chains.length; // with no chain, the whole text is the point
  const tree = $("chain-tree");
  tree.replaceChildren();
  src.chains.forEach((chain, at) => {
    const part = el("section", { class: "chain", "data-chain": String(at) });
    part.append(el("h3", {}, chainTitle(chain, at, src.chains.length)));
    part.append(chainList(chain));
    tree.append(part);
  });
  $("chain-play").hidden = !open.plays.length;
  $("chain-link").textContent = open.plays.length
    ? "Next link shows the chain on the grid, one link at a time." : "";
  sheet.hidden = false;
  more.setAttribute("aria-expanded", "true");
  more.hidden = false;
  document.documentElement.dataset.sheet = "open";
  playAt(-1);
  (open.plays.length ? $("chain-next") : $("chain-close")).focus({ preventScroll: true });
}

export function close(restore = true) {
  if (!sheet || !open) return;
  const back = open.restore;
  const doc = open.doc;
  open = null;
  sheet.hidden = true;
  more.setAttribute("aria-expanded", "false");
  delete document.documentElement.dataset.sheet;
  if (restore) {
    dispatch((s) => (s.doc !== doc ? s : S.setHighlights(s, back.highlights, back.hintMarks)));
  }
  refresh();
  more.focus({ preventScroll: true });
}

function step(delta) {
  if (!open) return;
  playAt(Math.max(-1, Math.min(open.plays.length - 1, open.at + delta)));
}

function playAt(at) {
  open.at = at;
  const plays = open.plays;
  $("chain-prev").disabled = at <= 0;
  $("chain-next").disabled = at >= plays.length - 1;
  $("chain-at").textContent = at < 0 ? `${plays.length} links` : `Link ${at + 1} of ${plays.length}`;
  for (const item of sheet.querySelectorAll("[aria-current]")) item.removeAttribute("aria-current");
  if (at < 0) return;
  const play = plays[at];
  $("chain-link").textContent = playText(open.chains, play);
  const part = sheet.querySelector(`.chain[data-chain="${play.chain}"] > .chain-nodes`);
  const item = play.to === null ? part && part.querySelector(":scope > .chain-end")
    : part && part.querySelector(`:scope > li[data-node="${play.to}"]`);
  if (item) {
    item.setAttribute("aria-current", "step");
    item.scrollIntoView({ block: "nearest" });
  }
  const { highlights, marks } = playMarks(open.chains, play);
  $("chain-link").dataset.cells = highlights.map((h) => h.cell).join(" ");
  dispatch((s) => S.setHighlights(s, highlights, marks));
}
