"""The preview page in real headless Chromium against the real server."""

import json
import uuid

from conftest import PHONE, Server, free_port
from page_helpers import centre, drag, look, record_notices, settle_visuals, touch_swipe, wait_idle_at
from sockets import open_socket


def session_url(server, **params):
    query = "&".join(f"{key}={value}" for key, value in {"session": f"t-{uuid.uuid4().hex[:8]}", **params}.items())
    return server.url("?" + query)


def carousel_state(page):
    return page.eval_on_selector("#carousel", "c => ({...c.dataset})")


def slot_boxes(page):
    """Each visible slot's item and its box relative to the viewport, in CSS px."""
    return page.evaluate(
        """() => {
            const viewport = document.querySelector('#viewport').getBoundingClientRect();
            return [...document.querySelectorAll('.slot')].filter(s => !s.hidden).map(s => {
                const box = s.getBoundingClientRect();
                return {item: Number(s.dataset.item), x: box.left - viewport.left, width: box.width, height: box.height};
            });
        }"""
    )


def test_first_frame_shows_three_slots_with_the_centre_at_inset_16(server, open_page):
    page = open_page(session_url(server))
    page.wait_for_selector(".slot img")
    assert page.locator(".slot").count() == 3
    boxes = {box["item"]: box for box in slot_boxes(page)}
    assert abs(boxes[0]["x"] - 16) < 0.5 and abs(boxes[0]["width"] - 343) < 0.5
    assert abs(boxes[1]["x"] - 367) < 0.5 and abs(boxes[4]["x"] + 335) < 0.5
    assert page.locator(".slot[data-item='0'] .title").inner_text() == "Spring Sale"
    assert page.locator("#counter").inner_text() == "1 of 5"
    region = page.locator("#carousel")
    assert region.get_attribute("role") == "region" and region.get_attribute("aria-roledescription") == "carousel"
    assert page.locator(".slot[data-item='0']").get_attribute("aria-label") == "1 of 5: Spring Sale"
    settle_visuals(page)
    look(page, "default.png")


def test_a_mouse_drag_settles_on_the_next_item(server, open_page):
    page = open_page(session_url(server))
    drag(page, -200, 200, 12)
    wait_idle_at(page, 1)
    boxes = {box["item"]: box for box in slot_boxes(page)}
    assert abs(boxes[1]["x"] - 16) < 0.5


def pitch(page):
    """The distance between the centred item's slot and the next one's, in CSS px."""
    boxes = {box["item"]: box for box in slot_boxes(page)}
    return boxes[1]["x"] - boxes[0]["x"]


def gesture_times(open_page, page):
    """The last gesture's pointer messages as (phase, x, ms since its down)."""
    pointers = pointer_messages(open_page, page)
    down = max(i for i, message in enumerate(pointers) if message["phase"] == "down")
    return [(m["phase"], round(m["x"], 1), round(m["t"] - pointers[down]["t"], 1)) for m in pointers[down:]]


def test_a_short_fast_flick_moves_exactly_one_item_where_the_same_slow_drag_returns(server, open_page):
    page = open_page(session_url(server))
    page.wait_for_selector(".slot[data-item='1']")
    # About a fifth of the pitch, far short of the midpoint between the stops: only the release
    # velocity can carry the content on to the next item.
    distance = -0.22 * pitch(page)
    # Released at rest (a pause before lifting), the drag goes back to the nearer stop...
    record_phases(page)
    drag(page, distance, 400, 16, pause_before_release_ms=120)
    wait_dragged_then_idle(page)
    assert carousel_state(page)["index"] == "0", gesture_times(open_page, page)
    # ...but the same drag in 36 ms (over 2,000 pt/s; the flick threshold is 300) pages, one item.
    record_phases(page)
    drag(page, distance, 36, 6)
    wait_dragged_then_idle(page)
    assert carousel_state(page)["index"] == "1", gesture_times(open_page, page)
    boxes = {box["item"]: box for box in slot_boxes(page)}
    assert abs(boxes[1]["x"] - 16) < 0.5


def test_a_slow_short_drag_returns(server, open_page):
    page = open_page(session_url(server))
    drag(page, -120, 600, 20, pause_before_release_ms=120)
    wait_idle_at(page, 0)
    boxes = {box["item"]: box for box in slot_boxes(page)}
    assert abs(boxes[0]["x"] - 16) < 0.5


def test_two_pages_on_one_session_show_the_same_motion(server, open_page):
    url = session_url(server)
    first = open_page(url)
    second = open_page(url)
    first.wait_for_function("() => document.querySelector('#viewers').textContent === '2'")
    drag(first, -220, 150, 10)
    wait_idle_at(first, 1)
    wait_idle_at(second, 1)
    # A page that drew past the other's stamped drag takes the correction up while the motion lasts
    # (engine/correctionblend.js): once it draws the rest it draws it where the session rests, so both
    # pages show the same boxes within one display frame of resting, never creeping into place.
    if slot_boxes(first) != slot_boxes(second):
        second.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")
    assert slot_boxes(first) == slot_boxes(second)
    # Remote dragging works the other way round too.
    drag(second, 220, 150, 10)
    wait_idle_at(first, 0)


def test_controls_follow_another_viewers_changes(server, open_page):
    url = session_url(server)
    first = open_page(url)
    second = open_page(url)
    first.select_option("select[name=preset]", "strip")
    second.wait_for_function("() => document.querySelector('select[name=preset]').value === 'strip'")
    first.eval_on_selector("input[name=spacing]", "e => { e.value = 24; e.dispatchEvent(new Event('input', {bubbles: true})); }")
    second.wait_for_function("() => document.querySelector('input[name=spacing]').value === '24'")
    assert second.locator("output[name=spacingOut]").inner_text() == "24 pt"
    second.wait_for_function(
        """() => { const s = document.querySelector('.slot[data-item="1"]');
                   const v = document.querySelector('#viewport').getBoundingClientRect();
                   return s && Math.abs(s.getBoundingClientRect().left - v.left - (16 + 343 + 24)) < 0.5 }"""
    )
    # strip is finite: nothing before the first item.
    assert all(box["item"] >= 0 for box in slot_boxes(second))
    # At a pitch of 367 pt at most 2 items show at once in 375 pt: the strip keeps 2 + 2 slots.
    assert second.locator(".slot").count() == 4


def test_keyboard_arrows_page(server, open_page):
    page = open_page(session_url(server))
    page.focus("#carousel")
    page.keyboard.press("ArrowRight")
    wait_idle_at(page, 1)
    # Two presses in a row page twice: the second retargets the running animation, across the seam.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    wait_idle_at(page, 4)
    page.wait_for_function("() => document.querySelector('#announcer').textContent === '5 of 5: Night Market'")


class ManualClock:
    """A second viewer of a manual-clock session that moves its time (`advance`) and reads the
    frame each message makes (in a manual session every applied input makes exactly one, to every
    viewer), so a test knows how much session time passed and what every viewer was shown."""

    def __init__(self, connection):
        self.connection = connection
        self.welcome = self.until(lambda m: m["type"] == "welcome")
        assert self.welcome["clock"] == "manual", self.welcome

    def until(self, predicate, timeout=10):
        while True:
            message = json.loads(self.connection.recv(timeout=timeout))
            if predicate(message):
                return message

    def advance(self, ms):
        """Moves the session's time on by `ms` (at most 10 s); the frame it made."""
        self.connection.send(json.dumps({"type": "advance", "ms": ms}))
        return self.until(lambda m: m["type"] == "frame")


def test_the_pause_button_stops_auto_scroll_in_coverflow(server, open_page):
    # On the manual clock: the test says how much time passes, so auto-scroll is seen to stay
    # stopped over 2 s of session time without the test sleeping for them.
    session = f"t-{uuid.uuid4().hex[:8]}"
    page = open_page(server.url(f"?session={session}&preset=coverflow&clock=manual"))
    with open_socket(f"ws://127.0.0.1:{server.port}/ws?session={session}") as connection:
        clock = ManualClock(connection)
        page.fill("input[name=intervalMs]", "800")
        page.dispatch_event("input[name=intervalMs]", "change")
        clock.until(lambda m: m["type"] == "config" and m["config"]["autoscroll"]["intervalMs"] == 800)
        frame = clock.advance(16)
        while not (frame["index"] == 1 and frame["phase"] == "animating"):
            assert frame["time"] <= 2000, frame
            frame = clock.advance(16)
        # 64 ms into the animation, the picture of coverflow in motion (the page shows this frame
        # until the clock moves again).
        for _ in range(4):
            frame = clock.advance(16)
        assert frame["phase"] == "animating" and frame["index"] == 1, frame
        page.wait_for_function(
            "() => document.querySelector('#carousel').dataset.phase === 'animating'"
            " && document.querySelector('#carousel').dataset.index === '1'"
        )
        look(page, "coverflow-animating.png")
        page.click("#pause")
        stopped = clock.until(lambda m: m["type"] == "frame" and m["autoscroll"]["state"] == "stopped")
        page.wait_for_function("() => document.querySelector('#carousel').dataset.autoscroll === 'stopped'")
        assert page.locator("#pause").get_attribute("aria-pressed") == "false"
        # Two and a half intervals later: the animation under way has ended, and nothing paged on.
        frames = [clock.advance(100) for _ in range(20)]
        assert frames[-1]["time"] >= stopped["time"] + 2000
        assert all(f["index"] == stopped["index"] and f["autoscroll"]["state"] == "stopped" for f in frames), frames[-1]
        assert frames[-1]["phase"] == "idle"
        page.wait_for_function(
            "i => { const c = document.querySelector('#carousel'); return c.dataset.phase === 'idle' && c.dataset.index === i }",
            arg=str(stopped["index"]),
        )
        page.click("#pause")
        page.wait_for_function("() => document.querySelector('#carousel').dataset.autoscroll === 'running'")


def test_reduced_motion_turns_auto_scroll_off_for_the_session(server, open_page):
    page = open_page(session_url(server, preset="coverflow"), reduced_motion="reduce")
    page.wait_for_function("() => document.querySelector('#carousel').dataset.autoscroll === 'stopped'")
    assert page.locator("#pause").get_attribute("aria-pressed") == "false"


def test_server_errors_are_notices_not_a_broken_page(server, open_page):
    page = open_page(session_url(server))
    # The page holds its fields to the schema's ranges, so the refusal comes from a key pressed while
    # the mouse holds the carousel: the server refuses a command in the middle of a drag.
    x, y = centre(page)
    page.mouse.move(x, y)
    page.mouse.down()
    page.locator("#carousel").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(".notice.error")
    assert page.locator(".notice.error").first.inner_text().strip() != ""
    page.mouse.up()
    wait_idle_at(page, 0)
    drag(page, -200, 150, 10)
    wait_idle_at(page, 1)


def test_the_page_reconnects_after_a_server_restart(open_page):
    port = free_port()
    restarting = Server(port).start()
    try:
        page = open_page(restarting.url("?session=restart"))
        page.wait_for_function("() => document.body.dataset.connection === 'live'")
        restarting.stop()
        page.wait_for_function("() => document.body.dataset.connection === 'offline'")
        # Meanwhile the carousel runs in the page (test_without_server.py), not behind a veil.
        page.wait_for_function("() => !document.querySelector('#browser-only').hidden")
        assert page.locator("#offline-veil").is_hidden()
        restarting = Server(port).start()
        page.wait_for_function("() => document.body.dataset.connection === 'live'", timeout=15000)
        page.wait_for_function("() => document.querySelector('#browser-only').hidden")
        drag(page, -200, 150, 10)
        wait_idle_at(page, 1)
    finally:
        restarting.stop()


def test_a_tap_opens_a_banner_but_a_drag_does_not(server, open_page):
    page = open_page(session_url(server))
    x, y = centre(page)
    page.mouse.click(x, y)
    page.wait_for_selector(".notice:has-text('Opened “Spring Sale”')")
    page.evaluate("() => document.querySelectorAll('.notice').forEach(n => n.remove())")
    record_notices(page)
    drag(page, -200, 150, 10)
    wait_idle_at(page, 1)
    # The click that ends a drag is handled in the same task as its pointerup, long before the
    # frame that says idle: had it opened the banner, its notice would be there by now.
    assert page.evaluate("() => window.noticesSeen") == []
    assert page.locator(".notice").count() == 0


def test_a_narrow_window_scales_the_viewport_and_drags_still_page(server, browser):
    context = browser.new_context(viewport={"width": 340, "height": 700})
    try:
        page = context.new_page()
        page.goto(session_url(server))
        page.wait_for_selector(".slot img")
        scale = page.evaluate("() => document.querySelector('#viewport').getBoundingClientRect().width / 375")
        assert 0.5 < scale < 1
        boxes = {box["item"]: box for box in slot_boxes(page)}
        assert abs(boxes[0]["x"] - 16 * scale) < 0.5
        # A drag of a third of the (scaled) viewport is a third of 375 points to the engine.
        drag(page, -125 * scale, 600, 20, pause_before_release_ms=120)
        wait_idle_at(page, 0)
        drag(page, -200 * scale, 150, 10)
        wait_idle_at(page, 1)
        look(page, "narrow.png")
    finally:
        context.close()


def test_the_card_feed_scrolls_through_a_long_card_and_onto_the_next(server, open_page):
    page = open_page(session_url(server, preset="cards"))
    page.wait_for_selector(".slot.photo img")
    assert carousel_state(page)["count"] == "60"
    # The third bundled card is 900 pt tall in a 560 pt viewport.
    page.focus("#carousel")
    page.keyboard.press("ArrowDown")
    wait_idle_at(page, 1)
    page.keyboard.press("ArrowDown")
    wait_idle_at(page, 2)

    def card_top(item):
        return page.evaluate(
            """i => { const s = document.querySelector(`.slot[data-item="${i}"]`);
                      return s.getBoundingClientRect().top - document.querySelector('#viewport').getBoundingClientRect().top }""",
            item,
        )

    assert abs(card_top(2)) < 0.5

    def swipe_up(steps):
        # Past the midpoint between the stops, so where it lands does not hang on its speed either.
        x, y = centre(page)
        drag(page, 0, 8 * steps, steps, start=(x, y + 150), dy=-30 * steps)

    # A swipe inside the long card scrolls it until its bottom edge meets the viewport's (340 pt on)...
    record_phases(page)
    swipe_up(6)
    wait_dragged_then_idle(page)
    assert carousel_state(page)["index"] == "2"
    assert abs(card_top(2) - (560 - 900)) < 0.5
    look(page, "cards-long-card.png")
    # ...and the next one pages to the following card (560 pt on).
    swipe_up(10)
    wait_idle_at(page, 3)
    assert abs(card_top(3)) < 0.5
    kinds = page.eval_on_selector_all(".slot:not([hidden])", "slots => slots.map(s => s.dataset.kind)")
    assert set(kinds) <= {"photo", "text"}


def record_phases(page):
    """From now on, `window.phases` lists each phase the carousel shows, in order."""
    page.evaluate(
        """() => { const c = document.querySelector('#carousel'); window.phases = [c.dataset.phase];
                   new MutationObserver(() => { if (window.phases.at(-1) !== c.dataset.phase) window.phases.push(c.dataset.phase) })
                     .observe(c, {attributes: true, attributeFilter: ['data-phase']}) }"""
    )


def wait_dragged_then_idle(page):
    page.wait_for_function(
        """() => { const p = window.phases; return p.includes('dragging') && p.at(-1) === 'idle'
                   && document.querySelector('#carousel').dataset.phase === 'idle' }"""
    )


def pointer_messages(open_page, page):
    return [message for message in open_page.sent(page) if message["type"] == "pointer"]


def touch_action(page):
    return page.eval_on_selector("#viewport", "v => getComputedStyle(v).touchAction")


def test_a_vertical_touch_swipe_on_the_banner_scrolls_the_page(server, open_page):
    page = open_page(session_url(server), **PHONE)
    page.wait_for_selector(".slot img")
    assert touch_action(page) == "pan-y"
    # The settings stack below the preview: there is page to scroll.
    assert page.evaluate("() => document.documentElement.scrollHeight") > 844 + 40
    assert page.evaluate("() => scrollY") == 0
    record_phases(page)
    touch_swipe(page, 0, -150)
    page.wait_for_function("() => scrollY > 40")
    # The browser took the pan before the finger moved along the banner: the page held the touch's
    # `down` until a move, so it sent nothing, and the carousel never moved.
    assert carousel_state(page)["index"] == "0"
    assert "dragging" not in page.evaluate("() => window.phases")
    assert page.locator("#counter").inner_text() == "1 of 5"
    boxes = {box["item"]: box for box in slot_boxes(page)}
    scale = page.evaluate("() => document.querySelector('#viewport').getBoundingClientRect().width / 375")
    assert abs(boxes[0]["x"] - 16 * scale) < 0.5
    look(page, "phone-after-vertical-swipe.png")
    # A command sent now goes after any pointer message the swipe made: there was none.
    page.get_by_role("button", name="Next banner").click()
    page.wait_for_function("() => document.querySelector('#carousel').dataset.index === '1'")
    assert pointer_messages(open_page, page) == []


def test_a_horizontal_touch_swipe_on_the_banner_pages(server, open_page):
    page = open_page(session_url(server), **PHONE)
    page.wait_for_selector(".slot img")
    record_phases(page)
    touch_swipe(page, -200, 0)
    wait_idle_at(page, 1)
    assert page.locator("#counter").inner_text() == "2 of 5"
    touch_swipe(page, 200, 0)
    wait_idle_at(page, 0)
    touch_swipe(page, 200, 0)
    wait_idle_at(page, 4)
    assert page.locator("#counter").inner_text() == "5 of 5"
    phases = [message["phase"] for message in pointer_messages(open_page, page)]
    assert phases.count("down") == 3 and phases.count("up") == 3 and "cancel" not in phases, phases
    assert page.evaluate("() => [scrollX, scrollY]") == [0, 0]


def test_a_touch_on_a_moving_carousel_catches_it_at_once(server, open_page):
    """A finger put down on a carousel that is still moving stops it where it is, before the finger
    moves (UIKit's catch); only a touch on a carousel at rest waits to see which way it goes. On the
    manual clock the carousel is still moving when the finger comes, however slow the machine."""
    session = f"t-{uuid.uuid4().hex[:8]}"
    page = open_page(server.url(f"?session={session}&clock=manual"), **PHONE)
    page.wait_for_selector(".slot img")
    with open_socket(f"ws://127.0.0.1:{server.port}/ws?session={session}") as connection:
        clock = ManualClock(connection)
        page.click("#next")
        frame = clock.until(lambda m: m["type"] == "frame" and m["phase"] == "animating")
        frame = clock.advance(48)  # under way, and no time passes until the test says so
        assert frame["phase"] == "animating", frame
        page.wait_for_function("() => document.querySelector('#carousel').dataset.phase === 'animating'")
        before = len(pointer_messages(open_page, page))
        cdp = page.context.new_cdp_session(page)
        x, y = centre(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        # The down alone, no move: the server answers with the carousel held under the finger.
        page.wait_for_function("() => document.querySelector('#carousel').dataset.phase === 'dragging'")
        assert [m["phase"] for m in pointer_messages(open_page, page)[before:]] == ["down"]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()
        clock.until(lambda m: m["type"] == "frame" and m["phase"] != "dragging")
        while frame["phase"] != "idle":
            assert frame["time"] <= 2000, frame
            frame = clock.advance(16)
        page.wait_for_function("() => document.querySelector('#carousel').dataset.phase === 'idle'")


def test_the_card_feed_gets_the_mirrored_touch_action(server, open_page):
    page = open_page(session_url(server), **PHONE)
    assert touch_action(page) == "pan-y"
    page.select_option("select[name=preset]", "cards")
    page.wait_for_selector(".slot.photo img")
    assert touch_action(page) == "pan-x"
    # Across the feed's axis the browser takes the finger: the feed does not move...
    record_phases(page)
    touch_swipe(page, -150, 0)
    assert carousel_state(page)["index"] == "0"
    # ...and along it the feed follows the finger, not the page (past half a card: it pages even
    # when released slowly).
    touch_swipe(page, 0, -340)
    wait_idle_at(page, 1)
    # The cross-axis touch sent nothing (its `down` waited for a move the browser never let come):
    # the one gesture is the swipe along the feed.
    phases = [message["phase"] for message in pointer_messages(open_page, page)]
    assert phases[0] == "down" and phases.count("down") == 1 and phases[-1] == "up" and "cancel" not in phases, phases
    assert page.evaluate("() => [scrollX, scrollY]") == [0, 0]
    page.select_option("select[name=preset]", "banner")
    page.wait_for_function("() => getComputedStyle(document.querySelector('#viewport')).touchAction === 'pan-y'")


def test_a_card_feed_opened_by_url_starts_with_pan_x(server, open_page):
    page = open_page(session_url(server, preset="cards"), **PHONE)
    page.wait_for_selector(".slot.photo img")
    assert touch_action(page) == "pan-x"
