// What the event log says a configuration change was (eventlog.js's configChanges).

import assert from "node:assert/strict";
import { test } from "node:test";

const { changeList, configChanges } = await import("../../public/js/motion/eventlog.js");

test("a change names the values that changed, never the limits that follow from them", () => {
  const limits = (maximum) => ({ items: { minimum: 0, maximum: 1000 }, itemsPerPage: { minimum: 1, maximum } });
  const before = { config: { spacing: 8, itemWidth: null, limits: limits(1) }, items: [{ id: "a" }] };
  const after = { config: { spacing: 8, itemWidth: 120, limits: limits(2) }, items: [{ id: "a" }] };
  assert.equal(configChanges(before, after), "itemWidth none → 120");
  assert.equal(configChanges(before, before), "");
});

test("each change is a field's path with its previous value and its new one; items apart", () => {
  const before = { config: { spacing: 8, autoscroll: { enabled: false } }, items: [{ id: "a" }, { id: "b" }] };
  const after = { config: { spacing: 30, autoscroll: { enabled: true } }, items: [{ id: "a" }] };
  assert.deepEqual(changeList(before, after), {
    fields: [["spacing", 8, 30], ["autoscroll.enabled", false, true]],
    items: "items 2 → 1",
  });
  assert.deepEqual(changeList(before, before), { fields: [], items: null });
});
