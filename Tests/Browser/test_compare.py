"""The comparison page (compare.html): carousels A and B, each the single page in a frame with a
session of its own. A drag on either reaches both sessions with the same positions and times (two
independent WebSocket watchers record them), the overlaid timeline names both settle times, the
page's address reopens the same comparison, the single page's Compare switch opens one, and the
two panes sit side by side on a wide window and stacked on a phone."""

import json
import re
import threading
from contextlib import ExitStack
from urllib.parse import parse_qs, quote, urlsplit

from conftest import PHONE
from page_helpers import DRAWS_FRAMES, drag, look, new_session
from sockets import open_socket
from websockets.exceptions import ConnectionClosed

WIDE = {"viewport": {"width": 1280, "height": 800}}
FRAME_MS = 1000 / 60


class Watcher:
    """A viewer of one session over its own WebSocket: every message it receives, in order, read
    by a thread so that none waits on the socket."""

    def __init__(self, port, session):
        self.exit_stack = ExitStack()
        self.connection = self.exit_stack.enter_context(open_socket(f"ws://127.0.0.1:{port}/ws?session={session}"))
        self.messages = []
        self.condition = threading.Condition()
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        while True:
            try:
                text = self.connection.recv()
            except ConnectionClosed:
                return
            with self.condition:
                self.messages.append(json.loads(text))
                self.condition.notify_all()

    def wait_for(self, predicate, timeout=10, start=0):
        """The first message from index `start` on that satisfies `predicate`, waiting for it."""
        with self.condition:
            found = None

            def check():
                nonlocal found
                found = next((m for m in self.messages[start:] if predicate(m)), None)
                return found is not None

            assert self.condition.wait_for(check, timeout), f"no such message in {self.messages[start:][-5:]}"
            return found

    def config(self):
        """The session's configuration as last told."""
        with self.condition:
            return [m for m in self.messages if m["type"] in ("welcome", "config")][-1]["config"]

    def frames(self, start=0):
        with self.condition:
            return [m for m in self.messages[start:] if m["type"] == "frame"]

    def record(self):
        """Starts recording; returns a function that stops it and returns the recording."""
        mark = len(self.messages)
        self.connection.send(json.dumps({"type": "record", "action": "start"}))
        self.wait_for(lambda m: m["type"] == "record" and m["state"] == "started", start=mark)

        def stop():
            self.connection.send(json.dumps({"type": "record", "action": "stop"}))
            return self.wait_for(lambda m: m["type"] == "recording", start=mark)["recording"]

        return stop

    def close(self):
        self.exit_stack.close()
        self.thread.join(timeout=5)


def compare_url(server, a, b):
    return server.url(f"compare.html?a={quote(a)}&b={quote(b)}")


def open_compare(browser, url, errors, **options):
    """Opens a comparison page and waits until both panes show their carousel."""
    context = browser.new_context(**{**WIDE, **options})
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    for pane in ("a", "b"):
        page.frame_locator(f"#pane-{pane}").locator("#carousel[data-phase]").wait_for()
    return page


def pane_frame(page, pane):
    return page.query_selector(f"#pane-{pane.lower()}").content_frame()


def wait_idle(frame):
    frame.wait_for_function("() => document.querySelector('#carousel').dataset.phase === 'idle'")


def pane_queries(url):
    query = parse_qs(urlsplit(url).query)
    return {pane: parse_qs(query[pane.lower()][0]) for pane in ("A", "B")}


def drag_pane(page, pane, distance, duration_ms, steps):
    """A mouse drag across pane `pane`'s carousel, from its centre, with the page's mouse (stamped
    with its schedule, as page_helpers.drag does)."""
    box = page.frame_locator(f"#pane-{pane.lower()}").locator("#viewport").bounding_box()
    drag(page, distance, duration_ms, steps, start=(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))


def settle_time(frames):
    """Session milliseconds from the release (the first frame after the drag that is no longer
    `dragging`) to the frame that says `settled`."""
    dragged = next(i for i, frame in enumerate(frames) if frame["phase"] == "dragging")
    release = next(frame for frame in frames[dragged:] if frame["phase"] != "dragging")
    settled = next(frame for frame in frames[dragged:] if any(e["type"] == "settled" for e in frame["events"]))
    return settled["time"] - release["time"]


def watched_comparison(server, browser, errors, a_tuning, b_tuning):
    """A comparison of two new sessions, A and B, tuned by the query parts given, with an independent
    watcher on each session: (page, watchers by pane)."""
    sessions = {"A": new_session("cmp"), "B": new_session("cmp")}
    page = open_compare(
        browser,
        compare_url(
            server, f"session={sessions['A']}&preset=banner{a_tuning}", f"session={sessions['B']}&preset=banner{b_tuning}"
        ),
        errors,
    )
    return page, {pane: Watcher(server.port, session) for pane, session in sessions.items()}


def test_a_drag_on_pane_a_reaches_both_sessions_with_the_same_pointer_messages(server, browser):
    errors = []
    page, watchers = watched_comparison(server, browser, errors, "", "&springFrequency=10")
    try:
        watchers["B"].wait_for(lambda m: m["type"] in ("welcome", "config") and m["config"]["springFrequency"] == 10)
        stops = {pane: watcher.record() for pane, watcher in watchers.items()}
        drag_pane(page, "A", -200, 200, 12)
        for pane in ("A", "B"):
            wait_idle(pane_frame(page, pane))
            watchers[pane].wait_for(lambda m: m["type"] == "frame" and any(e["type"] == "settled" for e in m["events"]))
        recordings = {pane: stop() for pane, stop in stops.items()}
    finally:
        for watcher in watchers.values():
            watcher.close()

    def pointers(recording):
        steps = recording["steps"][recording["start"] :]
        # Version 2 writes a pointer step as [phase, x, y, t, pointerType, seq]; one a page stamped
        # with its own session's time (`at`, which differs between the sessions) as the message.
        stamped = (step["message"] for step in steps if step.get("message", {}).get("type") == "pointer")
        compact = [tuple(step["pointer"][:4]) for step in steps if "pointer" in step]
        return compact + [(m["phase"], m["x"], m["y"], m["t"]) for m in stamped]

    a, b = pointers(recordings["A"]), pointers(recordings["B"])
    assert len(a) >= 5 and a[0][0] == "down" and a[-1][0] == "up", a
    assert a == b
    # Both carousels moved to the next banner.
    for pane in ("A", "B"):
        assert pane_frame(page, pane).eval_on_selector("#carousel", "c => c.dataset.index") == "1"
    page.context.close()
    assert errors == []


def test_a_flick_on_b_settles_each_carousel_in_its_own_time_and_the_timeline_names_both(server, browser):
    errors = []
    page, watchers = watched_comparison(
        server, browser, errors, f"&springFrequency=40{DRAWS_FRAMES}", f"&springFrequency=8{DRAWS_FRAMES}"
    )
    try:
        watchers["A"].wait_for(lambda m: m["type"] in ("welcome", "config") and m["config"]["springFrequency"] == 40)
        watchers["B"].wait_for(lambda m: m["type"] in ("welcome", "config") and m["config"]["springFrequency"] == 8)
        marks = {pane: len(watcher.messages) for pane, watcher in watchers.items()}
        drag_pane(page, "B", -160, 80, 6)
        for pane in ("A", "B"):
            watchers[pane].wait_for(
                lambda m: m["type"] == "frame" and any(e["type"] == "settled" for e in m["events"]), start=marks[pane]
            )
        settles = {pane: settle_time(watchers[pane].frames(marks[pane])) for pane in ("A", "B")}
        label = page.wait_for_function(
            """() => {
                const label = document.querySelector('#compare-timeline').getAttribute('aria-label');
                return /A\\D*\\d+ ms/.test(label) && /B\\D*\\d+ ms/.test(label) && label;
            }"""
        ).json_value()
    finally:
        for watcher in watchers.values():
            watcher.close()

    assert settles["A"] < settles["B"], settles
    stated = dict(re.findall(r"\b([AB])\b[^;]*?(\d+(?:\.\d+)?) ms", label))
    assert set(stated) == {"A", "B"}, label
    for pane in ("A", "B"):
        assert abs(float(stated[pane]) - settles[pane]) <= FRAME_MS, (label, settles)
    assert page.get_by_role("img", name=re.compile(r"settled")).count() == 1
    # The same text shows under the plot; both lines are on it.
    page.wait_for_function("label => document.querySelector('#compare-settle').textContent === label", arg=label)
    page.get_by_role("button", name="Pause timeline").click()
    look(page, "compare-settled-desktop.png")
    page.context.close()
    assert errors == []


def test_the_address_reopens_the_same_comparison_after_a_change_in_pane_b(server, browser):
    errors = []
    page = open_compare(browser, server.url("compare.html"), errors)
    first = pane_queries(page.url)
    assert first["A"]["session"] != first["B"]["session"]
    assert first["B"]["springFrequency"] == ["12"]
    b = pane_frame(page, "B")
    b.eval_on_selector("input[name=spacing]", "e => { e.value = 23; e.dispatchEvent(new Event('input', {bubbles: true})); }")
    page.wait_for_function("() => new URLSearchParams(new URLSearchParams(location.search).get('b')).get('spacing') === '23'")
    queries = pane_queries(page.url)
    assert queries["A"]["session"] == first["A"]["session"] and queries["B"]["session"] == first["B"]["session"]
    assert "spacing" not in queries["A"]

    again = open_compare(browser, page.url, errors)
    for pane, spacing, _spring in (("A", "8", None), ("B", "23", 12)):
        frame = pane_frame(again, pane)
        frame.wait_for_function("v => document.querySelector('input[name=spacing]').value === v", arg=spacing)
        assert frame.inner_text("#session-link") == queries[pane]["session"][0]
        assert frame.input_value("select[name=preset]") == "banner"
    # The sessions themselves hold the configurations (a watcher's welcome).
    for pane, spacing, spring in (("A", 8, 20), ("B", 23, 12)):
        watcher = Watcher(server.port, queries[pane]["session"][0])
        try:
            watcher.wait_for(lambda m: m["type"] == "welcome")
            config = watcher.config()
            assert (config["spacing"], config["springFrequency"]) == (spacing, spring)
        finally:
            watcher.close()
    page.context.close()
    again.context.close()
    assert errors == []


def snapshot(page):
    return page.locator("body").aria_snapshot()


def test_the_compare_switch_opens_this_carousel_beside_a_copy_and_goes_back(server, open_page, browser):
    session = new_session()
    page = open_page(server.url(f"?session={session}&preset=coverflow&spacing=12&autoscroll=off"))
    page.wait_for_function("() => location.search.includes('spacing=12')")
    switch = page.get_by_role("switch", name="Compare", exact=True)
    assert switch.get_attribute("aria-checked") == "false"
    assert re.search(r'- switch "Compare"', snapshot(page)), snapshot(page)
    # By keyboard: it takes focus, shows it, and Space turns it on.
    switch.focus()
    assert page.eval_on_selector("#compare-switch", "e => [e.matches(':focus-visible'), getComputedStyle(e).outlineStyle]") == [
        True,
        "solid",
    ]
    page.keyboard.press("Space")
    page.wait_for_url(re.compile(r"/compare\.html\?"))
    for pane in ("a", "b"):
        page.frame_locator(f"#pane-{pane}").locator("#carousel[data-phase]").wait_for()
    queries = pane_queries(page.url)
    assert queries["A"]["session"] == [session]
    assert queries["B"]["session"] != [session]
    for pane in ("A", "B"):
        assert {k: v for k, v in queries[pane].items() if k != "session"} == {
            "preset": ["coverflow"],
            "spacing": ["12"],
            "autoscroll": ["off"],
        }, queries
        frame = pane_frame(page, pane)
        frame.wait_for_function("() => document.querySelector('input[name=spacing]').value === '12'")
        # A pane has no switch of its own: the comparison's is the one.
        assert not frame.is_visible("#compare-switch")
    assert pane_frame(page, "A").inner_text("#session-link") == session
    on = page.get_by_role("switch", name="Compare", exact=True)
    assert on.get_attribute("aria-checked") == "true"
    assert page.get_by_role("button", name="Copy comparison link").count() == 1
    for title in ("Carousel A", "Carousel B"):
        assert page.locator(f"iframe[title='{title}']").count() == 1

    on.click()
    page.wait_for_url(re.compile(r"/index\.html\?"))
    page.wait_for_selector("#carousel[data-phase]")
    assert page.inner_text("#session-link") == session
    assert page.get_by_role("switch", name="Compare", exact=True).get_attribute("aria-checked") == "false"


def boxes(page, selectors):
    return page.evaluate(
        "selectors => selectors.map(s => { const b = document.querySelector(s).getBoundingClientRect(); "
        "return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; })",
        selectors,
    )


def overlaps(a, b):
    return (
        a["left"] < b["right"] - 0.5
        and b["left"] < a["right"] - 0.5
        and a["top"] < b["bottom"] - 0.5
        and b["top"] < a["bottom"] - 0.5
    )


def test_the_panes_sit_side_by_side_on_a_wide_window_and_stacked_on_a_phone(server, browser):
    errors = []
    url = compare_url(server, f"session={new_session('cmp')}", f"session={new_session('cmp')}&springFrequency=12")
    for name, options in (("desktop", WIDE), ("phone", PHONE)):
        page = open_compare(browser, url, errors, **options)
        for pane in ("A", "B"):
            pane_frame(page, pane).wait_for_selector(".slot img")
        # Each frame grows to its page: nothing scrolls inside it.
        page.wait_for_function(
            """() => [...document.querySelectorAll('iframe')].every(f =>
                Math.abs(f.getBoundingClientRect().height - f.contentDocument.body.getBoundingClientRect().height) <= 1)"""
        )
        header, motion, a, b = boxes(page, [".topbar", ".compare-motion", "#pane-a", "#pane-b"])
        if name == "desktop":
            assert a["right"] <= b["left"] and abs(a["top"] - b["top"]) < 1, (a, b)
        else:
            assert a["bottom"] <= b["top"], (a, b)
        parts = [header, motion, a, b]
        assert [(i, j) for i in range(4) for j in range(i + 1, 4) if overlaps(parts[i], parts[j])] == []
        assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]
        for pane in ("A", "B"):
            frame = pane_frame(page, pane)
            sizes = frame.evaluate(
                "() => [document.documentElement.scrollWidth, innerWidth, document.documentElement.scrollHeight, innerHeight]"
            )
            assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3] + 1, (name, pane, sizes)
        look(page, f"compare-{name}.png", full_page=True)
        look(page, f"compare-{name}-top.png")
        page.context.close()
    assert errors == []


def test_each_frame_follows_its_pages_height_both_ways(server, browser):
    errors = []
    # A phone's width, where a pane stacks its card over its Feel panel, so the card's height is the
    # page's (on a wide screen the panel beside the card is the taller of the two).
    page = open_compare(browser, server.url("compare.html"), errors, viewport={"width": 390, "height": 844})
    height = "() => document.querySelector('#pane-b').getBoundingClientRect().height"
    page.wait_for_function(
        "() => Math.abs(document.querySelector('#pane-b').getBoundingClientRect().height - "
        "document.querySelector('#pane-b').contentDocument.body.getBoundingClientRect().height) <= 1"
    )
    b = pane_frame(page, "B")
    # B's spring is tuned (a comparison's default difference): untuned, its preset switches at once
    # and the panel has no "Tuned" line, so going back to the banner gives the same height.
    b.get_by_role("button", name="Reset all").click()
    b.wait_for_function("() => document.querySelector('#tuned').hidden")
    page.wait_for_function(
        "() => Math.abs(document.querySelector('#pane-b').getBoundingClientRect().height - "
        "document.querySelector('#pane-b').contentDocument.body.getBoundingClientRect().height) <= 1"
    )
    before = page.evaluate(height)
    b.select_option("select[name=preset]", "cards")
    # The card feed's card is about 280 pt taller than the banners'.
    page.wait_for_function(f"h => ({height})() > h + 200", arg=before)
    b.select_option("select[name=preset]", "banner")
    page.wait_for_function(f"h => Math.abs(({height})() - h) <= 1", arg=before)
    page.context.close()
    assert errors == []


def test_the_comparison_controls_by_keyboard(server, browser):
    errors = []
    page = open_compare(browser, server.url("compare.html"), errors)
    page.get_by_role("switch", name="Compare").focus()
    # The bar's controls, then the panes, then the timeline below them: Tab from pane B's last
    # control reaches its Pause.
    for name, start in (("Copy comparison link", None), ("Pause timeline", "#handover > summary")):
        if start:
            pane_frame(page, "B").focus(start)
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == name
        assert page.evaluate(
            "() => [document.activeElement.matches(':focus-visible'), getComputedStyle(document.activeElement).outlineStyle]"
        ) == [True, "solid"]
    page.keyboard.press("Enter")
    assert page.get_by_role("button", name="Resume timeline").count() == 1
    page.get_by_role("button", name="Copy comparison link").press("Enter")
    page.wait_for_function("() => document.querySelector('#copied-text').value === location.href")
    page.context.close()
    assert errors == []


def test_two_devices_side_by_side(server, browser):
    """Pane A an iPhone SE, pane B a large Android phone, each chosen in its own pane's device menu:
    each carousel is drawn at its device's width, side by side."""
    errors = []
    page = open_compare(browser, server.url("compare.html"), errors)
    for pane, device, width in (("a", "iphone-se", 375), ("b", "android-large", 412)):
        frame = pane_frame(page, pane)
        frame.click("#more-settings summary")
        frame.select_option("#setting-device", device)
        frame.wait_for_function("w => document.querySelector('#viewport').style.width === `${w}px`", arg=width)
    a = page.frame_locator("#pane-a").locator("#carousel").bounding_box()
    b = page.frame_locator("#pane-b").locator("#carousel").bounding_box()
    assert a["x"] + a["width"] <= b["x"], (a, b)
    queries = pane_queries(page.url)
    assert queries["B"]["viewportWidth"] == ["412"] and "viewportWidth" not in queries["A"]
    look(page, "compare-two-devices.png")
    page.context.close()
    assert errors == []
