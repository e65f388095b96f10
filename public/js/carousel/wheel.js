// Wheel and trackpad input: the handler only converts and sends; the engine decides where a
// gesture begins and ends (see docs/protocol/README.md, "Wheel and trackpad"). The page decides locally, by
// the engine's own rule, whether the carousel takes an event, because `preventDefault` cannot wait
// for the server: an event mostly across the carousel's axis (a vertical wheel over a horizontal
// banner) and one pushing outward at the end of a carousel that does not loop are left to the
// browser, so the page scrolls.

const LINE = 16; // points per line when the browser counts the wheel in lines (deltaMode 1)
const QUIET_MS = 150; // the engine's quiet time: a stream this close to the last taken event goes on

export function attachWheel(viewport, { renderer, isAtEnd, send }) {
  let lastTaken = -Infinity;

  viewport.addEventListener(
    "wheel",
    (event) => {
      if (event.ctrlKey) return; // pinch-zoom on a trackpad, or Ctrl+wheel: the browser's zoom
      const unit = event.deltaMode === 1 ? LINE : event.deltaMode === 2 ? viewport.clientWidth : 1;
      let dx = (event.deltaX * unit) / renderer.scale;
      let dy = (event.deltaY * unit) / renderer.scale;
      const isVertical = viewport.dataset.axis === "vertical";
      // In a right-to-left carousel later items lie to the left: a positive dx goes back.
      const isMirrored = !isVertical && viewport.dataset.direction === "rtl";
      // Shift turns a mouse's vertical wheel sideways where the browser does not already, so that
      // turning it down goes on to later items in either reading direction.
      if (event.shiftKey && dx === 0) [dx, dy] = [isMirrored ? -dy : dy, 0];
      const along = isVertical ? dy : dx;
      const across = isVertical ? dx : dy;
      if (!(Math.abs(along) > Math.abs(across))) return;
      const isStreaming = event.timeStamp - lastTaken <= QUIET_MS;
      if (!isStreaming && isAtEnd(isMirrored ? along < 0 : along > 0)) return;
      if (send({ type: "wheel", dx, dy, t: event.timeStamp }) === false) return;
      lastTaken = event.timeStamp;
      event.preventDefault();
    },
    { passive: false },
  );
}
