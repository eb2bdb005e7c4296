// The rules panel (#rules-panel, docs/page.md "Rules and credits"): an imported puzzle's title,
// author and rules text as its link gave them, then each rule of the puzzle in the engine's
// words ("Thermometer: digits on a thermometer increase from the bulb."). Nothing here knows a
// rule: the list is the `constraints` of the engine's geometry reply.

const $ = (id) => document.getElementById(id);

let shownKey = null; // what the panel shows, so a render that changes nothing writes nothing

function line(className, text) {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// The summary line: "Rules: Thermo Party by Someone", or the rules' words when untitled.
export function rulesSummary(about, constraints) {
  if (about && about.title) return `Rules: ${about.title}${about.author ? ` by ${about.author}` : ""}`;
  const words = constraints.map((c) => c.words).join(", ");
  if (words) return `Rules: ${words}`;
  return about && about.author ? `Rules: by ${about.author}` : "Rules";
}

function rulesBody(about, constraints) {
  const parts = [];
  if (about && (about.title || about.author)) {
    const credit = [about.title, about.author ? `by ${about.author}` : ""].filter(Boolean).join(" ");
    parts.push(line("rules-credit", credit));
  }
  if (about && about.rules) parts.push(line("rules-text", about.rules));
  if (constraints.length) {
    const list = document.createElement("ul");
    list.className = "rules-list";
    for (const c of constraints) {
      const item = document.createElement("li");
      item.dataset.type = c.type;
      const name = document.createElement("b");
      name.textContent = `${capital(c.words)}: `;
      item.append(name, document.createTextNode(c.rules));
      list.append(item);
    }
    parts.push(list);
  }
  return parts;
}

// Wide screens show the rules open; upright phones keep them to one line until asked.
function startsOpen() {
  return !matchMedia("(max-width: 1100px) and (orientation: portrait), (max-width: 560px)").matches;
}

export function renderRules(doc, geometry) {
  const panel = $("rules-panel");
  const about = doc.about || null;
  const constraints = (geometry && Array.isArray(geometry.constraints)) ? geometry.constraints : [];
  const key = JSON.stringify([about, constraints]);
  if (shownKey === key) return;
  const first = shownKey === null || panel.hidden;
  shownKey = key;
  const empty = !constraints.length && !(about && (about.title || about.author || about.rules));
  panel.hidden = empty;
  document.documentElement.toggleAttribute("data-rules", !empty);
  if (empty) return;
  $("rules-summary").textContent = rulesSummary(about, constraints);
  $("rules-body").replaceChildren(...rulesBody(about, constraints));
  if (first) panel.open = startsOpen();
}
