// The replay player: shown while a live replay plays in the session (an uploaded recording or
// Slow-mo of the last gesture), whoever started it. Stop (or Esc) ends it at once for every viewer
// (`{"type":"replay","action":"stop"}`); the progress bar and "1.20 s / 4.00 s" give the recording's
// time, from `started`'s durationMs at its speed; Loop plays it again when it ends by itself (only
// on the page that asked for it: that page has the recording). At the end the page says the session
// is live again.

import { drawSafely } from "../carousel/drawguard.js";
import { viewerName } from "../session/viewers.js";

// "1.20 s".
export const recordingSeconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

// What the page says when a replay ends: who stopped it, and that the session is the viewers' again.
export function endedText(message, ownClient, roster) {
  if (!message.stopped) return "Replay finished: the session is live again";
  const who = viewerName(message.client, ownClient, roster);
  return `Replay stopped by ${who}: the session is live again`;
}

export class ReplayPlayer {
  // `element`: the player row; `replayer`: replay.js (whether this page asked, and to ask again);
  // `client()`: this viewer's client id; `roster`: who watches, for the name of who stopped it.
  constructor({ element, stopButton, progress, time, loop, replayer, send, notice, announce, client, roster }) {
    Object.assign(this, { element, stopButton, progress, time, loop, replayer, send, notice, announce, client, roster });
    this.durationMs = 0;
    this.speed = 1;
    this.startedAt = 0; // performance.now() at `started`
    this.isPlaying = false;
    this.isStopping = false; // Stop sent, `finished` not heard yet
    this.frameRequest = 0;
    // Asks for the next frame first: progress it cannot show costs one frame, not the player.
    this.tick = () => {
      this.frameRequest = this.isPlaying ? requestAnimationFrame(this.tick) : 0;
      drawSafely("replay player", () => this.showProgress());
    };
    stopButton.addEventListener("click", () => this.stop());
    // Esc stops it from anywhere on the page, but not while a dialog takes Esc to close itself.
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !this.isPlaying || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest("dialog[open]")) return;
      event.preventDefault();
      this.stop();
    });
    this.render();
  }

  stop() {
    if (!this.isPlaying || this.isStopping) return;
    if (!this.send({ type: "replay", action: "stop" })) {
      this.notice("Not connected: cannot stop the replay right now.", "error");
      return;
    }
    this.isStopping = true;
    this.render();
  }

  // A `replay` message, after replay.js has seen it.
  state(message) {
    if (message.state === "started") {
      this.isPlaying = true;
      this.isStopping = false;
      this.durationMs = Number.isFinite(message.durationMs) ? Math.max(0, message.durationMs) : 0;
      this.speed = Number.isFinite(message.speed) && message.speed > 0 ? message.speed : 1;
      // A viewer who joins while it plays is told how much has played already.
      const played = Number.isFinite(message.playedMs) ? Math.min(this.durationMs, Math.max(0, message.playedMs)) : 0;
      this.startedAt = performance.now() - played / this.speed;
      if (!this.frameRequest) this.frameRequest = requestAnimationFrame(this.tick);
    } else if (message.state === "finished") {
      this.isPlaying = false;
      this.isStopping = false;
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

  // Each welcome: a new connection starts with no replay under way.
  reset() {
    this.isPlaying = false;
    this.isStopping = false;
    this.render();
  }

  // The recording's time played so far, in ms.
  playedMs() {
    return Math.min(this.durationMs, (performance.now() - this.startedAt) * this.speed);
  }

  showProgress() {
    const played = this.isPlaying ? this.playedMs() : 0;
    const text = `${recordingSeconds(played)} / ${recordingSeconds(this.durationMs)}`;
    this.progress.max = Math.max(1, this.durationMs);
    this.progress.value = played;
    this.progress.setAttribute("aria-valuetext", text);
    if (this.time.textContent !== text) this.time.textContent = text;
  }

  render() {
    // Between a looped replay's end and its start again, the player stays, so it does not flicker.
    const isShown = this.isPlaying || (this.replayer.isRequesting && this.loop.checked && !this.element.hidden);
    // Focus in the player as it goes moves to the carousel, the session's again, not to the page's top.
    const hadFocus = this.element.contains(document.activeElement);
    this.element.hidden = !isShown;
    if (hadFocus && !isShown) document.getElementById("carousel")?.focus({ preventScroll: true });
    this.stopButton.disabled = !this.isPlaying || this.isStopping;
    // Loop is this page's to keep only when it asked for the replay (it can ask for it again).
    this.loop.disabled = !this.replayer.isOwnReplay;
    this.showProgress();
  }
}
