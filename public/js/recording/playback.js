// What a replay playing in the session means for the rest of the page: the timeline plots the
// recorded frames at the replay's pace and runs on afterwards, the page's finger is kept out (the
// server would refuse it) with a word saying so, and the server's refusals of what waits for the
// replay pass quietly.

import { SCHEMA } from "../generated/schema.js";

// The messages the server refuses (gesture_busy) while a replay plays: the schema says which.
const WAITS_FOR_PLAYBACK = new Set(SCHEMA.messages.filter((kind) => kind.waitsForPlayback).map((kind) => kind.type));

export const HELD_INPUT_NOTICE = "The replay is playing: your drag was not applied. Stop it to take over.";

export class Playback {
  // `replayer`: replay.js; `timeline`: the Motion panel's (its Pause toggle renders its state).
  constructor({ replayer, timeline, send, notice }) {
    Object.assign(this, { replayer, timeline, send, notice });
    // A replay's frames carry the recording's own times: when the viewer paused the timeline on
    // them, it holds them, and takes no live frame until resumed; then it starts afresh from the
    // session's own time.
    this.isHolding = false;
  }

  // The Pause/Resume toggle.
  toggleTimeline() {
    this.pauseTimeline(!this.timeline.paused);
  }

  pauseTimeline(paused) {
    if (!paused && this.isHolding) {
      this.isHolding = false;
      this.timeline.reset("main");
    }
    this.timeline.paused = paused;
  }

  // A new connection: whatever was held belongs to the last one.
  reset() {
    this.isHolding = false;
    this.timeline.reset("main");
  }

  // A `replay` message. The recorded frames carry the recording's own (earlier) times, plotted at
  // the replay's pace; once it ends the timeline runs on with the session's own frames, unless the
  // viewer paused it to look at the replay: then it holds that picture until resumed.
  state(message) {
    if (message.state === "started") {
      this.isHolding = false;
      this.timeline.reset("main", message.speed);
      this.timeline.paused = false;
    } else if (message.state !== "finished") {
      return; // paused, stepped or moved: the frames say what changed
    } else if (this.timeline.paused) {
      this.isHolding = true;
    } else {
      this.timeline.reset("main");
    }
  }

  // A frame for the timeline, unless it holds a replay.
  plot(frame) {
    if (!this.isHolding) this.timeline.add("main", frame, performance.timeOrigin + performance.now());
  }

  // Whether an `error` is the server refusing what waits for the replay now playing.
  isRefusedForReplay(error) {
    return error.code === "gesture_busy" && this.replayer.isReplaying && WAITS_FOR_PLAYBACK.has(error.ref);
  }

  // Sends pointer messages, except a finger put down during a replay, which is dropped to its
  // end even when the replay finishes first. `forward(message)` sees each message sent;
  // `onHeld()` is told of each finger put down and dropped.
  pointerGate(forward, onHeld = () => {}) {
    let isDroppingFinger = false;
    return (message) => {
      if (message.phase === "down") {
        isDroppingFinger = this.replayer.isReplaying;
        if (isDroppingFinger) onHeld();
      }
      if (isDroppingFinger || this.replayer.isReplaying) return false;
      forward(message);
      return this.send(message);
    };
  }

  // This viewer tried to change the session while the replay holds it.
  held() {
    this.notice(HELD_INPUT_NOTICE, "error");
  }
}
