// The replay player: shown while a live replay plays in the session (an uploaded recording or
// Slow-mo of the last gesture), whoever started it. Stop (or Esc, from any focus but an open
// dialog's) ends it at once for every viewer; Pause/Play (K) holds it and plays on; Next frame (.)
// pauses it and plays exactly one engine frame; the position slider moves it to any moment of the
// recording (to go back, the server plays the recording again from its beginning: the engine is
// deterministic). Each is every viewer's: the server says where the replay stands (`paused` or
// `playing`, with `playedMs`) and every player follows. "1.20 s / 4.00 s" is the recording's time,
// from `started`'s durationMs at its speed; Loop plays it again when it ends by itself (only on the
// page that asked for it: it has the recording). At the end the page says the session is live again.

import { drawSafely } from "../carousel/drawguard.js";
import { viewerName } from "../session/viewers.js";

// A dragged slider asks the server at most this often: a session takes 20 seeks a second.
const SEEK_INTERVAL_MS = 100;

// "1.20 s".
export const recordingSeconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

// What the page says when a replay ends: who stopped it, and that the session is the viewers' again.
export function endedText(message, ownClient, roster) {
  if (!message.stopped) return "Replay finished: the session is live again";
  const who = viewerName(message.client, ownClient, roster);
  return `Replay stopped by ${who}: the session is live again`;
}

// Whether a key pressed in `target` is the page's to take (not typing, not a dialog's).
const isFreeKeyTarget = (target) =>
  !(target instanceof Element && (target.closest("input, textarea, select, [contenteditable], dialog[open]") !== null));

// Whether `target` is inside an open dialog, whose Esc closes the dialog.
const isInDialog = (target) => target instanceof Element && target.closest("dialog[open]") !== null;

export class ReplayPlayer {
  // `element`: the player row (its Stop, Pause, Next frame, slider, time and Loop); `replayer`:
  // replay.js (whether this page asked, and to ask again); `client()`: this viewer's client id;
  // `roster`: who watches, for the name of who stopped it.
  constructor({ element, replayer, send, notice, announce, client, roster }) {
    const part = (id) => element.querySelector(`#${id}`);
    Object.assign(this, { element, replayer, send, notice, announce, client, roster });
    this.stopButton = part("replay-stop");
    this.pauseButton = part("replay-pause");
    this.stepButton = part("replay-step");
    this.progress = part("replay-progress");
    this.time = part("replay-time");
    this.loop = part("replay-loop");
    this.durationMs = 0;
    this.speed = 1;
    this.startedAt = 0; // performance.now() when the recording's time 0 played
    this.pausedMs = null; // the recording's time it holds at, or null while it plays
    this.isPlaying = false;
    this.isStopping = false; // Stop sent, `finished` not heard yet
    this.scrubbedMs = null; // the slider's value while a viewer drags it, which the picture keeps
    this.lastSeekAt = -Infinity;
    this.seekTimer = 0;
    this.frameRequest = 0;
    // Asks for the next frame first: progress it cannot show costs one frame, not the player.
    this.tick = () => {
      this.frameRequest = this.isPlaying ? requestAnimationFrame(this.tick) : 0;
      drawSafely("replay player", () => this.showProgress());
    };
    this.stopButton.addEventListener("click", () => this.stop());
    this.pauseButton.addEventListener("click", () => this.togglePause());
    this.stepButton.addEventListener("click", () => this.step());
    this.progress.addEventListener("input", () => this.scrub(Number(this.progress.value)));
    this.progress.addEventListener("change", () => this.scrubEnded());
    // Esc stops it from wherever focus is: a field, the slider, a button, the timeline (whose Esc
    // means "live": the replay on screen comes first). So it is taken as the key goes down to its
    // target, before any other handler; only an open dialog keeps its Esc, which closes the dialog.
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !this.isPlaying || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isInDialog(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      this.stop();
    }, { capture: true });
    // K pauses or plays, "." steps; never while typing or while a dialog takes the key.
    document.addEventListener("keydown", (event) => {
      if (!this.isPlaying || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (!isFreeKeyTarget(event.target)) return;
      const action = { k: () => this.togglePause(), K: () => this.togglePause(), ".": () => this.step() }[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    });
    this.render();
  }

  // Sends `message` for the replay, or says it could not.
  ask(message, what) {
    if (this.send(message)) return true;
    this.notice(`Not connected: cannot ${what} right now.`, "error");
    return false;
  }

  stop() {
    if (!this.isPlaying || this.isStopping) return;
    if (!this.ask({ type: "replay", action: "stop" }, "stop the replay")) return;
    this.isStopping = true;
    this.render();
  }

  togglePause() {
    if (!this.isPlaying || this.isStopping) return;
    const action = this.pausedMs === null ? "pause" : "resume";
    this.ask({ type: "replay", action }, `${action} the replay`);
  }

  step() {
    if (this.isPlaying && !this.isStopping) this.ask({ type: "replay", action: "step" }, "step the replay");
  }

  // The slider moved to `ms`: the replay goes there, asked at most every SEEK_INTERVAL_MS.
  scrub(ms) {
    if (!this.isPlaying || !Number.isFinite(ms)) return;
    this.scrubbedMs = Math.min(Math.max(ms, 0), this.durationMs);
    this.showProgress();
    const wait = this.lastSeekAt + SEEK_INTERVAL_MS - performance.now();
    if (wait <= 0) this.seekNow();
    else if (!this.seekTimer) this.seekTimer = setTimeout(() => this.seekNow(), wait);
  }

  // The slider was let go: its last value is asked for, and the replay's own progress shows again.
  scrubEnded() {
    if (this.scrubbedMs === null) return;
    clearTimeout(this.seekTimer);
    this.seekTimer = 0;
    this.seekNow();
    this.scrubbedMs = null;
  }

  seekNow() {
    this.seekTimer = 0;
    if (this.scrubbedMs === null || !this.isPlaying) return;
    this.lastSeekAt = performance.now();
    this.ask({ type: "replay", action: "seek", ms: this.scrubbedMs }, "move the replay");
  }

  // A `replay` message, after replay.js has seen it.
  state(message) {
    if (message.state === "started") {
      this.isPlaying = true;
      this.isStopping = false;
      this.pausedMs = null;
      this.scrubbedMs = null;
      this.durationMs = Number.isFinite(message.durationMs) ? Math.max(0, message.durationMs) : 0;
      this.speed = Number.isFinite(message.speed) && message.speed > 0 ? message.speed : 1;
      // A viewer who joins while it plays is told how much has played already.
      this.placeAt(message.playedMs);
      if (!this.frameRequest) this.frameRequest = requestAnimationFrame(this.tick);
    } else if (message.state === "paused" || message.state === "playing") {
      const played = this.placeAt(message.playedMs);
      this.pausedMs = message.state === "paused" ? played : null;
      if (message.client !== undefined && message.client !== this.client()) {
        const who = viewerName(message.client, this.client(), this.roster);
        this.announce(`${who} ${message.state === "paused" ? "paused" : "played"} the replay at ${recordingSeconds(played)}`);
      }
    } else if (message.state === "finished") {
      this.isPlaying = false;
      this.isStopping = false;
      this.pausedMs = null;
      this.scrubbedMs = null;
      // Loop: a replay that ended by itself plays again, asked for by the page that asked first.
      if (!message.stopped && this.loop.checked && this.replayer.isOwnReplay && this.replayer.again()) {
        this.announce("Replay finished: playing it again (Loop)");
      } else {
        const text = endedText(message, this.client(), this.roster);
        this.notice(`${text}.`);
        this.announce(text);
      }
    }
    this.render();
  }

  // The recording's time played is `playedMs` now (what the server said; 0 when it said nothing);
  // returns it, kept inside the recording.
  placeAt(playedMs) {
    const played = Number.isFinite(playedMs) ? Math.min(this.durationMs, Math.max(0, playedMs)) : 0;
    this.startedAt = performance.now() - played / this.speed;
    return played;
  }

  // Each welcome: a new connection starts with no replay under way.
  reset() {
    this.isPlaying = false;
    this.isStopping = false;
    this.pausedMs = null;
    this.scrubbedMs = null;
    this.render();
  }

  // The recording's time played so far, in ms.
  playedMs() {
    if (this.pausedMs !== null) return this.pausedMs;
    return Math.min(this.durationMs, (performance.now() - this.startedAt) * this.speed);
  }

  showProgress() {
    const played = !this.isPlaying ? 0 : (this.scrubbedMs ?? this.playedMs());
    const text = `${recordingSeconds(played)} / ${recordingSeconds(this.durationMs)}`;
    this.progress.max = String(Math.max(1, this.durationMs));
    if (this.scrubbedMs === null) this.progress.value = String(played);
    this.progress.setAttribute("aria-valuetext", this.pausedMs === null ? text : `${text}, paused`);
    if (this.time.textContent !== text) this.time.textContent = text;
  }

  render() {
    // Between a looped replay's end and its start again, the player stays, so it does not flicker.
    const isShown = this.isPlaying || (this.replayer.isRequesting && this.loop.checked && !this.element.hidden);
    // Focus in the player as it goes moves to the carousel, the session's again, not to the page's top.
    const hadFocus = this.element.contains(document.activeElement);
    this.element.hidden = !isShown;
    if (hadFocus && !isShown) document.getElementById("carousel")?.focus({ preventScroll: true });
    const isIdle = !this.isPlaying || this.isStopping;
    this.stopButton.disabled = isIdle;
    this.pauseButton.disabled = isIdle;
    this.stepButton.disabled = isIdle;
    this.progress.disabled = isIdle;
    this.pauseButton.textContent = this.pausedMs === null ? "Pause replay" : "Play replay";
    this.pauseButton.classList.toggle("paused", this.pausedMs !== null);
    // Loop is this page's to keep only when it asked for the replay (it can ask for it again).
    this.loop.disabled = !this.replayer.isOwnReplay;
    this.showProgress();
  }
}
