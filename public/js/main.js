// Wires the page together: the connection feeds the renderer, the panels, the motion views and the
// status bar; pointer, keyboard and buttons send inputs back. Each part is a module of its own.

import { ServerAccess, dropTokenFromAddress } from "./access.js";
import { attachCompareSwitch } from "./comparelink.js";
import { Connection } from "./connection.js";
import { Controls } from "./controls.js";
import { EmbeddedPane, embeddedPane, keepEmbedded } from "./embed.js";
import { EventLog } from "./eventlog.js";
import { Exporter } from "./exporter.js";
import { ExportPanel } from "./exportpanel.js";
import { Joining } from "./joining.js";
import { Navigation } from "./navigation.js";
import { PhoneDialog } from "./phone.js";
import { Playback } from "./playback.js";
import { attachPointer } from "./pointer.js";
import { recordingPanel } from "./recordingpanel.js";
import { Renderer } from "./renderer.js";
import { connectionQuery, shareURL } from "./share.js";
import { Status } from "./status.js";
import { Timeline } from "./timeline.js";

// The token that opened the page is now in its cookie; the address bar forgets it at once.
dropTokenFromAddress();
const access = new ServerAccess(); // whether links must carry the token, and where phones reach the server

// The address: the session to join and a share link's settings, which the server applies to the
// session it creates (its welcome says what it applied and ignored).
const params = new URLSearchParams(location.search);
const address = connectionQuery(params);
const session = address.session;
const pane = embeddedPane(params); // in a pane of a comparison (compare.html) the other pane's drags come here too
const embed = pane ? new EmbeddedPane(pane, { onMirror: (message) => sendMirrored(message) }) : null;
const prefersReducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
const status = new Status(session);
if (address.ignored.length > 0) status.notice(`Ignored from the link: ${address.ignored.join(", ")}`, "error");
const carousel = document.getElementById("carousel");
const renderer = new Renderer({
  carousel,
  viewport: document.getElementById("viewport"),
  dots: document.getElementById("dots"),
  counter: document.getElementById("counter"),
  stage: document.getElementById("device"),
});
let items = [];
let config = null;
let sessionClock = "live";
// The first connection asks with the page's address; every later one with the link of the
// carousel on screen, so a new server process (a restart, another worker) makes it again.
const connection = new Connection(() => (config ? new URL(currentShareURL()).searchParams : address.query).toString(), {
  onState: (state, delay) => {
    document.body.dataset.connection = state;
    status.connection(state, delay);
  },
  onLatency: (milliseconds) => status.latency(milliseconds),
  onMessage: handle,
});
const send = (message) => connection.send(message);
const feedback = { notice: (text, kind) => status.notice(text, kind), announce: (text) => status.announce(text) };
const joining = new Joining({ session, send, notice: feedback.notice, prefersReducedMotion });
const controls = new Controls(document.getElementById("controls"), send, { prefersReducedMotion });
const exporter = new Exporter(send);
const shareLink = () => (config ? currentShareURL() : null);
new ExportPanel({ exporter, shareLink, access: () => access.answer, notice: feedback.notice });
new PhoneDialog({
  button: document.getElementById("open-phone"),
  dialog: document.getElementById("phone-dialog"),
  shareLink: () => shareLink() ?? location.href,
  access: () => access.answer,
});
const navigation = new Navigation({ carousel, send, announce: feedback.announce });
const { recorder, replayer } = recordingPanel({ send, ...feedback, session });
const timeline = new Timeline(document.getElementById("timeline"), {
  series: [{ key: "main", name: "This carousel", color: "#4c6ef5" }],
  windowMs: 4000,
});
const playback = new Playback({ replayer, timeline, pauseButton: document.getElementById("timeline-pause"), send, ...feedback });
const eventLog = new EventLog(document.getElementById("event-list"), { client: () => connection.client });

function welcome(message) {
  joining.welcome(message);
  status.viewers(message.viewers);
  sessionClock = message.clock;
  exporter.reset(); // this connection may have reached another server
  recorder.reset(message.clock, message.recording);
  replayer.reset();
  playback.reset();
  eventLog.welcome(message);
  embed?.reset();
  applyConfig(message.config, message.items);
  reportVisibility();
}

function handle(message, text) {
  switch (message.type) {
    case "welcome": return welcome(message);
    case "config": applyConfig(message.config, message.items); return eventLog.config(message);
    case "export": return exporter.receive(message);
    case "record": return recorder.state(message);
    case "recording": return recorder.receive(message, text);
    case "ghost": return replayer.ghostAt(message);
    case "viewers": return status.viewers(message.count, message.viewers, connection.client);
    case "replay":
      replayer.state(message);
      playback.state(message);
      eventLog.replay(message);
      return embed?.reset();
    case "frame":
      renderer.setFrame(message);
      playback.plot(message);
      eventLog.frame(message);
      recorder.frame(message);
      status.frame(message);
      navigation.frame(message);
      return embed?.frame(message);
    case "error":
      if (message.ref === "export") return exporter.fail(message);
      if (message.ref === "replay") return replayer.fail(message);
      if (!playback.isRefusedForReplay(message)) status.notice(message.message, "error");
  }
}

function applyConfig(newConfig, newItems) {
  config = newConfig;
  items = newItems;
  renderer.setItems(newItems);
  renderer.setConfig(newConfig);
  controls.update(newConfig, newItems);
  navigation.setItems(newItems);
  navigation.setConfig(newConfig);
  // The session's name links to the carousel on screen, and so does the address bar: reloading or
  // bookmarking the page keeps the carousel.
  const url = currentShareURL();
  status.shareLink(url);
  embed?.link(url);
  const kept = embed ? keepEmbedded(url, pane) : url;
  if (kept + location.hash !== location.href) history.replaceState(history.state, "", kept + location.hash);
}

function currentShareURL() {
  return shareURL(`${location.origin}${location.pathname}`, { session, clock: sessionClock, config, itemCount: items.length });
}

attachCompareSwitch(document.getElementById("compare-switch"), {
  shareLink,
  currentItem: () => navigation.currentItem,
  isEmbedded: embed !== null,
});

// This page's finger, and in a comparison the other pane's (sent on to it first), kept out of a replay.
const sendPointer = playback.pointerGate((message) => embed?.pointer(message));
const sendMirrored = playback.pointerGate(() => {});
attachPointer(document.getElementById("viewport"), renderer, sendPointer, (point) => {
  if (replayer.isReplaying) return;
  const item = renderer.itemAt(point);
  if (item) status.notice(`Opened “${item.title || item.id}”`);
});

// On a narrow screen the device card sticks to the top (style.css): what focus or a link scrolls to
// is kept below it, so the card never hides the control in use.
new ResizeObserver(() => {
  document.documentElement.style.setProperty("--device-height", `${document.getElementById("device").offsetHeight}px`);
}).observe(document.getElementById("device"));

function reportVisibility() {
  send({ type: "visibility", hidden: document.visibilityState === "hidden" });
}
document.addEventListener("visibilitychange", reportVisibility);

connection.connect();
