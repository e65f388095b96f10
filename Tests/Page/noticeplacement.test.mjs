// Where the notices go (noticeplacement.js): never over the focused control or the carousel.

import assert from "node:assert/strict";
import { test } from "node:test";

const { boxInCorner, intersects, noticeCorner } = await import("../../public/js/ui/noticeplacement.js");

const viewport = { width: 1280, height: 800 };
const size = { width: 300, height: 80 };
const rect = (left, top, width, height) => ({ left, top, right: left + width, bottom: top + height });

test("each corner's box sits its margin from the viewport's edges", () => {
  assert.deepEqual(boxInCorner("bottom-right", size, viewport), { left: 964, top: 704, right: 1264, bottom: 784 });
  assert.deepEqual(boxInCorner("top-left", size, viewport), { left: 16, top: 16, right: 316, bottom: 96 });
});

test("with nothing in the way the stack keeps the first corner", () => {
  assert.equal(noticeCorner(size, viewport, { focused: null, carousel: rect(300, 130, 400, 200) }), "bottom-right");
});

test("a focused box in the bottom right sends it to the bottom left; with the carousel there too, to the top right", () => {
  const focused = rect(1100, 720, 80, 30); // the Item width box, scrolled to the window's foot
  assert.equal(noticeCorner(size, viewport, { focused, carousel: rect(300, 130, 400, 200) }), "bottom-left");
  assert.equal(noticeCorner(size, viewport, { focused, carousel: rect(0, 600, 400, 200) }), "top-right");
});

test("when every corner covers something, the focused control is spared first", () => {
  const phone = { width: 390, height: 844 };
  const wide = { width: 358, height: 60 };
  const carousel = rect(0, 0, 390, 300); // sticky at the top
  const focused = rect(20, 790, 200, 30); // at the foot
  const corner = noticeCorner(wide, phone, { focused, carousel });
  assert.ok(!intersects(boxInCorner(corner, wide, phone), focused), corner);
});

test("boxes that only touch do not intersect; null never does", () => {
  assert.equal(intersects(rect(0, 0, 10, 10), rect(10, 0, 10, 10)), false);
  assert.equal(intersects(rect(0, 0, 10, 10), null), false);
  assert.equal(intersects(rect(0, 0, 10, 10), rect(5, 5, 10, 10)), true);
});
