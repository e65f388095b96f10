// The timeline as an instrument, without a browser: the span it shows (timelineview.js) zooms and
// pans inside the 60 s kept, a keyboard cursor steps frame by frame through every series
// (timelinekeys.js), the CSV of a span carries each frame's numbers exactly (timelineexport.js),
// and the time scale's lines stay few over any span (timelinepainter.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { CSV_HEADER, csvText, spanCSV } from "../../public/js/motion/timelineexport.js";
import { cursorAfter } from "../../public/js/motion/timelinekeys.js";
import { TimelinePainter } from "../../public/js/motion/timelinepainter.js";
import { Series } from "../../public/js/motion/timelineseries.js";
import { HISTORY_MS, MIN_SPAN_MS, TimelineView } from "../../public/js/motion/timelineview.js";

function seriesOf(name, times, shift = 0) {
  const series = new Series({ key: name, name, color: "#000" });
  times.forEach((time, i) => {
    series.push({ time, offset: i * 10, velocity: 100, phase: "animating", target: null });
    series.arrived(time, time + shift);
  });
  return series;
}

test("live, the view is the window up to now; frozen, it stays, zooms and pans inside the history", () => {
  const view = new TimelineView(4000);
  assert.deepEqual(view.span(10000), { start: 6000, end: 10000 });
  view.freeze(100000);
  assert.deepEqual(view.span(250000), { start: 96000, end: 100000 });
  view.zoomTo(99000, 98000); // dragged right to left
  assert.deepEqual(view.span(0), { start: 98000, end: 99000 });
  view.zoomTo(5, 5); // a point: the narrowest span around it, moved inside the history
  assert.deepEqual(view.span(0), { start: 100000 - HISTORY_MS, end: 100000 - HISTORY_MS + MIN_SPAN_MS });
  view.showAll();
  assert.deepEqual(view.span(0), { start: 100000 - HISTORY_MS, end: 100000 });
  view.zoomTo(90000, 91000);
  view.zoomBy(2, 90250); // closer, 90250 stays a quarter of the way in
  assert.deepEqual(view.span(0), { start: 90125, end: 90625 });
  view.zoomBy(1e-9, 90250); // as far as it goes: the history, no wider
  assert.deepEqual(view.span(0), { start: 100000 - HISTORY_MS, end: 100000 });
  view.zoomTo(90000, 91000);
  view.reveal(95000.5); // past the right edge: pans, same width
  assert.deepEqual(view.span(0), { start: 94000.5, end: 95000.5 });
  view.reveal(95000); // inside: stays
  assert.deepEqual(view.span(0), { start: 94000.5, end: 95000.5 });
  for (const bad of [NaN, Infinity, -Infinity]) {
    view.zoomTo(bad, 1);
    view.reveal(bad);
    assert.deepEqual(view.span(0), { start: 94000.5, end: 95000.5 });
  }
  view.goLive();
  assert.deepEqual(view.span(7000), { start: 3000, end: 7000 });
});

test("a span's CSV holds exactly the frames in it, each number as the frame carried it", () => {
  const awkward = [0.1 + 0.2, -0, 5e-324, 1e-307, -1.7976931348623157e308, 123456.789, 1 / 3];
  const series = new Series({ key: "main", name: "This carousel", color: "#000" });
  awkward.forEach((value, i) => {
    series.push({ time: 1000 + 16 * i, offset: value, velocity: -value, phase: i % 2 ? "dragging" : "idle", target: i === 3 ? { offset: value } : null });
    series.arrived(1000 + 16 * i, 5000 + 16 * i);
  });
  // Wall times 5016 to 5080: the frames from the second to the sixth.
  const lines = spanCSV([series], 5016, 5080).trimEnd().split("\n");
  assert.equal(lines[0], CSV_HEADER);
  const rows = lines.slice(1).map((line) => line.split(","));
  assert.deepEqual(
    rows.map((row) => Number(row[1])),
    [1016, 1032, 1048, 1064, 1080],
  );
  rows.forEach((row, i) => {
    const value = awkward[i + 1];
    assert.equal(row[0], "This carousel");
    assert.ok(Number(row[2]) === value && Number(row[3]) === -value, `row ${i}: ${row}`);
    assert.equal(row[4], i + 1 === 3 ? String(value) : "");
    assert.equal(row[5], (i + 1) % 2 ? "dragging" : "idle");
  });
});

test("a series' name is one CSV cell whatever it holds, and never a spreadsheet formula", () => {
  assert.equal(csvText("A"), "A");
  assert.equal(csvText('v2, "fast"'), '"v2, ""fast"""');
  assert.equal(csvText("two\nlines"), '"two\nlines"');
  for (const formula of ["=HYPERLINK(1)", "+1", "-1", "@SUM(A1)"]) assert.equal(csvText(formula), `'${formula}`);
  assert.equal(csvText("=1,2"), `"'=1,2"`);
});

test("the keyboard cursor steps through every series' frames, one at a time or ten, and stops at the ends", () => {
  const a = seriesOf("A", [0, 20, 40, 60]);
  const b = seriesOf("B", [10, 20, 30], 0); // 20 is in both: one frame on the axis
  const walls = [0, 10, 20, 30, 40, 60];
  const timeline = { series: [a, b], drawnSpan: { start: 5, end: 45 }, pinnedWall: null };
  assert.equal(cursorAfter(timeline, { steps: -1 }), 40); // no cursor: from the right edge
  assert.equal(cursorAfter(timeline, { steps: 1 }), 10); // from the left edge
  for (let i = 0; i < walls.length; i++) {
    timeline.pinnedWall = walls[i];
    assert.equal(cursorAfter(timeline, { steps: 1 }), walls[Math.min(i + 1, walls.length - 1)]);
    assert.equal(cursorAfter(timeline, { steps: -1 }), walls[Math.max(i - 1, 0)]);
    assert.equal(cursorAfter(timeline, { steps: 10 }), 60);
    assert.equal(cursorAfter(timeline, { steps: -10 }), 0);
  }
  timeline.pinnedWall = 15; // between frames
  assert.equal(cursorAfter(timeline, { steps: 1 }), 20);
  assert.equal(cursorAfter(timeline, { steps: -1 }), 10);
  assert.equal(cursorAfter(timeline, { edge: "first" }), 0);
  assert.equal(cursorAfter(timeline, { edge: "last" }), 60);
  assert.equal(cursorAfter({ series: [seriesOf("E", [])], drawnSpan: { start: 0, end: 1 }, pinnedWall: null }, { steps: 1 }), null);
});

// The time scale's labels, through a context that keeps fillText's text.
function timeLabels(start, end, anchor, isLive) {
  const texts = [];
  const context = new Proxy(
    {},
    {
      get: (_, name) => (name === "fillText" ? (text) => texts.push(text) : name === "measureText" ? () => ({ width: 10 }) : () => {}),
      set: () => true,
    },
  );
  new TimelinePainter().paint(context, { series: [seriesOf("A", [])], start, end, anchor, isLive, width: 496, height: 200 });
  return texts.filter((text) => /^(now|paused|−[\d.]+ s)$/.test(text));
}

test("the time scale counts back from its moment in a few round steps over any span", () => {
  assert.deepEqual(timeLabels(6000, 10000, 10000, true), ["now", "−1 s", "−2 s", "−3 s", "−4 s"]);
  assert.deepEqual(timeLabels(40000, 100000, 100000, false), ["paused", "−10 s", "−20 s", "−30 s", "−40 s", "−50 s", "−60 s"]);
  assert.deepEqual(timeLabels(99700, 99900, 100000, false), ["−0.10 s", "−0.15 s", "−0.20 s", "−0.25 s", "−0.30 s"]);
  for (const [start, end] of [[0, 20], [1e15, 1e15 + 60000], [0, 1e-3]]) {
    const count = timeLabels(start, end, end, false).length;
    assert.ok(count >= 1 && count <= 21, `${start}..${end}: ${count} labels`);
  }
});
