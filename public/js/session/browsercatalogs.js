// The bundled items for a page without a server (generated/catalogs.js, written by the server from
// its own catalogs and loaded only then), and how a count of them is made, as the server makes it
// (CatalogItem.cycled; a browser test holds the two together).

// The bundled sets by content name (banners, arabic, products, cards).
export async function loadCatalogs() {
  const { CATALOGS } = await import("../generated/catalogs.js");
  return CATALOGS;
}

// The first `count` items of `catalog`, cycled: the second round's ids end in "~2" and titles in " 2".
export function cycledItems(catalog, count) {
  if (catalog.length === 0) return [];
  return Array.from({ length: count }, (_, index) => {
    const item = catalog[index % catalog.length];
    const round = Math.floor(index / catalog.length);
    return round === 0 ? item : { ...item, id: `${item.id}~${round + 1}`, title: `${item.title} ${round + 1}` };
  });
}
