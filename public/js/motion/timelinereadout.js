// Hovering the timeline reads it: under the canvas, each series' session time, position, velocity
// and phase at the cursor (from the frame nearest it), and a thin line on the picture where it
// reads; a stretch with no frames says so rather than make a value up. It reads the picture on
// screen: paused, the paused moment.

import { GAP_MS, PAD } from "./timelinepainter.js";

const PHASE_NAMES = ["idle", "dragging", "animating"];

// `timeline`: timeline.js's; `output`: the element that shows the reading.
export function attachReadout(timeline, output) {
  const canvas = timeline.canvas;
  const hint = output.textContent;
  const clear = () => {
    if (timeline.cursorWall === null) return;
    timeline.cursorWall = null;
    output.textContent = hint;
    timeline.showCursor();
  };
  canvas.addEventListener("pointermove", (event) => {
    const box = canvas.getBoundingClientRect();
    const x = event.clientX - box.left;
    const right = box.width - PAD.right;
    const xScale = (right - PAD.left) / timeline.windowMs;
    if (x < PAD.left || x > right || !(xScale > 0)) return clear();
    const wall = timeline.drawnAt - (right - x) / xScale;
    timeline.cursorWall = wall;
    output.textContent = reading(timeline.series, wall);
    timeline.showCursor();
  });
  canvas.addEventListener("pointerleave", clear);
}

// "1.234 s · position 120.0 pt · velocity -300 pt/s · animating", per series ("A: ...; B: ...").
export function reading(allSeries, wall) {
  const parts = allSeries.map((series) => {
    const at = nearest(series, series.sessionTime(wall));
    const prefix = allSeries.length > 1 ? `${series.name}: ` : "";
    if (at === null) return `${prefix}no frames`;
    const slot = series.at(at);
    const time = series.time[slot];
    // Farther from a frame than half a gap: nothing was sent there.
    if (Math.abs(series.wall(time) - wall) > GAP_MS / 2) return `${prefix}no frames here`;
    const velocity = Math.round(series.velocity[slot]) || 0;
    return `${prefix}${(time / 1000).toFixed(3)} s · position ${series.offset[slot].toFixed(1)} pt · velocity ${velocity} pt/s · ${PHASE_NAMES[series.phase[slot]] ?? "idle"}`;
  });
  return parts.join("; ");
}

// The index of the sample nearest session time `time`, or null for none (times only grow).
function nearest(series, time) {
  if (series.length === 0) return null;
  let low = 0;
  let high = series.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (series.time[series.at(middle)] < time) low = middle + 1;
    else high = middle;
  }
  if (low > 0 && time - series.time[series.at(low - 1)] < series.time[series.at(low)] - time) return low - 1;
  return low;
}
