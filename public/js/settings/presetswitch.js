// Switching the preset after tuning asks first: a preset sets every value to its own, so the tuned
// ones would be lost. The dialog names them and offers to keep them as a variant (named, in the
// session) before switching, to switch anyway, or to stay.

import { describeTuning, droppedBySwitch, tunedGeometry } from "./tuning.js";

export class PresetSwitch {
  // `saveVariant(name)`: keeps the session's carousel as a variant (variantspanel.js);
  // `current()`: { config, itemCount } on screen.
  constructor({ saveVariant, current }) {
    Object.assign(this, { saveVariant, current });
    const element = (id) => document.getElementById(id);
    Object.assign(this, {
      dialog: element("preset-dialog"),
      text: element("preset-dialog-text"),
      name: element("preset-variant-name"),
      keep: element("preset-keep"),
      drop: element("preset-drop"),
      cancel: element("preset-cancel"),
      keepSizes: element("preset-keep-sizes"),
      keepSizesText: element("preset-keep-sizes-text"),
    });
  }

  // Calls `go()` to switch to preset `name`, at once when nothing tuned would be lost, else once the
  // viewer says so; `stay()` when the viewer keeps the preset they had.
  ask(name, go, stay) {
    const { config } = this.current();
    const dropped = config ? droppedBySwitch(config) : [];
    if (dropped.length === 0) return go();
    // The sizes the person set stay, unless they untick them here.
    const sizes = tunedGeometry(config);
    this.keepSizes.checked = true;
    this.keepSizes.closest("label").hidden = sizes.length === 0;
    this.keepSizesText.textContent = `Keep the sizes you set (${describeTuning(sizes)})`;
    this.text.textContent = `The ${config.preset} preset is tuned (${describeTuning(dropped)}). Switching to ${name} sets those to that preset's.`;
    this.name.value = `${config.preset}, tuned`;
    const finish = (choice) => {
      for (const [button, handler] of handlers) button.removeEventListener("click", handler);
      this.dialog.removeEventListener("cancel", onEscape);
      this.dialog.close();
      if (choice === "stay") return stay();
      // The session's carousel as it stands when the save arrives: no change of this page's is missed.
      if (choice === "keep") this.saveVariant(this.name.value.trim() || `${config.preset}, tuned`);
      go({ keepsGeometry: this.keepSizes.checked });
    };
    const handlers = [
      [this.keep, () => finish("keep")],
      [this.drop, () => finish("drop")],
      [this.cancel, () => finish("stay")],
    ];
    const onEscape = (event) => {
      event.preventDefault();
      finish("stay");
    };
    for (const [button, handler] of handlers) button.addEventListener("click", handler);
    this.dialog.addEventListener("cancel", onEscape);
    // A comparison's pane is as tall as its page, so the middle of its frame may be far from what is
    // in view: there the dialog opens where the preset was just picked.
    const picker = document.getElementById("setting-preset");
    const isPane = document.documentElement.dataset.embed !== undefined;
    this.dialog.style.margin = isPane ? `${Math.max(8, picker.getBoundingClientRect().top)}px auto auto` : "";
    this.dialog.showModal();
    this.keep.focus();
  }
}
