// Undo and redo of this viewer's own configuration changes: Ctrl+Z (⌘Z) and Ctrl+Shift+Z (or
// Ctrl+Y). Each `configure` this page sends is kept with the values it replaced; undo sends those
// back as a `configure`, which the session applies for every viewer, and redo sends the change
// again. In a shared session only this viewer's changes are kept, and an undo sets back only the
// fields this viewer changed: another viewer's change to another field stands. A slider's drag
// (changes to the same fields in quick succession) is one change. A text box keeps its own undo.
// The history is kept per session in this tab's storage (`storage`, `key`), so a reload keeps it.

import { mergePatches, patchFor, tunedFields, valueAt } from "./tuning.js";

const MAX_ENTRIES = 100;
// Changes to the same fields closer than this are one (a slider sends ten a second while it moves).
const COALESCE_MS = 800;

export class ConfigUndo {
  // `send(message)`: to the session; `current()`: { config, itemCount } on screen; `isHeld()`:
  // whether a replay holds the settings; `onChange(label, entry)`: an undo or a redo went out.
  constructor({ send, current, isHeld = () => false, onChange = () => {}, now = () => performance.now(), storage = null, key = "" }) {
    Object.assign(this, { rawSend: send, current, isHeld, onChange, now, storage, key });
    this.done = [];
    this.undone = [];
    this.load();
  }

  // The history a reload left, each entry whole (never merged with what comes next).
  load() {
    try {
      const kept = JSON.parse(this.storage?.getItem(this.key) ?? "null");
      if (!kept || !Array.isArray(kept.done) || !Array.isArray(kept.undone)) return;
      const entry = ({ before, after, keys }) => ({ before, after, keys: String(keys), time: -Infinity });
      const valid = (candidate) => candidate && typeof candidate.before === "object" && typeof candidate.after === "object";
      this.done = kept.done.filter(valid).slice(-MAX_ENTRIES).map(entry);
      this.undone = kept.undone.filter(valid).slice(-MAX_ENTRIES).map(entry);
    } catch {
      // A history that cannot be read is none: the page works without it.
    }
  }

  save() {
    try {
      const plain = ({ before, after, keys }) => ({ before, after, keys });
      this.storage?.setItem(this.key, JSON.stringify({ done: this.done.map(plain), undone: this.undone.map(plain) }));
    } catch {
      // Storage full or refused: the history lives on in this page.
    }
  }

  // Sends `message`, keeping a `configure` (without items of its own) to undo. `alone`: a change
  // of its own (a reset, an applied variant), never merged with a slider's drag before or after it.
  send(message, { alone = false } = {}) {
    const keeps = message?.type === "configure" && message.items === undefined;
    // The values it replaces are read before it goes: a session that answers at once has changed them.
    const change = keeps ? this.change(message) : null;
    const sent = this.rawSend(message);
    if (change && sent !== false) this.record(change, alone);
    return sent;
  }

  // What a configure changes: the values it sets and those it replaces, or null before a config.
  change(message) {
    const { config, itemCount } = this.current();
    if (!config) return null;
    const after = {};
    const before = {};
    if (message.config) {
      after.config = message.config;
      before.config = message.config.preset !== undefined ? wholeConfig(config) : priorValues(config, message.config);
    }
    if (message.itemCount !== undefined) {
      after.itemCount = message.itemCount;
      before.itemCount = itemCount;
    }
    return { before, after, keys: changedKeys(message) };
  }

  record({ before, after, keys }, alone) {
    const last = this.done.at(-1);
    const time = alone ? -Infinity : this.now();
    if (!alone && last && last.keys === keys && !keys.includes("preset") && time - last.time < COALESCE_MS) {
      last.after = { config: last.after.config && after.config ? mergePatches(last.after.config, after.config) : after.config, itemCount: after.itemCount };
      last.time = time;
    } else {
      this.done.push({ before, after, keys, time });
      if (this.done.length > MAX_ENTRIES) this.done.shift();
    }
    this.undone.length = 0;
    this.save();
  }

  get canUndo() {
    return this.done.length > 0;
  }

  get canRedo() {
    return this.undone.length > 0;
  }

  undo() {
    return this.step(this.done, this.undone, "before", "undo");
  }

  redo() {
    return this.step(this.undone, this.done, "after", "redo");
  }

  // Sends one entry's `side` and moves it to the other stack; false when there is none to send.
  step(from, to, side, label) {
    const entry = from.at(-1);
    if (!entry || this.isHeld()) return false;
    const values = entry[side];
    const message = { type: "configure" };
    if (values.config) message.config = values.config;
    if (values.itemCount !== undefined) message.itemCount = values.itemCount;
    if (this.rawSend(message) === false) return false;
    from.pop();
    entry.time = -Infinity; // never merged with what comes next
    to.push(entry);
    this.save();
    this.onChange(label, entry);
    return true;
  }

  // Ctrl+Z / ⌘Z undoes, with Shift (or Ctrl+Y) redoes, except where a text box keeps its own undo.
  attachKeys(target = document) {
    target.addEventListener("keydown", (event) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || keepsOwnUndo(event.target)) return;
      const key = event.key.toLowerCase();
      const redo = (key === "z" && event.shiftKey) || (key === "y" && !event.shiftKey);
      if (key !== "z" && !redo) return;
      event.preventDefault();
      if (redo) this.redo();
      else this.undo();
    });
  }
}

// The values a patch replaces: each leaf it sets, as the configuration has it now.
function priorValues(config, patch, path = []) {
  let before = {};
  for (const [key, value] of Object.entries(patch)) {
    const at = [...path, key];
    before =
      value !== null && typeof value === "object"
        ? mergePatches(before, priorValues(config, value, at))
        : mergePatches(before, patchFor(at, valueAt(config, at) ?? null));
  }
  return before;
}

// A configuration as a patch that makes it again: its preset, then every field it tuned.
function wholeConfig(config) {
  return tunedFields(config).reduce((patch, { field, value }) => mergePatches(patch, patchFor(field.path, value)), { preset: config.preset });
}

// The fields a message sets, as one string: changes to the same fields are one drag.
function changedKeys(message) {
  const leaves = [];
  const walk = (value, path) => {
    if (value !== null && typeof value === "object") for (const [key, member] of Object.entries(value)) walk(member, [...path, key]);
    else leaves.push(path.join("."));
  };
  if (message.config) walk(message.config, []);
  if (message.itemCount !== undefined) leaves.push("itemCount");
  return leaves.sort().join(",");
}

function keepsOwnUndo(element) {
  if (!element || element.isContentEditable) return Boolean(element?.isContentEditable);
  if (element.tagName === "TEXTAREA") return true;
  return element.tagName === "INPUT" && !["range", "checkbox", "radio", "button", "submit", "color"].includes(element.type);
}
