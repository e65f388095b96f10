// Images a viewer drops or picks, uploaded to the session one at a time: an `image` message says
// the size, binary messages of at most the protocol's message size carry the bytes, and the server
// answers `image` (kept, with the `media:` name an item shows it by) or an error saying why not. The
// parts are paced under the server's message rate, so a large image never trips it.

import { SCHEMA } from "../generated/schema.js";

const PART_BYTES = SCHEMA.messageBytes;
// Parts a second: well under what the server admits from one connection (1000 a second, live).
const PARTS_PER_SECOND = 400;
// An answer that does not come in this long means the connection went: the upload is given up.
const ANSWER_TIMEOUT_MS = 20000;

const EXTENSIONS = new Map([["png", "image/png"], ["jpg", "image/jpeg"], ["jpeg", "image/jpeg"], ["gif", "image/gif"], ["webp", "image/webp"], ["svg", "image/svg+xml"]]);

// Whether `file` is one of the image types the server takes (by its type, or its name's extension
// when the browser gives none); the server decides by the bytes themselves.
export function isImageFile(file) {
  if (SCHEMA.images.types.includes(file.type)) return true;
  const extension = file.name.split(".").pop().toLowerCase();
  return file.type === "" && EXTENSIONS.has(extension);
}

// An item's title made from a file's name: its stem, separators made spaces ("beach-day.png" → "beach day").
export function titleFromFileName(name) {
  return name.replace(/\.[^.]*$/, "").replace(/[-_]+/g, " ").trim().slice(0, 80);
}

export class ImageUploader {
  // `send(message)`, `sendBytes(bytes)`: to the session (false when not connected);
  // `notice(text, kind)`: the status bar's.
  constructor({ send, sendBytes, notice }) {
    Object.assign(this, { send, sendBytes, notice });
    this.waiting = null; // { resolve } of the upload the server has yet to answer
    this.partsSent = [];
  }

  // Uploads `files` in turn; resolves with what the server kept of them ({ name, image, width, height }).
  async upload(files) {
    const kept = [];
    for (const file of files) {
      const answer = await this.uploadOne(file);
      if (answer.type === "image") kept.push(answer);
      else this.notice(answer.message, "error");
    }
    return kept;
  }

  async uploadOne(file) {
    if (!isImageFile(file)) return { type: "error", message: `${file.name} is not a PNG, JPEG, GIF, WebP or SVG image: not added.` };
    if (file.size > SCHEMA.images.bytes) {
      const limit = Math.round(SCHEMA.images.bytes / 1024 / 1024);
      return { type: "error", message: `${file.name} is larger than ${limit} MiB: not added.` };
    }
    let bytes;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      return { type: "error", message: `Could not read ${file.name}.` };
    }
    return this.uploadBytes(bytes, file.name);
  }

  // Uploads `bytes` (a Uint8Array) under `name`; resolves with the server's answer about them.
  async uploadBytes(bytes, name) {
    const answered = new Promise((resolve) => {
      this.waiting = { resolve };
      setTimeout(() => resolve({ type: "error", message: `${name}: no answer from the server; try again.` }), ANSWER_TIMEOUT_MS);
    });
    if (!this.send({ type: "image", bytes: bytes.length, name })) {
      this.waiting = null;
      return { type: "error", message: "Not connected: cannot add images right now." };
    }
    for (let at = 0; at < bytes.length; at += PART_BYTES) {
      await this.pace();
      if (!this.sendBytes(bytes.subarray(at, at + PART_BYTES))) break;
    }
    const answer = await answered;
    this.waiting = null;
    return answer;
  }

  // Waits while this second's parts are at the pace's limit.
  async pace() {
    const now = performance.now();
    this.partsSent = this.partsSent.filter((time) => now - time < 1000);
    if (this.partsSent.length >= PARTS_PER_SECOND) {
      await new Promise((resolve) => setTimeout(resolve, 1000 - (now - this.partsSent[0])));
    }
    this.partsSent.push(performance.now());
  }

  // The server's `image` answer, or an error about the upload (`ref` `image`).
  answer(message) {
    this.waiting?.resolve(message);
  }
}
