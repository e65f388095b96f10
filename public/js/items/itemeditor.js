// The session's items, edited in the page: each item's title, subtitle, price and badge, its place
// (up, down) and whether it stays; images added by dropping or picking them (imageupload.js) become
// new items. Every change sends the whole list as one `configure`, so every viewer sees it, and the
// items become the session's own (`content: own`). A list too large for one message is refused here
// with why, before it is sent.

import { SCHEMA } from "../generated/schema.js";
import { titleFromFileName } from "./imageupload.js";
import { UnconfirmedItems } from "./unconfirmeditems.js";

const FIELDS = [
  { key: "title", label: "Title" },
  { key: "subtitle", label: "Subtitle" },
  { key: "price", label: "Price" },
  { key: "badge", label: "Badge" },
];
// Rows drawn at most: a longer catalog (a link's 1000 items) is edited by its first ones.
const MOST_ROWS = 60;

// A new item's id, not taken by `items`: `stem`, then `stem-2`, `stem-3`...
export function freshId(stem, items) {
  const taken = new Set(items.map((item) => item.id));
  if (!taken.has(stem)) return stem;
  let number = 2;
  while (taken.has(`${stem}-${number}`)) number += 1;
  return `${stem}-${number}`;
}

// The items with uploaded images added at the end, each titled from its file's name.
export function withImages(items, stored) {
  const added = [...items];
  for (const image of stored) {
    const hash = image.image.slice(SCHEMA.images.scheme.length);
    added.push({ id: freshId(`image-${hash.slice(0, 8)}`, added), title: titleFromFileName(image.name), subtitle: "", image: image.image });
  }
  return added;
}

// `items` with the one at `index` moved by `step` (-1 up, 1 down), or as they were at an end.
export function moved(items, index, step) {
  const target = index + step;
  if (target < 0 || target >= items.length) return items;
  const copy = [...items];
  [copy[index], copy[target]] = [copy[target], copy[index]];
  return copy;
}

// Why `items` cannot go in one message, or null when they can.
export function tooLarge(items) {
  const bytes = new TextEncoder().encode(JSON.stringify({ type: "configure", items })).length;
  if (bytes <= SCHEMA.messageBytes) return null;
  return `These items take ${Math.ceil(bytes / 1024)} KiB; one change may send at most ${SCHEMA.messageBytes / 1024} KiB: remove some items or shorten their texts.`;
}

export class ItemEditor {
  // `list`: the rows' element; `error`: where a refusal is said; `send(message)`: to the session;
  // `imageURL(image)`: where an item's image is fetched from; `uploader`: an ImageUploader.
  constructor({ list, error, addImages, addItem, send, imageURL, uploader }) {
    Object.assign(this, { list, error, send, imageURL, uploader, items: [], sessionItems: [] });
    this.unconfirmed = new UnconfirmedItems();
    addImages.addEventListener("change", () => {
      this.addImages(Array.from(addImages.files));
      addImages.value = "";
    });
    addItem.addEventListener("click", () => this.commit([...this.items, { id: freshId("item", this.items), title: "New item", subtitle: "" }]));
  }

  // Uploads `files` and makes an item of each image the server kept: the carousel's only items
  // while it shows a bundled set (a designer's own banners replace the samples), added after the
  // others once the items are the session's own.
  async addImages(files) {
    const stored = await this.uploader.upload(files);
    if (stored.length > 0) this.commit(withImages(this.content === "own" ? this.items : [], stored));
  }

  // Sends `items` as the session's, unless they are too large for one message; the next edit builds
  // on them at once.
  commit(items) {
    const problem = tooLarge(items);
    this.error.hidden = problem === null;
    this.error.textContent = problem ?? "";
    if (problem || JSON.stringify(items) === JSON.stringify(this.items)) return;
    this.unconfirmed.sent(items);
    this.send({ type: "configure", items });
    // A list sent makes the items the session's own (as the session will say): the next images
    // picked are added after them.
    this.content = "own";
    this.draw(items);
  }

  // The session's items, as every `config` and the welcome carry them, and where they come from.
  show(items, content) {
    this.sessionItems = items;
    this.sessionContent = content;
    const current = this.unconfirmed.current(items);
    this.content = this.unconfirmed.isEmpty ? content : "own";
    this.draw(current);
  }

  // The session refused a change (or this viewer joined again): its own items stand.
  reset() {
    this.unconfirmed.forget();
    this.content = this.sessionContent;
    this.draw(this.sessionItems);
  }

  draw(items) {
    this.items = items;
    const rows = items.slice(0, MOST_ROWS);
    while (this.list.childElementCount > rows.length) this.list.lastElementChild.remove();
    rows.forEach((item, index) => {
      const row = this.list.children[index] ?? this.list.appendChild(this.row());
      this.fill(row, item, index, items.length);
    });
  }

  row() {
    const row = document.createElement("li");
    row.className = "item-row";
    const thumb = document.createElement("img");
    thumb.className = "item-thumb";
    thumb.alt = "";
    const fields = document.createElement("div");
    fields.className = "item-fields";
    for (const { key } of FIELDS) {
      const input = document.createElement("input");
      input.type = "text";
      input.className = `item-${key}`;
      input.maxLength = SCHEMA.images.itemFieldLength;
      input.addEventListener("change", () => this.edit(Number(row.dataset.index), key, input.value));
      fields.append(input);
    }
    const buttons = document.createElement("div");
    buttons.className = "item-row-buttons";
    for (const [action, text] of [["up", "↑"], ["down", "↓"], ["remove", "✕"]]) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = `item-${action}`;
      button.textContent = text;
      button.addEventListener("click", () => this.act(Number(row.dataset.index), action));
      buttons.append(button);
    }
    row.append(thumb, fields, buttons);
    return row;
  }

  fill(row, item, index, count) {
    row.dataset.index = String(index);
    row.dataset.id = item.id;
    const thumb = row.querySelector(".item-thumb");
    const source = typeof item.image === "string" && item.image ? this.imageURL(item.image) : "";
    thumb.hidden = !source;
    if (source && thumb.getAttribute("src") !== source) thumb.setAttribute("src", source);
    const number = index + 1;
    for (const { key, label } of FIELDS) {
      const input = row.querySelector(`.item-${key}`);
      input.setAttribute("aria-label", `${label} of item ${number}`);
      input.placeholder = label;
      // What is being typed stays until it is committed.
      if (document.activeElement !== input) input.value = typeof item[key] === "string" ? item[key] : "";
    }
    const label = { up: "Move item %n up", down: "Move item %n down", remove: "Remove item %n" };
    for (const [action, text] of Object.entries(label)) {
      const button = row.querySelector(`.item-${action}`);
      button.setAttribute("aria-label", text.replace("%n", String(number)));
      button.disabled = (action === "up" && index === 0) || (action === "down" && index === count - 1);
    }
  }

  edit(index, key, value) {
    const items = this.items.map((item, at) => (at === index ? { ...item, [key]: value } : item));
    this.commit(items);
  }

  act(index, action) {
    if (action === "remove") this.commit(this.items.filter((_, at) => at !== index));
    else this.commit(moved(this.items, index, action === "up" ? -1 : 1));
  }
}
