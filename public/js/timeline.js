// The live timeline: the last few seconds of one or more sessions on a canvas, the content's
// position (`offset`, left scale, pt) and velocity (right scale, pt/s) against time, with each
// pointer down and release marked, the release velocity and chosen item written at the release,
// the target drawn dashed while animating, and each settle labelled with its release-to-rest time.
//
// Several series share one time axis: a series' session `time` maps to the page's wall clock by
// its smallest (arrival - time) seen, so frames that arrived late do not bend the line. It draws
// in requestAnimationFrame only while something changes (new data, or recent data scrolling) and
// keeps its samples in preallocated typed arrays, so drawing allocates next to nothing.

import { Series } from "./timelineseries.js";

const KEEP_MS = 2000; // samples older than the window by this much are dropped
const FONT = '10px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const INK = "#1d2330";
const MUTED = "#6b7385";
const GRID = "#e9ecf2";
const PAD = { left: 46, right: 50, top: 30, bottom: 18 };

const wallNow = () => performance.timeOrigin + performance.now();

// A step of 1, 2 or 5 times a power of ten, about `span / count`.
function niceStep(span, count) {
  const raw = Math.max(span / count, 1e-9);
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

const rounded = (value) => String(Math.round(value) || 0); // never "-0"

export class Timeline {
  // `series`: [{ key, name, color }]; `onSettle(info)` after each settle that ended a release.
  constructor(canvas, { series, windowMs = 4000, onSettle = () => {} }) {
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
    this.frameRequest = 0;
    this.noteBoxes = new Float64Array(3 * 32); // the notes drawn so far in this picture: left, right, baseline
    this.placed = 0;
    this.cssWidth = 0;
    this.cssHeight = 0;
    this.ratio = 1;
    this.tick = () => {
      this.frameRequest = 0;
      const now = wallNow();
      this.draw(now);
      if (this.isScrolling(now)) this.schedule();
    };
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", this.label);
    new ResizeObserver(() => this.resize()).observe(canvas);
    this.resize();
  }

  get paused() {
    return this.isPaused;
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
      this.draw(this.pausedAt);
    } else {
      this.updateLabel();
      this.schedule();
    }
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
    if (found.down) series.markers.push({ kind: "down", time: frame.time });
    if (found.release) {
      const { velocity, targetIndex } = found.release;
      series.markers.push({ kind: "up", time: frame.time, text: `${rounded(velocity)} pt/s → item ${targetIndex + 1}` });
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
    if (this.isPaused) this.draw(this.pausedAt);
    else {
      this.draw(wallNow());
      if (this.isScrolling(wallNow())) this.schedule();
    }
  }

  // The whole picture for the window ending at wall time `now`.
  draw(now) {
    const context = this.context;
    const width = this.cssWidth;
    const height = this.cssHeight;
    context.setTransform(this.ratio, 0, 0, this.ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    if (width < PAD.left + PAD.right + 20 || height < PAD.top + PAD.bottom + 20) return;
    const left = PAD.left;
    const right = width - PAD.right;
    const top = PAD.top;
    const bottom = height - PAD.bottom;
    const start = now - this.windowMs;
    const xScale = (right - left) / this.windowMs;

    // The scales: position fits what the window shows, velocity is symmetric about 0.
    let low = Infinity;
    let high = -Infinity;
    let fastest = 0;
    let hasData = false;
    for (const series of this.series) {
      for (let i = 0; i < series.length; i++) {
        const slot = series.at(i);
        const wall = series.wall(series.time[slot]);
        const next = i + 1 < series.length ? series.wall(series.time[series.at(i + 1)]) : now;
        if (next < start || wall > now) continue;
        hasData = true;
        const offset = series.offset[slot];
        if (offset < low) low = offset;
        if (offset > high) high = offset;
        const target = series.target[slot];
        if (target < low) low = target; // NaN compares false
        if (target > high) high = target;
        const speed = Math.abs(series.velocity[slot]);
        if (speed > fastest) fastest = speed;
      }
    }
    if (!hasData) {
      low = 0;
      high = 100;
    }
    // At least 40 pt tall, centred on what it shows (a resting line sits mid-height).
    const middle = (low + high) / 2;
    const span = Math.max(high - low, 40);
    low = middle - span / 2;
    high = middle + span / 2;
    const positionStep = niceStep(span, 3);
    const positionLow = Math.floor(low / positionStep) * positionStep;
    const positionHigh = Math.max(Math.ceil(high / positionStep) * positionStep, positionLow + positionStep);
    const velocityMax = niceStep(Math.max(fastest, 200), 1); // 1, 2 or 5 times a power of ten, at least `fastest`
    const plotHeight = bottom - top;
    const yPosition = (value) => bottom - ((value - positionLow) / (positionHigh - positionLow)) * plotHeight;
    const yVelocity = (value) => top + plotHeight / 2 - (value / velocityMax) * (plotHeight / 2);

    // Grid, scales and their labels.
    context.font = FONT;
    context.lineWidth = 1;
    context.textBaseline = "middle";
    context.strokeStyle = GRID;
    context.fillStyle = MUTED;
    context.textAlign = "right";
    context.beginPath();
    for (let value = positionLow; value <= positionHigh + positionStep / 2; value += positionStep) {
      const y = Math.round(yPosition(value)) + 0.5;
      context.moveTo(left, y);
      context.lineTo(right, y);
      context.fillText(rounded(value), left - 5, y);
    }
    for (let second = 0; second <= this.windowMs / 1000; second++) {
      const x = Math.round(right - second * 1000 * xScale) + 0.5;
      context.moveTo(x, top);
      context.lineTo(x, bottom);
    }
    context.stroke();
    context.textAlign = "left";
    context.fillText(`+${velocityMax}`, right + 5, yVelocity(velocityMax));
    context.fillText("0", right + 5, yVelocity(0));
    context.fillText(`−${velocityMax}`, right + 5, yVelocity(-velocityMax));
    context.textBaseline = "alphabetic";
    context.textAlign = "center";
    for (let second = 0; second <= this.windowMs / 1000; second++) {
      const x = right - second * 1000 * xScale;
      context.fillText(second === 0 ? "now" : `−${second} s`, x, height - 4);
    }
    // Scale titles and the legend's line samples.
    context.textAlign = "left";
    context.fillStyle = INK;
    const stretch = this.series[0].stretch;
    context.fillText(stretch === 1 ? "position, pt" : `position, pt · replay at ${+(1 / stretch).toFixed(2)}x, time stretched ${stretch}x`, 4, 12);
    context.textAlign = "right";
    context.fillText("velocity, pt/s", width - 4, 12);
    this.drawLegend(context, left, right);

    context.save();
    context.beginPath();
    context.rect(left, top - 2, right - left, plotHeight + 4);
    context.clip();
    // The velocity's zero line.
    context.strokeStyle = "#cdd3de";
    context.setLineDash([2, 3]);
    context.beginPath();
    context.moveTo(left, Math.round(yVelocity(0)) + 0.5);
    context.lineTo(right, Math.round(yVelocity(0)) + 0.5);
    context.stroke();
    context.setLineDash([]);
    for (const series of this.series) this.drawSeries(context, series, now, start, xScale, right, yPosition, yVelocity);
    context.restore();

    // Markers and their notes, each series' notes on rows of their own.
    this.placed = 0;
    this.series.forEach((series, row) => this.drawMarkers(context, series, row, start, xScale, left, right, top, bottom, yPosition));
    if (!hasData) {
      context.fillStyle = MUTED;
      context.textAlign = "center";
      context.font = FONT;
      context.fillText("Drag or flick the carousel to plot its motion", (left + right) / 2, (top + bottom) / 2);
    }
  }

  drawLegend(context, left, right) {
    const y = 24;
    let x = left;
    context.textAlign = "left";
    context.font = FONT;
    const sample = (dash, alpha, width, text, color) => {
      context.strokeStyle = color;
      context.globalAlpha = alpha;
      context.lineWidth = width;
      context.setLineDash(dash);
      context.beginPath();
      context.moveTo(x, y - 3);
      context.lineTo(x + 14, y - 3);
      context.stroke();
      context.globalAlpha = 1;
      context.setLineDash([]);
      context.fillStyle = MUTED;
      context.fillText(text, x + 17, y);
      x += 17 + context.measureText(text).width + 10;
    };
    // A vertical line's sample: a pointer down or release.
    const marker = (dash, color, text) => {
      context.strokeStyle = color;
      context.lineWidth = 1;
      context.setLineDash(dash);
      context.beginPath();
      context.moveTo(x + 0.5, y - 8);
      context.lineTo(x + 0.5, y + 1);
      context.stroke();
      context.setLineDash([]);
      context.fillStyle = MUTED;
      context.fillText(text, x + 4, y);
      x += 4 + context.measureText(text).width + 10;
    };
    const color = this.series.length === 1 ? this.series[0].color : MUTED;
    sample([], 1, 2, "position", color);
    sample([], 0.5, 1.25, "velocity", color);
    sample([4, 3], 0.8, 1, "target", color);
    if (this.series.length === 1 && right - x > 90) {
      marker([3, 2], MUTED, "down");
      marker([], color, "up");
    }
    if (this.series.length > 1) {
      for (const series of this.series) {
        if (x > right - 30) break;
        context.fillStyle = series.color;
        context.fillRect(x, y - 7, 8, 8);
        context.fillStyle = INK;
        context.fillText(series.name, x + 11, y);
        x += 11 + context.measureText(series.name).width + 10;
      }
    }
  }

  // A series' lines: each value holds until the next frame, and the last one until `now`.
  drawSeries(context, series, now, start, xScale, right, yPosition, yVelocity) {
    if (series.length === 0) return;
    const xOf = (sessionTime) => right - (now - series.wall(sessionTime)) * xScale;
    let first = 0;
    while (first + 1 < series.length && series.wall(series.time[series.at(first + 1)]) < start) first += 1;
    const last = series.length - 1;
    const lastX = right; // the last state holds until now

    context.strokeStyle = series.color;
    // Velocity: thin and light.
    context.globalAlpha = 0.5;
    context.lineWidth = 1.25;
    context.lineJoin = "round";
    context.beginPath();
    for (let i = first; i <= last; i++) {
      const slot = series.at(i);
      const x = xOf(series.time[slot]);
      if (x > right) break;
      if (i === first) context.moveTo(x, yVelocity(series.velocity[slot]));
      else context.lineTo(x, yVelocity(series.velocity[slot]));
    }
    context.lineTo(lastX, yVelocity(series.velocity[series.at(last)]));
    context.stroke();
    // Position: the main line.
    context.globalAlpha = 1;
    context.lineWidth = 2;
    context.beginPath();
    for (let i = first; i <= last; i++) {
      const slot = series.at(i);
      const x = xOf(series.time[slot]);
      if (x > right) break;
      if (i === first) context.moveTo(x, yPosition(series.offset[slot]));
      else context.lineTo(x, yPosition(series.offset[slot]));
    }
    context.lineTo(lastX, yPosition(series.offset[series.at(last)]));
    context.stroke();
    // The target, dashed, for each run of frames that have one.
    context.lineWidth = 1;
    context.globalAlpha = 0.8;
    context.setLineDash([4, 3]);
    context.beginPath();
    for (let i = first; i <= last; i++) {
      const slot = series.at(i);
      const target = series.target[slot];
      if (Number.isNaN(target)) continue;
      const x = xOf(series.time[slot]);
      const nextX = i < last ? xOf(series.time[series.at(i + 1)]) : lastX;
      const y = yPosition(target);
      context.moveTo(x, y);
      context.lineTo(Math.max(nextX, x + 1), y);
    }
    context.stroke();
    context.setLineDash([]);
    context.globalAlpha = 1;
  }

  drawMarkers(context, series, row, start, xScale, left, right, top, bottom, yPosition) {
    const now = start + this.windowMs;
    context.font = FONT;
    context.textBaseline = "alphabetic";
    for (const marker of series.markers) {
      const wall = series.wall(marker.time);
      if (wall < start || wall > now) continue;
      const x = Math.round(right - (now - wall) * xScale) + 0.5;
      if (marker.kind === "settle") {
        const y = yPosition(marker.offset);
        context.fillStyle = series.color;
        context.beginPath();
        context.arc(x, y, 3, 0, 2 * Math.PI);
        context.fill();
        if (marker.ms === null) continue;
        this.note(context, `settled in ${Math.round(marker.ms)} ms`, x, bottom - 4 - row * 12, left, right, series.color, -1);
        continue;
      }
      context.strokeStyle = marker.kind === "down" ? MUTED : series.color;
      context.lineWidth = 1;
      context.setLineDash(marker.kind === "down" ? [3, 2] : []);
      context.beginPath();
      context.moveTo(x, top);
      context.lineTo(x, bottom);
      context.stroke();
      context.setLineDash([]);
      if (marker.kind === "up") this.note(context, `up ${marker.text}`, x, top + 9 + row * 12, left, right, series.color, 1);
    }
  }

  // A small note beside a marker at `x`, kept inside the plot, on a white backing; a note that
  // would cover one already drawn moves a line away (`direction` 1: down, -1: up), up to 3 lines.
  note(context, text, x, y, left, right, color, direction) {
    const width = context.measureText(text).width;
    let textX = x + 3;
    if (textX + width > right) textX = x - 3 - width;
    if (textX < left) textX = left;
    const boxes = this.noteBoxes;
    for (let attempt = 0; attempt < 3; attempt++) {
      let isFree = true;
      for (let i = 0; i < this.placed && isFree; i++) {
        const at = i * 3;
        if (textX < boxes[at + 1] + 4 && boxes[at] < textX + width + 4 && Math.abs(boxes[at + 2] - y) < 12) isFree = false;
      }
      if (isFree) break;
      y += 12 * direction;
    }
    if (this.placed < boxes.length / 3) {
      boxes[this.placed * 3] = textX;
      boxes[this.placed * 3 + 1] = textX + width;
      boxes[this.placed * 3 + 2] = y;
      this.placed += 1;
    }
    context.fillStyle = "rgba(255, 255, 255, 0.85)";
    context.fillRect(textX - 1, y - 9, width + 2, 12);
    context.fillStyle = color;
    context.textAlign = "left";
    context.fillText(text, textX, y);
  }
}
