// A correction (the stream redrew what the page had drawn) must not make the carousel jump: the
// drawn slots move from where they were by no more than the motion's own largest recent step, and
// the rest of the difference is taken up over the next frames, each again by at most that step.
// The frames themselves stay the engine's: only where the slots are drawn is offset meanwhile.
// Pure: frames in, frames out.

// The smallest step a correction may take (pt), so a carousel at rest still gets there.
const LEAST_STEP = 2;
// How much of the largest step is remembered from one frame to the next.
const REMEMBERED = 0.95;

// Where the slots of `to` are drawn against those of `from`, by an item both show: { x, y }.
function shift(from, to) {
  for (const slot of to.slots) {
    if (slot.item === null) continue;
    const before = from.slots.find((other) => other.item === slot.item);
    if (before) return { x: slot.x - before.x, y: slot.y - before.y };
  }
  return { x: 0, y: 0 };
}

const clamp = (value, limit) => Math.max(-limit, Math.min(limit, value));

export class CorrectionBlend {
  constructor() {
    this.offset = { x: 0, y: 0 };
    this.largestStep = LEAST_STEP;
    this.lastEngine = null; // the engine's last frame
    this.lastDrawn = null; // the last frame as drawn
  }

  // `frame`, the engine's, as it is drawn; `corrected`: the stream redrew the motion since the last.
  drawn(frame, corrected) {
    if (this.lastEngine && !corrected) {
      const step = shift(this.lastEngine, frame);
      // Not forgotten while a correction is being taken up: the motion may have come to rest, and
      // the rest of the correction still moves at the pace the motion had, not a crawl.
      const catchingUp = this.offset.x !== 0 || this.offset.y !== 0;
      const remembered = this.largestStep * (catchingUp ? 1 : REMEMBERED);
      this.largestStep = Math.max(LEAST_STEP, remembered, Math.abs(step.x), Math.abs(step.y));
    }
    const limit = this.largestStep;
    // A correction from rest to rest (a new layout, a direction flipped, an item count changed
    // while nothing moved) is no motion to keep: the new rest is drawn at once, as frames would be.
    const moving = frame.phase !== "idle" || this.lastEngine?.phase !== "idle";
    if (corrected && !moving) {
      this.offset = { x: 0, y: 0 };
    } else if (corrected && this.lastDrawn) {
      // Drawn from where the last frame was drawn, moving at most `limit`; the rest waits.
      const jump = shift(this.lastDrawn, frame);
      this.offset = { x: clamp(jump.x, limit) - jump.x, y: clamp(jump.y, limit) - jump.y };
    } else {
      const fade = (value) => Math.sign(value) * Math.max(0, Math.abs(value) - limit);
      this.offset = { x: fade(this.offset.x), y: fade(this.offset.y) };
    }
    this.lastEngine = frame;
    const { x, y } = this.offset;
    const drawn = x === 0 && y === 0 ? frame : { ...frame, slots: frame.slots.map((slot) => ({ ...slot, x: slot.x + x, y: slot.y + y })) };
    this.lastDrawn = drawn;
    return drawn;
  }
}
