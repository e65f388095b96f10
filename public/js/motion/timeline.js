// The live timeline: the last few seconds of one or more sessions on a canvas (the picture is
// timelinepainter.js's), and the state behind it: each series' samples over the last 60 s, the
// pointer downs, releases and settles found in them, the last settle, the canvas's accessible
// label, and what the viewer reads it by: the span shown (timelineview.js: live, or frozen and
// zoomed), the hover's and the pinned cursor, and a zoom being dragged out.
//
// Several series share one time axis: a series' session `time` maps to the page's wall clock by
// its smallest (arrival - time) seen, so frames that arrived late do not bend the line. It draws
// in requestAnimationFrame only while something changes (new data, or recent data scrolling) and
// keeps its samples in preallocated typed arrays, so drawing allocates next to nothing.

import { drawSafely } from "../carousel/drawguard.js";
import { Series } from "./timelineseries.js";
import { TimelinePainter, rounded } from "./timelinepainter.js";
import { attachKeys } from "./timelinekeys.js";
import { attachPointer } from "./timelinepointer.js";
import { Readout } from "./timelinereadout.js";
import { HISTORY_MS, TimelineView } from "./timelineview.js";
import { gestureMark } from "../session/viewers.js";

const KEEP_MS = 2000; // samples older than the history by this much are dropped

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
    this.view = new TimelineView(windowMs);
    this.pauseListeners = []; // told each time `paused` changes, whoever changed it
    this.frameRequest = 0;
    this.painter = new TimelinePainter();
    this.cssWidth = 0;
    this.cssHeight = 0;
    this.ratio = 1;
    this.drawnAt = 0; // the wall time of the picture on screen
    this.drawnSpan = { start: 0, end: 0 }; // the wall times it shows
    this.hoverWall = null; // where the pointer reads it (timelinereadout.js), or null
    this.pinnedWall = null; // the cursor clicked or stepped to, which stays, or null
    this.selection = null; // a zoom being dragged out: { from, to } wall times
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
    if (readout) {
      const reader = new Readout(this, readout);
      attachPointer(this, reader);
      attachKeys(this, reader);
    }
  }

  get paused() {
    return !this.view.isLive;
  }

  // The cursor shown: the hover's, else the pinned one.
  get cursorWall() {
    return this.hoverWall ?? this.pinnedWall;
  }

  // `listener(paused)` now and after every change of `paused`: a control that shows the state
  // (pausetoggle.js) follows every change, not only its own clicks.
  onPausedChange(listener) {
    this.pauseListeners.push(listener);
    listener(this.paused);
  }

  // Paused, the picture (and its label) stay as they were for inspection, and can be zoomed into
  // and read with a cursor; frames are still collected, and resuming shows them live again.
  set paused(value) {
    value = Boolean(value);
    if (value === this.paused) return;
    if (value) {
      this.freezeAt(wallNow());
      return;
    }
    this.view.goLive();
    this.pinnedWall = null;
    this.selection = null;
    this.updateLabel();
    this.schedule();
    for (const listener of this.pauseListeners) listener(false);
  }

  // Pauses on the picture at wall time `wall`; paused already, nothing changes.
  freezeAt(wall) {
    if (this.paused) return;
    this.view.freeze(wall);
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    // Frames that came since the last picture (a replay's settle just before its end) belong in
    // the one that stays.
    this.updateLabel();
    this.redraw(this.view.frozenAt);
    for (const listener of this.pauseListeners) listener(true);
  }

  // Pauses on the picture on screen exactly, so what the viewer points at stays where it is.
  hold() {
    this.freezeAt(this.drawnAt || wallNow());
  }

  // Shows wall times `from` to `to` (paused first, if it ran).
  zoomTo(from, to) {
    this.hold();
    this.view.zoomTo(from, to);
    this.showCursor();
  }

  // Twice as close (`factor` 2) or as far (0.5), around the cursor or the middle.
  zoomBy(factor) {
    this.hold();
    this.view.zoomBy(factor, this.cursorWall ?? NaN);
    this.showCursor();
  }

  // The whole history kept: the last 60 s before it paused.
  showAll() {
    this.hold();
    this.view.showAll();
    this.showCursor();
  }

  // Pins the cursor at wall time `wall` (paused first), in view; null removes it.
  pin(wall) {
    if (wall !== null) {
      this.hold();
      this.view.reveal(wall);
    }
    this.pinnedWall = wall;
    this.showCursor();
  }

  // One frame of series `key`, which arrived at `arrivalMs` (performance.timeOrigin + now()).
  add(key, frame, arrivalMs) {
    const series = this.byKey.get(key);
    if (!series || !Number.isFinite(frame.time)) return;
    // Time never runs backwards within a session: a series that does is a new stream.
    if (frame.time < series.newestTime) series.reset();
    series.arrived(frame.time, arrivalMs);
    series.push(frame, this.paused);
    const found = series.tracker.step(frame);
    if (found.down) series.mark({ kind: "down", time: frame.time, text: gestureMark(frame.input) });
    if (found.release) {
      const { velocity, targetIndex, byWheel } = found.release;
      // A wheel has no finger to lift: its gesture ends when its events stop or only decay.
      const verb = byWheel ? "wheel stopped" : "up";
      series.mark({ kind: "up", verb, time: frame.time, text: `${rounded(velocity)} pt/s → item ${targetIndex + 1}` });
    }
    const settled = []; // told after the label says them
    for (const settle of found.settles) {
      series.mark({ kind: "settle", time: frame.time, offset: frame.offset, ms: settle.ms });
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
    const reference = this.paused ? Math.min(this.view.frozenAt, arrivalMs) : arrivalMs;
    series.prune(series.sessionTime(reference - HISTORY_MS - KEEP_MS));
    if (!this.paused) {
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
    if (!this.paused) {
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
    if (this.frameRequest === 0 && !this.paused) this.frameRequest = requestAnimationFrame(this.tick);
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
    if (this.paused) this.redraw(this.view.frozenAt);
    else {
      this.redraw(wallNow());
      if (this.isScrolling(wallNow())) this.schedule();
    }
  }

  // The picture again with the cursors, span and selection as they now are (paused: at the paused
  // moment).
  showCursor() {
    this.redraw(this.paused ? this.view.frozenAt : this.drawnAt);
  }

  // The wall time at `x` CSS pixels from the canvas's left in the picture on screen, or null off
  // the plot.
  wallAt(x) {
    const { left, right } = this.painter.plotEdges(this.cssWidth);
    const { start, end } = this.drawnSpan;
    if (!(x >= left && x <= right) || !(right > left)) return null;
    return start + ((x - left) / (right - left)) * (end - start);
  }

  // The picture, drawn so that samples it cannot draw cost this picture only: the loop goes on
  // (drawguard.js says what went wrong, once).
  redraw(now) {
    drawSafely("timeline", () => this.draw(now));
  }

  // The whole picture at wall time `now`: the view's span, its time scale counted back from `now`
  // (paused: the moment it paused).
  draw(now) {
    const context = this.context;
    const width = this.cssWidth;
    const height = this.cssHeight;
    context.setTransform(this.ratio, 0, 0, this.ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    this.drawnAt = now;
    this.drawnSpan = this.view.span(now);
    const { start, end } = this.drawnSpan;
    const { cursorWall, selection } = this;
    this.painter.paint(context, { series: this.series, start, end, anchor: now, isLive: !this.paused, width, height, cursorWall, selection });
  }
}
