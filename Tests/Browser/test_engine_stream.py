"""A page that follows the session's engine stream (`?engine=stream`) draws the session with its own
engine at the display's rate, from a handful of messages, and draws what a page fed the server's
frames draws: to the pixel at rest, and at every step of a manual clock mid-flight."""

import json

from conftest import PHONE
from page_helpers import DRAWS_FRAMES, HeldAnswers, centre, drag, new_session, wait_idle_at
from playwright.sync_api import expect
from sockets import open_socket

# Where each visible slot is drawn, left to right (what a person sees).
SLOTS = """() => [...document.querySelectorAll('.slot:not([hidden])')]
    .map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])"""


# Resolves once what the page was told is painted (the renderer draws at the next frame).
PAINTED = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def drawn_at(page, time):
    """Waits until `page` shows session time `time` (ms) and has painted it."""
    page.wait_for_function("t => Number(document.querySelector('#carousel').dataset.time) >= t - 1e-6", arg=time)
    page.evaluate(PAINTED)


def test_a_stream_page_and_a_frames_page_show_the_same_flick_and_rest_the_same(server, open_page):
    session = new_session("stream")
    stream = open_page(server.url(f"?session={session}&engine=stream"))
    frames = open_page(server.url(f"?session={session}{DRAWS_FRAMES}"))
    wait_idle_at(stream, 0)
    wait_idle_at(frames, 0)
    welcome = next(m for m in open_page.received(stream) if m["type"] == "welcome")
    assert welcome.get("engine") == "stream"
    # A flick on the frames page, then one on the stream page: both pages follow both.
    drag(frames, -260, 120, 8)
    wait_idle_at(frames, 1)
    wait_idle_at(stream, 1)
    drag(stream, -260, 120, 8)
    wait_idle_at(stream, 2)
    wait_idle_at(frames, 2)
    for page in (stream, frames):
        page.evaluate(PAINTED)
    assert stream.evaluate(SLOTS) == frames.evaluate(SLOTS)
    received = open_page.received(stream)
    engine = [m for m in received if m["type"] == "engine"]
    assert engine and engine[0].get("start") is True
    assert not [m for m in received if m["type"] == "frame"], "the stream page was sent no frames"
    frames_sent = [m for m in open_page.received(frames) if m["type"] == "frame"]
    assert len(engine) < len(frames_sent), (len(engine), len(frames_sent))


def test_on_a_manual_clock_the_stream_page_draws_every_step_of_a_flick_as_the_frames_page(server, open_page):
    session = new_session("manual")
    stream = open_page(server.url(f"?session={session}&clock=manual&preset=coverflow&autoscroll=off&engine=stream"))
    frames = open_page(server.url(f"?session={session}{DRAWS_FRAMES}"))
    expect(stream.locator("#carousel")).to_have_attribute("data-phase", "idle")
    with open_socket(f"ws://127.0.0.1:{server.port}/ws?session={session}") as driver:

        def send(message):
            driver.send(json.dumps(message))

        send({"type": "pointer", "phase": "down", "x": 300, "y": 90, "t": 0})
        for step in range(1, 7):
            send({"type": "advance", "ms": 16})
            send({"type": "pointer", "phase": "move", "x": 300 - 40 * step, "y": 90, "t": 16 * step})
        send({"type": "pointer", "phase": "up", "x": 60, "y": 90, "t": 96})
        compared = 0
        for step in range(12):
            send({"type": "advance", "ms": 24.5})
            time = 96 + 24.5 * (step + 1)
            for page in (stream, frames):
                drawn_at(page, time)
            assert stream.evaluate(SLOTS) == frames.evaluate(SLOTS), f"step {step}"
            compared += 1
    assert compared == 12


def test_a_card_feed_from_the_stream_draws_its_photo_cards(server, open_page):
    page = open_page(server.url(f"?session={new_session('cards')}&preset=cards&engine=stream"), **PHONE)
    page.wait_for_selector(".slot.photo img, .slot.card", timeout=10000)
    assert page.evaluate("() => [...document.querySelectorAll('.slot:not([hidden])')].every(s => s.classList.length > 1)")


def test_the_stream_page_draws_its_own_drag_at_once_and_ends_where_the_session_does(server, open_page):
    """Nothing comes back from the server while the finger moves (its answers are held), yet the
    stream page's content follows the finger; once the answers come, no correction, and the page
    rests where a frames page does."""
    session = new_session("predict")
    answers = HeldAnswers()
    stream = open_page(server.url(f"?session={session}&engine=stream"), prepare=answers.attach)
    frames = open_page(server.url(f"?session={session}{DRAWS_FRAMES}"))
    wait_idle_at(stream, 0)
    wait_idle_at(frames, 0)
    stream.evaluate(PAINTED)
    before = stream.evaluate(SLOTS)
    answers.holding = True
    x, y = centre(stream)
    stream.mouse.move(x, y)
    stream.mouse.down()
    for step in range(1, 11):
        stream.mouse.move(x - 12 * step, y)
        stream.evaluate(PAINTED)
    moved = stream.evaluate(SLOTS)
    assert [slot[0] for slot in moved] == [slot[0] - 120 for slot in before], (before, moved)
    assert answers.held, "the server's answers were held back"
    stream.mouse.up()
    answers.release()
    wait_idle_at(stream, 0)
    wait_idle_at(frames, 0)
    for page in (stream, frames):
        page.evaluate(PAINTED)
    assert stream.evaluate(SLOTS) == frames.evaluate(SLOTS)
    expect(stream.locator("#latency")).to_have_text("in page · 0 corrections")
    sent = [m for m in open_page.sent(stream) if m["type"] == "pointer"]
    assert sent and all("at" in m for m in sent), "every pointer message was stamped"
