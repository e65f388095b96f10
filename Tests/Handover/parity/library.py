"""A handover's web file run against the real library in Chromium: a page on a loopback server
(port 0) maps the file's imports to the built library (build_libs.sh), the page's clock is the run's
(virtual-time.js), a corpus take's pointer samples and wheel events are sent at their recorded times (driver.js), and
the slides are measured every 1/60 s until they keep still."""

import functools
import http.server
import json
import pathlib
import threading

from outcome import Outcome, rest_of_slots

HERE = pathlib.Path(__file__).parent
FRAME_MS = 1000 / 60
LIMIT_MS = 6000
STILL_FRAMES = 12  # 200 ms without a move and no transition under way: at rest

# What each library's bare imports are on the page: the build's entry points, and its CSS as a
# module that adds the style sheet and waits for it (a bundler's job in an app).
IMPORTS = {
    "swiper": {"swiper": "/libs/swiper/src/swiper.mjs", "swiper/modules": "/libs/swiper/modules.mjs",
               "ssr-window": "/libs/swiper/ssr-window.mjs", "swiper/css": "/css/swiper/swiper.css"},
    "embla": {"embla-carousel": "/libs/embla/embla-carousel/index.js",
              "embla-carousel-autoplay": "/libs/embla/embla-carousel-autoplay/index.js"},
    "splide": {"@splidejs/splide": "/libs/splide/dist/js/splide.esm.js",
               "@splidejs/splide/css": "/css/splide/dist/css/splide-core.min.css"},
}

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<style>html, body {{ margin: 0; }} body {{ padding: 40px; }}</style>
<script type="importmap">{imports}</script>
<script>{virtual_time}</script><script>{driver}</script>
</head><body><div class="tuned-carousel"{dir}></div>
<script type="module">window.__loaded = import('/file.js').then(() => '',
  (error) => String(error && error.stack || error));</script>
</body></html>"""

CSS_MODULE = """const link = document.createElement('link');
link.rel = 'stylesheet';
link.href = {href};
document.head.append(link);
await new Promise((resolve, reject) => {{ link.onload = resolve; link.onerror = reject; }});
"""


class Site:
    """The loopback server for one library's page; `file` is the handover file it runs."""

    def __init__(self, libs):
        self.libs = pathlib.Path(libs)
        self.page = b""
        self.file = b""
        handler = functools.partial(Handler, self)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def show(self, library, code, rtl):
        self.page = PAGE.format(
            imports=json.dumps({"imports": IMPORTS[library]}), virtual_time=(HERE / "virtual-time.js").read_text(),
            driver=(HERE / "driver.js").read_text(), dir=' dir="rtl"' if rtl else "",
        ).encode()
        self.file = code.encode()

    def close(self):
        self.server.shutdown()


class Handler(http.server.BaseHTTPRequestHandler):
    def __init__(self, site, *args, **kwargs):
        self.site = site
        super().__init__(*args, **kwargs)

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.path.split("?")[0]
        if path == "/":
            self.answer(self.site.page, "text/html")
        elif path == "/file.js":
            self.answer(self.site.file, "text/javascript")
        elif path.startswith("/css/"):
            self.answer(CSS_MODULE.format(href=json.dumps("/libs/" + path[5:])).encode(), "text/javascript")
        elif path.startswith("/libs/"):
            file = (self.site.libs / path[6:]).resolve()
            if self.site.libs.resolve() not in file.parents or not file.is_file():
                self.send_error(404)
                return
            kind = "text/css" if file.suffix == ".css" else "text/javascript"
            self.answer(file.read_bytes(), kind)
        else:
            self.send_error(404)

    def answer(self, body, kind):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def library_outcome(browser, site, library, code, steps, shape, released_at=None):
    """The `Outcome` of a take's pointer or wheel `steps` on the handover `code` for `library`; a wheel
    has no release of its own, so a wheel take's settle counts from `released_at` (the take's own
    time the preview's gesture ended at), or from its first event when the preview never moved."""
    site.show(library, code, shape["direction"] == "rtl")
    page = browser.new_page(viewport={"width": 800, "height": 600})
    try:
        page.goto(site.url)
        failed = page.evaluate("window.__loaded")
        if failed:
            raise RuntimeError(f"{library}: the file did not load: {failed}")
        start = steps[0]["message"]["t"]
        release = 0.0
        for step in steps:
            message = step["message"]
            at = message["t"] - start
            page.evaluate("(at) => window.__virtualTime.advanceTo(at)", at)
            if message["type"] == "wheel":
                page.evaluate("([dx, dy]) => window.__parity.wheel(dx, dy)", [message["dx"], message["dy"]])
                continue
            page.evaluate("([phase, x, y]) => window.__parity.dispatch(phase, x, y)",
                          [message["phase"], message["x"], message["y"]])
            if message["phase"] in ("up", "cancel"):
                release = at
        if steps[0]["message"]["type"] == "wheel":
            release = released_at - start if released_at is not None else 0.0
            # The clock on to the gesture's end (the quiet time's timer), so the wait starts there.
            page.evaluate("(at) => window.__virtualTime.advanceTo(at)", release)
        return wait_for_rest(page, release, shape)
    finally:
        page.close()


def wait_for_rest(page, release, shape):
    key_of = lambda boxes: [(box["item"], round(box["x"], 2)) for box in boxes]  # noqa: E731
    boxes = page.evaluate("window.__parity.measure()")
    previous = key_of(boxes)
    still = 0
    moved_at = release
    now = release
    while now - release < LIMIT_MS:
        now += FRAME_MS
        page.evaluate("(at) => window.__virtualTime.advanceTo(at)", now)
        boxes = page.evaluate("window.__parity.measure()")
        animating = page.evaluate("window.__virtualTime.isAnimating()")
        key = key_of(boxes)
        if key != previous:
            moved_at = now
            previous = key
            still = 0
        elif not animating:
            still += 1
            if still >= STILL_FRAMES:
                break
    width = page.evaluate("window.__parity.width()")
    count = page.evaluate("new Set([...document.querySelectorAll('[data-item]')].map((s) => s.dataset.item)).size")
    item, offset = rest_of_slots(boxes, count, width, shape)
    settled = still >= STILL_FRAMES
    return Outcome(item=item, offset=offset, settle_ms=max(0.0, moved_at - release) if settled else None)
