// The panel's Variants: named versions of the carousel kept in the session for everyone in it
// ("v2 faster settle"). Save the carousel on screen under a name, apply one (a `configure`, so
// undo takes it back), delete one, or Compare any two (or one with the carousel on screen). A share
// link or a settings file's variants are saved into the session the page opens (variantlink.js).

import { SCHEMA } from "../generated/schema.js";
import { freshSessionName, comparisonURL } from "../compare/comparelink.js";
import { shareURL } from "../session/share.js";
import { describeTuning, tunedFields } from "./tuning.js";
import { variantsFromFragment } from "./variantlink.js";

const CURRENT = "";

export class VariantsPanel {
  // `send(message)`: to the session; `current()`: { config, itemCount, clock } on screen.
  constructor({ send, current }) {
    Object.assign(this, { send, current, variants: [], fragmentTaken: false });
    const element = (id) => document.getElementById(id);
    Object.assign(this, {
      name: element("variant-name"),
      list: element("variant-list"),
      compare: element("variant-compare"),
      compareA: element("compare-a"),
      compareB: element("compare-b"),
      status: element("variants-status"),
    });
    element("save-variant").addEventListener("click", () => this.saveCurrent());
    this.name.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      this.saveCurrent();
    });
    element("compare-variants").addEventListener("click", () => this.openComparison());
  }

  saveCurrent() {
    const name = this.name.value.trim();
    if (!name) {
      this.say("Name the variant first.", "error");
      this.name.focus();
      return;
    }
    this.save(name);
    this.name.value = "";
  }

  // Keeps a carousel as a variant named `name`: the session's as it is when the save arrives (after
  // every change this page sent before it), or `config` (whole, or a patch with its preset) and `itemCount`.
  save(name, config, itemCount) {
    const carousel = config ? { config: patchOf(config), itemCount } : {};
    const sent = this.send({ type: "variant", action: "save", name, ...carousel });
    this.say(sent === false ? "Not connected: the variant was not saved." : `Saved “${name}”.`, sent === false ? "error" : "done");
  }

  // The session's variants (state.variants), after a welcome or a `variant` message.
  show(variants) {
    this.variants = variants;
    this.list.replaceChildren(...variants.map((variant) => this.row(variant)));
    this.compare.hidden = variants.length === 0;
    for (const select of [this.compareA, this.compareB]) {
      const chosen = select.value;
      select.replaceChildren(new Option("The carousel on screen", CURRENT), ...variants.map((variant) => new Option(variant.name, variant.name)));
      select.value = variants.some((variant) => variant.name === chosen) ? chosen : CURRENT;
    }
    // Two variants: compare them; one: it against the carousel on screen.
    if (this.compareA.value === CURRENT && this.compareB.value === CURRENT && variants.length > 0) {
      this.compareA.value = variants.at(-1).name;
      if (variants.length > 1) this.compareB.value = variants.at(-2).name;
    }
  }

  row(variant) {
    const item = document.createElement("li");
    const title = document.createElement("span");
    title.className = "variant-name";
    title.textContent = variant.name;
    const summary = document.createElement("span");
    summary.className = "variant-summary";
    summary.textContent = summaryOf(variant);
    const apply = button("Apply", `Apply ${variant.name}`, () => {
      this.send({ type: "configure", config: variant.config, itemCount: variant.itemCount });
      this.say(`Applied “${variant.name}”: Ctrl+Z takes it back.`, "done");
    });
    const remove = button("Delete", `Delete ${variant.name}`, () => this.send({ type: "variant", action: "delete", name: variant.name }));
    item.append(title, summary, apply, remove);
    return item;
  }

  // compare.html with the two chosen, each in a new session of its own; a pane of own items copies
  // them (and their images) from this session, which holds them.
  openComparison() {
    const ownFrom = new URLSearchParams(location.search).get("session") ?? SCHEMA.session.default;
    const pane = (name, suffix) => {
      const { config, itemCount, clock } = this.current();
      const variant = this.variants.find((candidate) => candidate.name === name);
      const carousel = variant ?? { config, itemCount };
      const base = `${location.origin}${location.pathname}`;
      return shareURL(base, { session: freshSessionName(suffix), clock, config: carousel.config, itemCount: carousel.itemCount, ownFrom });
    };
    location.assign(comparisonURL(location.href, pane(this.compareA.value, "a"), pane(this.compareB.value, "b")));
  }

  // Once, after the first welcome: the variants the address's fragment carries are saved into the
  // session, and the fragment leaves the address (a reload would only save them again).
  takeFragment() {
    if (this.fragmentTaken) return;
    this.fragmentTaken = true;
    const carried = variantsFromFragment(location.hash);
    if (carried.length === 0) return;
    for (const variant of carried) this.send({ type: "variant", action: "save", ...variant });
    history.replaceState(history.state, "", location.href.replace(/#.*$/, ""));
    this.say(`${carried.length} variant${carried.length === 1 ? "" : "s"} from the link saved in this session.`, "done");
  }

  say(text, state) {
    this.status.textContent = text;
    this.status.dataset.state = state;
  }
}

// "strip · spacing 30, springFrequency 8 · 12 items".
function summaryOf(variant) {
  const tuned = describeTuning(tunedFields(variant.config));
  return [variant.config.preset, tuned, `${variant.itemCount} items`].filter(Boolean).join(" · ");
}

// A configuration as a save sends it: its preset and what differs (a patch passes as it is).
function patchOf(config) {
  const patch = { preset: config.preset };
  for (const { field, value } of tunedFields(config)) {
    let target = patch;
    for (const key of field.path.slice(0, -1)) target = target[key] ??= {};
    target[field.path.at(-1)] = value;
  }
  return patch;
}

function button(text, label, onClick) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "pill";
  element.textContent = text;
  element.setAttribute("aria-label", label);
  element.addEventListener("click", onClick);
  return element;
}
