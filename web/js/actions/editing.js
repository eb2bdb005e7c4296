// Actions of the grid and the keypad: selection, typing, marks, colours, modes, erase,
// undo/redo, candidates, settings and panels.

import { ensureCandidates, markMistakes, peersOf, requestCandidates } from "../background.js";
import { cancel, job, running } from "../client.js";
import * as D from "../doc.js";
import * as E from "../edits.js";
import * as S from "../state.js";
import { dispatch, getState, say, size } from "../store.js";
import { flush, focusWanted, scheduleRender, wantFocus } from "../view.js";
import { resumeSaved } from "./games.js";

const $ = (id) => document.getElementById(id);

let typed = { value: 0, at: 0, cell: -1 }; // digits typed in a row (values above 35 on big grids)

export const editing = {
  keyValue(key) {
    const n = size();
    if (n <= D.SYMBOLS.length || !/^[0-9]$/.test(key)) return D.keyToValue(key, n);
    // Above 35x35 values are numbers: digits typed within a second make one number.
    const now = Date.now();
    const d = Number(key);
    const joined = typed.value * 10 + d;
    const cursor = getState().cursor;
    const value = now - typed.at < 1000 && typed.cell === cursor && joined <= n ? joined : d;
    typed = { value, at: now, cell: cursor };
    return value || null;
  },

  select(cell, how, focus) {
    wantFocus(focus ? "force" : false);
    dispatch((s) => S.select(s, cell, how));
    flush();
  },

  dragTo(cell) {
    if (getState().selection.includes(cell)) return;
    dispatch((s) => S.select(s, cell, "add"));
    flush();
  },

  focusCell(cell) {
    if (getState().cursor === cell) return;
    dispatch((s) => S.select(s, cell));
    flush();
  },

  selectAll() {
    dispatch(S.selectAll);
    flush();
  },

  focusGrid() {
    wantFocus("force");
    flush();
  },

  move(dr, dc, extend) {
    wantFocus(true);
    dispatch((s) => S.moveCursor(s, dr, dc, extend));
    flush();
  },

  moveToEdge(start) {
    const n = size();
    const row = Math.floor(getState().cursor / n);
    wantFocus(true);
    dispatch((s) => S.select(s, row * n + (start ? 0 : n - 1)));
    flush();
  },

  // A value typed in the current mode (normal: placed; corner/centre: a mark; colour).
  type(value) {
    const { doc, mode, selection, cursor } = getState();
    if (mode === "normal" && selection.length === 1 && doc.givens[cursor]) {
      say(`${D.cellName(cursor, size())} is a given.`);
      return;
    }
    wantFocus(true);
    dispatch((s) => E.typeValue(s, value, peersOf));
    flush();
  },

  keypad(value) {
    wantFocus("force");
    if (value === 0) editing.erase();
    else editing.type(value);
  },

  mark(value, kind) {
    wantFocus(true);
    dispatch((s) => E.toggleList(s, kind, value));
    flush();
  },

  erase() {
    wantFocus(focusWanted() || true);
    dispatch(E.erase);
    flush();
  },

  setMode(mode, fromButton = false) {
    wantFocus(fromButton ? "force" : true);
    dispatch((s) => S.setMode(s, mode));
    flush();
  },

  cycleMode() {
    wantFocus(true);
    dispatch(S.cycleMode);
    flush();
  },

  setting(changes) {
    dispatch((s) => S.setSettings(s, changes));
    if (changes.mistakes !== undefined) {
      if (changes.mistakes) markMistakes();
      else dispatch((s) => S.setWrong(s, []));
      scheduleRender();
    }
  },

  toggleCandidates() {
    dispatch((s) => S.setShowCandidates(s, !s.showCandidates));
    requestCandidates();
  },

  async fillCandidates() {
    const known = await job("fill", "Working out the candidates…", () => ensureCandidates());
    if (known === null) return; // cancelled (said), or another job runs
    if (!known) {
      say("The candidates are not known yet: try again once the engine is ready.", "warn");
      return;
    }
    dispatch(E.fillCandidates,
      "Candidates written as centre marks. A value you place now leaves its peers' marks " +
      "(Settings).", "ok");
  },

  undo() {
    // Undo right after a size change brings the puzzle it cleared back, history and all.
    const back = getState().sizeUndo;
    if (back && getState().doc === back.doc && !getState().past.length) {
      dispatch((s) => ({ ...s, sizeUndo: null }));
      resumeSaved(back.saved, "Undone: your puzzle is back.");
      return;
    }
    // Undoing an applied hint says so, instead of leaving "Applied: ..." on show.
    const hint = getState().hint;
    const undoesHint = hint && hint.level === "done" && hint.doc === getState().doc &&
      getState().past.length;
    if (undoesHint) {
      const what = (hint.step && hint.step.text) || "the hint's step";
      dispatch(E.undo, `Undone: ${what.replace(/[.!?]$/, "")}. Redo applies it again.`);
    } else {
      dispatch(E.undo);
    }
    flush();
  },

  redo() {
    dispatch(E.redo);
    flush();
  },

  lockGivens() {
    dispatch(E.lockGivens, "Your entries are now the puzzle's givens.");
  },

  togglePanel(name) {
    dispatch((s) => S.togglePanel(s, name));
    flush();
    const panel = getState().panel;
    if (panel === "io") $("io-text").focus();
    if (panel === "new") {
      const select = $("new-size");
      select.value = String(size());
      select.focus();
    }
    if (panel === "settings") $("set-mistakes").focus();
    if (panel === "games") {
      const first = $("games-list").querySelector("button");
      if (first) first.focus();
    }
  },

  toggleMenu() {
    const open = $("menu-panel").hidden;
    $("menu-panel").hidden = !open;
    $("menu").setAttribute("aria-expanded", String(open));
    if (open) {
      const first = $("menu-panel").querySelector("button:not([disabled])");
      if (first) first.focus({ preventScroll: true });
    } else {
      $("size-ask").hidden = true;
    }
  },

  // Close the menu if it is open; true when it was.
  closeMenu() {
    if ($("menu-panel").hidden) return false;
    editing.toggleMenu();
    return true;
  },

  // Esc (events.js): each returns true when it closed something.
  cancelRunning() {
    if (!running()) return false;
    cancel();
    return true;
  },

  // The open panel and the Share link close; the focus, that may have been in them, goes back
  // to the grid. (The step walk closes by its own action: assistant.js closeWalk.)
  closePanels() {
    const { panel, shareUrl } = getState();
    if (!panel && !shareUrl) return false;
    dispatch((s) => S.setShareUrl(S.closePanel(s), ""));
    editing.focusGrid();
    return true;
  },

  collapseSelection() {
    if (getState().selection.length < 2) return false;
    dispatch((s) => S.select(s, s.cursor));
    flush();
    return true;
  },
};
