// Saved games and settings in local storage. Each puzzle in progress has its own key; each tab
// remembers (in session storage) which game it shows. Storage can be edited by anyone:
// everything read back is checked like a link.
//
// Nothing the player did is lost (docs/saved-games.md has the why):
// - A game is written first, then the index; the index is only a cache of the games' own
//   records (listGames() heals it from them), so a refused index write loses nothing.
// - A write refused for lack of room keeps every other in-progress game: only solved games
//   are dropped to make room, and only when the write then succeeds; otherwise they are put
//   back and storage is left as it was.
// - Two tabs on one game (a duplicated tab copies session storage; Saved games can resume a
//   game another tab shows; a new tab resumes the game last played): every record carries the
//   stamp of its last write, and a tab writes a game only over the version it loaded or wrote
//   itself. When another tab wrote in between, this tab's work goes on as a game of its own
//   (a fork, under a new id), so both tabs' entries are kept, each in its game.
// - A puzzle the player has not changed is kept in the tab's session storage only (a reload
//   finds it; Saved games does not list it), so visits that play nothing add no saved games.

import { checkVariant, emptyDoc, LIST_KEYS, VALUE_KEYS } from "./doc.js";
import { defaultSettings } from "./state.js";
import { readAbout } from "./protocol.js";

const PREFIX = "sudoku-core:game:";
const INDEX_KEY = "sudoku-core:games"; // [{id, box, level, elapsed, filled, empty, saved, finished}]
const TAB_KEY = "sudoku-core:tab"; // session storage: the id of this tab's game
const TAB_GAME_KEY = "sudoku-core:tab-game"; // session storage: this tab's unplayed game record
const LAST_KEY = "sudoku-core:last"; // id of the game last played in this browser (any tab)
const SETTINGS_KEY = "sudoku-core:settings";
const MAX_SOLVED = 30; // solved games kept; the oldest beyond this are dropped
const SAVED_CELLS = 20000; // cells of undo history kept across a reload (100 steps at 9x9)
const STAMP = /^\{"stamp":"([^"\\]*)"/; // a record's stamp, read without parsing the record

// Storage itself can be refused (some private modes throw on the name alone).
function local() {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

function session() {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

export function read(storage, key) {
  try {
    return JSON.parse(storage.getItem(key) || "null");
  } catch {
    return null; // storage blocked, or a value edited into non-JSON: read as nothing saved
  }
}

// Storage full or disabled (private mode): the page still works, the work is just not kept.
export function write(storage, key, value) {
  return put(storage, key, JSON.stringify(value));
}

function put(storage, key, text) {
  try {
    storage.setItem(key, text);
    return true;
  } catch {
    return false; // over the quota or blocked: the caller decides (saveGame makes room)
  }
}

function getText(storage, key) {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function remove(storage, key) {
  try {
    storage.removeItem(key);
  } catch {
    // blocked storage: nothing can have been stored under the key either
  }
}

// Every key of a storage (none when it is blocked).
function keys(storage) {
  const found = [];
  try {
    for (let i = 0; i < storage.length; i++) found.push(storage.key(i));
  } catch {
    // blocked: nothing stored
  }
  return found.filter((k) => typeof k === "string");
}

export function newId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 7);
}

// This page load's memory of the games it read or wrote: id -> stamp of that version. A test
// passes its own, to play two tabs over one storage.
export function newTab() {
  return { known: new Map() };
}
const THIS_TAB = newTab();

// The stored box shape [r, c], or null.
function storedBox(raw) {
  if (!raw || !Array.isArray(raw.box) || raw.box.length !== 2) return null;
  const [r, c] = raw.box;
  return Number.isInteger(r) && Number.isInteger(c) && r >= 2 && c >= 2 && r * c <= 64 ? [r, c] : null;
}

// The value grids (givens, entries ...) into `doc`; false when one is off.
function readValues(doc, raw, n) {
  for (const key of VALUE_KEYS) {
    const values = raw[key];
    if (!Array.isArray(values) || values.length !== n * n) return false;
    if (!values.every((v) => Number.isInteger(v) && v >= 0 && v <= n)) return false;
    doc[key] = values.slice();
  }
  return true;
}

// The per-cell lists (marks, colours ...) into `doc`; false when one is off.
function readLists(doc, raw, n) {
  for (const key of LIST_KEYS) {
    const lists = raw[key] !== undefined ? raw[key] : key === "centre" ? raw.pencil : undefined;
    if (lists === undefined) continue; // stored by an older version
    const top = key === "colors" ? 9 : n;
    if (!Array.isArray(lists) || lists.length !== n * n) return false;
    const ok = (m) => Array.isArray(m) && m.length <= top &&
      m.every((v) => Number.isInteger(v) && v >= 1 && v <= top);
    if (!lists.every(ok)) return false;
    doc[key] = lists.map((m) => [...new Set(m)]);
  }
  return true;
}

// A stored document, checked value by value; null when anything is off.
export function checkDoc(raw) {
  const box = storedBox(raw);
  if (!box) return null;
  const n = box[0] * box[1];
  const doc = emptyDoc(box);
  if (!readValues(doc, raw, n) || !readLists(doc, raw, n)) return null;
  if (raw.variant !== undefined) {
    const variant = checkVariant(raw.variant, n);
    if (!variant) return null;
    doc.variant = variant;
  }
  const about = readAbout(raw.about);
  if (about) doc.about = about; // an imported puzzle's credits, shown in the rules panel
  return doc;
}

function checkHistory(list, box) {
  if (!Array.isArray(list)) return [];
  const docs = list.map(checkDoc);
  return docs.every((d) => d && d.box[0] === box[0] && d.box[1] === box[1]) ? docs : [];
}

function parse(text) {
  try {
    return JSON.parse(text || "null");
  } catch {
    return null;
  }
}

function stampOf(text) {
  const m = typeof text === "string" ? STAMP.exec(text) : null;
  return m ? m[1] : "";
}

// A game record {doc, view, past, future, source, game, saved} read back from storage, checked,
// under the id `id`; null when it is not one.
function checkRecord(raw, id) {
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
    saved: Number.isFinite(raw.saved) ? raw.saved : 0,
    game: {
      id,
      level: typeof info.level === "string" ? info.level : "",
      elapsed: Number.isFinite(info.elapsed) && info.elapsed >= 0 ? info.elapsed : 0,
      finished,
    },
  };
}

// A game record {doc, view, past, future, source, game, stored} for an id, or null: the saved
// game, else this tab's unplayed one (`stored` false). Remembers the version read, so that a
// later save does not write over another tab's newer one.
export function loadGame(id, { tab = THIS_TAB, storage = local(), tabStorage = session() } = {}) {
  if (typeof id !== "string" || !id) return null;
  const text = getText(storage, PREFIX + id);
  const record = checkRecord(parse(text), id);
  if (record) {
    tab.known.set(id, stampOf(text));
    return { ...record, stored: true };
  }
  const own = read(tabStorage, TAB_GAME_KEY);
  const unplayed = own && own.game && own.game.id === id ? checkRecord(own, id) : null;
  if (!unplayed) return null;
  tab.known.delete(id);
  return { ...unplayed, stored: false };
}

// The line Saved games shows for a game.
function summary(doc, game, saved) {
  const empty = doc.givens.filter((v) => !v).length;
  const filled = doc.givens.filter((v, i) => !v && (doc.entries[i] || doc.solved[i])).length;
  return {
    id: game.id, box: doc.box, level: game.level, elapsed: Math.round(game.elapsed),
    filled, empty, saved, finished: Boolean(game.finished),
  };
}

function goodEntry(g) {
  return g && typeof g.id === "string" && Array.isArray(g.box) && g.box.length === 2 &&
    g.box.every((v) => Number.isInteger(v) && v >= 2);
}

// The saved games, most recently saved first: the index, checked against the games' own keys
// (a game the index missed is listed from its record; an entry without a game is left out).
export function listGames(storage = local()) {
  const ids = new Set(keys(storage).filter((k) => k.startsWith(PREFIX)).map((k) => k.slice(PREFIX.length)));
  const index = read(storage, INDEX_KEY);
  const list = [];
  for (const g of Array.isArray(index) ? index : []) {
    if (goodEntry(g) && ids.delete(g.id)) list.push(g);
  }
  for (const id of ids) {
    const record = checkRecord(read(storage, PREFIX + id), id);
    if (record) list.push(summary(record.doc, record.game, record.saved));
  }
  return list.sort((a, b) => (Number(b.saved) || 0) - (Number(a.saved) || 0));
}

// Write a game's record text under its key; when there is no room even without its undo
// history, solved games are dropped (oldest first) until it fits, and put back when it never
// does: storage is then as it was. {ok, dropped: [ids]}.
function writeGame(storage, id, record, stamp) {
  const key = PREFIX + id;
  const text = (r) => `{"stamp":"${stamp}",${JSON.stringify(r).slice(1)}`;
  if (put(storage, key, text(record))) return { ok: true, dropped: [] };
  const small = text({ ...record, past: [], future: [] });
  if (put(storage, key, small)) return { ok: true, dropped: [] };
  const solved = listGames(storage).filter((g) => g.finished && g.id !== id).reverse();
  const taken = [];
  for (const g of solved) {
    const old = getText(storage, PREFIX + g.id);
    if (old === null) continue;
    remove(storage, PREFIX + g.id);
    taken.push([g.id, old]);
    if (put(storage, key, small)) return { ok: true, dropped: taken.map(([gid]) => gid) };
  }
  for (const [gid, old] of taken) put(storage, PREFIX + gid, old);
  return { ok: false, dropped: [] };
}

function gameRecord(state, id) {
  const doc = state.doc;
  const keep = Math.max(5, Math.floor(SAVED_CELLS / doc.givens.length));
  return {
    doc, source: state.source, game: { ...state.game, id },
    past: state.past.slice(-keep), future: state.future.slice(0, keep),
    // Where the player was: the selected cell and whether the candidates were shown.
    view: { cursor: state.cursor, showCandidates: state.showCandidates },
    saved: Date.now(),
  };
}

// Save the state's game (document, undo history, timer, view) under its own key, then the
// index. `changed`: the document differs from the version this tab last read or wrote.
// Returns {saved, id, forked}: `saved` false when storage refused the grid alone (full or
// blocked; nothing else was changed); `id` the game's id from now on, a new one when
// another tab wrote this game in between (`forked`: this tab's work became its own game).
export function saveGame(state, { changed = true, tab = THIS_TAB, storage = local(), tabStorage = session() } = {}) {
  const game = state.game;
  if (!game) return { saved: true, id: null, forked: false };
  let id = game.id;
  let forked = false;
  const current = getText(storage, PREFIX + id);
  if (current !== null && stampOf(current) !== tab.known.get(id)) {
    // Another tab saved this game after this tab read it. With no change of its own to keep,
    // this tab leaves that version alone (its clock and view only are not saved).
    if (!changed) return { saved: true, id, forked: false };
    id = newId();
    forked = true;
  }
  const record = gameRecord(state, id);
  // The stamp names a version of the document: a save of the clock or view alone keeps it, so
  // that a tab left open (hidden, or closing) does not turn another tab's next move into a fork.
  const stamp = changed || forked || !tab.known.has(id) ? newId() : tab.known.get(id);
  const written = writeGame(storage, id, record, stamp);
  if (!written.ok) return { saved: false, id, forked };
  tab.known.set(id, stamp);
  for (const gone of written.dropped) tab.known.delete(gone);
  const own = read(tabStorage, TAB_GAME_KEY);
  if (own && own.game && (own.game.id === game.id || own.game.id === id)) remove(tabStorage, TAB_GAME_KEY);
  if (changed) write(storage, LAST_KEY, id);
  const others = listGames(storage).filter((g) => g.id !== id);
  const list = [summary(state.doc, record.game, record.saved), ...others];
  // Solved games beyond the cap go, oldest first; games in progress are never dropped.
  let solved = 0;
  const kept = list.filter((g) => {
    if (!g.finished || g.id === id || ++solved <= MAX_SOLVED) return true;
    remove(storage, PREFIX + g.id);
    return false;
  });
  // Refused (no room): the game is saved all the same, and listGames() finds it by its key.
  write(storage, INDEX_KEY, kept);
  return { saved: true, id, forked };
}

// A game the player has not changed: kept for this tab only (a reload finds it), never listed.
export function saveTabGame(state, tabStorage = session()) {
  if (!state.game) return true;
  return write(tabStorage, TAB_GAME_KEY, gameRecord(state, state.game.id));
}

export function deleteGame(id, { tab = THIS_TAB, storage = local() } = {}) {
  remove(storage, PREFIX + id);
  tab.known.delete(id);
  write(storage, INDEX_KEY, listGames(storage).filter((g) => g.id !== id));
  if (read(storage, LAST_KEY) === id) remove(storage, LAST_KEY);
}

// The game last played in this browser, in any tab, when it is saved and not finished.
export function lastGame({ tab = THIS_TAB, storage = local(), tabStorage = session() } = {}) {
  const saved = loadGame(read(storage, LAST_KEY), { tab, storage, tabStorage });
  return saved && saved.stored && !saved.game.finished ? saved : null;
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
// game, once (`played`: saved as soon as the page saves).
const OLD_KEY = "sudoku-core:doc";
export function adoptOldSave() {
  const storage = local();
  const raw = read(storage, OLD_KEY);
  remove(storage, OLD_KEY);
  remove(storage, "sudoku-core:previous");
  const doc = raw && checkDoc(raw);
  if (!doc) return null;
  return {
    doc, past: [], future: [], source: typeof raw.source === "string" ? raw.source : "",
    game: { id: newId(), level: "", elapsed: 0, finished: null }, stored: false, played: true,
  };
}

export function loadSettings() {
  const raw = read(local(), SETTINGS_KEY);
  const settings = defaultSettings();
  if (!raw || typeof raw !== "object") return settings;
  for (const key of ["mistakes", "autoRemove", "peers", "same", "marksAreCandidates"]) {
    if (typeof raw[key] === "boolean") settings[key] = raw[key];
  }
  if (["system", "light", "dark"].includes(raw.theme)) settings.theme = raw.theme;
  return settings;
}

export function saveSettings(settings) {
  write(local(), SETTINGS_KEY, settings);
}
