// Where the notices stack goes: never over the control that has focus (the person is using it) nor
// over the carousel (the thing being judged). The first corner of `corners` whose box covers
// neither; failing that, the first that spares the focused control; failing that, the first.

export const CORNERS = ["bottom-right", "bottom-left", "top-right", "top-left"];

// The box the stack (`size`: { width, height }) takes in the corner of a `viewport` ({ width,
// height }), `margin` from its edges.
export function boxInCorner(corner, size, viewport, margin = 16) {
  const left = corner.endsWith("left") ? margin : viewport.width - margin - size.width;
  const top = corner.startsWith("top") ? margin : viewport.height - margin - size.height;
  return { left, top, right: left + size.width, bottom: top + size.height };
}

export function intersects(a, b) {
  return a !== null && b !== null && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

// `focused` and `carousel`: their boxes in the viewport ({ left, top, right, bottom }), or null.
export function noticeCorner(size, viewport, { focused, carousel }, corners = CORNERS) {
  const boxes = corners.map((corner) => ({ corner, box: boxInCorner(corner, size, viewport) }));
  const free = boxes.find(({ box }) => !intersects(box, focused) && !intersects(box, carousel));
  return (free ?? boxes.find(({ box }) => !intersects(box, focused)) ?? boxes[0]).corner;
}
