// A number box held to a range (rangedinput.js), driven through stand-ins for its two elements:
// only a value inside the range reaches the session; anything else is refused where it was typed.

import assert from "node:assert/strict";
import { test } from "node:test";

const { RangedInput } = await import("../../public/js/settings/rangedinput.js");

class FakeElement {
  constructor(id = "") {
    this.id = id;
    this.value = "";
    this.hidden = true;
    this.textContent = "";
    this.attributes = new Map();
    this.listeners = new Map();
  }
  setAttribute(name, value) { this.attributes.set(name, value); }
  getAttribute(name) { return this.attributes.get(name) ?? null; }
  removeAttribute(name) { this.attributes.delete(name); }
  addEventListener(type, listener) { this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]); }
  type(text) {
    this.value = text;
    for (const listener of this.listeners.get("input") ?? []) listener();
    for (const listener of this.listeners.get("change") ?? []) listener();
  }
}

globalThis.document ??= { activeElement: null };

function box(range = { minimum: 1, maximum: 10000 }) {
  const input = new FakeElement("interval");
  const message = new FakeElement("interval-message");
  const sent = [];
  const ranged = new RangedInput(input, message, { range, unit: "ms", onValue: (value) => sent.push(value) });
  return { input, message, sent, ranged };
}

test("the box carries its range and names the element that explains a refusal", () => {
  const { input } = box({ minimum: 0.5, maximum: 20 });
  assert.equal(input.min, "0.5");
  assert.equal(input.max, "20");
  assert.equal(input.attributes.get("aria-describedby"), "interval-message");
});

test("values at and inside the ends are sent; the refusal clears", () => {
  const { input, message, sent } = box();
  input.type("0");
  assert.equal(message.hidden, false);
  for (const text of ["1", "10000", " 250 ", "1e3"]) input.type(text);
  assert.deepEqual(sent, [1, 10000, 250, 1000]);
  assert.equal(message.hidden, true);
  assert.equal(input.attributes.has("aria-invalid"), false);
});

test("empty, out of range, -0 below a positive minimum, not finite or not a number: refused, the last good value kept", () => {
  const { input, message, sent, ranged } = box();
  ranged.show(3000);
  for (const text of ["", "   ", "0", "-0", "10001", "1e-307", "Infinity", "NaN", "abc", "1e400"]) {
    input.type(text);
    assert.equal(message.hidden, false, text);
    assert.equal(input.attributes.get("aria-invalid"), "true", text);
    assert.equal(input.value, "3000", `${text}: the box goes back to the session's value`);
  }
  assert.deepEqual(sent, []);
  input.type("");
  assert.match(message.textContent, /^An empty value is out of range: 1–10000 ms; kept 3000 ms$/);
  input.type("20000");
  assert.match(message.textContent, /^20000 ms is out of range/);
});

test("a session value is shown unless the person is typing in the box", () => {
  const { input, ranged } = box();
  ranged.show(1500);
  assert.equal(input.value, "1500");
  globalThis.document.activeElement = input;
  input.value = "17";
  ranged.show(1600);
  assert.equal(input.value, "17", "what is being typed is not overwritten");
  globalThis.document.activeElement = null;
});

test("a box whose empty value means something sends null for it, and says what it kept", () => {
  const input = new FakeElement("width");
  input.setAttribute("aria-describedby", "width-note");
  const message = new FakeElement("width-error");
  const sent = [];
  const ranged = new RangedInput(input, message, { range: { minimum: 1, maximum: 10000 }, unit: "pt", emptyMeans: "auto", onValue: (value) => sent.push(value) });
  assert.equal(input.attributes.get("aria-describedby"), "width-note width-error", "the note stays described");
  input.type("110");
  input.type("");
  assert.deepEqual(sent, [110, null]);
  assert.equal(message.hidden, true);
  ranged.show(null);
  input.type("0");
  assert.equal(message.hidden, false);
  assert.equal(message.textContent, "0 pt is out of range: 1–10000 pt; kept auto");
  assert.equal(input.value, "", "the box goes back to auto");
  ranged.show(250);
  input.type("20000");
  assert.equal(input.value, "250");
  assert.deepEqual(sent, [110, null]);
});

test("a new range applies from then on, and a refusal says what it follows from", () => {
  const { input, message, sent, ranged } = box({ minimum: 1, maximum: 10000 });
  ranged.show(100);
  ranged.setRange({ minimum: 6, maximum: 109 }, "while a page holds 3 items");
  assert.equal(input.min, "6");
  assert.equal(input.max, "109");
  input.type("110");
  assert.equal(message.textContent, "110 ms is out of range: 6–109 ms while a page holds 3 items; kept 100 ms");
  input.type("109");
  assert.deepEqual(sent, [109]);
});

test("with no range nothing is taken, and the refusal says why", () => {
  const { input, message, sent, ranged } = box();
  ranged.show(100);
  ranged.setRange(null, "in this geometry: lower Items per page");
  assert.equal(input.min, "");
  input.type("50");
  assert.deepEqual(sent, []);
  assert.equal(message.textContent, "50 ms cannot be taken: no value fits in this geometry: lower Items per page; kept 100 ms");
});
