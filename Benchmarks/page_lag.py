"""Finger-to-pixel lag of a mouse drag on the page in headless Chromium, through a loopback relay
that delays each direction by 0, 25 and 75 ms (a phone on ordinary Wi-Fi, and a poor one), against
an element moved straight from the same pointer events in the same run (the floor any carousel in a
browser reaches). Two pages: one drawing the server's frames (`engine=frames`), and the page as it
opens, drawing from the engine stream with its own finger predicted. For every display frame of the drag,
the lag is how long ago the finger was where the content (or the element) is drawn; medians.

    CAROUSEL_PREVIEW_BIN=.build/release/carousel-preview .venv/bin/python Benchmarks/page_lag.py
"""

import json
import os
import statistics
import sys
import uuid
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "deploy"))
from preview_process import start_preview  # noqa: E402
from relay import DelayingRelay  # noqa: E402

BINARY = os.environ.get("CAROUSEL_PREVIEW_BIN", str(ROOT / ".build" / "release" / "carousel-preview"))
DELAYS_MS = [0, 25, 75]
DRAGS = 3


# A marker element moved straight from the page's own pointer events, and a record, per display
# frame, of where the content of item 0 and the marker are drawn, and of every pointer event.
INSTRUMENT = """() => {
    const marker = document.createElement('div');
    marker.style.cssText = 'position:fixed;left:600px;top:0;width:4px;height:4px;background:red;z-index:9';
    document.body.append(marker);
    let startX = null;
    window.lagLog = { frames: [], events: [] };
    // From where the finger went down, as the carousel's drag is (a touch's first move comes only
    // past the browser's slop, several pixels on).
    addEventListener('pointerdown', (event) => {
        startX = event.clientX;
        window.lagLog.events.push([event.timeStamp, event.clientX]);
    }, true);
    addEventListener('pointermove', (event) => {
        if (startX === null) return;
        marker.style.transform = `translateX(${event.clientX - startX}px)`;
        // A touch's moves come coalesced, one event a display frame: each sample has its own time.
        const samples = event.getCoalescedEvents?.() ?? [];
        for (const sample of samples.length > 0 ? samples : [event]) window.lagLog.events.push([sample.timeStamp, sample.clientX]);
    }, true);
    const slot = () => document.querySelector('.slot[data-item="0"]');
    const record = (time) => {
        const item = slot();
        if (item) window.lagLog.frames.push([time, item.getBoundingClientRect().left, marker.getBoundingClientRect().left]);
        requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
}"""


def lags(log):
    """Median lag (ms) of the content and of the marker: for each frame drawn while the finger moved,
    how long before the frame the finger was where the frame shows it."""
    events = log["events"]
    if len(events) < 10:
        return None
    start_x = events[0][1]
    first_time, last_time = events[0][0], events[-1][0]
    frames = [f for f in log["frames"] if first_time + 50 <= f[0] <= last_time]
    if not frames:
        return None
    content_start = next(f[1] for f in log["frames"] if f[0] >= first_time - 200)
    marker_start = next(f[2] for f in log["frames"] if f[0] >= first_time - 200)

    def when_finger_at(displacement):
        # The finger moves left at a steady pace: the time it reached `displacement` (interpolated).
        for (t0, x0), (t1, x1) in zip(events, events[1:], strict=False):
            d0, d1 = x0 - start_x, x1 - start_x
            if (d0 - displacement) * (d1 - displacement) <= 0 and d0 != d1:
                return t0 + (t1 - t0) * (displacement - d0) / (d1 - d0)
        return None

    content, marker = [], []
    for time, content_left, marker_left in frames:
        for samples, moved in ((content, content_left - content_start), (marker, marker_left - marker_start)):
            reached = when_finger_at(moved)
            if reached is not None and moved < -2:
                samples.append(time - reached)
    if not content or not marker:
        return None
    return statistics.median(content), statistics.median(marker)


def drag_once(page, touch):
    """A drag to the left at about 300 px/s, moves 16 ms apart, as a person's steady drag: a mouse's,
    or a finger's on a touch screen."""
    box = page.locator("#viewport").bounding_box()
    x, y = box["x"] + box["width"] * 0.8, box["y"] + box["height"] / 2
    client = page.context.new_cdp_session(page)
    if touch:
        client.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    else:
        client.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        client.send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": y, "button": "left", "clickCount": 1})
    for step in range(1, 40):
        page.wait_for_timeout(16)
        if touch:
            client.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x - 5 * step, "y": y}]})
        else:
            client.send("Input.dispatchMouseEvent",
                        {"type": "mouseMoved", "x": x - 5 * step, "y": y, "button": "left", "buttons": 1})
    if touch:
        client.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    else:
        client.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x - 195, "y": y, "button": "left", "clickCount": 1})
    page.wait_for_timeout(600)


DEVICES = {
    "desktop mouse": {"viewport": {"width": 1280, "height": 800}},
    "390x844 touch": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}


def measure(browser, url, device):
    context = browser.new_context(**DEVICES[device])
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#carousel[data-phase='idle']", timeout=30000)
    page.wait_for_timeout(500)
    results = []
    for _ in range(DRAGS):
        page.evaluate(INSTRUMENT)
        drag_once(page, touch=device != "desktop mouse")
        measured = lags(page.evaluate("() => window.lagLog"))
        if measured:
            results.append(measured)
        page.wait_for_timeout(800)
    context.close()
    if not results:
        return None
    return {"content_ms": statistics.median(r[0] for r in results), "direct_ms": statistics.median(r[1] for r in results)}


def main():
    server = start_preview(BINARY, ["--public", str(ROOT / "public"), "--log-level", "error"])
    results = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for delay in DELAYS_MS:
                relay = DelayingRelay(server.port, delay / 1000)
                try:
                    for device in DEVICES:
                        for name, query in (("frames", "&engine=frames"), ("stream", "")):
                            url = f"http://127.0.0.1:{relay.port}/?session=lag-{uuid.uuid4().hex[:8]}&preset=paged{query}"
                            results[f"{device}, {name}, {delay} ms"] = measure(browser, url, device)
                finally:
                    relay.close()
            browser.close()
    finally:
        server.stop()
    print(f"\n{'finger-to-pixel lag, ms each way':36s} {'page':>8s} {'direct':>8s} {'over':>8s}")
    for name, row in results.items():
        if row is None:
            print(f"{name:36s} no measurement")
            continue
        print(f"{name:36s} {row['content_ms']:7.1f}  {row['direct_ms']:7.1f}  {row['content_ms'] - row['direct_ms']:7.1f}")
    output = ROOT / ".build" / "bench"
    output.mkdir(parents=True, exist_ok=True)
    (output / "page_lag.json").write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
