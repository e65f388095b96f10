// "Score feel": the session's carousel scored by the server over its recorded gesture corpus
// (`{"type":"feel"}`, docs/guide/feel.md): a line that sums it up, and a table per gesture of where
// it went against UIKit's projection, release to rest, overshoot, smoothness and the rest off the
// grid. A change of the carousel makes the scores stale, and the line says so.

export const COLUMNS = [
  ["gesture", "gesture", (g) => g.gesture],
  ["meant", "items UIKit's projection meant", (g) => whole(g.intendedItems)],
  ["moved", "items it moved", (g) => whole(g.movedItems)],
  ["settle ms", "release to rest, ms (– caught by the next gesture)", (g) => whole(g.settleMs)],
  ["overshoot", "past its rest, pt", (g) => fixed(g.overshoot)],
  ["jerk", "mean frame-to-frame bend, pt", (g) => fixed(g.jerk)],
  ["off grid", "rest off the snap grid, pt", (g) => fixed(g.restOffGrid)],
];

export const whole = (value) => (Number.isFinite(value) ? String(Math.round(value) || 0) : "–");
export const fixed = (value) => (Number.isFinite(value) ? value.toFixed(1) : "–");

// What the line says of `gestures`: how many, the mean release to rest, and how many went other
// than UIKit's projection meant.
export function feelSummary(gestures) {
  const settles = gestures.map((g) => g.settleMs).filter(Number.isFinite);
  const mean = settles.length ? Math.round(settles.reduce((a, b) => a + b, 0) / settles.length) : null;
  const off = gestures.filter((g) => Number.isFinite(g.itemsOff) && g.itemsOff !== 0).length;
  const janky = gestures.reduce((sum, g) => sum + (Number.isFinite(g.jankyFrames) ? g.jankyFrames : 0), 0);
  const rest = mean === null ? "none came to rest" : `release to rest ${mean} ms on average`;
  return `${gestures.length} recorded gestures: ${rest}; ${off} went other than UIKit's projection; ${janky} frames bent over 0.5 pt`;
}

export class FeelPanel {
  // `root`: the Feel block (its Score button, summary line and table); `send(message)`: to the server;
  // `embed`: this page's side of a comparison, which may ask for the scores and is told them.
  constructor(root, { send, embed = null }) {
    this.button = root.querySelector("#feel-score");
    this.summary = root.querySelector("#feel-summary");
    this.wrap = root.querySelector("#feel-table-wrap");
    this.body = root.querySelector("#feel-table tbody");
    this.send = send;
    this.embed = embed;
    embed?.askedForFeel(() => this.ask());
    this.isAsking = false;
    this.hasScores = false;
    const head = root.querySelector("#feel-table thead tr");
    head.replaceChildren(...COLUMNS.map(([label, title]) => Object.assign(document.createElement("th"), { scope: "col", textContent: label, title })));
    this.button.addEventListener("click", () => this.ask());
  }

  ask() {
    if (this.isAsking) return;
    if (!this.send({ type: "feel" })) {
      this.summary.textContent = "Not connected: cannot score the feel right now.";
      this.embed?.feel({ error: "not connected" });
      return;
    }
    this.isAsking = true;
    this.button.disabled = true;
    this.summary.textContent = "Scoring this carousel over the recorded gestures…";
  }

  // The server's `feel` answer.
  answer(message) {
    const gestures = Array.isArray(message.gestures) ? message.gestures.filter((g) => g && typeof g === "object") : [];
    this.done();
    this.hasScores = true;
    this.summary.textContent = feelSummary(gestures);
    this.body.replaceChildren(
      ...gestures.map((gesture) => {
        const row = document.createElement("tr");
        row.append(...COLUMNS.map(([, , cell], column) => Object.assign(document.createElement(column ? "td" : "th"), { textContent: String(cell(gesture)) })));
        row.firstElementChild.scope = "row";
        return row;
      }),
    );
    this.wrap.hidden = gestures.length === 0;
    this.embed?.feel({ gestures });
  }

  // An error with `ref` `feel` (no corpus, or the server's limit).
  fail(message) {
    this.done();
    this.summary.textContent = `Cannot score the feel: ${message.message}`;
    this.embed?.feel({ error: message.message });
  }

  // The carousel changed: the scores on screen are another carousel's.
  stale() {
    if (this.hasScores && !this.isAsking) this.summary.textContent = "The carousel changed since these scores: Score feel again.";
  }

  done() {
    this.isAsking = false;
    this.button.disabled = false;
  }
}
