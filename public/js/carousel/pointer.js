// Pointer input: handlers only record and send. One active pointer, captured, with the
// event's own timestamp and positions in viewport points. Capture does not stop the browser
// panning the page: the viewport's touch-action lets a touch pan across the carousel's axis, and
// when the browser takes the pan it fires pointercancel (after a move or two). So a touch's (or
// pen's) `down` on a carousel at rest and its first moves are held until the finger has gone
// further along the carousel's axis than across it: a page scroll over the banner, which the
// browser cancels first, sends nothing at all and is no gesture. A lift sends what was held (a
// tap). A touch on a moving carousel and a mouse press (a mouse cannot pan the page) go at once:
// they catch it.

import { knownPointerType } from "../session/viewers.js";

const CLICK_SLOP = 6; // points a press may wander and still count as a tap

export function attachPointer(viewport, renderer, send, onTap) {
  let active = null;
  let start = null;
  let last = null;
  let travelled = 0;
  let suppressClick = false;

  let held = null; // a touch's `down` and moves not sent yet: [{ phase, point, t, pointerType }]

  function sendAt(phase, point, t, pointerType) {
    // What the finger is (mouse, touch, pen), so the other viewers see who drags with what.
    send({ type: "pointer", phase, x: point.x, y: point.y, t, pointerType: knownPointerType(pointerType) });
    last = point;
    return point;
  }

  function sendPointer(phase, event, point = renderer.toViewport(event)) {
    return sendAt(phase, point, event.timeStamp, event.pointerType);
  }

  // The held `down` and moves, each with its own time and place.
  function releaseHeld() {
    if (held === null) return;
    const messages = held;
    held = null;
    for (const { phase, point, t, pointerType } of messages) sendAt(phase, point, t, pointerType);
  }

  // Whether the finger at `point` has gone further along the carousel's axis than across it.
  function isAlongAxis(point) {
    const dx = Math.abs(point.x - start.x);
    const dy = Math.abs(point.y - start.y);
    return viewport.dataset.axis === "vertical" ? dy > dx : dx > dy;
  }

  viewport.addEventListener("pointerdown", (event) => {
    if (active !== null || (event.pointerType === "mouse" && event.button !== 0)) return;
    active = event.pointerId;
    viewport.setPointerCapture(event.pointerId);
    viewport.classList.add("dragging");
    start = renderer.toViewport(event);
    last = start;
    // A finger on a moving carousel catches it at once, as UIKit's does; at rest, with nothing to
    // catch, a touch first shows that it goes along the carousel.
    const isMoving = renderer.frame !== null && renderer.frame.phase !== "idle";
    if (event.pointerType === "mouse" || isMoving) sendPointer("down", event, start);
    else held = [{ phase: "down", point: start, t: event.timeStamp, pointerType: event.pointerType }];
    travelled = 0;
    event.preventDefault();
  });

  viewport.addEventListener("pointermove", (event) => {
    if (event.pointerId !== active) return;
    const events = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
    for (const sample of events.length > 0 ? events : [event]) {
      const point = renderer.toViewport(sample);
      if (held !== null) {
        held.push({ phase: "move", point, t: sample.timeStamp, pointerType: sample.pointerType });
        if (isAlongAxis(point)) releaseHeld();
        else last = point;
      } else {
        sendPointer("move", sample, point);
      }
      travelled = Math.max(travelled, Math.hypot(point.x - start.x, point.y - start.y));
    }
  });

  function finish(event, phase) {
    if (event.pointerId !== active) return;
    let point = last;
    if (phase === "cancel" && held !== null) {
      // The browser took the finger (a page scroll) before it went along the carousel: nothing was
      // sent, and nothing is.
      held = null;
    } else {
      releaseHeld();
      // A pointercancel has no position of its own (Chromium reports 0, 0): the finger's last one stands.
      point = phase === "cancel" ? sendPointer(phase, event, last) : sendPointer(phase, event);
    }
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
