// What differs from the preset, shown where it is set: each setting whose value is not its
// preset's is marked ("modified") with a Reset under it that sets that one back, and the panel's
// head says what is tuned, with Reset all. Every reset is a `configure` (so undo takes it back too).

import { describeTuning, patchFor, resetPatch, tunedFields } from "./tuning.js";

// Settings a control sets under another name than the field's link.
const CONTROL_OF = { autoscroll: null };

export class ModifiedMarks {
  // `form`: the settings form; `send(message)`: a configure to the session.
  constructor(form, send) {
    Object.assign(this, { form, send, buttons: new Map(), tuned: [] });
    this.summary = document.getElementById("tuned");
    this.summaryText = document.getElementById("tuned-text");
    document.getElementById("reset-all").addEventListener("click", () => {
      if (this.tuned.length > 0) this.send({ type: "configure", config: resetPatch(this.tuned) });
    });
  }

  // The container of the control that sets `link`, or null for a setting without one here.
  containerOf(link) {
    const name = link in CONTROL_OF ? CONTROL_OF[link] : link;
    const control = name ? this.form.elements[name] : null;
    return control instanceof Element ? control.closest(".field") : null;
  }

  update(config) {
    this.tuned = tunedFields(config);
    const byLink = new Map(this.tuned.map((change) => [change.field.link, change]));
    for (const container of this.form.querySelectorAll(".field[data-modified]")) delete container.dataset.modified;
    for (const [link, change] of byLink) {
      const container = this.containerOf(link);
      if (!container) continue;
      container.dataset.modified = "";
      this.buttonFor(container, link).update(change);
    }
    for (const [link, button] of this.buttons) button.element.hidden = !byLink.has(link);
    this.summary.hidden = this.tuned.length === 0;
    this.summaryText.textContent = this.tuned.length === 0 ? "" : `Tuned from the ${config.preset} preset: ${describeTuning(this.tuned)}`;
  }

  // The Reset under one setting, made the first time it differs.
  buttonFor(container, link) {
    let button = this.buttons.get(link);
    if (button) return button;
    const element = document.createElement("button");
    element.type = "button";
    element.className = "reset-field link-button";
    container.append(element);
    button = {
      element,
      change: null,
      update(change) {
        this.change = change;
        const label = container.querySelector("label, legend")?.textContent.trim() ?? link;
        const value = change.presetValue === null ? "auto" : change.presetValue;
        element.textContent = `Reset to ${value}`;
        element.setAttribute("aria-label", `${label}: modified. Reset to the preset's ${value}`);
      },
    };
    element.addEventListener("click", () => {
      const { field, presetValue } = button.change;
      this.send({ type: "configure", config: patchFor(field.path, presetValue) });
    });
    this.buttons.set(link, button);
    return button;
  }
}
