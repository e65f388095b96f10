// The page's engine module (make wasm) under Node's WebAssembly, through the page's own wrapper
// (engine/localengine.js): records written from the schema are taken, frames read back in the
// server's shape, refusals say why, and a module that is missing or not WebAssembly gives the
// fallback's reason instead of an engine.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";

const { LocalEngine } = await import("../../public/js/engine/localengine.js");
const { SCHEMA } = await import("../../public/js/generated/schema.js");
const moduleBytes = await readFile(new URL("../../public/wasm/carousel-core.wasm", import.meta.url));

async function engineFor(preset, items) {
  const { instance } = await WebAssembly.instantiate(moduleBytes, {});
  const engine = new LocalEngine(instance.exports);
  assert.equal(engine.configure(SCHEMA.presets[preset].config), 0, engine.error());
  assert.equal(engine.setItems(items), 0, engine.error());
  assert.equal(engine.start(), 0, engine.error());
  return engine;
}

const banners = [1, 2, 3, 4, 5].map((n) => ({ id: `banner-${n}` }));

test("every preset's configuration is taken as the schema writes it", async () => {
  for (const preset of Object.keys(SCHEMA.presets)) {
    const cards = preset === "cards";
    const items = cards ? banners.map((item, n) => ({ ...item, kind: n % 2 ? "wide" : "card", height: 300 + n })) : banners;
    const engine = await engineFor(preset, items);
    const frame = engine.frame();
    assert.equal(frame.phase, "idle", preset);
    assert.equal(frame.count, 5, preset);
    assert.ok(frame.slots.length >= (cards ? 1 : 3), preset);
    if (cards) assert.ok(frame.slots.every((slot) => ["card", "wide"].includes(slot.kind)), preset);
    else assert.ok(frame.slots.every((slot) => !("kind" in slot)), preset);
  }
});

test("a drag moves the content with the finger, and its release settles on the next banner", async () => {
  const engine = await engineFor("banner", banners);
  engine.frame();
  assert.equal(engine.pointer("down", 1, 300, 90, 1000), 0);
  let t = 1000;
  for (let x = 280; x >= 100; x -= 20) {
    t += 8;
    engine.advance(8);
    assert.equal(engine.pointer("move", 1, x, 90, t), 0);
  }
  const dragging = engine.frame();
  assert.equal(dragging.phase, "dragging");
  assert.ok(dragging.offset > 150, JSON.stringify(dragging));
  assert.equal(engine.pointer("up", 1, 100, 90, t), 0);
  let settled = null;
  for (let step = 0; step < 200 && !settled; step++) {
    engine.advance(16);
    const frame = engine.frame();
    settled = frame.events.find((event) => event.type === "settled") ?? null;
  }
  assert.deepEqual(settled, { type: "settled", index: 1 });
});

test("refusals come back negative with the engine's sentence, and change nothing", async () => {
  const engine = await engineFor("strip", banners);
  const before = engine.frame();
  assert.ok(engine.pointer("down", 1, NaN, 0, 0) < 0);
  assert.match(engine.error(), /invalid pointer event: x must be a finite number/);
  assert.ok(engine.command({ go: 7, animated: true }) < 0);
  assert.equal(engine.error(), "index 7 is out of range: valid indices are 0 to 4");
  const config = { ...SCHEMA.presets.strip.config, spacing: -1 };
  assert.ok(engine.configure(config) < 0);
  assert.match(engine.error(), /spacing/);
  const wrongChoice = { ...SCHEMA.presets.strip.config, align: "middle" };
  assert.ok(engine.configure(wrongChoice) < 0);
  assert.match(engine.error(), /alignment must be a case number/);
  assert.ok(engine.advance(SCHEMA.engineRecords.maximumAdvanceMs + 1) < 0);
  assert.equal(engine.advance(16), 0);
  assert.equal(engine.error(), "");
  assert.deepEqual({ ...engine.frame(), events: [] }, { ...before, events: [] });
});

test("a module that is missing or not WebAssembly gives the reason, not an engine", async () => {
  const realFetch = globalThis.fetch;
  try {
    globalThis.fetch = async () => new Response("not found", { status: 404 });
    assert.deepEqual(await LocalEngine.load(), { engine: null, reason: "the engine module answered 404" });
    globalThis.fetch = async () => new Response(moduleBytes.subarray(0, 1000));
    const truncated = await LocalEngine.load();
    assert.equal(truncated.engine, null);
    assert.match(truncated.reason, /^the engine module could not start: /);
    globalThis.fetch = async () => new Response("<html>a proxy's error page</html>");
    assert.match((await LocalEngine.load()).reason, /could not start/);
    globalThis.fetch = async () => new Response(moduleBytes);
    const loaded = await LocalEngine.load();
    assert.ok(loaded.engine instanceof LocalEngine);
  } finally {
    globalThis.fetch = realFetch;
  }
});
