// Scan a photo, the parts with no DOM (tests/js/scan.test.mjs runs them in Node): what a file
// must be before it is decoded, the size a photo is shrunk to, its grey bytes and their base64
// for the engine's `scan` (docs/protocol.md "scan"), and the read grid the player fixes. The
// page reads no digit: the engine does; the player's fixes are plain values 1..size.

import { cellName, symbol } from "./doc.js";

export const MAX_SIDE = 1600; // px: the longest side sent (the reader needs far less)
export const MAX_FILE = 30 * 1024 * 1024; // bytes: a bigger file is refused before decoding
export const TIME_LIMIT = 10; // s the engine may spend reading and checking the grid

// Why a file cannot be a photo to scan, in words, or "" when it may be one (the decoder has
// the last word: a text file named .png passes here and fails there).
export function fileProblem(file) {
  if (!file) return "No file was chosen.";
  if (!file.size) return `${file.name || "That file"} is empty.`;
  if (file.size > MAX_FILE) {
    const mb = Math.round(file.size / (1024 * 1024));
    return `${file.name || "That file"} is ${mb} MB: a photo of at most ${MAX_FILE / (1024 * 1024)} MB can be read.`;
  }
  if (file.type && !file.type.startsWith("image/")) {
    return `${file.name || "That file"} is not an image (${file.type}): choose a photo of a puzzle.`;
  }
  return "";
}

export const MAX_DECODED = 50_000_000; // pixels: a photo's header promising more is refused
export const HEADER_BYTES = 1 << 16; // bytes read for the header (a JPEG's EXIF comes first)

const be16 = (b, i) => (b[i] << 8) | b[i + 1];
const be32 = (b, i) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
const le16 = (b, i) => b[i] | (b[i + 1] << 8);

// A JPEG's frame size: the first start-of-frame marker (C0-CF but C4, C8, CC), walking the
// segments from the start; null when the header bytes run out first.
function jpegSize(b) {
  for (let i = 2; i + 9 < b.length;) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return [be16(b, i + 7), be16(b, i + 5)];
    }
    i += 2 + be16(b, i + 2);
  }
  return null;
}

// [width, height] a PNG, JPEG or GIF header promises, or null (another format, or not
// found in the bytes given): read before decoding, since a small file can hold an image
// whose decoded pixels would not fit in memory.
export function headerSize(b) {
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    return [be32(b, 16), be32(b, 20)];
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) {
    return [le16(b, 6), le16(b, 8)];
  }
  return null;
}

// Why a header's promise is too much to decode, in words, or "".
export function headerProblem(name, size) {
  if (!size || size[0] * size[1] <= MAX_DECODED) return "";
  return `${name || "That file"} holds a ${size[0]}x${size[1]} picture: more than ` +
    `${MAX_DECODED / 1e6} million pixels can be read.`;
}

// [width, height] of a width x height image shrunk (never enlarged) so that its longest side
// is at most `max` px.
export function fitSize(width, height, max = MAX_SIDE) {
  const scale = Math.min(1, max / Math.max(width, height));
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

// Grey bytes (0 black .. 255 white, the contract's Gray) of RGBA pixels: luma with Rec. 601
// weights in Pillow's fixed point (its convert("L"), which the engine's tests read photos with);
// the canvas was painted white under the photo, so every pixel is opaque.
export function grayOf(rgba) {
  const out = new Uint8Array(rgba.length >> 2);
  for (let i = 0, j = 0; j < out.length; i += 4, j++) {
    out[j] = (rgba[i] * 19595 + rgba[i + 1] * 38470 + rgba[i + 2] * 7471 + 0x8000) >>> 16;
  }
  return out;
}

// Base64 of bytes, in slices (one String.fromCharCode of 2 MB would overflow the stack).
export function toBase64(bytes) {
  const parts = [];
  for (let i = 0; i < bytes.length; i += 0x8000) {
    parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000)));
  }
  return btoa(parts.join(""));
}

// A session of the scan panel for a reply read by protocol.js readScan: the grid as the player
// fixes it, the selected cell, and the engine's verdict of the fixed grid (null until asked).
export function newSession(read) {
  return { read, values: read.values.slice(), selected: firstToCheck(read), checked: null };
}

function firstToCheck(read) {
  const cells = [...read.unsure, ...read.changed];
  return cells.length ? Math.min(...cells) : 0;
}

// The session with cell `i` set to `value` (0 empties it); values outside 1..size are refused.
export function setValue(session, i, value) {
  const n = session.read.size;
  if (!Number.isInteger(value) || value < 0 || value > n || i < 0 || i >= n * n) return session;
  if (session.values[i] === value) return session;
  const values = session.values.slice();
  values[i] = value;
  return { ...session, values, checked: null };
}

// The session with the selection moved by (dr, dc), kept inside the grid.
export function moveSelection(session, dr, dc) {
  const n = session.read.size;
  const r = Math.min(n - 1, Math.max(0, Math.floor(session.selected / n) + dr));
  const c = Math.min(n - 1, Math.max(0, (session.selected % n) + dc));
  return { ...session, selected: r * n + c };
}

export function select(session, i) {
  return i >= 0 && i < session.values.length ? { ...session, selected: i } : session;
}

// The cells the player changed from the engine's offered grid.
export function editedCells(session) {
  return session.values.flatMap((v, i) => (v !== session.read.values[i] ? [i] : []));
}

// What one cell of the read grid shows: its symbol and the flags drawn on it.
export function cellView(session, i) {
  const { read } = session;
  const n = read.size;
  const value = session.values[i];
  const edited = value !== read.values[i];
  const unsure = !edited && read.unsure.includes(i);
  const changed = !edited && read.changed.includes(i);
  const parts = [cellName(i, n), value ? symbol(value, n) : "empty"];
  if (edited) parts.push("your fix");
  if (changed) parts.push("changed by the check");
  if (unsure || changed) parts.push("check this cell");
  return { text: symbol(value, n), label: parts.join(", "), edited, unsure, changed };
}

// The verdict asked for the fixed grid applies to the grid as it is now.
export function checkedNow(session) {
  return Boolean(session.checked) && session.checked.values.join() === session.values.join();
}

export function givensCount(values) {
  return values.filter((v) => v).length;
}

// Where cell `i` of an n x n grid lies on the photo, from the grid's corners the engine found
// (TL, TR, BR, BL): its four corners, interpolated bilinearly (a guide for the eye while the
// player compares a cell with the photo; the engine's own cut is exact).
export function cellQuad(corners, n, i) {
  const [tl, tr, br, bl] = corners;
  const at = (u, v) => [0, 1].map((k) => (1 - u) * (1 - v) * tl[k] + u * (1 - v) * tr[k] +
    u * v * br[k] + (1 - u) * v * bl[k]);
  const r = Math.floor(i / n);
  const c = i % n;
  return [at(c / n, r / n), at((c + 1) / n, r / n), at((c + 1) / n, (r + 1) / n), at(c / n, (r + 1) / n)];
}
