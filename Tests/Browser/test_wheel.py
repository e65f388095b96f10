"""Wheel and trackpad in real Chromium: a two-finger horizontal swipe pages once (its inertial tail
does not page again), a vertical wheel over the banner scrolls what holds it instead (beside the
panel the stage, which scrolls Motion within itself; on a phone the page), and Shift+wheel
(a mouse's sideways wheel) pages the banner. Wheel events are dispatched through the DevTools
protocol (`Input.dispatchMouseEvent`, type `mouseWheel`), as the browser gets them from a device."""

import math

from conftest import PHONE
from page_helpers import DRAWS_FRAMES, look, new_session, note_gesture, settle_visuals, wait_idle_at

WIDE = {"viewport": {"width": 1280, "height": 800}}
SHIFT = 8  # the DevTools protocol's modifier bit for Shift


def open_banner(open_page, server, **options):
    page = open_page(server.url(f"?session={new_session('wheel')}&preset=banner{DRAWS_FRAMES}"), **options)
    page.wait_for_selector(".slot[data-item='1']")
    wait_idle_at(page, 0)
    return page


def wheel(page, cdp, dx=0.0, dy=0.0, modifiers=0):
    box = page.locator("#viewport").bounding_box()
    cdp.send(
        "Input.dispatchMouseEvent",
        {
            "type": "mouseWheel",
            "x": box["x"] + box["width"] / 2,
            "y": box["y"] + box["height"] / 2,
            "deltaX": dx,
            "deltaY": dy,
            "modifiers": modifiers,
        },
    )


def trackpad_swipe(page, cdp):
    """60 events about 10 ms apart, rising for 15 and then decaying: fingers that speed up and
    lift, and the OS's momentum after them."""
    for event in range(60):
        delta = 2 * (event + 1) if event < 15 else 30 * 0.92 ** (event - 14)
        wheel(page, cdp, dx=round(delta, 1))
        page.wait_for_timeout(10)  # the events' own pace, not a wait for a condition


def page_changes(open_page, page):
    return [
        event
        for message in open_page.received(page)
        if message.get("type") == "frame"
        for event in message.get("events", [])
        if event.get("type") == "pageChanged"
    ]


def wheel_messages(open_page, page):
    return [message for message in open_page.sent(page) if message.get("type") == "wheel"]


def test_a_horizontal_trackpad_swipe_pages_once(server, open_page):
    page = open_banner(open_page, server, **WIDE)
    cdp = page.context.new_cdp_session(page)
    note_gesture(page)
    trackpad_swipe(page, cdp)
    sent = wheel_messages(open_page, page)
    assert len(sent) == 60 and all(message["dx"] > 0 and message["dy"] == 0 for message in sent)
    # The last event's answer, then the rest: the swipe's release and its settling.
    last_seq = sent[-1]["seq"]
    page.wait_for_timeout(400)  # the stream's quiet time passes on the server, and the page settles
    page.wait_for_function("() => document.querySelector('#carousel').dataset.phase === 'idle'")
    gaps = [round(b["t"] - a["t"]) for a, b in zip(sent, sent[1:], strict=False)]
    assert page.eval_on_selector("#carousel", "c => c.dataset.index") == "1", f"events {gaps} ms apart"
    assert [event["index"] for event in page_changes(open_page, page)] == [1], f"events {gaps} ms apart"
    assert any(m.get("type") == "frame" and (m.get("input") or {}).get("seq") == last_seq for m in open_page.received(page))
    # The event log says what started the gesture: a wheel, not a mouse.
    gestures = page.locator("#event-list li[data-kind='gesture']").all_inner_texts()
    assert any("wheel" in line for line in gestures), gestures
    settle_visuals(page)
    look(page, "wheel-swipe-wide.png")


def test_a_vertical_wheel_over_the_banner_scrolls_the_stage(server, open_page):
    page = open_banner(open_page, server, **WIDE)
    # Beside the panel the stage holds the banner and scrolls (its Motion panel is below the fold).
    assert page.evaluate(
        "() => { const stage = document.querySelector('.stage'); return stage.scrollHeight > stage.clientHeight; }"
    )
    box = page.locator("#viewport").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for _ in range(3):
        page.mouse.wheel(0, 120)
    page.wait_for_function("() => document.querySelector('.stage').scrollTop > 0 || scrollY > 0")
    assert wheel_messages(open_page, page) == []
    assert page.eval_on_selector("#carousel", "c => c.dataset.index") == "0"
    assert page_changes(open_page, page) == []


def test_shift_wheel_pages_the_banner(server, open_page):
    # One notch of a mouse's vertical wheel with Shift held: the engine releases a lone notch when its
    # stream falls quiet, so it pages exactly once whatever the machine's load does to the timing
    # (bursts of notches, one item per burst, are the engine's tests, on a clock they control).
    page = open_banner(open_page, server, **WIDE)
    cdp = page.context.new_cdp_session(page)
    note_gesture(page)
    wheel(page, cdp, dy=100, modifiers=SHIFT)
    wait_idle_at(page, 1)
    sent = wheel_messages(open_page, page)
    assert len(sent) == 1 and math.isclose(sent[0]["dx"], 100) and sent[0]["dy"] == 0
    assert page.evaluate("() => scrollY") == 0  # the carousel took it: the page did not scroll
    page.wait_for_timeout(400)  # nothing more may move
    assert [event["index"] for event in page_changes(open_page, page)] == [1]
    # And back, Shift+wheel up.
    wheel(page, cdp, dy=-100, modifiers=SHIFT)
    page.wait_for_function("() => document.querySelector('#carousel').dataset.index === '0'")


def test_the_banner_after_a_wheel_notch_on_a_phone_sized_page(server, open_page):
    # A phone has no trackpad, and its emulation paces dispatched wheel events hundreds of ms apart
    # (no swipe at all), so one notch, whose paging does not depend on the pace, is the look here.
    page = open_banner(open_page, server, **PHONE)
    cdp = page.context.new_cdp_session(page)
    note_gesture(page)
    wheel(page, cdp, dx=100)
    wait_idle_at(page, 1)
    settle_visuals(page)
    look(page, "wheel-notch-phone.png")
