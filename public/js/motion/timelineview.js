// Which span of wall time the timeline shows. Live, the last `windowMs` up to the clock, moving
// with it. Frozen (paused, zoomed or with a cursor set), a fixed span inside the kept history (the
// `HISTORY_MS` before the moment it froze), which a drag zooms into, a key zooms in or out around
// the cursor, and a cursor stepped past its edge pans. Pure: time comes in as an argument.

export const HISTORY_MS = 60000;
// The narrowest zoom: a few frames at the fastest stream (240 a second), wide enough to see a step.
export const MIN_SPAN_MS = 20;

export class TimelineView {
  constructor(windowMs) {
    this.windowMs = windowMs;
    this.frozenAt = null; // the wall time it froze at; null: live
    this.start = 0;
    this.end = 0;
  }

  get isLive() {
    return this.frozenAt === null;
  }

  // Freezes on the live window ending at `now`; a frozen view stays as it is.
  freeze(now) {
    if (!this.isLive) return;
    this.frozenAt = now;
    this.start = now - this.windowMs;
    this.end = now;
  }

  goLive() {
    this.frozenAt = null;
  }

  // The span shown at wall time `now`: { start, end }.
  span(now) {
    return this.isLive ? { start: now - this.windowMs, end: now } : { start: this.start, end: this.end };
  }

  // The oldest wall time it can show: the history kept before it froze.
  get earliest() {
    return this.frozenAt - HISTORY_MS;
  }

  // Shows `from` to `to` (either order), kept inside the history and at least MIN_SPAN_MS wide.
  zoomTo(from, to) {
    if (this.isLive || !Number.isFinite(from) || !Number.isFinite(to)) return;
    let start = Math.min(from, to);
    let end = Math.max(from, to);
    if (end - start < MIN_SPAN_MS) {
      const middle = (start + end) / 2;
      start = middle - MIN_SPAN_MS / 2;
      end = middle + MIN_SPAN_MS / 2;
    }
    this.place(start, end);
  }

  // Zooms by `factor` (2: twice as close, 0.5: twice as far) keeping wall time `around` where it is.
  zoomBy(factor, around) {
    if (this.isLive || !(factor > 0)) return;
    const anchor = Number.isFinite(around) ? Math.min(Math.max(around, this.start), this.end) : (this.start + this.end) / 2;
    const span = Math.min(Math.max((this.end - this.start) / factor, MIN_SPAN_MS), HISTORY_MS);
    const share = this.end > this.start ? (anchor - this.start) / (this.end - this.start) : 0.5;
    this.place(anchor - share * span, anchor + (1 - share) * span);
  }

  // The whole history.
  showAll() {
    if (!this.isLive) this.place(this.earliest, this.frozenAt);
  }

  // Moves the span (same width) the least that puts wall time `wall` inside it.
  reveal(wall) {
    if (this.isLive || !Number.isFinite(wall)) return;
    if (wall < this.start) this.place(wall, wall + this.end - this.start);
    else if (wall > this.end) this.place(wall - (this.end - this.start), wall);
  }

  // `start` to `end`, moved (not shrunk) to lie inside the history, and cut to it when wider.
  place(start, end) {
    const width = Math.min(end - start, HISTORY_MS);
    if (start < this.earliest) start = this.earliest;
    if (start + width > this.frozenAt) start = this.frozenAt - width;
    this.start = start;
    this.end = start + width;
  }
}
