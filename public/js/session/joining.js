// What each welcome means beyond the carousel it brings: which server process answered (the
// welcome's `instance`), what became of the link the page connected with, and auto-scroll for a
// viewer who asked for reduced motion.

import { linkNotices } from "./linkreport.js";

const REDUCED_MOTION_NOTICE = "Auto-scroll is off because your system asks for reduced motion; press play to start it.";

export class Joining {
  // `notice(text, kind)`: the status bar's; `send(message)`: to the session.
  constructor({ session, notice, send, prefersReducedMotion }) {
    Object.assign(this, { session, notice, send, prefersReducedMotion, instance: null });
  }

  // A session lives in one server process. After a reconnect to another (a restart, another worker
  // behind a balancer) the session was made afresh from the link the page reconnected with: the
  // carousel is the same, its motion is lost. The link's report is news only on the first visit.
  welcome(message) {
    const isFirst = this.instance === null;
    const isNewServer = !isFirst && message.instance !== this.instance;
    this.instance = message.instance;
    if (isNewServer) {
      this.notice("The server that held this session is gone: the carousel is rebuilt from this page's link (its motion is lost)");
    }
    if (isFirst) for (const text of linkNotices(message.link)) this.notice(text, "error");
    // A viewer who asked for reduced motion gets no auto-scroll from a link or a new session.
    if ((isFirst || isNewServer) && this.prefersReducedMotion && message.config.autoscroll.enabled) {
      this.send({ type: "command", name: "autoscroll", enabled: false });
      this.notice(REDUCED_MOTION_NOTICE);
    }
  }
}
