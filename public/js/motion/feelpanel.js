// "Score feel": the session's carousel scored by the server over its recorded gesture corpus
// (`{"type":"feel"}`, docs/guide/feel.md): the server's line that sums it up in words, and a table of
// the gestures, worst first, each with its verdict ("fine", "jumps", "overshoots", "slow to settle",
// with the number that decided it; the server judges, FeelVerdict.swift), the items it moved and its
// release to rest. A row's other measures are in its gesture's details (and its title), so the table
// stays as narrow as its column. A change of the carousel makes the scores stale, and the line says so.

export const whole = (value) => (Number.isFinite(value) ? String(Math.round(value) || 0) : "–");
export const fixed = (value) => (Number.isFinite(value) ? value.toFixed(1) : "–");

// Every measure shown: `label` (a heading; `name` in the details, when another), `title` (what it
// is), `cell(gesture)` (its number) and `unit` (after the number in the details). Compare's table
// shows some of them side by side.
export const MEASURES = [
  { label: "meant", title: "items UIKit's projection meant", cell: (g) => whole(g.intendedItems), unit: "items" },
  { label: "moved", title: "items it moved", cell: (g) => whole(g.movedItems), unit: "items" },
  { label: "settle ms", name: "settle", title: "release to rest, ms (– caught by the next gesture)", cell: (g) => whole(g.settleMs), unit: "ms" },
  { label: "overshoot", title: "past its rest, pt", cell: (g) => fixed(g.overshoot), unit: "pt" },
  { label: "jerk", title: "mean frame-to-frame bend, pt", cell: (g) => fixed(g.jerk), unit: "pt" },
  { label: "off grid", title: "rest off the snap grid, pt", cell: (g) => fixed(g.restOffGrid), unit: "pt" },
  { label: "jump", title: "largest move from one frame to the next, pt", cell: (g) => whole(g.largestJump), unit: "pt" },
  { label: "top speed", title: "fastest speed, pt/s", cell: (g) => whole(g.fastestSpeed), unit: "pt/s" },
];

const measure = (label) => MEASURES.find((each) => each.label === label);

// The server's verdict of a gesture, or a blank one (an answer without verdicts).
export function verdictOf(gesture) {
  const verdict = gesture.verdict && typeof gesture.verdict === "object" ? gesture.verdict : {};
  const text = typeof verdict.text === "string" ? verdict.text : "–";
  const says = typeof verdict.says === "string" ? verdict.says : "";
  const rank = Number.isFinite(verdict.rank) ? verdict.rank : 0;
  // How far past its limit the worst finding went: orders gestures of the same verdict.
  const past = Number.isFinite(verdict.value) && Number.isFinite(verdict.limit) && verdict.limit > 0 ? verdict.value / verdict.limit : 0;
  return { text, says, rank, past };
}

// `gestures` worst first: by the verdict's rank, then how far past its limit, then the corpus's order.
export function worstFirst(gestures) {
  const judged = gestures.map((gesture, index) => ({ gesture, index, verdict: verdictOf(gesture) }));
  judged.sort((a, b) => b.verdict.rank - a.verdict.rank || b.verdict.past - a.verdict.past || a.index - b.index);
  return judged.map(({ gesture }) => gesture);
}

// Every measure of `gesture` in a line: "meant 2 items · moved 1 items · ...".
export const detailText = (gesture) => MEASURES.map(({ label, name = label, cell, unit }) => `${name} ${cell(gesture)} ${unit}`).join(" · ");

// The table's columns after the gesture: [heading, what it is, cell].
const COLUMNS = [
  ["verdict", "how it felt, and the number that decided it (docs/guide/feel.md)", (g) => verdictOf(g).text],
  ...["moved", "settle ms"].map((label) => [label, measure(label).title, measure(label).cell]),
];

// The line that sums an answer up: the server's, or how many gestures it scored.
export function feelSummary(answer, gestures) {
  return typeof answer.summary === "string" ? answer.summary : `${gestures.length} recorded gestures`;
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
    const heading = (label, title) => Object.assign(document.createElement("th"), { scope: "col", textContent: label, title });
    head.replaceChildren(heading("gesture", "the recorded gesture (open it for every measure)"), ...COLUMNS.map(([label, title]) => heading(label, title)));
    head.children[1].className = "feel-verdict";
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
    const summary = feelSummary(message, gestures);
    this.summary.textContent = summary;
    this.body.replaceChildren(...worstFirst(gestures).map((gesture) => row(gesture)));
    this.wrap.hidden = gestures.length === 0;
    this.embed?.feel({ gestures, summary });
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

// A gesture's row: its name (opening to every measure), its verdict, the items moved, release to rest.
function row(gesture) {
  const tr = document.createElement("tr");
  const details = document.createElement("details");
  const name = Object.assign(document.createElement("summary"), { textContent: String(gesture.gesture ?? "") });
  details.append(name, Object.assign(document.createElement("p"), { className: "feel-details", textContent: detailText(gesture) }));
  const head = Object.assign(document.createElement("th"), { scope: "row" });
  head.append(details);
  tr.title = detailText(gesture);
  tr.dataset.verdict = verdictOf(gesture).says;
  tr.append(head, ...COLUMNS.map(([, , cell]) => Object.assign(document.createElement("td"), { textContent: String(cell(gesture)) })));
  tr.children[1].className = "feel-verdict";
  return tr;
}
