// Wires the page together: the connection feeds the renderer, the controls and the status bar;
// pointer, keyboard and buttons send inputs back.

import { dropTokenFromAddress, loadAccess, withToken } from "./access.js";
import { copyText } from "./clipboard.js";
import { Connection } from "./connection.js";
import { comparisonURL, inNewSession } from "./comparelink.js";
import { Controls } from "./controls.js";
import { EventLog } from "./eventlog.js";
import { EmbeddedPane, embeddedPane, keepEmbedded } from "./embed.js";
import { Exporter } from "./exporter.js";
import { attachPointer } from "./pointer.js";
import { Recorder } from "./recorder.js";
import { PhoneDialog } from "./phone.js";
import { Renderer } from "./renderer.js";
import { Replayer } from "./replay.js";
import { LinkApplier, SESSION_NAME, configureMessage, readShareLink, shareURL, targetAutoscrolls } from "./share.js";
import { Status } from "./status.js";
import { Timeline } from "./timeline.js";

// The token that opened the page is now in its cookie; the address bar forgets it at once.
dropTokenFromAddress();
// Whether links must carry the token, and where phones reach the server (access.js).
let access = null;
loadAccess().then((answer) => {
  access = answer;
  document.getElementById("copy-link-note").hidden = !(access && access.tokenRequired);
});
new PhoneDialog({
  button: document.getElementById("open-phone"),
  dialog: document.getElementById("phone-dialog"),
  shareLink: () => (config ? currentShareURL() : location.href),
  access: () => access,
});

// The page's URL: the session to join, and possibly a carousel to make it (a share link, share.js).
// A value the server would refuse at the handshake is left out, so a bad link still opens a page.
const params = new URLSearchParams(location.search);
const ignoredParams = [];
let session = params.get("session") || "default";
if (!SESSION_NAME.test(session)) {
  ignoredParams.push("session");
  session = "default";
}
const link = readShareLink(params);
ignoredParams.push(...link.ignored);
const query = new URLSearchParams({ session });
const clock = params.get("clock");
if (clock === "live" || clock === "manual") query.set("clock", clock);
else if (clock) ignoredParams.push("clock");
// A new session starts from the link's preset: a link that tunes nothing needs no `configure`.
if (link.target) query.set("preset", link.target.preset);
// In a pane of a comparison (compare.html, embed.js) the other pane's drags are sent here too.
const pane = embeddedPane(params);
const embed = pane ? new EmbeddedPane(pane, { onMirror: (message) => sendMirrored(message) }) : null;

const prefersReducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
const status = new Status(session);
if (ignoredParams.length > 0) status.notice(`Ignored from the link: ${ignoredParams.join(", ")}`, "error");
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
let config = null;
let sessionClock = "live";
let latestFrame = null;
let hasJoinedBefore = false;
// A session lives in one server process. When that process dies the page reconnects (behind a
// load balancer, to another worker) into a new, default session of the same name, and rebuilds it
// from its address, which always holds the share link: see rejoined() below.
let lastWorker = null;
let lastLiveFrame = null; // { seq, time } of the last frame the session itself sent (not a replayed one)
let pendingRejoin = null; // { params }: rejoined, not known yet whether the session survived

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
const exporter = new Exporter(send);
// How the recorder and the replayer speak: notices on screen, announcements to a screen reader.
const feedback = {
  notice: (text, kind) => status.notice(text, kind),
  announce: (text) => status.announce(text),
};
const recorder = new Recorder({
  button: document.getElementById("record"),
  label: document.getElementById("record-label"),
  time: document.getElementById("record-time"),
  download: document.getElementById("record-download"),
  send,
  ...feedback,
  session,
  onRecording: (text) => replayer.setRecording(text),
});
const replayer = new Replayer({
  buttons: [
    { element: document.getElementById("replay"), speed: 1 },
    { element: document.getElementById("replay-slow"), speed: 0.25 },
  ],
  gestureButtons: [{ element: document.getElementById("slow-mo"), speed: 0.25 }],
  status: document.getElementById("replay-status"),
  recordButton: document.getElementById("record"),
  fileInput: document.getElementById("open-recording"),
  dropTarget: document.getElementById("device"),
  ghost: document.getElementById("ghost"),
  send,
  ...feedback,
  onRecording: (text, fileName) => recorder.offer(text, fileName),
});
// Motion: the live timeline of this session's frames, and the event log.
const timeline = new Timeline(document.getElementById("timeline"), {
  series: [{ key: "main", name: "This carousel", color: "#4c6ef5" }],
  windowMs: 4000,
});
const eventLog = new EventLog(document.getElementById("event-list"), { client: () => connection.client });
const timelinePause = document.getElementById("timeline-pause");
// After a replay the timeline holds its picture (paused) for inspection, and takes no live frame
// until the viewer resumes it: then it starts afresh from the session's own time.
let isHoldingReplay = false;
function pauseTimeline(paused) {
  if (!paused && isHoldingReplay) {
    isHoldingReplay = false;
    timeline.reset("main");
  }
  timeline.paused = paused;
  timelinePause.setAttribute("aria-pressed", String(paused));
}
timelinePause.addEventListener("click", () => pauseTimeline(!timeline.paused));
// While a replay plays the server refuses the viewers' inputs (gesture_busy): the page sends no
// pointer input then, and lets the refusals of anything else pass quietly.
const REFUSED_DURING_REPLAY = new Set(["pointer", "command", "configure", "advance", "record"]);
const reducedMotionNotice = "Auto-scroll is off because your system asks for reduced motion; press play to start it.";

// A share link is applied once, after the first welcome (and again after a reconnect only if it
// was not applied yet, or if the session is a new one). A viewer who asked for reduced motion gets
// the link's carousel without auto-scroll.
let applier = linkApplier(link.target);
function linkApplier(target) {
  if (!target) return null;
  if (prefersReducedMotion && targetAutoscrolls(target)) {
    target.patch.autoscroll = { ...target.patch.autoscroll, enabled: false };
    status.notice(reducedMotionNotice);
  }
  return new LinkApplier(target, {
    send,
    notice: (text) => status.notice(text, "error"),
    onDone: updateShareLink,
  });
}

// After a reconnect: is this the session the page left, or a new one made by another server (or a
// restarted one)? Another worker named in the welcome says new at once. Otherwise the first frame
// does: a session's `seq` and `time` only grow, and joining makes a new frame, so a first frame
// not past the last one seen comes from a new session. Only then is the address's link applied,
// as on a first visit: a change another viewer made to a surviving session is kept. True when the
// welcome already tells.
function rejoined(welcome, params) {
  pendingRejoin = null;
  if ((welcome.worker ?? null) !== lastWorker) {
    rebuildFromLink(params);
    return true;
  }
  if (lastLiveFrame) pendingRejoin = { params };
  return false;
}

function checkRejoin(frame) {
  const { params } = pendingRejoin;
  pendingRejoin = null;
  if (frame.seq <= lastLiveFrame.seq || frame.time < lastLiveFrame.time) {
    rebuildFromLink(params);
    matchLink(config, items, true);
  } else {
    updateShareLink();
  }
}

function rebuildFromLink(params) {
  applier = linkApplier(readShareLink(params).target);
  status.notice("The server that held this session is gone: the carousel is rebuilt from this page's link (its motion is lost)");
}

// What a first visit does once joined: make the session match the link, or without one, turn
// auto-scroll off for a viewer who asked for reduced motion.
function matchLink(newConfig, newItems, isNewSession) {
  if (applier && applier.isPending) {
    applier.check(newConfig, newItems);
  } else if (isNewSession && prefersReducedMotion && newConfig.autoscroll.enabled) {
    send({ type: "command", name: "autoscroll", enabled: false });
    status.notice(reducedMotionNotice);
  }
}

function handle(message, text) {
  switch (message.type) {
    case "welcome": {
      // Before applyConfig rewrites the address: the link of the carousel the page showed.
      const isNewSession = !hasJoinedBefore || rejoined(message, new URLSearchParams(location.search));
      lastWorker = message.worker ?? null;
      status.viewers(message.viewers);
      sessionClock = message.clock;
      // This connection may have reached another server: ask it afresh what it can export.
      exporter.reset();
      recorder.reset(message.clock, message.recording);
      replayer.reset();
      isHoldingReplay = false;
      timeline.reset("main");
      eventLog.welcome(message);
      embed?.reset();
      applyConfig(message.config, message.items);
      reportVisibility();
      matchLink(message.config, message.items, isNewSession);
      hasJoinedBefore = true;
      break;
    }
    case "config":
      applyConfig(message.config, message.items);
      eventLog.config(message);
      if (applier) applier.check(message.config, message.items);
      break;
    case "export":
      exporter.receive(message);
      break;
    case "record":
      recorder.state(message);
      break;
    case "recording":
      recorder.receive(message, text);
      break;
    case "replay":
      replayer.state(message);
      // The recorded frames carry the recording's own (earlier) times, plotted at the replay's pace;
      // once it finishes the timeline holds them until the viewer resumes it.
      if (message.state === "started") {
        pauseTimeline(false);
        timeline.reset("main", message.speed);
      } else {
        isHoldingReplay = true;
        pauseTimeline(true);
        status.announce("Replay finished: the timeline holds it; press Pause timeline to resume the live plot");
      }
      eventLog.replay(message);
      embed?.reset();
      break;
    case "ghost":
      replayer.ghostAt(message);
      break;
    case "frame":
      if (pendingRejoin) checkRejoin(message);
      // A replay's frames carry the recording's own (earlier) seq and time.
      if (!replayer.isReplaying) lastLiveFrame = { seq: message.seq, time: message.time };
      latestFrame = message;
      // Plain attributes for automation and styling: what the carousel shows right now.
      carousel.dataset.index = String(message.index);
      carousel.dataset.count = String(message.count);
      carousel.dataset.phase = message.phase;
      carousel.dataset.autoscroll = message.autoscroll.state;
      renderer.setFrame(message);
      if (!isHoldingReplay) timeline.add("main", message, performance.timeOrigin + performance.now());
      eventLog.frame(message);
      recorder.frame(message);
      status.frame(message);
      updatePauseButton();
      announceSettled(message);
      embed?.frame(message);
      break;
    case "viewers":
      status.viewers(message.count, message.viewers, connection.client);
      break;
    case "error":
      if (message.ref === "export") exporter.fail(message);
      else if (message.ref === "replay") replayer.fail(message);
      else if (message.code === "gesture_busy" && replayer.isReplaying && REFUSED_DURING_REPLAY.has(message.ref)) break;
      else if (!(applier && applier.handleError(message))) status.notice(message.message, "error");
      break;
  }
}

function applyConfig(newConfig, newItems) {
  config = newConfig;
  items = newItems;
  renderer.setItems(newItems);
  renderer.setConfig(newConfig);
  controls.update(newConfig, newItems);
  updateShareLink();
}

function currentShareURL() {
  return shareURL(`${location.origin}${location.pathname}`, { session, clock: sessionClock, config, itemCount: items.length });
}

// The session's name links to the carousel on screen, and so does the address bar once a link
// the page was opened with is applied: reloading or bookmarking the page keeps the carousel.
function updateShareLink() {
  if (!config) return;
  const url = currentShareURL();
  status.shareLink(url);
  if ((applier && applier.isPending) || pendingRejoin) return;
  embed?.link(url);
  const address = embed ? keepEmbedded(url, pane) : url;
  if (address + location.hash !== location.href) history.replaceState(history.state, "", address + location.hash);
}

// The Compare switch opens this carousel as A of a comparison, B being the same carousel in a new session.
const compareSwitch = document.getElementById("compare-switch");
compareSwitch.hidden = embed !== null;
compareSwitch.addEventListener("click", () => {
  const a = config ? currentShareURL() : location.href;
  location.assign(comparisonURL(location.href, a, inNewSession(new URL(a).searchParams, "b")));
});

// Copying: the text also shows in the panel's read-only field ("what was copied"), which is
// selected for Ctrl+C when the clipboard is out of reach.
const copiedBox = document.getElementById("copied");
const copiedText = document.getElementById("copied-text");
const copiedLabel = document.getElementById("copied-label");
const exportStatus = document.getElementById("export-status");

async function copy(text, what) {
  copiedBox.hidden = false;
  copiedText.dataset.kind = what;
  // Source keeps its lines (scrolling sideways if need be); a link or JSON wraps.
  copiedText.wrap = what === "Swift" ? "off" : "soft";
  const how = await copyText(text, copiedText);
  fitHeight(copiedText);
  copiedLabel.textContent = how === "clipboard" ? `Copied ${what}` : `${what}: press Ctrl+C (⌘C) to copy`;
  return how;
}

// Tall enough for the text (borders and a sideways scrollbar included), up to 16 lines.
function fitHeight(field) {
  field.style.height = "auto";
  const chrome = field.offsetHeight - field.clientHeight;
  const lineHeight = parseFloat(getComputedStyle(field).lineHeight) || 17;
  field.style.height = `${Math.min(field.scrollHeight, 16 * lineHeight) + chrome}px`;
}

function sayExport(text, state) {
  exportStatus.textContent = text;
  exportStatus.dataset.state = state;
}

document.getElementById("copy-link").addEventListener("click", async () => {
  if (!config) {
    status.notice("Not connected yet: there is no carousel to link to.", "error");
    return;
  }
  const withKey = Boolean(access && access.tokenRequired);
  const how = await copy(withToken(currentShareURL(), access), "link");
  status.notice(
    how === "clipboard"
      ? withKey
        ? "Link copied with the access token: whoever opens it can drive this preview"
        : "Link copied: it opens this carousel (preset, settings, item count) on any server"
      : "The link is selected in the settings panel: press Ctrl+C to copy it",
  );
});

document.getElementById("copy-swift").addEventListener("click", async () => {
  sayExport("Asking the server…", "busy");
  let swift;
  try {
    ({ swift } = await exporter.request());
  } catch (error) {
    sayExport(
      error.code === "unknown_type"
        ? "This server cannot export Swift yet (it answered unknown_type). Copy as JSON works."
        : `No Swift export: ${error.message}`,
      error.code === "unknown_type" ? "unsupported" : "error",
    );
    return;
  }
  const how = await copy(swift, "Swift");
  sayExport(how === "clipboard" ? "Copied the Swift configuration." : "Press Ctrl+C to copy the selected Swift.", "done");
});

// The server's own `configure` when it can export; otherwise the same rule applied here.
document.getElementById("copy-json").addEventListener("click", async () => {
  if (!config) {
    sayExport("Not connected yet: there is no configuration to copy.", "error");
    return;
  }
  let message = null;
  if (exporter.supported !== false) {
    try {
      message = (await exporter.request()).configure;
    } catch {
      // An older server, or none: build it from the last configuration seen.
    }
  }
  message ??= configureMessage(config);
  const how = await copy(JSON.stringify(message), "JSON");
  sayExport(how === "clipboard" ? "Copied the configure message." : "Press Ctrl+C to copy the selected JSON.", "done");
});

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
  // A toggle with one name: aria-pressed (and its look) tells whether auto-scroll runs.
  pauseButton.setAttribute("aria-pressed", String(isOn));
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

// A finger put down during a replay is dropped to its end, even when the replay finishes first:
// this page's finger, and in a comparison the other pane's (sent on to it first).
function pointerGate(forward) {
  let isDroppingFinger = false;
  return (message) => {
    if (message.phase === "down") isDroppingFinger = replayer.isReplaying;
    if (isDroppingFinger || replayer.isReplaying) return false;
    forward(message);
    return send(message);
  };
}
const sendPointer = pointerGate((message) => embed?.pointer(message));
const sendMirrored = pointerGate(() => {});
attachPointer(document.getElementById("viewport"), renderer, sendPointer, (point) => {
  if (replayer.isReplaying) return;
  const item = renderer.itemAt(point);
  if (item) status.notice(`Opened “${item.title || item.id}”`);
});

function reportVisibility() {
  send({ type: "visibility", hidden: document.visibilityState === "hidden" });
}
document.addEventListener("visibilitychange", reportVisibility);

connection.connect();
