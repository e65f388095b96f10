// When no server answers (the page opened from a static file server, or the server gone), the
// carousel goes on in the page (browsersession.js): the carousel last on screen, or the link's
// preset with its bundled items when no server ever answered. The page says so, and joins the
// server as soon as one answers: the connection keeps trying meanwhile.

import { BrowserSession } from "./browsersession.js";
import { SCHEMA } from "../generated/schema.js";
import { cycledItems, loadCatalogs } from "./browsercatalogs.js";

export class WithoutServer {
  // `banner`: the element that says the page runs alone; `deliver(message)`: into the page as a
  // server's message; `current()`: { config, items, index } on screen, or null before any;
  // `showState(state)`: the status bar's connection; `notice(text, kind)`: the status bar's;
  // `loaded`: LocalEngine.load(), begun when the page opened, while a server could serve it.
  constructor({ banner, deliver, current, showState, notice, session, preset, loaded }) {
    Object.assign(this, { banner, deliver, current, showState, notice, session, preset, loaded });
    this.browser = null;
    this.starting = false;
    this.isServed = false;
    this.instance = null;
    this.reasonSaid = false;
  }

  get isRunning() {
    return this.browser !== null;
  }

  // The connection's state: once it is closed and retrying, the carousel runs here.
  async connectionState(state) {
    if (state === "offline") this.isServed = false;
    if (state !== "offline" || this.browser || this.starting) return;
    this.starting = true;
    const from = this.current() ?? (await this.fromPreset());
    const { session, reason } = await BrowserSession.start({ loaded: this.loaded, ...from, instance: this.instance, session: this.session, deliver: this.deliver });
    this.starting = false;
    if (this.isServed) return session?.stop(); // a server answered meanwhile
    if (!session) {
      if (!this.reasonSaid) this.notice(`No server answers, and the carousel cannot run in this browser alone: ${reason}`, "error");
      this.reasonSaid = true;
      return;
    }
    this.browser = session;
    this.banner.hidden = false;
    this.showState("browser");
  }

  // The link's preset (the server's default without one) with its bundled items.
  async fromPreset() {
    const preset = SCHEMA.presets[this.preset] ?? SCHEMA.presets[SCHEMA.defaultPreset];
    const catalogs = await loadCatalogs();
    return { config: preset.config, items: cycledItems(catalogs[preset.config.content], preset.itemCount), index: 0 };
  }

  // A welcome: a server's makes the page the server's again.
  welcomed(message) {
    if (message.browser) return;
    this.isServed = true;
    this.instance = message.instance;
    if (!this.browser) return;
    this.browser.stop();
    this.browser = null;
    this.banner.hidden = true;
    this.showState("live"); // the connection said so while the page still ran alone
  }

  send(message) {
    return this.browser.send(message);
  }
}
