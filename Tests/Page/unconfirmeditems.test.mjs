// Edits of the items made faster than the session says them back (unconfirmeditems.js): each builds
// on the last, none is undone by an older list coming back, and the session's list stands again
// once everything sent has come back or a change was refused.

import assert from "node:assert/strict";
import { test } from "node:test";

const { UnconfirmedItems } = await import("../../public/js/items/unconfirmeditems.js");

const original = [{ id: "a", title: "red" }, { id: "b", title: "blue", price: "" }];
const titled = [{ id: "a", title: "Summer Sale" }, original[1]];
const priced = [titled[0], { ...original[1], price: "€19.90" }];

test("with nothing sent, the session's items are the ones shown", () => {
  const unconfirmed = new UnconfirmedItems();
  assert.equal(unconfirmed.current(original), original);
  assert.ok(unconfirmed.isEmpty);
});

test("two changes within one round trip both stand while the first comes back", () => {
  const unconfirmed = new UnconfirmedItems();
  unconfirmed.sent(titled);
  unconfirmed.sent(priced);
  // A config of something else (a slider) still carries the session's old list.
  assert.equal(unconfirmed.current(original), priced);
  // The first change comes back: the second is still on its way, and is what is edited.
  assert.equal(unconfirmed.current(titled), priced);
  assert.ok(!unconfirmed.isEmpty);
  // The second comes back: the session's list is shown again.
  assert.equal(unconfirmed.current(priced), priced);
  assert.ok(unconfirmed.isEmpty);
  const other = [{ id: "c", title: "another viewer's" }];
  assert.equal(unconfirmed.current(other), other);
});

test("the latest change coming back says back the older ones too", () => {
  const unconfirmed = new UnconfirmedItems();
  unconfirmed.sent(titled);
  unconfirmed.sent(priced);
  assert.equal(unconfirmed.current(priced), priced);
  assert.ok(unconfirmed.isEmpty);
});

test("another viewer's list arriving first does not undo this viewer's change on its way", () => {
  const unconfirmed = new UnconfirmedItems();
  unconfirmed.sent(titled);
  assert.equal(unconfirmed.current([{ id: "z", title: "theirs" }]), titled);
  assert.equal(unconfirmed.current(titled), titled);
  assert.ok(unconfirmed.isEmpty);
});

test("a refusal, or joining again, lets the session's items stand", () => {
  const unconfirmed = new UnconfirmedItems();
  unconfirmed.sent(titled);
  unconfirmed.forget();
  assert.ok(unconfirmed.isEmpty);
  assert.equal(unconfirmed.current(original), original);
});

test("seeded runs: whatever order the session says changes back in, the last one sent is shown until it comes back", () => {
  const seed = Number(process.env.PAGE_SEED ?? Date.now() % 100000);
  console.log(`unconfirmed items: seed ${seed} (PAGE_SEED=${seed} repeats it)`);
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let run = 0; run < 200; run += 1) {
    const unconfirmed = new UnconfirmedItems();
    const sent = [];
    let echoed = 0;
    for (let step = 0; step < 20; step += 1) {
      if (random() < 0.5) {
        const items = [{ id: "a", title: `run ${run} step ${step}` }];
        sent.push(items);
        unconfirmed.sent(items);
      } else if (echoed < sent.length) {
        // The session says back its changes in the order they reached it.
        const shown = unconfirmed.current(sent[echoed]);
        echoed += 1;
        const expected = echoed === sent.length ? sent[echoed - 1] : sent[sent.length - 1];
        assert.deepEqual(shown, expected, `seed ${seed} run ${run} step ${step}`);
      }
    }
  }
});
