// The timeline's buttons: Pause/Resume (pausetoggle.js), "Last 60 s" (the whole history, paused)
// and the export of the span on screen as CSV and PNG (timelineexport.js).

import { offerDownload } from "../settings/settingsdownload.js";
import { attachPauseToggle } from "./pausetoggle.js";
import { spanCSV, spanName } from "./timelineexport.js";

// `buttons`: { pause, all, csv, png } elements; `onPause`: what Pause/Resume does.
export function attachTimelineButtons(timeline, buttons, onPause) {
  attachPauseToggle(buttons.pause, timeline, onPause);
  buttons.all.addEventListener("click", () => timeline.showAll());
  buttons.csv.addEventListener("click", () => {
    const { start, end } = timeline.drawnSpan;
    offerDownload(spanCSV(timeline.series, start, end), `${spanName(timeline.series, start, end)}.csv`, "text/csv");
  });
  buttons.png.addEventListener("click", () => {
    const { start, end } = timeline.drawnSpan;
    const name = `${spanName(timeline.series, start, end)}.png`;
    timeline.canvas.toBlob((blob) => blob && offerDownload(blob, name, "image/png"), "image/png");
  });
}

// The buttons a page names `${prefix}-pause`, `-all`, `-csv` and `-png`.
export function timelineButtons(prefix) {
  const byId = (suffix) => document.getElementById(`${prefix}-${suffix}`);
  return { pause: byId("pause"), all: byId("all"), csv: byId("csv"), png: byId("png") };
}
