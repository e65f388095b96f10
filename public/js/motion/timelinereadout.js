// What the timeline reads at its cursor: under the canvas, each series' session time, position,
// velocity and phase (from the frame nearest the cursor); a stretch with no frames says so rather
// than make a value up. With no cursor it shows how to read the timeline. It reads the picture on
// screen: paused, the paused moment.

import { GAP_MS } from "./timelinepainter.js";
import { PHASE_NAMES } from "./timelineseries.js";


export class Readout {
  // `timeline`: timeline.js's; `output`: the element that shows the reading (its text at first is
  // the hint shown with no cursor).
  constructor(timeline, output) {
    this.timeline = timeline;
    this.output = output;
    this.hint = output.textContent;
    // Resuming drops the pinned cursor.
    timeline.onPausedChange(() => this.show());
  }

  // The reading at the timeline's cursor, or the hint. `byKey`: a key moved the cursor, so a screen
  // reader says the reading (a pointer's would be chatter).
  show(byKey = false) {
    const wall = this.timeline.cursorWall;
    const text = wall === null ? this.hint : reading(this.timeline.series, wall);
    this.output.setAttribute("aria-live", byKey ? "polite" : "off");
    if (this.output.textContent !== text) this.output.textContent = text;
  }
}

// "1.234 s · position 120.0 pt · velocity -300 pt/s · animating", per series ("A: ...; B: ...").
export function reading(allSeries, wall) {
  const parts = allSeries.map((series) => {
    const at = series.nearest(series.sessionTime(wall));
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
