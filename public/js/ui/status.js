// The status bar, the notices and the screen-reader announcements.

import { viewerWithInput } from "../session/viewers.js";

export class Status {
  constructor(session) {
    this.fields = {
      connection: document.getElementById("connection"),
      dot: document.getElementById("connection-dot"),
      link: document.getElementById("session-link"),
      viewers: document.getElementById("viewers"),
      phase: document.getElementById("phase"),
      fps: document.getElementById("fps"),
      latency: document.getElementById("latency"),
    };
    this.notices = document.getElementById("notices");
    this.announcer = document.getElementById("announcer");
    this.veil = document.getElementById("offline-veil");
    this.frameTimes = [];
    this.latencies = [];
    this.fields.link.textContent = session;
    this.shareLink(`${location.origin}${location.pathname}?session=${encodeURIComponent(session)}`);
    setInterval(() => this.showRates(), 500);
  }

  connection(state, retryDelay) {
    const text = state === "offline" ? `offline · retry in ${(retryDelay / 1000).toFixed(1)} s` : state;
    this.fields.connection.textContent = text;
    this.fields.dot.className = `dot ${state}`;
    this.veil.hidden = state !== "offline";
  }

  // `listed`: who watches, the name each gave itself and what each last dragged with
  // ({ client, name, input }), from `viewers`; those named or that dragged are listed.
  viewers(count, listed = [], ownClient = null, roster = null) {
    const known = listed.filter((viewer) => viewer.input || viewer.name);
    const names = known.map((viewer) => viewerWithInput(viewer.client, viewer.input, ownClient, roster));
    this.fields.viewers.textContent = names.length > 0 ? `${count} · ${names.join(", ")}` : String(count);
  }

  frame(frame) {
    this.fields.phase.textContent = frame.phase;
    this.frameTimes.push(performance.now());
  }

  latency(milliseconds) {
    this.latencies.push(milliseconds);
    if (this.latencies.length > 60) this.latencies.shift();
  }

  showRates() {
    const now = performance.now();
    this.frameTimes = this.frameTimes.filter((time) => now - time < 1000);
    this.fields.fps.textContent = String(this.frameTimes.length);
    if (this.latencies.length > 0) {
      const sorted = [...this.latencies].sort((a, b) => a - b);
      this.fields.latency.textContent = `${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms`;
    }
  }

  notice(text, kind = "info") {
    const element = document.createElement("div");
    element.className = `notice ${kind}`;
    element.textContent = text;
    this.notices.append(element);
    while (this.notices.childElementCount > 3) this.notices.firstElementChild.remove();
    setTimeout(() => element.remove(), 4000);
  }

  announce(text) {
    // Clearing first makes a repeated announcement audible too.
    this.announcer.textContent = "";
    requestAnimationFrame(() => {
      this.announcer.textContent = text;
    });
  }

  // The session's name links to the page's share link (main.js keeps it current).
  shareLink(url) {
    this.fields.link.href = url;
  }
}
