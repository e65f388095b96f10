// The session's time as this page draws it, from the engine stream's messages alone: each says the
// session's time when the server sent it, and arrives some network delay later. The page draws a
// little behind the least-delayed message (by the spread of the delays, so a batch is in hand before
// its time is drawn), and its drawn time only ever moves forward, smoothly: a change of estimate is
// taken up a few milliseconds a frame, not in one jump. Pure: times come in as arguments.

// How long a delay is remembered: the estimate follows a network that gets slower or faster.
const WINDOW_MS = 3000;
// The margin behind the least-delayed message: at least a little, at most 400 ms (a batch the
// session held 100 ms, with another page's stamped input in it, over a slow network).
const LEAST_DELAY_MS = 8;
const MOST_DELAY_MS = 400;
// How much the drawn time may gain or lose against the page's clock per call.
const SLEW_MS = 2;
// An estimate this far from the drawn time is taken at once (a new session, a tab back from sleep).
const JUMP_MS = 500;

export class SessionClock {
  constructor() {
    this.samples = []; // { offset: session time - local time, at: local time }
    this.drawn = null; // { session, local }: the time last drawn and when
  }

  // A message sent at session time `sessionMs` arrived at local time `localMs`.
  sample(sessionMs, localMs) {
    this.samples.push({ offset: sessionMs - localMs, at: localMs });
    while (this.samples.length > 0 && this.samples[0].at < localMs - WINDOW_MS) this.samples.shift();
  }

  // Starts again at `sessionMs`, now (`localMs`): a start of the stream says where the session is.
  reset(sessionMs, localMs) {
    this.samples = [{ offset: sessionMs - localMs, at: localMs }];
    this.drawn = { session: sessionMs, local: localMs };
  }

  // How far behind the least-delayed message the page draws.
  get delay() {
    if (this.samples.length === 0) return LEAST_DELAY_MS;
    const offsets = this.samples.map((sample) => sample.offset);
    const spread = Math.max(...offsets) - Math.min(...offsets);
    return Math.min(MOST_DELAY_MS, Math.max(LEAST_DELAY_MS, spread + LEAST_DELAY_MS));
  }

  // The session time to draw at local time `localMs`: never less than the last one drawn.
  // `mayJump`: nothing drawn moves (the carousel rests), so a later estimate is taken at once: a page
  // whose start came late (a busy tab) is not left behind the session for seconds.
  at(localMs, mayJump = false) {
    if (this.samples.length === 0) return this.drawn?.session ?? 0;
    const target = localMs + Math.max(...this.samples.map((sample) => sample.offset)) - this.delay;
    if (this.drawn === null) {
      this.drawn = { session: target, local: localMs };
      return target;
    }
    const elapsed = Math.max(0, localMs - this.drawn.local);
    const running = this.drawn.session + elapsed;
    const error = target - running;
    const jumps = Math.abs(error) > JUMP_MS || (mayJump && error > 0);
    const next = jumps ? Math.max(this.drawn.session, target) : running + Math.max(-Math.min(SLEW_MS, elapsed), Math.min(SLEW_MS, error));
    this.drawn = { session: Math.max(this.drawn.session, next), local: localMs };
    return this.drawn.session;
  }
}
