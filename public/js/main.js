// Wires the page together: the connection feeds the renderer, the panels, the motion views and the
// status bar; pointer, keyboard and buttons send inputs back. Each part is a module of its own.

import { ServerAccess, dropTokenFromAddress } from "./session/access.js";
import { attachCompareSwitch } from "./compare/comparelink.js";
import { Connection } from "./session/connection.js";
import { reportDrawErrorsTo } from "./carousel/drawguard.js";
import { EmbeddedPane, embeddedPane, keepEmbedded } from "./compare/embed.js";
import { EventLog } from "./motion/eventlog.js";
import { ExportPanel } from "./settings/exportpanel.js";
import { imageAddress, itemsPanel, restoreOpenedItems } from "./items/itemspanel.js";
import { Joining } from "./session/joining.js";
import { Navigation } from "./carousel/navigation.js";
import { attachTimelineButtons, timelineButtons } from "./motion/timelinebuttons.js";
import { FeelPanel } from "./motion/feelpanel.js";
import { PhoneDialog } from "./ui/phone.js";
import { enterDeviceView, isDeviceView, keepDeviceHeight } from "./ui/deviceview.js";
import { Playback } from "./recording/playback.js";
import { attachPointer } from "./carousel/pointer.js";
import { attachWheel } from "./carousel/wheel.js";
import { recordingPanel } from "./recording/recordingpanel.js";
import { Renderer } from "./carousel/renderer.js";
import { ReplayPlayer } from "./recording/replayplayer.js";
import { SettingsOpener, takeOpenedItems, takeOpenedNotice } from "./settings/settingsfile.js";
import { SettingsPanel } from "./settings/settingspanel.js";
import { askForSessionName } from "./session/sessionnamechoice.js";
import { connectionQuery, ownSessionURL, shareURL } from "./session/share.js";
import { SharedChoice } from "./session/sharedchoice.js";
import { Status } from "./ui/status.js";
import { Timeline } from "./motion/timeline.js";
import { ViewerName } from "./session/viewername.js";
import { Roster } from "./session/viewers.js";
import { initialState, isAtEnd, isReplaying, reduce, withFrame } from "./session/state.js";
import { PageEngine } from "./session/pageengine.js";

// The token that opened the page is now in its cookie; the address bar forgets it at once.
dropTokenFromAddress();
const access = new ServerAccess(); // whether links must carry the token, and where phones reach the server

// The address: the session to join and a share link's settings, which the server applies to the
// session it creates (its welcome says what it applied and ignored).
const params = new URLSearchParams(location.search);
const address = connectionQuery(params);
const session = address.session;
const deviceView = isDeviceView(params); // the carousel alone, at true size (deviceview.js)
const deviceViewTools = deviceView ? enterDeviceView(document.documentElement, document.getElementById("device-tools"), params) : null;
const pane = embeddedPane(params); // in a pane of a comparison (compare.html) the other pane's drags come here too
const embed = pane ? new EmbeddedPane(pane, { onMirror: (message) => sendMirrored(message) }) : null;
const prefersReducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
const status = new Status(session);
// A frame the page cannot draw is skipped and said once, here as in the console (drawguard.js).
reportDrawErrorsTo((text) => status.notice(text, "error"));
if (address.ignored.length > 0) status.notice(`Ignored from the link: ${address.ignored.join(", ")}`, "error");
const opened = { notice: takeOpenedNotice(), items: takeOpenedItems() }; // this page was opened from a settings file
if (opened.notice) status.notice(opened.notice.text, opened.notice.kind);
const carousel = document.getElementById("carousel");
const imageURL = imageAddress(session); // an item's image, uploaded ones at this session's /media/
const renderer = new Renderer({
  carousel,
  viewport: document.getElementById("viewport"),
  dots: document.getElementById("dots"),
  counter: document.getElementById("counter"),
  stage: document.getElementById("device"),
  margin: deviceView ? 0 : 24,
  imageURL,
});
// What the server's messages said of the session, held once (session/state.js).
let state = initialState;
// The first connection asks with the page's address; every later one with the link of the
// carousel on screen, so a new server process (a restart, another worker) makes it again.
const connection = new Connection(() => (state.config ? new URL(currentShareURL()).searchParams : address.query).toString() + (pageEngine.followsStream ? "&engine=stream" : ""), {
  onState: (state, delay) => {
    document.body.dataset.connection = state;
    if (!pageEngine.isAlone) status.connection(state, delay);
    pageEngine.connectionState(state);
  },
  onLatency: (milliseconds) => status.latency(milliseconds),
  onMessage: handle,
});
// The engine in the page: it draws the session from the server's engine stream, and runs the
// carousel alone (taking what the server would) when no server answers.
const pageEngine = new PageEngine({
  banner: document.getElementById("browser-only"),
  deliver: (message) => handle(message), // the page alone answers as a server would
  show: (frame) => drawFrame((state = withFrame(state, frame)).frame), // drawn from the session's engine stream, held as a server's
  current: () => (state.config ? { config: state.config, items: state.items, index: state.frame?.index ?? 0 } : null),
  showState: (state) => status.connection(state),
  notice: (text, kind) => status.notice(text, kind),
  session,
  preset: params.get("preset"),
  followsStream: params.get("engine") !== "frames",
  requestFrame: (draw) => renderer.nextFrame(draw),
});
const send = (message) => (pageEngine.isAlone ? pageEngine.send(message) : connection.send(pageEngine.stamp(message, connection.seq + 1)));
const feedback = { notice: (text, kind) => status.notice(text, kind), announce: (text) => status.announce(text) };
const joining = new Joining({ session, send, notice: feedback.notice, prefersReducedMotion });
const onHeld = () => feedback.notice("The replay is playing: your change was not applied. Stop it to take over.", "error");
const controls = new SettingsPanel(document.getElementById("controls"), send, { prefersReducedMotion, onHeld, clock: () => state.clock, log: () => eventLog });
const byId = (id) => document.getElementById(id);
// The item editor and the images dropped or picked for it (items/).
const { uploader, editor: itemEditor } = itemsPanel({ send, sendBytes: (bytes) => connection.sendBytes(bytes), ...feedback, imageURL });
const shareLink = () => (state.config ? currentShareURL() : null);
const exportPanel = new ExportPanel({ send, shareLink, variants: () => state.variants, access: () => access.answer, notice: feedback.notice, imageURL, session });
const exporter = exportPanel.exporter; // answers to `export` go to it
new PhoneDialog({
  button: byId("open-phone"),
  dialog: byId("phone-dialog"),
  parts: Object.fromEntries(Object.entries({ image: "qr", url: "url", address: "address", trueSize: "true-size", reachable: "reachable",
    unreachable: "unreachable", tokenNote: "token-note", close: "close" }).map(([part, id]) => [part, byId(`phone-${id}`)])),
  shareLink: () => shareLink() ?? location.href,
  access: () => access.answer,
});
const navigation = new Navigation({
  carousel,
  controls: {
    pauseButton: byId("pause"),
    pauseState: byId("autoscroll-state"),
    previousButton: byId("previous"),
    nextButton: byId("next"),
    keyHint: byId("key-hint"),
    pager: byId("pager"),
    dots: byId("dots"),
  },
  send,
  announce: feedback.announce,
});
// A settings file opened (or dropped) opens its carousel as its share link would, in a new session.
const settingsOpener = new SettingsOpener({
  clock: () => state.clock,
  notice: feedback.notice,
  navigate: (url) => location.assign(embed ? keepEmbedded(url, pane) : url),
});
const { recorder, replayer, animation } = recordingPanel({
  send, ...feedback, session, imageURL,
  openOther: (text, name) => settingsOpener.open(text, name),
  openImages: (files) => itemEditor.addImages(files),
});
const timeline = new Timeline(document.getElementById("timeline"), {
  series: [{ key: "main", name: "This carousel", color: "#4c6ef5" }],
  windowMs: 4000, readout: document.getElementById("timeline-readout"),
});
const roster = new Roster(); // who watches, for names in the log, the status bar and the player
const playback = new Playback({ replayer, timeline, send, ...feedback });
attachTimelineButtons(timeline, timelineButtons("timeline"), () => playback.toggleTimeline());
const player = new ReplayPlayer({
  element: document.getElementById("replay-player"),
  replayer,
  send,
  ...feedback,
  client: () => connection.client,
  roster,
});
const feelPanel = new FeelPanel(document.getElementById("feel"), { send, embed });
const eventLog = new EventLog(document.getElementById("event-list"), { client: () => connection.client, roster });
const viewerName = new ViewerName(document.getElementById("viewer-name"), document.getElementById("viewer-name-error"), { send });
const sharedChoice = new SharedChoice(document.getElementById("shared-choice"), {
  session,
  send,
  open: (wanted) => location.assign(ownSessionURL(`${location.origin}${location.pathname}`, wanted, { session, ...state, currentItem: navigation.currentItem })),
  ...feedback,
});

function welcome(message) {
  pageEngine.welcomed(message);
  // The first welcome of a page that opened a settings file of own items: they come in now.
  if (joining.instance === null && opened.items) restoreOpenedItems(opened.items, { uploader, send, ...feedback });
  if (joining.instance === null && !embed) sharedChoice.offer(message);
  joining.welcome(message);
  viewerName.welcome();
  status.viewers(message.viewers);
  exporter.reset(); // this connection may have reached another server
  recorder.reset(message.clock, message.recording);
  replayer.reset();
  player.reset();
  controls.hold(false);
  playback.reset();
  itemEditor.reset();
  eventLog.welcome(message);
  embed?.reset();
  applyConfig();
  reportVisibility();
}

function handle(message, text) {
  state = reduce(state, message);
  switch (message.type) {
    case "welcome": return welcome(message);
    case "config":
      applyConfig();
      feelPanel.stale();
      // The log compares whole catalogs: a config without `items` kept the ones on screen.
      return eventLog.config({ ...message, items: state.items });
    case "export": return exporter.receive(message);
    case "feel": return feelPanel.answer(message);
    case "variant": return controls.showVariants(state.variants);
    case "record": return recorder.state(message);
    case "recording": return recorder.receive(message, text);
    case "rendered": return animation.receive(message);
    case "renderQueued": return animation.queued(message);
    case "ghost": return replayer.ghostAt(message);
    case "viewers":
      roster.update(message.viewers);
      return status.viewers(message.count, message.viewers, connection.client, roster);
    case "replay":
      replayer.state(message);
      controls.hold(replayer.isReplaying);
      playback.state(message);
      player.state(message);
      eventLog.replay(message);
      return ["started", "finished"].includes(message.state) && embed?.reset();
    case "image": return uploader.answer(message);
    case "engine": return pageEngine.receive(message);
    case "frame":
      pageEngine.receive(message); // the server draws again: the stream stopped (a replay plays)
      return drawFrame(message);
    case "error":
      if (message.ref === "export") return exporter.fail(message);
      if (message.ref === "feel") return feelPanel.fail(message);
      if (message.ref === "render") return animation.fail(message);
      if (message.ref === "configure") itemEditor.reset();
      if (message.ref === "replay") {
        replayer.fail(message);
        return player.render(); // a Loop whose next play was refused ends here
      }
      if (message.ref === "name") return viewerName.fail(message);
      if (message.ref === "image") return uploader.answer(message);
      if (!playback.isRefusedForReplay(message)) status.notice(message.message, "error");
  }
}

// A frame, the server's or one the page's engine drew, to every view that shows one.
function drawFrame(frame) {
  renderer.setFrame(frame);
  playback.plot(frame);
  eventLog.frame(frame);
  recorder.frame(frame);
  status.frame(frame);
  navigation.frame(frame);
  embed?.frame(frame);
}

// The configuration and items the state holds, to every view that shows them.
function applyConfig() {
  const { config, items } = state;
  renderer.setItems(items);
  renderer.setConfig(config);
  controls.update(config, items, state.variants);
  exportPanel.configChanged();
  itemEditor.show(items, config.content);
  navigation.setItems(items);
  navigation.setConfig(config);
  // The session's name links to the carousel on screen, and so does the address bar: reloading or
  // bookmarking the page keeps the carousel.
  const url = currentShareURL();
  status.shareLink(url);
  embed?.link(url);
  const kept = embed ? keepEmbedded(url, pane) : deviceViewTools ? deviceViewTools.show(config, url) : url;
  if (kept + location.hash !== location.href) history.replaceState(history.state, "", kept + location.hash);
}

function currentShareURL() {
  const { clock, config, items } = state;
  return shareURL(`${location.origin}${location.pathname}`, { session, clock, config, itemCount: items.length });
}

attachCompareSwitch(document.getElementById("compare-switch"), {
  shareLink,
  currentItem: () => navigation.currentItem,
  isEmbedded: embed !== null,
});

// This page's finger, and in a comparison the other pane's (sent on to it first), kept out of a replay.
const sendPointer = playback.pointerGate((message) => embed?.pointer(message), () => playback.held());
const sendMirrored = playback.pointerGate(() => {});
attachPointer(document.getElementById("viewport"), renderer, sendPointer, (point) => {
  if (isReplaying(state)) return;
  const item = renderer.itemAt(point);
  if (item) status.notice(`Opened “${item.title || item.id}”`);
});

// Wheel and trackpad; kept out of a replay, like a finger.
attachWheel(document.getElementById("viewport"), {
  renderer,
  isAtEnd: (isForward) => isAtEnd(state, isForward),
  send: (message) => !isReplaying(state) && send(message),
});

keepDeviceHeight(document.getElementById("device"), document.documentElement);

function reportVisibility() {
  send({ type: "visibility", hidden: document.visibilityState === "hidden" });
}
document.addEventListener("visibilitychange", reportVisibility);

// A link's session name the server would refuse: the person chooses the session, none is joined.
if (address.refusedSession === null) pageEngine.ready.then(() => connection.connect());
else askForSessionName(byId("session-name-choice"), address.refusedSession, { navigate: (url) => location.assign(url) });
