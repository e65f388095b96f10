// The settings panel as main.js sees it: the controls (controls.js) with what keeps a designer's
// work: undo and redo of this viewer's own changes (configundo.js), the marks and resets of what
// differs from the preset (modifiedmarks.js), the question before a preset switch drops tuned
// values (presetswitch.js) and the session's named variants (variantspanel.js). Every change they
// make goes out through the undo history, so Ctrl+Z takes back a reset or an applied variant too.

import { ConfigUndo } from "./configundo.js";
import { Controls } from "./controls.js";
import { ModifiedMarks } from "./modifiedmarks.js";
import { PresetSwitch } from "./presetswitch.js";
import { VariantsPanel } from "./variantspanel.js";

export class SettingsPanel {
  // `form`: the settings form; `send(message)`: to the session; `clock()`: the session's clock;
  // `log`: the event log (its `expectOwn(label)` says a change was an undo or a redo).
  constructor(form, send, { prefersReducedMotion, onHeld, clock, log }) {
    this.shown = { config: null, items: [] };
    const current = () => ({ config: this.shown.config, itemCount: this.shown.items.length, clock: clock() });
    this.undo = new ConfigUndo({
      send,
      current,
      isHeld: () => this.controls.fieldset.disabled,
      onChange: (label) => log().expectOwn(label),
      storage: tabStorage(),
      key: `carousel-preview:undo:${sessionName()}`,
    });
    this.undo.attachKeys();
    const tracked = (message) => this.undo.send(message);
    const alone = (message) => this.undo.send(message, { alone: true });
    this.variants = new VariantsPanel({ send: (message) => (message.type === "configure" ? alone(message) : send(message)), current });
    const presetSwitch = new PresetSwitch({ current, saveVariant: (name) => this.variants.save(name) });
    this.controls = new Controls(form, tracked, { prefersReducedMotion, onHeld, askPreset: (name, go, stay) => presetSwitch.ask(name, go, stay) });
    this.marks = new ModifiedMarks(form, alone);
  }

  // The session's configuration, items and variants, after each welcome and change.
  update(config, items, variants) {
    this.shown = { config, items };
    this.controls.update(config, items, { hasOwnItems: this.ownItemsSeen(config) });
    this.marks.update(config);
    this.showVariants(variants);
    this.variants.takeFragment();
  }

  // Whether this session has shown items of its own, in this tab (across reloads): the session keeps
  // them while another set shows, so "Your own items" stays on offer to come back to.
  ownItemsSeen(config) {
    const key = `carousel-preview:own-items:${sessionName()}`;
    try {
      if (config.content === "own") tabStorage()?.setItem(key, "1");
      return tabStorage()?.getItem(key) === "1" || config.content === "own";
    } catch {
      return config.content === "own";
    }
  }

  showVariants(variants) {
    this.variants.show(variants);
  }

  hold(isHeld) {
    this.controls.hold(isHeld);
  }
}

function sessionName() {
  return new URLSearchParams(location.search).get("session") ?? "";
}

// This tab's storage, or null where the browser refuses it (a sandboxed frame, storage off).
function tabStorage() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
