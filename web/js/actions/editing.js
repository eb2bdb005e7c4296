// Actions of the grid and the keypad: selection, typing, marks, colours, modes, erase,
// undo/redo, candidates, settings and panels.

import * as D from "../doc.js";
import * as E from "../edits.js";
import * as S from "../state.js";

const $ = (id) => document.getElementById(id);

export function editing(app) {
  let typed = { value: 0, at: 0, cell: -1 }; // digits typed in a row (values above 35 on big grids)

  const actions = {
    keyValue(key) {
      const n = app.n();
      if (n <= D.SYMBOLS.length || !/^[0-9]$/.test(key)) return D.keyToValue(key, n);
      // Above 35x35 values are numbers: digits typed within a second make one number.
      const now = Date.now();
      const d = Number(key);
      const joined = typed.value * 10 + d;
      const cursor = app.state.cursor;
      const value = now - typed.at < 1000 && typed.cell === cursor && joined <= n ? joined : d;
      typed = { value, at: now, cell: cursor };
      return value || null;
    },

    select(cell, how, focus) {
      app.focusCell = focus ? "force" : false;
      app.dispatch((s) => S.select(s, cell, how));
      app.flush();
    },

    dragTo(cell) {
      if (app.state.selection.includes(cell)) return;
      app.dispatch((s) => S.select(s, cell, "add"));
      app.flush();
    },

    focusCell(cell) {
      if (app.state.cursor === cell) return;
      app.dispatch((s) => S.select(s, cell));
      app.flush();
    },

    selectAll() {
      app.dispatch(S.selectAll);
      app.flush();
    },

    focusGrid() {
      app.focusCell = "force";
      app.flush();
    },

    move(dr, dc, extend) {
      app.focusCell = true;
      app.dispatch((s) => S.moveCursor(s, dr, dc, extend));
      app.flush();
    },

    moveToEdge(start) {
      const n = app.n();
      const row = Math.floor(app.state.cursor / n);
      app.focusCell = true;
      app.dispatch((s) => S.select(s, row * n + (start ? 0 : n - 1)));
      app.flush();
    },

    // A value typed in the current mode (normal: placed; corner/centre: a mark; colour).
    type(value) {
      const { doc, mode, selection, cursor } = app.state;
      if (mode === "normal" && selection.length === 1 && doc.givens[cursor]) {
        app.say(`${D.cellName(cursor, app.n())} is a given.`);
        return;
      }
      app.focusCell = true;
      app.dispatch((s) => E.typeValue(s, value, app.peersOf));
      app.flush();
    },

    keypad(value) {
      app.focusCell = "force";
      if (value === 0) actions.erase();
      else actions.type(value);
    },

    mark(value, kind) {
      app.focusCell = true;
      app.dispatch((s) => E.toggleList(s, kind, value));
      app.flush();
    },

    erase() {
      app.focusCell = app.focusCell || true;
      app.dispatch(E.erase);
      app.flush();
    },

    setMode(mode, fromButton = false) {
      app.focusCell = fromButton ? "force" : true;
      app.dispatch((s) => S.setMode(s, mode));
      app.flush();
    },

    cycleMode() {
      app.focusCell = true;
      app.dispatch(S.cycleMode);
      app.flush();
    },

    setting(changes) {
      app.dispatch((s) => S.setSettings(s, changes));
      if (changes.mistakes !== undefined) {
        if (changes.mistakes) app.markMistakes();
        else app.dispatch((s) => S.setWrong(s, []));
        app.scheduleRender();
      }
    },

    toggleCandidates() {
      app.dispatch((s) => S.setShowCandidates(s, !s.showCandidates));
      app.requestCandidates();
    },

    async fillCandidates() {
      if (!(await app.ensureCandidates())) {
        app.say("The candidates are not known yet: try again once the engine is ready.", "warn");
        return;
      }
      app.dispatch(E.fillCandidates,
        "Candidates written as centre marks. A value you place now leaves its peers' marks " +
        "(Settings).", "ok");
    },

    undo() {
      // Undo right after a size change brings the puzzle it cleared back, history and all.
      const back = app.state.sizeUndo;
      if (back && app.state.doc === back.doc && !app.state.past.length) {
        app.dispatch((s) => ({ ...s, sizeUndo: null }));
        app.resumeSaved(back.saved, "Undone: your puzzle is back.");
        return;
      }
      // Undoing an applied hint says so, instead of leaving "Applied: ..." on show.
      const hint = app.state.hint;
      const undoesHint = hint && hint.level === "done" && hint.doc === app.state.doc &&
        app.state.past.length;
      if (undoesHint) {
        const what = (hint.data && (hint.data.message || hint.data.text)) || "the hint's step";
        app.dispatch(E.undo, `Undone: ${what.replace(/[.!?]$/, "")}. Redo applies it again.`);
      } else {
        app.dispatch(E.undo);
      }
      app.flush();
    },

    redo() {
      app.dispatch(E.redo);
      app.flush();
    },

    lockGivens() {
      app.dispatch(E.lockGivens, "Your entries are now the puzzle's givens.");
    },

    togglePanel(name) {
      app.dispatch((s) => S.togglePanel(s, name));
      app.flush();
      const panel = app.state.panel;
      if (panel === "io") $("io-text").focus();
      if (panel === "new") {
        const select = $("new-size");
        select.value = String(app.n());
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
      actions.toggleMenu();
      return true;
    },

    escape() {
      if (app.state.busy) app.actions.cancel();
      else if (app.state.selection.length > 1) {
        app.dispatch((s) => S.select(s, s.cursor));
        app.flush();
      }
    },
  };
  return actions;
}
