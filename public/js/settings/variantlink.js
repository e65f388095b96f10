// Variants in a share link: after the `#` of the page's address (`#variants=...`), which the
// browser never sends to the server, so no header limit bounds them. Each variant is its name and
// its carousel in the share link's own terms (`preset=strip&items=5&spacing=30`): compact, and read
// back through the schema's fields. The page saves them into the session it opens (variantspanel.js).

import { SCHEMA } from "../generated/schema.js";
import { formatted, presetNamed } from "../session/share.js";
import { mergePatches, patchFor, valueAt } from "./tuning.js";

const KEY = "variants";

// A variant's carousel as a link's query: its preset, item count, and what differs from the preset.
export function variantQuery({ config, itemCount }) {
  const query = new URLSearchParams({ preset: config.preset, items: String(itemCount) });
  const preset = presetNamed(config.preset);
  for (const field of SCHEMA.fields) {
    const value = valueAt(config, field.path);
    if (value === undefined || (preset && value === valueAt(preset.config, field.path))) continue;
    query.set(field.link, formatted(field, value));
  }
  return query.toString();
}

// "#variants=..." for `variants` ({ name, config, itemCount }), or "" for none.
export function variantsFragment(variants) {
  if (!Array.isArray(variants) || variants.length === 0) return "";
  const compact = variants.map((variant) => [variant.name, variantQuery(variant)]);
  return `#${KEY}=${encodeURIComponent(JSON.stringify(compact))}`;
}

// The variants a fragment (`location.hash`) carries, each { name, config, itemCount }: what does
// not read is left out (the server checks the rest as it checks any save).
export function variantsFromFragment(hash) {
  const params = new URLSearchParams(String(hash).replace(/^#/, ""));
  let list;
  try {
    list = JSON.parse(params.get(KEY) ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list
    .filter((entry) => Array.isArray(entry) && typeof entry[0] === "string" && typeof entry[1] === "string")
    .map(([name, text]) => ({ name, ...carouselOf(new URLSearchParams(text)) }))
    .filter((variant) => variant.config !== null);
}

// A link query's carousel as a variant holds it: a configuration patch with its preset, and the
// item count (the preset's own when the query names none).
function carouselOf(query) {
  const preset = presetNamed(query.get("preset") ?? "");
  if (!preset) return { config: null, itemCount: 0 };
  let config = { preset: query.get("preset") };
  for (const field of SCHEMA.fields) {
    const text = query.get(field.link);
    if (text === null) continue;
    const value = parsed(field, text);
    if (value !== undefined) config = mergePatches(config, patchFor(field.path, value));
  }
  const items = (query.get("items") ?? "").trim() === "" ? NaN : Number(query.get("items"));
  return { config, itemCount: Number.isInteger(items) && items >= 0 ? items : preset.itemCount };
}

// A value as a link writes it (share.js `formatted`), read back; undefined when it does not read.
function parsed(field, text) {
  if (field.type === "boolean") return text === "on" || text === "true" ? true : text === "off" || text === "false" ? false : undefined;
  if (field.type === "number-or-null" && text === "auto") return null;
  if (field.type === "number" || field.type === "number-or-null") {
    const number = Number(text);
    return text.trim() !== "" && Number.isFinite(number) ? number : undefined;
  }
  return field.choices?.includes(text) ? text : undefined;
}
