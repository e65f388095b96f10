// The pane side of a comparison (compare.html): when the page runs in one of its two frames
// (`?embed=A` or `?embed=B`), it tells the comparison page what its carousel does (pointer input,
// frames, resets, its share link, its height) and takes the other pane's pointer input to send to
// its own session. Messages go to and come from the parent window only, on this origin.
//
// pane -> parent: {kind:"pointer", pane, message} | {kind:"frame", pane, frame, arrivalMs}
//                 {kind:"reset", pane} | {kind:"link", pane, url} | {kind:"size", pane, height}
//                 {kind:"feel", pane, gestures, summary} | {kind:"feel", pane, error}
// parent -> pane: {kind:"mirror", message} | {kind:"feel"} (score this pane's carousel)

export const PANES = ["A", "B"];

// The pane this page is, or null when it is not embedded in a comparison.
export function embeddedPane(params) {
  const pane = params.get("embed");
  return PANES.includes(pane) && window.parent !== window ? pane : null;
}

// A share link of this pane's carousel that keeps the page in its frame when reloaded.
export function keepEmbedded(url, pane) {
  const kept = new URL(url);
  kept.searchParams.set("embed", pane);
  return kept.href;
}

export class EmbeddedPane {
  // `onMirror(message)`: the other pane's pointer message, to send to this pane's session.
  constructor(pane, { onMirror }) {
    this.pane = pane;
    this.lastLink = null;
    this.onFeel = () => {};
    document.documentElement.dataset.embed = pane;
    window.addEventListener("message", (event) => {
      if (event.source !== window.parent || event.origin !== location.origin) return;
      const data = event.data;
      if (data && data.kind === "feel") return this.onFeel();
      if (!data || data.kind !== "mirror" || !data.message || data.message.type !== "pointer") return;
      // The very pointer message the other pane sent (its own `seq` is left out: this connection numbers its own).
      const { type, phase, x, y, t } = data.message;
      onMirror({ type, phase, x, y, t });
    });
    // The comparison page sizes the frame to the page, so the frame never scrolls inside. The body's
    // height, not the document's (which is never less than the frame's), so the frame shrinks too.
    const observer = new ResizeObserver(() => this.post({ kind: "size", height: document.body.getBoundingClientRect().height }));
    observer.observe(document.body);
  }

  post(message) {
    window.parent.postMessage({ ...message, pane: this.pane }, location.origin);
  }

  // A pointer message this pane sends to its own session (before the connection numbers it).
  pointer(message) {
    this.post({ kind: "pointer", message });
  }

  frame(frame) {
    this.post({ kind: "frame", frame, arrivalMs: performance.timeOrigin + performance.now() });
  }

  // The session's motion starts afresh for this pane: a reconnect, a replay starting or ending.
  reset() {
    this.post({ kind: "reset" });
  }

  // The comparison asks this pane to score its carousel's feel: `ask` does (feelpanel.js).
  askedForFeel(ask) {
    this.onFeel = ask;
  }

  // This pane's feel scores (`{gestures, summary}`), or why there are none (`{error}`).
  feel(result) {
    this.post({ kind: "feel", ...result });
  }

  link(url) {
    if (url === this.lastLink) return;
    this.lastLink = url;
    this.post({ kind: "link", url });
  }
}
