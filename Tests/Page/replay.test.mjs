// A recording sent for live replay (replay.js): in parts the server takes, never larger than its
// message limit however the text escapes, joined back to the very text.

import assert from "node:assert/strict";
import { test } from "node:test";

const { replayMessages, recordingProblem, speedLabel, PART_CHARACTERS } = await import("../../public/js/recording/replay.js");
const { SCHEMA } = await import("../../public/js/generated/schema.js");

const bytes = (message) => new TextEncoder().encode(JSON.stringify(message)).length;

function recording(padding) {
  return JSON.stringify({ format: SCHEMA.files.recording.format, version: SCHEMA.files.recording.version, note: padding });
}

function checkParts(text, speed) {
  const messages = replayMessages(text, speed);
  for (const message of messages) {
    assert.equal(message.type, "replay");
    assert.ok(bytes(message) <= SCHEMA.messageBytes, `${bytes(message)} bytes`);
  }
  if (messages.length === 1 && "recording" in messages[0]) {
    assert.deepEqual(messages[0].recording, JSON.parse(text));
    assert.equal(messages[0].speed, speed);
    return messages;
  }
  assert.equal(messages.map((message) => message.part).join(""), text);
  assert.deepEqual(messages.map((message) => message.last), messages.map((_, index) => index === messages.length - 1));
  assert.deepEqual(messages.map((message) => message.speed), messages.map((_, index) => (index === messages.length - 1 ? speed : undefined)));
  return messages;
}

test("a short recording goes whole in one message", () => {
  const messages = checkParts(recording("short"), 0.25);
  assert.equal(messages.length, 1);
  assert.ok("recording" in messages[0]);
});

test("a long one goes in parts of at most PART_CHARACTERS, joined back to the same text", () => {
  const messages = checkParts(recording("x".repeat(50_000)), 1);
  assert.ok(messages.length >= 5);
  assert.ok(messages.every((message) => message.part.length <= PART_CHARACTERS));
});

test("text that escapes to several bytes a character stays within the limit, and no surrogate pair is split", () => {
  for (const piece of ['"', "\\", "\u0001", "é", "€", "😀", "\n"]) {
    const text = recording(piece.repeat(20_000));
    const messages = checkParts(text, 0.5);
    for (const message of messages) {
      const last = message.part.charCodeAt(message.part.length - 1);
      assert.ok(!(last >= 0xd800 && last <= 0xdbff), `a part of ${JSON.stringify(piece)} ends in half a pair`);
    }
  }
});

test("text that is not JSON is sent in parts too: the server says why it cannot play it", () => {
  checkParts("not json {".repeat(3000), 1);
  checkParts("", 1);
});

test("recordingProblem names what is wrong with an opened file", () => {
  assert.equal(recordingProblem("{"), "is not JSON");
  assert.equal(recordingProblem("[]"), "is not a carousel-preview recording");
  assert.equal(recordingProblem('{"format":"carousel-preview/settings"}'), "is not a carousel-preview recording");
  assert.equal(recordingProblem(recording("")), null);
});

test("speeds read as the page's buttons say them", () => {
  assert.equal(speedLabel(1), "1x");
  assert.equal(speedLabel(0.25), "0.25x");
  assert.equal(speedLabel(0.1 + 0.2), "0.3x");
});
