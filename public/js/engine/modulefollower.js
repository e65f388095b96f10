// The stream follower in the engine module (the `cp_follower_*` exports, FollowerHost in Swift): the
// page's half of the engine stream's timeline, the same Swift the native tests run against a live
// session. This wrapper only turns the page's values into the numbers the exports take (times in
// whole nanoseconds; NaN where a message says nothing) and reads frames back.

import { readFrame } from "./enginerecords.js";

const DEVICES = ["mouse", "touch", "pen", "wheel"];
const POINTER_KINDS = ["down", "move", "up", "cancel"];
const NANOSECONDS_PER_MS = 1e6;

const nanoseconds = (milliseconds) => (typeof milliseconds === "number" ? Math.round(milliseconds * NANOSECONDS_PER_MS) : NaN);
const number = (value) => (typeof value === "number" ? value : NaN);

export class ModuleFollower {
  // `engine`: a LocalEngine (the module's exports and its inbox).
  constructor(engine) {
    this.engine = engine;
    this.exports = engine.exports;
  }

  // A welcome: this page's client number and the session's clock.
  welcome(client, isManual) {
    this.client = client;
    return this.exports.cp_follower_welcome(number(client), isManual ? 1 : 0);
  }

  // A start of the stream (its calls' bytes, the session time it stands at, ms). Negative: refused.
  start(bytes, time) {
    return this.engine.send(bytes, (length) => this.exports.cp_follower_start(length, nanoseconds(time)));
  }

  // An `engine` message that is not a start, its calls' bytes decoded.
  receive(message, bytes) {
    const input = message.input ?? null;
    return this.engine.send(bytes, (length) =>
      this.exports.cp_follower_receive(
        length,
        nanoseconds(message.time),
        nanoseconds(message.from),
        number(input?.client),
        number(input?.seq),
        input === null ? -1 : deviceCode(input),
        nanoseconds(input?.at),
        message.timeOnly === true ? 1 : 0,
      ),
    );
  }

  // This page's pointer or wheel `message`, going out as input `seq`, drawn at once from the session
  // time `drawing` (ms): the time it goes in (ms), or null when it goes unstamped.
  stamp(message, seq, drawing) {
    const at = nanoseconds(drawing);
    const status =
      message.type === "wheel"
        ? this.exports.cp_follower_stamp_wheel(seq, at, message.dx, message.dy, message.t)
        : this.exports.cp_follower_stamp_pointer(
            seq,
            at,
            deviceCode(message),
            POINTER_KINDS.indexOf(message.phase),
            this.client,
            message.x,
            message.y,
            message.t,
          );
    return status === 0 ? this.exports.cp_follower_stamped() / NANOSECONDS_PER_MS : null;
  }

  stop() {
    this.exports.cp_follower_stop();
  }

  // The frame at the page's session time `display` (ms), its slots' kinds named by `kinds`, with the
  // session time it stands at (`time`, ms) and the input it names; null when not following.
  draw(display, kinds) {
    const length = this.exports.cp_follower_draw(nanoseconds(display));
    if (length <= 0) return null;
    const frame = readFrame(new DataView(this.exports.memory.buffer, this.exports.cp_outbox() >>> 0, length), kinds);
    return { frame, time: this.exports.cp_follower_drawn() / NANOSECONDS_PER_MS, input: this.input() };
  }

  // The input the last frame drawn names, as a server's frame names one, or null.
  input() {
    const length = this.exports.cp_follower_input();
    if (length <= 0) return null;
    const view = new DataView(this.exports.memory.buffer, this.exports.cp_outbox() >>> 0, length);
    const seq = view.getFloat64(8, true);
    const device = DEVICES[view.getInt32(16, true)];
    const input = { client: view.getFloat64(0, true), seq: Number.isNaN(seq) ? null : seq };
    if (device === "wheel") input.wheel = true;
    else if (device) input.pointerType = device;
    return input;
  }

  get isFollowing() {
    return this.exports.cp_follower_following() === 1;
  }

  // At rest with nothing in hand: the page's clock may catch up at once.
  get isQuiet() {
    return this.exports.cp_follower_quiet() === 1;
  }

  get corrections() {
    return this.exports.cp_follower_corrections();
  }

  // Whether the last frame drawn redrew the motion.
  get wasCorrected() {
    return this.exports.cp_follower_corrected() === 1;
  }
}

// The module's code for what gave an input: a wheel, a pointer's `pointerType`, or -1 (unsaid).
function deviceCode(input) {
  if (input.wheel === true || input.type === "wheel") return DEVICES.indexOf("wheel");
  return DEVICES.indexOf(input.pointerType);
}
