// Input -> actions: keyboard, pointer, keypad, paste and buttons call the actions app.js hands
// over (one object of the action modules' functions). In Set mode (setter*.js) typing sets
// givens, a press on the grid draws with the chosen tool, and Esc drops a drawing first.

import { bindSetter, dropDrawing } from "./setter_input.js";
import { setGivens } from "./edits.js";
import { dispatch, getState } from "./store.js";
import { flush, wantFocus } from "./view.js";

const $ = (id) => document.getElementById(id);

const MOVES = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};
const MODE_KEYS = { z: "normal", x: "corner", c: "centre", v: "colour" };

function isTextField(el) {
  return el && (el.tagName === "TEXTAREA" || el.tagName === "INPUT" || el.tagName === "SELECT");
}

function cellOf(target) {
  const cell = target && target.closest ? target.closest("[data-cell]") : null;
  return cell ? Number(cell.dataset.cell) : null;
}

// One Esc, one thing closed, topmost first, as a dialog closes: the menu, then the job running
// (cancelled), then the open panel (import, new puzzle, saved games, settings, share, the step
// walk), then a selection of several cells.
function escape(actions) {
  if (actions.closeMenu()) return;
  if (actions.cancelRunning()) return;
  if (actions.closePanels()) return;
  if (actions.closeWalk()) return;
  actions.collapseSelection();
}

// Set mode's typing: a value (0 erases) becomes the given of the selected cells.
function setGiven(value) {
  wantFocus(true);
  dispatch((s) => setGivens(s, value));
  flush();
}

// The actions as Set mode changes them: typing and the keypad set givens, Erase clears them,
// Esc drops a drawing before it closes a panel.
function withSetter(actions) {
  const setting = () => Boolean(getState().setter);
  return {
    ...actions,
    type: (value) => (setting() ? setGiven(value) : actions.type(value)),
    keypad: (value) => (setting() ? setGiven(value) : actions.keypad(value)),
    erase: () => (setting() ? setGiven(0) : actions.erase()),
    closePanels: () => dropDrawing() || actions.closePanels(),
  };
}

// Pointer: press selects (Shift adds, Ctrl/Cmd toggles), dragging adds the cells passed over.
function bindPointer(actions, grid) {
  let dragging = false;
  grid.addEventListener("pointerdown", (event) => {
    const cell = cellOf(event.target);
    if (cell === null || event.button > 0) return;
    const how = event.ctrlKey || event.metaKey ? "toggle" : event.shiftKey ? "add" : "only";
    dragging = true;
    actions.select(cell, how, true);
    if (event.pointerType !== "mouse" && grid.releasePointerCapture) {
      grid.releasePointerCapture(event.pointerId); // so pointermove reaches the other cells
    }
  });
  grid.addEventListener("pointermove", (event) => {
    if (!dragging) return;
    const target = event.pointerType === "mouse" ? event.target
      : document.elementFromPoint(event.clientX, event.clientY);
    const cell = cellOf(target);
    if (cell !== null) actions.dragTo(cell);
  });
  for (const type of ["pointerup", "pointercancel"]) {
    document.addEventListener(type, () => {
      dragging = false;
    });
  }
  // Focus entering the grid lands on the selected cell (roving tabindex).
  grid.addEventListener("focusin", (event) => {
    const cell = cellOf(event.target);
    if (cell !== null) actions.focusCell(cell);
  });
}

// A key with a modifier on the grid: SudokuPad's marks (Shift+digit a corner mark, Ctrl/Cmd+
// digit a centre mark; Alt+digit, this page's older corner key, still works; event.code,
// because Shift+1 types "!"), Ctrl+A. True when the key was taken.
function modifiedKey(actions, event) {
  const digitCode = /^(Digit|Numpad)[0-9]$/.test(event.code);
  const mod = event.ctrlKey || event.metaKey;
  if (digitCode && (mod || event.shiftKey || event.altKey) && !(mod && event.altKey)) {
    const value = actions.keyValue(event.code.slice(-1));
    if (value !== null) {
      event.preventDefault();
      actions.mark(value, mod ? "centre" : "corner");
    }
    return true;
  }
  if (!mod) return false;
  if (event.key.toLowerCase() === "a") {
    event.preventDefault();
    actions.selectAll();
  }
  return true;
}

// The grid's keys: arrows, erase, Home/End, Space, values, mode letters.
function gridKey(actions, event) {
  if (modifiedKey(actions, event)) return;
  const move = MOVES[event.key];
  const simple = {
    Backspace: () => actions.erase(), Delete: () => actions.erase(), 0: () => actions.erase(),
    ".": () => actions.erase(), Home: () => actions.moveToEdge(true),
    End: () => actions.moveToEdge(false), " ": () => actions.cycleMode(),
  }[event.key];
  const value = actions.keyValue(event.key);
  const mode = MODE_KEYS[event.key.toLowerCase()];
  if (move) actions.move(move[0], move[1], event.shiftKey);
  else if (simple) simple();
  else if (value !== null) actions.type(value);
  else if (mode && !event.altKey && actions.size() <= 9) actions.setMode(mode);
  else return;
  event.preventDefault();
}

// Keys anywhere: Esc closes what is on top (see escape()); Ctrl+Z / Ctrl+Y undo and redo;
// a paste outside a text field imports.
function bindDocument(actions) {
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !event.ctrlKey && !event.metaKey && !event.altKey) {
      escape(actions);
      return;
    }
    if (isTextField(event.target)) return;
    const mod = event.ctrlKey || event.metaKey;
    if (!mod) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) {
      event.preventDefault();
      actions.undo();
    } else if (key === "y" || (key === "z" && event.shiftKey)) {
      event.preventDefault();
      actions.redo();
    }
  });
  document.addEventListener("paste", (event) => {
    if (isTextField(event.target)) return;
    const text = event.clipboardData ? event.clipboardData.getData("text") : "";
    if (!text) return;
    event.preventDefault();
    actions.importText(text);
  });
  window.addEventListener("hashchange", () => actions.openLink(location.hash));
  document.addEventListener("visibilitychange", () => actions.visibility(!document.hidden));
}

// The keypad and the mode toggle (they never take the focus from the grid on pointer devices).
function bindKeypad(actions) {
  const keypad = $("keypad");
  keypad.addEventListener("click", (event) => {
    const key = event.target.closest("[data-value]");
    if (key) actions.keypad(Number(key.dataset.value));
  });
  $("modes").addEventListener("click", (event) => {
    const b = event.target.closest("[data-mode]");
    if (b) actions.setMode(b.dataset.mode, true);
  });
  for (const el of [keypad, $("modes")]) {
    el.addEventListener("pointerdown", (event) => {
      if (event.target.closest("button")) event.preventDefault();
    });
  }
}

// The menus' controls: size, shape, the step walk's field, the settings, the saved games.
function bindControls(actions) {
  $("size").addEventListener("change", (event) => actions.setSize(Number(event.target.value)));
  $("size-yes").addEventListener("click", () => actions.answerSize(true));
  $("size-no").addEventListener("click", () => actions.answerSize(false));
  $("shape").addEventListener("change", (event) => actions.setBox(event.target.value.split("x").map(Number)));
  $("walk-to").addEventListener("change", (event) => actions.walkTo(Number(event.target.value)));
  $("set-mistakes").addEventListener("change", (e) => actions.setting({ mistakes: e.target.checked }));
  $("set-autoremove").addEventListener("change", (e) => actions.setting({ autoRemove: e.target.checked }));
  $("set-peers").addEventListener("change", (e) => actions.setting({ peers: e.target.checked }));
  $("set-same").addEventListener("change", (e) => actions.setting({ same: e.target.checked }));
  $("set-marks").addEventListener("change", (e) => actions.setting({ marksAreCandidates: e.target.checked }));
  $("set-theme").addEventListener("change", (e) => actions.setting({ theme: e.target.value }));
  $("games-list").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (b && b.dataset.resume) actions.resume(b.dataset.resume);
    else if (b && b.dataset.delete) actions.deleteGame(b.dataset.delete);
  });
}

// Buttons whose result shows on the grid give the focus back to it (typing goes on).
function gridButtons(actions) {
  return {
    solve: () => actions.solve(),
    validate: () => actions.validate(),
    hint: () => actions.hint(),
    reveal: () => actions.reveal(),
    check: () => actions.check(),
    fill: () => actions.fillCandidates(),
    candidates: () => actions.toggleCandidates(),
    cancel: () => actions.cancel(),
    undo: () => actions.undo(),
    redo: () => actions.redo(),
    restart: () => actions.restart(),
    lock: () => actions.lockGivens(),
    restore: () => actions.restorePrevious(),
    // A new puzzle shows from the top: on a phone the panel that made it is below the grid.
    generate: () => Promise.resolve(actions.newPuzzle()).then(() => scrollTo({ top: 0 })),
  };
}

// Buttons that open a panel or work in one keep the focus where it is.
function panelButtons(actions) {
  return {
    new: () => actions.togglePanel("new"),
    menu: () => actions.toggleMenu(),
    games: () => actions.togglePanel("games"),
    settings: () => actions.togglePanel("settings"),
    io: () => actions.togglePanel("io"),
    share: () => actions.share(),
    "copy-fpuzzles": () => actions.copySiteLink("fpuzzles"),
    "copy-sudokupad": () => actions.copySiteLink("sudokupad"),
    import: () => actions.importText($("io-text").value),
    export: () => actions.exportText($("io-format").value, $("io-what").value),
    copy: () => actions.copyExport(),
    download: () => actions.downloadExport(),
    steps: () => actions.steps(),
    "walk-prev": () => actions.walkStep(-1),
    "walk-next": () => actions.walkStep(1),
    "walk-close": () => actions.closeWalk(),
  };
}

function bindButtons(actions) {
  for (const [id, action] of Object.entries(gridButtons(actions))) {
    $(id).addEventListener("click", () => {
      const done = action();
      actions.focusGrid();
      if (done && done.then) done.then(() => actions.focusGrid());
    });
  }
  // Those that do not open a panel give the grid the focus back after a pointer click
  // (event.detail > 0); from the keyboard the focus stays, so Enter can be pressed again.
  const panels = new Set(["new", "games", "settings", "io", "steps", "menu"]);
  for (const [id, action] of Object.entries(panelButtons(actions))) {
    $(id).addEventListener("click", (event) => {
      const done = action();
      if (panels.has(id) || !event.detail) return;
      actions.focusGrid();
      if (done && done.then) done.then(() => actions.focusGrid());
    });
  }
}

// The menu: a choice in it closes it (its result shows on the grid or in a panel; the size
// controls keep it open, as a size change may ask first), and so does a tap outside it, as a
// sheet closes on a phone.
function bindMenu(actions) {
  $("menu-close").addEventListener("click", () => actions.closeMenu());
  // Set mode's own Menu button stands for the main one on a phone (app.css).
  $("setter-menu").addEventListener("click", () => actions.toggleMenu());
  document.addEventListener("pointerdown", (event) => {
    if (!event.target.closest("#menu-panel, #menu, #setter-menu")) actions.closeMenu();
  });
  $("menu-panel").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (b && b.closest(".actions")) actions.closeMenu();
  });
}

export function bind(pageActions) {
  const actions = withSetter(pageActions);
  const grid = $("grid");
  bindSetter(); // first: in Set mode its press on the grid draws instead of selecting
  bindPointer(actions, grid);
  grid.addEventListener("keydown", (event) => gridKey(actions, event));
  bindKeypad(actions);
  bindDocument(actions);
  bindControls(actions);
  bindButtons(actions);
  bindMenu(actions);
}
