// Share links: a URL of this page that describes a carousel (session, preset, tuned values, item
// count), and the query the page connects with. The server is the judge of a link: the page passes
// its parameters on as they were written (`/ws?session=S&preset=coverflow&spacing=12&items=8`), the
// server applies them to the session it creates, and its welcome says what it applied and ignored
// (linkreport.js). The names, paths and presets come from the server's schema (generated/schema.js).
//
// ?session=demo&preset=coverflow&items=8&spacing=12&decelerationRate=0.995&autoscroll=off&intervalMs=2000
//
// `item` (the item a new session starts on) is passed on too, but a share link never writes it: the
// carousel leaves it with the next flick. Compare's pane B is given A's (comparelink.js).

import { ownEntry } from "../ui/lookup.js";
import { SCHEMA } from "../generated/schema.js";

// The server's rule for session names (any script's letters and digits, spaces, `_ . -`).
const SESSION_NAME = new RegExp(SCHEMA.session.pattern, "u");

export function isSessionName(text) {
  return SESSION_NAME.test(text);
}

// `text` made a session name, or null when nothing of it is left: every run of characters the rule
// does not allow becomes one `-`, spaces at the ends go, and it is cut to the rule's length (in
// characters, never inside one). What a refused link's name is offered as.
export function sessionNameFrom(text) {
  const kept = Array.from(String(text).replace(/[^\p{L}\p{N}\p{M} _.-]+/gu, "-").trim()).slice(0, SCHEMA.session.maximumLength).join("").trim();
  return isSessionName(kept) ? kept : null;
}

// A name for a new session of this viewer's own, made from `stem` (a session's or a file's name):
// what of it the rule allows, spaces made `-`, then a random suffix ("Home-Banner-3fa2c1");
// `fallback` when nothing of the stem is left.
export function newSessionName(stem, fallback = "session") {
  const kept = Array.from(sessionNameFrom(stem)?.replace(/ +/g, "-") ?? "").slice(0, 48).join("").replace(/^-+|-+$/g, "");
  const random = Array.from(crypto.getRandomValues(new Uint8Array(3)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${kept || fallback}-${random}`;
}

// The parameters that describe a carousel, all passed on to the server.
// `own`: the session whose own items a new session starts with (a link cannot carry the items).
const LINK_NAMES = ["preset", "items", "item", "own", ...SCHEMA.fields.map((field) => field.link)];

function read(config, path) {
  return path.reduce((value, key) => (value === null || value === undefined ? undefined : value[key]), config);
}

// A value as a link writes it: on/off for a flag, auto for a length the layout decides.
export function formatted(field, value) {
  if (field.type === "boolean") return value ? "on" : "off";
  if (value === null) return "auto";
  return String(value);
}

// The schema's preset named `name`, or undefined: the name comes from a configuration (the
// server's, a settings file's, a link's), and "constructor" or "__proto__" is no preset.
export function presetNamed(name) {
  return ownEntry(SCHEMA.presets, name);
}

// The page's URL for this carousel: session, clock (only `manual`), preset, then the item count
// and every value that differs from the preset's, in the schema's order.
// `ownFrom`: the session that holds the own items (this one, unless the link opens a new session).
export function shareURL(base, { session, clock, config, itemCount, ownFrom = session }) {
  const query = new URLSearchParams({ session });
  if (clock === "manual") query.set("clock", "manual");
  query.set("preset", config.preset);
  const preset = presetNamed(config.preset);
  if (!preset || itemCount !== preset.itemCount) query.set("items", String(itemCount));
  for (const field of SCHEMA.fields) {
    const value = read(config, field.path);
    if (value === undefined || (preset && value === read(preset.config, field.path))) continue;
    // A session's own items stay in it: the link names the session that has them (`own`) instead.
    if (field.link === "content" && value === "own") {
      query.set("own", ownFrom);
      continue;
    }
    query.set(field.link, formatted(field, value));
  }
  return `${base}?${query}`;
}

// What the page connects with, read from an address: the session and the clock, and every share
// link parameter as written. A clock the server would refuse the connection for is left out (the
// default is used) and named in `ignored`. A session name it would refuse is `refusedSession`: the
// page then asks the person which session to open instead of putting them in another one silently.
export function connectionQuery(params) {
  const query = new URLSearchParams();
  const ignored = [];
  const session = params.get("session");
  const isValid = session !== null && isSessionName(session);
  const refusedSession = session !== null && !isValid ? session : null;
  query.set("session", isValid ? session : SCHEMA.session.default);
  const clock = params.get("clock");
  if (clock !== null && SCHEMA.clocks.includes(clock)) query.set("clock", clock);
  else if (clock !== null) ignored.push("clock");
  for (const name of LINK_NAMES) {
    const text = params.get(name);
    if (text !== null) query.set(name, text);
  }
  return { query, session: query.get("session"), ignored, refusedSession };
}

// A session of this viewer's own (at `base`) with the carousel a link `wanted` ({ config,
// itemCount }), starting on the item on screen: what "Open in a session of my own" opens. The third
// argument: this session's name, clock and items, and the item on screen.
export function ownSessionURL(base, wanted, { session, clock, items, currentItem }) {
  // A preset this page does not know (the server's name for it is data too) keeps the count on screen.
  const itemCount = wanted.itemCount ?? presetNamed(wanted.config.preset)?.itemCount ?? items.length;
  const url = new URL(shareURL(base, { session: newSessionName(session), clock, config: wanted.config, itemCount }));
  if (currentItem > 0 && currentItem < itemCount) url.searchParams.set("item", String(currentItem));
  return url.toString();
}
