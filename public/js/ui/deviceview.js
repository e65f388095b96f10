// The true-size view (`?view=device`): the carousel alone, drawn at the design's size in CSS points
// (1:1 when the window is as wide as the design, edge to edge; centred when wider; scaled down only
// when narrower), for a phone to feel the carousel as the app will. A small overlay goes back to the
// full tool, beside the switch of its phone frame (deviceframe.js). The page keeps `view=device` (and
// `frame=1` while the frame shows) in every address it writes, so a reload stays in it.

import { DeviceFrame, isFramed } from "./deviceframe.js";

export const DEVICE_VIEW = "device";

export function isDeviceView(params) {
  return params.get("view") === DEVICE_VIEW;
}

// `url` with the view kept (or set, for the phone's link).
export function inDeviceView(url) {
  const kept = new URL(url);
  kept.searchParams.set("view", DEVICE_VIEW);
  return kept.href;
}

export function withoutDeviceView(url) {
  const plain = new URL(url);
  plain.searchParams.delete("view");
  return plain.href;
}

// Marks the page (style.css hides everything but the carousel and its dots) and shows its tools
// (`tools`: the way back and the frame's switch), the frame as the link `params` ask.
export function enterDeviceView(root, tools, params) {
  root.dataset.view = DEVICE_VIEW;
  tools.hidden = false;
  const exit = tools.querySelector("#device-exit");
  const frame = new DeviceFrame({ root, toggle: tools.querySelector("#device-frame"), isOn: isFramed(params) });
  return {
    // Each configuration, with its share link `url`: the way back opens it in the full tool, the
    // frame takes its device's shape, and the address the page keeps is returned.
    show(config, url) {
      exit.href = url;
      frame.show(config);
      return frame.address(inDeviceView(url));
    },
  };
}

// On a narrow screen the device card sticks to the top (style.css): `root`'s --device-height follows
// the card's, so what focus or a link scrolls to is kept below it and the card never hides the
// control in use.
export function keepDeviceHeight(device, root) {
  new ResizeObserver(() => root.style.setProperty("--device-height", `${device.offsetHeight}px`)).observe(device);
}
