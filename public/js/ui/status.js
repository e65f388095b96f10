// The status bar, the notices and the screen-reader announcements.

import { CORNERS, noticeCorner } from "./noticeplacement.js";
import { viewerWithInput } from "../session/viewers.js";

// A value of the bar, in its fixed room (style.css): when it is cut short its item carries the full
// text, which shows on hover and on focus.
function show(element, text) {
  element.textContent = text;
  const item = element.closest(".status-item");
  if (element.scrollWidth > element.clientWidth) item.dataset.full = text;
  else delete item.dataset.full;
}

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
    this.carousel = document.getElementById("carousel");
    const replace = () => requestAnimationFrame(() => this.placeNotices());
    document.addEventListener("focusin", replace);
    addEventListener("scroll", replace, { passive: true });
    addEventListener("resize", replace);
    this.announcer = document.getElementById("announcer");
    this.veil = document.getElementById("offline-veil");
    this.frameTimes = [];
    this.latencies = [];
    show(this.fields.link, session);
    this.shareLink(`${location.origin}${location.pathname}?session=${encodeURIComponent(session)}`);
    setInterval(() => this.showRates(), 500);
  }

  connection(state, retryDelay) {
    // "browser": no server answers, and the carousel runs in the page alone (withoutserver.js).
    const text = state === "offline" ? `offline · retry in ${(retryDelay / 1000).toFixed(1)} s` : state === "browser" ? "in your browser" : state;
    show(this.fields.connection, text);
    this.fields.dot.className = `dot ${state}`;
    this.veil.hidden = state !== "offline";
  }

  // `listed`: who watches, the name each gave itself and what each last dragged with
  // ({ client, name, input }), from `viewers`; those named or that dragged are listed.
  viewers(count, listed = [], ownClient = null, roster = null) {
    const known = listed.filter((viewer) => viewer.input || viewer.name);
    const names = known.map((viewer) => viewerWithInput(viewer.client, viewer.input, ownClient, roster));
    show(this.fields.viewers, names.length > 0 ? `${count} · ${names.join(", ")}` : String(count));
  }

  frame(frame) {
    if (this.fields.phase.textContent !== frame.phase) show(this.fields.phase, frame.phase);
    this.frameTimes.push(performance.now());
    // Drawn from the engine stream: an input is drawn in the page at once; what is said is how
    // often the stream redrew what the page had drawn.
    if (frame.corrections !== undefined) {
      const text = `in page · ${frame.corrections} correction${frame.corrections === 1 ? "" : "s"}`;
      if (this.fields.latency.textContent !== text) show(this.fields.latency, text);
    }
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
    this.placeNotices();
    setTimeout(() => {
      element.remove();
      this.placeNotices();
    }, 4000);
  }

  // The stack goes to a corner where it covers neither the focused control nor the carousel
  // (noticeplacement.js), looked at again whenever focus moves or the page scrolls or resizes.
  placeNotices() {
    if (this.notices.childElementCount === 0) return;
    const box = (element) => (element && element !== document.body ? element.getBoundingClientRect() : null);
    const { width, height } = this.notices.getBoundingClientRect();
    const viewport = { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
    // A pane of a comparison keeps its notices at the top, near the pane's name.
    const corners = document.documentElement.dataset.embed === undefined ? CORNERS : ["top-right", "top-left", "bottom-right", "bottom-left"];
    const corner = noticeCorner({ width, height }, viewport, { focused: box(document.activeElement), carousel: box(this.carousel) }, corners);
    this.notices.dataset.corner = corner;
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
