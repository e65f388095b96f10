// The session as this page knows it, from the server's messages alone: one pure reducer, so which
// configuration and items are on screen, the clock, the latest frame and whether a replay plays are
// each held once, here, and every view reads them from the state it is handed. No DOM, no I/O: the
// composition root (main.js) feeds it every message and hands the result on.

export const initialState = Object.freeze({
  client: null,
  clock: "live",
  config: null,
  items: Object.freeze([]),
  frame: null,
  // While a replay plays: { speed, durationMs, playedMs } as its `started` said; null otherwise.
  replay: null,
  // The session's named variants, { name, config, itemCount }, in the order they were first saved.
  variants: Object.freeze([]),
});

// The state with `frame` as the latest: a server's, or one the page's engine drew from the stream.
export function withFrame(state, frame) {
  return Object.freeze({ ...state, frame });
}

// The state after `message` (a parsed server message; anything else leaves it as it was).
export function reduce(state, message) {
  if (message === null || typeof message !== "object") return state;
  switch (message.type) {
    case "welcome":
      return Object.freeze({
        ...initialState,
        client: message.client ?? null,
        clock: message.clock === "manual" ? "manual" : "live",
        config: message.config ?? null,
        items: Array.isArray(message.items) ? message.items : initialState.items,
        variants: Object.freeze((Array.isArray(message.variants) ? message.variants : []).filter(isVariant)),
      });
    case "config":
      // A config without `items` leaves them: the server sends the catalog only when it changed.
      return Object.freeze({
        ...state,
        config: message.config ?? state.config,
        items: Array.isArray(message.items) ? message.items : state.items,
      });
    case "frame":
      return withFrame(state, message);
    case "variant":
      return Object.freeze({ ...state, variants: Object.freeze(withVariant(state.variants, message)) });
    case "replay":
      if (message.state === "started") {
        const number = (value, fallback) => (Number.isFinite(value) ? value : fallback);
        const replay = { speed: number(message.speed, 1), durationMs: number(message.durationMs, 0), playedMs: number(message.playedMs, 0) };
        return Object.freeze({ ...state, replay: Object.freeze(replay) });
      }
      return message.state === "finished" ? Object.freeze({ ...state, replay: null }) : state;
    default:
      return state;
  }
}

function isVariant(value) {
  const isObject = (candidate) => candidate !== null && typeof candidate === "object" && !Array.isArray(candidate);
  return isObject(value) && typeof value.name === "string" && isObject(value.config) && Number.isInteger(value.itemCount);
}

// The variants after one `variant` message: a save replaces its namesake where it stands or comes last.
function withVariant(variants, message) {
  if (typeof message.deleted === "string") return variants.filter((variant) => variant.name !== message.deleted);
  if (!isVariant(message.saved)) return variants;
  const index = variants.findIndex((variant) => variant.name === message.saved.name);
  return index < 0 ? [...variants, message.saved] : variants.map((variant, at) => (at === index ? message.saved : variant));
}

// Whether a replay plays in the session (inputs are held meanwhile).
export function isReplaying(state) {
  return state.replay !== null;
}

// Whether the carousel can go no further that way (`isForward`: toward later items): with one item,
// or at an end of a carousel that does not loop. Before the first frame, nothing is at an end.
export function isAtEnd(state, isForward) {
  const frame = state.frame;
  if (!frame) return false;
  if (frame.count < 2) return true;
  if (state.config?.loop ?? true) return false;
  return isForward ? frame.index >= frame.count - 1 : frame.index <= 0;
}
