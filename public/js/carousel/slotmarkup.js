// What a slot is made of: its markup by the kind the frame gives it (a banner, or one of the card
// feed's kinds), how an item's members are read as text, carefully, since they come from data, and
// the look a configuration gives every slot.

import { SCHEMA } from "../generated/schema.js";

const FITS = SCHEMA.fields.find((field) => field.link === "imageFit")?.choices ?? [];
const RADII = SCHEMA.fields.find((field) => field.link === "cornerRadius");

const CARD_MARKUP = '<div class="card-body"><h3 class="title"></h3><p class="subtitle"></p></div><footer class="meta"></footer>';
// A slot's markup by its kind. A Map, not an object: the kind comes from the frame, and an object
// would answer "constructor" or "__proto__" with Object.prototype's members instead of markup.
export const MARKUP = new Map([
  [
    "banner",
    '<img alt="" draggable="false"><span class="badge"></span><div class="caption"><div class="title"></div><div class="subtitle"></div><div class="price"></div></div>',
  ],
  ["photo", `<img alt="" draggable="false">${CARD_MARKUP}`],
  ["card", CARD_MARKUP],
  ["text", CARD_MARKUP],
]);

// The markup table's kind a slot is drawn as: its own when the table has it, else a plain card (a
// kind this page does not know, or anything else a frame may carry).
export function drawnKind(kind) {
  return MARKUP.has(kind) ? kind : "card";
}

// The kind a frame gives a slot, as text: a banner's slots have none; a kind that is not text is
// none this page could know (and is never turned into text, which an object can refuse).
export function slotKind(state) {
  if (state.kind === undefined || state.kind === null) return "banner";
  return typeof state.kind === "string" ? state.kind : "";
}

// An item's text member (title, subtitle, kind) as the page shows it. The protocol says a
// string; a number or a flag reads as itself, and anything else as nothing: null, or an object,
// which may even refuse to become text (its own `toString` not a function) and throw.
export function itemText(value) {
  if (typeof value === "string") return value;
  return typeof value === "number" || typeof value === "boolean" ? String(value) : "";
}

// The CSS a configuration's `imageFit` and `cornerRadius` become (style.css reads them as
// --image-fit and --slot-radius): only the schema's choices and numbers in its range, so a value
// the page cannot draw leaves the stylesheet's own (an empty string removes the property).
export function slotLook(config) {
  const fit = FITS.includes(config?.imageFit) ? config.imageFit : "";
  const radius = config?.cornerRadius;
  const isRadius = Number.isFinite(radius) && RADII !== undefined && radius >= RADII.minimum && radius <= RADII.maximum;
  return { fit, radius: isRadius ? `${radius}px` : "" };
}
