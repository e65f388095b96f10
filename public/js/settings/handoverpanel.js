// The Export panel's code for the frameworks teams ship: pick a target by name (SwiftUI, UIKit,
// Compose, Flutter, Swiper, Embla, Splide or this engine's Swift) and see its file, with where that
// framework differs from the preview; copy it, or download every target's file as one zip. The
// files are the server's (`export`'s `handover`, from the one mapping table); the choice of target
// is remembered on this device. While the code is open it follows the configuration.

import { SCHEMA } from "../generated/schema.js";
import { offerDownload } from "./settingsdownload.js";
import { zipFiles } from "./zipstore.js";

const CHOICE_KEY = "carousel-preview.handover-target";
// A slider dragged sends many configs: the code is asked for once they settle.
const REFRESH_DELAY_MS = 300;

export class HandoverPanel {
  // `exporter`: asks the server (exporter.js); `copy(text, what)`: the panel's copy, which also
  // shows what was copied; `say(text, state)`: the export status; `session`: names the download;
  // `imageURL(image)`: where an item's image is fetched from.
  constructor({ exporter, copy, say, session, imageURL = (image) => image, storage = safeStorage() }) {
    Object.assign(this, { exporter, copy, say, session, imageURL, storage, answer: null, timer: 0 });
    const element = (id) => document.getElementById(id);
    Object.assign(this, {
      details: element("handover"),
      select: element("handover-target"),
      file: element("handover-file"),
      code: element("handover-code"),
      notes: element("handover-notes"),
    });
    for (const target of SCHEMA.handoverTargets) this.select.append(new Option(target.title, target.id));
    const remembered = this.storage?.getItem(CHOICE_KEY);
    if (SCHEMA.handoverTargets.some((target) => target.id === remembered)) this.select.value = remembered;
    this.select.addEventListener("change", () => {
      this.storage?.setItem(CHOICE_KEY, this.select.value);
      if (this.answer) this.render();
      else this.refresh();
    });
    this.details.addEventListener("toggle", () => this.details.open && this.refresh());
    element("copy-handover").addEventListener("click", () => this.copyCode());
    element("download-handover").addEventListener("click", () => this.downloadAll());
  }

  // Every `config`: the code on show follows it.
  configChanged() {
    this.answer = null;
    if (!this.details.open) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refresh(), REFRESH_DELAY_MS);
  }

  async refresh() {
    clearTimeout(this.timer);
    if (await this.ask()) this.render();
  }

  // The server's export, kept for the next target picked; null (said in the status) when none came.
  async ask() {
    try {
      const answer = await this.exporter.request();
      if (answer.handover.length === 0) throw new Error("this server writes no framework code");
      this.answer = answer;
      return answer;
    } catch (error) {
      this.say(`No code: ${error.message}`, "error");
      return null;
    }
  }

  render() {
    const snippet = this.chosen();
    if (!snippet) return;
    this.file.textContent = snippet.file;
    this.code.textContent = snippet.code;
    this.notes.replaceChildren(
      ...snippet.notes.map((note) => {
        const item = document.createElement("li");
        const fields = document.createElement("strong");
        fields.textContent = note.fields.join(", ");
        item.append(fields, `: ${note.text}`);
        return item;
      }),
    );
    this.notes.hidden = snippet.notes.length === 0;
    this.notes.previousElementSibling.hidden = snippet.notes.length === 0;
  }

  chosen() {
    return this.answer?.handover.find((snippet) => snippet.target === this.select.value) ?? null;
  }

  async copyCode() {
    this.say("Asking the server…", "busy");
    if (!(await this.ask())) return;
    this.render();
    const snippet = this.chosen();
    const how = await this.copy(snippet.code, snippet.title);
    this.say(how === "clipboard" ? `Copied ${snippet.file}.` : `Press Ctrl+C to copy the selected ${snippet.title} code.`, "done");
  }

  async downloadAll() {
    this.say("Asking the server…", "busy");
    const answer = await this.ask();
    if (!answer) return;
    let images;
    try {
      images = await handoverImages(answer.images ?? [], this.imageURL);
    } catch (error) {
      this.say(`No zip: ${error.message}`, "error");
      return;
    }
    const files = answer.handover.map((snippet) => ({ name: snippet.file, text: snippet.code }));
    const archive = zipFiles([...files, ...images]);
    offerDownload(archive, `carousel-code-${this.session.replace(/[^\p{L}\p{N}_.-]+/gu, "-")}.zip`, "application/zip");
    const pictures = images.length === 0 ? "" : ` and ${images.length} image${images.length === 1 ? "" : "s"}`;
    this.say(`Downloaded ${files.length} files${pictures} in a zip.`, "done");
  }
}

// Each image the files name, fetched as the carousel shows it: [{ name: "images/…", bytes }]. An
// image the server no longer has stops the zip, rather than handing over files that name a file
// the zip lacks.
export async function handoverImages(images, imageURL) {
  const files = [];
  for (const image of images) {
    const url = imageURL(image.source);
    if (!url) throw new Error(`${image.file} has no address this page can fetch`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${image.file} is no longer on the server (${response.status})`);
    files.push({ name: image.file, bytes: new Uint8Array(await response.arrayBuffer()) });
  }
  return files;
}

// localStorage, or null where the browser refuses it (a sandboxed frame, storage turned off).
function safeStorage() {
  try {
    const storage = globalThis.localStorage;
    storage.getItem(CHOICE_KEY);
    return {
      getItem: (key) => storage.getItem(key),
      setItem: (key, value) => {
        try {
          storage.setItem(key, value);
        } catch {
          // Full or refused: the choice lasts this visit only.
        }
      },
    };
  } catch {
    return null;
  }
}
