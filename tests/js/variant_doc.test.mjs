// Placed rules in the page's document (doc.js): a link or saved game keeps every rule the
// engine sent (thermometers, dots, lines ...), so no rule is dropped on the way back.
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkVariant, variantNames, withVariant } from "../../web/js/doc.js";
import { fromHash, toHash } from "../../web/js/share.js";
import { emptyDoc } from "../../web/js/doc.js";

const THERMO = { thermometers: [{ cells: [0, 1, 2, 3] }], nonconsecutive: true };

test("placed rules are kept by the shape check and named by their keys", () => {
  const kept = checkVariant(THERMO, 4);
  assert.deepEqual(kept, THERMO);
  assert.equal(variantNames(kept), "thermometers,nonconsecutive");
  assert.deepEqual(withVariant(emptyDoc([2, 2]), kept).variant, THERMO);
  assert.deepEqual(checkVariant({ diagonals: true, ...THERMO }, 4), { diagonals: true, ...THERMO });
});

test("what is no rule's shape is refused, not kept", () => {
  assert.equal(checkVariant({ thermometers: [1, 2] }, 4), null);
  assert.equal(checkVariant({ thermometers: "x" }, 4), null);
  assert.equal(checkVariant({ "Bad Key": true }, 4), null);
  assert.equal(checkVariant({ thermometers: [] }, 4), null); // nothing on: no variant at all
});

test("a link with placed rules comes back with them", () => {
  const doc = withVariant(emptyDoc([2, 2]), THERMO);
  doc.givens[5] = 3;
  const back = fromHash(toHash(doc));
  assert.deepEqual(back.variant, THERMO);
  assert.equal(back.givens[5], 3);
});
