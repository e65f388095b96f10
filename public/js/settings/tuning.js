// What a configuration has tuned: each field whose value differs from its preset's, read from the
// schema's fields and presets (never a list of its own), and the patches that set fields back. The
// modified marks, Reset, the preset switch's question, the variants' summaries and undo read it.

import { SCHEMA } from "../generated/schema.js";
import { presetNamed } from "../session/share.js";

// A field's value in a configuration, by its path (`["viewport", "width"]`); undefined when absent.
export function valueAt(config, path) {
  return path.reduce((value, key) => (value !== null && typeof value === "object" ? value[key] : undefined), config);
}

// The `configure` patch that sets `path` to `value`: `{ viewport: { width: 320 } }`.
export function patchFor(path, value) {
  return path.reduceRight((inner, key) => ({ [key]: inner }), value);
}

// Both patches in one, member by member (the second wins where both set a field).
export function mergePatches(first, second) {
  const merged = { ...first };
  for (const [key, value] of Object.entries(second)) {
    const isObject = (candidate) => candidate !== null && typeof candidate === "object";
    merged[key] = isObject(value) && isObject(merged[key]) ? mergePatches(merged[key], value) : value;
  }
  return merged;
}

// The schema's field of this link name, or undefined.
export function fieldNamed(link) {
  return SCHEMA.fields.find((field) => field.link === link);
}

// Every field whose value differs from the configuration's preset: [{ field, value, presetValue }],
// in the schema's order. None for a preset this page does not know.
export function tunedFields(config) {
  const preset = config ? presetNamed(config.preset) : undefined;
  if (!preset) return [];
  return SCHEMA.fields
    .map((field) => ({ field, value: valueAt(config, field.path), presetValue: valueAt(preset.config, field.path) }))
    .filter(({ value, presetValue }) => value !== undefined && value !== presetValue);
}

// The design's frame: a preset switch keeps those the person tuned (unless they ask otherwise),
// since a preset's feel has no say in the viewport or an item's size.
export const GEOMETRY_LINKS = ["viewportWidth", "viewportHeight", "spacing", "itemsPerPage", "itemWidth", "itemHeight"];

// The fields a preset switch would drop: the tuned ones but the items' set and template, and the
// geometry when it is kept, which a switch keeps when the layout stays (Controls.keptAcrossPresets).
export function droppedBySwitch(config, { keepsGeometry = true } = {}) {
  const kept = ["content", "template", "imageFit", "cornerRadius", ...(keepsGeometry ? GEOMETRY_LINKS : [])];
  return tunedFields(config).filter(({ field }) => !kept.includes(field.link));
}

// The geometry the person tuned in `config`, as { field, value } (kept across a preset switch).
export function tunedGeometry(config) {
  return tunedFields(config).filter(({ field }) => GEOMETRY_LINKS.includes(field.link));
}

// The patch that sets `changes` (from tunedFields) back to their preset's values.
export function resetPatch(changes) {
  return changes.reduce((patch, { field, presetValue }) => mergePatches(patch, patchFor(field.path, presetValue)), {});
}

// "spacing 30, springFrequency 8": as the event log and the share link name fields.
export function describeTuning(changes) {
  return changes.map(({ field, value }) => `${field.link} ${value === null ? "auto" : value}`).join(", ");
}
