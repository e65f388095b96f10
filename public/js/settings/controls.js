// The settings panel: every change is a `configure`; every `config` broadcast (from any viewer)
// updates the fields, so all viewers of a session show the same values. The field controls are
// built from the schema (panelfields.js); this file adds what the schema cannot say: the preset
// and item count (not fields), the rules between fields the page shows (item width's range, the
// deceleration note, the content a layout offers) and the throttle on sliders. While a replay
// plays the panel is disabled as a whole (its fieldset), so no setting is sent that the server
// would refuse and a preset is never half applied; a press on it then says why (`onHeld`).

import { DeviceMenu } from "./devicemenu.js";
import { showDecelerationReach } from "./flickreach.js";
import { buildPanelFields } from "./panelfields.js";
import { mergePatches, patchFor, tunedGeometry, valueAt } from "./tuning.js";
import { presetNamed } from "../session/share.js";

export class Controls {
  constructor(form, send, { prefersReducedMotion, onHeld = () => {}, askPreset = (name, go) => go() }) {
    this.form = form;
    this.send = send;
    this.prefersReducedMotion = prefersReducedMotion;
    this.pendingTimers = new Map();
    this.fieldset = form.querySelector("fieldset.settings");
    this.heldNote = form.querySelector(".settings-held");
    // A disabled control takes no click, but the press still reaches the form.
    form.addEventListener("pointerdown", () => {
      if (this.fieldset.disabled) onHeld();
    });
    form.addEventListener("submit", (event) => event.preventDefault());
    this.fields = buildPanelFields(form, (field, value) => this.changed(field, value));
    form.elements.preset.addEventListener("change", () => {
      const name = form.elements.preset.value;
      const go = ({ keepsGeometry = true } = {}) => {
        this.describePreset();
        const config = { preset: name, ...this.keptAcrossPresets(name, keepsGeometry) };
        // A viewer who asked for reduced motion does not get auto-scroll by picking a preset.
        if (this.prefersReducedMotion) config.autoscroll = { enabled: false };
        this.send({ type: "configure", config });
      };
      // Tuned values would be lost: `askPreset` may ask first (presetswitch.js), or keep the preset.
      askPreset(name, go, () => {
        if (this.latest) form.elements.preset.value = this.latest[0].preset;
      });
    });
    this.devices = new DeviceMenu(form.elements.device, document.getElementById("device-note"), { send });
    const items = form.elements.items;
    items.addEventListener("input", () => {
      form.elements.itemsOut.value = items.value;
      this.throttle("items", () => this.send({ type: "configure", itemCount: Number(items.value) }));
    });
  }

  // A value set in a control: a slider's goes out at most ten times a second, the rest at once.
  changed(field, value) {
    let config = patchFor(field.path, value);
    // Another set of items: its template comes with it (products as product tiles), so the
    // carousel shows them as they are meant to be seen; the Template menu can then change it.
    if (field.link === "content") {
      const template = { products: "product", banners: "banner", arabic: "banner" }[value];
      if (template) config = { content: value, template };
    }
    const message = { type: "configure", config };
    if (field.panel.kind === "range") this.throttle(field.link, () => this.send(message));
    else this.send(message);
  }

  // `itemWidth` is the length along the axis and `itemHeight` the size across it, so in a vertical
  // carousel the boxes are labelled the other way round: each names the side it sets on screen.
  labelItemSizes(axis) {
    const vertical = axis === "vertical";
    document.getElementById("item-width-label").textContent = vertical ? "Item height, pt" : "Item width, pt";
    document.getElementById("item-height-label").textContent = vertical ? "Item width, pt" : "Item height, pt";
  }

  // The sets this layout shows: the feed's cards in the card feed, the others elsewhere; "Your own
  // items" once a viewer has given some (the session keeps them while another set shows).
  showContent(config, hasOwnItems) {
    const select = this.form.elements.content;
    for (const option of select.options) {
      const fits = config.layout === "cards" ? option.value === "cards" : option.value !== "cards";
      option.hidden = option.disabled = !(fits && (option.value !== "own" || config.content === "own" || hasOwnItems));
    }
    select.value = config.content;
    this.form.elements.template.disabled = config.layout === "cards";
  }

  // The widths this geometry takes, as the server counts them (its `limits`): with more than one
  // item a page, only as long as that many still fit between the insets.
  showItemWidthRange(config) {
    // A server from before `limits.itemWidth` keeps the schema's range.
    if (!("itemWidth" in config.limits)) return;
    const perPage = config.itemsPerPage;
    const reason = perPage > 1 ? `while a page holds ${perPage} items` : "";
    const range = config.limits.itemWidth;
    this.fields.get("itemWidth").ranged.setRange(range, range ? reason : `${reason || "in this geometry"}: lower Items per page`);
  }

  // A preset resets every value to its own, but the items and how they are drawn (template, image
  // fit, corner radius) are the design's content, and its geometry the design's frame: both stay when the new preset lays items out the
  // same way (`keepsGeometry` false: the preset's own sizes).
  keptAcrossPresets(name, keepsGeometry = true) {
    const current = this.latest?.[0];
    const preset = presetNamed(name);
    if (!current || !preset || preset.config.layout !== current.layout) return {};
    let kept = { content: current.content, template: current.template, imageFit: current.imageFit, cornerRadius: current.cornerRadius };
    if (!keepsGeometry) return kept;
    for (const { field, value } of tunedGeometry(current)) kept = mergePatches(kept, patchFor(field.path, value));
    return kept;
  }

  // Whether a replay holds the session: the panel shows the replay's values and takes no change.
  hold(isHeld) {
    this.fieldset.disabled = isHeld;
    this.heldNote.hidden = !isHeld;
    if (!isHeld) return;
    // A slider's last value, still waiting to go out, would only be refused.
    for (const entry of this.pendingTimers.values()) clearTimeout(entry.timer);
    this.pendingTimers.clear();
  }

  // Sends at most ten updates a second while a slider moves, and always the final value. While a
  // value is on its way the slider keeps what the hand set; once nothing more is waiting, it shows
  // the session's value again, which another change (a preset picked meanwhile, another viewer)
  // may have replaced.
  throttle(key, action) {
    if (this.pendingTimers.has(key)) {
      this.pendingTimers.get(key).action = action;
      return;
    }
    action();
    const entry = { action: null };
    entry.timer = setTimeout(() => {
      this.pendingTimers.delete(key);
      if (entry.action) entry.action();
      else if (this.latest) this.update(...this.latest);
    }, 100);
    this.pendingTimers.set(key, entry);
  }

  // Which article's design the picked preset reproduces, under the picker.
  describePreset() {
    const option = this.form.elements.preset.selectedOptions[0];
    document.getElementById("preset-description").textContent = option?.dataset.description ?? "";
  }

  // `hasOwnItems`: the session keeps items of its own (shown or not), so "Your own items" is offered.
  update(config, items, { hasOwnItems = false } = {}) {
    this.latest = [config, items, { hasOwnItems }];
    const elements = this.form.elements;
    elements.preset.value = config.preset;
    this.describePreset();
    for (const [link, control] of this.fields) {
      const value = valueAt(config, control.field.path);
      // A slider in the hand keeps the hand's value until its last change went out.
      if (control.field.panel.kind === "range" && document.activeElement === control.input && this.pendingTimers.has(link)) control.showValueOnly(value);
      else control.show(value ?? null);
    }
    this.showContent(config, hasOwnItems);
    this.devices.update(config);
    this.showItemWidthRange(config);
    this.labelItemSizes(config.axis);
    // As many as fit in this geometry, as the server counts them (its `limits`); a slider of more
    // than 12 stops is too fine to use.
    const perPage = this.fields.get("itemsPerPage").input;
    perPage.max = String(Math.min(config.limits.itemsPerPage.maximum, 12));
    perPage.value = String(config.itemsPerPage);
    // A slider from 1 to 1 says why it cannot move, instead of refusing without a word.
    const onlyOne = config.limits.itemsPerPage.maximum <= 1;
    const perPageNote = document.getElementById("items-per-page-note");
    perPageNote.hidden = !onlyOne;
    if (onlyOne) perPage.setAttribute("aria-describedby", perPageNote.id);
    else perPage.removeAttribute("aria-describedby");
    showDecelerationReach(config);
    // The item counts the server accepts, but a slider with more than 60 stops is too fine to use.
    const itemLimits = config.limits.items;
    // The server takes 0 items, but a carousel of none is an empty card: the slider keeps one (and
    // shows a session a link opened with none as it is, at 0, until the slider moves).
    elements.items.min = String(Math.min(items.length, Math.max(1, itemLimits.minimum)));
    elements.items.max = String(Math.min(itemLimits.maximum, 60));
    elements.items.value = items.length;
    elements.itemsOut.value = String(items.length);
  }
}
