// The page's session state (state.js): one pure reducer over the server's messages.

import assert from "node:assert/strict";
import { test } from "node:test";

const { initialState, reduce, isReplaying, isAtEnd } = await import("../../public/js/session/state.js");

const welcome = {
  type: "welcome", client: 2, clock: "manual", config: { preset: "strip", loop: false }, items: [{ id: "a" }, { id: "b" }],
};
const frame = (index, count = 3) => ({ type: "frame", seq: index, index, count });

test("a welcome starts the state afresh, whatever came before", () => {
  let state = reduce(initialState, welcome);
  state = reduce(state, frame(1));
  state = reduce(state, { type: "replay", state: "started", speed: 0.25, durationMs: 400 });
  const again = reduce(state, { ...welcome, client: 5, clock: "live" });
  assert.equal(again.client, 5);
  assert.equal(again.clock, "live");
  assert.equal(again.frame, null);
  assert.equal(again.replay, null);
  assert.deepEqual(again.items, welcome.items);
});

test("a config without items keeps the items on screen; with items it replaces them", () => {
  let state = reduce(initialState, welcome);
  state = reduce(state, { type: "config", by: 1, config: { preset: "strip", loop: true } });
  assert.deepEqual(state.items, welcome.items);
  assert.equal(state.config.loop, true);
  state = reduce(state, { type: "config", by: 1, config: state.config, items: [{ id: "c" }] });
  assert.deepEqual(state.items, [{ id: "c" }]);
});

test("a replay plays from started to finished; its numbers are read defensively", () => {
  let state = reduce(initialState, welcome);
  assert.equal(isReplaying(state), false);
  state = reduce(state, { type: "replay", state: "started", speed: 0.5, durationMs: 800, playedMs: 100 });
  assert.deepEqual(state.replay, { speed: 0.5, durationMs: 800, playedMs: 100 });
  assert.equal(isReplaying(state), true);
  const odd = reduce(state, { type: "replay", state: "started", speed: "fast", durationMs: Number.NaN });
  assert.deepEqual(odd.replay, { speed: 1, durationMs: 0, playedMs: 0 });
  state = reduce(state, { type: "replay", state: "finished", stopped: true, client: 1 });
  assert.equal(isReplaying(state), false);
});

test("the state never changes in place, and unknown or malformed messages leave it as it was", () => {
  const state = reduce(initialState, welcome);
  assert.ok(Object.isFrozen(state));
  assert.throws(() => { state.clock = "live"; });
  for (const message of [null, undefined, 3, "frame", {}, { type: "pong" }, { type: "__proto__" }, { type: "replay", state: "paused" }]) {
    assert.equal(reduce(state, message), state, String(message?.type ?? message));
  }
});

test("at an end: one item, or either end of a carousel that does not loop", () => {
  const strip = reduce(initialState, welcome);
  assert.equal(isAtEnd(strip, true), false, "no frame yet");
  assert.equal(isAtEnd(reduce(strip, frame(0)), false), true);
  assert.equal(isAtEnd(reduce(strip, frame(0)), true), false);
  assert.equal(isAtEnd(reduce(strip, frame(2)), true), true);
  assert.equal(isAtEnd(reduce(strip, frame(0, 1)), true), true, "one item");
  const loop = reduce(strip, { type: "config", config: { loop: true } });
  assert.equal(isAtEnd(reduce(loop, frame(2)), true), false);
});

test("variants: the welcome's list, then each save (in place or last) and delete; malformed ones are left out", () => {
  const a = { name: "a", config: { preset: "strip" }, itemCount: 5 };
  const b = { name: "b", config: { preset: "paged", spacing: 4 }, itemCount: 3 };
  let state = reduce(initialState, { type: "welcome", client: 1, config: {}, items: [], variants: [a, { name: 7 }, null] });
  assert.deepEqual(state.variants, [a]);
  state = reduce(state, { type: "variant", saved: b, by: 2 });
  const a2 = { ...a, itemCount: 9 };
  state = reduce(state, { type: "variant", saved: a2, by: 1 });
  assert.deepEqual(state.variants, [a2, b]);
  state = reduce(state, { type: "variant", deleted: "a", by: 2 });
  assert.deepEqual(state.variants, [b]);
  assert.equal(reduce(state, { type: "variant", saved: { name: "x" } }).variants, state.variants);
  assert.deepEqual(reduce(initialState, { type: "welcome", config: {}, items: [] }).variants, []);
});
