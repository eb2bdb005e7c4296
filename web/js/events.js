// Input -> actions: keyboard, pointer, keypad, paste and buttons call the app's actions.

const $ = (id) => document.getElementById(id);

const MOVES = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

function isTextField(el) {
  return el && (el.tagName === "TEXTAREA" || el.tagName === "INPUT" || el.tagName === "SELECT");
}

export function bind(app) {
  const grid = $("grid");

  grid.addEventListener("click", (event) => {
    const cell = event.target.closest("[data-cell]");
    if (cell) app.select(Number(cell.dataset.cell), true);
  });

  grid.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      app.move(move[0], move[1]);
      return;
    }
    if (event.key === "Backspace" || event.key === "Delete" || event.key === "0" ||
        event.key === ".") {
      event.preventDefault();
      app.enter(0);
      return;
    }
    if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      app.moveToEdge(event.key === "Home");
      return;
    }
    // Shift + digit toggles a centre mark (event.code: Shift+1 types "!" on most layouts).
    const digitCode = /^(Digit|Numpad)[0-9]$/.test(event.code);
    const key = event.shiftKey && digitCode ? event.code.slice(-1) : event.key;
    const value = app.keyValue(key);
    if (value !== null) {
      event.preventDefault();
      if (event.shiftKey && digitCode) app.mark(value, "centre");
      else app.enter(value);
    }
  });

  // Focus entering the grid lands on the selected cell (roving tabindex).
  grid.addEventListener("focusin", (event) => {
    const cell = event.target.closest("[data-cell]");
    if (cell) app.select(Number(cell.dataset.cell), false);
  });

  $("keypad").addEventListener("click", (event) => {
    const key = event.target.closest("[data-value]");
    if (key) app.enter(Number(key.dataset.value), true);
  });

  document.addEventListener("keydown", (event) => {
    if (isTextField(event.target)) return;
    const mod = event.ctrlKey || event.metaKey;
    if (!mod) {
      if (event.key === "Escape") app.cancel();
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
  $("shape").addEventListener("change", (event) => app.setBox(event.target.value.split("x").map(Number)));
  $("notes").addEventListener("change", (event) => app.setNotes(event.target.value));

  const buttons = {
    solve: () => app.solve(),
    validate: () => app.validate(),
    hint: () => app.hint(),
    new: () => app.togglePanel("new"),
    generate: () => app.generate(),
    cancel: () => app.cancel(),
    undo: () => app.undo(),
    redo: () => app.redo(),
    clear: () => app.clear(),
    lock: () => app.lockGivens(),
    share: () => app.share(),
    io: () => app.togglePanel("io"),
    import: () => app.importText($("io-text").value),
    export: () => app.exportText($("io-format").value),
    restore: () => app.restorePrevious(),
    steps: () => app.steps(),
    candidates: () => app.toggleCandidates(),
    "walk-prev": () => app.walkStep(-1),
    "walk-next": () => app.walkStep(1),
    "walk-close": () => app.closeWalk(),
  };
  for (const [id, action] of Object.entries(buttons)) {
    $(id).addEventListener("click", action);
  }

  window.addEventListener("hashchange", () => app.openLink(location.hash));
}
