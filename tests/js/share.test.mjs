// Share links (share.js): every document goes to a hash and comes back, and a broken link says
// what is wrong instead of loading something else.
import assert from "node:assert/strict";
import { test } from "node:test";

import { emptyDoc } from "../../web/js/doc.js";
import { fromHash, LinkError, ownLink, toHash } from "../../web/js/share.js";

function randomDoc(box, seed) {
  let x = seed;
  const rand = (k) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % k;
  };
  const doc = emptyDoc(box);
  const n = box[0] * box[1];
  for (let c = 0; c < n * n; c++) {
    const pick = rand(6);
    if (pick === 0) doc.givens[c] = 1 + rand(n);
    else if (pick === 1) doc.entries[c] = 1 + rand(n);
    else if (pick === 2) doc.centre[c] = [...new Set([1 + rand(n), 1 + rand(n)])].sort((a, b) => a - b);
    else if (pick === 3) doc.corner[c] = [1 + rand(n)];
    if (rand(4) === 0) doc.colors[c] = [1 + rand(9)];
  }
  return doc;
}

for (const box of [[2, 2], [2, 3], [3, 3], [3, 4], [4, 4], [5, 5], [6, 6], [6, 7]]) {
  test(`a ${box[0]}x${box[1]}-box document survives its link`, () => {
    for (let seed = 1; seed <= 5; seed++) {
      const doc = randomDoc(box, seed);
      assert.deepEqual(fromHash(toHash(doc)), doc);
    }
  });
}

test("a link with no puzzle is no puzzle, and the page's own links are found in pasted text", () => {
  assert.equal(fromHash(""), null);
  assert.equal(fromHash("#box=3x3"), null);
  assert.equal(ownLink("  https://x.github.io/sudoku/index.html#p=..3..4.221......  "),
    "#p=..3..4.221......");
  assert.equal(ownLink("..3..4.221......"), null);
});

test("broken links say what is wrong", () => {
  assert.throws(() => fromHash("#p=..3..4.221....."), LinkError, /17 cells, not a square/);
  assert.throws(() => fromHash("#p=..3..4.2x1......"), /not a symbol of a 4x4 grid/);
  assert.throws(() => fromHash("#p=..3..4.221......&box=3x3"), /does not fit a 4x4 grid/);
  assert.throws(() => fromHash("#p=..3..4.221......&e=1"), /entries in the link have 1 cells/);
  assert.throws(() => fromHash("#p=%E0%A4%A"), /broken percent-encoding/);
});

test("entries on givens are dropped: a given cannot be overwritten by a link", () => {
  const doc = fromHash("#p=1...............&e=2...............");
  assert.equal(doc.givens[0], 1);
  assert.equal(doc.entries[0], 0);
});
