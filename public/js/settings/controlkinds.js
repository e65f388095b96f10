// The four kinds of control the settings panel is made of: a slider (range), a number box in a unit
// (number), an on/off switch and a menu. Each is built from a schema field and its `panel`
// (Sources/PreviewWire/Schema/ConfigurationPanel.swift), so no field is written out in the
// page's markup: `build(field, onValue)` returns { element, input, show(value), isBusy() }, and
// `onValue(value)` gets each value the person sets, in the field's own terms.

import { RangedInput } from "./rangedinput.js";

// `viewportWidth` → `viewport-width`: the ids of a field's label, note and error message.
export function kebab(link) {
  return link.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function make(tag, attributes = {}, text) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

// The field's wrapper, its label and its notes (the conditional one hidden until its rule says so).
function frame(field, classes = "field") {
  const id = kebab(field.link);
  const element = make("div", { class: classes, id: `${id}-field` });
  const label = make("label", { for: `setting-${field.link}`, id: `${id}-label` }, field.panel.label);
  const notes = [];
  if (field.panel.note) notes.push(make("p", { class: "field-note", id: `${id}-note` }, field.panel.note));
  if (field.panel.conditionalNote) {
    const note = make("p", { class: "field-note", id: field.panel.note ? `${id}-condition-note` : `${id}-note` }, field.panel.conditionalNote);
    note.hidden = true;
    notes.push(note);
  }
  return { element, label, notes, described: field.panel.note ? `${id}-note` : undefined };
}

function range(field, onValue) {
  const { offered, reversed = false, decimals = 0, ends } = field.panel;
  const { element, label, notes, described } = frame(field);
  const input = make("input", {
    type: "range", name: field.link, id: `setting-${field.link}`,
    min: offered.minimum, max: offered.maximum, step: offered.step, "aria-describedby": described,
  });
  const output = make("output", { name: `${field.link}Out`, for: input.id });
  // A reversed slider's right end is the field's minimum: the value is mirrored in the range.
  const toField = (position) => (reversed ? offered.minimum + offered.maximum - position : position);
  const say = (value) => {
    output.value = `${value.toFixed(decimals)}${field.unit ? ` ${field.unit}` : ""}`;
    if (ends) input.setAttribute("aria-valuetext", `${output.value}, ${position(value)}`);
  };
  // Where a value sits between the slider's end words, for a screen reader.
  const position = (value) => {
    const share = (toField(value) - offered.minimum) / (offered.maximum - offered.minimum);
    return share < 1 / 3 ? ends[0] : share > 2 / 3 ? ends[1] : `between ${ends[0]} and ${ends[1]}`;
  };
  const row = ends ? make("span", { class: "range-ends" }) : null;
  if (row) row.append(make("span", { class: "range-end", "aria-hidden": "true" }, ends[0]), input, make("span", { class: "range-end", "aria-hidden": "true" }, ends[1]));
  element.append(label, " ", output, row ?? input, ...notes);
  input.addEventListener("input", () => {
    const value = roundTo(toField(Number(input.value)), offered.step);
    say(value);
    onValue(value);
  });
  return {
    element, input,
    show(value) {
      input.value = String(toField(value));
      say(value);
    },
    showValueOnly: say,
  };
}

function number(field, onValue) {
  const id = kebab(field.link);
  const { element, label, notes, described } = frame(field, "field inline-number");
  const input = make("input", {
    type: "number", name: field.link, id: `setting-${field.link}`, step: field.panel.offered?.step ?? 1,
    inputmode: "decimal", "aria-describedby": described,
  });
  const emptyMeans = field.type === "number-or-null" ? "auto" : undefined;
  if (emptyMeans) input.placeholder = emptyMeans;
  const error = make("p", { class: "field-error", id: `${id}-error`, role: "alert" });
  error.hidden = true;
  element.append(label, input, ...notes, error);
  const ranged = new RangedInput(input, error, { range: offeredWithinField(field), unit: field.unit, emptyMeans, onValue });
  return { element, input, ranged, show: (value) => ranged.show(value) };
}

function toggle(field, onValue) {
  const { element, notes, described } = frame(field, "field switch-field");
  const input = make("input", { type: "checkbox", role: "switch", name: field.link, id: `setting-${field.link}`, "aria-describedby": described });
  const label = make("label", { class: "switch-label", for: input.id, id: `${kebab(field.link)}-label` });
  label.append(input, ` ${field.panel.label}`);
  element.append(label, ...notes);
  input.addEventListener("change", () => onValue(input.checked));
  return { element, input, show: (value) => (input.checked = Boolean(value)) };
}

function menu(field, onValue) {
  const { element, label, notes, described } = frame(field);
  const select = make("select", { name: field.link, id: `setting-${field.link}`, "aria-describedby": described });
  for (const choice of field.choices) select.append(make("option", { value: choice }, field.panel.choiceLabels?.[choice] ?? choice));
  element.append(label, select, ...notes);
  select.addEventListener("change", () => onValue(select.value));
  return { element, input: select, show: (value) => (select.value = value) };
}

export const CONTROL_KINDS = { range, number, switch: toggle, menu };

// The range a number box offers: the panel's, narrowed to what the server takes (never offering a
// value the server would refuse), or the field's own.
export function offeredWithinField(field) {
  const step = field.panel.offered?.step ?? 1;
  let minimum = field.panel.offered?.minimum ?? field.minimum ?? -Infinity;
  let maximum = field.panel.offered?.maximum ?? field.maximum ?? Infinity;
  if (field.minimum !== undefined) minimum = Math.max(minimum, field.minimum);
  if (field.exclusiveMinimum !== undefined && minimum <= field.exclusiveMinimum) minimum = field.exclusiveMinimum + step;
  if (field.maximum !== undefined) maximum = Math.min(maximum, field.maximum);
  if (field.exclusiveMaximum !== undefined && maximum >= field.exclusiveMaximum) maximum = field.exclusiveMaximum - step;
  return { minimum, maximum };
}

// A slider's value on its step's grid, without binary fractions' noise (0.990000001).
function roundTo(value, step) {
  const places = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Number(value.toFixed(places));
}
