// An item's image as the page fetches it (itemspanel.js): only what the schema's rule takes, the
// same examples the server's own test reads (Tests/Fixtures/item-images.json), so the page's check
// and the server's cannot drift apart.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const { imageAddress } = await import("../../public/js/items/itemspanel.js");
const { SCHEMA } = await import("../../public/js/generated/schema.js");

const fixture = JSON.parse(readFileSync(new URL("../Fixtures/item-images.json", import.meta.url), "utf8"));
const address = imageAddress("team a");

test("the schema's pattern takes the fixture's valid images and none of its invalid ones", () => {
  const pattern = new RegExp(SCHEMA.images.pattern);
  for (const good of fixture.valid) assert.ok(pattern.test(good), JSON.stringify(good));
  for (const bad of fixture.invalid) assert.ok(!pattern.test(bad), JSON.stringify(bad));
});

test("a bundled file is fetched as it is, an upload at the session's /media/, anything else not at all", () => {
  assert.equal(address("banners/spring-sale.svg"), "banners/spring-sale.svg");
  assert.equal(address("/products/monstera.svg"), "/products/monstera.svg");
  const hash = "0123456789abcdef".repeat(4);
  assert.equal(address(`media:${hash}`), `media/${hash}?session=team%20a`);
  for (const bad of fixture.invalid) assert.equal(address(bad), "", JSON.stringify(bad));
  for (const odd of ["", null, 7, { src: "x" }]) assert.equal(address(odd), "", JSON.stringify(odd));
});
