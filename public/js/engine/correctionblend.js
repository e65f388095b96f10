// A correction (the stream redrew what the page had drawn) must not make the carousel jump: each
// drawn frame moves from the one before by no more than the motion's own largest step over the last
// WINDOW frames, and the rest of the difference is taken up over the next frames, each again by at
// most that. Once the motion has rested a while that is 2 pt a frame: a glide, never a jump. The
// frames themselves stay the engine's: only where the slots are drawn is offset meanwhile.
// Pure: frames in, frames out.

// The smallest step a correction may take (pt), so a carousel at rest still gets there.
const LEAST_STEP = 2;
// How many frames the motion's steps are remembered for (half a second at 60 Hz).
const WINDOW = 30;

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
    this.steps = []; // the engine's own step in each of the last WINDOW frames (0 for a correction)
    this.lastEngine = null; // the engine's last frame
    this.lastDrawn = null; // the last frame as drawn
  }

  // `frame`, the engine's, as it is drawn; `corrected`: the stream redrew the motion since the last.
  drawn(frame, corrected) {
    // A correction's own step is no motion: it does not widen the bound it is drawn within.
    const step = this.lastEngine && !corrected ? shift(this.lastEngine, frame) : { x: 0, y: 0 };
    this.steps.push(Math.max(Math.abs(step.x), Math.abs(step.y)));
    if (this.steps.length > WINDOW) this.steps.shift();
    const limit = Math.max(LEAST_STEP, ...this.steps);
    const pending = this.offset.x !== 0 || this.offset.y !== 0;
    // A correction from rest to rest with nothing being taken up (a new layout, a direction flipped,
    // an item count changed while nothing moved) is no motion to keep: drawn at once, as frames are.
    const moving = frame.phase !== "idle" || this.lastEngine?.phase !== "idle";
    if (this.lastDrawn && (pending || (corrected && moving))) {
      // Where the engine's frame is against where the last was drawn, taken at most `limit` at a time.
      const wanted = shift(this.lastDrawn, frame);
      this.offset = { x: clamp(wanted.x, limit) - wanted.x, y: clamp(wanted.y, limit) - wanted.y };
    } else {
      this.offset = { x: 0, y: 0 };
    }
    this.lastEngine = frame;
    const { x, y } = this.offset;
    const drawn = x === 0 && y === 0 ? frame : { ...frame, slots: frame.slots.map((slot) => ({ ...slot, x: slot.x + x, y: slot.y + y })) };
    this.lastDrawn = drawn;
    return drawn;
  }
}
