// Scan a photo without a browser (scan_model.js, protocol.js readScan): a file is refused
// before decoding when it cannot be a photo, a photo is shrunk to 1600 px at most, its grey
// bytes are Pillow's luma and reach the engine as base64, and the read grid the player fixes
// keeps apart the engine's offered values, the cells to check and the fixes. The reply here is
// a fake in the contract's shape (the engine's `scan` is tested in tests/scan and the e2e).
import assert from "node:assert/strict";
import { test } from "node:test";

import { readScan } from "../../web/js/protocol.js";
import * as M from "../../web/js/scan_model.js";

const PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

function fakeReply(overrides = {}) {
  const values = [...PUZZLE].map((ch) => (ch === "." ? 0 : Number(ch)));
  return {
    size: 9, box: [3, 3], puzzle: PUZZLE, values, read: values.slice(),
    confidence: values.map(() => 0.99), unsure: [4, 30], changed: [30], verdict: "unique",
    verified: true, corners: [[10, 12], [300, 15], [298, 305], [8, 300]], elapsed_ms: 12.5,
    message: "Read 30 givens; the solver finds one solution.", ...overrides,
  };
}

test("a file that cannot be a photo is refused before decoding, in words", () => {
  assert.match(M.fileProblem({ name: "big.jpg", size: 31 * 1024 * 1024, type: "image/jpeg" }), /31 MB.*at most 30 MB/);
  assert.match(M.fileProblem({ name: "e.png", size: 0, type: "image/png" }), /empty/);
  assert.match(M.fileProblem({ name: "notes.txt", size: 10, type: "text/plain" }), /not an image \(text\/plain\)/);
  assert.match(M.fileProblem(null), /No file/);
  // A text file renamed .png says image/png: the decoder refuses it, not this check.
  assert.equal(M.fileProblem({ name: "x.png", size: 10, type: "image/png" }), "");
  assert.equal(M.fileProblem({ name: "x", size: 10, type: "" }), "");
});

test("a photo is shrunk to 1600 px on its longest side, never enlarged", () => {
  assert.deepEqual(M.fitSize(4000, 3000), [1600, 1200]);
  assert.deepEqual(M.fitSize(3000, 4000), [1200, 1600]);
  assert.deepEqual(M.fitSize(800, 600), [800, 600]);
  assert.deepEqual(M.fitSize(100000, 10), [1600, 1]);
});

test("grey bytes are the luma Pillow's convert('L') gives", () => {
  const rgb = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255], [0, 0, 0], [10, 200, 30],
    [128, 129, 130], [77, 33, 250]];
  const rgba = Uint8ClampedArray.from(rgb.flatMap((p) => [...p, 255]));
  // Image.new("RGB", (8, 1)) with these pixels, .convert("L") (Pillow 13).
  assert.deepEqual([...M.grayOf(rgba)], [76, 150, 29, 255, 0, 124, 129, 71]);
});

test("base64 of the grey bytes round-trips, past one slice of 32 KB", () => {
  const bytes = new Uint8Array(100_003);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
  const text = M.toBase64(bytes);
  assert.deepEqual(new Uint8Array(Buffer.from(text, "base64")), bytes);
});

test("the reply is read as the contract says; missing lists are empty", () => {
  const read = readScan(fakeReply());
  assert.equal(read.size, 9);
  assert.deepEqual(read.unsure, [4, 30]);
  assert.equal(read.corners.length, 4);
  const bare = readScan({ size: 4, box: [2, 2], values: new Array(16).fill(0), verdict: "none" });
  assert.deepEqual([bare.unsure, bare.changed, bare.corners], [[], [], []]);
  assert.equal(bare.verified, false);
});

test("the player's fixes: values 1..size only, told apart from the engine's grid", () => {
  let s = M.newSession(readScan(fakeReply()));
  assert.equal(s.selected, 4); // the first cell to check
  const v4 = M.cellView(s, 4);
  assert.ok(v4.unsure && !v4.edited);
  assert.equal(v4.label, "r1c5, 7, check this cell");
  assert.equal(M.cellView(s, 30).label, "r4c4, check this cell".replace(", check", ", empty, changed by the check, check"));
  assert.equal(M.setValue(s, 4, 10), s); // 10 is no value of a 9x9
  assert.equal(M.setValue(s, 4, 7), s); // unchanged
  s = M.setValue(s, 4, 1);
  assert.deepEqual(M.editedCells(s), [4]);
  assert.equal(M.cellView(s, 4).label, "r1c5, 1, your fix");
  assert.ok(!M.cellView(s, 4).unsure);
  s = M.setValue(s, 0, 0);
  assert.deepEqual(M.editedCells(s), [0, 4]);
  assert.equal(M.givensCount(s.values), 29);
  s = M.setValue(M.setValue(s, 0, 5), 4, 7);
  assert.deepEqual(M.editedCells(s), []);
});

test("the selection stays inside the grid", () => {
  let s = M.newSession(readScan(fakeReply({ unsure: [], changed: [] })));
  assert.equal(s.selected, 0);
  s = M.moveSelection(s, -1, -1);
  assert.equal(s.selected, 0);
  s = M.moveSelection(s, 20, 3);
  assert.equal(s.selected, 8 * 9 + 3);
  assert.equal(M.select(s, 81), s);
});

test("a count of the fixed grid holds only for the grid it counted", () => {
  let s = M.setValue(M.newSession(readScan(fakeReply())), 4, 0);
  assert.ok(!M.checkedNow(s));
  s = { ...s, checked: { values: s.values.slice(), status: "multiple", message: "Several." } };
  assert.ok(M.checkedNow(s));
  s = M.setValue(s, 4, 7);
  assert.ok(!M.checkedNow(s)); // a new fix forgets the count
});

test("a cell's place on the photo follows the grid's corners", () => {
  const square = [[100, 100], [190, 100], [190, 190], [100, 190]];
  assert.deepEqual(M.cellQuad(square, 9, 0), [[100, 100], [110, 100], [110, 110], [100, 110]]);
  assert.deepEqual(M.cellQuad(square, 9, 80), [[180, 180], [190, 180], [190, 190], [180, 190]]);
  // A turned grid: the middle cell's centre is the grid's centre.
  const turned = [[10, 50], [100, 10], [140, 100], [50, 140]];
  const quad = M.cellQuad(turned, 9, 40);
  const centre = [0, 1].map((k) => quad.reduce((s, p) => s + p[k], 0) / 4);
  assert.deepEqual(centre.map((v) => Math.round(v)), [75, 75]);
  assert.deepEqual(M.cellQuad(turned, 9, 0)[0], [10, 50]);
});

// 7x5 pictures written by Pillow (the JPEG with an EXIF block before its frame).
const PICTURES = {
  jpeg: "/9j/4AAQSkZJRgABAQAAAQABAAD/4QAiRXhpZgAATU0AKgAAAAgAAQESAAMAAAABAAYAAAAAAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAFAAcDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD3+iiigD//2Q==",
  png: "iVBORw0KGgoAAAANSUhEUgAAAAcAAAAFCAIAAAAG+GGPAAAAFElEQVR4nGP8//8/AwZgwhSiiigARV8DB+xgrF0AAAAASUVORK5CYII=",
  gif: "R0lGODdhBwAFAIEAAP///wAAAAAAAAAAACwAAAAABwAFAAAIDAABCBxIsKDBgwcDAgA7",
};
const bytes = (b64) => new Uint8Array(Buffer.from(b64, "base64"));

test("a header's picture size is read before decoding; a huge one is refused in words", () => {
  for (const [kind, b64] of Object.entries(PICTURES)) {
    assert.deepEqual(M.headerSize(bytes(b64)), [7, 5], kind);
  }
  assert.equal(M.headerSize(new TextEncoder().encode("not a picture at all")), null);
  assert.equal(M.headerSize(bytes(PICTURES.jpeg).subarray(0, 40)), null); // cut before its frame
  const png = bytes(PICTURES.png);
  png.set([0, 0, 0x75, 0x30], 16); // 30,000 wide
  png.set([0, 0, 0x75, 0x30], 20); // and high: 900 million pixels
  assert.deepEqual(M.headerSize(png), [30000, 30000]);
  assert.match(M.headerProblem("bomb.png", M.headerSize(png)), /bomb\.png holds a 30000x30000 picture/);
  assert.equal(M.headerProblem("ok.png", [4000, 3000]), "");
  assert.equal(M.headerProblem("odd.webp", null), "");
});
