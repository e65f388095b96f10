// Where the carousel is, in the words the counter and the settle announcement use: they count what
// the dots count. With several items a page the frame names the page (`page`) and the dots are
// pages, so this says "Page 2 of 3"; with one item a page, "2 of 5" (items).

// `frame`'s place: `index` is the item it names (the frame's own, or a settled event's).
export function placeText(frame, index = frame.index) {
  if (frame.count === 0) return "no items";
  if (frame.page) return `Page ${frame.page.index + 1} of ${frame.page.count}`;
  return `${index + 1} of ${frame.count}`;
}
