// settings/variantlink.js: variants through a share link's fragment and back.

import assert from "node:assert/strict";
import { test } from "node:test";

import { variantQuery, variantsFragment, variantsFromFragment } from "../../public/js/settings/variantlink.js";

const variants = [
  { name: "v2 faster settle", config: { preset: "strip", springFrequency: 30, itemWidth: 110 }, itemCount: 12 },
  { name: "naïve & ? # = / é", config: { preset: "coverflow", viewport: { width: 320 }, autoscroll: { enabled: false }, itemWidth: null }, itemCount: 0 },
  { name: "paged", config: { preset: "paged" }, itemCount: 5 },
];

test("variants go into a fragment and come back whole", () => {
  const fragment = variantsFragment(variants);
  assert.ok(fragment.startsWith("#variants="));
  assert.ok(!fragment.slice(1).includes("#"));
  const back = variantsFromFragment(fragment);
  assert.deepEqual(back, [
    { name: "v2 faster settle", config: { preset: "strip", itemWidth: 110, springFrequency: 30 }, itemCount: 12 },
    { name: "naïve & ? # = / é", config: { preset: "coverflow", viewport: { width: 320 }, autoscroll: { enabled: false } }, itemCount: 0 },
    { name: "paged", config: { preset: "paged" }, itemCount: 5 },
  ]);
  assert.equal(variantQuery(variants[0]), "preset=strip&items=12&itemWidth=110&springFrequency=30");
  // 50 variants of a few tuned values each stay a few kilobytes.
  const many = Array.from({ length: 50 }, (_, index) => ({ name: `variant ${index}`, config: { preset: "strip", spacing: index, springFrequency: 8 }, itemCount: 7 }));
  assert.ok(variantsFragment(many).length < 8000, `${variantsFragment(many).length}`);
});

test("a fragment that does not read gives none, and a bad entry is left out", () => {
  assert.deepEqual(variantsFragment([]), "");
  for (const hash of ["", "#", "#variants=", "#variants=%7B", "#variants=5", "#other=1"]) assert.deepEqual(variantsFromFragment(hash), [], hash);
  const mixed = `#variants=${encodeURIComponent(JSON.stringify([["ok", "preset=paged&spacing=abc&loop=maybe&align=sideways"], ["no preset", "spacing=3"], [7, "preset=paged"], "x"]))}`;
  assert.deepEqual(variantsFromFragment(mixed), [{ name: "ok", config: { preset: "paged" }, itemCount: 5 }]);
});
