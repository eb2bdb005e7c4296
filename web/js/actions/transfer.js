// Actions that move a puzzle in and out of the page: import (paste, the import box, a pasted
// link), export in the engine's formats, copy, download and Share. The engine reads and writes
// every format; the page only hands text over.

import { ask, job } from "../client.js";
import * as D from "../doc.js";
import { CancelledError } from "../engine.js";
import { readFormat, readPuzzle, readVerdict } from "../protocol.js";
import { fromHash, ownLink, SHARE_SITES, shareUrl, toHash } from "../share.js";
import * as S from "../state.js";
import { dispatch, getState, say, size } from "../store.js";
import { openLink, startGame } from "./games.js";

const MAX_PASTE = 1_000_000; // characters accepted from a paste or the import box
const $ = (id) => document.getElementById(id);

// The page's nine colours (app.css, light theme) as RGB: a colour another site wrote (hex)
// becomes the nearest of them.
const PALETTE = ["f4a3a3", "f7c48a", "f3e58a", "a9dd9b", "8fd6cf", "9cc2f0", "c5a8ec", "f2a8d8",
  "c4c8cc"].map((h) => [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)));

function rgbOf(hex) {
  let h = hex.replace("#", "");
  if (h.length === 3) h = [...h].map((ch) => ch + ch).join("");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}

export function nearestColour(hex) {
  const rgb = rgbOf(hex);
  let best = 0;
  let bestDistance = Infinity;
  PALETTE.forEach((p, i) => {
    const d = p.reduce((sum, v, k) => sum + (v - rgb[k]) ** 2, 0);
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  });
  return best + 1;
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

// What an import brought, e.g. "17 givens, 3 of your entries, 12 marks and 2 coloured cells".
export function loadedSummary(doc) {
  const parts = [plural(doc.givens.filter((v) => v).length, "given")];
  const entries = doc.entries.filter((v) => v).length;
  const marks = [...doc.centre, ...doc.corner].reduce((sum, m) => sum + m.length, 0);
  const coloured = doc.colors.filter((m) => m.length).length;
  if (entries) parts.push(`${entries} of your entr${entries === 1 ? "y" : "ies"}`);
  if (marks) parts.push(plural(marks, "mark"));
  if (coloured) parts.push(plural(coloured, "coloured cell"));
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
}

// The document of a parse reply (read by protocol.js readPuzzle): the givens, and the player's
// work the source kept apart.
export function docOfParse(r) {
  const doc = D.emptyDoc(r.box);
  const cells = doc.givens.length;
  doc.givens = r.values.slice();
  const fits = (list) => Array.isArray(list) && list.length === cells;
  if (fits(r.entries)) doc.entries = r.entries.map((v, i) => (doc.givens[i] ? 0 : v));
  if (fits(r.centre)) doc.centre = r.centre.map((m, i) => (doc.givens[i] ? [] : m.slice()));
  if (fits(r.corner)) doc.corner = r.corner.map((m, i) => (doc.givens[i] ? [] : m.slice()));
  if (fits(r.colours)) doc.colors = r.colours.map((m) => [...new Set(m.map(nearestColour))]);
  if (r.about) doc.about = r.about; // the link's title, author and rules text
  return D.withVariant(doc, r.variant); // a variant's rules, as the engine read them
}

// What an imported document breaks, in the engine's words: {broken} when its givens conflict,
// {clash} when the player's entries do, {} when nothing does.
async function conflictsOf(doc) {
  const givens = readVerdict(await ask("check", { cells: doc.givens, ...D.shapeArgs(doc) }));
  if (givens.conflicts.length) return { broken: givens.message };
  if (!doc.entries.some((v) => v)) return {};
  const all = readVerdict(await ask("check", { cells: D.shownValues(doc), ...D.shapeArgs(doc) }));
  return all.conflicts.length ? { clash: all.message } : {};
}

// Another site's link of the document (the givens, the player's entries kept apart, the rules),
// as {text}, or as {error}: the engine's words for why that site cannot hold it.
async function siteLink(doc, to) {
  const entries = doc.givens.map((g, i) => (g ? 0 : D.shown(doc, i)));
  const args = { cells: doc.givens, ...D.shapeArgs(doc), to };
  if (entries.some((v) => v)) args.entries = entries;
  try {
    return { text: readFormat(await ask("format", args)) };
  } catch (err) {
    // A Cancel of the job it waited behind restarts the engine: the request is lost, not refused.
    const lost = err instanceof CancelledError;
    return { error: lost ? "the engine restarted before writing it; press Share again" : err.message };
  }
}

// Share's other links, each shown as soon as the engine wrote it.
function askSiteLinks(doc, url) {
  dispatch((s) => S.setShareSites(s, { url }));
  return Promise.all(SHARE_SITES.map(async ([to]) => {
    const link = await siteLink(doc, to);
    dispatch((s) => (s.shareSites && s.shareSites.url === url
      ? S.setShareSites(s, { ...s.shareSites, [to]: link }) : s));
  }));
}

async function copyText(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    say(done, "ok");
  } catch (err) {
    say(`Could not copy (${err.message}): select the text and copy it.`, "warn");
  }
}

let lastExport = null; // {to, what, doc, text} of the text box's last export

// What Copy and Download hand over: the text box as the player left it, unless it is empty
// or still holds an export of another format, choice or grid (then export afresh).
async function exportedText() {
  const to = $("io-format").value;
  const what = $("io-what").value;
  const box = $("io-text").value;
  const stale = lastExport && box === lastExport.text &&
    (lastExport.to !== to || lastExport.what !== what || lastExport.doc !== getState().doc);
  return !box || stale ? transfer.exportText(to, what) : box;
}
export const transfer = {
  async importText(text) {
    if (text.length > MAX_PASTE) {
      say(`That text is too long to be a puzzle (${text.length} characters).`, "error");
      return;
    }
    if (!text.trim()) {
      say("Nothing to import: the text is empty.", "error");
      return;
    }
    const link = ownLink(text);
    if (link) {
      let what = "";
      try {
        const doc = fromHash(link);
        if (doc) what = `: ${loadedSummary(doc)}`;
      } catch {
        what = ""; // openLink reads it again and says what is wrong with it
      }
      openLink(link, true, `Opened the pasted link${what}`);
      dispatch(S.closePanel);
      return;
    }
    // The engine reads it (once it is ready: the wait counts in the progress shown), then says
    // whether what it read breaks a rule.
    const r = await job("import", "Reading the puzzle…", async () => {
      try {
        const read = readPuzzle(await ask("parse", { text }));
        return { ...read, ...(await conflictsOf(docOfParse(read))) };
      } catch (err) {
        return { error: err };
      }
    });
    if (!r) return;
    if (r.error) {
      say(`Could not read the puzzle: ${r.error.message}`, "error");
      return;
    }
    const doc = docOfParse(r);
    const loaded = `Loaded a ${r.size}×${r.size} puzzle with ${loadedSummary(doc)}`;
    if (r.broken) startGame(doc, "", "", `${loaded}, but its givens conflict: ${r.broken}`, "error");
    else if (r.clash) startGame(doc, "", "", `${loaded}, but your entries conflict: ${r.clash}`, "warn");
    else startGame(doc, "", "", `${loaded}.`);
    dispatch(S.closePanel);
  },

  async exportText(to, what) {
    const doc = getState().doc;
    const cells = what === "givens" ? doc.givens : D.shownValues(doc);
    let text;
    if (to === "link") {
      const only = what === "givens" ? { ...D.emptyDoc(doc.box), givens: doc.givens } : doc;
      text = location.href.split("#")[0] + toHash(only);
    } else {
      // JSON keeps the entries apart from the givens; the other formats can only merge them.
      const apart = to === "json" && what !== "givens";
      const args = apart
        ? { cells: doc.givens, entries: doc.givens.map((g, i) => (g ? 0 : D.shown(doc, i))), ...D.shapeArgs(doc), to }
        : { cells, ...D.shapeArgs(doc), to };
      const wrote = await job("export", "Writing the puzzle…", async () => {
        try {
          return { text: readFormat(await ask("format", args)) };
        } catch (err) {
          return { error: err };
        }
      });
      if (!wrote) return null;
      if (wrote.error) {
        say(`Could not export: ${wrote.error.message}`, "error");
        return null;
      }
      text = wrote.text;
    }
    $("io-text").value = text;
    lastExport = { to, what, doc: getState().doc, text };
    const label = $("io-format").querySelector(`option[value="${to}"]`)?.textContent || to;
    say(`Exported ${what === "givens" ? "the givens" : "the givens and your entries"} as ${label}.`);
    return text;
  },

  async copyExport() {
    const text = await exportedText();
    if (text) await copyText(text, "Copied to the clipboard.");
  },

  async downloadExport() {
    const to = $("io-format").value;
    const text = await exportedText();
    if (!text) return;
    const a = document.createElement("a");
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    a.href = url;
    a.download = `sudoku-${size()}x${size()}.${to === "json" ? "json" : "txt"}`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    say(`Downloaded ${a.download}.`, "ok");
  },

  async share() {
    const doc = getState().doc;
    const url = shareUrl(doc, location);
    dispatch((s) => S.setShareUrl(s, url));
    const sites = askSiteLinks(doc, url);
    let copied = false;
    try {
      if (navigator.clipboard) {
        await navigator.clipboard.writeText(url);
        copied = true;
      }
    } catch {
      copied = false; // said below: the link is shown to copy by hand
    }
    say(copied ? "Link copied to the clipboard." : "Copy the link below to share this puzzle.", "ok");
    await sites;
  },

  // Copy Share's link of another site (`to`: a SHARE_SITES name), as the panel shows it.
  async copySiteLink(to) {
    const sites = getState().shareSites;
    const link = sites && sites.url === getState().shareUrl ? sites[to] : null;
    if (!link || !link.text) return;
    const name = SHARE_SITES.find(([key]) => key === to)[1];
    await copyText(link.text, `Copied the ${name} link to the clipboard.`);
  },
};
