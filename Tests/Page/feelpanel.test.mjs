// The Feel table's order and words (feelpanel.js): the server's verdicts, worst first; the server's
// summary line; an answer without verdicts still shows its gestures.

import assert from "node:assert/strict";
import { test } from "node:test";

const { worstFirst, verdictOf, feelSummary, detailText } = await import("../../public/js/motion/feelpanel.js");

const gesture = (name, verdict) => ({ gesture: name, verdict });
const fine = { says: "fine", text: "fine", rank: 0 };
const slow = (ms) => ({ says: "slow to settle", text: `slow to settle: ${ms} ms`, rank: 1, measure: "settleMs", value: ms, limit: 410 });
const jump = { says: "jumps", text: "jumps: 200 pt in one frame", rank: 3, measure: "largestJump", value: 200, limit: 59 };

test("worst first: by the verdict's rank, then how far past its limit, then the corpus's order", () => {
  const gestures = [gesture("a", fine), gesture("b", slow(500)), gesture("c", jump), gesture("d", slow(700)), gesture("e", fine)];
  assert.deepEqual(worstFirst(gestures).map((g) => g.gesture), ["c", "d", "b", "a", "e"]);
});

test("a gesture without a verdict (an older server) is shown, unjudged, after the judged ones", () => {
  assert.deepEqual(verdictOf({ gesture: "x" }), { text: "–", says: "", rank: 0, past: 0 });
  assert.deepEqual(worstFirst([gesture("x"), gesture("y", slow(450))]).map((g) => g.gesture), ["y", "x"]);
});

test("the summary is the server's line; without one, how many gestures", () => {
  assert.equal(feelSummary({ summary: "2 recorded gestures: all fine" }, []), "2 recorded gestures: all fine");
  assert.equal(feelSummary({}, [{}, {}]), "2 recorded gestures");
});

test("a gesture's details give every measure with its unit", () => {
  const text = detailText({ intendedItems: 2, movedItems: 1, settleMs: 383.3, overshoot: 0, jerk: 1.75, restOffGrid: 0, largestJump: 35.8, fastestSpeed: 2270 });
  assert.equal(text, "meant 2 items · moved 1 items · settle 383 ms · overshoot 0.0 pt · jerk 1.8 pt · off grid 0.0 pt · jump 36 pt · top speed 2270 pt/s");
});
