// The timeline's legend (timelinepainter.js draws the rest): a sample of each line and marker,
// then every series' key when they all fit.

import { FONT, INK, MUTED } from "./timelinestyle.js";

// The legend of `allSeries` along the top, from `left` to at most `right`.
export function drawLegend(context, allSeries, left, right) {
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
  const color = allSeries.length === 1 ? allSeries[0].color : MUTED;
  sample([], 1, 2, "position", color);
  sample([], 0.5, 1.25, "velocity", color);
  sample([4, 3], 0.8, 1, "target", color);
  if (allSeries.length === 1 && right - x > 90) {
    marker([3, 2], MUTED, "down");
    marker([], color, "up");
  }
  // Every series' key, or none: a legend that names A and not B would mislead (a narrow
  // comparison has the page's own legend).
  const keysWidth = allSeries.reduce((sum, series) => sum + 21 + context.measureText(series.name).width, 0);
  if (allSeries.length > 1 && x + keysWidth <= right) {
    for (const series of allSeries) {
      context.fillStyle = series.color;
      context.fillRect(x, y - 7, 8, 8);
      context.fillStyle = INK;
      context.fillText(series.name, x + 11, y);
      x += 11 + context.measureText(series.name).width + 10;
    }
  }
}
