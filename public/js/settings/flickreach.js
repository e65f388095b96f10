// Whether the deceleration rate can change where a flick lands. A flick coasts as far as the rate
// projects it, but at most `maxItemsPerFlick` items: at the schema's minimum (one item, the banner
// presets) every flick stops on the next item whatever the rate, so the rate's slider says so under
// it, unless free scroll (`snapping: free`) coasts as far as the rate takes it. It stays usable (it
// still tips a slow release between two items), and the note is its description, so a screen
// reader hears it with the slider.

import { SCHEMA } from "../generated/schema.js";

const REACH = SCHEMA.fields.find((field) => field.link === "maxItemsPerFlick");

export function showDecelerationReach(config) {
  const note = document.getElementById("deceleration-rate-note");
  const field = document.getElementById("deceleration-rate-field");
  const input = document.getElementById("setting-decelerationRate");
  // Free scroll coasts as far as the rate takes it, whatever the reach.
  const hasNoEffect = config.maxItemsPerFlick <= REACH.minimum && config.snapping !== "free";
  note.hidden = !hasNoEffect;
  field.classList.toggle("without-effect", hasNoEffect);
  if (hasNoEffect) input.setAttribute("aria-describedby", note.id);
  else input.removeAttribute("aria-describedby");
}
