// Wires the page together: the connection feeds the renderer, the controls and the status bar;
// pointer, keyboard and buttons send inputs back.

import { Connection } from "./connection.js";
import { Controls } from "./controls.js";
import { attachPointer } from "./pointer.js";
import { Renderer } from "./renderer.js";
import { Status } from "./status.js";

const params = new URLSearchParams(location.search);
const session = params.get("session") || "default";
const query = new URLSearchParams({ session });
for (const key of ["clock", "preset"]) if (params.get(key)) query.set(key, params.get(key));

const prefersReducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
const status = new Status(session);
const renderer = new Renderer({
  carousel: document.getElementById("carousel"),
  viewport: document.getElementById("viewport"),
  dots: document.getElementById("dots"),
  counter: document.getElementById("counter"),
  stage: document.getElementById("device"),
});
const pauseButton = document.getElementById("pause");
const carousel = document.getElementById("carousel");
let items = [];
let latestFrame = null;
let hasJoinedBefore = false;

const connection = new Connection(query.toString(), {
  onState: (state, delay) => {
    document.body.dataset.connection = state;
    status.connection(state, delay);
  },
  onLatency: (milliseconds) => status.latency(milliseconds),
  onMessage: handle,
});
const send = (message) => connection.send(message);
const controls = new Controls(document.getElementById("controls"), send, { prefersReducedMotion });

function handle(message) {
  switch (message.type) {
    case "welcome":
      status.viewers(message.viewers);
      applyConfig(message.config, message.items);
      reportVisibility();
      if (!hasJoinedBefore && prefersReducedMotion && message.config.autoscroll.enabled) {
        send({ type: "command", name: "autoscroll", enabled: false });
        status.notice("Auto-scroll is off because your system asks for reduced motion; press play to start it.");
      }
      hasJoinedBefore = true;
      break;
    case "config":
      applyConfig(message.config, message.items);
      break;
    case "frame":
      latestFrame = message;
      // Plain attributes for automation and styling: what the carousel shows right now.
      carousel.dataset.index = String(message.index);
      carousel.dataset.count = String(message.count);
      carousel.dataset.phase = message.phase;
      carousel.dataset.autoscroll = message.autoscroll.state;
      renderer.setFrame(message);
      status.frame(message);
      updatePauseButton();
      announceSettled(message);
      break;
    case "viewers":
      status.viewers(message.count);
      break;
    case "error":
      status.notice(message.message, "error");
      break;
  }
}

function applyConfig(config, newItems) {
  items = newItems;
  renderer.setItems(newItems);
  renderer.setConfig(config);
  controls.update(config, newItems);
}

function announceSettled(frame) {
  if (frame.autoscroll.state === "running") return;
  for (const event of frame.events) {
    if (event.type !== "settled") continue;
    const item = items[event.index];
    status.announce(`${event.index + 1} of ${frame.count}${item && item.title ? `: ${item.title}` : ""}`);
  }
}

function updatePauseButton() {
  const state = latestFrame ? latestFrame.autoscroll.state : "stopped";
  const isOn = state !== "stopped";
  pauseButton.textContent = isOn ? "Pause auto-scroll" : "Play auto-scroll";
  pauseButton.setAttribute("aria-pressed", String(!isOn));
  pauseButton.disabled = latestFrame !== null && latestFrame.count < 2;
}

pauseButton.addEventListener("click", () => {
  const isOn = latestFrame && latestFrame.autoscroll.state !== "stopped";
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

attachPointer(document.getElementById("viewport"), renderer, send, (point) => {
  const item = renderer.itemAt(point);
  if (item) status.notice(`Opened “${item.title || item.id}”`);
});

function reportVisibility() {
  send({ type: "visibility", hidden: document.visibilityState === "hidden" });
}
document.addEventListener("visibilitychange", reportVisibility);

connection.connect();
