// The carousel's own controls: previous and next, the auto-scroll toggle, the arrow keys, and the
// announcement of where the carousel settled for a screen reader.

export class Navigation {
  // `send(message)`: to the session; `announce(text)`: to a screen reader.
  constructor({ carousel, send, announce }) {
    this.send = send;
    this.announce = announce;
    this.pauseButton = document.getElementById("pause");
    this.latestFrame = null;
    this.items = [];
    this.pauseButton.addEventListener("click", () => {
      const isOn = this.latestFrame && this.latestFrame.autoscroll.state !== "stopped";
      send({ type: "command", name: "autoscroll", enabled: !isOn });
    });
    document.getElementById("previous").addEventListener("click", () => send({ type: "command", name: "prev" }));
    document.getElementById("next").addEventListener("click", () => send({ type: "command", name: "next" }));
    carousel.addEventListener("keydown", (event) => {
      if (event.key === "ArrowLeft" || event.key === "ArrowUp") send({ type: "command", name: "prev" });
      else if (event.key === "ArrowRight" || event.key === "ArrowDown") send({ type: "command", name: "next" });
      else return;
      event.preventDefault();
    });
  }

  setItems(items) {
    this.items = items;
  }

  frame(frame) {
    this.latestFrame = frame;
    const isOn = frame.autoscroll.state !== "stopped";
    // A toggle with one name: aria-pressed (and its look) tells whether auto-scroll runs.
    this.pauseButton.setAttribute("aria-pressed", String(isOn));
    this.pauseButton.disabled = frame.count < 2;
    if (frame.autoscroll.state === "running") return;
    for (const event of frame.events) {
      if (event.type !== "settled") continue;
      const item = this.items[event.index];
      this.announce(`${event.index + 1} of ${frame.count}${item && item.title ? `: ${item.title}` : ""}`);
    }
  }
}
