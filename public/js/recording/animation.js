// "Download as animation", in the Motion panel (docs/guide/render.md): the current recording (the
// one this viewer stopped, or a file opened) is sent to the server in `render` messages, as a
// replay's is; the server draws it off its event loop, 50 pictures a second with the finger as a
// ghost, keeps the file among the session's images and answers `rendered` with its `media:` name,
// which this module saves under a file name of its own. One render is drawn at a time on a server,
// the others wait their turn (`renderQueued` says where this one stands); a refusal or a failed
// render (too long, too large, the worker crashed or passed a limit) is said in the status bar and
// the button is ready again.

import { recordingMessages } from "./replay.js";
import { stamp } from "./recorder.js";

export class AnimationDownload {
  // `button` and `format` (a select of webp and gif); `imageURL(image)`: where the session serves
  // an item image named `media:HASH`; `session`: its name, for the file's.
  constructor({ button, format, send, notice, announce, imageURL, session }) {
    Object.assign(this, { button, format, send, notice, announce, imageURL, session });
    this.text = null;
    this.isDrawing = false;
    this.waitingBehind = 0;
    this.label = button.textContent;
    button.addEventListener("click", () => this.request());
    this.render();
  }

  // The recording a click draws from now on (its text exactly as written).
  setRecording(text) {
    this.text = text;
    this.render();
  }

  request() {
    if (this.isDrawing || this.text === null) return;
    const format = this.format.value;
    const sent = recordingMessages(this.text, { type: "render", format }).every((message) => this.send(message));
    if (!sent) {
      this.notice("Not connected: cannot draw the animation right now.", "error");
      return;
    }
    this.isDrawing = true;
    this.waitingBehind = 0;
    this.announce("Drawing the animation");
    this.render();
  }

  // `{"type":"renderQueued","place":N}`: N renders are drawn before this one (0: it is drawn now).
  queued(message) {
    if (!this.isDrawing) return;
    this.waitingBehind = message.place;
    if (message.place > 0) this.announce(`The animation waits: ${message.place} before it`);
    this.render();
  }

  // `{"type":"rendered",...}`: save the file the server kept.
  receive(message) {
    this.isDrawing = false;
    this.render();
    const link = document.createElement("a");
    link.href = this.imageURL(message.image);
    link.download = `carousel-${this.session}-${stamp(new Date())}.${message.format}`;
    document.body.append(link);
    link.click();
    link.remove();
    const seconds = (message.frames / 50).toFixed(2);
    this.notice(`Animation ready: ${message.frames} pictures (${seconds} s), ${message.width} x ${message.height} px, ${Math.ceil(message.bytes / 1024)} KiB`);
  }

  // An error with `ref` `render`.
  fail(message) {
    this.isDrawing = false;
    this.render();
    this.notice(`No animation: ${message.message}`, "error");
  }

  // Always there, so the Motion panel never changes its layout: usable once there is a recording.
  render() {
    const hasRecording = this.text !== null;
    this.format.disabled = !hasRecording;
    this.button.disabled = this.isDrawing || !hasRecording;
    this.button.setAttribute("aria-busy", String(this.isDrawing));
    const waiting = this.waitingBehind > 0 ? `Waiting (${this.waitingBehind} before)…` : "Drawing…";
    this.button.textContent = this.isDrawing ? waiting : this.label;
  }
}
