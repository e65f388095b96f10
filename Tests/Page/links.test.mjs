// Share and comparison links (share.js, comparelink.js): what a URL asks for, read back exactly,
// with the server's schema as the one source of names and defaults.

import assert from "node:assert/strict";
import { webcrypto } from "node:crypto";
import { readFileSync } from "node:fs";
import { test } from "node:test";

globalThis.crypto ??= webcrypto; // Node 18 has Web Crypto only as a module

const { isSessionName, newSessionName, sessionNameFrom, shareURL, connectionQuery, presetNamed } = await import("../../public/js/session/share.js");
const { comparisonURL, readComparison, paneQuery } = await import("../../public/js/compare/comparelink.js");
const { SCHEMA } = await import("../../public/js/generated/schema.js");

const base = "http://127.0.0.1:8080/";

const fixture = JSON.parse(readFileSync(new URL("../Fixtures/session-names.json", import.meta.url), "utf8"));

test("session names follow the schema's rule, as the server's own test of the same names does", () => {
  for (const good of fixture.valid) assert.ok(isSessionName(good), good);
  for (const bad of fixture.invalid) assert.ok(!isSessionName(bad), JSON.stringify(bad));
});

test("a refused name is offered as the nearest valid one; a new one keeps the stem's letters", () => {
  assert.equal(sessionNameFrom("Home Banner"), "Home Banner", "a valid name is kept");
  assert.equal(sessionNameFrom("  Home/Banner!  "), "Home-Banner-");
  assert.equal(sessionNameFrom("emoji😀 party"), "emoji- party");
  assert.equal(sessionNameFrom("a\u202eb"), "a-b");
  assert.equal(sessionNameFrom("ع".repeat(70)), "ع".repeat(64), "cut by characters, not bytes");
  assert.equal(sessionNameFrom("😀"), "-");
  assert.equal(sessionNameFrom(" "), null);
  for (const text of [...fixture.valid, ...fixture.invalid]) {
    const offered = sessionNameFrom(text);
    assert.ok(offered === null || isSessionName(offered), JSON.stringify(text));
  }
  for (const stem of ["Home Banner", "", "../etc", "x".repeat(100), "مرحبا", "😀😀"]) {
    const name = newSessionName(stem);
    assert.ok(isSessionName(name), `${stem} -> ${name}`);
  }
  assert.match(newSessionName("Home Banner"), /^Home-Banner-[0-9a-f]{6}$/);
  assert.match(newSessionName("مرحبا"), /^مرحبا-[0-9a-f]{6}$/);
});

test("a preset's own configuration makes a link of session and preset only", () => {
  for (const name of Object.keys(SCHEMA.presets)) {
    const preset = SCHEMA.presets[name];
    const url = new URL(shareURL(base, { session: "s", clock: "live", config: preset.config, itemCount: preset.itemCount }));
    assert.deepEqual([...url.searchParams.keys()], ["session", "preset"], name);
  }
});

test("a tuned value, a flag and an automatic length are written as the link names them, and read back", () => {
  const preset = SCHEMA.presets.banner;
  const config = { ...preset.config, spacing: 12, loop: false, autoscroll: { ...preset.config.autoscroll, enabled: true } };
  const url = new URL(shareURL(base, { session: "s", clock: "manual", config, itemCount: 7 }));
  assert.equal(url.searchParams.get("clock"), "manual");
  assert.equal(url.searchParams.get("items"), "7");
  assert.equal(url.searchParams.get("spacing"), "12");
  assert.equal(url.searchParams.get("loop"), "off");
  assert.equal(url.searchParams.get("autoscroll"), "on");
  const { query, ignored } = connectionQuery(url.searchParams);
  assert.deepEqual(ignored, []);
  for (const [name, value] of url.searchParams) assert.equal(query.get(name), value, name);
});

test("a clock the server would refuse is named as ignored; a refused session name is kept for the page to ask about", () => {
  const { session, query, ignored, refusedSession } = connectionQuery(new URLSearchParams("session=a%2Fb&clock=fast&spacing=9"));
  assert.equal(session, SCHEMA.session.default);
  assert.equal(refusedSession, "a/b");
  assert.deepEqual(ignored, ["clock"]);
  assert.equal(query.get("clock"), null);
  assert.equal(query.get("spacing"), "9", "a value is passed on as written: the server judges it");
  const spaced = connectionQuery(new URLSearchParams("session=Home+Banner"));
  assert.equal(spaced.session, "Home Banner");
  assert.equal(spaced.refusedSession, null);
});

test("prototype names are no preset", () => {
  for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) assert.equal(presetNamed(name), undefined, name);
  assert.equal(presetNamed("banner"), SCHEMA.presets.banner);
});

test("a comparison link reopens both panes; a missing or shared session is replaced by a fresh one", () => {
  const a = "?session=one&preset=banner&spacing=4&embed=1";
  const b = `${base}?session=two&preset=coverflow`;
  const url = new URL(comparisonURL(base, a, b));
  assert.equal(url.pathname, "/compare.html");
  const read = readComparison(url.searchParams);
  assert.equal(read.a.toString(), "session=one&preset=banner&spacing=4", "embed is the frame's, not the carousel's");
  assert.equal(read.b.toString(), paneQuery(b).toString());
  const same = readComparison(new URLSearchParams({ a: "session=one", b: "session=one" }));
  assert.notEqual(same.b.get("session"), "one");
  assert.ok(isSessionName(same.b.get("session")));
  const bare = readComparison(new URLSearchParams());
  assert.ok(isSessionName(bare.a.get("session")) && isSessionName(bare.b.get("session")));
  assert.notEqual(bare.a.get("session"), bare.b.get("session"));
});

test("a carousel of its own items links to the session that has them", () => {
  const preset = SCHEMA.presets.banner;
  const config = { ...preset.config, content: "own" };
  const url = new URL(shareURL(base, { session: "mine", clock: "live", config, itemCount: 3 }));
  assert.equal(url.searchParams.get("own"), "mine");
  assert.equal(url.searchParams.get("content"), null, "the server would refuse content=own from a link");
  assert.equal(connectionQuery(url.searchParams).query.get("own"), "mine");
});
