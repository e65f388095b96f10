// The engine in the page, for the session on screen (the server's own engine, compiled to
// WebAssembly: engine/localengine.js). Fetched and compiled once, when the page opens: when no
// server answers it runs the carousel alone (withoutserver.js); otherwise the page asks the server
// for the engine stream and draws the session from it (streamfollower.js). Without the module, or
// when the page's link says `engine=frames`, the page draws the server's frames.

import { LocalEngine } from "../engine/localengine.js";
import { StreamFollower } from "./streamfollower.js";
import { WithoutServer } from "./withoutserver.js";

// The first connection waits at most this long for the module, then asks for frames.
const LONGEST_WAIT_MS = 3000;

export class PageEngine {
  // What WithoutServer takes: `deliver(message)` is the page's handler of a server's messages;
  // `show(frame)` draws a frame the stream follower drew;
  // `followsStream`: ask the server for the engine stream (the page's link did not say
  // `engine=frames`); `requestFrame(draw)`: runs `draw` at the next display frame, before the
  // carousel is drawn.
  constructor({ followsStream = false, requestFrame, ...options }) {
    const loaded = LocalEngine.load();
    this.alone = new WithoutServer({ ...options, loaded });
    this.follower = null;
    const timeout = new Promise((resolve) => setTimeout(resolve, LONGEST_WAIT_MS));
    this.ready = Promise.race([loaded, timeout]).then((result) => {
      if (!result?.engine || !followsStream) return;
      const items = () => options.current()?.items ?? [];
      this.follower = new StreamFollower({ engine: result.engine, show: options.show, items, requestFrame });
    });
  }

  // Whether to ask the server for the engine stream.
  get followsStream() {
    return this.follower !== null;
  }

  get isAlone() {
    return this.alone.isRunning;
  }

  // How many times the stream redrew what had been drawn (a batch came after its time).
  get corrections() {
    return this.follower?.corrections ?? 0;
  }

  connectionState(state) {
    if (state === "offline") this.follower?.stop();
    this.alone.connectionState(state);
  }

  welcomed(message) {
    this.alone.welcomed(message);
    this.follower?.welcome(message);
  }

  // A server's `engine` message, or a server's frame (the stream stopped: frames are drawn again).
  receive(message) {
    if (message.type === "engine") this.follower?.receive(message);
    else this.follower?.stop();
  }

  send(message) {
    return this.alone.send(message);
  }

  // `message` as it goes to the server as input `seq`: stamped and drawn at once when the page
  // follows the stream and it is this page's finger (streamfollower.js).
  stamp(message, seq) {
    return this.follower ? this.follower.stamp(message, seq) : message;
  }
}
