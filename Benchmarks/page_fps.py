"""How smoothly the page draws while the Motion timeline is busy: opens the page in headless
Chromium at 1280x800 and at the 390x844 phone layout, keeps the carousel moving for 5 s (a flick
every 600 ms, with the mouse or a finger, plus auto-scroll every 300 ms), counts the page's
requestAnimationFrame callbacks and prints, per layout, the median frames per second, the 95th
percentile frame interval and how many frames took longer than 25 ms.

    CAROUSEL_PREVIEW_BIN=.build/release/carousel-preview .venv/bin/python Benchmarks/page_fps.py

The binary defaults to the debug build; Chromium is Debian's (/usr/bin/chromium), like the tests'.
"""

import json
import os
import signal
import statistics
import sys
import time
import uuid
from pathlib import Path

from playwright.sync_api import sync_playwright
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "deploy"))
from preview_process import PreviewStartError, start_preview  # noqa: E402

BINARY = os.environ.get("CAROUSEL_PREVIEW_BIN", str(ROOT / ".build" / "debug" / "carousel-preview"))
SECONDS = 5.0
FLICK_EVERY_MS = 600
LAYOUTS = {
    "desktop 1280x800": {"viewport": {"width": 1280, "height": 800}},
    "phone 390x844": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2},
}

# Every requestAnimationFrame callback's time from now on, in the page's own loop.
COUNT_FRAMES = """() => {
    window.frameTimes = [];
    const loop = (now) => { window.frameTimes.push(now); if (!window.stopCounting) requestAnimationFrame(loop); };
    requestAnimationFrame(loop);
}"""


def start_server():
    """The server on a free port (deploy/preview_process.py reads its ready line); exits saying why if
    it does not start."""
    try:
        return start_preview(BINARY, ["--public", str(ROOT / "public"), "--log-level", "warning"])
    except PreviewStartError as error:
        sys.exit(f"the server did not start: {error}")


def flick(page, direction, is_touch):
    """A quick horizontal flick across the viewport's middle, stamped through CDP (60 ms, 6 moves)."""
    box = page.locator("#viewport").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    distance = 0.35 * box["width"] * direction
    cdp = page.context.new_cdp_session(page)
    start = time.time()
    if is_touch:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}], "timestamp": start})
    else:
        page.mouse.move(x, y)
        cdp.send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1, "timestamp": start})
    for step in range(1, 7):
        page.wait_for_timeout(10)
        at = x + distance * step / 6
        if is_touch:
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": at, "y": y}], "timestamp": start + step * 0.01})
        else:
            cdp.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": at, "y": y, "button": "left", "buttons": 1, "timestamp": start + step * 0.01})
    if is_touch:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [], "timestamp": start + 0.06})
    else:
        cdp.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x + distance, "y": y, "button": "left", "buttons": 0, "clickCount": 1, "timestamp": start + 0.06})
    cdp.detach()


def measure(browser, port, options):
    session = f"fps-{uuid.uuid4().hex[:8]}"
    context = browser.new_context(**options)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"http://127.0.0.1:{port}/?session={session}")
    page.wait_for_selector(".slot[data-item='1']")
    # Auto-scroll every 300 ms, set by a second viewer, as any viewer may.
    with connect(f"ws://127.0.0.1:{port}/ws?session={session}") as viewer:
        viewer.send(json.dumps({"type": "configure", "config": {"autoscroll": {"enabled": True, "intervalMs": 300}}}))
        page.wait_for_function("() => document.querySelector('#carousel').dataset.autoscroll === 'running'")
    page.locator("#timeline").scroll_into_view_if_needed()
    page.evaluate(COUNT_FRAMES)
    is_touch = bool(options.get("has_touch"))
    started = time.monotonic()
    flicks = 0
    while time.monotonic() - started < SECONDS:
        flick(page, -1 if flicks % 3 != 2 else 1, is_touch)
        flicks += 1
        page.wait_for_timeout(max(0, FLICK_EVERY_MS - 80))
    times = page.evaluate("() => { window.stopCounting = true; return window.frameTimes }")
    label = page.get_attribute("#timeline", "aria-label")
    events = page.locator("#event-list li").count()
    context.close()
    if errors:
        sys.exit(f"page errors: {errors}")
    intervals = sorted(b - a for a, b in zip(times, times[1:], strict=False))
    median = statistics.median(intervals)
    p95 = intervals[min(len(intervals) - 1, int(round(0.95 * (len(intervals) - 1))))]
    return {
        "frames": len(times),
        "fps": 1000 / median,
        "p95": p95,
        "long": sum(1 for interval in intervals if interval > 25),
        "flicks": flicks,
        "label": label,
        "events": events,
    }


def main():
    server = start_server()
    port = server.port
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            results = {name: measure(browser, port, options) for name, options in LAYOUTS.items()}
            browser.close()
    finally:
        server.stop(signal_number=signal.SIGINT)
    print(f"{'layout':<18} {'median fps':>10} {'p95 interval ms':>16} {'frames > 25 ms':>15} {'rAF callbacks':>14} {'flicks':>7}")
    for name, result in results.items():
        print(f"{name:<18} {result['fps']:>10.1f} {result['p95']:>16.1f} {result['long']:>15} {result['frames']:>14} {result['flicks']:>7}")
    for name, result in results.items():
        print(f"{name}: {result['events']} log lines; {result['label']}")


if __name__ == "__main__":
    main()
