// A correction drawn without a jump (engine/correctionblend.js): the slots move from where they were
// drawn by at most the motion's own largest recent step, and get to the engine's frame over the
// next frames.

import assert from "node:assert/strict";
import { test } from "node:test";

const { CorrectionBlend } = await import("../../public/js/engine/correctionblend.js");

const frameAt = (x) => ({ slots: [{ item: 0, x, y: 0 }, { item: 1, x: x + 343, y: 0 }] });

test("without corrections the engine's frames are drawn as they are", () => {
  const blend = new CorrectionBlend();
  for (let x = 0; x > -200; x -= 10) assert.deepEqual(blend.drawn(frameAt(x), false), frameAt(x));
});

test("a correction of 120 pt in a motion of 10 pt steps is drawn in steps of at most 10 pt", () => {
  const blend = new CorrectionBlend();
  let x = 0;
  for (; x > -100; x -= 10) blend.drawn(frameAt(x), false);
  let drawnX = blend.drawn(frameAt(x), false).slots[0].x;
  // The engine's frame is now 120 pt further on: drawn, it moves no more than 10 pt a frame.
  x -= 120;
  let frame = blend.drawn(frameAt(x), true);
  const steps = [];
  for (let count = 0; count < 30; count += 1) {
    steps.push(Math.abs(frame.slots[0].x - drawnX));
    drawnX = frame.slots[0].x;
    frame = blend.drawn(frameAt(x), false);
  }
  assert.ok(Math.max(...steps) <= 10 + 1e-9, JSON.stringify(steps));
  assert.equal(frame.slots[0].x, x, "it gets there");
  assert.equal(frame.slots[1].x - frame.slots[0].x, 343, "the slots keep their places to each other");
});

test("a correction that comes as the motion ends is taken up at the motion's pace, not a crawl", () => {
  const blend = new CorrectionBlend();
  let x = 0;
  for (; x > -300; x -= 30) blend.drawn(frameAt(x), false);
  // At rest 90 pt on from where it was last drawn: the motion moved 30 pt a frame, so 3 frames.
  const rest = x + 30 - 90;
  let frame = blend.drawn(frameAt(rest), true);
  let frames = 1;
  while (frame.slots[0].x !== rest && frames < 100) {
    frame = blend.drawn(frameAt(rest), false);
    frames += 1;
  }
  assert.equal(frames, 3);
});

test("a correction from rest to rest (a layout changed while nothing moved) is drawn at once", () => {
  const blend = new CorrectionBlend();
  const resting = (x) => ({ ...frameAt(x), phase: "idle" });
  blend.drawn(resting(0), false);
  assert.equal(blend.drawn(resting(-250), true).slots[0].x, -250);
});
