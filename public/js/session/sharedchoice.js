// A link with settings that joins a session others are in changes nothing: the server keeps the
// session as it is and its welcome says what the link wanted (`link.wanted`). This panel says the
// session is shared and how the link differs, and lets the viewer choose: apply the link's carousel
// to everyone (a `configure`, which every viewer's event log attributes to this viewer), open it in a
// session of its own (a new name, starting on the item the shared session shows), or keep watching.

import { SCHEMA } from "../generated/schema.js";
import { presetNamed } from "./share.js";

const read = (config, path) => path.reduce((value, key) => (value === null || value === undefined ? undefined : value[key]), config);
const shown = (value) => (value === null ? "auto" : value === true ? "on" : value === false ? "off" : String(value));

// Each setting the link's carousel has otherwise than the session's: { name, session, link }, in the
// order a link writes them: the preset, the fields in the schema's order, the item count.
export function differences(current, currentCount, wanted) {
  const found = [];
  if (wanted.config.preset !== current.preset) found.push({ name: "preset", session: current.preset, link: wanted.config.preset });
  for (const field of SCHEMA.fields) {
    const before = read(current, field.path);
    const after = read(wanted.config, field.path);
    if (after !== undefined && JSON.stringify(before) !== JSON.stringify(after)) {
      found.push({ name: field.link, session: shown(before), link: shown(after) });
    }
  }
  const count = wanted.itemCount ?? presetNamed(wanted.config.preset)?.itemCount;
  if (count !== undefined && count !== currentCount) found.push({ name: "items", session: String(currentCount), link: String(count) });
  return found;
}

export class SharedChoice {
  // `section`: the panel; `send(message)`: to the session; `open(wanted)`: leaves for a session of
  // this viewer's own with the link's carousel; `notice`/`announce`: the status bar's.
  constructor(section, { session, send, open, notice, announce }) {
    Object.assign(this, { section, session, send, open, notice, announce, wanted: null });
    this.summary = section.querySelector("#shared-choice-summary");
    this.list = section.querySelector("#shared-choice-differences");
    section.querySelector("#shared-apply").addEventListener("click", () => this.apply());
    section.querySelector("#shared-fork").addEventListener("click", () => this.fork());
    section.querySelector("#shared-keep").addEventListener("click", () => this.close());
  }

  // The welcome of this page's first connection: the choice, when its link wanted another carousel.
  offer(welcome) {
    const wanted = welcome.link?.wanted;
    if (!wanted) return;
    const found = differences(welcome.config, welcome.items.length, wanted);
    if (found.length === 0) return;
    this.wanted = wanted;
    const others = welcome.viewers - 1;
    const who = others === 1 ? "1 other viewer" : `${others} other viewers`;
    this.summary.textContent =
      `Session “${this.session}” is shared${others > 0 ? ` (${who})` : ""} and has other settings than your link. ` +
      "It keeps them until you choose:";
    this.list.replaceChildren(
      ...found.map((difference) => {
        const entry = document.createElement("li");
        entry.textContent = `${difference.name}: ${difference.session} here, ${difference.link} in your link`;
        return entry;
      }),
    );
    this.section.hidden = false;
    this.announce(`${this.summary.textContent} ${found.length} settings differ.`);
  }

  apply() {
    const message = { type: "configure", config: this.wanted.config };
    if (this.wanted.itemCount !== null) message.itemCount = this.wanted.itemCount;
    this.send(message);
    this.notice(`Your link's settings now apply to everyone in “${this.session}”`);
    this.close();
  }

  fork() {
    this.open(this.wanted);
  }

  close() {
    this.section.hidden = true;
    this.wanted = null;
  }
}
