// Input -> actions: keyboard, pointer, keypad, paste and buttons call the app's actions.

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

export function bind(app) {
  const grid = $("grid");

  // Pointer: press selects (Shift adds, Ctrl/Cmd toggles), dragging adds the cells passed over.
  let dragging = false;
  grid.addEventListener("pointerdown", (event) => {
    const cell = cellOf(event.target);
    if (cell === null || event.button > 0) return;
    const how = event.ctrlKey || event.metaKey ? "toggle" : event.shiftKey ? "add" : "only";
    dragging = true;
    app.select(cell, how, true);
    if (event.pointerType !== "mouse" && grid.releasePointerCapture) {
      grid.releasePointerCapture(event.pointerId); // so pointermove reaches the other cells
    }
  });
  grid.addEventListener("pointermove", (event) => {
    if (!dragging) return;
    const target = event.pointerType === "mouse" ? event.target
      : document.elementFromPoint(event.clientX, event.clientY);
    const cell = cellOf(target);
    if (cell !== null) app.dragTo(cell);
  });
  for (const type of ["pointerup", "pointercancel"]) {
    document.addEventListener(type, () => {
      dragging = false;
    });
  }

  grid.addEventListener("keydown", (event) => {
    const n = app.size();
    // The keys of SudokuPad, which players know: Shift+digit a corner mark, Ctrl/Cmd+digit a
    // centre mark; Alt+digit (this page's older corner key) still works. event.code, because
    // Shift+1 types "!".
    const digitCode = /^(Digit|Numpad)[0-9]$/.test(event.code);
    const mod = event.ctrlKey || event.metaKey;
    if (digitCode && (mod || event.shiftKey || event.altKey) && !(mod && event.altKey)) {
      const value = app.keyValue(event.code.slice(-1));
      if (value !== null) {
        event.preventDefault();
        app.mark(value, mod ? "centre" : "corner");
      }
      return;
    }
    if (mod) {
      if (event.key.toLowerCase() === "a") {
        event.preventDefault();
        app.selectAll();
      }
      return;
    }
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      app.move(move[0], move[1], event.shiftKey);
      return;
    }
    if (event.key === "Backspace" || event.key === "Delete" || event.key === "0" ||
        event.key === ".") {
      event.preventDefault();
      app.erase();
      return;
    }
    if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      app.moveToEdge(event.key === "Home");
      return;
    }
    if (event.key === " ") {
      event.preventDefault();
      app.cycleMode();
      return;
    }
    const value = app.keyValue(event.key);
    if (value !== null) {
      event.preventDefault();
      app.type(value);
      return;
    }
    const mode = MODE_KEYS[event.key.toLowerCase()];
    if (mode && !event.altKey && n <= 9) {
      event.preventDefault();
      app.setMode(mode);
    }
  });

  // Focus entering the grid lands on the selected cell (roving tabindex).
  grid.addEventListener("focusin", (event) => {
    const cell = cellOf(event.target);
    if (cell !== null) app.focusCell(cell);
  });

  // The keypad never takes the focus away from the grid (pointerdown default prevented).
  const keypad = $("keypad");
  keypad.addEventListener("click", (event) => {
    const key = event.target.closest("[data-value]");
    if (key) app.keypad(Number(key.dataset.value));
  });
  $("modes").addEventListener("click", (event) => {
    const b = event.target.closest("[data-mode]");
    if (b) app.setMode(b.dataset.mode, true);
  });

  document.addEventListener("keydown", (event) => {
    if (isTextField(event.target)) return;
    const mod = event.ctrlKey || event.metaKey;
    if (!mod) {
      if (event.key === "Escape" && !app.closeMenu()) app.escape();
      return;
    }
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) {
      event.preventDefault();
      app.undo();
    } else if (key === "y" || (key === "z" && event.shiftKey)) {
      event.preventDefault();
      app.redo();
    }
  });

  document.addEventListener("paste", (event) => {
    if (isTextField(event.target)) return;
    const text = event.clipboardData ? event.clipboardData.getData("text") : "";
    if (!text) return;
    event.preventDefault();
    app.importText(text);
  });

  $("size").addEventListener("change", (event) => app.setSize(Number(event.target.value)));
  $("size-yes").addEventListener("click", () => app.answerSize(true));
  $("size-no").addEventListener("click", () => app.answerSize(false));
  $("shape").addEventListener("change", (event) => app.setBox(event.target.value.split("x").map(Number)));
  $("walk-to").addEventListener("change", (event) => app.walkTo(Number(event.target.value)));
  $("set-mistakes").addEventListener("change", (e) => app.setting({ mistakes: e.target.checked }));
  $("set-autoremove").addEventListener("change", (e) => app.setting({ autoRemove: e.target.checked }));
  $("set-peers").addEventListener("change", (e) => app.setting({ peers: e.target.checked }));
  $("set-same").addEventListener("change", (e) => app.setting({ same: e.target.checked }));
  $("set-theme").addEventListener("change", (e) => app.setting({ theme: e.target.value }));
  $("games-list").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (b && b.dataset.resume) app.resume(b.dataset.resume);
    else if (b && b.dataset.delete) app.deleteGame(b.dataset.delete);
  });

  // Buttons whose result shows on the grid give the focus back to it (typing goes on).
  const toGrid = {
    solve: () => app.solve(),
    validate: () => app.validate(),
    hint: () => app.hint(),
    check: () => app.check(),
    fill: () => app.fillCandidates(),
    candidates: () => app.toggleCandidates(),
    cancel: () => app.cancel(),
    undo: () => app.undo(),
    redo: () => app.redo(),
    restart: () => app.restart(),
    lock: () => app.lockGivens(),
    restore: () => app.restorePrevious(),
    // A new puzzle shows from the top: on a phone the panel that made it is below the grid.
    generate: () => Promise.resolve(app.newPuzzle()).then(() => scrollTo({ top: 0 })),
  };
  // Buttons that open a panel or work in one keep the focus where it is.
  const inPlace = {
    new: () => app.togglePanel("new"),
    menu: () => app.toggleMenu(),
    games: () => app.togglePanel("games"),
    settings: () => app.togglePanel("settings"),
    io: () => app.togglePanel("io"),
    share: () => app.share(),
    import: () => app.importText($("io-text").value),
    export: () => app.exportText($("io-format").value, $("io-what").value),
    copy: () => app.copyExport(),
    download: () => app.downloadExport(),
    steps: () => app.steps(),
    "walk-prev": () => app.walkStep(-1),
    "walk-next": () => app.walkStep(1),
    "walk-close": () => app.closeWalk(),
  };
  for (const [id, action] of Object.entries(toGrid)) {
    $(id).addEventListener("click", () => {
      const done = action();
      app.focusGrid();
      if (done && done.then) done.then(() => app.focusGrid());
    });
  }
  // Those that do not open a panel give the grid the focus back after a pointer click
  // (event.detail > 0); from the keyboard the focus stays, so Enter can be pressed again.
  const panels = new Set(["new", "games", "settings", "io", "steps", "menu"]);
  for (const [id, action] of Object.entries(inPlace)) {
    $(id).addEventListener("click", (event) => {
      const done = action();
      if (panels.has(id) || !event.detail) return;
      app.focusGrid();
      if (done && done.then) done.then(() => app.focusGrid());
    });
  }
  // A choice in the menu closes it (its result shows on the grid or in a panel); the size
  // controls keep it open, as a size change may ask first.
  $("menu-close").addEventListener("click", () => app.closeMenu());
  // A tap outside the menu (on the grid, say) closes it, as a sheet closes on a phone.
  document.addEventListener("pointerdown", (event) => {
    if (!event.target.closest("#menu-panel, #menu")) app.closeMenu();
  });
  $("menu-panel").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (b && b.closest(".actions")) app.closeMenu();
  });
  // The keypad and the mode toggle keep the grid's focus on pointer devices.
  for (const el of [keypad, $("modes")]) {
    el.addEventListener("pointerdown", (event) => {
      if (event.target.closest("button")) event.preventDefault();
    });
  }

  window.addEventListener("hashchange", () => app.openLink(location.hash));
  document.addEventListener("visibilitychange", () => app.visibility(!document.hidden));
}
