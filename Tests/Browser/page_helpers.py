"""What several browser tests do to the page: drag it, wait for it to rest, check its layout,
download a recording. One copy, imported by the tests."""

import re
import uuid

DESKTOP = {"viewport": {"width": 1100, "height": 760}}

# The device card's rows and the recorder's and replay's parts.
CARD_PARTS = [
    "#carousel", "#previous", "#dots", "#counter", "#next", "#pause", "#record", "#record-time",
    "#record-download", "#replay", "#replay-slow", "#replay-status", "#open-recording-label", ".hint",
]


def new_session(prefix="s"):
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def centre(page):
    box = page.locator("#viewport").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, distance, duration_ms, steps, pause_before_release_ms=0):
    """A mouse drag from the centre with `steps` moves spread over `duration_ms`."""
    x, y = centre(page)
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, steps + 1):
        page.mouse.move(x + distance * step / steps, y)
        page.wait_for_timeout(duration_ms / steps)
    if pause_before_release_ms:
        page.wait_for_timeout(pause_before_release_ms)
    page.mouse.up()


def touch_swipe(page, dx, dy, steps=10):
    """A real one-finger swipe from the viewport's centre through Chromium's input pipeline (CDP),
    so the browser's own panning and touch-action apply: `steps` moves of (dx, dy) / steps."""
    cdp = page.context.new_cdp_session(page)
    x, y = centre(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, steps + 1):
        page.wait_for_timeout(16)  # input pacing: one move per display frame
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx * step / steps, "y": y + dy * step / steps}]})
    page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def wait_idle_at(page, index, timeout=5000):
    page.wait_for_function(
        "i => { const c = document.querySelector('#carousel'); return c.dataset.phase === 'idle' && c.dataset.index === String(i) }",
        arg=index,
        timeout=timeout,
    )


def clear_notices(page):
    page.evaluate("() => document.querySelectorAll('.notice').forEach(n => n.remove())")


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
    assert re.fullmatch(r"carousel-recording-[A-Za-z0-9_-]+-\d{8}-\d{6}\.json", download.suggested_filename), download.suggested_filename
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    return path
