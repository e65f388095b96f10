// Tables keyed by data from outside the page answer only for their own entries (lookup.js).

import assert from "node:assert/strict";
import { test } from "node:test";

const { ownEntry, elementAt } = await import("../../public/js/ui/lookup.js");

test("a prototype member's name is no entry; a non-string key names nothing", () => {
  const table = { card: 1, photo: 2 };
  for (const key of ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"]) {
    assert.equal(ownEntry(table, key, "none"), "none", key);
  }
  assert.equal(ownEntry(table, "card"), 1);
  for (const key of [null, undefined, 1, {}, ["card"]]) assert.equal(ownEntry(table, key, "none"), "none", String(key));
});

test("only a whole index inside the list is an element", () => {
  const list = ["a", "b"];
  assert.equal(elementAt(list, 1), "b");
  for (const index of [-1, 2, 1.5, Number.NaN, "0", "length", null, -0 - 1]) assert.equal(elementAt(list, index), undefined, String(index));
  assert.equal(elementAt(list, -0), "a");
  assert.equal(elementAt({ 0: "a", length: 1 }, 0), undefined, "an array-like is no list");
});
