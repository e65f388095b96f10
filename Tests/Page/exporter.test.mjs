// The export's answer as the page keeps it (settings/exporter.js): the framework files whole, and the
// images the files name only where their zip name stays inside images/ (a hostile server's "../x"
// or absolute name never reaches the archive).

import assert from "node:assert/strict";
import { test } from "node:test";

import { Exporter } from "../../public/js/settings/exporter.js";

function answered(message) {
  const exporter = new Exporter(() => true);
  const answer = exporter.request();
  exporter.receive({ swift: "", configure: {}, settings: { config: {} }, ...message });
  return answer;
}

test("images inside images/ are kept, others dropped, and a server without images gives none", async () => {
  const images = [
    { file: "images/spring-sale.svg", source: "banners/spring-sale.svg" },
    { file: "images/../../etc/passwd", source: "banners/a.svg" },
    { file: "/images/a.png", source: "banners/a.png" },
    { file: "images/sub/a.png", source: "banners/a.png" },
    { file: "images/upload-0123456789ab.png", source: 7 },
    null,
  ];
  assert.deepEqual((await answered({ images })).images, [images[0]]);
  assert.deepEqual((await answered({})).images, []);
});
