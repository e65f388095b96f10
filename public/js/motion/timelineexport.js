// The span of the timeline on screen as files: a CSV of every frame in it (each series' session
// time, position, velocity, target and phase, the numbers exactly as the frames carried them) and
// a PNG of the picture itself.

import { PHASE_NAMES } from "./timelineseries.js";

export const CSV_HEADER = "series,time_ms,offset_pt,velocity_pt_s,target_pt,phase";

// The frames of `allSeries` whose wall time lies in [start, end], series after series, as CSV.
export function spanCSV(allSeries, start, end) {
  const lines = [CSV_HEADER];
  for (const series of allSeries) {
    const name = csvText(series.name);
    for (let i = series.indexFrom(series.sessionTime(start)); i < series.length; i++) {
      const slot = series.at(i);
      const time = series.time[slot];
      if (series.wall(time) > end) break;
      const target = series.target[slot];
      const cells = [name, time, series.offset[slot], series.velocity[slot], Number.isNaN(target) ? "" : target, PHASE_NAMES[series.phase[slot]] ?? "idle"];
      lines.push(cells.join(","));
    }
  }
  return lines.join("\n") + "\n";
}

// A text cell: quoted when it holds a comma, quote or line break, and kept from being read as a
// formula by a spreadsheet (a leading =, +, -, @ or tab gets a ' before it).
export function csvText(text) {
  let cell = String(text);
  if (/^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

// "timeline-12.340-15.020s": the first series' session times at the span's ends, for file names.
export function spanName(allSeries, start, end) {
  const series = allSeries[0];
  const seconds = (wall) => (Number.isFinite(series.shift) ? series.sessionTime(wall) / 1000 : 0).toFixed(3);
  return `timeline-${seconds(start)}-${seconds(end)}s`;
}
