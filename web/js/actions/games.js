// Games: a new puzzle (shipped or generated), a new empty grid, restart, links opened, saved
// games resumed, restored and deleted, and saving. Each tab plays its own saved game (games.js
// says how two tabs on one game keep both their work).

import * as D from "../doc.js";
import * as G from "../games.js";
import { loadShipped, nextPuzzle, pickShipped } from "../puzzles.js";
import { fromHash, LinkError } from "../share.js";
import * as S from "../state.js";

const SAVE_DELAY = 300; // ms: saves are batched while typing
const $ = (id) => document.getElementById(id);

export function games(app) {
  let saveTimer = 0;
  let unsaved = false; // the last save failed and the user was told (said once, not per save)
  // This tab's copy of its game: the document as last read or written (a later one is the
  // player's change), and whether the game has a saved record (false for a puzzle not played
  // yet: it is kept for this tab only, so unplayed visits add no saved games).
  let lastDoc = null;
  let stored = false;

  // Saving writes the undo history too: batched, and off the keystroke's path (pagehide and a
  // hidden page save at once).
  function scheduleSave() {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      if (window.requestIdleCallback) requestIdleCallback(saveNow, { timeout: 2000 });
      else saveNow();
    }, SAVE_DELAY);
  }

  function saveNow() {
    clearTimeout(saveTimer);
    saveTimer = 0;
    const state = app.state;
    const doc = state.doc;
    if (!state.game) return;
    const changed = doc !== lastDoc && !(lastDoc && D.sameDoc(doc, lastDoc));
    if (!stored && !changed) {
      G.saveTabGame(state);
      return;
    }
    const result = G.saveGame(state, { changed });
    if (result.id !== state.game.id) {
      // Another tab saved this game meanwhile: this tab's work goes on as a game of its own.
      app.update((s) => S.setGameId(s, result.id));
      G.setTabGame(result.id);
      app.say("This puzzle was also changed in another tab, so this tab's work is now saved " +
        "as a separate game: both are under Saved games.", "info");
    }
    if (result.saved) {
      stored = true;
      lastDoc = doc;
    } else if (!unsaved) {
      app.say("This browser refused to save your work: its storage is full (or blocked). Your " +
        "other saved games are kept. To keep this one, delete solved or old puzzles under Saved " +
        "games, or use Share or Export.", "warn");
    }
    unsaved = !result.saved;
  }

  // The id of the game in progress once saved, to offer it back (Restore previous), or null.
  function keep() {
    saveNow();
    return stored && app.state.game ? app.state.game.id : null;
  }

  // A new game in this tab: its own saved-game key, a fresh undo history and timer.
  function startGame(doc, source, level, message, kind = "ok") {
    saveNow();
    const game = { id: G.newId(), level: level || "", elapsed: 0, finished: null };
    G.setTabGame(game.id);
    // The address bar names the puzzle's link (or none), so a reload finds this game.
    if (location.hash !== source) history.replaceState(null, "", source || location.pathname + location.search);
    app.dispatch((s) => S.newGame(s, doc, source, game), message, kind);
    stored = false;
    lastDoc = app.state.doc;
    app.requestRating();
    app.focusCell = "force";
    app.flush();
  }

  function resumeSaved(saved, message) {
    saveNow();
    G.setTabGame(saved.game.id);
    // The address bar follows, so that a reload keeps the restored work (no hashchange event).
    history.replaceState(null, "", saved.source || location.pathname + location.search);
    const [r, c] = saved.doc.box; // a finished game's text names its own size
    const text = saved.game.finished ? S.finishedText(saved.game.finished, r * c) : message;
    app.dispatch((s) => S.resumeGame(s, saved), text, "ok");
    stored = Boolean(saved.stored);
    lastDoc = saved.played ? null : app.state.doc; // an old version's save is written at once
    app.loadGeometry();
    app.requestRating();
    app.flush();
  }

  // Open the puzzle of a link as a new game; the current one stays saved and can be restored.
  function openLink(hash, live, opened = "Opened the puzzle from the link") {
    const state = app.state;
    let doc;
    try {
      doc = fromHash(hash);
    } catch (err) {
      if (!(err instanceof LinkError)) throw err;
      const kept = keep() || state.previous;
      startGame(D.emptyDoc([3, 3]), "", "",
        `This link could not be read: ${err.message}. Showing an empty grid` +
        (kept ? "; your previous puzzle can be restored." : "."), "error");
      app.dispatch((s) => S.setPrevious(s, kept));
      return;
    }
    if (!doc) return;
    if (hash === state.source && !live) return;
    if (D.sameDoc(doc, state.doc)) {
      app.dispatch((s) => S.setSource(s, hash));
      return;
    }
    const kept = keep();
    startGame(doc, hash, "", opened +
      (kept ? "; your previous puzzle is kept and can be restored." : "."), "info");
    app.dispatch((s) => S.setPrevious(s, kept || s.previous));
  }

  // The first visit (or a tab with nothing saved): a shipped easy puzzle, else an empty grid.
  async function arrival() {
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

  // A variant puzzle (9x9 only): made by the engine's generate with the rules' names; the
  // rules come back in the reply's "variant" and stay in the document.
  async function newVariantPuzzle(n, level, names) {
    if (n !== 9) {
      app.say("Variant puzzles are made 9×9 only: choose the 9×9 size, or Classic.", "error");
      return;
    }
    const r = await app.job("generate", "generate", { box: [3, 3], difficulty: level, variant: names },
      `Making a ${level} ${names} puzzle… (Cancel or Esc stops it)`);
    if (!r) return;
    const doc = D.withVariant(D.emptyDoc(r.box), r.variant);
    doc.givens = r.values.slice();
    startGame(doc, "", r.level || "", `New ${r.level || level} ${D.variantNames(r.variant) || "classic"} ` +
      `puzzle (9×9)${r.note ? `: ${r.note}` : ""}.`);
    app.dispatch(S.closePanel);
  }

  let pendingBox = null; // the box shape a size change waits to be confirmed for
  const actions = {
    // New puzzle: at once, from the banks (through a random isomorphism) or made ahead in the
    // background; the engine makes one now only when there is no bank (offline, first visit).
    async newPuzzle() {
      const n = Number($("new-size").value);
      const box = D.defaultBox(n);
      const level = $("new-level").value;
      const variant = $("new-variant") ? $("new-variant").value : "";
      if (variant) {
        await newVariantPuzzle(n, level, variant);
        return;
      }
      await loadShipped();
      const ready = await nextPuzzle(app.ask, n, level, { avoid: app.state.doc.givens,
        engineReady: app.engine.state === "ready" && !app.state.busy });
      if (ready) {
        const doc = D.emptyDoc(ready.box);
        doc.givens = ready.values.slice();
        startGame(doc, "", ready.level, `New ${ready.level} puzzle (${n}×${n}).`);
        app.dispatch(S.closePanel);
        return;
      }
      const r = await app.job("generate", "generate", { box, difficulty: level },
        `Making ${/^[aeiou]/i.test(level) ? "an" : "a"} ${level[0].toUpperCase()}${level.slice(1)} ` +
        `${n}×${n} puzzle… (Cancel or Esc stops it)`);
      if (!r) return;
      const doc = D.emptyDoc(r.box);
      doc.givens = r.values.slice();
      startGame(doc, "", r.level || "", `New ${r.level || level} puzzle (${n}×${n})${r.note ? `: ${r.note}` : ""}.`);
      app.dispatch(S.closePanel);
    },

    restart() {
      app.dispatch(S.restartGame, "Restarted: the givens stay, your work is cleared. Undo brings it back.",
        "info");
      app.flush();
    },

    setSize(n) {
      const box = D.defaultBox(n);
      if (box && app.n() !== n) actions.setBox(box);
    },

    // A new empty grid with boxes of r x c cells: another size, or another shape of that size.
    // A puzzle in progress is not cleared without asking (answerSize); Undo brings it back.
    setBox([r, c], confirmed = false) {
      const before = app.state;
      const box = before.doc.box;
      if (!(r >= 2 && c >= 2) || (r === box[0] && c === box[1])) return;
      const n = r * c;
      const inProgress = before.doc.givens.some((v) => v) || D.hasWork(before.doc);
      if (inProgress && !confirmed) {
        pendingBox = [r, c];
        $("size-ask-text").textContent = `Clear this puzzle for an empty ${n}×${n} grid? ` +
          "Undo brings it back.";
        $("size-ask").hidden = false;
        app.flush(); // the Size and Boxes menus show the puzzle's size until the answer
        $("size-no").focus();
        return;
      }
      $("size-ask").hidden = true;
      // The puzzle left stays saved, and Restore previous brings it back (as after a link).
      const kept = keep();
      startGame(D.emptyDoc([r, c]), "", "", `New empty ${n}×${n} grid with ${r}×${c} boxes` +
        (kept ? "; your previous puzzle is kept and can be restored." : "."), "info");
      app.dispatch((s) => S.setPrevious(s, kept || s.previous));
      const sizeUndo = inProgress ? {
        doc: app.state.doc,
        saved: { doc: before.doc, past: before.past, future: before.future, source: before.source,
          game: before.game, view: { cursor: before.cursor, showCandidates: before.showCandidates } },
      } : null;
      app.dispatch((s) => ({ ...s, sizeUndo }));
    },

    answerSize(yes) {
      const box = pendingBox;
      pendingBox = null;
      $("size-ask").hidden = true;
      if (yes && box) actions.setBox(box, true);
      else app.say("Your puzzle stays.");
    },

    openLink(hash) {
      openLink(hash, true);
    },

    restorePrevious() {
      const saved = G.loadGame(app.state.previous);
      app.dispatch((s) => S.setPrevious(s, null));
      if (!saved) {
        app.say("The previous puzzle is no longer saved.", "warn");
        return;
      }
      resumeSaved(saved, "Your previous puzzle is back.");
    },

    resume(id) {
      const saved = G.loadGame(id);
      if (!saved) {
        app.say("That saved puzzle could not be read.", "error");
        return;
      }
      resumeSaved(saved, "Resumed your puzzle.");
      app.dispatch(S.closePanel);
    },

    deleteGame(id) {
      G.deleteGame(id);
      if (app.state.game && app.state.game.id === id) {
        // The grid stays on screen as a game not saved until the player changes it again.
        app.dispatch((s) => S.setGameId(s, G.newId()));
        G.setTabGame(app.state.game.id);
        stored = false;
        lastDoc = app.state.doc;
      }
      app.say("Deleted the saved puzzle.");
      app.flush();
    },
  };
  return { helpers: { scheduleSave, saveNow, startGame, resumeSaved, openLink, arrival }, actions };
}
