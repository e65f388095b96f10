// The phone frame of the true-size view, an option (off unless the link says `frame=1`, or its
// switch is turned on): a rounded body, a dynamic island (or a camera dot) at the top and a home
// indicator at the bottom, drawn by style.css around the design. The frame is the chosen device's
// (the schema's `devices`: the one the design is as wide as, else the nearest by width), its screen
// that device's size, and its safe areas stay clear: the carousel starts below the top one (the
// status bar, the island) and nothing is drawn in the bottom one (the home indicator's).

import { SCHEMA } from "../generated/schema.js";

export const FRAME_PARAM = "frame";

export const isFramed = (params) => params.get(FRAME_PARAM) === "1";

// `url` with the frame asked for, or not.
export function withFrame(url, isOn) {
  const framed = new URL(url);
  if (isOn) framed.searchParams.set(FRAME_PARAM, "1");
  else framed.searchParams.delete(FRAME_PARAM);
  return framed.href;
}

// The device whose frame a carousel of `config` is drawn in: the one as wide as its design, else the
// nearest by width (the first of equals); a vertical design is as wide as its device too.
export function frameDevice(config) {
  const width = config?.viewport?.width;
  if (!Number.isFinite(width)) return SCHEMA.devices[0];
  const distance = (device) => Math.abs(device.width - width);
  return SCHEMA.devices.reduce((best, device) => (distance(device) < distance(best) ? device : best));
}

// Bezels around the screen, in points: a phone with a home button (no bottom safe area and a bare
// status bar at the top) has a forehead and a chin for it, the rest a thin even edge.
const EDGE = 14;
const FOREHEAD = 72;

// What style.css draws for `device`: the top's cut-out ("island" where the top safe area is an
// island's, 44 pt or more; "button" for a phone with a home button; a camera dot otherwise), whether
// a home indicator shows (where a bottom safe area keeps room for it), and every size in points.
export function frameShape(device) {
  const { top, bottom } = device.safeArea;
  const kind = top >= 44 ? "island" : bottom === 0 ? "button" : "camera";
  const edgeY = kind === "button" ? FOREHEAD : EDGE;
  // Screen corners: an island phone's are wide, a home-button phone's square, the rest between.
  const radius = { island: 55, camera: 28, button: 0 }[kind];
  return {
    kind,
    hasHomeIndicator: bottom > 0,
    sizes: {
      "--frame-w": device.width,
      "--frame-h": device.height,
      "--frame-safe-top": top,
      "--frame-safe-bottom": bottom,
      "--frame-edge-x": EDGE,
      "--frame-edge-y": edgeY,
      "--frame-radius": radius,
      "--frame-outer-w": device.width + 2 * EDGE,
      "--frame-outer-h": device.height + 2 * edgeY,
    },
  };
}

export class DeviceFrame {
  // `root`: the document's element (style.css reads its marks); `toggle`: the view's switch;
  // `isOn`: whether the link asked for the frame.
  constructor({ root, toggle, isOn }) {
    Object.assign(this, { root, toggle, config: null });
    toggle.checked = isOn;
    toggle.addEventListener("change", () => {
      this.draw();
      // The address keeps the choice, so a reload or a copied link shows the same.
      history.replaceState(history.state, "", withFrame(location.href, toggle.checked));
    });
  }

  // The carousel's configuration: the frame takes its device's shape.
  show(config) {
    this.config = config;
    this.draw();
  }

  draw() {
    const { root, toggle } = this;
    if (!toggle.checked) {
      delete root.dataset.frame;
      delete root.dataset.frameHome;
      return;
    }
    const shape = frameShape(frameDevice(this.config));
    for (const [name, value] of Object.entries(shape.sizes)) root.style.setProperty(name, String(value));
    root.dataset.frame = shape.kind;
    if (shape.hasHomeIndicator) root.dataset.frameHome = "";
    else delete root.dataset.frameHome;
  }

  // `url` as the address bar keeps it: the frame's choice with it.
  address(url) {
    return withFrame(url, this.toggle.checked);
  }
}
