// The marks on the timeline's picture (timelinepainter.js): each pointer down and release as a line
// with its note (the release velocity and chosen item), and each settle as a dot labelled with its
// release-to-rest time, each series' notes on rows of their own. Notes that would overlap move
// aside, so it keeps the boxes of the notes drawn in the current picture (preallocated: painting
// allocates next to nothing).

import { FONT, MUTED } from "./timelinestyle.js";

export class MarkerPainter {
  constructor() {
    this.noteBoxes = new Float64Array(3 * 32); // the notes drawn so far in this picture: left, right, baseline
    this.placed = 0;
  }

  // Every series' marks between wall times `start` and `end` of a plot from `left` to `right`.
  paint(context, allSeries, plot) {
    this.placed = 0;
    allSeries.forEach((series, row) => this.drawSeries(context, series, row, plot));
  }

  drawSeries(context, series, row, { start, end: now, xScale, left, right, top, bottom, yPosition }) {
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
