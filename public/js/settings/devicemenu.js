// The device menu: the design's size from a real device (the schema's `devices`, written once in the
// server's Device table). A horizontal carousel takes the device's width (its height is the
// banner's, a design choice); a vertical feed fills the screen between the safe areas, so it takes
// the height between them too. The menu shows the device whose size the session has, or "Custom
// size", and says the device's screen and safe areas under it.

import { SCHEMA } from "../generated/schema.js";

const CUSTOM = "custom";

// The device a configuration's viewport is sized for, or undefined.
export function deviceOf(config) {
  const { width, height } = config.viewport;
  const vertical = config.axis === "vertical";
  return SCHEMA.devices.find((device) => device.width === width && (!vertical || safeHeight(device) === height));
}

export function safeHeight(device) {
  return device.height - device.safeArea.top - device.safeArea.bottom;
}

// What picking `device` sends for a carousel along `axis`.
export function viewportFor(device, axis) {
  return axis === "vertical" ? { width: device.width, height: safeHeight(device) } : { width: device.width };
}

export function describeDevice(device) {
  const { top, bottom } = device.safeArea;
  return `${device.width} × ${device.height} pt screen; safe areas ${top} pt at the top, ${bottom} pt at the bottom`;
}

export class DeviceMenu {
  // `select`: the menu; `note`: the line under it; `send(message)`: to the session.
  constructor(select, note, { send }) {
    Object.assign(this, { select, note, axis: "horizontal" });
    const custom = new Option("Custom size", CUSTOM);
    select.replaceChildren(custom, ...SCHEMA.devices.map((device) => new Option(`${device.name}, ${device.width} pt`, device.id)));
    select.addEventListener("change", () => {
      const device = SCHEMA.devices.find((candidate) => candidate.id === select.value);
      if (device) send({ type: "configure", config: { viewport: viewportFor(device, this.axis) } });
    });
  }

  update(config) {
    this.axis = config.axis;
    const device = deviceOf(config);
    this.select.value = device ? device.id : CUSTOM;
    this.note.textContent = device ? describeDevice(device) : `${config.viewport.width} × ${config.viewport.height} pt: no device of the list`;
  }
}
