// The time a page following the engine stream draws at (engine/sessionclock.js): behind the
// least-delayed message by the spread of the delays, never backwards, and smooth: a change of
// estimate is taken up a little each frame, a large one at once.

import assert from "node:assert/strict";
import { test } from "node:test";

const { SessionClock } = await import("../../public/js/engine/sessionclock.js");

test("after a start it draws the session's time as the page's clock runs, a little behind", () => {
  const clock = new SessionClock();
  clock.reset(1000, 50);
  const first = clock.at(50);
  assert.equal(first, 1000);
  // 16 ms later, with no other message: at most 16 ms later, never earlier.
  const next = clock.at(66);
  assert.ok(next > first && next <= 1016, String(next));
});

test("it never goes backwards, whatever the messages say", () => {
  const seed = Number(process.env.PAGE_SEED ?? Date.now() % 100000);
  console.log(`session clock: seed ${seed} (PAGE_SEED=${seed} repeats it)`);
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const clock = new SessionClock();
  clock.reset(0, 0);
  let drawn = 0;
  let local = 0;
  for (let frame = 0; frame < 5000; frame += 1) {
    local += 16.7;
    // The server's time runs with the page's; each message is delayed 5 to 45 ms, or now and then
    // a second (a stalled network), and some come out of order.
    if (random() < 0.3) {
      const delay = random() < 0.01 ? 1000 : 5 + 40 * random();
      clock.sample(local - delay, local);
    }
    const time = clock.at(local);
    assert.ok(time >= drawn, `seed ${seed} frame ${frame}: ${time} after ${drawn}`);
    // Smooth: within a few ms of the page's own frame step, once settled.
    if (frame > 300) assert.ok(time - drawn <= 16.7 + 2 + 1e-9, `seed ${seed} frame ${frame}: a step of ${time - drawn}`);
    drawn = time;
  }
});

test("it draws behind the least-delayed message by the spread of the delays", () => {
  const clock = new SessionClock();
  clock.reset(0, 0);
  // Longer than the 3 s it remembers, so the start's own sample has gone.
  for (let local = 0; local < 5000; local += 16) {
    clock.sample(local - (local % 32 === 0 ? 10 : 30), local);
    clock.at(local);
  }
  // Least delay 10 ms, spread 20 ms: the target is 10 + 20 + 8 behind the server.
  assert.equal(clock.delay, 28);
  const time = clock.at(5000);
  assert.ok(Math.abs(5000 - 10 - 28 - time) < 3, String(time));
});

test("a large change of estimate (a tab back from sleep) is taken at once, forward", () => {
  const clock = new SessionClock();
  clock.reset(0, 0);
  clock.at(16);
  clock.sample(60000, 40);
  assert.ok(clock.at(41) > 59000);
});

test("at rest a later estimate is taken at once; in motion a little a frame", () => {
  const moving = new SessionClock();
  const resting = new SessionClock();
  for (const clock of [moving, resting]) {
    // The start was handled 300 ms late; then messages come at once, for longer than the 3 s the
    // clock remembers (so the late start is forgotten), drawn only every 200 ms.
    clock.reset(0, 300);
    for (let local = 316; local <= 3500; local += 16) {
      clock.sample(local, local);
      if (local % 200 === 116) clock.at(local, clock === resting);
    }
  }
  assert.ok(3500 - moving.at(3516) > 100, "in motion: a little a frame");
  assert.ok(3516 - resting.at(3516, true) <= 8 + 16, "at rest: at once, a margin behind");
});
