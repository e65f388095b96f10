"""What several browser tests do to the page: drag it, wait for it to rest, check its layout,
download a recording. One copy, imported by the tests."""

import json
import os
import re
import time
import uuid

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

# How public/js/carousel/drawguard.js begins what it writes when a draw loop skips a frame that threw.
DRAW_ERROR = "Could not draw a frame"

DESKTOP = {"viewport": {"width": 1100, "height": 760}}

# The device card's rows and the recorder's and replay's parts.
CARD_PARTS = [
    "#carousel",
    "#previous",
    "#dots",
    "#counter",
    "#next",
    "#pause",
    "#record",
    "#record-time",
    "#record-download",
    "#replay",
    "#replay-slow",
    "#replay-status",
    "#open-recording-label",
    ".hint",
]


# Screenshots are for a person to look at, not compared: written only when CAROUSEL_SCREENSHOTS
# names a folder (`CAROUSEL_SCREENSHOTS=Tests/Browser/output make browser-test`), so a default run
# spends no time on images nobody reads. What a test asserts it reads from the page itself.
SCREENSHOTS = os.environ.get("CAROUSEL_SCREENSHOTS")

# `make test-long` runs the tests marked `scales_with_length` at full length (Sources/TestSupport's
# TestLength is the Swift side of the same switch).
LONG_RUN = os.environ.get("CAROUSEL_TEST_LENGTH") == "long"

# A link's ending that has the page draw the server's frames instead of running the engine itself
# (protocol: "The engine stream"), for a test that reads the frames the page received or holds its
# times to a headless watcher's frames (which see a page's stamped input when it arrives).
DRAWS_FRAMES = "&engine=frames"


def look(target, name, full_page=False):
    """Saves a screenshot of a page or element as `name` in CAROUSEL_SCREENSHOTS, if it is set."""
    if not SCREENSHOTS:
        return
    os.makedirs(SCREENSHOTS, exist_ok=True)
    path = os.path.join(SCREENSHOTS, name)
    if full_page:
        target.screenshot(path=path, full_page=True)
    else:
        target.screenshot(path=path)


def new_session(prefix="s"):
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def centre(page):
    box = page.locator("#viewport").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _schedule(duration_ms, steps, pause_before_release_ms, paced=False):
    """The gesture's times in seconds since the epoch (what CDP's `timestamp` takes): from now when
    `paced`, else backdated so that its release is now (every stamp at or before the moment its
    event is sent)."""
    start = time.time() - (0 if paced else (duration_ms + pause_before_release_ms) / 1000)
    moves = [start + duration_ms * step / steps / 1000 for step in range(1, steps + 1)]
    return start, moves, start + (duration_ms + pause_before_release_ms) / 1000


def drag(page, distance, duration_ms, steps, pause_before_release_ms=0, start=None, dy=0, paced=False):
    """A mouse drag from the viewport's centre (or `start`, a point of the page) by (distance, dy),
    in `steps` moves spread over `duration_ms`, released `pause_before_release_ms` after the last.

    Sent through CDP with each event stamped with its time on that schedule: Chromium gives the DOM
    event that stamp, and the page sends it as the pointer message's `t`, the only clock the server
    measures a gesture's velocity with. So the server sees exactly this pace however fast, or late,
    the events are delivered, and nothing waits for it to pass.

    `paced`: each event is also sent no sooner than its stamp, for a live recording, whose steps the
    server times by when the inputs arrive (a replay plays them back at that pace)."""
    x, y = start or centre(page)
    page.mouse.move(x, y)
    note_gesture(page)
    cdp = page.context.new_cdp_session(page)
    down, moves, up = _schedule(duration_ms, steps, pause_before_release_ms, paced)

    def send(kind, at, fraction, buttons):
        if paced and at > time.time():
            # Waiting is the point here: the server must receive the input at a finger's pace.
            page.wait_for_timeout((at - time.time()) * 1000)
        cdp.send(
            "Input.dispatchMouseEvent",
            {
                "type": kind,
                "x": x + distance * fraction,
                "y": y + dy * fraction,
                "button": "left",
                "buttons": buttons,
                "clickCount": 0 if kind == "mouseMoved" else 1,
                "timestamp": at,
            },
        )

    send("mousePressed", down, 0, 1)
    for step, at in enumerate(moves, 1):
        send("mouseMoved", at, step / steps, 1)
    send("mouseReleased", up, 1, 0)
    cdp.detach()
    # Playwright's idea of the mouse: where the drag ended, no button down.
    page.mouse.move(x + distance, y + dy)


def touch_swipe(page, dx, dy, steps=10, duration_ms=176):
    """A one-finger swipe from the viewport's centre by (dx, dy) through Chromium's input pipeline
    (CDP), so the browser's own panning and touch-action apply: `steps` moves over `duration_ms`
    (one per display frame by default), stamped like `drag`'s."""
    cdp = page.context.new_cdp_session(page)
    x, y = centre(page)
    note_gesture(page)
    down, moves, up = _schedule(duration_ms - duration_ms / (steps + 1), steps, duration_ms / (steps + 1))
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}], "timestamp": down})
    for step, at in enumerate(moves, 1):
        point = {"x": x + dx * step / steps, "y": y + dy * step / steps}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point], "timestamp": at})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [], "timestamp": up})
    cdp.detach()


def note_gesture(page):
    """From now on, `window.gesturePhases` lists the phases the carousel shows (the first: the one
    it shows now), so that `wait_idle_at` waits for the gesture's own frames: a drag is sent in an
    instant, before its first frame is back, and one that ends where it began would otherwise find
    the carousel already idle there."""
    page.evaluate(
        """() => { const c = document.querySelector('#carousel');
                   if (!c) return;  // the comparison page: its carousels are in frames of their own
                   window.gesturePhases = [c.dataset.phase];
                   if (window.gestureObserver) return;
                   window.gestureObserver = new MutationObserver(() => {
                       if (window.gesturePhases.at(-1) !== c.dataset.phase) window.gesturePhases.push(c.dataset.phase) });
                   window.gestureObserver.observe(c, {attributes: true, attributeFilter: ['data-phase']}) }"""
    )


def wait_idle_at(page, index, timeout=5000):
    """The carousel is idle at `index`, after the last drag or swipe on this page, if any, moved it."""
    page.wait_for_function(
        """i => { const c = document.querySelector('#carousel');
                  return c.dataset.phase === 'idle' && c.dataset.index === String(i)
                      && (window.gesturePhases === undefined || window.gesturePhases.length > 1) }""",
        arg=index,
        timeout=timeout,
    )


def enter(box, text):
    """Types `text` into a number or text box as a person does: it is taken when Enter is pressed."""
    box.fill(text)
    box.press("Enter")


def build_strip_through_the_panel(page, direction="ltr", content=None):
    """Through the panel's controls alone: the strip preset, 10 items, 10 pt insets, the `content`
    set (when given), items 110 pt wide, three a page (what fits: the slider ends there), centred,
    and `direction`; returns once the carousel rests on its first item."""
    wait_idle_at(page, 0)
    page.select_option("#setting-preset", "strip")
    expect(page.locator("#setting-preset")).to_have_value("strip")
    page.locator("#setting-items").fill("10")
    expect(page.locator("#dots button")).to_have_count(10)
    # Three 110 pt items and two 8 pt gaps (346 pt) need insets under 14.5 pt in a 375 pt viewport.
    page.locator("#setting-inset").fill("10")
    if content is not None:
        page.click("#content-settings summary")
        page.select_option("#setting-content", content)
        expect(page.locator("#setting-content")).to_have_value(content)
    page.click("#more-settings summary")
    enter(page.locator("#setting-itemWidth"), "110")
    # (375 - 2 * 10 + 8) / 118: three fit, and the slider ends there (the server's limits say so).
    expect(page.locator("#setting-itemsPerPage")).to_have_attribute("max", "3")
    page.locator("#setting-itemsPerPage").fill("3")
    page.select_option("#setting-align", "center")
    page.select_option("#setting-direction", direction)
    expect(page.locator("#dots button")).to_have_count(4)
    page.wait_for_function("d => document.querySelector('#viewport').dir === d", arg=direction)
    wait_idle_at(page, 0)


def clear_notices(page):
    page.evaluate("() => document.querySelectorAll('.notice').forEach(n => n.remove())")


def record_notices(page):
    """From now on, `window.noticesSeen` lists the text of every notice the page shows, even one that
    has gone again."""
    page.evaluate(
        """() => { window.noticesSeen = [];
                   new MutationObserver(records => records.forEach(r => r.addedNodes.forEach(n => {
                       if (n.classList?.contains('notice')) window.noticesSeen.push(n.textContent) })))
                     .observe(document.body, {childList: true, subtree: true}) }"""
    )


def assert_no_overlap(page):
    """The device card's parts do not overlap and stay inside the card; the page does not scroll
    sideways."""
    problems = page.evaluate(
        """selectors => {
            const box = e => e.getBoundingClientRect();
            const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
            const outer = box(document.querySelector('#device'));
            const parts = selectors.map(s => document.querySelector(s)).filter(e => e && e.getClientRects().length);
            const problems = [];
            for (const part of parts) {
                const b = box(part);
                if (b.left < outer.left - 0.5 || b.right > outer.right + 0.5 || b.top < outer.top - 0.5 || b.bottom > outer.bottom + 0.5)
                    problems.push(`${part.id || part.className} leaves the device`);
            }
            for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++)
                if (overlap(box(parts[i]), box(parts[j]))) problems.push(`${parts[i].id || parts[i].className} overlaps ${parts[j].id || parts[j].className}`);
            return problems;
        }""",
        CARD_PARTS,
    )
    assert problems == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]


def download_recording(page, tmp_path):
    """Clicks Download recording and saves the file; its name says the session and the time."""
    link = page.get_by_role("link", name="Download recording")
    link.wait_for()
    with page.expect_download() as info:
        link.click()
    download = info.value
    assert re.fullmatch(r"carousel-recording-[A-Za-z0-9_-]+-\d{8}-\d{6}\.json", download.suggested_filename), (
        download.suggested_filename
    )
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    return path


def settle_visuals(page):
    """Waits until the page's images are decoded and its finite CSS animations and transitions have
    finished: what a screenshot should show."""
    page.evaluate(
        """() => Promise.all([
            ...Array.from(document.images, image => image.decode().catch(() => null)),
            ...document.getAnimations()
                .filter(animation => Number.isFinite(animation.effect?.getComputedTiming().endTime))
                .map(animation => animation.finished.catch(() => null)),
        ])"""
    )


class SocketWatch:
    """Every WebSocket a page opens from now on, and each frame they carry (`received`, `sent`:
    parsed JSON), with a way to wait for one that satisfies a predicate. It waits for the sockets'
    own events (a frame, a new socket), never for a stretch of time."""

    def __init__(self, page):
        self.page = page
        self.sockets = []
        self.received = []
        self.sent = []
        page.on("websocket", self._opened)

    def _opened(self, socket):
        self.sockets.append(socket)
        socket.on("framereceived", lambda payload: self.received.append(json.loads(payload)))
        socket.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    def wait_for(self, predicate, timeout=15, what="a message", direction="received"):
        """The first message `direction` ("received" or "sent") that satisfies `predicate`, waiting
        for further frames (on the newest socket, or a new socket once it closed) until `timeout` s."""
        messages = self.received if direction == "received" else self.sent
        return wait_for_socket_frame(
            self.page,
            self.sockets,
            lambda: next((m for m in messages if predicate(m)), None),
            timeout,
            what,
            "framereceived" if direction == "received" else "framesent",
        )


def wait_for_socket_frame(page, sockets, find, timeout=15, what="a message", event="framereceived"):
    """Calls `find()` until it returns something, waiting between calls for the next `event` on the
    newest of `sockets` (a list the caller's "websocket" handler fills), or for the page's next
    WebSocket when there is none or the newest closed. Playwright's own event handlers, which fill
    what `find` reads, run while it waits."""
    deadline = time.monotonic() + timeout
    while True:
        found = find()
        if found is not None:
            return found
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"timed out waiting for {what}"
        socket = sockets[-1] if sockets else None
        try:
            if socket is None or socket.is_closed():
                page.wait_for_event("websocket", timeout=remaining * 1000)
            else:
                socket.wait_for_event(event, timeout=remaining * 1000)
        except PlaywrightTimeoutError:
            raise AssertionError(f"timed out waiting for {what}") from None
        except PlaywrightError:
            continue  # the socket closed while we waited: the page opens another


class HeldAnswers:
    """Stands between a page and the server: what the page sends goes on at once; what the server
    answers waits while `holding`, as on a network slower than the person typing."""

    def __init__(self):
        self.holding = False
        self.held = []
        self.route = None

    def attach(self, page):
        page.route_web_socket(re.compile(r"/ws"), self.connect)
        # The page counts the changes of the items it sent, for a test to wait on.
        page.add_init_script("""{ const send = WebSocket.prototype.send; window.itemChangesSent = 0;
            WebSocket.prototype.send = function (data) {
              if (typeof data === 'string' && data.includes('"configure"') && data.includes('"items"')) window.itemChangesSent += 1;
              return send.call(this, data); }; }""")

    def connect(self, route):
        server = route.connect_to_server()
        route.on_message(server.send)
        server.on_message(self.answer)
        self.route = route

    def answer(self, message):
        if self.holding:
            self.held.append(message)
        else:
            self.route.send(message)

    def release(self):
        self.holding = False
        for message in self.held:
            self.route.send(message)
        self.held = []
