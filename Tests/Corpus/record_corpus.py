"""Records the gesture corpus `carousel-preview feel` scores (public/corpus): each gesture
made in real Chromium on the page, by CDP mouse or touch events stamped at a real device's sample
spacing (8 ms: a 125 Hz mouse, a 120 Hz touch screen) and sent at that pace, recorded by the page's
own Record button in a session of its own, and saved as the recording the server sent back.

    python3 Tests/Corpus/record_corpus.py BINARY [OUT_FOLDER [NAME...]]

With NAMEs, only those gestures are recorded again (the others' files stay as they are).

`make corpus` runs it. The gestures and what each tests are listed in GESTURES (and in the
folder's README.md); run it again only to change the corpus, then write the baseline again."""

import json
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
from page_helpers import centre, drag, touch_swipe  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from preview_process import start_preview  # noqa: E402

SAMPLE_MS = 8  # a 125 Hz mouse and a 120 Hz touch screen both sample about this often


def mouse(distance, duration_ms, pause_ms=0, dy=0):
    """A mouse drag by (distance, dy) sampled every SAMPLE_MS over `duration_ms`, held `pause_ms`."""
    steps = max(1, round(duration_ms / SAMPLE_MS))
    return lambda page: drag(page, distance, duration_ms, steps, pause_ms, dy=dy, paced=True)


def flick(speed, direction):
    """A flick at about `speed` pt/s: 80 ms of travel at that speed (the page moves the content
    the other way from the finger: -1 is toward the next item)."""
    return mouse(direction * speed * 0.08, 80)


def touch(dx, dy, duration_ms):
    steps = max(1, round(duration_ms / SAMPLE_MS))
    return lambda page: touch_swipe(page, dx, dy, steps=steps, duration_ms=duration_ms)


def path(distance, duration_ms, start_ms, pause_ms=0):
    """A mouse gesture's events by (distance) over `duration_ms` from `start_ms`, sampled every
    SAMPLE_MS and held `pause_ms`: (kind, dx, time in ms)."""
    steps = max(1, round(duration_ms / SAMPLE_MS))
    moves = [("mouseMoved", distance * step / steps, start_ms + duration_ms * step / steps) for step in range(1, steps + 1)]
    return [("mousePressed", 0, start_ms)] + moves + [("mouseReleased", distance, start_ms + duration_ms + pause_ms)]


def then(*paths):
    """Mouse gestures at their planned times, in one CDP session sent at their pace, so the gap
    between them is exactly what was planned (the next one catches the last mid-flight)."""
    def run(page):
        x, y = centre(page)
        page.mouse.move(x, y)
        cdp = page.context.new_cdp_session(page)
        begin = time.time() + 0.05
        for kind, dx, at_ms in [event for events in paths for event in events]:
            at = begin + at_ms / 1000
            if at > time.time():
                page.wait_for_timeout((at - time.time()) * 1000)
            buttons = 0 if kind == "mouseReleased" else 1
            cdp.send("Input.dispatchMouseEvent", {"type": kind, "x": x + dx, "y": y, "button": "left", "buttons": buttons,
                                                  "clickCount": 0 if kind == "mouseMoved" else 1, "timestamp": at})
        cdp.detach()
    return run


def wheel(deltas, spacing_ms, shift=False):
    """Wheel events over the carousel's centre by CDP: `deltas` (dx, dy) in CSS pixels, `spacing_ms`
    apart and sent at that pace, Shift held when `shift` (a vertical wheel turned sideways)."""
    def run(page):
        x, y = centre(page)
        page.mouse.move(x, y)
        cdp = page.context.new_cdp_session(page)
        begin = time.time() + 0.05
        for index, (dx, dy) in enumerate(deltas):
            at = begin + index * spacing_ms / 1000
            if at > time.time():
                page.wait_for_timeout((at - time.time()) * 1000)
            cdp.send("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "deltaX": dx, "deltaY": dy,
                                                  "modifiers": 8 if shift else 0, "timestamp": at})
        cdp.detach()
    return run


# A trackpad's two-finger swipe as macOS reports it, 60 events a second: the fingers' own speed up and
# down, then the system's momentum tail, 154 px in all.
TRACKPAD = [2, 5, 10, 16, 20, 22, 20, 17, 13, 10, 7, 5, 3, 2, 1, 1]

# name: (what it tests, the gesture, whether it is a touch).
GESTURES = {
    "slow-drag-next": ("a slow drag past half a page toward the next item, held still before the release", mouse(-220, 880, 120), False),
    "slow-drag-back": ("the same toward the previous item", mouse(220, 880, 120), False),
    "gentle-swipe-short": ("a gentle swipe under half a page, which should not change the page", mouse(-70, 480, 60), False),
    "flick-300-next": ("a flick at about 300 pt/s, the slowest a hand calls a flick", flick(300, -1), False),
    "flick-1000-next": ("a flick at about 1,000 pt/s", flick(1000, -1), False),
    "flick-1000-back": ("the same toward the previous item", flick(1000, 1), False),
    "flick-3000-next": ("a hard flick at about 3,000 pt/s", flick(3000, -1), False),
    "flick-3000-back": ("the same toward the previous item", flick(3000, 1), False),
    "flick-8000-next": ("a very hard flick at about 8,000 pt/s, which may skip several items", flick(8000, -1), False),
    "flick-8000-back": ("the same toward the previous item", flick(8000, 1), False),
    "double-flick": ("two flicks at 1,000 pt/s, the second 150 ms after the first's release: it catches the first mid-flight", then(path(-80, 80, 0), path(-80, 80, 230)), False),
    "caught-mid-flight": ("a hard flick (3,000 pt/s) caught 60 ms after its release and held still for 200 ms", then(path(-240, 80, 0), path(0, 200, 140)), False),
    "edge-pull-first": ("a pull past the first item (an edge pull on a strip, a move back on a loop)", mouse(150, 320, 60), False),
    "vertical-flick-up": ("a vertical flick: a cross-axis attempt on a horizontal carousel, a flick on the card feed", mouse(0, 80, dy=-240), False),
    "vertical-flick-down": ("the same the other way", mouse(0, 80, dy=240), False),
    "touch-flick-next": ("a finger's flick on a phone (touch events, 120 Hz)", touch(-160, 0, 96), True),
    "touch-diagonal-swipe": ("a finger's diagonal swipe, mostly along the carousel, partly across it", touch(-140, -60, 120), True),
    "wheel-notches-next": ("three notches of a mouse wheel with Shift (sideways), 60 ms apart, toward the next item", wheel([(0, 100)] * 3, 60, shift=True), False),
    "wheel-notches-back": ("the same toward the previous item", wheel([(0, -100)] * 3, 60, shift=True), False),
    "trackpad-swipe-next": ("a trackpad's two-finger swipe with its momentum tail (60 Hz events, 154 px)", wheel([(dx, 0) for dx in TRACKPAD], 16), False),
    "trackpad-swipe-back": ("the same toward the previous item", wheel([(-dx, 0) for dx in TRACKPAD], 16), False),
}


def record(browser, port, name, gesture, is_touch, out):
    options = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True} if is_touch else {"viewport": {"width": 1100, "height": 760}}
    context = browser.new_context(**options)
    page = context.new_page()
    received = []
    page.on("websocket", lambda socket: socket.on("framereceived", lambda text: received.append(text)))
    page.goto(f"http://127.0.0.1:{port}/?session=corpus-{uuid.uuid4().hex[:8]}")
    page.wait_for_selector(".slot[data-item='1']")
    page.locator("#viewport").scroll_into_view_if_needed()
    page.get_by_role("button", name="Record", exact=True).click()
    deadline = time.monotonic() + 10
    while not any(text.startswith('{"type":"record","state":"started"') for text in received):
        assert time.monotonic() < deadline, "recording did not start"
        page.wait_for_timeout(20)
    gesture(page)
    # Recording the motion to its rest: every release rests within 400 ms.
    page.wait_for_timeout(700)
    page.wait_for_function("() => document.querySelector('#carousel').dataset.phase === 'idle'")
    page.get_by_role("button", name="Stop recording", exact=True).click()
    deadline = time.monotonic() + 10
    while not any(text.startswith('{"type":"recording"') for text in received):
        assert time.monotonic() < deadline, "no recording came back"
        page.wait_for_timeout(20)
    recording = next(json.loads(text)["recording"] for text in received if text.startswith('{"type":"recording"'))
    (out / f"{name}.json").write_text(json.dumps(recording, separators=(",", ":")) + "\n")
    pointers = sum(1 for step in recording["steps"] if step.get("message", {}).get("type") == "pointer" or step.get("pointer"))
    wheels = sum(1 for step in recording["steps"] if step.get("message", {}).get("type") == "wheel")
    print(f"{name}: {len(recording['steps'])} steps ({pointers} pointer, {wheels} wheel)")
    context.close()


def main():
    binary = sys.argv[1]
    out = Path(sys.argv[2] if len(sys.argv) > 2 else ROOT / "public" / "corpus")
    out.mkdir(parents=True, exist_ok=True)
    with start_preview(binary, ["--public", str(ROOT / "public"), "--log-level", "warning"]) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        names = sys.argv[3:] or list(GESTURES)
        for name in names:
            _, gesture, is_touch = GESTURES[name]
            record(browser, server.port, name, gesture, is_touch, out)
        browser.close()
    readme = ["# The gesture corpus", "", "Recorded by `make corpus` (Tests/Corpus/record_corpus.py) in Chromium, each in a session of its own,",
              "by CDP events stamped 8 ms apart and sent at that pace; `carousel-preview feel` scores them and",
              "`make test` gates them on `Tests/Fixtures/feel-baseline.json`. Each file and what it tests:", ""]
    readme += [f"- `{name}.json`: {what}" for name, (what, _, _) in GESTURES.items()]
    (out / "README.md").write_text("\n".join(readme) + "\n")


if __name__ == "__main__":
    main()
