// The device menu's rules (devicemenu.js): which device a viewport is sized for, and what picking
// one sends, for a horizontal carousel and a vertical feed.

import assert from "node:assert/strict";
import { test } from "node:test";

const { deviceOf, viewportFor, safeHeight, describeDevice } = await import("../../public/js/settings/devicemenu.js");
const { SCHEMA } = await import("../../public/js/generated/schema.js");

const iphone = SCHEMA.devices.find((device) => device.id === "iphone-16");

test("a horizontal carousel takes a device's width and keeps its own height", () => {
  assert.deepEqual(viewportFor(iphone, "horizontal"), { width: 393 });
  assert.equal(deviceOf({ axis: "horizontal", viewport: { width: 393, height: 180 } }), iphone);
  assert.equal(deviceOf({ axis: "horizontal", viewport: { width: 394, height: 180 } }), undefined);
});

test("a vertical feed takes the height between the safe areas too, and is matched by both sides", () => {
  assert.equal(safeHeight(iphone), 852 - 59 - 34);
  assert.deepEqual(viewportFor(iphone, "vertical"), { width: 393, height: 759 });
  assert.equal(deviceOf({ axis: "vertical", viewport: { width: 393, height: 759 } }), iphone);
  assert.equal(deviceOf({ axis: "vertical", viewport: { width: 393, height: 600 } }), undefined);
});

test("every device has a distinct width, so a banner's width names one device", () => {
  const widths = SCHEMA.devices.map((device) => device.width);
  assert.equal(new Set(widths).size, widths.length);
  for (const device of SCHEMA.devices) assert.match(describeDevice(device), /^\d+ × \d+ pt screen; safe areas \d+ pt at the top, \d+ pt at the bottom$/);
});
