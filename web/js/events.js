// Input -> actions: keyboard, pointer, keypad, paste and buttons call the actions app.js hands
// over (one object of the action modules' functions).

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

export function bind(actions) {
  const grid = $("grid");

  // Pointer: press selects (Shift adds, Ctrl/Cmd toggles), dragging adds the cells passed over.
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

  grid.addEventListener("keydown", (event) => {
    const n = actions.size();
    // The keys of SudokuPad, which players know: Shift+digit a corner mark, Ctrl/Cmd+digit a
    // centre mark; Alt+digit (this page's older corner key) still works. event.code, because
    // Shift+1 types "!".
    const digitCode = /^(Digit|Numpad)[0-9]$/.test(event.code);
    const mod = event.ctrlKey || event.metaKey;
    if (digitCode && (mod || event.shiftKey || event.altKey) && !(mod && event.altKey)) {
      const value = actions.keyValue(event.code.slice(-1));
      if (value !== null) {
        event.preventDefault();
        actions.mark(value, mod ? "centre" : "corner");
      }
      return;
    }
    if (mod) {
      if (event.key.toLowerCase() === "a") {
        event.preventDefault();
        actions.selectAll();
      }
      return;
    }
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      actions.move(move[0], move[1], event.shiftKey);
      return;
    }
    if (event.key === "Backspace" || event.key === "Delete" || event.key === "0" ||
        event.key === ".") {
      event.preventDefault();
      actions.erase();
      return;
    }
    if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      actions.moveToEdge(event.key === "Home");
      return;
    }
    if (event.key === " ") {
      event.preventDefault();
      actions.cycleMode();
      return;
    }
    const value = actions.keyValue(event.key);
    if (value !== null) {
      event.preventDefault();
      actions.type(value);
      return;
    }
    const mode = MODE_KEYS[event.key.toLowerCase()];
    if (mode && !event.altKey && n <= 9) {
      event.preventDefault();
      actions.setMode(mode);
    }
  });

  // Focus entering the grid lands on the selected cell (roving tabindex).
  grid.addEventListener("focusin", (event) => {
    const cell = cellOf(event.target);
    if (cell !== null) actions.focusCell(cell);
  });

  // The keypad never takes the focus away from the grid (pointerdown default prevented).
  const keypad = $("keypad");
  keypad.addEventListener("click", (event) => {
    const key = event.target.closest("[data-value]");
    if (key) actions.keypad(Number(key.dataset.value));
  });
  $("modes").addEventListener("click", (event) => {
    const b = event.target.closest("[data-mode]");
    if (b) actions.setMode(b.dataset.mode, true);
  });

  document.addEventListener("keydown", (event) => {
    // Esc closes what is on top, from anywhere (a text box of a panel too): see escape().
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

  // Buttons whose result shows on the grid give the focus back to it (typing goes on).
  const toGrid = {
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
  // Buttons that open a panel or work in one keep the focus where it is.
  const inPlace = {
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
  for (const [id, action] of Object.entries(toGrid)) {
    $(id).addEventListener("click", () => {
      const done = action();
      actions.focusGrid();
      if (done && done.then) done.then(() => actions.focusGrid());
    });
  }
  // Those that do not open a panel give the grid the focus back after a pointer click
  // (event.detail > 0); from the keyboard the focus stays, so Enter can be pressed again.
  const panels = new Set(["new", "games", "settings", "io", "steps", "menu"]);
  for (const [id, action] of Object.entries(inPlace)) {
    $(id).addEventListener("click", (event) => {
      const done = action();
      if (panels.has(id) || !event.detail) return;
      actions.focusGrid();
      if (done && done.then) done.then(() => actions.focusGrid());
    });
  }
  // A choice in the menu closes it (its result shows on the grid or in a panel); the size
  // controls keep it open, as a size change may ask first.
  $("menu-close").addEventListener("click", () => actions.closeMenu());
  // A tap outside the menu (on the grid, say) closes it, as a sheet closes on a phone.
  document.addEventListener("pointerdown", (event) => {
    if (!event.target.closest("#menu-panel, #menu")) actions.closeMenu();
  });
  $("menu-panel").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (b && b.closest(".actions")) actions.closeMenu();
  });
  // The keypad and the mode toggle keep the grid's focus on pointer devices.
  for (const el of [keypad, $("modes")]) {
    el.addEventListener("pointerdown", (event) => {
      if (event.target.closest("button")) event.preventDefault();
    });
  }

  window.addEventListener("hashchange", () => actions.openLink(location.hash));
  document.addEventListener("visibilitychange", () => actions.visibility(!document.hidden));
}
