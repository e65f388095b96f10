// One picture of the live timeline (timeline.js): the position (`offset`, left scale, pt) and
// velocity (right scale, pt/s) of each series over a span of wall time (the time scale in seconds
// before the picture's moment), with the cursor, a zoom being dragged out, the grid, the scales, the
// legend, the target drawn dashed while animating, and the pointer downs, releases and settles
// (timelinemarkers.js). Painting allocates next to nothing.

import { drawLegend } from "./timelinelegend.js";
import { MarkerPainter } from "./timelinemarkers.js";
import { FONT, GRID, INK, MUTED } from "./timelinestyle.js";

export const PAD = { left: 46, right: 50, top: 30, bottom: 18 };
const MAX_POSITION_LINES = 8; // the scale asks for about 3 (niceStep); more would only be a fault
const TIME_LINES = 6; // about this many time lines across any span (niceStep)
// Frames further apart than this (wall ms) are a gap: the carousel sent none, so it is drawn as none
// (a line across it would show a motion that never happened, a ramp into the next auto-scroll).
export const GAP_MS = 100;

// A step of 1, 2 or 5 times a power of ten, about `span / count`.
function niceStep(span, count) {
  const raw = Math.max(span / count, 1e-9);
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

// Never "-0". The label (timeline.js) writes its numbers with it too, so both read alike.
export const rounded = (value) => String(Math.round(value) || 0);

export class TimelinePainter {
  constructor() {
    this.markers = new MarkerPainter();
  }

  // The plot's left and right edges, in CSS pixels, on a canvas `width` wide.
  plotEdges(width) {
    return { left: PAD.left, right: width - PAD.right };
  }

  // The whole picture of `allSeries` from wall time `start` to `end`, on a context already scaled
  // to CSS pixels and cleared over `width` x `height`; the time scale counts back from `anchor`
  // ("now" when `isLive`). `cursorWall`: a cursor line; `selection`: { from, to } being dragged.
  paint(context, { series: allSeries, start, end, anchor = end, isLive = true, width, height, cursorWall = null, selection = null }) {
    if (width < PAD.left + PAD.right + 20 || height < PAD.top + PAD.bottom + 20 || !(end > start)) return;
    const left = PAD.left;
    const right = width - PAD.right;
    const top = PAD.top;
    const bottom = height - PAD.bottom;
    const now = end;
    const windowMs = end - start;
    const xScale = (right - left) / windowMs;

    // The scales: position fits what the window shows, velocity is symmetric about 0.
    let low = Infinity;
    let high = -Infinity;
    let fastest = 0;
    let hasData = false;
    for (const series of allSeries) {
      for (let i = firstShown(series, start); i < series.length; i++) {
        const slot = series.at(i);
        const wall = series.wall(series.time[slot]);
        if (wall > now) break;
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
    // A zoom being dragged out: a band over its span.
    if (selection !== null) {
      const from = Math.max(left, right - (now - Math.min(selection.from, selection.to)) * xScale);
      const to = Math.min(right, right - (now - Math.max(selection.from, selection.to)) * xScale);
      context.fillStyle = "rgba(76, 110, 245, 0.15)";
      if (to > from) context.fillRect(from, top, to - from, bottom - top);
    }
    // The cursor (timelinereadout.js): a thin line at the wall time it reads.
    if (cursorWall !== null && cursorWall >= start && cursorWall <= now) {
      const x = Math.round(right - (now - cursorWall) * xScale) + 0.5;
      context.strokeStyle = INK;
      context.globalAlpha = 0.6;
      context.lineWidth = 1;
      context.beginPath();
      context.moveTo(x, top);
      context.lineTo(x, bottom);
      context.stroke();
      context.globalAlpha = 1;
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
    // The lines are counted, not stepped to: far from 0 (offsets of 1e17 and more, which only a
    // hostile frame carries) adding a step changes nothing, and stepping would never end.
    const lineCount = Math.min(Math.round((positionHigh - positionLow) / positionStep), MAX_POSITION_LINES);
    for (let line = 0; line <= lineCount; line++) {
      const value = positionLow + line * positionStep;
      const y = Math.round(yPosition(value)) + 0.5;
      context.moveTo(left, y);
      context.lineTo(right, y);
      context.fillText(rounded(value), left - 5, y);
    }
    // Time lines at whole steps back from `anchor`, counted (as the position lines are).
    const timeStep = niceStep(windowMs, TIME_LINES);
    const firstStep = Math.ceil((anchor - now) / timeStep);
    const stepCount = Math.min(Math.floor((anchor - start) / timeStep) - firstStep, 4 * TIME_LINES);
    for (let step = firstStep; step <= firstStep + stepCount; step++) {
      const x = Math.round(right - (now - (anchor - step * timeStep)) * xScale) + 0.5;
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
    const decimals = Math.max(0, Math.ceil(-Math.log10(timeStep / 1000) - 1e-9));
    for (let step = firstStep; step <= firstStep + stepCount; step++) {
      const x = right - (now - (anchor - step * timeStep)) * xScale;
      const label = step === 0 ? (isLive ? "now" : "paused") : `−${((step * timeStep) / 1000).toFixed(decimals)} s`;
      context.fillText(label, Math.min(Math.max(x, left + 12), right - 12), height - 4);
    }
    // Scale titles and the legend's line samples.
    context.textAlign = "left";
    context.fillStyle = INK;
    const stretch = allSeries[0].stretch;
    context.fillText(stretch === 1 ? "position, pt" : `position, pt · replay at ${+(1 / stretch).toFixed(2)}x, time stretched ${stretch}x`, 4, 12);
    context.textAlign = "right";
    context.fillText("velocity, pt/s", width - 4, 12);
    drawLegend(context, allSeries, left, right);

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
    for (const series of allSeries) this.drawSeries(context, series, now, start, xScale, right, yPosition, yVelocity);
    context.restore();

    // Markers and their notes, each series' notes on rows of their own.
    this.markers.paint(context, allSeries, { start, end, xScale, left, right, top, bottom, yPosition });
    if (!hasData) {
      context.fillStyle = MUTED;
      context.textAlign = "center";
      context.font = FONT;
      context.fillText("Drag or flick the carousel to plot its motion", (left + right) / 2, (top + bottom) / 2);
    }
  }

  // A series' lines from frame to frame, and on from the last to `now` while frames still come; a
  // gap with no frames (GAP_MS) is drawn as a gap.
  drawSeries(context, series, now, start, xScale, right, yPosition, yVelocity) {
    if (series.length === 0) return;
    const xOf = (sessionTime) => right - (now - series.wall(sessionTime)) * xScale;
    const first = firstShown(series, start);
    if (first >= series.length) return;
    const last = series.length - 1;
    const gapX = GAP_MS * xScale;
    const lastX = Math.min(right, xOf(series.time[series.at(last)]) + gapX); // the last state, while it is news

    context.strokeStyle = series.color;
    // Velocity: thin and light.
    context.globalAlpha = 0.5;
    context.lineWidth = 1.25;
    context.lineJoin = "round";
    this.strokeLine(context, series, first, xOf, lastX, gapX, series.velocity, yVelocity);
    // Position: the main line.
    context.globalAlpha = 1;
    context.lineWidth = 2;
    this.strokeLine(context, series, first, xOf, lastX, gapX, series.offset, yPosition);
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
      const nextX = Math.min(i < last ? xOf(series.time[series.at(i + 1)]) : lastX, x + gapX);
      const y = yPosition(target);
      context.moveTo(x, y);
      context.lineTo(Math.max(nextX, x + 1), y);
    }
    context.stroke();
    context.setLineDash([]);
    context.globalAlpha = 1;
  }

  // One of a series' lines through `values` (its velocity or offset) from frame `first`: broken
  // where frames are more than `gapX` apart, the last value held to `lastX`.
  strokeLine(context, series, first, xOf, lastX, gapX, values, yOf) {
    const last = series.length - 1;
    context.beginPath();
    let previousX = -Infinity;
    for (let i = first; i <= last; i++) {
      const slot = series.at(i);
      const x = xOf(series.time[slot]);
      if (x > lastX) break;
      if (x - previousX > gapX) context.moveTo(x, yOf(values[slot]));
      else context.lineTo(x, yOf(values[slot]));
      previousX = x;
    }
    if (lastX > previousX) context.lineTo(lastX, yOf(values[series.at(last)]));
    context.stroke();
  }
}

// The first sample of `series` a picture starting at wall time `start` draws: the last before it
// (its line enters from the left edge), or the first.
function firstShown(series, start) {
  return Math.max(series.indexFrom(series.sessionTime(start)) - 1, 0);
}
