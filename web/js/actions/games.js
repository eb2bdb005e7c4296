// Games: a new puzzle (shipped or generated), a new empty grid, restart, links opened, saved
// games resumed, restored and deleted (saving.js saves them). Each tab plays its own saved game
// (games.js says how two tabs on one game keep both their work).

import { loadGeometry, requestRating } from "../background.js";
import { ask, engineState, job, running } from "../client.js";
import * as D from "../doc.js";
import * as G from "../games.js";
import { readPuzzle } from "../protocol.js";
import { loadShipped, nextPuzzle, pickShipped } from "../puzzles.js";
import { nextVariantPuzzle, variantNamesOf } from "../variant_puzzles.js";
import { keep, saveNow, track } from "../saving.js";
import { fromHash, LinkError } from "../share.js";
import * as S from "../state.js";
import { dispatch, getState, say, size } from "../store.js";
import { flush, wantFocus } from "../view.js";

const $ = (id) => document.getElementById(id);

// A new game in this tab: its own saved-game key, a fresh undo history and timer.
export function startGame(doc, source, level, message, kind = "ok") {
  saveNow();
  const game = { id: G.newId(), level: level || "", elapsed: 0, finished: null };
  G.setTabGame(game.id);
  // The address bar names the puzzle's link (or none), so a reload finds this game.
  if (location.hash !== source) history.replaceState(null, "", source || location.pathname + location.search);
  dispatch((s) => S.newGame(s, doc, source, game), message, kind);
  track(getState().doc, false);
  requestRating();
  wantFocus("force");
  flush();
}

// A saved game (or this tab's unplayed one) back on the grid, with its history and clock.
export function resumeSaved(saved, message) {
  saveNow();
  G.setTabGame(saved.game.id);
  // The address bar follows, so that a reload keeps the restored work (no hashchange event).
  history.replaceState(null, "", saved.source || location.pathname + location.search);
  const [r, c] = saved.doc.box; // a finished game's text names its own size
  const text = saved.game.finished ? S.finishedText(saved.game.finished, r * c) : message;
  dispatch((s) => S.resumeGame(s, saved), text, "ok");
  // An old version's save is written at once.
  track(saved.played ? null : getState().doc, Boolean(saved.stored));
  loadGeometry();
  requestRating();
  flush();
}

// Open the puzzle of a link as a new game; the current one stays saved and can be restored.
export function openLink(hash, live, opened = "Opened the puzzle from the link") {
  const state = getState();
  let doc;
  try {
    doc = fromHash(hash);
  } catch (err) {
    if (!(err instanceof LinkError)) throw err;
    const kept = keep() || state.previous;
    startGame(D.emptyDoc([3, 3]), "", "",
      `This link could not be read: ${err.message}. Showing an empty grid` +
      (kept ? "; your previous puzzle can be restored." : "."), "error");
    dispatch((s) => S.setPrevious(s, kept));
    return;
  }
  if (!doc) return;
  if (hash === state.source && !live) return;
  if (D.sameDoc(doc, state.doc)) {
    dispatch((s) => S.setSource(s, hash));
    return;
  }
  const kept = keep();
  startGame(doc, hash, "", opened +
    (kept ? "; your previous puzzle is kept and can be restored." : "."), "info");
  dispatch((s) => S.setPrevious(s, kept || s.previous));
}

// The first visit (or a tab with nothing saved): a shipped easy puzzle, else an empty grid.
export async function arrival() {
  await loadShipped();
  const pick = pickShipped(9, "easy") || pickShipped(9, "medium");
  if (!pick) {
    startGame(D.emptyDoc([3, 3]), "", "", "An empty grid: type a puzzle, paste one, or pick New puzzle.", "info");
    return;
  }
  const doc = D.emptyDoc(pick.box);
  doc.givens = pick.values.slice();
  const waiting = G.listGames().filter((g) => !g.finished).length;
  startGame(doc, "", pick.level, `${/^[AEIOU]/.test(pick.level) ? "An" : "A"} ${pick.level} puzzle to start. New puzzle picks ` +
    "another size or level." + (waiting ? ` You have ${waiting} puzzle${waiting > 1 ? "s" : ""} ` +
    "in progress under Saved games." : ""), "info");
}

// A level as players write it, e.g. "Extreme", and with its article: "an Extreme".
const levelWord = (level) => level[0].toUpperCase() + level.slice(1).toLowerCase();
const withArticle = (word) => `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;

// A variant puzzle: from the variant's banks at once (mapped by the engine when its rules allow);
// the engine makes one only when there is no bank (offline before the cache was filled), at
// 9x9. The rules come in the puzzle's "variant" and stay in the document; their words come
// with the engine's next reply (until then, the words of the menu's choice).
async function newVariantPuzzle(n, level, key, chosen) {
  const busy = Boolean(running());
  const find = async (label) => {
    await loadShipped();
    const ready = await nextVariantPuzzle(ask, key, n, level, { avoid: getState().doc.givens,
      engineReady: !busy && engineState() === "ready" });
    if (ready) return { ...ready, note: "", variantWords: "" };
    if (busy || n !== 9) return null;
    label(`Making ${withArticle(levelWord(level))} ${chosen} puzzle…`);
    return readPuzzle(await ask("generate", { box: [3, 3], difficulty: level, variant: variantNamesOf(key) }));
  };
  const made = `${withArticle(levelWord(level))} ${chosen} puzzle (${n}×${n})`;
  const r = busy ? await find(() => {}) : await job("generate", `Finding ${made}…`, find);
  if (!r) {
    say(busy ? `No ${made} is ready while the engine works: Cancel it first.`
      : `No ${made} is on hand: choose another size or level.`, busy ? "warn" : "error");
    return;
  }
  const doc = D.withVariant(D.emptyDoc(r.box), r.variant);
  doc.givens = r.values.slice();
  startGame(doc, "", r.level, `New ${r.level || levelWord(level)} ${r.variantWords || chosen} ` +
    `puzzle (${n}×${n})${r.note ? `: ${r.note}` : ""}.`);
  dispatch(S.closePanel);
}

let pendingBox = null; // the box shape a size change waits to be confirmed for
export const games = {
  // New puzzle: at once, from the banks (through a random isomorphism) or made ahead in the
  // background; the engine makes one now only when there is no bank (offline, first visit).
  async newPuzzle() {
    const n = Number($("new-size").value);
    const box = D.defaultBox(n);
    const level = $("new-level").value;
    const choice = $("new-variant").selectedOptions[0];
    if (choice && choice.value) {
      await newVariantPuzzle(n, level, choice.value, choice.dataset.words);
      return;
    }
    const made = `${withArticle(levelWord(level))} ${n}×${n} puzzle`;
    // While another job has the engine, the banks serve as they are.
    const busy = Boolean(running());
    const find = async (label) => {
      await loadShipped();
      const ready = await nextPuzzle(ask, n, level, { avoid: getState().doc.givens,
        engineReady: !busy && engineState() === "ready" });
      if (ready) return { ...ready, note: "" };
      if (busy) return null;
      label(`Making ${made}…`); // no bank puzzle: the engine makes one now
      return readPuzzle(await ask("generate", { box, difficulty: level }));
    };
    const got = busy ? await find(() => {}) : await job("generate", `Finding ${made}…`, find);
    if (!got) {
      if (busy) say(`No ${made} is ready while the engine works: Cancel it first.`, "warn");
      return;
    }
    const doc = D.emptyDoc(got.box);
    doc.givens = got.values.slice();
    startGame(doc, "", got.level, `New ${got.level || levelWord(level)} puzzle (${n}×${n})${got.note ? `: ${got.note}` : ""}.`);
    dispatch(S.closePanel);
  },

  restart() {
    dispatch(S.restartGame, "Restarted: the givens stay, your work is cleared. Undo brings it back.",
      "info");
    flush();
  },

  setSize(n) {
    const box = D.defaultBox(n);
    if (box && size() !== n) games.setBox(box);
  },

  // A new empty grid with boxes of r x c cells: another size, or another shape of that size.
  // A puzzle in progress is not cleared without asking (answerSize); Undo brings it back.
  setBox([r, c], confirmed = false) {
    const before = getState();
    const box = before.doc.box;
    if (!(r >= 2 && c >= 2) || (r === box[0] && c === box[1])) return;
    const n = r * c;
    const inProgress = before.doc.givens.some((v) => v) || D.hasWork(before.doc);
    if (inProgress && !confirmed) {
      pendingBox = [r, c];
      $("size-ask-text").textContent = `Clear this puzzle for an empty ${n}×${n} grid? ` +
        "Undo brings it back.";
      $("size-ask").hidden = false;
      flush(); // the Size and Boxes menus show the puzzle's size until the answer
      $("size-no").focus();
      return;
    }
    $("size-ask").hidden = true;
    // The puzzle left stays saved, and Restore previous brings it back (as after a link).
    const kept = keep();
    startGame(D.emptyDoc([r, c]), "", "", `New empty ${n}×${n} grid with ${r}×${c} boxes` +
      (kept ? "; your previous puzzle is kept and can be restored." : "."), "info");
    dispatch((s) => S.setPrevious(s, kept || s.previous));
    const sizeUndo = inProgress ? {
      doc: getState().doc,
      saved: { doc: before.doc, past: before.past, future: before.future, source: before.source,
        game: before.game, view: { cursor: before.cursor, showCandidates: before.showCandidates } },
    } : null;
    dispatch((s) => ({ ...s, sizeUndo }));
  },

  answerSize(yes) {
    const box = pendingBox;
    pendingBox = null;
    $("size-ask").hidden = true;
    if (yes && box) games.setBox(box, true);
    else say("Your puzzle stays.");
  },

  openLink(hash) {
    openLink(hash, true);
  },

  restorePrevious() {
    const saved = G.loadGame(getState().previous);
    dispatch((s) => S.setPrevious(s, null));
    if (!saved) {
      say("The previous puzzle is no longer saved.", "warn");
      return;
    }
    resumeSaved(saved, "Your previous puzzle is back.");
  },

  resume(id) {
    const saved = G.loadGame(id);
    if (!saved) {
      say("That saved puzzle could not be read.", "error");
      return;
    }
    resumeSaved(saved, "Resumed your puzzle.");
    dispatch(S.closePanel);
  },

  deleteGame(id) {
    G.deleteGame(id);
    if (getState().game && getState().game.id === id) {
      // The grid stays on screen as a game not saved until the player changes it again.
      dispatch((s) => S.setGameId(s, G.newId()));
      G.setTabGame(getState().game.id);
      track(getState().doc, false);
    }
    say("Deleted the saved puzzle.");
    flush();
  },
};
