// The phone frame's rules (deviceframe.js): which device frames a design, what each device's frame
// draws (the top's cut-out, the home indicator, the sizes in points), and the link's `frame=1`.

import assert from "node:assert/strict";
import { test } from "node:test";

const { frameDevice, frameShape, isFramed, withFrame } = await import("../../public/js/ui/deviceframe.js");
const { SCHEMA } = await import("../../public/js/generated/schema.js");

const byId = (id) => SCHEMA.devices.find((device) => device.id === id);

test("the device a design is as wide as frames it; another width takes the nearest device", () => {
  assert.equal(frameDevice({ viewport: { width: 393, height: 180 } }), byId("iphone-16"));
  assert.equal(frameDevice({ viewport: { width: 360, height: 759 } }), byId("android-compact"));
  assert.equal(frameDevice({ viewport: { width: 380, height: 180 } }), byId("iphone-se"));
  assert.equal(frameDevice({ viewport: { width: 2000, height: 180 } }), byId("ipad"));
  assert.equal(frameDevice(null), SCHEMA.devices[0]);
});

test("each device's frame: an island over a tall top safe area, a home indicator over a bottom one", () => {
  const iphone = frameShape(byId("iphone-16"));
  assert.equal(iphone.kind, "island");
  assert.equal(iphone.hasHomeIndicator, true);
  assert.equal(iphone.sizes["--frame-safe-top"], 59);
  assert.equal(iphone.sizes["--frame-safe-bottom"], 34);
  assert.equal(iphone.sizes["--frame-outer-h"], 852 + 2 * 14);
  const se = frameShape(byId("iphone-se"));
  assert.equal(se.kind, "button");
  assert.equal(se.hasHomeIndicator, false);
  assert.equal(se.sizes["--frame-radius"], 0);
  const android = frameShape(byId("android-compact"));
  assert.equal(android.kind, "camera");
  assert.equal(android.hasHomeIndicator, true);
  for (const device of SCHEMA.devices) {
    const { sizes } = frameShape(device);
    assert.equal(sizes["--frame-w"], device.width);
    assert.ok(sizes["--frame-outer-w"] > device.width && sizes["--frame-outer-h"] > device.height);
  }
});

test("frame=1 asks for the frame; the address keeps or drops it", () => {
  assert.equal(isFramed(new URLSearchParams("view=device&frame=1")), true);
  assert.equal(isFramed(new URLSearchParams("view=device&frame=0")), false);
  assert.equal(isFramed(new URLSearchParams("view=device")), false);
  const url = "http://127.0.0.1:8080/?session=s&view=device";
  assert.equal(new URL(withFrame(url, true)).searchParams.get("frame"), "1");
  assert.equal(new URL(withFrame(withFrame(url, true), false)).searchParams.has("frame"), false);
});
