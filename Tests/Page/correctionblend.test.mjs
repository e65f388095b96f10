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

test("a correction taken up after the motion rests glides at 2 pt a frame, and every drawn step stays within the window's largest", () => {
  const blend = new CorrectionBlend();
  const steps = [];
  const engineSteps = [];
  let last = null;
  let drawnX = null;
  const draw = (x, phase, corrected) => {
    const frame = blend.drawn({ ...frameAt(x), phase }, corrected);
    if (drawnX !== null) steps.push(Math.abs(frame.slots[0].x - drawnX));
    engineSteps.push(last === null || corrected ? 0 : Math.abs(x - last));
    drawnX = frame.slots[0].x;
    last = x;
    return frame;
  };
  let x = 0;
  for (let step = 6; step > 0; step -= 0.5) draw((x -= step), "animating", false);
  // 150 pt on as the settle ends: more than the window's steps can take up before it forgets them.
  draw((x -= 150), "idle", true);
  let frame;
  for (let count = 0; count < 200; count += 1) frame = draw(x, "idle", false);
  assert.equal(frame.slots[0].x, x, "it gets there");
  for (let index = 0; index < steps.length; index += 1) {
    const recent = engineSteps.slice(Math.max(0, index + 1 - 30), index + 2);
    assert.ok(steps[index] <= Math.max(2, ...recent) + 1e-9, `frame ${index}: ${steps[index]} against ${Math.max(2, ...recent)}`);
  }
});

test("a correction from rest to rest while an earlier one is still taken up glides on, not jumps", () => {
  const blend = new CorrectionBlend();
  let x = 0;
  for (; x > -100; x -= 10) blend.drawn({ ...frameAt(x), phase: "animating" }, false);
  const before = blend.drawn({ ...frameAt(x - 200), phase: "idle" }, true).slots[0].x;
  const after = blend.drawn({ ...frameAt(x - 260), phase: "idle" }, true).slots[0].x;
  assert.ok(Math.abs(after - before) <= 10 + 1e-9, `${before} → ${after}`);
});
