// The page drawing from the session's engine stream (protocol: "The engine stream") with the
// engine module, in place of the server's frames: each batch of calls is run on the session's
// engine as the stream last said (kept aside in the module), at the time it says; every display
// frame brings a copy of it to the time drawn (engine/sessionclock.js) and draws that. So motion is
// drawn at the display's own rate, whatever the network does, and every frame is the session's to
// the bit for its time. A server `frame` means the stream stopped (a replay): frames are drawn as
// they come until the next start.

import { SessionClock } from "../engine/sessionclock.js";
import { kindsOf } from "../engine/enginerecords.js";

const NANOSECONDS_PER_MS = 1e6;
// The module lets at most this much pass in one call.
const LONGEST_ADVANCE_NS = 1e10;
// While no batch comes (a session at rest sends none), the engine kept aside is brought to this
// far behind the time drawn, so a frame never re-runs more than this: a batch is never this late.
const KEPT_BEHIND_NS = 1e9;

export class StreamFollower {
  // `engine`: a LocalEngine; `deliver(message)`: a frame into the page, as a server's would be;
  // `items()`: the session's items as its messages said (a frame names a slot's kind by them).
  constructor({ engine, deliver, items, now = () => performance.now(), requestFrame = (draw) => requestAnimationFrame(draw) }) {
    Object.assign(this, { engine, deliver, items, now, requestFrame });
    this.clock = new SessionClock();
    this.following = false;
    this.pending = []; // batches not yet run: { ns, bytes }
    this.confirmedNs = 0; // the time of the engine kept aside
    this.seq = 0;
    this.drawnNs = 0;
    this.corrections = 0;
    this.eventsInSpan = 0; // events already delivered since the engine kept aside
    this.carried = []; // events of batches run since the last frame drawn
    this.frameRequested = false;
    // A manual clock's session moves only by `advance`: the page draws the time the stream last
    // said, never a time of its own.
    this.isManual = false;
  }

  get isFollowing() {
    return this.following;
  }

  // A server `engine` message.
  receive(message) {
    const arrival = this.now();
    const ns = Math.round(message.time * NANOSECONDS_PER_MS);
    const bytes = Uint8Array.from(atob(message.calls), (character) => character.charCodeAt(0));
    if (message.start) {
      if (this.engine.run(bytes) < 0 || this.engine.save() < 0) return this.stop();
      this.engine.frame(); // what led here was drawn already, from frames or the stream
      Object.assign(this, { following: true, pending: [], confirmedNs: ns, drawnNs: ns, eventsInSpan: 0 });
      this.clock.reset(message.time, arrival);
    } else {
      if (!this.following) return;
      this.clock.sample(message.time, arrival);
      this.pending.push({ ns, bytes });
    }
    this.schedule();
  }

  // A welcome: which clock the session has.
  welcome(message) {
    this.isManual = message.clock === "manual";
  }

  // A server frame: the session draws frames again (a replay plays); the stream waits for a start.
  stop() {
    this.following = false;
    this.pending = [];
  }

  schedule() {
    if (this.frameRequested || !this.following) return;
    this.frameRequested = true;
    this.requestFrame(() => {
      this.frameRequested = false;
      if (!this.following) return;
      this.draw();
      this.schedule();
    });
  }

  // Runs the batches whose time has come, then draws the session at the time drawn now.
  draw() {
    const items = this.items();
    if (items !== this.kindsOf) {
      this.engine.kinds = kindsOf(items);
      this.kindsOf = items;
    }
    const said = this.pending.at(-1)?.ns ?? this.confirmedNs;
    const displayNs = this.isManual ? said : Math.round(this.clock.at(this.now()) * NANOSECONDS_PER_MS);
    while (this.pending.length > 0 && this.pending[0].ns <= Math.max(displayNs, this.confirmedNs)) {
      const batch = this.pending.shift();
      if (batch.ns < this.drawnNs) this.corrections += 1; // drawn past it: the motion is redrawn
      this.engine.load();
      this.engine.run(batch.bytes);
      const ran = this.engine.frame(); // its events, up to its time, were drawn or are drawn now
      this.engine.save();
      this.confirmedNs = batch.ns;
      // Its span's events not yet delivered go with the next frame drawn; the next span starts empty.
      this.carried.push(...ran.events.slice(this.eventsInSpan));
      this.eventsInSpan = 0;
    }
    const atNs = Math.max(displayNs, this.confirmedNs);
    if (this.pending.length === 0 && atNs - this.confirmedNs > 2 * KEPT_BEHIND_NS) this.keepUp(atNs - KEPT_BEHIND_NS);
    this.engine.load();
    this.advance(atNs - this.confirmedNs);
    const frame = this.engine.frame();
    this.drawnNs = atNs;
    const events = [...this.carried, ...frame.events.slice(this.eventsInSpan)];
    this.carried = [];
    this.eventsInSpan = frame.events.length;
    this.seq += 1;
    const time = atNs / NANOSECONDS_PER_MS;
    this.deliver({ type: "frame", local: true, seq: this.seq, time, ...frame, events, input: { client: null, seq: null } });
  }

  // Brings the engine kept aside to `ns`: its events there were delivered with the frames drawn.
  keepUp(ns) {
    this.engine.load();
    this.advance(ns - this.confirmedNs);
    const consumed = this.engine.frame().events.length;
    this.engine.save();
    this.confirmedNs = ns;
    this.eventsInSpan = Math.max(0, this.eventsInSpan - consumed);
  }

  advance(ns) {
    for (let left = ns; left > 0; left -= LONGEST_ADVANCE_NS) this.engine.advanceNanoseconds(Math.min(left, LONGEST_ADVANCE_NS));
  }
}
