// The settings panel's field controls, built from the schema: each field with a `panel` gets a
// control of its kind (controlkinds.js) in its section (`data-panel-section` in index.html), in
// `SCHEMA.panelOrder`. A field without one says why under `linkOnly`, and the panel lists those
// in its link note. So a field added to the server's schema reaches the panel without markup here.

import { SCHEMA } from "../generated/schema.js";
import { CONTROL_KINDS } from "./controlkinds.js";

// `onValue(field, value)`: a value the person set. Returns the controls by link name.
export function buildPanelFields(form, onValue) {
  const controls = new Map();
  for (const link of SCHEMA.panelOrder) {
    const field = SCHEMA.fields.find((candidate) => candidate.link === link);
    if (!field?.panel) continue;
    const section = form.querySelector(`[data-panel-section="${field.panel.section}"]`);
    const control = CONTROL_KINDS[field.panel.kind](field, (value) => onValue(field, value));
    control.field = field;
    section.append(control.element);
    controls.set(link, control);
  }
  const linkOnly = SCHEMA.fields.filter((field) => field.linkOnly);
  const note = form.querySelector("#link-only-note");
  if (note && linkOnly.length > 0) {
    note.textContent = `Set by a link only: ${linkOnly.map((field) => `${field.link} (${field.linkOnly})`).join("; ")}.`;
    note.hidden = false;
  }
  return controls;
}
