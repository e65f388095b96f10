// A correction drawn without a jump while the carousel moves (engine/correctionblend.js), and without
// a creep once it rests: the slots move from where they were drawn by at most the motion's own
// largest recent step or the share that gets them there 100 ms after the correction; a frame at
// rest is drawn where the engine rests.

import assert from "node:assert/strict";
import { test } from "node:test";

const { CorrectionBlend, GLIDE_MS } = await import("../../public/js/engine/correctionblend.js");

const FRAME_MS = 1000 / 60;
const frameAt = (x, phase = "animating") => ({ phase, slots: [{ item: 0, x, y: 0 }, { item: 1, x: x + 343, y: 0 }] });

// A blend drawn at 60 Hz: `draw(frame, corrected)` returns the drawn frame; `time` is the last time drawn.
function drawer() {
  const blend = new CorrectionBlend();
  let frames = 0;
  const draw = (frame, corrected = false) => blend.drawn(frame, corrected, (frames += 1) * FRAME_MS);
  return { blend, draw, time: () => frames * FRAME_MS };
}

test("without corrections the engine's frames are drawn as they are", () => {
  const { draw } = drawer();
  for (let x = 0; x > -200; x -= 10) assert.deepEqual(draw(frameAt(x)), frameAt(x));
});

test("a correction of 40 pt in a motion of 10 pt steps is drawn in even steps: the motion's and a sixth of 40 pt", () => {
  const { draw } = drawer();
  let x = 0;
  for (; x > -100; x -= 10) draw(frameAt(x));
  let drawnX = draw(frameAt(x)).slots[0].x;
  // The engine's frame is now 40 pt further on, and keeps moving 10 pt a frame.
  x -= 40;
  let frame = draw(frameAt(x), true);
  const steps = [];
  for (let count = 0; count < 8; count += 1) {
    steps.push(Math.abs(frame.slots[0].x - drawnX));
    drawnX = frame.slots[0].x;
    frame = draw(frameAt((x -= 10)));
  }
  assert.ok(Math.max(...steps) <= 10 + (40 * FRAME_MS) / GLIDE_MS + 1e-9, JSON.stringify(steps));
  assert.equal(frame.slots[0].x, x, "it gets there");
  assert.equal(frame.slots[1].x - frame.slots[0].x, 343, "the slots keep their places to each other");
});

test("however far and however slow the motion, a correction is taken up within 100 ms of the time drawn", () => {
  for (const [distance, speed] of [[173, 2], [400, 0.5], [2000, 30], [-600, 5], [1e-9, 1]]) {
    const { draw, time } = drawer();
    let x = 0;
    for (let count = 0; count < 40; count += 1) draw(frameAt((x -= speed)));
    x -= distance;
    let frame = draw(frameAt(x), true);
    const corrected = time();
    while (frame.slots[0].x !== x && time() - corrected < 1000) frame = draw(frameAt((x -= speed)));
    assert.equal(frame.slots[0].x, x, `${distance} pt at ${speed} pt a frame`);
    assert.ok(time() - corrected <= GLIDE_MS + 1e-9, `${distance} pt at ${speed} pt a frame: ${time() - corrected} ms`);
  }
});

test("a frame at rest is drawn where the engine rests, whatever was still being taken up", () => {
  const { draw } = drawer();
  let x = 0;
  for (let step = 6; step > 0; step -= 0.5) draw(frameAt((x -= step)));
  draw(frameAt((x -= 150)), true);
  assert.equal(draw(frameAt(x - 2, "idle")).slots[0].x, x - 2);
  // A correction that comes with the rest itself: the session rests there, so the page does too.
  const other = drawer();
  for (let count = 0; count < 10; count += 1) other.draw(frameAt(-10 * count));
  assert.equal(other.draw(frameAt(-335, "idle"), true).slots[0].x, -335);
});

test("a correction from rest to rest (a layout changed while nothing moved) is drawn at once", () => {
  const { draw } = drawer();
  draw(frameAt(0, "idle"));
  assert.equal(draw(frameAt(-250, "idle"), true).slots[0].x, -250);
});

test("time that repeats or goes back takes no share: the step stays within the motion's own", () => {
  const blend = new CorrectionBlend();
  let x = 0;
  for (let count = 1; count <= 10; count += 1) blend.drawn(frameAt((x -= 10)), false, count * FRAME_MS);
  const before = blend.drawn(frameAt(x), false, 10 * FRAME_MS).slots[0].x;
  const after = blend.drawn(frameAt(x - 300), true, 5 * FRAME_MS).slots[0].x;
  assert.ok(Math.abs(after - before) <= 10 + 1e-9, `${before} → ${after}`);
  const again = blend.drawn(frameAt(x - 300), false, 5 * FRAME_MS).slots[0].x;
  assert.ok(Math.abs(again - after) <= 10 + 1e-9, `${after} → ${again}`);
});

test("a second correction while the first is taken up starts its own 100 ms from where it is drawn", () => {
  const { draw, time } = drawer();
  let x = 0;
  for (let count = 0; count < 20; count += 1) draw(frameAt((x -= 3)));
  draw(frameAt((x -= 200)), true);
  draw(frameAt((x -= 3)));
  let frame = draw(frameAt((x -= 100)), true);
  const corrected = time();
  while (frame.slots[0].x !== x && time() - corrected < 1000) frame = draw(frameAt((x -= 3)));
  assert.ok(time() - corrected <= GLIDE_MS + 1e-9, `${time() - corrected} ms`);
});
