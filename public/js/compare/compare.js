// The comparison page (compare.html): carousels A and B, each the single page in a frame of its
// own (its own session and settings panel; embed.js is its side of the channel). A drag on either
// is sent to both: each pointer message a pane sends its session goes, unchanged, to the other
// pane, which sends it to its own. Both panes' frames feed one timeline, overlaid in two colours
// on one time axis (their arrival times). The page's address names both carousels and follows
// their share links, so it reopens the same comparison.

import { copyText } from "../ui/clipboard.js";
import { CompareFeel } from "./comparefeel.js";
import { comparisonURL, describe, paneQuery, readComparison, singleURL } from "./comparelink.js";
import { reportDrawErrorsTo } from "../carousel/drawguard.js";
import { PANES } from "./embed.js";
import { attachTimelineButtons, timelineButtons } from "../motion/timelinebuttons.js";
import { Timeline } from "../motion/timeline.js";

const COLORS = { A: "#3b5bdb", B: "#d9480f" };

const queries = readComparison(new URLSearchParams(location.search));
const state = { A: queries.a, B: queries.b };
const frames = { A: document.getElementById("pane-a"), B: document.getElementById("pane-b") };
const captions = { A: document.getElementById("pane-a-tuning"), B: document.getElementById("pane-b-tuning") };
const legends = { A: document.getElementById("legend-a"), B: document.getElementById("legend-b") };
const canvas = document.getElementById("compare-timeline");
const settleText = document.getElementById("compare-settle");
const notices = document.getElementById("notices");
// The timeline skips a picture it cannot draw and says so once (drawguard.js).
reportDrawErrorsTo((text) => notice(text, "error"));

for (const pane of PANES) document.documentElement.style.setProperty(`--pane-${pane.toLowerCase()}`, COLORS[pane]);

const timeline = new Timeline(canvas, {
  series: PANES.map((pane) => ({ key: pane, name: pane, color: COLORS[pane] })),
  windowMs: 4000,
  readout: document.getElementById("compare-timeline-readout"),
});

const feel = new CompareFeel(document.getElementById("compare-feel"), {
  panes: PANES,
  ask: (pane) => frames[pane].contentWindow.postMessage({ kind: "feel" }, location.origin),
});

// The timeline keeps the canvas's accessible name, each carousel's last settle time; the same
// text shows below it.
function showSettle() {
  if (settleText.textContent !== timeline.label) settleText.textContent = timeline.label;
}
showSettle();

function currentURL() {
  return comparisonURL(location.href, state.A, state.B);
}

function showPanes() {
  for (const pane of PANES) {
    const text = describe(state[pane]);
    captions[pane].textContent = text;
    captions[pane].title = text; // the caption may end in an ellipsis
    legends[pane].textContent = `${pane}: ${text}`;
  }
  if (currentURL() !== location.href) history.replaceState(history.state, "", currentURL());
}

for (const pane of PANES) {
  frames[pane].src = `index.html?embed=${pane}&${state[pane]}`;
}
showPanes();

function paneOf(source) {
  return PANES.find((pane) => frames[pane].contentWindow === source) ?? null;
}

window.addEventListener("message", (event) => {
  if (event.origin !== location.origin) return;
  const pane = paneOf(event.source);
  const data = event.data;
  if (pane === null || !data || data.pane !== pane) return;
  switch (data.kind) {
    case "pointer": {
      const other = pane === "A" ? "B" : "A";
      frames[other].contentWindow.postMessage({ kind: "mirror", message: data.message }, location.origin);
      break;
    }
    case "frame":
      timeline.add(pane, data.frame, data.arrivalMs);
      showSettle();
      break;
    case "reset":
      timeline.reset(pane);
      showSettle();
      break;
    case "link":
      if (state[pane] !== paneQuery(data.url)) feel.stale(pane);
      state[pane] = paneQuery(data.url);
      showPanes();
      break;
    case "feel":
      feel.receive(pane, data);
      break;
    case "size":
      if (Number.isFinite(data.height) && data.height > 0) frames[pane].style.height = `${Math.ceil(data.height)}px`;
      break;
  }
});

// Compare off: carousel A on its own page.
document.getElementById("compare-switch").addEventListener("click", () => {
  location.assign(singleURL(location.href, state.A));
});

attachTimelineButtons(timeline, timelineButtons("compare"), () => {
  timeline.paused = !timeline.paused;
  showSettle();
});

document.getElementById("copy-comparison").addEventListener("click", async () => {
  const box = document.getElementById("copied");
  box.hidden = false;
  const how = await copyText(currentURL(), document.getElementById("copied-text"));
  document.getElementById("copied-label").textContent =
    how === "clipboard" ? "Copied the comparison link" : "Comparison link: press Ctrl+C (⌘C) to copy";
  notice(how === "clipboard" ? "Link copied: it opens this comparison, both carousels and their settings" : "The link is selected: press Ctrl+C to copy it");
});

function notice(text, kind = "info") {
  const element = document.createElement("div");
  element.className = `notice ${kind}`;
  element.textContent = text;
  notices.append(element);
  while (notices.childElementCount > 3) notices.firstElementChild.remove();
  setTimeout(() => element.remove(), 4000);
}
