// A configuration's imageFit and cornerRadius become the slots' CSS (slotmarkup.js): only values the
// schema allows, anything else leaves the stylesheet's own look.

import assert from "node:assert/strict";
import { test } from "node:test";

const { slotLook } = await import("../../public/js/carousel/slotmarkup.js");
const { SCHEMA } = await import("../../public/js/generated/schema.js");

test("each preset's look: images cover, banners round 14 px, the card feed square", () => {
  for (const [name, preset] of Object.entries(SCHEMA.presets)) {
    const look = slotLook(preset.config);
    assert.equal(look.fit, "cover", name);
    assert.equal(look.radius, name === "cards" ? "0px" : "14px", name);
  }
});

test("the schema's choices and range are taken, as they are", () => {
  assert.deepEqual(slotLook({ imageFit: "contain", cornerRadius: 0 }), { fit: "contain", radius: "0px" });
  assert.deepEqual(slotLook({ imageFit: "cover", cornerRadius: 200 }), { fit: "cover", radius: "200px" });
  assert.deepEqual(slotLook({ imageFit: "cover", cornerRadius: 7.5 }), { fit: "cover", radius: "7.5px" });
});

test("a value the page cannot draw leaves the stylesheet's own", () => {
  for (const config of [
    {}, null, undefined, { imageFit: "fill", cornerRadius: -1 }, { imageFit: "constructor", cornerRadius: 200.5 },
    { imageFit: ["cover"], cornerRadius: "14" }, { imageFit: null, cornerRadius: Number.NaN },
    { cornerRadius: Infinity }, { cornerRadius: "1e3px" },
  ]) {
    assert.deepEqual(slotLook(config), { fit: "", radius: "" }, JSON.stringify(config));
  }
});
