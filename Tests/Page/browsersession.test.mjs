// The session the page runs alone when no server answers (session/browsersession.js), on the real
// engine module under Node: it answers as a server would (a welcome, a frame per input, a config
// per change), applies settings and presets (a new engine for another layout), and refuses what
// needs a server, or what the engine refuses, with why and without changing anything.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";

globalThis.requestAnimationFrame ??= () => 0;
globalThis.cancelAnimationFrame ??= () => {};

const { LocalEngine } = await import("../../public/js/engine/localengine.js");
const { BrowserSession } = await import("../../public/js/session/browsersession.js");
const { cycledItems } = await import("../../public/js/session/browsercatalogs.js");
const { CATALOGS } = await import("../../public/js/generated/catalogs.js");
const { SCHEMA } = await import("../../public/js/generated/schema.js");
const moduleBytes = await readFile(new URL("../../public/wasm/carousel-core.wasm", import.meta.url));

async function started(preset = "banner") {
  const { instance } = await WebAssembly.instantiate(moduleBytes, {});
  const loaded = Promise.resolve({ engine: new LocalEngine(instance.exports), reason: null });
  const delivered = [];
  const { config, itemCount } = SCHEMA.presets[preset];
  const items = cycledItems(CATALOGS[config.content], itemCount);
  const { session, reason } = await BrowserSession.start({ loaded, config, items, session: "here", deliver: (m) => delivered.push(m) });
  assert.equal(reason, null);
  return { session, delivered, take: () => delivered.splice(0) };
}

test("it starts with a welcome of its configuration and items, then a frame", async () => {
  const { take } = await started("coverflow");
  const [welcome, frame] = take();
  assert.equal(welcome.type, "welcome");
  assert.equal(welcome.browser, true);
  assert.equal(welcome.config.preset, "coverflow");
  assert.equal(welcome.items.length, 5);
  assert.equal(frame.type, "frame");
  assert.equal(frame.index, 0);
  assert.equal(frame.count, 5);
});

test("a drag is answered frame by frame and moves the content with the finger", async () => {
  const { session, take } = await started();
  take();
  session.send({ type: "pointer", phase: "down", x: 300, y: 90, t: 0 });
  session.send({ type: "pointer", phase: "move", x: 250, y: 90, t: 16 });
  const frames = take();
  assert.deepEqual(frames.map((m) => m.type), ["frame", "frame"]);
  assert.equal(frames[1].phase, "dragging");
  assert.equal(frames[1].offset - frames[0].offset, 50);
  session.send({ type: "pointer", phase: "up", x: 250, y: 90, t: 32 });
  assert.equal(take()[0].phase, "animating");
});

test("a setting changes the engine and is told as a server's config, followed by a frame", async () => {
  const { session, take } = await started();
  take();
  session.send({ type: "configure", config: { spacing: 30 } });
  const [config, frame] = take();
  assert.equal(config.type, "config");
  assert.equal(config.config.spacing, 30);
  assert.equal(config.items, undefined, "the items did not change");
  assert.equal(frame.type, "frame");
  session.send({ type: "configure", config: { autoscroll: { intervalMs: 1500 } } });
  assert.equal(take()[0].config.autoscroll.intervalMs, 1500);
});

test("a preset of another layout makes a new engine with its bundled items", async () => {
  const { session, take } = await started();
  take();
  session.send({ type: "configure", config: { preset: "cards" } });
  const [config, frame] = take();
  assert.equal(config.config.layout, "cards");
  assert.equal(config.items.length, SCHEMA.presets.cards.itemCount);
  assert.equal(frame.count, SCHEMA.presets.cards.itemCount);
  session.send({ type: "configure", itemCount: 7, config: { preset: "banner" } });
  const [banner] = take();
  assert.deepEqual(banner.items.map((item) => item.id).slice(5), ["spring-sale~2", "new-arrivals~2"]);
});

test("what the engine refuses, and what needs a server, is said and changes nothing", async () => {
  const { session, take } = await started();
  take();
  session.send({ type: "configure", config: { spacing: -5 } });
  const [refusal] = take();
  assert.equal(refusal.type, "error");
  assert.equal(refusal.ref, "configure");
  session.send({ type: "configure", config: { spacing: 12 } });
  assert.equal(take()[0].config.inset, SCHEMA.presets.banner.config.inset, "the refused change left no trace");
  for (const [message, said] of [
    [{ type: "record", action: "start" }, "Recording needs the server"],
    [{ type: "configure", items: [{ id: "mine", title: "Mine" }] }, "Your own items need the server"],
    [{ type: "command", name: "goto", index: 99 }, "out of range"],
  ]) {
    session.send(message);
    const [answer] = take();
    assert.equal(answer.type, "error", JSON.stringify(message));
    assert.match(answer.message, new RegExp(said));
  }
});

test("after stop it takes nothing", async () => {
  const { session, take } = await started();
  take();
  session.stop();
  assert.equal(session.send({ type: "command", name: "next" }), false);
  assert.deepEqual(take(), []);
});
