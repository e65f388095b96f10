// A session run by the page alone, for when no server answers: the engine module
// (engine/localengine.js, the server's own engine) takes this page's pointer, wheel, buttons, keys,
// visibility and settings, and answers with the messages a server would send (a welcome, frames,
// configs), so the rest of the page draws them as it draws a server's. What only a server can do
// (share, record, replay, export, name viewers, keep uploaded images) is refused with why.

import { cycledItems, loadCatalogs } from "./browsercatalogs.js";
import { SCHEMA } from "../generated/schema.js";

// This page is the session's one viewer.
export const BROWSER_CLIENT = 1;
const COMMANDS = { next: "next", prev: "previous" };
// What each message a server alone takes would have done, for the sentence that refuses it.
const SERVER_WORK = { record: "Recording", replay: "A replay", advance: "A manual clock", export: "Exporting",
  name: "Naming yourself", image: "Adding images" };
const ALONE = "needs the server: the carousel runs in your browser alone";
// A tab left in the background catches up at most this much at once: nobody watched the time between.
const LONGEST_CATCH_UP_MS = SCHEMA.engineRecords.maximumAdvanceMs;

export class BrowserSession {
  // A session showing `config` and `items` on item `index`, answering through `deliver(message)`;
  // or { session: null, reason } when the engine module cannot run here. `loaded`: the engine
  // module's LocalEngine.load(), begun while a server could still serve it.
  static async start({ loaded, config, items, index = 0, instance = null, session, deliver }) {
    const { engine, reason } = await loaded;
    if (!engine) return { session: null, reason };
    // The bundled sets, for another preset or item count; a server gone before they came has none.
    const catalogs = await loadCatalogs().catch(() => null);
    const browser = new BrowserSession(engine, { config, items, catalogs, deliver });
    const problem = browser.build(index);
    if (problem) return { session: null, reason: problem };
    deliver({ type: "welcome", protocol: SCHEMA.protocol, session, client: BROWSER_CLIENT, clock: "live", viewers: 1,
      recording: null, worker: null, instance, link: null, config, items, browser: true });
    deliver(browser.answer(null));
    browser.loop();
    return { session: browser, reason: null };
  }

  constructor(engine, { config, items, catalogs, deliver }) {
    Object.assign(this, { engine, config, items, catalogs, deliver, seq: 0, time: 0, drawn: "", frameRequest: 0 });
    this.last = performance.now();
  }

  // A new engine of the configuration and items, on item `index`; why not, or null.
  build(index) {
    const engine = this.engine;
    engine.reset();
    for (const status of [engine.configure(this.config), engine.setItems(this.items), engine.start()]) {
      if (status < 0) return engine.error();
    }
    if (index > 0 && index < this.items.length) engine.command({ go: index, animated: false });
    engine.frame(); // the session starts there: it did not move there
    return null;
  }

  stop() {
    cancelAnimationFrame(this.frameRequest);
    this.stopped = true;
  }

  // One message from the page, as a server would take it. Always true: nothing waits for a socket.
  send(message) {
    if (this.stopped) return false;
    this.catchUp();
    const status = this.apply(message);
    if (status === null) return true;
    if (status < 0) this.refuse(message.type, this.engine.error());
    else this.deliver(this.answer(message.seq ?? null));
    return true;
  }

  // The engine's status for `message`, or null when it was answered otherwise.
  apply(message) {
    const engine = this.engine;
    switch (message.type) {
      case "pointer": return engine.pointer(message.phase, BROWSER_CLIENT, message.x, message.y, message.t);
      case "wheel": return engine.wheel(message.dx, message.dy, message.t);
      case "visibility": return engine.visibility(message.hidden);
      case "command": return this.command(message);
      case "configure": return this.configure(message);
      case "ping":
        this.deliver({ type: "pong", id: message.id, time: this.time });
        return null;
      default:
        this.refuse(message.type, `${SERVER_WORK[message.type] ?? "This"} ${ALONE}`);
        return null;
    }
  }

  command(message) {
    if (message.name in COMMANDS) return this.engine.command(COMMANDS[message.name]);
    if (message.name === "goto") return this.engine.command({ go: message.index, animated: message.animated ?? true });
    const status = this.engine.command({ autoscroll: message.enabled });
    if (status >= 0) this.changeConfig({ ...this.config, autoscroll: { ...this.config.autoscroll, enabled: message.enabled } }, false);
    return status;
  }

  // Settings and the number of bundled items: a whole preset, a field, another bundled set. A
  // viewer's own items live in a server's session, and so does their images' storage.
  configure({ config: patch = {}, itemCount, items }) {
    if (items !== undefined || patch.content === "own") {
      this.refuse("configure", `Your own items ${ALONE.replace("needs", "need")}`);
      return null;
    }
    const base = patch.preset ? SCHEMA.presets[patch.preset]?.config : this.config;
    if (!base) {
      this.refuse("configure", `there is no preset named ${patch.preset}`);
      return null;
    }
    const config = merged(base, patch);
    const content = config.content !== this.config.content || config.layout !== this.config.layout;
    const itemsChange = content || (itemCount ?? this.items.length) !== this.items.length;
    if (itemsChange && !this.catalogs) {
      this.refuse("configure", "the bundled items did not load before the server went: reload the page once it is back");
      return null;
    }
    const count = itemCount ?? (content ? this.catalogs[config.content].length : this.items.length);
    const nextItems = itemsChange ? cycledItems(this.catalogs[config.content], count) : this.items;
    return this.changeConfig(config, itemsChange, nextItems);
  }

  // Applies `config` (and `items` when `itemsChange`) to the engine, a new one for another layout;
  // tells the page, as a server's `config` does. A refusal changes nothing.
  changeConfig(config, itemsChange, items = this.items) {
    const engine = this.engine;
    const before = { config: this.config, items: this.items };
    Object.assign(this, { config, items });
    if (config.layout !== before.config.layout) {
      const problem = this.build(0);
      if (problem) return this.undo(before, problem);
    } else {
      for (const status of [engine.configure(config), itemsChange ? engine.setItems(items) : 0]) {
        if (status < 0) return this.undo(before, engine.error());
      }
    }
    this.deliver({ type: "config", by: BROWSER_CLIENT, config, ...(itemsChange ? { items } : {}) });
    return 0;
  }

  undo(before, problem) {
    Object.assign(this, before);
    this.engine.configure(before.config);
    this.engine.setItems(before.items);
    this.refuse("configure", problem);
    return null;
  }

  refuse(ref, message) {
    this.deliver({ type: "error", code: "invalid_value", message, ref });
  }

  // Lets the time since the last call pass on the engine.
  catchUp() {
    const now = performance.now();
    const elapsed = Math.min(Math.max(now - this.last, 0), LONGEST_CATCH_UP_MS);
    this.last = now;
    if (elapsed > 0 && this.engine.advance(elapsed) === 0) this.time += elapsed;
  }

  // The frame after an input (`seq` its number), which the page draws at once.
  answer(seq) {
    const frame = this.engine.frame();
    this.drawn = JSON.stringify(frame);
    this.seq += 1;
    return { type: "frame", seq: this.seq, time: this.time, ...frame, input: { client: BROWSER_CLIENT, seq } };
  }

  // Each display frame: time passes, and a frame goes to the page when anything on it changed.
  loop() {
    this.frameRequest = requestAnimationFrame(() => {
      if (this.stopped) return;
      this.catchUp();
      const frame = this.engine.frame();
      const drawn = JSON.stringify(frame);
      if (drawn !== this.drawn) {
        this.drawn = drawn;
        this.seq += 1;
        this.deliver({ type: "frame", seq: this.seq, time: this.time, ...frame, input: { client: BROWSER_CLIENT, seq: null } });
      }
      this.loop();
    });
  }
}

// `base` with `patch`'s members written over it, objects member by member (`preset` is the base).
function merged(base, patch) {
  const result = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (key === "preset") continue;
    result[key] = value !== null && typeof value === "object" && !Array.isArray(value) ? merged(base[key] ?? {}, value) : value;
  }
  return result;
}
