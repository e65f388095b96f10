// The page drawing from the session's engine stream (protocol: "The engine stream") with the
// engine module, in place of the server's frames. The timeline itself (batches run at their time on
// the session's engine kept aside, this page's own pointer and wheel inputs drawn at once and
// replayed until the stream answers them, a redraw counted as a correction) is the module's
// stream follower (engine/modulefollower.js; StreamFollower in Swift, which the native tests run
// against a live session). Here are only what a page has: its clock (engine/sessionclock.js: which
// session time to draw now), its display loop, the messages' delivery and the glide that takes up
// a correction (engine/correctionblend.js).

import { CorrectionBlend } from "../engine/correctionblend.js";
import { ModuleFollower } from "../engine/modulefollower.js";
import { SessionClock } from "../engine/sessionclock.js";
import { kindsOf } from "../engine/enginerecords.js";

export class StreamFollower {
  // `engine`: a LocalEngine; `show(frame)`: draws a frame (what a server's `frame` holds);
  // `items()`: the session's items as its messages said (a frame names a slot's kind by them).
  constructor({ engine, show, items, now = () => performance.now(), requestFrame = (draw) => requestAnimationFrame(draw) }) {
    Object.assign(this, { show, items, now, requestFrame });
    this.module = new ModuleFollower(engine);
    this.clock = new SessionClock();
    this.blend = new CorrectionBlend();
    this.seq = 0;
    this.frameRequested = false;
    // A manual clock's session moves only by `advance`: the module draws the time the stream last
    // said, never one of this page's clock.
    this.isManual = false;
    this.client = null;
  }

  get isFollowing() {
    return this.module.isFollowing;
  }

  // How many times the stream redrew what had been drawn.
  get corrections() {
    return this.module.corrections;
  }

  // A server `engine` message: its batch to the module, its time to the clock.
  receive(message) {
    const arrival = this.now();
    const bytes = Uint8Array.from(atob(message.calls), (character) => character.charCodeAt(0));
    if (message.start) {
      if (this.module.start(bytes, message.time) < 0) return this.stop();
      this.clock.reset(message.now ?? message.time, arrival); // `now`: where the session is
    } else {
      if (!this.isFollowing) return;
      // An answer to this page's own stamped input stands at the time the page gave: not a delay.
      // Any other batch says where the session is (`now`), or its first change (`from`: held for
      // the changes after it, it arrives that much later), so a batch is in hand before its time
      // is drawn.
      if (message.input?.client !== this.client) this.clock.sample(message.now ?? message.from ?? message.time, arrival);
      this.module.receive(message, bytes);
    }
    this.schedule();
  }

  // A welcome: which clock the session has, and who this page is in it.
  welcome(message) {
    this.isManual = message.clock === "manual";
    this.client = message.client;
    this.module.welcome(message.client, this.isManual);
  }

  // `message` (going to the server as input `seq`), drawn at once and stamped with the time it goes
  // in (`at`) when it is a pointer or wheel message while following a live session; else as it is.
  stamp(message, seq) {
    if (message.type !== "pointer" && message.type !== "wheel") return message;
    if (!this.isFollowing || this.isManual) return message;
    const at = this.module.stamp(message, seq, this.clock.at(this.now()));
    if (at === null) return message;
    this.schedule();
    return { ...message, at };
  }

  // A server frame: the session draws frames again (a replay plays); the stream waits for a start.
  stop() {
    this.module.stop();
  }

  schedule() {
    if (this.frameRequested || !this.isFollowing) return;
    this.frameRequested = true;
    this.requestFrame(() => {
      this.frameRequested = false;
      if (!this.isFollowing) return;
      this.draw();
      this.schedule();
    });
  }

  // Draws the session at the time this page's clock says now (at rest with nothing in hand, the
  // clock may catch up at once: nothing drawn moves).
  draw() {
    const items = this.items();
    if (items !== this.itemsOfKinds) {
      this.kinds = kindsOf(items);
      this.itemsOfKinds = items;
    }
    const display = this.isManual ? 0 : this.clock.at(this.now(), this.module.isQuiet);
    const drawn = this.module.draw(display, this.kinds);
    if (drawn === null) return;
    const { frame, time, input } = drawn;
    this.seq += 1;
    const blended = this.blend.drawn(frame, this.module.wasCorrected, time);
    this.show({ seq: this.seq, time, ...blended, input, corrections: this.module.corrections });
  }
}
