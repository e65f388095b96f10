// Feel of A and B (compare.html): Score feel asks both panes to score their carousels over the
// server's recorded gestures (each pane's feelpanel.js sends `{"type":"feel"}` to its own session
// and tells this page the answer), and one table puts them side by side, gesture by gesture, with
// the cells where B differs from A marked. A pane whose carousel changes since makes the scores
// stale, and the line says so.

import { MEASURES, feelSummary } from "../motion/feelpanel.js";

// The measures compared: items moved, release to rest, overshoot, smoothness, rest off the grid.
const COMPARED = MEASURES.filter(({ label }) => ["moved", "settle ms", "overshoot", "jerk", "off grid"].includes(label));

export class CompareFeel {
  // `root`: the section (its button, the two summary lines, the table); `ask(pane)`: asks a pane.
  constructor(root, { panes, ask }) {
    this.button = root.querySelector("#compare-feel-score");
    this.summaries = Object.fromEntries(panes.map((pane) => [pane, root.querySelector(`#compare-feel-${pane.toLowerCase()}`)]));
    this.wrap = root.querySelector("#compare-feel-table-wrap");
    this.body = root.querySelector("#compare-feel-table tbody");
    this.panes = panes;
    this.ask = ask;
    this.results = {};
    const head = root.querySelector("#compare-feel-table thead tr");
    const gesture = Object.assign(document.createElement("th"), { scope: "col", textContent: "gesture" });
    head.replaceChildren(gesture, ...COMPARED.flatMap(({ label, title }) => panes.map((pane) =>
      Object.assign(document.createElement("th"), { scope: "col", textContent: `${label} ${pane}`, title: `${title}: carousel ${pane}` }))));
    this.button.addEventListener("click", () => this.score());
  }

  score() {
    if (this.isAsking) return;
    this.isAsking = true;
    this.button.disabled = true;
    this.results = {};
    for (const pane of this.panes) {
      this.summaries[pane].textContent = `${pane}: scoring over the recorded gestures…`;
      this.ask(pane);
    }
  }

  // A pane's answer: `{gestures}` or `{error}`.
  receive(pane, data) {
    if (!this.panes.includes(pane)) return;
    if (typeof data.error === "string") {
      this.results[pane] = null;
      this.summaries[pane].textContent = `${pane}: cannot score the feel: ${data.error}`;
    } else {
      const gestures = Array.isArray(data.gestures) ? data.gestures.filter((g) => g && typeof g === "object") : [];
      this.results[pane] = gestures;
      this.summaries[pane].textContent = `${pane}: ${feelSummary(data, gestures)}`;
    }
    if (this.panes.every((each) => each in this.results)) {
      this.isAsking = false;
      this.button.disabled = false;
      this.table();
    }
  }

  // Pane `pane`'s carousel changed: its scores on screen are another carousel's.
  stale(pane) {
    if (!this.results[pane] || this.isAsking) return;
    this.summaries[pane].textContent = `${pane}: the carousel changed since these scores: Score feel again.`;
  }

  // One row per gesture of A (B's of the same name beside it).
  table() {
    const [first, ...others] = this.panes.map((pane) => this.results[pane] ?? []);
    const byName = others.map((gestures) => new Map(gestures.map((g) => [g.gesture, g])));
    this.body.replaceChildren(...first.map((gesture) => {
      const row = document.createElement("tr");
      const sides = [gesture, ...byName.map((map) => map.get(gesture.gesture) ?? {})];
      row.append(Object.assign(document.createElement("th"), { scope: "row", textContent: gesture.gesture }));
      for (const { cell } of COMPARED) {
        const texts = sides.map((side) => String(cell(side)));
        texts.forEach((text, index) => {
          const td = Object.assign(document.createElement("td"), { textContent: text });
          if (index > 0 && text !== texts[0]) td.classList.add("differs");
          row.append(td);
        });
      }
      return row;
    }));
    this.wrap.hidden = first.length === 0;
  }
}
