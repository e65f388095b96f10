// One picture of the live timeline (timeline.js): the position (`offset`, left scale, pt) and
// velocity (right scale, pt/s) of each series against wall time, with the grid, the scales, the
// legend, each pointer down and release marked, the release velocity and chosen item written at
// the release, the target drawn dashed while animating, and each settle labelled with its
// release-to-rest time. Notes that would overlap move aside, so the painter keeps the boxes of
// the notes it has drawn in the current picture (preallocated: painting allocates next to nothing).

import { drawLegend } from "./timelinelegend.js";
import { FONT, GRID, INK, MUTED } from "./timelinestyle.js";

export const PAD = { left: 46, right: 50, top: 30, bottom: 18 };
const MAX_POSITION_LINES = 8; // the scale asks for about 3 (niceStep); more would only be a fault
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
    this.noteBoxes = new Float64Array(3 * 32); // the notes drawn so far in this picture: left, right, baseline
    this.placed = 0;
  }

  // The whole picture of `allSeries` for the `windowMs` ending at wall time `now`, on a context
  // already scaled to CSS pixels and cleared over `width` x `height`.
  paint(context, { series: allSeries, now, windowMs, width, height, cursorWall = null }) {
    if (width < PAD.left + PAD.right + 20 || height < PAD.top + PAD.bottom + 20) return;
    const left = PAD.left;
    const right = width - PAD.right;
    const top = PAD.top;
    const bottom = height - PAD.bottom;
    const start = now - windowMs;
    const xScale = (right - left) / windowMs;

    // The scales: position fits what the window shows, velocity is symmetric about 0.
    let low = Infinity;
    let high = -Infinity;
    let fastest = 0;
    let hasData = false;
    for (const series of allSeries) {
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
    // The hover's cursor (timelinereadout.js): a thin line at the wall time it reads.
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
    for (let second = 0; second <= windowMs / 1000; second++) {
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
    for (let second = 0; second <= windowMs / 1000; second++) {
      const x = right - second * 1000 * xScale;
      context.fillText(second === 0 ? "now" : `−${second} s`, x, height - 4);
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
    this.placed = 0;
    allSeries.forEach((series, row) => this.drawMarkers(context, series, row, start, windowMs, xScale, left, right, top, bottom, yPosition));
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
    let first = 0;
    while (first + 1 < series.length && series.wall(series.time[series.at(first + 1)]) < start) first += 1;
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

  drawMarkers(context, series, row, start, windowMs, xScale, left, right, top, bottom, yPosition) {
    const now = start + windowMs;
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
      if (marker.kind === "up") this.note(context, `${marker.verb} ${marker.text}`, x, top + 9 + row * 12, left, right, series.color, 1);
      if (marker.kind === "down" && marker.text) this.note(context, marker.text, x, top + 9 + row * 12, left, right, MUTED, 1);
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
