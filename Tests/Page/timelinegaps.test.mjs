// The timeline's lines (motion/timelinepainter.js) through a fake canvas: frames 16 ms apart join,
// a stretch with no frames (an idle carousel before its next auto-scroll) is drawn as a gap, and the
// last value is held only while frames still come.

import assert from "node:assert/strict";
import { test } from "node:test";

import { GAP_MS, TimelinePainter } from "../../public/js/motion/timelinepainter.js";
import { Series } from "../../public/js/motion/timelineseries.js";

// A canvas context that keeps each path's moveTo/lineTo calls, in CSS pixels.
function recordingContext() {
  const paths = [];
  let current = null;
  const ignored = () => {};
  return new Proxy(
    { paths },
    {
      get(target, name) {
        if (name === "paths") return paths;
        if (name === "beginPath") return () => paths.push((current = []));
        if (name === "moveTo" || name === "lineTo") return (x, y) => current?.push([name, x, y]);
        if (name === "measureText") return () => ({ width: 10 });
        return ignored;
      },
      set: () => true,
    },
  );
}

function seriesOf(samples) {
  const series = new Series({ key: "A", name: "A", color: "#000" });
  for (const [time, offset, velocity] of samples) {
    series.push({ time, offset, velocity, phase: velocity === 0 ? "idle" : "animating", target: null, events: [] });
    series.arrived(time, time);
  }
  return series;
}

// The series' lines: paths mostly of lineTo (the grid and the axes are a moveTo and a lineTo each).
const seriesPaths = (context) =>
  context.paths.filter((path) => path.filter(([name]) => name === "lineTo").length > 3 * path.filter(([name]) => name === "moveTo").length);

// The longest stretch of wall time one lineTo spans, over the series' lines, in ms.
function longestSegmentMs(context, xScale) {
  let longest = 0;
  for (const path of seriesPaths(context)) {
    for (let i = 1; i < path.length; i++) {
      if (path[i][0] === "lineTo") longest = Math.max(longest, (path[i][1] - path[i - 1][1]) / xScale);
    }
  }
  return longest;
}

test("frames 16 ms apart join; three idle seconds before an auto-scroll are a gap, not a ramp", () => {
  const motion = (from) => Array.from({ length: 20 }, (_, i) => [from + 16 * i, 10 * i, i === 19 ? 0 : 500]);
  const series = seriesOf([...motion(0), ...motion(3304)]);
  const context = recordingContext();
  const width = 496;
  const windowMs = 4000;
  new TimelinePainter().paint(context, { series: [series], start: 3304 + 16 * 19 - windowMs, end: 3304 + 16 * 19, width, height: 200 });
  const xScale = (width - 46 - 50) / windowMs;
  const longest = longestSegmentMs(context, xScale);
  assert.ok(longest < GAP_MS, `a line spans ${longest} ms`);
  assert.ok(longest > 10, "the motion itself is drawn");
});

test("at rest the last value is held a moment, not on to now", () => {
  const series = seriesOf(Array.from({ length: 10 }, (_, i) => [16 * i, i, 0]));
  const context = recordingContext();
  new TimelinePainter().paint(context, { series: [series], start: -1000, end: 3000, width: 496, height: 200 });
  const xScale = (496 - 96) / 4000;
  const right = 496 - 50;
  const drawnTo = Math.max(...seriesPaths(context).flatMap((path) => path.filter(([name]) => name === "lineTo").map(([, x]) => x)));
  assert.ok(drawnTo < right - 2000 * xScale, `a line reaches ${drawnTo} of ${right}`);
});
