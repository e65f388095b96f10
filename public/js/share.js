// Share links: a URL of this page that describes a carousel (preset, tuned values, item count), and
// the logic that makes a session match one when the page opens with it. Also the `configure`
// message that reproduces a configuration (what "Copy as JSON" falls back to when the server
// cannot export). Both name only what differs from the preset (presets.js).
//
// ?session=demo&preset=coverflow&items=8&spacing=12&decelerationRate=0.995&autoscroll=off&intervalMs=2000

import { PRESETS, isPreset, presetItemCount } from "./presets.js";

// What the server accepts (PROTOCOL.md): item counts, and lengths in points.
const MAXIMUM_ITEMS = 1000;
const MAXIMUM_LENGTH = 10000;
// A configure that the server keeps rejecting is given up after this many tries.
const MAXIMUM_ATTEMPTS = 6;

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function number(min, max, { minExclusive = false, maxExclusive = false } = {}) {
  return (text) => {
    if (!DECIMAL.test(text)) return undefined;
    const value = Number(text);
    if (!Number.isFinite(value)) return undefined;
    if (minExclusive ? value <= min : value < min) return undefined;
    if (maxExclusive ? value >= max : value > max) return undefined;
    return Object.is(value, -0) ? 0 : value;
  };
}

function flag(text) {
  const lowered = text.toLowerCase();
  if (["on", "true", "1", "yes"].includes(lowered)) return true;
  if (["off", "false", "0", "no"].includes(lowered)) return false;
  return undefined;
}

const formatNumber = (value) => String(value);
const formatFlag = (value) => (value ? "on" : "off");

// One URL parameter per tunable value, in the order of the protocol's configuration. `path` is
// where it lives in the configuration (the nested `viewport` and `autoscroll` objects are
// flattened to readable names); the ranges repeat the server's own rules so that a link with a
// bad value still applies everything else (the server stays the judge: see LinkApplier).
const lengthOrAuto = (min) => {
  const parse = number(min, MAXIMUM_LENGTH);
  return (text) => (text.toLowerCase() === "auto" ? null : parse(text));
};
export const SHARE_PARAMS = [
  { name: "axis", path: ["axis"], parse: (t) => (t === "horizontal" || t === "vertical" ? t : undefined), format: String },
  { name: "loop", path: ["loop"], parse: flag, format: formatFlag },
  { name: "viewportWidth", path: ["viewport", "width"], parse: number(1, MAXIMUM_LENGTH), format: formatNumber },
  { name: "viewportHeight", path: ["viewport", "height"], parse: number(1, MAXIMUM_LENGTH), format: formatNumber },
  { name: "inset", path: ["inset"], parse: number(0, MAXIMUM_LENGTH), format: formatNumber },
  { name: "spacing", path: ["spacing"], parse: number(0, MAXIMUM_LENGTH), format: formatNumber },
  { name: "itemWidth", path: ["itemWidth"], parse: lengthOrAuto(1), format: (v) => (v === null ? "auto" : String(v)) },
  { name: "itemHeight", path: ["itemHeight"], parse: lengthOrAuto(1), format: (v) => (v === null ? "auto" : String(v)) },
  { name: "sideScale", path: ["sideScale"], parse: number(0, 1, { minExclusive: true }), format: formatNumber },
  {
    name: "decelerationRate",
    path: ["decelerationRate"],
    parse: number(0, 1, { minExclusive: true, maxExclusive: true }),
    format: formatNumber,
  },
  { name: "flickVelocity", path: ["flickVelocity"], parse: number(0, 100000), format: formatNumber },
  { name: "springFrequency", path: ["springFrequency"], parse: number(1, 1000), format: formatNumber },
  { name: "rubberBand", path: ["rubberBand"], parse: number(0, 10, { minExclusive: true }), format: formatNumber },
  { name: "autoscroll", path: ["autoscroll", "enabled"], parse: flag, format: formatFlag },
  { name: "intervalMs", path: ["autoscroll", "intervalMs"], parse: number(0, 86400000, { minExclusive: true }), format: formatNumber },
];

export const SESSION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

function read(config, path) {
  let value = config;
  for (const key of path) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

function write(config, path, value) {
  let object = config;
  for (const key of path.slice(0, -1)) {
    if (object[key] === null || typeof object[key] !== "object") object[key] = {};
    object = object[key];
  }
  object[path.at(-1)] = value;
}

// Removes `path` from a patch (and an object it leaves empty); true when something was there.
function remove(config, path) {
  const parent = path.length > 1 ? read(config, path.slice(0, -1)) : config;
  if (parent === undefined || parent === null || typeof parent !== "object" || !Object.hasOwn(parent, path.at(-1))) {
    return false;
  }
  delete parent[path.at(-1)];
  if (path.length > 1 && Object.keys(parent).length === 0) remove(config, path.slice(0, -1));
  return true;
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function deepEqual(a, b) {
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
  }
  return Object.is(a, b) || (a === b);
}

const clone = (value) => JSON.parse(JSON.stringify(value));

// The page's URL for this carousel: session, clock (only `manual`), preset, then the item count
// and every tuned value that differs from the preset's.
export function shareURL(base, { session, clock, config, itemCount }) {
  const query = new URLSearchParams({ session });
  if (clock === "manual") query.set("clock", "manual");
  query.set("preset", config.preset);
  const preset = isPreset(config.preset) ? PRESETS[config.preset] : null;
  if (!preset || itemCount !== presetItemCount(config.preset)) query.set("items", String(itemCount));
  for (const param of SHARE_PARAMS) {
    const value = read(config, param.path);
    if (value === undefined) continue;
    if (preset && deepEqual(value, read(preset, param.path))) continue;
    query.set(param.name, param.format(value));
  }
  return `${base}?${query}`;
}

// What a URL asks for: `target` is {preset, patch, items} (patch: the protocol's nested form of
// the tuned values; items: a count, or null for "whatever the session has"), or null when the URL
// names no preset and no valid value (a plain "join this session" link). `ignored` lists the
// parameters whose values were not understood.
export function readShareLink(params) {
  const ignored = [];
  let preset = null;
  const presetText = params.get("preset");
  if (presetText !== null) {
    if (isPreset(presetText)) preset = presetText;
    else ignored.push("preset");
  }
  const patch = {};
  let isTuned = false;
  for (const param of SHARE_PARAMS) {
    const text = params.get(param.name);
    if (text === null) continue;
    const value = param.parse(text.trim());
    if (value === undefined) {
      ignored.push(param.name);
      continue;
    }
    write(patch, param.path, value);
    isTuned = true;
  }
  let items = null;
  const itemsText = params.get("items");
  if (itemsText !== null) {
    const count = /^\d{1,4}$/.test(itemsText.trim()) ? Number(itemsText) : NaN;
    if (count <= MAXIMUM_ITEMS) {
      items = count;
      isTuned = true;
    } else {
      ignored.push("items");
    }
  }
  if (preset === null && !isTuned) return { target: null, ignored };
  // The protocol's default preset, for a hand-written link that tunes values without naming one.
  preset ??= "banner";
  items ??= presetItemCount(preset);
  return { target: { preset, patch, items }, ignored };
}

// The full configuration a target describes.
function targetConfig(target) {
  const config = clone(PRESETS[target.preset]);
  for (const param of SHARE_PARAMS) {
    const value = read(target.patch, param.path);
    if (value !== undefined) write(config, param.path, value);
  }
  return config;
}

export function targetAutoscrolls(target) {
  return targetConfig(target).autoscroll.enabled;
}

function matches(target, config, items) {
  if (config.preset !== target.preset) return false;
  if (target.items !== null && items.length !== target.items) return false;
  const wanted = targetConfig(target);
  return Object.keys(wanted).every((key) => deepEqual(config[key], wanted[key]));
}

// The members of `value` that differ from `base`, nested objects member by member, without the
// read-only members and the preset's name: the same rule as the server's export.
function changes(value, base) {
  const result = {};
  for (const [key, member] of Object.entries(value)) {
    if (key === "preset" || key === "layout" || key === "limits") continue;
    const baseMember = isObject(base) ? base[key] : undefined;
    if (deepEqual(member, baseMember)) continue;
    result[key] = isObject(member) && isObject(baseMember) ? changes(member, baseMember) : clone(member);
  }
  return result;
}

// The `configure` message that turns any session into this configuration: its preset plus what differs.
export function configureMessage(config) {
  const base = isPreset(config.preset) ? PRESETS[config.preset] : {};
  return { type: "configure", config: { preset: config.preset, ...changes(config, base) } };
}


// Makes the session match a share link's target, once, right after the page joins: one
// `configure` (preset, tuned values, and the items when the count differs) when the session's
// configuration or item count differs from the link's. A value the server rejects is dropped
// from the target (its `invalid_value` error names the field) and the rest sent again.
export class LinkApplier {
  // `onDone()`: the session matches the link, or the page gave up.
  constructor(target, { send, notice, onDone }) {
    this.target = target;
    this.send = send;
    this.notice = notice;
    this.onDone = onDone;
    this.isPending = true;
    this.isAwaiting = false;
    this.attempts = 0;
    this.latest = null;
    this.sentItems = false;
  }

  // Every `welcome` and `config` while the link is not applied yet.
  check(config, items) {
    if (!this.isPending) return;
    this.latest = { config, items };
    if (matches(this.target, config, items)) {
      this.finish();
      return;
    }
    this.isAwaiting = false;
    this.sendConfigure();
  }

  // An `error` from the server; true when it answers this applier's `configure` (handled here).
  handleError(error) {
    if (!this.isPending || !this.isAwaiting || error.code !== "invalid_value") return false;
    if (error.ref !== "configure" && error.ref != null) return false;
    this.isAwaiting = false;
    const text = String(error.message || "");
    const field = /^config\.([A-Za-z]+(?:\.[A-Za-z]+)?)/.exec(text)?.[1];
    if (/^(items|configure\.itemCount)/.test(text) && this.sentItems) {
      this.target.items = null;
      this.notice(`Ignored the link's item count: ${text}`);
    } else if (field && remove(this.target.patch, field.split("."))) {
      this.notice(`Ignored ${field} from the link: ${text}`);
    } else if (Object.keys(this.target.patch).length > 0) {
      this.target.patch = {};
      this.notice(`The link's values were not accepted (${text}); opened its preset instead.`);
    } else {
      this.notice(`The link could not be applied: ${text}`);
      this.finish();
      return true;
    }
    if (this.latest) this.check(this.latest.config, this.latest.items);
    return true;
  }

  sendConfigure() {
    const { config, items } = this.latest;
    if (this.attempts >= MAXIMUM_ATTEMPTS) {
      this.notice("The session did not take the link's settings.");
      this.finish();
      return;
    }
    const target = this.target;
    const message = { type: "configure", config: { preset: target.preset, ...clone(target.patch) } };
    const layout = PRESETS[target.preset].layout;
    // A configure without items keeps them, except across layouts: then the server brings that
    // layout's bundled catalog.
    const countAfter = layout === config.layout ? items.length : presetItemCount(target.preset);
    this.sentItems = false;
    if (target.items !== null && target.items !== countAfter) {
      // The server cycles the layout's own catalog to the count: no catalog goes over the wire.
      message.itemCount = target.items;
      this.sentItems = true;
    }
    this.attempts += 1;
    this.isAwaiting = this.send(message);
  }

  finish() {
    this.isPending = false;
    this.isAwaiting = false;
    this.onDone();
  }
}
