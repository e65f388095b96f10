"""One viewer's gestures through a jittery network, in headless Chromium: a relay delays each
direction by 25 ms plus up to 10 ms more (order kept). Seeded gestures (drags, flicks, flicks caught
mid-flight, wheel swipes, free-scroll flicks) on a dragging page, while two watcher pages follow the
same session through the same relay: one running the engine (the page as it opens) and one drawing
the server's frames (`engine=frames`). Reports the dragging page's corrections, whether its last
drawn frame after each gesture is the server's to the bit (offset and item, against a headless
client on the server's own port), and each watcher's drawn-frame intervals while the carousel moves
(p95 against the display's own interval).

    CAROUSEL_PREVIEW_BIN=.build/release/carousel-preview .venv/bin/python Benchmarks/page_jitter.py
    JITTER_SEED=N repeats a run; JITTER_GESTURES=N runs fewer or more gestures (200 by default).
"""

import json
import os
import random
import statistics
import sys
import threading
import uuid
from pathlib import Path

from playwright.sync_api import sync_playwright
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "deploy"))
from preview_process import start_preview  # noqa: E402
from relay import DelayingRelay  # noqa: E402

BINARY = os.environ.get("CAROUSEL_PREVIEW_BIN", str(ROOT / ".build" / "release" / "carousel-preview"))
DELAY_S, JITTER_S = 0.025, 0.010
GESTURES = int(os.environ.get("JITTER_GESTURES", "200"))
WIDE = {"viewport": {"width": 1280, "height": 800}}

# Every display frame: when the carousel's drawn time changed while it moved (a drawn frame), and
# every display frame's own time (the display's interval).
WATCH = """() => {
    window.drawnLog = { drawn: [], display: [] };
    let last = null;
    const record = (time) => {
        const carousel = document.querySelector('#carousel');
        window.drawnLog.display.push(time);
        if (carousel.dataset.phase !== 'idle' && carousel.dataset.time !== last) window.drawnLog.drawn.push(time);
        last = carousel.dataset.time;
        requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
}"""


# Every display frame: how far the drawn slots moved since the last (by an item both show) and how
# far the engine's own offset moved, for a jump measure; and the page's correction count.
STEPS = """() => {
    window.stepLog = [];
    let last = null;
    const record = () => {
        const slots = new Map([...document.querySelectorAll('.slot:not([hidden])')]
            .map((slot) => [slot.dataset.item, slot.getBoundingClientRect().left]));
        const offset = Number(document.querySelector('#carousel').dataset.offset);
        if (last) {
            const item = [...slots.keys()].find((key) => key !== '' && last.slots.has(key));
            const drawn = item === undefined ? 0 : slots.get(item) - last.slots.get(item);
            window.stepLog.push([drawn, offset - last.offset, document.querySelector('#latency').textContent]);
        }
        last = { slots, offset };
        requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
}"""

# How many frames back the motion's own largest step is looked for (the page's blend forgets it by
# 5 % a frame, so about this many frames).
RECENT_FRAMES = 30
# A loop's engine offset may be recentred; a step larger than this is that, not motion.
RECENTRED_PT = 300


def jumps(log):
    """Frames whose drawn step was larger than the engine's own largest step over the frames before
    it (at least 2 pt, the least a correction moves), and the largest such ratio."""
    over, worst = 0, 0.0
    for index, (drawn, _, _) in enumerate(log):
        recent = [abs(e) for _, e, _ in log[max(0, index - RECENT_FRAMES):index + 1] if abs(e) < RECENTRED_PT]
        bound = max([2.0, *recent])
        if abs(drawn) > bound + 0.5 and abs(drawn) < RECENTRED_PT:
            over += 1
            worst = max(worst, abs(drawn) / bound)
    return over, worst


class ServerFrames:
    """A headless client on the server's own port (no relay): the session's frames as sent."""

    def __init__(self, port, session):
        self.socket = connect(f"ws://127.0.0.1:{port}/ws?session={session}&engine=frames", proxy=None)
        self.last = None
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        try:
            for text in self.socket:
                message = json.loads(text)
                if message.get("type") == "frame":
                    self.last = message
        except Exception:  # noqa: BLE001 (closed at the end of the run)
            return


def centre(page):
    box = page.locator("#viewport").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def pointer_gesture(page, rng, kind):
    """A mouse drag through CDP at 16 ms moves: slow, a flick, or a flick caught mid-flight."""
    cdp = page.context.new_cdp_session(page)
    x, y = centre(page)
    sign = rng.choice([-1, 1])
    steps, step_px = {"drag": (rng.randint(15, 30), rng.uniform(3, 8)), "flick": (rng.randint(4, 8), rng.uniform(15, 35))}[
        "drag" if kind == "drag" else "flick"
    ]

    def mouse(kind_, x_, buttons=1):
        event = {"type": kind_, "x": x_, "y": y, "button": "left", "buttons": buttons}
        if kind_ != "mouseMoved":
            event["clickCount"] = 1
        cdp.send("Input.dispatchMouseEvent", event)

    mouse("mouseMoved", x, 0)
    mouse("mousePressed", x)
    for step in range(1, steps + 1):
        page.wait_for_timeout(16)
        mouse("mouseMoved", x + sign * step_px * step)
    mouse("mouseReleased", x + sign * step_px * steps, 0)
    if kind == "caught":
        page.wait_for_timeout(rng.randint(40, 200))
        mouse("mousePressed", x)
        page.wait_for_timeout(rng.randint(50, 150))
        mouse("mouseReleased", x, 0)
    cdp.detach()


def wheel_gesture(page, rng):
    """A trackpad's horizontal swipe: wheel events 10 ms apart, rising then decaying."""
    cdp = page.context.new_cdp_session(page)
    x, y = centre(page)
    sign = rng.choice([-1, 1])
    for event in range(rng.randint(20, 40)):
        delta = 2 * (event + 1) if event < 10 else 20 * 0.9 ** (event - 9)
        cdp.send("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "deltaX": sign * delta, "deltaY": 0})
        page.wait_for_timeout(10)
    cdp.detach()


def wait_rest(page, server_frames):
    """Until the page and the server both rest, and the server's last frame is the rest's."""
    page.wait_for_function("() => document.querySelector('#carousel').dataset.phase === 'idle'", timeout=20000)
    page.wait_for_timeout(300)  # the stream's answers and the server's last frames arrive
    page.wait_for_function("() => document.querySelector('#carousel').dataset.phase === 'idle'", timeout=20000)
    for _ in range(100):
        if server_frames.last and server_frames.last["phase"] == "idle":
            return
        page.wait_for_timeout(50)


def corrections(page):
    text = page.locator("#latency").inner_text()
    return int(text.split("·")[1].split()[0]) if "correction" in text else None


def intervals(log):
    """Drawn-frame intervals within each motion (a pause over 100 ms starts a new one), and the
    display's median interval."""
    drawn = [b - a for a, b in zip(log["drawn"], log["drawn"][1:], strict=False) if b - a <= 100]
    display = [b - a for a, b in zip(log["display"], log["display"][1:], strict=False)]
    return drawn, statistics.median(display)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def run(browser, relay, server, seed):
    rng = random.Random(seed)
    sessions = {"snapping": f"jitter-{uuid.uuid4().hex[:8]}", "free": f"jitter-free-{uuid.uuid4().hex[:8]}"}
    links = {"snapping": "&preset=banner", "free": "&preset=strip&items=12&snapping=free"}
    result = {"gestures": 0, "bit_equal": 0, "mismatches": [], "corrections": 0, "corrected_by_kind": {}, "watchers": {}}
    watchers = {}
    for key, session in sessions.items():
        base = f"http://127.0.0.1:{relay.port}/?session={session}{links[key]}"
        dragger = browser.new_context(**WIDE).new_page()
        dragger.goto(base)
        dragger.wait_for_selector("#carousel[data-phase='idle']")
        server_frames = ServerFrames(server.port, session)
        for name, query in (("stream", ""), ("frames", "&engine=frames")):
            watcher = browser.new_context(**WIDE).new_page()
            watcher.goto(base + query)
            watcher.wait_for_selector("#carousel[data-phase]")
            watcher.evaluate(WATCH)
            watchers.setdefault(name, []).append(watcher)
        dragger.wait_for_timeout(1000)
        count = GESTURES // 4 if key == "free" else GESTURES - GESTURES // 4
        for _ in range(count):
            kind = rng.choice(["flick"] if key == "free" else ["drag", "flick", "caught", "wheel"])
            before = corrections(dragger) or 0
            if kind == "wheel":
                wheel_gesture(dragger, rng)
            else:
                pointer_gesture(dragger, rng, kind)
            wait_rest(dragger, server_frames)
            drawn = dragger.evaluate("() => ({ ...document.querySelector('#carousel').dataset })")
            last = server_frames.last
            result["gestures"] += 1
            corrected = (corrections(dragger) or 0) - before
            if corrected:
                result["corrected_by_kind"][f"{key} {kind}"] = result["corrected_by_kind"].get(f"{key} {kind}", 0) + corrected
            same = last is not None and float(drawn["offset"]) == last["offset"] and int(drawn["index"]) == last["index"]
            if same:
                result["bit_equal"] += 1
            else:
                result["mismatches"].append({"kind": kind, "page": drawn.get("offset"), "server": last and last["offset"]})
        result["corrections"] += corrections(dragger) or 0
        server_frames.socket.close()
    for name, pages in watchers.items():
        drawn, display = [], []
        for watcher in pages:
            part, median = intervals(watcher.evaluate("() => window.drawnLog"))
            drawn += part
            display.append(median)
        result["watchers"][name] = {"display_ms": statistics.median(display), "p50_ms": statistics.median(drawn), "p95_ms": percentile(drawn, 0.95), "intervals": len(drawn)}
    return result


def take_turns(browser, relay, server, seed, count):
    """Two dragging pages of one session take turns, and every third gesture a headless viewer
    configures the carousel mid-motion: each page's drawn steps against the motion's own."""
    rng = random.Random(seed + 1)
    session = f"jitter-turns-{uuid.uuid4().hex[:8]}"
    url = f"http://127.0.0.1:{relay.port}/?session={session}&preset=banner"
    pages = []
    for _ in range(2):
        page = browser.new_context(**WIDE).new_page()
        page.goto(url)
        page.wait_for_selector("#carousel[data-phase='idle']")
        pages.append(page)
    configurer = connect(f"ws://127.0.0.1:{server.port}/ws?session={session}&engine=frames", proxy=None)
    threading.Thread(target=lambda: [None for _ in configurer], daemon=True).start()
    pages[0].wait_for_timeout(1000)
    for page in pages:
        page.evaluate(STEPS)
    for turn in range(count):
        page = pages[turn % 2]
        pointer_gesture(page, rng, rng.choice(["drag", "flick", "caught"]))
        if turn % 3 == 2:
            page.wait_for_timeout(rng.randint(20, 120))
            frequency = rng.choice([8, 12, 20, 40])
            configurer.send(json.dumps({"type": "configure", "config": {"springFrequency": frequency}}))
        for other in pages:
            other.wait_for_function("() => document.querySelector('#carousel').dataset.phase === 'idle'", timeout=20000)
        page.wait_for_timeout(300)
    result = []
    for page in pages:
        log = page.evaluate("() => window.stepLog")
        over, worst = jumps(log)
        result.append({"frames": len(log), "over": over, "worst_ratio": worst, "corrections": corrections(page)})
    configurer.close()
    return result


def main():
    seed = int(os.environ.get("JITTER_SEED", random.SystemRandom().randrange(2**32)))
    print(f"page jitter: seed {seed} (JITTER_SEED={seed} repeats it), {GESTURES} gestures")
    server = start_preview(BINARY, ["--public", str(ROOT / "public"), "--log-level", "error"])
    relay = DelayingRelay(server.port, DELAY_S, JITTER_S, random.Random(seed))
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            result = run(browser, relay, server, seed)
            turns = take_turns(browser, relay, server, seed, max(6, GESTURES // 10))
            browser.close()
    finally:
        relay.close()
        server.stop()
    print(f"dragging page, 25 ms + up to 10 ms each way: {result['gestures']} gestures, {result['corrections']} corrections, "
          f"last drawn frame the server's to the bit after {result['bit_equal']}")
    if result["corrected_by_kind"]:
        print(f"  corrections by gesture: {result['corrected_by_kind']}")
    for mismatch in result["mismatches"][:5]:
        print(f"  differs after a {mismatch['kind']}: page offset {mismatch['page']}, server {mismatch['server']}")
    for index, row in enumerate(turns):
        print(f"taking turns, page {'AB'[index]}: {row['frames']} frames drawn, {row['corrections']} corrections, "
              f"{row['over']} drawn steps beyond the motion's own largest (worst x{row['worst_ratio']:.2f})")
    for name, row in result["watchers"].items():
        print(f"watcher ({name}): drawn-frame interval p50 {row['p50_ms']:.1f} ms, p95 {row['p95_ms']:.1f} ms "
              f"(display {row['display_ms']:.1f} ms, over by {row['p95_ms'] - row['display_ms']:.1f}; {row['intervals']} intervals)")
    output = ROOT / ".build" / "bench"
    output.mkdir(parents=True, exist_ok=True)
    (output / "page_jitter.json").write_text(json.dumps({"seed": seed, **result, "turns": turns}, indent=2))


if __name__ == "__main__":
    main()
