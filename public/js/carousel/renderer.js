// Draws the latest frame with exactly one element per engine slot. A single
// requestAnimationFrame loop applies transforms, skipping those that did not change; a slot's
// content is replaced only when the engine recycles it to another item.

import { drawSafely } from "./drawguard.js";
import { elementAt } from "../ui/lookup.js";
import { MARKUP, drawnKind, itemText, slotKind, slotLook } from "./slotmarkup.js";
import { placeText } from "./pagercount.js";

const isLength = (value) => Number.isFinite(value) && value > 0;
// How a uniform layout's items are drawn (style.css styles each); anything else draws as a banner.
const TEMPLATES = ["banner", "product", "text"];

export class Renderer {
  // `margin`: what the stage keeps free beside the carousel (none in the true-size view).
  // `imageURL(image)`: where an item's `image` is fetched from (an uploaded one's `media:` name
  // becomes the session's /media/ address).
  constructor({ carousel, viewport, dots, counter, stage, margin = 24, imageURL = (image) => image }) {
    this.margin = margin;
    this.imageURL = imageURL;
    this.carousel = carousel;
    this.viewport = viewport;
    this.dots = dots;
    this.counter = counter;
    this.stage = stage;
    this.emptyState = carousel.querySelector(".empty-state");
    this.slots = new Map();
    this.items = [];
    this.itemsVersion = 0;
    this.config = null;
    this.frame = null;
    this.dirty = false;
    this.scale = 1;
    // Sizing is drawing too, and runs on the observer's own schedule: guarded the same way.
    new ResizeObserver(() => drawSafely("carousel", () => this.fit())).observe(stage);
    // The next frame is asked for before this one draws, and a frame that throws is reported and
    // skipped: data the page cannot draw never stops the drawing of what comes after it.
    // What asked to run just before the next draw (a page drawing from the engine stream makes
    // its frame there, so it is painted in the same display frame, not the next).
    this.beforeDraw = [];
    const loop = () => {
      requestAnimationFrame(loop);
      const due = this.beforeDraw;
      this.beforeDraw = [];
      for (const callback of due) drawSafely("carousel", callback);
      if (this.dirty) drawSafely("carousel", () => this.draw());
    };
    requestAnimationFrame(loop);
  }

  // Runs `callback` once, at the start of the next display frame, before the carousel is drawn.
  nextFrame(callback) {
    this.beforeDraw.push(callback);
  }

  setConfig(config) {
    this.config = config;
    // The stylesheet lets the browser pan across this axis (touch-action), so a swipe across the
    // carousel scrolls the page.
    this.viewport.dataset.axis = config.axis === "vertical" ? "vertical" : "horizontal";
    // Which way the content reads (the wheel's edges depend on it); the engine already mirrors the
    // slots' x in a right-to-left carousel, so the drawing does not.
    this.viewport.dataset.direction = config.direction === "rtl" ? "rtl" : "ltr";
    // Captions read in the carousel's direction: right-aligned and bidirectional text laid out from
    // the right in right-to-left (positions stay the engine's, which mirrors them itself).
    this.viewport.dir = this.viewport.dataset.direction;
    this.viewport.dataset.template = TEMPLATES.includes(config.template) ? config.template : "banner";
    // How an item's image fills it and how round its corners are: drawing alone, the engine lays out rectangles.
    const look = slotLook(config);
    this.viewport.style.setProperty("--image-fit", look.fit);
    this.viewport.style.setProperty("--slot-radius", look.radius);
    this.fit();
    this.dirty = true;
  }

  setItems(items) {
    this.items = items;
    this.itemsVersion += 1;
    this.dirty = true;
  }

  setFrame(frame) {
    this.frame = frame;
    this.dirty = true;
    // Plain attributes for automation and styling: what the carousel shows right now (at once, not
    // at the next paint).
    const data = this.carousel.dataset;
    data.index = String(frame.index);
    data.count = String(frame.count);
    data.phase = frame.phase;
    data.autoscroll = frame.autoscroll.state;
    data.time = String(frame.time);
    data.offset = String(frame.offset); // exactly: a number's shortest text reads back to its bits
    this.emptyState.hidden = frame.count > 0;
  }

  // Scales the viewport down to fit narrow windows; pointer positions are divided by the same scale.
  // A viewport whose sides are not lengths (no configuration the server sends) leaves it as it was.
  fit() {
    if (!this.config) return;
    const { width, height } = this.config.viewport ?? {};
    if (!isLength(width) || !isLength(height)) return;
    const available = Math.max(120, this.stage.clientWidth - this.margin);
    this.scale = Math.min(1, available / width);
    this.viewport.style.width = `${width}px`;
    this.viewport.style.height = `${height}px`;
    this.viewport.style.transform = this.scale === 1 ? "" : `scale(${this.scale})`;
    this.carousel.style.width = `${width * this.scale}px`;
    this.carousel.style.height = `${height * this.scale}px`;
  }

  // Converts a pointer event's client position to viewport points.
  toViewport(event) {
    const rect = this.viewport.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / this.scale, y: (event.clientY - rect.top) / this.scale };
  }

  itemAt(point) {
    if (!this.frame) return null;
    for (const slot of this.frame.slots) {
      if (slot.item === null) continue;
      if (point.x >= slot.x && point.x < slot.x + slot.width && point.y >= slot.y && point.y < slot.y + slot.height) {
        return elementAt(this.items, slot.item) ?? null;
      }
    }
    return null;
  }

  draw() {
    this.dirty = false;
    const frame = this.frame;
    if (!frame || !this.config) return;
    this.ensureSlots(frame.slots);
    const viewportWidth = this.config.viewport.width;
    const viewportHeight = this.config.viewport.height;
    for (const state of frame.slots) {
      const slot = this.slots.get(state.id);
      if (state.item !== slot.item || slot.itemsVersion !== this.itemsVersion) {
        this.fill(slot, state.item, frame.count);
      }
      if (state.item === null) continue;
      // Like the article's SwiftUI carousel, off-centre items shrink across the axis only (0.8 of
      // the height), about their centre line; resizing instead of scaling keeps text undistorted.
      const horizontal = this.config.axis !== "vertical";
      const width = horizontal ? state.width : state.width * state.scale;
      const height = horizontal ? state.height * state.scale : state.height;
      const x = state.x + (state.width - width) / 2;
      const y = state.y + (state.height - height) / 2;
      const transform = `translate3d(${x}px, ${y}px, 0)`;
      if (transform !== slot.transform) {
        slot.element.style.transform = transform;
        slot.transform = transform;
      }
      const size = `${width}x${height}`;
      if (size !== slot.size) {
        slot.element.style.width = `${width}px`;
        slot.element.style.height = `${height}px`;
        slot.size = size;
      }
      const offscreen =
        state.x + state.width <= 0 || state.x >= viewportWidth || state.y + state.height <= 0 || state.y >= viewportHeight;
      if (offscreen !== slot.offscreen) {
        slot.element.setAttribute("aria-hidden", String(offscreen));
        slot.offscreen = offscreen;
      }
    }
    this.drawPager(frame);
  }

  // One element per slot id; a slot's markup follows its kind (banner, or the feed's photo and
  // text cards), so an element is rebuilt only if the engine gives its id to another kind.
  ensureSlots(states) {
    for (const state of states) {
      const kind = slotKind(state);
      const existing = this.slots.get(state.id);
      if (existing && existing.kind === kind) continue;
      if (existing) existing.element.remove();
      const element = document.createElement("div");
      // The class is the markup's kind (the stylesheet's), never the frame's text as it came.
      element.className = `slot ${drawnKind(kind)}`;
      element.dataset.slot = String(state.id);
      element.dataset.kind = kind;
      element.setAttribute("role", "group");
      element.setAttribute("aria-roledescription", "slide");
      element.innerHTML = MARKUP.get(drawnKind(kind));
      // An image that does not load (a link's or a recording's, from a server that has it) is said.
      element.querySelector("img")?.addEventListener("error", () => element.classList.add("image-missing"));
      this.viewport.append(element);
      this.slots.set(state.id, {
        kind,
        element,
        image: element.querySelector("img"),
        title: element.querySelector(".title"),
        subtitle: element.querySelector(".subtitle"),
        caption: element.querySelector(".caption"),
        price: element.querySelector(".price"),
        badge: element.querySelector(".badge"),
        meta: element.querySelector(".meta"),
        item: undefined,
        itemsVersion: -1,
        transform: "",
        size: "",
        offscreen: undefined,
      });
    }
    // A slot the frame no longer has goes (ids are 0 to n - 1, but a frame may say otherwise: any
    // id not in it, not only those past its length, would be left on screen).
    const ids = new Set(states.map((state) => state.id));
    for (const [id, slot] of this.slots) {
      if (!ids.has(id)) {
        slot.element.remove();
        this.slots.delete(id);
      }
    }
  }

  fill(slot, itemIndex, count) {
    // Not filled until the content is in: a fill that throws half-way is tried again by the next
    // frame rather than kept.
    slot.itemsVersion = -1;
    const item = elementAt(this.items, itemIndex);
    slot.element.hidden = item == null;
    slot.element.dataset.item = itemIndex === null ? "" : String(itemIndex);
    if (!item) {
      slot.element.setAttribute("aria-hidden", "true");
      slot.offscreen = true;
      this.filled(slot, itemIndex);
      return;
    }
    // The items stay until the next catalog: one member the page cannot show would otherwise spoil
    // every frame until then, so each is read as text the same careful way.
    const image = typeof item.image === "string" ? item.image : ""; // a number is no address
    const title = itemText(item.title);
    if (slot.image) {
      const source = image ? this.imageURL(image) : "";
      slot.image.hidden = !source;
      if (source && slot.image.getAttribute("src") !== source) {
        slot.element.classList.remove("image-missing");
        slot.image.setAttribute("src", source);
      }
    }
    slot.title.textContent = title;
    const subtitle = itemText(item.subtitle);
    slot.subtitle.textContent = subtitle;
    if (slot.caption) {
      const price = itemText(item.price);
      const badge = itemText(item.badge);
      slot.price.textContent = price;
      slot.price.hidden = !price;
      slot.badge.textContent = badge;
      slot.badge.hidden = !badge;
      // No words, no caption: its shade would only darken the image.
      slot.caption.hidden = !title && !subtitle && !price;
    }
    // The feed's cards end with a line naming the card, so where one ends is plain to see.
    const height = Number.isFinite(item.height) && item.height > 0 ? ` · ${item.height} pt` : "";
    if (slot.meta) slot.meta.textContent = `${itemIndex + 1} of ${count} · ${itemText(item.kind) || "card"}${height}`;
    slot.element.setAttribute("aria-label", `${itemIndex + 1} of ${count}${title ? `: ${title}` : ""}`);
    this.filled(slot, itemIndex);
  }

  // The slot shows item `itemIndex` of the current items: it is filled again only when that changes.
  filled(slot, itemIndex) {
    slot.item = itemIndex;
    slot.itemsVersion = this.itemsVersion;
  }

  drawPager(frame) {
    // The counter counts what the dots count: pages when a page holds several items.
    this.counter.textContent = placeText(frame);
    // Dots help with a handful of items; beyond a dozen the counter says it better. Each is a button
    // to its item (navigation.js listens); the current one says so. With several items a page the
    // frame names the page on screen (`page`), and a dot goes to its page's first item.
    const pages = frame.page ?? { index: frame.index, count: frame.count };
    const perPage = frame.page ? (this.config?.itemsPerPage ?? 1) : 1;
    const dotCount = pages.count <= 12 ? pages.count : 0;
    if (this.dots.childElementCount !== dotCount || this.dotsPerPage !== perPage) {
      this.dots.replaceChildren(...Array.from({ length: dotCount }, (_, index) => dotButton(index, dotCount, perPage)));
      this.dotsPerPage = perPage;
    }
    Array.from(this.dots.children).forEach((dot, index) => {
      const isCurrent = index === pages.index;
      dot.classList.toggle("current", isCurrent);
      if (isCurrent) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
  }
}

function dotButton(index, count, perPage) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.index = String(index * perPage);
  button.setAttribute("aria-label", perPage > 1 ? `Go to page ${index + 1} of ${count}` : `Go to ${index + 1} of ${count}`);
  return button;
}
