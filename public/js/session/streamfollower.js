// The page drawing from the session's engine stream (protocol: "The engine stream") with the
// engine module, in place of the server's frames: each batch of calls is run on the session's
// engine as the stream last said (kept aside in the module), at the time it says; every display
// frame brings a copy of it to the time drawn (engine/sessionclock.js) and draws that. So motion is
// drawn at the display's own rate, whatever the network does, and every frame is the session's to
// the bit for its time. A server `frame` means the stream stopped (a replay): frames are drawn as
// they come until the next start.
//
// The page's own finger is not waited for: each pointer and wheel message goes into the engine at
// once, at the time drawn, and goes to the server stamped with that time (`at`), which gives it
// there (protocol: "Stamped inputs"); until the stream answers it (its `seq`), every frame drawn
// replays it on the session's engine. An answer at another time (something came between) redraws
// the motion from the session's engine: a correction, counted.

import { CorrectionBlend } from "../engine/correctionblend.js";
import { SessionClock } from "../engine/sessionclock.js";
import { kindsOf } from "../engine/enginerecords.js";

const NANOSECONDS_PER_MS = 1e6;
// The module lets at most this much pass in one call.
const LONGEST_ADVANCE_NS = 1e10;
// While no batch comes (a session at rest sends none), the engine kept aside is brought to this
// far behind the time drawn, so a frame never re-runs more than this: a batch is never this late.
const KEPT_BEHIND_NS = 1e9;

export class StreamFollower {
  // `engine`: a LocalEngine; `show(frame)`: draws a frame (what a server's `frame` holds);
  // `items()`: the session's items as its messages said (a frame names a slot's kind by them).
  constructor({ engine, show, items, now = () => performance.now(), requestFrame = (draw) => requestAnimationFrame(draw) }) {
    Object.assign(this, { engine, show, items, now, requestFrame });
    this.clock = new SessionClock();
    this.blend = new CorrectionBlend();
    this.corrected = false; // a correction since the last frame drawn
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
    this.client = null;
    this.own = []; // this page's inputs the stream has not answered: { ns, seq, message, input }
    // The last input the session's engine was given, as a frame's `input` names it: who started a
    // gesture, for the event log and the timeline.
    this.lastInput = null;
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
      this.clock.reset(message.now ?? message.time, arrival); // `now`: where the session is
    } else {
      if (!this.following) return;
      const answer = message.input?.client === this.client ? message.input : null;
      // A batch the session held for the changes after it (`from`: its first change) arrives that
      // much later than its first change: the time drawn keeps that far behind, so a batch is in
      // hand before its changes are drawn. An answer to this page's own stamped input stands at
      // the time the page gave: not a delay.
      const fromNs = typeof message.from === "number" ? Math.round(message.from * NANOSECONDS_PER_MS) : ns;
      // Time alone may stand behind the session (kept back for inputs on their way): `now` says where it is.
      if (answer === null) this.clock.sample(message.now ?? fromNs / NANOSECONDS_PER_MS, arrival);
      // The answer to what this page drew already, at the time it drew it, or time alone (the
      // page let it pass already): no redraw to count.
      const predicted = answer !== null && this.own.some((input) => input.seq === answer.seq);
      // The time the answered input went in (its batch may end later, with time gathered after it).
      const givenNs = typeof answer?.at === "number" ? Math.round(answer.at * NANOSECONDS_PER_MS) : ns;
      const foreseen = (answer !== null && this.answered(answer.seq, givenNs)) || message.timeOnly === true;
      // A prediction the session gave elsewhere: the motion is redrawn, whenever the batch falls.
      if (predicted && !foreseen) {
        this.corrections += 1;
        this.corrected = true;
      }
      this.pending.push({ ns, fromNs, bytes, foreseen: foreseen || predicted, input: message.input ?? null });
    }
    this.schedule();
  }

  // The stream answered this page's inputs up to `seq`, the last one at `ns`: whether the page
  // gave that one there too (else the session gave it later, and the motion is redrawn).
  answered(seq, ns) {
    const last = this.own.find((input) => input.seq === seq);
    this.own = this.own.filter((input) => input.seq > seq);
    return last !== undefined && last.ns === ns;
  }

  // A welcome: which clock the session has, and who this page is in it.
  welcome(message) {
    this.isManual = message.clock === "manual";
    this.client = message.client;
    this.own = [];
  }

  // `message` (going to the server as input `seq`) with the time it goes into the engine drawn
  // here, at once: a pointer or wheel message while following a live session; any other as it is.
  stamp(message, seq) {
    if (!this.following || this.isManual || (message.type !== "pointer" && message.type !== "wheel")) return message;
    const drawing = Math.round(this.clock.at(this.now()) * NANOSECONDS_PER_MS);
    // Never before a batch in hand: the session's stream stands there already, so an input stamped
    // earlier could not be given at its time (after one given late, every later one would be too).
    const latest = this.pending.at(-1)?.ns ?? 0;
    const ns = Math.max(drawing, this.drawnNs, this.confirmedNs, latest, this.own.at(-1)?.ns ?? 0);
    const input = { client: this.client, seq, ...(message.pointerType ? { pointerType: message.pointerType } : {}) };
    this.own.push({ ns, seq, message, input: message.type === "wheel" ? { ...input, wheel: true } : input });
    this.schedule();
    return { ...message, at: ns / NANOSECONDS_PER_MS };
  }

  // A server frame: the session draws frames again (a replay plays); the stream waits for a start.
  stop() {
    this.following = false;
    this.pending = [];
    this.own = [];
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
    // At rest with nothing in hand, nothing drawn moves when the time drawn catches up at once.
    const resting = this.lastPhase === "idle" && this.pending.length === 0 && this.own.length === 0;
    const displayNs = this.isManual ? said : Math.round(this.clock.at(this.now(), resting) * NANOSECONDS_PER_MS);
    while (this.pending.length > 0 && this.pending[0].ns <= Math.max(displayNs, this.confirmedNs)) {
      const batch = this.pending.shift();
      if (!batch.foreseen && batch.fromNs < this.drawnNs) {
        this.corrections += 1; // drawn past it: the motion is redrawn
        this.corrected = true;
      }
      this.engine.load();
      this.engine.run(batch.bytes);
      const ran = this.engine.frame(); // its events, up to its time, were drawn or are drawn now
      this.engine.save();
      this.confirmedNs = batch.ns;
      if (batch.input) this.lastInput = batch.input;
      // Its span's events not yet delivered go with the next frame drawn; the next span starts empty.
      this.carried.push(...ran.events.slice(this.eventsInSpan));
      this.eventsInSpan = 0;
    }
    const atNs = Math.max(displayNs, this.confirmedNs, this.own.at(-1)?.ns ?? 0);
    const quiet = this.pending.length === 0 && this.own.length === 0;
    if (quiet && atNs - this.confirmedNs > 2 * KEPT_BEHIND_NS) this.keepUp(atNs - KEPT_BEHIND_NS);
    this.engine.load();
    // This page's own inputs the stream has not answered, each at the time it was given.
    let reached = this.confirmedNs;
    for (const input of this.own) {
      const ns = Math.max(input.ns, reached);
      this.advance(ns - reached);
      reached = ns;
      this.give(input.message);
    }
    this.advance(atNs - reached);
    const frame = this.engine.frame();
    this.drawnNs = atNs;
    const events = [...this.carried, ...frame.events.slice(this.eventsInSpan)];
    this.carried = [];
    this.eventsInSpan = frame.events.length;
    this.seq += 1;
    const time = atNs / NANOSECONDS_PER_MS;
    const corrections = this.corrections;
    this.lastPhase = frame.phase;
    const drawn = this.blend.drawn(frame, this.corrected, time);
    this.corrected = false;
    this.show({ seq: this.seq, time, ...drawn, events, input: this.own.at(-1)?.input ?? this.lastInput, corrections });
  }

  give(message) {
    if (message.type === "pointer") this.engine.pointer(message.phase, this.client, message.x, message.y, message.t);
    else this.engine.wheel(message.dx, message.dy, message.t);
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
