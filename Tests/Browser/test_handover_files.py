"""A web handover draws the session's items as the preview does, opened as a developer would: each
framework's file written by `carousel-preview handover --out`, served beside its images/ folder and
run in Chromium on a page with one `.tuned-carousel`. The libraries themselves are not on a CI
machine (the parity run, `make handover-parity`, drives them); here each bare import is an empty
stand-in, as all that is checked is the file's own markup and CSS: every item is drawn with its
title, its subtitle, a product's price and badge, its image loaded (none on a text card), at the
item size the preview draws where the file's CSS sets it. The screenshots are in Tests/Browser/output/handover-*.png."""

import functools
import http.server
import json
import pathlib
import subprocess
import threading

import pytest
from conftest import BINARY, OUTPUT

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEMPLATES = {
    "banner": {"preset": "banner"},
    "product": {"preset": "strip", "template": "product", "content": "products", "itemWidth": 150, "itemsPerPage": 2},
    "text": {"preset": "strip", "template": "text", "direction": "rtl", "itemWidth": 200},
}
FILES = {"swiper": "tuned-carousel.swiper.js", "embla": "tuned-carousel.embla.js", "splide": "tuned-carousel.splide.js"}
# Each bare import of the files, as a module that does nothing: the library's part is the parity run's.
STAND_INS = {
    "swiper": "export default class Swiper { constructor() { this.snapGrid = [0]; } }",
    "swiper/modules": "export const Autoplay = {}, EffectCoverflow = {}, FreeMode = {};",
    "embla-carousel": "export default function EmblaCarousel() { return {}; }",
    "embla-carousel-autoplay": "export default function Autoplay() { return { name: 'autoplay' }; }",
    "@splidejs/splide": "export default class Splide { mount() { return this; } }",
}
STYLE_IMPORTS = ["swiper/css", "@splidejs/splide/css"]


def written(tmp_path, template):
    settings = {"format": "carousel-preview/settings", "version": 1, "config": TEMPLATES[template], "itemCount": 4}
    (tmp_path / "settings.json").write_text(json.dumps(settings))
    out = tmp_path / "site"
    done = subprocess.run([BINARY, "handover", str(tmp_path / "settings.json"), "--out", str(out), "--public",
                           str(ROOT / "public")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    imports = {}
    for number, name in enumerate([*STAND_INS, *STYLE_IMPORTS]):
        (out / f"stand-in-{number}.js").write_text(STAND_INS.get(name, ""))
        imports[name] = f"./stand-in-{number}.js"
    for library, file in FILES.items():
        (out / f"{library}.html").write_text(
            '<!doctype html><html><head><meta charset="utf-8">'
            f'<script type="importmap">{json.dumps({"imports": imports})}</script></head>'
            '<body style="margin:0;padding:20px"><div class="tuned-carousel"></div>'
            f'<script type="module">import("./{file}").then(() => {{ window.loaded = "ok"; }},'
            ' (error) => { window.loaded = String(error); });</script></body></html>'
        )
    return out, settings


@pytest.fixture
def site(tmp_path):
    servers = []

    def serve(template):
        (tmp_path / template).mkdir()
        folder, _ = written(tmp_path / template, template)
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
        handler.log_message = lambda *args: None
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}", folder

    yield serve
    for server in servers:
        server.shutdown()


ITEMS = """() => [...document.querySelectorAll('.tuned-carousel .tuned-item')].map((item) => {
  const shown = (selector) => { const e = item.querySelector(selector);
    return e && getComputedStyle(e).display !== 'none' ? e.textContent : null; };
  const image = item.querySelector('img');
  const box = item.getBoundingClientRect();
  return { title: shown('.tuned-title'), subtitle: shown('.tuned-subtitle'), price: shown('.tuned-price'),
           badge: shown('.tuned-badge'), width: box.width, height: box.height,
           image: image ? { loaded: image.complete && image.naturalWidth > 0,
                            shown: getComputedStyle(image).display !== 'none' } : null };
})"""


@pytest.mark.parametrize("template", TEMPLATES)
@pytest.mark.parametrize("library", FILES)
def test_the_file_draws_every_item_of_its_template(site, browser, template, library):
    url, folder = site(template)
    page = browser.new_page(viewport={"width": 900, "height": 420})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{url}/{library}.html")
    page.wait_for_function("() => window.loaded !== undefined")
    assert page.evaluate("() => window.loaded") == "ok" and errors == []
    page.wait_for_function("() => [...document.images].every((image) => image.complete)")
    drawn = page.evaluate(ITEMS)
    page.screenshot(path=str(OUTPUT / f"handover-{library}-{template}.png"))
    page.close()
    assert len(drawn) == 4
    for item in drawn:
        assert item["title"], item
        assert item["subtitle"], item
        if template == "product":
            assert item["price"], item
            # Swiper's and Embla's slides take their size from the file's CSS; Splide sets it itself
            # (fixedWidth), which the parity run measures.
            if library != "splide":
                assert (item["width"], item["height"]) == (150, 180), item
        else:
            assert item["price"] is None, item
        if template == "text":
            assert item["image"] is None or not item["image"]["shown"], item
        else:
            assert item["image"] and item["image"]["loaded"] and item["image"]["shown"], item
    if template == "product":
        assert any(item["badge"] for item in drawn), "the bundled products have badges"
