// The live timeline: the last few seconds of one or more sessions on a canvas (the picture is
// timelinepainter.js's), and the state behind it: each series' samples, the pointer downs,
// releases and settles found in them, the last settle and the canvas's accessible label.
//
// Several series share one time axis: a series' session `time` maps to the page's wall clock by
// its smallest (arrival - time) seen, so frames that arrived late do not bend the line. It draws
// in requestAnimationFrame only while something changes (new data, or recent data scrolling) and
// keeps its samples in preallocated typed arrays, so drawing allocates next to nothing.

import { drawSafely } from "../carousel/drawguard.js";
import { Series } from "./timelineseries.js";
import { TimelinePainter, rounded } from "./timelinepainter.js";
import { attachReadout } from "./timelinereadout.js";
import { gestureMark } from "../session/viewers.js";

const KEEP_MS = 2000; // samples older than the window by this much are dropped

const wallNow = () => performance.timeOrigin + performance.now();

export class Timeline {
  // `series`: [{ key, name, color }]; `onSettle(info)` after each settle that ended a release;
  // `readout`: where hovering shows the values at the cursor (timelinereadout.js), if anywhere.
  constructor(canvas, { series, windowMs = 4000, onSettle = () => {}, readout = null }) {
    this.canvas = canvas;
    this.context = canvas.getContext("2d");
    this.windowMs = windowMs;
    this.onSettle = onSettle;
    this.series = series.map((definition) => new Series(definition));
    this.byKey = new Map(this.series.map((entry) => [entry.key, entry]));
    this.lastSettle = null;
    this.label = "Timeline: no gesture yet";
    this.isPaused = false;
    this.pausedAt = 0;
    this.pauseListeners = []; // told each time `paused` changes, whoever changed it
    this.frameRequest = 0;
    this.painter = new TimelinePainter();
    this.cssWidth = 0;
    this.cssHeight = 0;
    this.ratio = 1;
    this.drawnAt = 0; // the wall time the picture on screen ends at
    this.cursorWall = null; // the hover's wall time (timelinereadout.js), or null
    this.tick = () => {
      this.frameRequest = 0;
      const now = wallNow();
      this.redraw(now);
      if (this.isScrolling(now)) this.schedule();
    };
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", this.label);
    new ResizeObserver(() => this.resize()).observe(canvas);
    this.resize();
    if (readout) attachReadout(this, readout);
  }

  get paused() {
    return this.isPaused;
  }

  // `listener(paused)` now and after every change of `paused`: a control that shows the state
  // (pausetoggle.js) follows every change, not only its own clicks.
  onPausedChange(listener) {
    this.pauseListeners.push(listener);
    listener(this.isPaused);
  }

  // Paused, the picture (and its label) stay as they were for inspection; frames are still
  // collected, and resuming shows them.
  set paused(value) {
    value = Boolean(value);
    if (value === this.isPaused) return;
    this.isPaused = value;
    if (value) {
      this.pausedAt = wallNow();
      if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
      this.frameRequest = 0;
      // Frames that came since the last picture (a replay's settle just before its end) belong
      // in the one that stays.
      this.updateLabel();
      this.redraw(this.pausedAt);
    } else {
      this.updateLabel();
      this.schedule();
    }
    for (const listener of this.pauseListeners) listener(value);
  }

  // One frame of series `key`, which arrived at `arrivalMs` (performance.timeOrigin + now()).
  add(key, frame, arrivalMs) {
    const series = this.byKey.get(key);
    if (!series || !Number.isFinite(frame.time)) return;
    // Time never runs backwards within a session: a series that does is a new stream.
    if (frame.time < series.newestTime) series.reset();
    series.arrived(frame.time, arrivalMs);
    series.push(frame);
    const found = series.tracker.step(frame);
    if (found.down) series.markers.push({ kind: "down", time: frame.time, text: gestureMark(frame.input) });
    if (found.release) {
      const { velocity, targetIndex, byWheel } = found.release;
      // A wheel has no finger to lift: its gesture ends when its events stop or only decay.
      const verb = byWheel ? "wheel stopped" : "up";
      series.markers.push({ kind: "up", verb, time: frame.time, text: `${rounded(velocity)} pt/s → item ${targetIndex + 1}` });
    }
    const settled = []; // told after the label says them
    for (const settle of found.settles) {
      series.markers.push({ kind: "settle", time: frame.time, offset: frame.offset, ms: settle.ms });
      if (settle.ms === null) continue;
      const info = {
        key,
        ms: settle.ms,
        index: settle.index,
        releaseVelocity: settle.release.velocity,
        targetIndex: settle.release.targetIndex,
      };
      series.lastSettle = info;
      this.lastSettle = info;
      settled.push(info);
    }
    const reference = this.isPaused ? Math.min(this.pausedAt, arrivalMs) : arrivalMs;
    series.prune(series.sessionTime(reference - this.windowMs - KEEP_MS));
    if (!this.isPaused) {
      this.updateLabel();
      this.schedule();
    }
    for (const info of settled) this.onSettle(info);
  }

  // Forgets series `key` (a replay's start or end, a reconnect). `speed` below 1 plots a replay
  // in slow motion: its session time stretched by 1 / speed on the page's clock.
  reset(key, speed = 1) {
    const series = this.byKey.get(key);
    if (!series) return;
    series.reset();
    series.stretch = 1 / speed;
    if (this.lastSettle && this.lastSettle.key === key) {
      this.lastSettle = this.series.map((entry) => entry.lastSettle).find(Boolean) ?? null;
    }
    if (!this.isPaused) {
      this.updateLabel();
      this.schedule();
    }
  }

  updateLabel() {
    let text;
    if (this.series.length === 1) {
      const settle = this.series[0].lastSettle;
      text = settle
        ? `Timeline: last flick released at ${rounded(settle.releaseVelocity)} pt/s toward item ${settle.targetIndex + 1}, settled in ${Math.round(settle.ms)} ms`
        : "Timeline: no gesture yet";
    } else if (this.series.every((entry) => entry.lastSettle === null)) {
      text = "Timeline: no gesture yet";
    } else {
      const parts = this.series.map((entry) =>
        entry.lastSettle ? `${entry.name}: settled in ${Math.round(entry.lastSettle.ms)} ms` : `${entry.name}: no gesture yet`,
      );
      text = `Timeline: ${parts.join("; ")}`;
    }
    if (text === this.label) return;
    this.label = text;
    this.canvas.setAttribute("aria-label", text);
  }

  schedule() {
    if (this.frameRequest === 0 && !this.isPaused) this.frameRequest = requestAnimationFrame(this.tick);
  }

  // Whether the picture still moves: some series has data younger than the window.
  isScrolling(now) {
    for (const series of this.series) {
      if (series.length > 0 && series.wall(series.newestTime) > now - this.windowMs) return true;
    }
    return false;
  }

  resize() {
    const box = this.canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    if (box.width === this.cssWidth && box.height === this.cssHeight && ratio === this.ratio) return;
    this.cssWidth = box.width;
    this.cssHeight = box.height;
    this.ratio = ratio;
    this.canvas.width = Math.max(1, Math.round(box.width * ratio));
    this.canvas.height = Math.max(1, Math.round(box.height * ratio));
    // Resizing clears the canvas: draw at once (paused: the paused moment).
    if (this.isPaused) this.redraw(this.pausedAt);
    else {
      this.redraw(wallNow());
      if (this.isScrolling(wallNow())) this.schedule();
    }
  }

  // The picture again with the hover's cursor where it now is (paused: at the paused moment).
  showCursor() {
    this.redraw(this.isPaused ? this.pausedAt : this.drawnAt);
  }

  // The picture, drawn so that samples it cannot draw cost this picture only: the loop goes on
  // (drawguard.js says what went wrong, once).
  redraw(now) {
    drawSafely("timeline", () => this.draw(now));
  }

  // The whole picture for the window ending at wall time `now`.
  draw(now) {
    const context = this.context;
    const width = this.cssWidth;
    const height = this.cssHeight;
    context.setTransform(this.ratio, 0, 0, this.ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    this.drawnAt = now;
    const cursorWall = this.cursorWall;
    this.painter.paint(context, { series: this.series, now, windowMs: this.windowMs, width, height, cursorWall });
  }
}
