// settings/configundo.js: undo and redo of this viewer's own configure messages, with a fake send
// and a clock of its own.

import assert from "node:assert/strict";
import { test } from "node:test";

import { SCHEMA } from "../../public/js/generated/schema.js";
import { ConfigUndo } from "../../public/js/settings/configundo.js";

function harness(presetName = "strip") {
  const sent = [];
  const state = { config: structuredClone(SCHEMA.presets[presetName].config), itemCount: 5, time: 0 };
  // The session applies each configure at once, as the server would.
  const apply = (message) => {
    if (message.config?.preset) Object.assign(state.config, structuredClone(SCHEMA.presets[message.config.preset].config));
    const assign = (target, patch) => {
      for (const [key, value] of Object.entries(patch ?? {})) {
        if (key === "preset") continue;
        if (value !== null && typeof value === "object") assign(target[key], value);
        else target[key] = value;
      }
    };
    assign(state.config, message.config);
    if (message.itemCount !== undefined) state.itemCount = message.itemCount;
  };
  const undo = new ConfigUndo({
    send: (message) => {
      sent.push(message);
      apply(message);
      return true;
    },
    current: () => ({ config: state.config, itemCount: state.itemCount }),
    now: () => state.time,
  });
  return { undo, sent, state };
}

test("undo sets back the values a change replaced, redo sends it again", () => {
  const { undo, state } = harness();
  undo.send({ type: "configure", config: { spacing: 30 } });
  assert.equal(state.config.spacing, 30);
  assert.ok(undo.undo());
  assert.equal(state.config.spacing, 8);
  assert.ok(undo.redo());
  assert.equal(state.config.spacing, 30);
  assert.ok(undo.undo());
  assert.equal(undo.undo(), false, "nothing more of this viewer's");
});

test("a slider's drag is one change; a pause or another field starts the next", () => {
  const { undo, state } = harness();
  for (const [time, spacing] of [[0, 10], [100, 14], [200, 20]]) {
    state.time = time;
    undo.send({ type: "configure", config: { spacing } });
  }
  state.time = 250;
  undo.send({ type: "configure", config: { viewport: { width: 320 } } });
  state.time = 5000;
  undo.send({ type: "configure", config: { spacing: 2 } });
  undo.undo();
  assert.equal(state.config.spacing, 20);
  undo.undo();
  assert.equal(state.config.viewport.width, 375);
  undo.undo();
  assert.equal(state.config.spacing, 8, "the whole drag at once");
});

test("another viewer's change to another field stands; only the fields this viewer changed go back", () => {
  const { undo, state } = harness();
  undo.send({ type: "configure", config: { spacing: 30 } });
  state.config.inset = 40; // another viewer, meanwhile
  undo.undo();
  assert.equal(state.config.spacing, 8);
  assert.equal(state.config.inset, 40);
});

test("a preset switch undoes to the whole tuned configuration it left; item counts too", () => {
  const { undo, state, sent } = harness();
  undo.send({ type: "configure", config: { spacing: 30, autoscroll: { intervalMs: 1500 } } });
  undo.send({ type: "configure", itemCount: 9 });
  undo.send({ type: "configure", config: { preset: "paged" } });
  assert.equal(state.config.spacing, 0);
  undo.undo();
  assert.deepEqual(sent.at(-1).config, { preset: "strip", spacing: 30, autoscroll: { intervalMs: 1500 } });
  assert.equal(state.config.spacing, 30);
  undo.undo();
  assert.equal(state.itemCount, 5);
  undo.redo();
  assert.equal(state.itemCount, 9);
});

test("a new change clears redo; a message with items or a refused send is not kept", () => {
  const { undo } = harness();
  undo.send({ type: "configure", config: { spacing: 30 } });
  undo.undo();
  undo.send({ type: "configure", config: { inset: 4 } });
  assert.equal(undo.canRedo, false);
  undo.send({ type: "configure", items: [] });
  undo.send({ type: "command", name: "next" });
  assert.equal(undo.done.length, 1);
  const refused = new ConfigUndo({ send: () => false, current: () => ({ config: {}, itemCount: 0 }) });
  refused.send({ type: "configure", config: { spacing: 1 } });
  assert.equal(refused.canUndo, false);
});

test("a change of its own (a reset) is never merged with the drag before it", () => {
  const { undo, state } = harness();
  state.time = 0;
  undo.send({ type: "configure", config: { inset: 30 } });
  state.time = 100;
  undo.send({ type: "configure", config: { inset: 16 } }, { alone: true });
  state.time = 150;
  undo.send({ type: "configure", config: { inset: 20 } });
  undo.undo();
  assert.equal(state.config.inset, 16);
  undo.undo();
  assert.equal(state.config.inset, 30, "the reset went back to the drag's end");
});

test("the history outlives a reload: a new undo on the same storage undoes a content switch", () => {
  const stored = new Map();
  const storage = { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => stored.set(key, value) };
  const sent = [];
  const state = { config: structuredClone(SCHEMA.presets.banner.config), itemCount: 5 };
  const make = () =>
    new ConfigUndo({
      send: (message) => {
        sent.push(message);
        Object.assign(state.config, message.config ?? {});
        return true;
      },
      current: () => ({ config: state.config, itemCount: state.itemCount }),
      storage,
      key: "undo:s",
    });
  state.config.content = "own";
  make().send({ type: "configure", config: { content: "banners", template: "banner" } });
  const reloaded = make();
  assert.equal(reloaded.canUndo, true);
  assert.equal(reloaded.undo(), true);
  assert.deepEqual(sent.at(-1), { type: "configure", config: { content: "own", template: "banner" } });
  // Another session's history is its own; a broken one is none.
  assert.equal(new ConfigUndo({ send: () => true, current: () => ({}), storage, key: "undo:t" }).canUndo, false);
  stored.set("undo:s", "{not json");
  assert.equal(make().canUndo, false);
});
