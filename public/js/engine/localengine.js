// The engine in the page: the server's own CarouselCore, compiled to WebAssembly by `make wasm`
// (public/wasm/carousel-core.wasm, a module with no imports). The server stays the authority;
// this engine gives the same bits for the same calls (the Swift tests prove it byte for byte).
// A module that is missing, malformed or refused leaves `load` answering null with the reason,
// and the page draws the server's frames as before.

import { configurationRecord, itemsRecord, kindsOf, readFrame } from "./enginerecords.js";

export const MODULE_ADDRESS = "wasm/carousel-core.wasm";

const POINTER_KINDS = ["down", "move", "up", "cancel"];

export class LocalEngine {
  // The engine, or { engine: null, reason } when the browser cannot run it.
  static async load(address = MODULE_ADDRESS) {
    try {
      if (typeof WebAssembly !== "object") return { engine: null, reason: "this browser has no WebAssembly" };
      const response = await fetch(address);
      if (!response.ok) return { engine: null, reason: `the engine module answered ${response.status}` };
      const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
      return { engine: new LocalEngine(instance.exports), reason: null };
    } catch (error) {
      return { engine: null, reason: `the engine module could not start: ${error.message}` };
    }
  }

  constructor(exports) {
    this.exports = exports;
    this.kinds = [];
  }

  // Each call answers the engine's status: 0 applied, 1 ignored, negative refused (`error()` says why).
  configure(config) {
    return this.send(configurationRecord(config), this.exports.cp_set_configuration);
  }

  setItems(items) {
    const status = this.send(itemsRecord(items), this.exports.cp_set_items);
    if (status >= 0) this.kinds = kindsOf(items);
    return status;
  }

  // Drops the engine: the configuration and items set next wait for `start` (a new layout's engine).
  reset() {
    return this.exports.cp_reset();
  }

  // A fresh engine at rest on the first item, from the configuration and items set last.
  start() {
    return this.exports.cp_start();
  }

  pointer(kind, pointerID, x, y, t) {
    return this.exports.cp_pointer(POINTER_KINDS.indexOf(kind), pointerID, x, y, t);
  }

  wheel(dx, dy, t) {
    return this.exports.cp_wheel(dx, dy, t);
  }

  // "next", "previous", { go: index, animated }, { autoscroll: enabled }
  command(command) {
    if (command === "next") return this.exports.cp_command(0, 0, 0);
    if (command === "previous") return this.exports.cp_command(1, 0, 0);
    if ("go" in command) return this.exports.cp_command(2, command.go, command.animated ? 1 : 0);
    return this.exports.cp_command(3, command.autoscroll ? 1 : 0, 0);
  }

  visibility(hidden) {
    return this.exports.cp_visibility(hidden ? 1 : 0);
  }

  advance(milliseconds) {
    return this.exports.cp_advance(milliseconds);
  }

  // The next frame (taking it consumes its events), or null before `start`.
  frame() {
    const length = this.exports.cp_frame();
    if (length <= 0) return null;
    return readFrame(new DataView(this.exports.memory.buffer, this.exports.cp_outbox() >>> 0, length), this.kinds);
  }

  // Why the last call was refused ("" when it was not).
  error() {
    const length = this.exports.cp_error();
    return new TextDecoder().decode(new Uint8Array(this.exports.memory.buffer, this.exports.cp_outbox() >>> 0, length));
  }

  // Writes `record` into the module's inbox and makes `call` with its length (0 past the inbox's
  // largest: the call refuses it).
  send(record, call) {
    const address = this.exports.cp_inbox(record.length) >>> 0;
    if (address === 0) return call(record.length);
    new Uint8Array(this.exports.memory.buffer, address, record.length).set(record);
    return call(record.length);
  }
}
