// settings/tuning.js: what a configuration tuned, against the schema's presets, and the patches
// that set fields back.

import assert from "node:assert/strict";
import { test } from "node:test";

import { SCHEMA } from "../../public/js/generated/schema.js";
import { describeTuning, droppedBySwitch, mergePatches, patchFor, resetPatch, tunedFields, tunedGeometry, valueAt } from "../../public/js/settings/tuning.js";

const preset = (name) => structuredClone(SCHEMA.presets[name].config);

test("a preset as it is has nothing tuned; an unknown preset reports nothing", () => {
  for (const name of Object.keys(SCHEMA.presets)) assert.deepEqual(tunedFields(preset(name)), [], name);
  assert.deepEqual(tunedFields({ ...preset("banner"), preset: "__proto__", spacing: 3 }), []);
  assert.deepEqual(tunedFields(null), []);
});

test("each tuned field is named with its value and the preset's, nested ones by their path", () => {
  const config = preset("strip");
  config.spacing = 30;
  config.viewport.width = 320;
  config.autoscroll.intervalMs = 1500;
  config.itemWidth = 110;
  config.content = "products";
  const tuned = tunedFields(config);
  assert.deepEqual(
    tuned.map(({ field, value, presetValue }) => [field.link, value, presetValue]),
    [["viewportWidth", 320, 375], ["spacing", 30, 8], ["itemWidth", 110, null], ["intervalMs", 1500, 3000], ["content", "products", "banners"]],
  );
  assert.equal(describeTuning(tuned.slice(0, 3)), "viewportWidth 320, spacing 30, itemWidth 110");
  // A switch keeps the sizes the person set, unless they untick them.
  assert.deepEqual(droppedBySwitch(config).map(({ field }) => field.link), ["intervalMs"]);
  assert.deepEqual(droppedBySwitch(config, { keepsGeometry: false }).map(({ field }) => field.link), ["viewportWidth", "spacing", "itemWidth", "intervalMs"]);
  assert.deepEqual(tunedGeometry(config).map(({ field }) => field.link), ["viewportWidth", "spacing", "itemWidth"]);
  assert.deepEqual(resetPatch(tuned), { viewport: { width: 375 }, spacing: 8, itemWidth: null, autoscroll: { intervalMs: 3000 }, content: "banners" });
});

test("patches by path, merged member by member", () => {
  assert.deepEqual(patchFor(["viewport", "height"], 200), { viewport: { height: 200 } });
  assert.deepEqual(mergePatches({ viewport: { width: 1 }, spacing: 2 }, { viewport: { height: 3 }, spacing: 4 }), { viewport: { width: 1, height: 3 }, spacing: 4 });
  assert.equal(valueAt({ a: { b: 0 } }, ["a", "b"]), 0);
  assert.equal(valueAt({ a: null }, ["a", "b"]), undefined);
});
