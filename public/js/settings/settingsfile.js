// Settings files (docs/protocol/README.md "Export"): what "Copy as JSON" writes and `serve --config` reads. Open
// file (or a file dropped on the carousel) opens one as the carousel it describes, the way following
// its share link would: in a new session of its own, so nobody else's carousel changes. The page
// knows a file by its `format` and `version` only; the server judges the values when it makes the
// session, and its welcome says which it ignored and why (linkreport.js), as for any link.

import { SCHEMA } from "../generated/schema.js";
import { newSessionName, shareURL } from "../session/share.js";
import { variantsFragment } from "./variantlink.js";

const { recording: RECORDING, settings: SETTINGS } = SCHEMA.files;
// What a notice says after the page has moved to the new session (the page reloads on the way).
const OPENED_KEY = "carousel-preview.opened";
// A file's own items and their images, for the new session to take once the page has moved there.
const ITEMS_KEY = "carousel-preview.opened-items";
// Members of a configuration that no link carries: read-only, sent back by a server as they were.
const READ_ONLY = ["preset", "layout", "limits"];

// The members of a settings file's `config` that no share link can carry (not configuration keys),
// as the paths a notice names: the server would never see them, so the page says so itself.
export function unknownMembers(config) {
  const unknown = [];
  for (const [key, value] of Object.entries(config)) {
    if (READ_ONLY.includes(key)) continue;
    const group = SCHEMA.fields.filter((field) => field.path[0] === key);
    if (group.length === 0) unknown.push(key);
    else if (group[0].path.length === 2) {
      if (value === null || typeof value !== "object" || Array.isArray(value)) unknown.push(key);
      else for (const member of Object.keys(value)) if (!group.some((field) => field.path[1] === member)) unknown.push(`${key}.${member}`);
    }
  }
  return unknown;
}

// A new session's name for a file opened from `fileName`: its name's letters and digits, then a
// random suffix, within the session-name rule ("strip-tuned-3fa2c1").
export function sessionNameFor(fileName) {
  return newSessionName(fileName.replace(/\.json$/i, ""), "settings");
}

// The share link that opens the settings file `settings` in session `session` (with `clock`, as the
// page's own), and what of it no link carries.
export function settingsLink(base, settings, { session, clock }) {
  const config = settings.config !== null && typeof settings.config === "object" && !Array.isArray(settings.config) ? settings.config : {};
  return {
    url: shareURL(base, { session, clock, config, itemCount: settings.itemCount }),
    ignored: unknownMembers(config),
  };
}

// Opens files that are not recordings: `open(text, fileName)` returns false for a recording (the
// replayer plays it) and true when it took the file: a settings file, opened by `navigate(url)` to
// its link, or a file it says it cannot open.
export class SettingsOpener {
  // `clock()`: the session's clock; `notice(text, kind)`: the status bar's; `navigate(url)`: goes there.
  constructor({ clock, notice, navigate }) {
    Object.assign(this, { clock, notice, navigate });
  }

  open(text, fileName) {
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      this.notice(`${fileName} is not JSON: nothing changed.`, "error");
      return true;
    }
    const format = value !== null && typeof value === "object" && !Array.isArray(value) ? value.format : undefined;
    if (format === RECORDING.format) return false;
    if (format !== SETTINGS.format) {
      this.notice(`${fileName} is neither a recording nor a settings file (Copy as JSON): nothing changed.`, "error");
      return true;
    }
    if (value.version !== SETTINGS.version) {
      this.notice(`${fileName} is a settings file of version ${JSON.stringify(value.version)}; this page reads version ${SETTINGS.version}: nothing changed.`, "error");
      return true;
    }
    const session = sessionNameFor(fileName);
    // Own items are in the file, not in a link: the new session gets them (and their images)
    // from this page once it is there, so its link starts from the preset's items.
    const settings = { ...value };
    if (value.config?.content === "own" && Array.isArray(value.items)) {
      try {
        sessionStorage.setItem(ITEMS_KEY, JSON.stringify({ items: value.items, images: value.images ?? {} }));
      } catch {
        this.notice(`${fileName} is too large for the page to open with its images: start a server with it (carousel-preview serve --config ${fileName}).`, "error");
        return true;
      }
      settings.config = { ...value.config };
      delete settings.config.content;
    }
    const { url, ignored } = settingsLink(`${location.origin}${location.pathname}`, settings, { session, clock: this.clock() });
    const left = ignored.length > 0 ? ` (${ignored.join(", ")} ${ignored.length === 1 ? "is not a setting and was" : "are not settings and were"} left out)` : "";
    const said = `Opened ${fileName} in a session of its own, “${session}”${left}: the session you were in is unchanged.`;
    sessionStorage.setItem(OPENED_KEY, JSON.stringify({ text: said, kind: ignored.length > 0 ? "error" : "info" }));
    // The file's variants ride after the link's `#`: the page saves them into the new session.
    this.navigate(url + variantsFragment(fileVariants(value.variants)));
    return true;
  }
}

// The variants of a file that look like variants (the server checks each as it saves it).
function fileVariants(list) {
  if (!Array.isArray(list)) return [];
  const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  return list.filter((variant) => isObject(variant) && typeof variant.name === "string" && isObject(variant.config) && typeof variant.config.preset === "string" && Number.isInteger(variant.itemCount));
}

// A value this page kept for the next load (JSON under `key`), taken once: null when none, or when
// it does not read.
function takeSaved(key) {
  const saved = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  try {
    return saved === null ? null : JSON.parse(saved);
  } catch {
    return null;
  }
}

// What to tell the viewer once the page has opened a settings file's session ({text, kind}), said
// once; null on any other load.
export function takeOpenedNotice() {
  return takeSaved(OPENED_KEY);
}

// The own items (and their images, base64 by SHA-256) of a settings file this page opened, taken
// once; null on any other load.
export function takeOpenedItems() {
  return takeSaved(ITEMS_KEY);
}
