// The timeline under a pointer: hovering reads the frames at the cursor (timelinereadout.js),
// dragging across it zooms into the span dragged over, a click pins the cursor where it was (the
// picture holds still from the moment the button goes down, so the span is the one pointed at).

const DRAG_PX = 5; // a press that moves less than this is a click

// `timeline`: timeline.js's; `readout`: its Readout.
export function attachPointer(timeline, readout) {
  const canvas = timeline.canvas;
  let press = null; // { x, wall, pointerId } while the primary button is down on the plot
  const localX = (event) => event.clientX - canvas.getBoundingClientRect().left;

  canvas.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const x = localX(event);
    const wall = timeline.wallAt(x);
    if (wall === null) return;
    // A mouse holds the picture at once; a finger only once it drags or lifts, so scrolling the
    // page past the timeline does not pause it.
    if (event.pointerType === "mouse") timeline.hold();
    press = { x, wall, pointerId: event.pointerId };
    canvas.setPointerCapture?.(event.pointerId);
  });
  canvas.addEventListener("pointermove", (event) => {
    const x = localX(event);
    const { left, right } = timeline.painter.plotEdges(timeline.cssWidth);
    if (press && event.pointerId === press.pointerId && Math.abs(x - press.x) >= DRAG_PX) {
      timeline.hold();
      timeline.selection = { from: press.wall, to: timeline.wallAt(Math.min(Math.max(x, left), right)) };
    }
    timeline.hoverWall = timeline.wallAt(x);
    readout.show();
    timeline.showCursor();
  });
  canvas.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    const selection = timeline.selection;
    timeline.selection = null;
    if (selection) timeline.zoomTo(selection.from, selection.to);
    else timeline.pin(press.wall);
    press = null;
    readout.show();
  });
  canvas.addEventListener("pointercancel", () => {
    press = null;
    timeline.selection = null;
    timeline.showCursor();
  });
  canvas.addEventListener("pointerleave", () => {
    if (press || timeline.hoverWall === null) return;
    timeline.hoverWall = null;
    readout.show();
    timeline.showCursor();
  });
}
