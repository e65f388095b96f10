// The event log: what the session's frames and configurations said, newest first, each line with
// the session time of the frame that carried it. Nothing is inferred beyond the frames: events,
// auto-scroll's state and pause reasons (the change between two consecutive frames), who started
// each gesture and with what (the `input` of the frame whose phase turns to dragging), release-to-rest
// times (gestures.js), and what a `config` message changed and who changed it (logged at the next
// frame's time): "Viewer 3 · touch · spacing 8 → 12".
//
// The time column is always the session's, so it never goes back: a replay's frames carry the
// recording's own times, so their entries take the session time the replay started at, are marked
// as replayed, and show the recording's time in a column of their own. Who dragged in a replay is
// named as the recorded frames' `input` says (client N, pointer type), never "you".

import { GestureTracker } from "./gestures.js";
import { viewerName, viewerWithInput } from "../session/viewers.js";

const MAX_ENTRIES = 50;

const itemName = (index) => `item ${index + 1}`;
export const sessionSeconds = (ms) => `${(ms / 1000).toFixed(3)} s`;

// Every leaf of a configuration as "path" → value, e.g. "autoscroll.intervalMs" → 3000.
function flatten(value, prefix = "", into = new Map()) {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, member] of Object.entries(value)) flatten(member, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

const shown = (value) => (value === null || value === undefined ? "none" : Array.isArray(value) ? JSON.stringify(value) : String(value));

// What changed between two configurations: each field as [path, previous, value] (never the limits,
// which follow from the others), and the items' change as text, or null.
export function changeList(before, after) {
  const old = flatten(before.config);
  const fields = [];
  for (const [path, value] of flatten(after.config)) {
    // The server's limits follow from the other values: they say what a change allows, not a change.
    if (path.startsWith("limits.")) continue;
    const previous = old.get(path);
    if (JSON.stringify(previous) !== JSON.stringify(value)) fields.push([path, previous, value]);
  }
  const ids = (message) => (message.items || []).map((item) => item.id).join("\n");
  let items = null;
  if (ids(before) !== ids(after)) {
    const count = (message) => (message.items || []).length;
    items = count(before) === count(after) ? `items replaced (${count(after)})` : `items ${count(before)} → ${count(after)}`;
  }
  return { fields, items };
}

const describe = ({ fields, items }) =>
  [...fields.map(([path, previous, value]) => `${path} ${shown(previous)} → ${shown(value)}`), ...(items ? [items] : [])].join(", ");

// "spacing 8 → 16, autoscroll.enabled false → true, items 5 → 3", or "" when nothing changed.
export function configChanges(before, after) {
  return describe(changeList(before, after));
}

// A slider's drag sends ten changes a second: changes by the same viewer to the same fields, each
// within this long of the last and with nothing logged between, are one line ("spacing 8 → 30").
const DRAG_MS = 1500;

export class EventLog {
  // `list`: the <ol>; `client()`: this viewer's client id (from the welcome), for "you";
  // `roster`: who watches (viewers.js), for the names and inputs of the others.
  constructor(list, { client, roster }) {
    this.list = list;
    this.client = client;
    this.roster = roster;
    this.tracker = new GestureTracker();
    this.previous = null; // the last frame
    this.lastConfig = null; // the last `config` (or welcome) seen: { config, items }
    this.pending = []; // lines waiting for the next frame's time
    this.sessionTime = 0; // the latest session time: of the session's own last frame
    this.sessionConfig = null; // during a replay: the session's own configuration, for after it
    this.recordedTime = null; // during a replay: the recording's time of its last frame
    this.ownLabels = []; // what this viewer's next changes were ("undo", "redo"), oldest first
    this.lastChange = null; // the last configuration change's line, which a drag's next change continues
  }

  // This viewer's next `config` comes of an undo or a redo (configundo.js): its line says so, and
  // that it undid this viewer's own change only.
  expectOwn(label) {
    this.ownLabels.push(label);
  }

  get isReplaying() {
    return this.sessionConfig !== null;
  }

  // A welcome: a new connection; its configuration is the baseline, not a change.
  welcome(message) {
    this.ownLabels.length = 0;
    this.lastChange = null;
    this.tracker.reset();
    this.previous = null;
    this.pending.length = 0;
    this.sessionTime = 0;
    this.sessionConfig = null;
    this.recordedTime = null;
    this.lastConfig = { config: message.config, items: message.items };
  }

  // A change names its viewer and what that viewer last dragged with, when the message says who:
  // a replay's changes are the recording's (its clients are its own), so they say only "config".
  config(message) {
    if (this.lastConfig) {
      const list = changeList(this.lastConfig, message);
      const label = message.by === this.client() && !this.isReplaying ? this.ownLabels.shift() : undefined;
      const how = label ? ` · ${label} (your own change only)` : "";
      if (list.fields.length > 0 || list.items) this.logChange(`${this.changedBy(message.by)}${how}`, list, Boolean(label));
    }
    this.lastConfig = { config: message.config, items: message.items };
  }

  // One change's line, or the line of the drag it continues (see DRAG_MS), its first values kept.
  logChange(who, list, isUndo) {
    const last = this.lastChange;
    const paths = list.fields.map(([path]) => path).join(",");
    const now = performance.now();
    const continues = last && !isUndo && !list.items && last.who === who && last.paths === paths && now - last.at < DRAG_MS && this.isNewest(last);
    if (continues) {
      last.fields = last.fields.map(([path, previous], index) => [path, previous, list.fields[index][2]]);
      last.at = now;
      last.setText(`${who} · ${describe({ fields: last.fields, items: null })}`);
      return;
    }
    const line = { who, paths, fields: list.fields, at: isUndo || list.items ? -Infinity : now, element: null, pending: null };
    line.pending = ["config", `${who} · ${describe(list)}`, line];
    line.setText = (text) => {
      if (line.element) line.element.lastChild.textContent = text;
      else line.pending[1] = text;
    };
    this.pending.push(line.pending);
    this.lastChange = line;
  }

  // Whether nothing was logged after `line` (still waiting for its frame, or the newest entry).
  isNewest(line) {
    return line.element ? this.pending.length === 0 && this.list.firstElementChild === line.element : this.pending.at(-1) === line.pending;
  }

  // A `replay` message: the frames that follow are the recording's (or, after it, the session's own again).
  // Its configuration changes are the recording's: after it, the session's `config` is compared with
  // the session's own from before it.
  replay(message) {
    this.tracker.reset();
    this.previous = null;
    if (message.state === "started" && !this.isReplaying) {
      this.flushPending(this.sessionTime, null);
      this.sessionConfig = this.lastConfig ?? {};
      this.add(this.sessionTime, "replay", `replay started at ${message.speed ?? 1}x`);
    } else if (message.state === "finished" && this.isReplaying) {
      this.flushPending(this.sessionTime, this.recordedTime); // the recording's last words
      this.recordedTime = null;
      this.lastConfig = this.sessionConfig;
      this.sessionConfig = null;
      const stopped = message.stopped ? `replay stopped by ${viewerName(message.client, this.client(), this.roster)}` : "replay finished";
      this.pending.push(["replay", stopped]);
    } else if ((message.state === "paused" || message.state === "playing") && this.isReplaying && message.client !== undefined) {
      const who = viewerName(message.client, this.client(), this.roster);
      const seconds = Number.isFinite(message.playedMs) ? (message.playedMs / 1000).toFixed(3) : "?";
      // No frame may follow (a pause makes none): said now, after what waited for a frame.
      this.flushPending(this.sessionTime, this.recordedTime);
      this.add(this.sessionTime, "replay", `replay ${message.state === "paused" ? "paused" : "playing"} at ${seconds} s of the recording by ${who}`);
    }
  }

  changedBy(client) {
    if (client === undefined || client === null || this.isReplaying) return "config";
    const input = this.roster.inputOf(client);
    const who = viewerName(client, this.client(), this.roster);
    return input ? `${who} · ${input}` : who;
  }

  flushPending(time, recorded) {
    for (const [kind, text, line] of this.pending) {
      const entry = this.add(time, kind, text, recorded);
      if (line) line.element = entry;
    }
    this.pending.length = 0;
  }

  frame(frame) {
    // A replayed frame: the session time the replay started at, and the recording's own.
    const recorded = this.isReplaying ? frame.time : null;
    this.recordedTime = recorded;
    if (!this.isReplaying) this.sessionTime = Math.max(this.sessionTime, frame.time);
    const time = this.sessionTime;
    const add = (kind, text) => this.add(time, kind, text, recorded);
    this.flushPending(time, recorded);
    const found = this.tracker.step(frame);
    const settles = found.settles;
    let settleIndex = 0;
    for (const event of frame.events) {
      switch (event.type) {
        case "pageChanged":
          add("pageChanged", `page changed: ${itemName(event.previous)} → ${itemName(event.index)}`);
          break;
        case "settled": {
          const settle = settles[settleIndex++];
          const after = settle && settle.ms !== null ? ` in ${Math.round(settle.ms)} ms after the release` : "";
          add("settled", `settled on ${itemName(event.index)}${after}`);
          break;
        }
        case "interrupted":
          add("interrupted", `interrupted at ${itemName(event.index)}: a finger caught the motion`);
          break;
        case "autoScrolled": {
          const toward = frame.target ? ` toward ${itemName(frame.target.index)}` : "";
          add("autoScrolled", `auto-scroll fired on ${itemName(event.index)}${toward}`);
          break;
        }
      }
    }
    if (found.down) {
      const input = frame.input;
      // A recording's client numbers are its own: nobody in it is "you".
      const own = recorded === null ? this.client() : null;
      const roster = recorded === null ? this.roster : null;
      const device = input?.wheel ? "wheel" : input?.pointerType;
      const who = input ? viewerWithInput(input.client, device, own, roster) : viewerWithInput(null);
      add("gesture", `${who} started a gesture`);
    }
    this.autoscrollChange(frame, add);
    this.previous = frame;
  }

  autoscrollChange(frame, add) {
    const now = frame.autoscroll;
    const before = this.previous ? this.previous.autoscroll : null;
    if (!now || !before) return;
    const reasons = (state) => (state.pausedBy || []).join(", ");
    if (now.state === before.state && (now.state !== "paused" || reasons(now) === reasons(before))) return;
    const text = now.state === "paused" ? `auto-scroll paused (${reasons(now) || "no reason given"})` : `auto-scroll ${now.state}`;
    add("autoscroll", text);
  }

  // `time`: session ms; `recorded`: for a replayed entry, the recording's own ms, else null.
  add(time, kind, text, recorded = null) {
    const entry = document.createElement("li");
    entry.dataset.kind = kind;
    entry.dataset.time = String(time);
    const stamp = document.createElement("span");
    stamp.className = "event-time";
    stamp.textContent = sessionSeconds(time);
    entry.append(stamp, " ");
    if (recorded !== null) {
      entry.dataset.replayed = "true";
      entry.dataset.recordingTime = String(recorded);
      const replayed = document.createElement("span");
      replayed.className = "event-replayed";
      replayed.title = "replayed: the recording's own time";
      replayed.textContent = `replay · rec ${sessionSeconds(recorded)}`;
      entry.append(replayed, " ");
    }
    // The text in a node of its own, so a drag's line can be rewritten as it goes on.
    const words = document.createElement("span");
    words.textContent = text;
    entry.append(words);
    this.list.prepend(entry);
    while (this.list.childElementCount > MAX_ENTRIES) this.list.lastElementChild.remove();
    return entry;
  }
}
