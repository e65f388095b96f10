// "Download settings": the session's settings file (the server's export) with the images its own
// items show put in it, each as base64 under its SHA-256 (`"images":{"HASH":"BASE64"}`), so the
// file alone is the carousel: `carousel-preview serve --config FILE` shows it, images and all, on a
// restarted or another server. The images are read back from this session's /media/.

import { SCHEMA } from "../generated/schema.js";

// `bytes` (a Uint8Array) as base64, a slice at a time (one String.fromCharCode call per slice).
export function toBase64(bytes) {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

// The uploaded images `items` show: their SHA-256 names, once each.
export function mediaNames(items) {
  const scheme = SCHEMA.images.scheme;
  const names = items.map((item) => item.image).filter((image) => typeof image === "string" && image.startsWith(scheme));
  return [...new Set(names.map((image) => image.slice(scheme.length)))];
}

// The settings file with its images, as text; `imageURL(image)` says where an item's image is.
export async function settingsWithImages(settings, imageURL) {
  const file = { ...settings };
  const names = mediaNames(settings.items ?? []);
  if (names.length === 0) return JSON.stringify(file, null, 2);
  file.images = {};
  for (const name of names) {
    const response = await fetch(imageURL(SCHEMA.images.scheme + name));
    if (!response.ok) throw new Error(`an image is no longer on the server (${name.slice(0, 12)}…)`);
    file.images[name] = toBase64(new Uint8Array(await response.arrayBuffer()));
  }
  return JSON.stringify(file, null, 2);
}

// Offers `content` (text or a Blob) as a file named `fileName`, as a link's download would.
export function offerDownload(content, fileName, type = "application/json") {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}
