// The items' part of the page: where an item's image is fetched from, and the uploader and editor
// wired to their elements (main.js hands in what they send with).

import { ImageUploader } from "./imageupload.js";
import { ItemEditor } from "./itemeditor.js";
import { SCHEMA } from "../generated/schema.js";

// An item's `image` as an address: a file of public/ as it is, an uploaded one (`media:HASH`) at
// session `session`'s /media/, which serves it to whoever names the session. An image outside the
// schema's rule (another host, a `data:` or `javascript:` address: the server refuses them, a file
// opened without a server need not have) is no address: "", so nothing is fetched.
const IMAGE = new RegExp(SCHEMA.images.pattern);
export function imageAddress(session) {
  const scheme = SCHEMA.images.scheme;
  return (image) => {
    if (typeof image !== "string" || !IMAGE.test(image)) return "";
    return image.startsWith(scheme) ? `media/${image.slice(scheme.length)}?session=${encodeURIComponent(session)}` : image;
  };
}

// `send(message)` and `sendBytes(bytes)`: to the session; `notice`: the status bar's.
export function itemsPanel({ send, sendBytes, notice, imageURL }) {
  const byId = (id) => document.getElementById(id);
  const uploader = new ImageUploader({ send, sendBytes, notice });
  const editor = new ItemEditor({
    list: byId("item-rows"),
    error: byId("items-editor-error"),
    addImages: byId("add-images"),
    addItem: byId("add-item"),
    send,
    imageURL,
    uploader,
  });
  return { uploader, editor };
}

// A settings file's own items, opened in this new session: its images uploaded again (the bytes are
// the same, so the items' `media:` names hold), then the items sent as the session's.
export async function restoreOpenedItems({ items, images }, { uploader, send, notice }) {
  for (const [hash, encoded] of Object.entries(images)) {
    const bytes = Uint8Array.from(atob(encoded), (character) => character.charCodeAt(0));
    const answer = await uploader.uploadBytes(bytes, `${hash.slice(0, 12)}…`);
    if (answer.type !== "image") notice(answer.message, "error");
  }
  send({ type: "configure", items });
}
