// The settings panel: every change is a `configure`; every `config` broadcast (from any viewer)
// updates the fields, so all viewers of a session show the same values. While a replay plays the
// panel is disabled as a whole (its fieldset), so no setting is sent that the server would refuse
// and a preset is never half applied; a press on it then says why (`onHeld`).

import { DeviceMenu } from "./devicemenu.js";
import { boundReachInput, showDecelerationReach } from "./flickreach.js";
import { RangedInput } from "./rangedinput.js";
import { SCHEMA } from "../generated/schema.js";
import { presetNamed } from "../session/share.js";

const RANGE_KEYS = ["inset", "spacing", "maxItemsPerFlick", "itemsPerPage", "decelerationRate", "sideScale"];
// The settings that take one of a few names; a picker sends its choice at once.
const CHOICE_KEYS = ["align", "snapping", "direction", "template"];

export class Controls {
  constructor(form, send, { prefersReducedMotion, onHeld = () => {}, askPreset = (name, go) => go() }) {
    this.form = form;
    this.send = send;
    this.prefersReducedMotion = prefersReducedMotion;
    this.pendingTimers = new Map();
    this.fieldset = form.querySelector("fieldset.settings");
    this.heldNote = form.querySelector(".settings-held");
    this.itemsPerPageNote = form.querySelector("#items-per-page-note");
    // A disabled control takes no click, but the press still reaches the form.
    form.addEventListener("pointerdown", () => {
      if (this.fieldset.disabled) onHeld();
    });

    form.addEventListener("submit", (event) => event.preventDefault());
    boundReachInput(form.elements.maxItemsPerFlick);
    form.elements.preset.addEventListener("change", () => {
      const name = form.elements.preset.value;
      const go = () => {
        this.describePreset();
        const config = { preset: name, ...this.keptAcrossPresets(name) };
        // A viewer who asked for reduced motion does not get auto-scroll by picking a preset.
        if (this.prefersReducedMotion) config.autoscroll = { enabled: false };
        this.send({ type: "configure", config });
      };
      // Tuned values would be lost: `askPreset` may ask first (presetswitch.js), or keep the preset.
      askPreset(name, go, () => {
        if (this.latest) form.elements.preset.value = this.latest[0].preset;
      });
    });
    for (const key of RANGE_KEYS) {
      const input = form.elements[key];
      input.addEventListener("input", () => {
        this.showValue(key, Number(input.value));
        this.throttle(key, () => this.send({ type: "configure", config: { [key]: Number(input.value) } }));
      });
    }
    for (const key of CHOICE_KEYS) {
      const select = form.elements[key];
      select.addEventListener("change", () => this.send({ type: "configure", config: { [key]: select.value } }));
    }
    // Another set of items: its template comes with it (products as product tiles), so the
    // carousel shows them as they are meant to be seen; the Template menu can then change it.
    form.elements.content.addEventListener("change", () => {
      const content = form.elements.content.value;
      const template = { products: "product", banners: "banner", arabic: "banner" }[content];
      this.send({ type: "configure", config: template ? { content, template } : { content } });
    });
    this.devices = new DeviceMenu(form.elements.device, document.getElementById("device-note"), { send });
    // The design's viewport (the carousel's frame), and an item's size in it.
    this.viewportWidth = this.numberBox("viewportWidth", "viewport-width-error", (width) => ({ viewport: { width } }));
    this.viewportHeight = this.numberBox("viewportHeight", "viewport-height-error", (height) => ({ viewport: { height } }));
    this.itemWidth = this.numberBox("itemWidth", "item-width-error", (itemWidth) => ({ itemWidth }), "auto");
    this.itemHeight = this.numberBox("itemHeight", "item-height-error", (itemHeight) => ({ itemHeight }), "auto");
    const items = form.elements.items;
    items.addEventListener("input", () => {
      this.showValue("items", Number(items.value));
      this.throttle("items", () => this.send({ type: "configure", itemCount: Number(items.value) }));
    });
    const interval = form.elements.intervalMs;
    this.interval = new RangedInput(interval, document.getElementById("interval-error"), {
      range: rangeWithinSchema(interval, "intervalMs"),
      unit: "ms",
      onValue: (value) => this.send({ type: "configure", config: { autoscroll: { intervalMs: value } } }),
    });
  }

  // A length in points: a number in the range the session takes, or (with `emptyMeans`) empty for
  // the layout's own (an item's length along the axis: the viewport less both insets; across it: the
  // viewport's). A value out of range is refused beside the box, which goes back to the session's.
  // The range starts as the schema's; the item's length along follows each config's
  // `limits.itemWidth` (an empty `min` and `max` read as 0 had made it 1 to 0, refusing every value
  // without a word).
  numberBox(link, errorId, toConfig, emptyMeans) {
    const field = SCHEMA.fields.find((candidate) => candidate.link === link);
    return new RangedInput(this.form.elements[link], document.getElementById(errorId), {
      range: { minimum: field.minimum, maximum: field.maximum },
      unit: "pt",
      emptyMeans,
      onValue: (value) => this.send({ type: "configure", config: toConfig(value) }),
    });
  }

  // `itemWidth` is the length along the axis and `itemHeight` the size across it, so in a vertical
  // carousel the boxes are labelled the other way round: each names the side it sets on screen.
  labelItemSizes(axis) {
    const vertical = axis === "vertical";
    document.getElementById("item-width-label").textContent = vertical ? "Item height, pt" : "Item width, pt";
    document.getElementById("item-height-label").textContent = vertical ? "Item width, pt" : "Item height, pt";
  }

  // The sets this layout shows: the feed's cards in the card feed, the others elsewhere; "Your own
  // items" only once a viewer has given some (it is not a set to pick).
  showContent(config) {
    const select = this.form.elements.content;
    for (const option of select.options) {
      const fits = config.layout === "cards" ? option.value === "cards" : option.value !== "cards";
      option.hidden = option.disabled = !(fits && (option.value !== "own" || config.content === "own"));
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
    this.itemWidth.setRange(range, range ? reason : `${reason || "in this geometry"}: lower Items per page`);
  }

  // A preset resets every value to its own, but the items and their template are the design's
  // content, not its feel: they stay when the new preset lays items out the same way.
  keptAcrossPresets(name) {
    const current = this.latest?.[0];
    const preset = presetNamed(name);
    if (!current || !preset || preset.config.layout !== current.layout) return {};
    return { content: current.content, template: current.template };
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

  showValue(key, value) {
    const output = this.form.elements[`${key}Out`];
    if (!output) return;
    output.value = key === "decelerationRate" ? value.toFixed(3) : key === "sideScale" ? value.toFixed(2) : String(value);
  }

  update(config, items) {
    this.latest = [config, items];
    const elements = this.form.elements;
    elements.preset.value = config.preset;
    this.describePreset();
    for (const key of RANGE_KEYS) {
      if (document.activeElement !== elements[key] || !this.pendingTimers.has(key)) elements[key].value = config[key];
      this.showValue(key, config[key]);
    }
    for (const key of CHOICE_KEYS) elements[key].value = config[key];
    this.showContent(config);
    this.devices.update(config);
    this.viewportWidth.show(config.viewport.width);
    this.viewportHeight.show(config.viewport.height);
    this.showItemWidthRange(config);
    this.itemWidth.show(config.itemWidth ?? null);
    this.itemHeight.show(config.itemHeight ?? null);
    this.labelItemSizes(config.axis);
    // As many as fit in this geometry, as the server counts them (its `limits`); a slider of more
    // than 12 stops is too fine to use.
    elements.itemsPerPage.max = String(Math.min(config.limits.itemsPerPage.maximum, 12));
    // A slider from 1 to 1 says why it cannot move, instead of refusing without a word.
    const onlyOne = config.limits.itemsPerPage.maximum <= 1;
    this.itemsPerPageNote.hidden = !onlyOne;
    if (onlyOne) elements.itemsPerPage.setAttribute("aria-describedby", this.itemsPerPageNote.id);
    else elements.itemsPerPage.removeAttribute("aria-describedby");
    showDecelerationReach(config);
    // The item counts the server accepts, but a slider with more than 60 stops is too fine to use.
    const itemLimits = config.limits.items;
    // The server takes 0 items, but a carousel of none is an empty card: the slider keeps one (and
    // shows a session a link opened with none as it is, at 0, until the slider moves).
    elements.items.min = String(Math.min(items.length, Math.max(1, itemLimits.minimum)));
    elements.items.max = String(Math.min(itemLimits.maximum, 60));
    elements.items.value = items.length;
    this.showValue("items", items.length);
    this.interval.show(config.autoscroll.intervalMs);
  }
}

// The range the page offers (the input's own min and max, what is useful to a designer), narrowed
// to what the server accepts, so the page never offers a value the server would refuse.
function rangeWithinSchema(input, link) {
  const field = SCHEMA.fields.find((candidate) => candidate.link === link);
  let minimum = Number(input.min);
  let maximum = Number(input.max);
  if (field.minimum !== undefined) minimum = Math.max(minimum, field.minimum);
  if (field.exclusiveMinimum !== undefined && minimum <= field.exclusiveMinimum) minimum = field.exclusiveMinimum + Number(input.step || 1);
  if (field.maximum !== undefined) maximum = Math.min(maximum, field.maximum);
  if (field.exclusiveMaximum !== undefined && maximum >= field.exclusiveMaximum) maximum = field.exclusiveMaximum - Number(input.step || 1);
  return { minimum, maximum };
}
