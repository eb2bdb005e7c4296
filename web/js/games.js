// Saved games and settings in local storage. Each puzzle in progress has its own key, and each
// tab remembers (in session storage) which game it shows, so tabs never overwrite each other.
// Storage can be edited by anyone: everything read back is checked like a link.

import { emptyDoc, LIST_KEYS, VALUE_KEYS } from "./doc.js";
import { defaultSettings } from "./state.js";

const PREFIX = "sudoku-core:game:";
const INDEX_KEY = "sudoku-core:games"; // [{id, box, level, elapsed, filled, empty, saved, finished}]
const TAB_KEY = "sudoku-core:tab"; // session storage: the id of this tab's game
const SETTINGS_KEY = "sudoku-core:settings";
const MAX_GAMES = 30; // the oldest beyond this are dropped
const SAVED_CELLS = 20000; // cells of undo history kept across a reload (100 steps at 9x9)

export function read(storage, key) {
  try {
    return JSON.parse(storage.getItem(key) || "null");
  } catch {
    return null; // storage blocked, or a value edited into non-JSON: read as nothing saved
  }
}

// Storage full or disabled (private mode): the page still works, the work is just not kept.
export function write(storage, key, value) {
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // over the quota or blocked: the caller decides (saveGame retries smaller)
  }
}

function remove(storage, key) {
  try {
    storage.removeItem(key);
  } catch {
    // blocked storage: nothing can have been stored under the key either
  }
}

export function newId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 7);
}

// A stored document, checked value by value; null when anything is off.
export function checkDoc(raw) {
  if (!raw || !Array.isArray(raw.box) || raw.box.length !== 2) return null;
  const [r, c] = raw.box;
  if (!Number.isInteger(r) || !Number.isInteger(c) || r < 2 || c < 2 || r * c > 64) return null;
  const n = r * c;
  const doc = emptyDoc([r, c]);
  for (const key of VALUE_KEYS) {
    const values = raw[key];
    if (!Array.isArray(values) || values.length !== n * n) return null;
    if (!values.every((v) => Number.isInteger(v) && v >= 0 && v <= n)) return null;
    doc[key] = values.slice();
  }
  for (const key of LIST_KEYS) {
    const lists = raw[key] !== undefined ? raw[key] : key === "centre" ? raw.pencil : undefined;
    if (lists === undefined) continue; // stored by an older version
    const top = key === "colors" ? 9 : n;
    if (!Array.isArray(lists) || lists.length !== n * n) return null;
    const ok = (m) => Array.isArray(m) && m.length <= top &&
      m.every((v) => Number.isInteger(v) && v >= 1 && v <= top);
    if (!lists.every(ok)) return null;
    doc[key] = lists.map((m) => [...new Set(m)]);
  }
  return doc;
}

function checkHistory(list, box) {
  if (!Array.isArray(list)) return [];
  const docs = list.map(checkDoc);
  return docs.every((d) => d && d.box[0] === box[0] && d.box[1] === box[1]) ? docs : [];
}

// A game record {doc, past, future, source, game} for an id, or null.
export function loadGame(id) {
  if (typeof id !== "string" || !id) return null;
  const raw = read(localStorage, PREFIX + id);
  const doc = raw && checkDoc(raw.doc);
  if (!doc) return null;
  const info = raw.game && typeof raw.game === "object" ? raw.game : {};
  const finished = info.finished && Number.isFinite(info.finished.seconds) ? {
    seconds: info.finished.seconds,
    level: typeof info.finished.level === "string" ? info.finished.level : "",
  } : null;
  const cells = doc.givens.length;
  const view = raw.view && typeof raw.view === "object" ? raw.view : {};
  return {
    doc,
    view: {
      cursor: Number.isInteger(view.cursor) && view.cursor >= 0 && view.cursor < cells ? view.cursor : 0,
      showCandidates: view.showCandidates === true,
    },
    past: checkHistory(raw.past, doc.box),
    future: checkHistory(raw.future, doc.box),
    source: typeof raw.source === "string" ? raw.source : "",
    game: {
      id,
      level: typeof info.level === "string" ? info.level : "",
      elapsed: Number.isFinite(info.elapsed) && info.elapsed >= 0 ? info.elapsed : 0,
      finished,
    },
  };
}

export function listGames() {
  const list = read(localStorage, INDEX_KEY);
  return Array.isArray(list) ? list.filter((g) => g && typeof g.id === "string") : [];
}

// Save the state's game (document, undo history, timer, view) under its own key; false when
// storage refused even the grid alone (full or blocked).
export function saveGame(state) {
  const game = state.game;
  if (!game) return true;
  const doc = state.doc;
  const keep = Math.max(5, Math.floor(SAVED_CELLS / doc.givens.length));
  const record = {
    doc, source: state.source, game,
    past: state.past.slice(-keep), future: state.future.slice(0, keep),
    // Where the player was: the selected cell and whether the candidates were shown.
    view: { cursor: state.cursor, showCandidates: state.showCandidates },
  };
  const key = PREFIX + game.id;
  // Too big for the quota with its history: keep the grid at least, making room if need be
  // by dropping the finished games, then the oldest others (this one's work comes first).
  let saved = write(localStorage, key, record) || write(localStorage, key, { ...record, past: [], future: [] });
  const others = listGames().filter((g) => g.id !== game.id);
  if (!saved) {
    const spare = [...others.filter((g) => g.finished), ...others.filter((g) => !g.finished).reverse()];
    while (!saved && spare.length) {
      const old = spare.shift();
      remove(localStorage, PREFIX + old.id);
      others.splice(others.indexOf(old), 1);
      saved = write(localStorage, key, { ...record, past: [], future: [] });
    }
  }
  const empty = doc.givens.filter((v) => !v).length;
  const filled = doc.givens.filter((v, i) => !v && (doc.entries[i] || doc.solved[i])).length;
  const entry = {
    id: game.id, box: doc.box, level: game.level, elapsed: Math.round(game.elapsed),
    filled, empty, saved: Date.now(), finished: Boolean(game.finished),
  };
  const list = saved ? [entry, ...others] : others;
  for (const old of list.splice(MAX_GAMES)) remove(localStorage, PREFIX + old.id);
  write(localStorage, INDEX_KEY, list); // without it the game is still this tab's on a reload
  return saved;
}

export function deleteGame(id) {
  remove(localStorage, PREFIX + id);
  write(localStorage, INDEX_KEY, listGames().filter((g) => g.id !== id));
}

export function tabGame() {
  try {
    return sessionStorage.getItem(TAB_KEY);
  } catch {
    return null; // no session storage: this tab adopts no game and starts a fresh one
  }
}

export function setTabGame(id) {
  try {
    sessionStorage.setItem(TAB_KEY, id);
  } catch {
    // no session storage: a reload starts a fresh puzzle
  }
}

// The one save slot of earlier versions ({box, givens, entries, ..., source}) becomes a saved
// game, once.
const OLD_KEY = "sudoku-core:doc";
export function adoptOldSave() {
  const raw = read(localStorage, OLD_KEY);
  remove(localStorage, OLD_KEY);
  remove(localStorage, "sudoku-core:previous");
  const doc = raw && checkDoc(raw);
  if (!doc) return null;
  return {
    doc, past: [], future: [], source: typeof raw.source === "string" ? raw.source : "",
    game: { id: newId(), level: "", elapsed: 0, finished: null },
  };
}

export function loadSettings() {
  const raw = read(localStorage, SETTINGS_KEY);
  const settings = defaultSettings();
  if (!raw || typeof raw !== "object") return settings;
  for (const key of ["mistakes", "autoRemove", "peers", "same"]) {
    if (typeof raw[key] === "boolean") settings[key] = raw[key];
  }
  if (["system", "light", "dark"].includes(raw.theme)) settings.theme = raw.theme;
  return settings;
}

export function saveSettings(settings) {
  write(localStorage, SETTINGS_KEY, settings);
}
