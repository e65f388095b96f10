// Recording the session (docs/protocol/recording.md): the Record button sends
// `{"type":"record","action":"start"}` and, while any viewer records, becomes Stop and shows the
// elapsed time. The viewer who stops gets `{"type":"recording","recording":R}`, offered as a
// `.json` download. The button follows the server's `record` messages only, so every viewer of the
// session shows the same state, whoever started or stopped.

const RECORDING_PREFIX = '{"type":"recording","recording":';

export function formatElapsed(milliseconds) {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  if (minutes < 60) return `${minutes}:${rest}`;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}:${rest}`;
}

// The recording's own text, as the server wrote it: parsing and serialising again could change a
// number (-0, integers past 2^53) and with it what the file replays.
export function recordingText(raw, message) {
  if (typeof raw === "string" && raw.startsWith(RECORDING_PREFIX) && raw.endsWith("}")) {
    return raw.slice(RECORDING_PREFIX.length, -1);
  }
  return JSON.stringify(message.recording);
}

// "20261128-073015": a file name's date and time, so downloads sort and never collide.
export function stamp(date) {
  const two = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}-${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
}

export class Recorder {
  // `onRecording(text)`: a recording this viewer can now replay.
  constructor({ button, label, time, download, send, notice, announce, session, onRecording = () => {} }) {
    Object.assign(this, { button, label, time, download, send, notice, announce, session, onRecording });
    this.clock = "live";
    this.isRecording = false;
    this.startedAt = 0; // performance.now() when the start was heard (live clock)
    this.startTime = 0; // the session time recording started at
    this.sessionTime = 0; // the latest frame's session time (manual clock)
    this.timer = null;
    this.url = null;
    button.addEventListener("click", () => this.toggle());
    this.render();
  }

  toggle() {
    const action = this.isRecording ? "stop" : "start";
    if (!this.send({ type: "record", action })) this.notice("Not connected: cannot record right now.", "error");
  }

  // Each welcome, which says whether a recording is under way (`recording`: {client, time} or null).
  reset(clock, recording) {
    this.clock = clock;
    this.isAligning = Boolean(recording);
    if (recording) {
      this.startTime = recording.time;
      this.startedAt = performance.now();
    }
    this.setRecording(Boolean(recording));
  }

  frame(frame) {
    this.sessionTime = frame.time;
    // A recording joined late: the first frame's session time says how long it has run.
    if (this.isAligning) {
      this.isAligning = false;
      this.startedAt = performance.now() - Math.max(0, frame.time - this.startTime);
      // Show it now, not at the timer's next tick: until then the time would read 0:00.
      if (this.isRecording) this.showElapsed();
    }
    if (this.isRecording && this.clock === "manual") this.showElapsed();
  }

  // A `record` message.
  state(message) {
    const isRecording = message.state === "started";
    if (isRecording) {
      this.startedAt = performance.now();
      this.startTime = message.time;
      this.sessionTime = Math.max(this.sessionTime, message.time);
    }
    this.setRecording(isRecording);
    this.announce(isRecording ? "Recording started" : "Recording stopped");
  }

  // A `recording` message: this viewer stopped it (or it reached its limit).
  receive(message, raw) {
    const text = recordingText(raw, message);
    this.offer(text, `carousel-recording-${this.session}-${stamp(new Date())}.json`);
    this.onRecording(text);
    this.notice("Recording ready: replay it here, download it, or replay it with carousel-preview replay FILE");
  }

  // Makes `text` the recording the Download link saves, under `fileName`.
  offer(text, fileName) {
    if (this.url) URL.revokeObjectURL(this.url);
    const blob = new Blob([text], { type: "application/json" });
    this.url = URL.createObjectURL(blob);
    this.download.href = this.url;
    this.download.download = fileName;
    this.download.hidden = false;
  }

  setRecording(isRecording) {
    this.isRecording = isRecording;
    clearInterval(this.timer);
    this.timer = null;
    if (isRecording && this.clock !== "manual") this.timer = setInterval(() => this.showElapsed(), 250);
    this.render();
  }

  elapsed() {
    return this.clock === "manual" ? this.sessionTime - this.startTime : performance.now() - this.startedAt;
  }

  showElapsed() {
    const text = `Recording ${formatElapsed(this.elapsed())}`;
    if (this.time.textContent !== text) this.time.textContent = text;
  }

  render() {
    this.button.classList.toggle("recording", this.isRecording);
    this.label.textContent = this.isRecording ? "Stop recording" : "Record";
    this.time.hidden = !this.isRecording;
    if (this.isRecording) this.showElapsed();
    else this.time.textContent = "";
  }
}
