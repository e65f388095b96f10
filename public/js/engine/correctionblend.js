// A correction (the stream redrew what the page had drawn) must not make the carousel jump while it
// moves, nor make it creep once the session rests: each drawn frame moves from the one before by no
// more than the motion's own largest step over the last WINDOW frames, or by the share of the
// difference that gets it there GLIDE_MS after the correction, whichever is more; and a frame the
// engine draws at rest is drawn as it is, so a watching page rests where the session rests, in the
// same frame. The frames themselves stay the engine's: only where the slots are drawn is offset
// meanwhile. Pure: frames and their times in, frames out.

// The smallest step a correction may take (pt), so a carousel that keeps moving slowly still gets there.
const LEAST_STEP = 2;
// How many frames the motion's steps are remembered for (half a second at 60 Hz).
const WINDOW = 30;
// The longest a correction is taken up over (ms of the time drawn): 6 frames at 60 Hz.
export const GLIDE_MS = 100;

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
    this.lastTime = null; // the time drawn of the last frame (ms)
    this.deadline = null; // the time drawn by which the correction being taken up is (ms)
  }

  // `frame`, the engine's at `time` (ms of the session's time drawn), as it is drawn; `corrected`:
  // the stream redrew the motion since the last.
  drawn(frame, corrected, time) {
    // A correction's own step is no motion: it does not widen the bound it is drawn within.
    const step = this.lastEngine && !corrected ? shift(this.lastEngine, frame) : { x: 0, y: 0 };
    this.steps.push(Math.max(Math.abs(step.x), Math.abs(step.y)));
    if (this.steps.length > WINDOW) this.steps.shift();
    const pending = this.offset.x !== 0 || this.offset.y !== 0;
    // A correction from rest to rest with nothing being taken up (a new layout, a direction flipped,
    // an item count changed while nothing moved) is no motion to keep: drawn at once, as frames are.
    const moving = frame.phase !== "idle" || this.lastEngine?.phase !== "idle";
    if (corrected && moving) this.deadline = time + GLIDE_MS;
    // At rest the session is where it stays: drawn there now, however much was still to take up.
    if (this.lastDrawn && (pending || (corrected && moving)) && frame.phase !== "idle") {
      this.offset = this.takenUp(shift(this.lastDrawn, frame), step, time);
    } else {
      this.offset = { x: 0, y: 0 };
    }
    if (this.offset.x === 0 && this.offset.y === 0) this.deadline = null;
    this.lastEngine = frame;
    this.lastTime = time;
    const { x, y } = this.offset;
    const drawn = x === 0 && y === 0 ? frame : { ...frame, slots: frame.slots.map((slot) => ({ ...slot, x: slot.x + x, y: slot.y + y })) };
    this.lastDrawn = drawn;
    return drawn;
  }

  // What is left to take up after this frame (drawn against the engine's frame), from `wanted`, where
  // the engine's frame is against the last drawn, of which `step` is the engine's own motion: the
  // least of drawing the motion's largest recent step, and drawing the engine's step plus the share
  // of the rest that this frame's time is of the time left to the deadline (all once it has come).
  takenUp(wanted, step, time) {
    const bound = Math.max(LEAST_STEP, ...this.steps);
    const left = this.deadline - this.lastTime;
    const passed = time - this.lastTime;
    // Time that stood still or went back takes no share; a deadline reached takes all.
    const share = left <= passed ? 1 : passed > 0 ? passed / left : 0;
    const rest = (axis) => {
      const bounded = clamp(wanted[axis], bound) - wanted[axis];
      const timed = -(1 - share) * (wanted[axis] - step[axis]);
      return Math.abs(timed) < Math.abs(bounded) ? timed : bounded;
    };
    return { x: rest("x"), y: rest("y") };
  }
}
