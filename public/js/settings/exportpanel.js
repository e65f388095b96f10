// The settings panel's copy buttons: the share link, the server's Swift declarations and its
// settings file (JSON: the configuration and the item count).
// The copied text also shows in the panel's read-only field ("what was copied"), which is selected
// for Ctrl+C when the clipboard is out of reach.

import { withToken } from "../session/access.js";
import { copyText } from "../ui/clipboard.js";
import { Exporter } from "./exporter.js";
import { HandoverPanel } from "./handoverpanel.js";
import { variantsFragment } from "./variantlink.js";
import { offerDownload, settingsWithImages } from "./settingsdownload.js";

export class ExportPanel {
  // `shareLink()`: the carousel's link, or null before the first welcome; `access()`: what /access
  // said (or null); `variants()`: the session's, which the copied link carries after its `#`
  // (variantlink.js); `send(message)`: to the session (`exporter` asks the server with it, and gets
  // the answers main.js hands it); `notice(text, kind)`: the status bar;
  // `imageURL(image)`: where an item's image is; `session`: the file is named after it.
  constructor({ send, shareLink, variants, access, notice, imageURL, session }) {
    const exporter = new Exporter(send);
    Object.assign(this, { exporter, shareLink, variants, access, notice, imageURL, session });
    const element = (id) => document.getElementById(id);
    Object.assign(this, { box: element("copied"), field: element("copied-text"), label: element("copied-label") });
    this.status = element("export-status");
    document.getElementById("copy-link").addEventListener("click", () => this.copyLink());
    document.getElementById("copy-swift").addEventListener("click", () => this.copyExport("swift", "Swift"));
    document.getElementById("copy-json").addEventListener("click", () => this.copyExport("settings", "JSON"));
    document.getElementById("download-settings").addEventListener("click", () => this.downloadSettings());
    this.handover = new HandoverPanel({ exporter, copy: (text, what) => this.copy(text, what), say: (text, state) => this.say(text, state), session, imageURL });
  }

  // Every `config`: the framework code on show follows it.
  configChanged() {
    this.handover.configChanged();
  }

  // The settings file with the images of the session's own items in it, as a download.
  async downloadSettings() {
    this.say("Asking the server…", "busy");
    let text;
    try {
      const answer = await this.exporter.request();
      text = await settingsWithImages(answer.settings, this.imageURL);
    } catch (error) {
      this.say(`No settings file: ${error.message}`, "error");
      return;
    }
    offerDownload(text, `carousel-settings-${this.session.replace(/[^\p{L}\p{N}_.-]+/gu, "-")}.json`);
    this.say("Downloaded the settings file.", "done");
  }

  async copyLink() {
    const link = this.shareLink();
    if (link === null) {
      this.notice("Not connected yet: there is no carousel to link to.", "error");
      return;
    }
    const access = this.access();
    const withKey = Boolean(access && access.tokenRequired);
    const how = await this.copy(withToken(link, access) + variantsFragment(this.variants()), "link");
    this.notice(
      how === "clipboard"
        ? withKey
          ? "Link copied with the access token: whoever opens it can drive this preview"
          : "Link copied: it opens this carousel (preset, settings, item count) on any server"
        : "The link is selected in the settings panel: press Ctrl+C to copy it",
    );
  }

  // `member`: "swift" (the source) or "settings" (the settings file, laid out one member a line).
  async copyExport(member, what) {
    this.say("Asking the server…", "busy");
    let answer;
    try {
      answer = await this.exporter.request();
    } catch (error) {
      this.say(`No ${what} export: ${error.message}`, "error");
      return;
    }
    const text = member === "swift" ? answer.swift : JSON.stringify(answer.settings, null, 2);
    const how = await this.copy(text, what);
    const copied = member === "swift" ? "the Swift declarations" : "the settings file";
    this.say(how === "clipboard" ? `Copied ${copied}.` : `Press Ctrl+C to copy the selected ${what}.`, "done");
  }

  async copy(text, what) {
    this.box.hidden = false;
    this.field.dataset.kind = what;
    // Every line shows whole: a long one wraps rather than running out of sight.
    this.field.wrap = "soft";
    const how = await copyText(text, this.field);
    this.fitHeight();
    this.label.textContent = how === "clipboard" ? `Copied ${what}` : `${what}: press Ctrl+C (⌘C) to copy`;
    return how;
  }

  // Tall enough for the text (borders included), up to 16 whole lines: no line cut at the foot.
  fitHeight() {
    const field = this.field;
    field.style.height = "auto";
    const chrome = field.offsetHeight - field.clientHeight;
    const style = getComputedStyle(field);
    const lineHeight = parseFloat(style.lineHeight) || 17;
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    field.style.height = `${Math.min(field.scrollHeight, 16 * lineHeight + padding) + chrome}px`;
  }

  say(text, state) {
    this.status.textContent = text;
    this.status.dataset.state = state;
  }
}
