// The parity run's hands and eyes on a library's page: a pointer sample becomes the events a browser
// sends for a mouse (pointer* then mouse*, stamped with the virtual clock), a wheel message a
// `WheelEvent` (stamped alike), and the slides
// (`[data-item]`) are measured against the carousel's element.
(() => {
  const pointerTypes = { down: 'pointerdown', move: 'pointermove', up: 'pointerup', cancel: 'pointercancel' };
  const mouseTypes = { down: 'mousedown', move: 'mousemove', up: 'mouseup', cancel: 'mouseup' };
  let target = null;

  function stamped(event) {
    Object.defineProperty(event, 'timeStamp', { value: performance.now() });
    return event;
  }

  window.__parity = {
    /** One pointer sample at (x, y) in the carousel's own coordinates. */
    dispatch(phase, x, y) {
      const root = document.querySelector('.tuned-carousel');
      const box = root.getBoundingClientRect();
      const clientX = box.left + x;
      const clientY = box.top + y;
      if (phase === 'down') target = document.elementFromPoint(clientX, clientY) ?? root;
      const where = document.elementFromPoint(clientX, clientY) ?? document.body;
      const buttons = phase === 'up' || phase === 'cancel' ? 0 : 1;
      const common = { bubbles: true, cancelable: true, composed: true, clientX, clientY, screenX: clientX,
        screenY: clientY, button: 0, buttons, view: window };
      const pointerTarget = phase === 'down' ? target : where;
      pointerTarget.dispatchEvent(stamped(new PointerEvent(pointerTypes[phase], {
        ...common, pointerId: 1, pointerType: 'mouse', isPrimary: true, width: 1, height: 1, pressure: buttons ? 0.5 : 0,
      })));
      pointerTarget.dispatchEvent(stamped(new MouseEvent(mouseTypes[phase], common)));
    },
    /** One wheel event over the carousel's centre, in pixels (deltaMode 0) as the take recorded it:
      the page's wheel.js sends a browser's deltas on in points, which are pixels at scale 1. */
    wheel(dx, dy) {
      const root = document.querySelector('.tuned-carousel');
      const box = root.getBoundingClientRect();
      const clientX = box.left + box.width / 2;
      const clientY = box.top + box.height / 2;
      const where = document.elementFromPoint(clientX, clientY) ?? root;
      where.dispatchEvent(stamped(new WheelEvent('wheel', {
        bubbles: true, cancelable: true, composed: true, clientX, clientY, screenX: clientX, screenY: clientY,
        deltaX: dx, deltaY: dy, deltaZ: 0, deltaMode: WheelEvent.DOM_DELTA_PIXEL, view: window,
      })));
    },
    /** The slides' boxes along x in the carousel: `{item, x, width}`, those at least partly in view. */
    measure() {
      const root = document.querySelector('.tuned-carousel');
      const box = root.getBoundingClientRect();
      return [...root.querySelectorAll('[data-item]')]
        .map((slide) => ({ item: Number(slide.dataset.item), rect: slide.getBoundingClientRect() }))
        .filter(({ rect }) => rect.right > box.left && rect.left < box.right && rect.width > 0)
        .map(({ item, rect }) => ({ item, x: rect.left - box.left, width: rect.width }));
    },
    width: () => document.querySelector('.tuned-carousel').getBoundingClientRect().width,
  };
})();
