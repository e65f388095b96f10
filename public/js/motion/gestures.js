// Finds the gestures in a session's stream of frames: where a finger (or a wheel) went down (the
// frame whose phase turns to `dragging`), where it was released (the first frame after dragging that is not
// dragging: its `velocity` is the release velocity, its `target` the item the motion rests on),
// and the `settled` that ended each release, with the release-to-rest time in session ms.
// Used by the timeline and the event log, so both read a gesture the same way.

export class GestureTracker {
  constructor() {
    // What the last `step` found; one object, reused for every frame.
    this.found = { down: false, release: null, settles: [] };
    this.reset();
  }

  // Forgets the stream: the next frame starts afresh (a reconnect, a replay's start or end).
  reset() {
    this.phase = null;
    this.byWheel = false; // whether the drag under way is a wheel's (its down frame said so)
    this.release = null; // { time, velocity, targetIndex, byWheel } of a release whose motion runs on
  }

  // Reads one frame. `found.down`: a finger went down in it; `found.release`: it is a release
  // frame; `found.settles`: its `settled` events as { index, ms, release } (`ms` and `release`
  // null when the motion did not start with a release: a command, auto-scroll, a configure).
  step(frame) {
    const found = this.found;
    found.down = false;
    found.release = null;
    found.settles.length = 0;
    const wasDragging = this.phase === "dragging";
    const isDragging = frame.phase === "dragging";
    if (wasDragging && !isDragging) {
      this.release = {
        time: frame.time,
        velocity: frame.velocity,
        targetIndex: frame.target ? frame.target.index : frame.index,
        byWheel: this.byWheel,
      };
      found.release = this.release;
    }
    // A merged frame may carry the end of the last motion before the new gesture it shows.
    for (const event of frame.events) {
      if (event.type === "settled") {
        const release = this.release;
        found.settles.push({ index: event.index, ms: release ? frame.time - release.time : null, release });
        this.release = null;
      } else if (event.type === "interrupted") {
        this.release = null;
      }
    }
    if (isDragging && !wasDragging) {
      found.down = true;
      this.byWheel = Boolean(frame.input?.wheel);
      this.release = null;
    }
    this.phase = frame.phase;
    return found;
  }
}
