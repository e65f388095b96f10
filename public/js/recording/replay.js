// Live replay (docs/protocol/recording.md): the current recording — the one this viewer
// stopped, or a file opened with "Open file" or dropped on the carousel card — is sent to the
// server in parts, and the server plays it to every viewer of the session: `replay` `started`,
// the recorded frames at the recording's pace scaled by the speed, a `ghost` before each recorded
// pointer input, then `replay` `finished`. The page follows the server's messages only, so every
// viewer shows the same state, whoever asked for the replay.

import { SCHEMA } from "../generated/schema.js";
import { isImageFile } from "../items/imageupload.js";

export const PART_CHARACTERS = 12000; // the most text one `replay` message's `part` may carry
const MESSAGE_BYTES = SCHEMA.messageBytes; // the largest message the server takes, as UTF-8, escapes included
const RECORDING_FORMAT = SCHEMA.files.recording.format;

const encoder = new TextEncoder();
const byteLength = (message) => encoder.encode(JSON.stringify(message)).length;

// The `replay` messages that carry `text` at `speed`: see `recordingMessages`.
export function replayMessages(text, speed = 1) {
  return recordingMessages(text, { type: "replay" }, { speed });
}

// The messages that carry a recording's `text` to the server, each `head` (its type and what it
// asks) and the last one `tail` too: the whole recording in one message when it fits (a short
// recording of version 2 does), else pieces of at most PART_CHARACTERS UTF-16 units, never
// splitting a surrogate pair, each message small enough once JSON-escaped (quotes and backslashes
// double; other characters take up to 3 bytes).
export function recordingMessages(text, head, tail = {}) {
  let whole = null;
  try {
    whole = { ...head, recording: JSON.parse(text), ...tail };
  } catch {
    // Not JSON: the server says why once it has the parts.
  }
  if (whole && whole.recording !== null && typeof whole.recording === "object" && !Array.isArray(whole.recording)
      && byteLength(whole) <= MESSAGE_BYTES) {
    return [whole];
  }
  const messages = [];
  let offset = 0;
  do {
    let end = Math.min(text.length, offset + PART_CHARACTERS);
    for (;;) {
      if (end < text.length && end > offset + 1 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
      const isLast = end >= text.length;
      const message = { ...head, part: text.slice(offset, end), last: isLast, ...(isLast ? tail : {}) };
      const size = byteLength(message);
      if (size <= MESSAGE_BYTES || end - offset <= 1) {
        messages.push(message);
        break;
      }
      // Too big once escaped: shrink in proportion, with a little to spare.
      end = offset + Math.max(1, Math.floor(((end - offset) * MESSAGE_BYTES) / size) - 16);
    }
    offset = end;
  } while (offset < text.length);
  return messages;
}

function isHighSurrogate(code) {
  return code >= 0xd800 && code <= 0xdbff;
}

// "1x", "0.25x".
export function speedLabel(speed) {
  return `${Number(speed.toFixed(3))}x`;
}

// Why `text` is not a recording the server could replay, or null when it looks like one.
export function recordingProblem(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return "is not JSON";
  }
  if (value === null || typeof value !== "object" || Array.isArray(value) || value.format !== RECORDING_FORMAT) {
    return "is not a carousel-preview recording";
  }
  return null;
}

export class Replayer {
  // `buttons`: [{ element, speed }]; `onRecording(text, fileName)`: a recording opened from a file;
  // `gestureButtons`: [{ element, speed }] that replay the session's last gesture (no recording needed);
  // `openOther(text, fileName)`: true when it took an opened file that is not a recording (settingsfile.js);
  // `openImages(files)`: images dropped on the carousel, which become items.
  constructor({ buttons, gestureButtons = [], status, recordButton, fileInput, dropTarget, ghost, send, notice, announce, onRecording, openOther = () => false, openImages = () => {} }) {
    Object.assign(this, { buttons, gestureButtons, status, recordButton, fileInput, dropTarget, ghost, send, notice, announce, onRecording, openOther, openImages });
    this.text = null;
    this.isReplaying = false;
    this.isRequesting = false; // parts sent, the server's `started` (or error) not heard yet
    this.isOwnReplay = false; // the replay playing is the one this page asked for
    this.lastRequest = null; // what this page last asked to play, for Loop: () => sent
    this.speed = 1;
    this.refocus = null;
    for (const { element, speed } of buttons) element.addEventListener("click", () => this.play(speed));
    for (const { element, speed } of gestureButtons) element.addEventListener("click", () => this.playLastGesture(speed));
    fileInput.addEventListener("change", () => {
      const file = fileInput.files && fileInput.files[0];
      if (file) this.open(file);
      fileInput.value = "";
    });
    this.attachDrop(dropTarget);
    this.render();
  }

  get isBusy() {
    return this.isReplaying || this.isRequesting;
  }

  // The recording to replay from now on (its text exactly as written).
  setRecording(text) {
    this.text = text;
    this.render();
  }

  async open(file) {
    let text;
    try {
      text = await file.text();
    } catch {
      this.notice(`Could not read ${file.name}.`, "error");
      return;
    }
    if (this.openOther(text, file.name)) return;
    const problem = recordingProblem(text);
    if (problem) {
      this.notice(`${file.name} ${problem}: nothing changed.`, "error");
      return;
    }
    this.setRecording(text);
    this.onRecording(text, file.name);
    this.notice(`Opened ${file.name}: press Replay to play it to everyone watching.`);
  }

  attachDrop(target) {
    const hasFiles = (event) => event.dataTransfer && Array.from(event.dataTransfer.types).includes("Files");
    let depth = 0;
    target.addEventListener("dragenter", (event) => {
      if (!hasFiles(event)) return;
      depth += 1;
      target.classList.add("drop-ready");
      event.preventDefault();
    });
    target.addEventListener("dragover", (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
    });
    target.addEventListener("dragleave", (event) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) target.classList.remove("drop-ready");
    });
    target.addEventListener("drop", (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      target.classList.remove("drop-ready");
      const files = Array.from(event.dataTransfer.files);
      const images = files.filter(isImageFile);
      if (images.length > 0) this.openImages(images);
      else if (files[0]) this.open(files[0]);
    });
  }

  play(speed) {
    if (this.text === null || this.isBusy) return;
    const text = this.text;
    this.request(() => replayMessages(text, speed).every((message) => this.send(message)));
  }

  // The session's last gesture, from its pointer `down` to now, replayed by the server at `speed`.
  playLastGesture(speed) {
    if (this.isBusy) return;
    this.request(() => this.send({ type: "replay", gesture: "last", speed }));
  }

  // Sends a replay request (`send()`: whether it all went out), kept for Loop.
  request(send) {
    this.lastRequest = send;
    if (!send()) {
      this.notice("Not connected: cannot replay right now.", "error");
      return false;
    }
    this.isRequesting = true;
    this.render();
    return true;
  }

  // Asks for what this page last played, again (Loop); whether it was sent.
  again() {
    if (this.isBusy || !this.lastRequest) return false;
    return this.request(this.lastRequest);
  }

  // A `replay` message from the server.
  state(message) {
    if (message.state === "started") {
      this.isOwnReplay = this.isRequesting;
      this.isRequesting = false;
      this.isReplaying = true;
      this.speed = typeof message.speed === "number" ? message.speed : 1;
      this.announce(`Replaying at ${speedLabel(this.speed)}`);
    } else if (message.state === "finished") {
      this.isReplaying = false;
      this.isRequesting = false;
      this.hideGhost();
    }
    this.render();
  }

  // A `ghost` message: where the recorded finger was, in viewport points.
  ghostAt(message) {
    if (!this.isReplaying) return;
    if (message.phase === "up" || message.phase === "cancel") {
      this.hideGhost();
      return;
    }
    if (!Number.isFinite(message.x) || !Number.isFinite(message.y)) return;
    this.ghost.style.transform = `translate(${message.x}px, ${message.y}px)`;
    this.ghost.hidden = false;
    this.ghost.classList.toggle("pressed", message.phase === "down");
  }

  hideGhost() {
    this.ghost.hidden = true;
    this.ghost.classList.remove("pressed");
  }

  // An error with `ref` `replay`: the recording was refused (or a replay already plays).
  fail(message) {
    // A stop that crossed the replay's own end: it ended anyway, and the page already said so.
    if (message.field === "replay.action") return;
    this.isRequesting = false;
    this.render();
    this.notice(`Cannot replay: ${message.message}`, "error");
  }

  // Each welcome: a new connection starts with no replay under way.
  reset() {
    this.isReplaying = false;
    this.isRequesting = false;
    this.isOwnReplay = false;
    this.hideGhost();
    this.render();
  }

  render() {
    const hasRecording = this.text !== null;
    const controls = [...this.buttons, ...this.gestureButtons].map(({ element }) => element).concat(this.recordButton);
    // A disabled button loses focus: a keyboard user finds it focused again once usable.
    if (controls.includes(document.activeElement)) this.refocus = document.activeElement;
    for (const { element } of this.buttons) {
      element.hidden = !hasRecording;
      element.disabled = this.isBusy;
    }
    for (const { element } of this.gestureButtons) element.disabled = this.isBusy;
    this.recordButton.disabled = this.isReplaying;
    if (this.refocus && !this.refocus.disabled && !this.refocus.hidden) {
      const focused = document.activeElement;
      if (!focused || focused === document.body) this.refocus.focus();
      if (!this.isBusy) this.refocus = null;
    }
    this.status.hidden = !this.isReplaying;
    this.status.textContent = this.isReplaying ? `Replaying ${speedLabel(this.speed)}` : "";
    this.dropTarget.classList.toggle("replaying", this.isReplaying);
  }
}
