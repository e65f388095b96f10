// The comparison's link: compare.html?a=<A's share link query>&b=<B's>, each pane's part being
// the query of the single page's share link (share.js), so a comparison link reopens both
// carousels, sessions and configurations included. Opened bare, A is a fresh banner and B the
// same with a softer spring, so there is a difference to feel.

import { isSessionName } from "../session/share.js";

// B's default difference: the spring's frequency (rad/s; the presets use 20).
const DEFAULT_B_TUNING = { springFrequency: "12" };

// A session name no one else is using: `cmp-1a2b3c4d-a`.
export function freshSessionName(suffix) {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `cmp-${random}-${suffix}`;
}

// The query of a share link (a whole URL or a query string), without what only the frame uses.
export function paneQuery(link) {
  const text = String(link);
  const query = new URLSearchParams(text.includes("?") ? text.slice(text.indexOf("?") + 1) : text);
  query.delete("embed");
  return query;
}

// The same carousel (preset, settings, item count) in another session.
export function inNewSession(query, suffix) {
  const copy = new URLSearchParams(query);
  copy.set("session", freshSessionName(suffix));
  return copy;
}

// compare.html's URL for panes A and B (queries of share links).
export function comparisonURL(base, a, b) {
  const query = new URLSearchParams({ a: paneQuery(a).toString(), b: paneQuery(b).toString() });
  return `${new URL("compare.html", base).href}?${query}`;
}

// The single page's URL of one pane's carousel.
export function singleURL(base, query) {
  return `${new URL("index.html", base).href}?${paneQuery(query)}`;
}

// What compare.html's URL asks for: both panes' queries, each with a usable session name (a
// missing or malformed one is replaced by a fresh one, and A and B never share a session).
export function readComparison(params) {
  const a = paneQuery(params.get("a") ?? "");
  const b = params.has("b") ? paneQuery(params.get("b")) : null;
  if (!isSessionName(a.get("session") ?? "")) a.set("session", freshSessionName("a"));
  if (b === null) {
    const defaults = inNewSession(a, "b");
    if (!params.has("a")) for (const [name, value] of Object.entries(DEFAULT_B_TUNING)) defaults.set(name, value);
    return { a, b: defaults };
  }
  if (!isSessionName(b.get("session") ?? "") || b.get("session") === a.get("session")) {
    b.set("session", freshSessionName("b"));
  }
  return { a, b };
}

// What a pane's link tunes, for its caption: "banner · springFrequency 12" (where its session
// started is no tuning).
export function describe(query) {
  const parts = [query.get("preset") ?? "banner"];
  for (const [name, value] of query) {
    if (!["session", "preset", "clock", "item"].includes(name)) parts.push(`${name} ${value}`);
  }
  return parts.join(" · ");
}

// The Compare switch opens this carousel (`shareLink()`, or the address before the first welcome)
// as A of a comparison, B being the same carousel in a new session that starts on A's item
// (`currentItem()`), so both begin from one place. A pane of a comparison has none.
export function attachCompareSwitch(button, { shareLink, currentItem, isEmbedded }) {
  button.hidden = isEmbedded;
  button.addEventListener("click", () => {
    const a = shareLink() ?? location.href;
    const b = inNewSession(new URL(a).searchParams, "b");
    const item = currentItem();
    if (item !== null) b.set("item", String(item));
    location.assign(comparisonURL(location.href, a, b));
  });
}
