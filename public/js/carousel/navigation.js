// The carousel's own controls: previous and next (off at the ends of a carousel that does not
// loop), the dots, the auto-scroll toggle, the arrow, Home and End keys with a hint naming them, and
// the announcement of where the carousel settled for a screen reader.

import { elementAt } from "../ui/lookup.js";
import { placeText } from "./pagercount.js";

export class Navigation {
  // `controls`: the elements it drives (the composition root finds them); `send(message)`: to the
  // session; `announce(text)`: to a screen reader.
  constructor({ carousel, controls, send, announce }) {
    this.send = send;
    this.announce = announce;
    const { pauseButton, pauseState, previousButton, nextButton, keyHint, pager, dots } = controls;
    Object.assign(this, { pauseButton, pauseState, previousButton, nextButton, keyHint, pager });
    this.latestFrame = null;
    this.config = null;
    this.items = [];
    this.pauseButton.addEventListener("click", () => {
      const isOn = this.latestFrame && this.latestFrame.autoscroll.state !== "stopped";
      send({ type: "command", name: "autoscroll", enabled: !isOn });
    });
    this.previousButton.addEventListener("click", () => send({ type: "command", name: "prev" }));
    this.nextButton.addEventListener("click", () => send({ type: "command", name: "next" }));
    dots.addEventListener("click", (event) => {
      const dot = event.target.closest("button[data-index]");
      if (dot) this.goTo(Number(dot.dataset.index));
    });
    carousel.addEventListener("keydown", (event) => {
      // The arrow keys follow the reading direction: in a right-to-left carousel ← is next.
      const [back, on] = this.isRightToLeft() ? ["ArrowRight", "ArrowLeft"] : ["ArrowLeft", "ArrowRight"];
      if (event.key === back || event.key === "ArrowUp") send({ type: "command", name: "prev" });
      else if (event.key === on || event.key === "ArrowDown") send({ type: "command", name: "next" });
      else if (event.key === "Home") this.goTo(0);
      else if (event.key === "End") this.goTo(this.count() - 1);
      else return;
      // The keys move the carousel, not the page (End would scroll it to its bottom).
      event.preventDefault();
    });
  }

  goTo(index) {
    if (index >= 0) this.send({ type: "command", name: "goto", index });
  }

  count() {
    return this.latestFrame ? this.latestFrame.count : this.items.length;
  }

  setItems(items) {
    this.items = items;
  }

  // Whether the carousel reads right to left: only a horizontal one does (a vertical one reads down).
  isRightToLeft() {
    return this.config !== null && this.config.axis !== "vertical" && this.config.direction === "rtl";
  }

  setConfig(config) {
    this.config = config;
    // The arrow keys that move this carousel: its axis's, in its reading direction.
    const isRightToLeft = this.isRightToLeft();
    this.keyHint.textContent =
      config.axis === "vertical" ? "↑ ↓ keys" : isRightToLeft ? "← → keys (right to left: ← is next)" : "← → keys";
    // The pager reads the carousel's way: the first dot, Previous and the counter on the right in
    // RTL (the browser lays the row out and mirrors the arrows' glyphs); the items' own text is not
    // mirrored.
    this.pager.dir = isRightToLeft ? "rtl" : "ltr";
    if (this.latestFrame) this.updateArrows(this.latestFrame);
  }

  // Previous and next are off where they would do nothing: with one item, and at the ends of a
  // carousel that does not loop.
  updateArrows(frame) {
    const isLooping = this.config ? this.config.loop : true;
    const isAlone = frame.count < 2;
    this.previousButton.disabled = isAlone || (!isLooping && frame.index <= 0);
    this.nextButton.disabled = isAlone || (!isLooping && frame.index >= frame.count - 1);
  }

  // The item the carousel is on, or heading for while it moves; null before the first frame.
  get currentItem() {
    const frame = this.latestFrame;
    if (!frame || frame.count === 0) return null;
    return frame.target ? frame.target.index : frame.index;
  }

  frame(frame) {
    this.latestFrame = frame;
    this.updateArrows(frame);
    const isOn = frame.autoscroll.state !== "stopped";
    // The toggle keeps one name; aria-pressed (and its look) tells whether auto-scroll runs, and so
    // does the word beside the name for the eye.
    this.pauseButton.setAttribute("aria-pressed", String(isOn));
    this.pauseState.textContent = isOn ? ": on" : ": off";
    this.pauseButton.disabled = frame.count < 2;
    if (frame.autoscroll.state === "running") return;
    for (const event of frame.events) {
      if (event.type !== "settled") continue;
      const item = elementAt(this.items, event.index);
      // As the counter says it: "Page 2 of 3" when a page holds several items.
      this.announce(`${placeText(frame, event.index)}${item && item.title ? `: ${item.title}` : ""}`);
    }
  }
}
