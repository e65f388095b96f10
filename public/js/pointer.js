// Pointer input: handlers only record and send. One active pointer, captured, with the
// event's own timestamp and positions in viewport points. Capture does not stop the browser
// panning the page: the viewport's touch-action lets a touch pan across the carousel's axis, and
// when the browser takes the pan it fires pointercancel, which ends the gesture (the carousel settles).

import { knownPointerType } from "./viewers.js";

const CLICK_SLOP = 6; // points a press may wander and still count as a tap

export function attachPointer(viewport, renderer, send, onTap) {
  let active = null;
  let start = null;
  let last = null;
  let travelled = 0;
  let suppressClick = false;

  function sendPointer(phase, event, point = renderer.toViewport(event)) {
    // What the finger is (mouse, touch, pen), so the other viewers see who drags with what.
    send({ type: "pointer", phase, x: point.x, y: point.y, t: event.timeStamp, pointerType: knownPointerType(event.pointerType) });
    last = point;
    return point;
  }

  viewport.addEventListener("pointerdown", (event) => {
    if (active !== null || (event.pointerType === "mouse" && event.button !== 0)) return;
    active = event.pointerId;
    viewport.setPointerCapture(event.pointerId);
    viewport.classList.add("dragging");
    start = sendPointer("down", event);
    travelled = 0;
    event.preventDefault();
  });

  viewport.addEventListener("pointermove", (event) => {
    if (event.pointerId !== active) return;
    const events = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
    for (const sample of events.length > 0 ? events : [event]) {
      const point = sendPointer("move", sample);
      travelled = Math.max(travelled, Math.hypot(point.x - start.x, point.y - start.y));
    }
  });

  function finish(event, phase) {
    if (event.pointerId !== active) return;
    // A pointercancel has no position of its own (Chromium reports 0, 0): the finger's last one stands.
    const point = phase === "cancel" ? sendPointer(phase, event, last) : sendPointer(phase, event);
    active = null;
    viewport.classList.remove("dragging");
    if (viewport.hasPointerCapture(event.pointerId)) viewport.releasePointerCapture(event.pointerId);
    suppressClick = phase === "cancel" || travelled > CLICK_SLOP;
    if (!suppressClick && phase === "up") onTap(point);
  }

  viewport.addEventListener("pointerup", (event) => finish(event, "up"));
  viewport.addEventListener("pointercancel", (event) => finish(event, "cancel"));
  // A click that ends a drag is not a click on the banner.
  viewport.addEventListener(
    "click",
    (event) => {
      if (suppressClick) {
        event.stopPropagation();
        event.preventDefault();
        suppressClick = false;
      }
    },
    true,
  );
}
