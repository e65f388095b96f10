// Lookups keyed by data from outside the page: a server message, a link, a recording.
//
// A plain object used as a table (presets by name, markup by kind) also answers for
// Object.prototype's members: `table["constructor"]`, `table["__proto__"]` or `table["toString"]`
// finds a function or an object that was never an entry, and whatever uses it next breaks. Only
// the table's own entries count, and only a string names one.

// `table[key]` when `key` is one of `table`'s own entries, else `fallback`.
export function ownEntry(table, key, fallback = undefined) {
  return typeof key === "string" && Object.hasOwn(table, key) ? table[key] : fallback;
}

// The element of `list` at `index` when `index` is a whole number inside it, else undefined: an
// index from a frame may be anything, and `list["length"]`, `list[-1]` or `list[1.5]` is no element.
export function elementAt(list, index) {
  return Array.isArray(list) && Number.isInteger(index) && index >= 0 && index < list.length ? list[index] : undefined;
}
