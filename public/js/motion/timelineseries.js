// One session's samples for the timeline (timeline.js): its frames' time, offset, velocity,
// target and phase in preallocated ring buffers, the pointer downs, releases and settles found in
// them (gestures.js), and the shift that maps its session time to the page's wall clock.

import { GestureTracker } from "./gestures.js";

// Samples per series: the timeline's 60 s of history at up to 240 frames a second, with room for the
// frames that answer input between ticks.
const CAPACITY = 16384;
const MAX_MARKERS = 2048; // downs, releases and settles kept: far more than 60 s of hands make
// A Map: the phase is the frame's text, and an object would answer "constructor" with a function.
export const PHASE_NAMES = ["idle", "dragging", "animating"]; // by the number a sample keeps
const PHASES = new Map(PHASE_NAMES.map((name, number) => [name, number]));

export class Series {
  constructor({ key, name, color }) {
    Object.assign(this, { key, name, color });
    this.time = new Float64Array(CAPACITY);
    this.offset = new Float64Array(CAPACITY);
    this.velocity = new Float64Array(CAPACITY);
    this.target = new Float64Array(CAPACITY); // NaN: no target
    this.phase = new Uint8Array(CAPACITY);
    this.tracker = new GestureTracker();
    // Wall ms per session ms: 1 live; 4 for a replay at 0.25x, so a slow-motion replay fills the
    // axis as it plays instead of crawling along a quarter of it.
    this.stretch = 1;
    this.reset();
  }

  reset() {
    this.start = 0;
    this.length = 0;
    this.shift = Infinity; // wall ms = session ms * stretch + shift
    this.markers = []; // { kind: "down" | "up" | "settle", time, ... } in session ms
    this.lastSettle = null;
    this.tracker.reset();
  }

  at(i) {
    return (this.start + i) % CAPACITY;
  }

  // Keeps `frame`; when full it drops the oldest, or, with `keepOldest` (a frozen picture that is
  // being read), this frame instead: false then.
  push(frame, keepOldest = false) {
    let slot;
    if (this.length < CAPACITY) {
      slot = this.at(this.length);
      this.length += 1;
    } else {
      if (keepOldest) return false;
      slot = this.start;
      this.start = (this.start + 1) % CAPACITY;
    }
    this.time[slot] = frame.time;
    this.offset[slot] = Number.isFinite(frame.offset) ? frame.offset : 0;
    this.velocity[slot] = Number.isFinite(frame.velocity) ? frame.velocity : 0;
    this.target[slot] = frame.target && Number.isFinite(frame.target.offset) ? frame.target.offset : NaN;
    this.phase[slot] = PHASES.get(frame.phase) ?? 0;
    return true;
  }

  // A down, release or settle found in the frames; past MAX_MARKERS the oldest goes.
  mark(marker) {
    if (this.markers.length >= MAX_MARKERS) this.markers.shift();
    this.markers.push(marker);
  }

  // The index of the first sample at or after session time `time` (`length` when none is).
  indexFrom(time) {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.time[this.at(middle)] < time) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  // The index of the sample nearest session time `time`, or null for none.
  nearest(time) {
    if (this.length === 0) return null;
    const after = Math.min(this.indexFrom(time), this.length - 1);
    if (after > 0 && time - this.time[this.at(after - 1)] <= this.time[this.at(after)] - time) return after - 1;
    return after;
  }

  // Drops what lies wholly before `cutoff` (session ms), keeping one sample before it so the
  // line still enters the window from its left edge.
  prune(cutoff) {
    while (this.length > 1 && this.time[this.at(1)] < cutoff) {
      this.start = (this.start + 1) % CAPACITY;
      this.length -= 1;
    }
    let drop = 0;
    while (drop < this.markers.length && this.markers[drop].time < cutoff) drop += 1;
    if (drop > 0) this.markers.splice(0, drop);
  }

  // Where session time `time` lies on the page's wall clock.
  wall(time) {
    return time * this.stretch + this.shift;
  }

  // The session time shown at wall time `wall`.
  sessionTime(wall) {
    return (wall - this.shift) / this.stretch;
  }

  // A frame of this session arrived at wall time `arrivalMs`: the smallest shift seen maps it,
  // so frames that arrived late do not bend the line.
  arrived(time, arrivalMs) {
    this.shift = Math.min(this.shift, arrivalMs - time * this.stretch);
  }

  get newestTime() {
    return this.length > 0 ? this.time[this.at(this.length - 1)] : -Infinity;
  }
}
