"""No server, still a carousel: the page opened from a static file server, or left by its server,
runs the carousel in the browser with the engine module, says so, refuses what needs a server with
why, and joins the server as soon as one answers."""

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from conftest import PHONE, ROOT, Server
from page_helpers import drag, look, new_session, wait_idle_at
from playwright.sync_api import expect

BANNER = "Running in your browser; sharing, recording and the phone need the server."


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


@pytest.fixture
def static_site():
    """public/ on a plain static file server (what `python3 -m http.server` gives), on port 0."""
    handler = functools.partial(QuietHandler, directory=str(ROOT / "public"))
    site = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{site.server_address[1]}/"
    site.shutdown()
    site.server_close()


# Where each drawn slot starts on screen, left to right.
SLOT_LEFTS = (
    "() => [...document.querySelectorAll('.slot:not([hidden])')].map(e => e.getBoundingClientRect().left).sort((a, b) => a - b)"
)


def test_from_a_static_file_server_the_carousel_runs_in_the_browser_and_says_so(static_site, open_page):
    page = open_page(static_site + "?preset=coverflow", viewport={"width": 1280, "height": 800})
    expect(page.locator("#browser-only")).to_be_visible()
    expect(page.locator("#browser-only")).to_have_text(BANNER)
    expect(page.locator("#connection")).to_have_text("in your browser")
    # The link's preset with its bundled banners, drawn from the engine in the page.
    expect(page.locator("#carousel")).to_have_attribute("data-count", "5")
    assert page.evaluate("() => document.querySelectorAll('.slot:not([hidden]) .title').length") >= 3
    expect(page.locator("#setting-spacing")).to_have_value("10")
    wait_idle_at(page, 0)
    # A drag, the buttons and the keys move it, as on a server.
    drag(page, -220, 200, 12)
    wait_idle_at(page, 1)
    page.click("#next")
    wait_idle_at(page, 2)
    page.focus("#carousel")
    page.keyboard.press("ArrowLeft")
    wait_idle_at(page, 1)
    # A setting applies at once; what needs a server says so and changes nothing.
    before = page.evaluate(SLOT_LEFTS)
    page.fill("#setting-spacing", "30")
    page.dispatch_event("#setting-spacing", "change")
    page.wait_for_function(f"before => JSON.stringify(({SLOT_LEFTS})()) !== JSON.stringify(before)", arg=before)
    expect(page.locator("#setting-spacing")).to_have_value("30")
    page.click("#record")
    expect(page.locator(".notice.error", has_text="Recording needs the server")).to_be_visible()
    wait_idle_at(page, 1)
    look(page, "without-server.png")


def test_on_a_phone_from_a_static_file_server_a_swipe_moves_it(static_site, open_page):
    page = open_page(static_site + "?view=device", **PHONE)
    expect(page.locator("#browser-only")).to_be_attached()
    wait_idle_at(page, 0)
    box = page.locator("#viewport").bounding_box()
    y = box["y"] + box["height"] / 2
    client = page.context.new_cdp_session(page)
    points = [box["x"] + box["width"] * 0.8 - step * 20 for step in range(12)]
    client.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": points[0], "y": y}]})
    for x in points[1:]:
        client.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    client.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_idle_at(page, 1)


def test_left_by_its_server_the_page_goes_on_alone_and_joins_the_server_when_it_is_back(open_page):
    first = Server().start()
    port = first.port
    session = new_session("gone")
    page = open_page(first.url(f"?session={session}&preset=paged"))
    wait_idle_at(page, 0)
    page.click("#next")
    wait_idle_at(page, 1)
    first.stop()
    # The carousel on screen goes on in the page, on the item it showed.
    expect(page.locator("#browser-only")).to_be_visible()
    expect(page.locator("#connection")).to_have_text("in your browser")
    wait_idle_at(page, 1)
    page.click("#next")
    wait_idle_at(page, 2)
    # A server on the same address: the page joins it (its session made afresh from the page's link).
    second = Server(port=port).start()
    try:
        expect(page.locator("#browser-only")).to_be_hidden(timeout=20000)
        expect(page.locator("#connection")).to_have_text("live")
        page.click("#next")
        received = [m for m in open_page.received(page) if m["type"] in ("frame", "engine")]
        assert received, "the page gets the new server's frames, or its engine's calls"
        expect(page.locator("#carousel")).to_have_attribute("data-phase", "idle")
    finally:
        second.stop()


def test_a_count_of_bundled_items_is_made_in_the_page_as_the_server_makes_it(server, open_page):
    page = open_page(server.url(f"?session={new_session('count')}&items=12"))
    welcome = next(m for m in open_page.received(page) if m["type"] == "welcome")
    made = page.evaluate("""async () => {
        const { cycledItems, loadCatalogs } = await import('/js/session/browsercatalogs.js');
        return cycledItems((await loadCatalogs()).banners, 12);
    }""")
    assert made == welcome["items"]


def test_without_a_server_or_the_engine_module_the_page_says_why(static_site, open_page):
    def missing(page):
        page.route("**/carousel-core.wasm", lambda route: route.fulfill(status=404, body="gone"))

    page = open_page(static_site, prepare=missing, drawn=False)
    expect(
        page.locator(".notice.error", has_text="cannot run in this browser alone: the engine module answered 404")
    ).to_be_visible()
    expect(page.locator("#browser-only")).to_be_hidden()
    expect(page.locator("#connection")).to_contain_text("offline")
