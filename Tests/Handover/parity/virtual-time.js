// Added before the page's own scripts: the page's clock becomes one the parity run moves, so a
// gesture's 8 ms steps reach a library exactly 8 ms apart and its motion is sampled every 1/60 s,
// however loaded the machine. Date.now, performance.now, timers and animation frames read it; CSS
// transitions (Swiper's and Splide's moves) are paused and set to it; events carry it as timeStamp.
(() => {
  const realFrame = window.requestAnimationFrame.bind(window);
  const realDateNow = Date.now.bind(Date);
  const epoch = realDateNow();
  let now = 0;
  let nextId = 1;
  const timers = new Map();
  let frames = new Map();
  const startedAt = new WeakMap();

  Date.now = () => epoch + now;
  performance.now = () => now;
  window.setTimeout = (callback, delay = 0, ...rest) => {
    const id = nextId++;
    timers.set(id, { at: now + Math.max(0, Number(delay) || 0), callback, rest, every: null });
    return id;
  };
  window.setInterval = (callback, delay = 0, ...rest) => {
    const id = nextId++;
    const every = Math.max(1, Number(delay) || 0);
    timers.set(id, { at: now + every, callback, rest, every });
    return id;
  };
  window.clearTimeout = window.clearInterval = (id) => timers.delete(id);
  window.requestAnimationFrame = (callback) => {
    const id = nextId++;
    frames.set(id, callback);
    return id;
  };
  window.cancelAnimationFrame = (id) => frames.delete(id);

  // Only the timers due when called: one that a callback sets for now waits for the next step.
  function runTimers() {
    const due = [...timers].filter(([, timer]) => timer.at <= now).sort((a, b) => a[1].at - b[1].at);
    for (const [id, timer] of due) {
      if (!timers.has(id)) continue;
      if (timer.every) timer.at += timer.every * Math.max(1, Math.ceil((now - timer.at + 1) / timer.every));
      else timers.delete(id);
      if (typeof timer.callback === 'function') timer.callback(...timer.rest);
    }
  }

  /** CSS transitions follow the virtual clock; true when one reached its end this time. */
  function syncTransitions() {
    let ended = false;
    for (const animation of document.getAnimations()) {
      if (!startedAt.has(animation)) startedAt.set(animation, now);
      const duration = animation.effect.getComputedTiming().endTime;
      const elapsed = now - startedAt.get(animation);
      if (elapsed >= duration) {
        animation.finish();
        ended = true;
      } else {
        animation.pause();
        animation.currentTime = elapsed;
      }
    }
    return ended;
  }

  window.__virtualTime = {
    now: () => now,
    /** Moves the clock to `target` ms: timers as they fall due, a frame every 1/60 s. */
    async advanceTo(target) {
      while (now < target) {
        // The next frame strictly after now (a product of 1/60 s may round to now itself).
        let frame = Math.floor((now * 60) / 1000) + 1;
        while ((frame * 1000) / 60 <= now) frame += 1;
        const frameDue = (frame * 1000) / 60;
        now = Math.min(target, frameDue);
        runTimers();
        if (now === frameDue) {
          const due = frames;
          frames = new Map();
          for (const callback of due.values()) callback(now);
        }
        // A finished transition's `transitionend` comes with the browser's next real frame.
        if (syncTransitions()) await new Promise((resolve) => realFrame(() => realFrame(resolve)));
      }
    },
    /** The transitions under way (the library is still moving). */
    isAnimating: () => document.getAnimations().some((animation) => animation.playState !== 'finished'),
  };
})();
