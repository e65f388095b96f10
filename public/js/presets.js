// What each preset sets, in the protocol's JSON form (the `config` of `welcome`, without the read-only
// `limits`), and how many items a session created from it starts with (the bundled catalog of its
// layout). Mirrors Sources/CarouselCore/Configuration+Presets.swift; Tests/Browser/test_share_export.py
// compares this table with what the server sends for every preset, so the two cannot drift apart.
// Share links and the "Copy as JSON" fallback carry only what differs from these values.

const BASE = {
  axis: "horizontal",
  layout: "uniform",
  loop: true,
  viewport: { width: 375, height: 180 },
  inset: 16,
  spacing: 8,
  itemWidth: null,
  itemHeight: null,
  sideScale: 1,
  decelerationRate: 0.99,
  flickVelocity: 300,
  springFrequency: 20,
  rubberBand: 0.55,
  autoscroll: { enabled: false, intervalMs: 3000 },
};

export const PRESETS = Object.freeze({
  banner: { ...BASE },
  paged: { ...BASE, inset: 0, spacing: 0 },
  coverflow: { ...BASE, inset: 20, spacing: 10, sideScale: 0.8, autoscroll: { enabled: true, intervalMs: 3000 } },
  strip: { ...BASE, loop: false },
  cards: { ...BASE, axis: "vertical", layout: "cards", loop: false, viewport: { width: 375, height: 560 }, inset: 0, spacing: 0 },
});

// The bundled catalogs' sizes: 5 banners, 60 cards.
const BUNDLED_ITEM_COUNTS = { uniform: 5, cards: 60 };

export function presetItemCount(preset) {
  return BUNDLED_ITEM_COUNTS[PRESETS[preset].layout];
}

export function isPreset(name) {
  return Object.hasOwn(PRESETS, name);
}
