// What a replay playing in the session means for the rest of the page: the timeline plots the
// recorded frames at the replay's pace and holds them afterwards, the page's finger is kept out
// (the server would refuse it), and the server's refusals of what waits for the replay pass quietly.

import { SCHEMA } from "./protocol/schema.js";

// The messages the server refuses (gesture_busy) while a replay plays: the schema says which.
const WAITS_FOR_PLAYBACK = new Set(SCHEMA.messages.filter((kind) => kind.waitsForPlayback).map((kind) => kind.type));

export class Playback {
  // `replayer`: replay.js; `timeline`: the Motion panel's; `pauseButton`: its Pause timeline toggle.
  constructor({ replayer, timeline, pauseButton, send, announce }) {
    Object.assign(this, { replayer, timeline, pauseButton, send, announce });
    // After a replay the timeline holds its picture (paused) for inspection, and takes no live
    // frame until the viewer resumes it: then it starts afresh from the session's own time.
    this.isHolding = false;
    pauseButton.addEventListener("click", () => this.pauseTimeline(!timeline.paused));
  }

  pauseTimeline(paused) {
    if (!paused && this.isHolding) {
      this.isHolding = false;
      this.timeline.reset("main");
    }
    this.timeline.paused = paused;
    this.pauseButton.setAttribute("aria-pressed", String(paused));
  }

  // A new connection: whatever was held belongs to the last one.
  reset() {
    this.isHolding = false;
    this.timeline.reset("main");
  }

  // A `replay` message. The recorded frames carry the recording's own (earlier) times, plotted at
  // the replay's pace; once it finishes the timeline holds them until the viewer resumes it.
  state(message) {
    if (message.state === "started") {
      this.pauseTimeline(false);
      this.timeline.reset("main", message.speed);
    } else {
      this.isHolding = true;
      this.pauseTimeline(true);
      this.announce("Replay finished: the timeline holds it; press Pause timeline to resume the live plot");
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
  // end even when the replay finishes first. `forward(message)` sees each message sent.
  pointerGate(forward) {
    let isDroppingFinger = false;
    return (message) => {
      if (message.phase === "down") isDroppingFinger = this.replayer.isReplaying;
      if (isDroppingFinger || this.replayer.isReplaying) return false;
      forward(message);
      return this.send(message);
    };
  }
}
