"""The Motion section: the live timeline (timeline.js), its Pause toggle, the event log
(eventlog.js) and "Slow-mo last gesture", checked against an independent WebSocket watcher of the
same session."""

import re
import uuid

import pytest
from conftest import PHONE
from page_helpers import DRAWS_FRAMES, drag, look, wait_idle_at
from test_page import pitch

SETTLED_LABEL = re.compile(r"^Timeline: last flick released at (-?\d+) pt/s toward item (\d+), settled in (\d+) ms$")


def settles_after_release(frames):
    """Each release in `frames` whose motion ended with `settled`, as dicts: the release frame's
    time, velocity and target, the settled frame's time, and the largest gap between two consecutive
    frames at either end (how far apart two viewers' views of "the same moment" can be)."""
    found = []
    release = None
    previous = None
    for at, frame in enumerate(frames):
        was_dragging = previous is not None and previous["phase"] == "dragging"
        if was_dragging and frame["phase"] != "dragging":
            target = frame["target"]["index"] if frame["target"] else frame["index"]
            release = {"at": at, "time": frame["time"], "velocity": frame["velocity"], "target": target}
        for event in frame["events"]:
            if event["type"] == "settled" and release is not None:
                gaps = [frames[i]["time"] - frames[i - 1]["time"] for i in (release["at"], at) if i > 0]
                found.append(
                    {
                        **release,
                        "settled": frame["time"],
                        "ms": frame["time"] - release["time"],
                        "index": event["index"],
                        "gap": max(gaps, default=0),
                    }
                )
                release = None
            elif event["type"] == "interrupted":
                release = None
        if frame["phase"] == "dragging" and not was_dragging:
            release = None
        previous = frame
    return found


def canvas_picture(page):
    return page.eval_on_selector("#timeline", "canvas => canvas.toDataURL()")


def after_two_animation_frames(page):
    """Returns once the page has drawn twice more: whatever the timeline had to draw is drawn."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def timeline_label(page):
    return page.get_attribute("#timeline", "aria-label")


def flick(page, items=1):
    """A fast mouse flick toward the next item (left), through CDP so its pace survives a busy machine."""
    drag(page, -0.35 * pitch(page) * items, 60, 6)


def wait_watcher(page, predicate, what, timeout=10000):
    """Waits (polling on the page's animation frames) until `predicate()` holds."""
    deadline = page.evaluate("() => performance.now()") + timeout
    while not predicate():
        assert page.evaluate("() => performance.now()") < deadline, f"timed out waiting for {what}"
        after_two_animation_frames(page)


def open_motion_page(open_page, server, **options):
    session = f"tl-{uuid.uuid4().hex[:8]}"
    page = open_page(server.url(f"?session={session}{DRAWS_FRAMES}"), **options)
    page.wait_for_selector(".slot[data-item='1']")
    return page, session


def log_entries(page):
    """The event log's lines, oldest first, as (kind, data-time, visible text)."""
    entries = page.eval_on_selector_all(
        "#event-list li", "items => items.map(li => [li.dataset.kind, Number(li.dataset.time), li.textContent])"
    )
    return list(reversed(entries))


def seconds_in(text):
    return float(re.match(r"^(\d+\.\d{3}) s ", text).group(1))


def test_a_flick_draws_on_the_timeline_names_its_settle_time_and_is_logged(server, open_page, watch):
    page, session = open_motion_page(open_page, server)
    watcher = watch(session)
    wait_watcher(page, lambda: len(watcher.frames) > 0, "the watcher's first frame")
    canvas = page.locator("#timeline")
    assert canvas.get_attribute("role") == "img"
    assert timeline_label(page) == "Timeline: no gesture yet"
    assert page.get_by_role("img", name="Timeline: no gesture yet").count() == 1
    after_two_animation_frames(page)
    before = canvas_picture(page)

    flick(page)
    wait_idle_at(page, 1)
    page.wait_for_function("() => /settled in \\d+ ms/.test(document.querySelector('#timeline').getAttribute('aria-label'))")
    wait_watcher(page, lambda: settles_after_release(watcher.frames), "the watcher's settle")
    after_two_animation_frames(page)
    assert canvas_picture(page) != before

    # The page's settle time is the watcher's: release frame to settled frame, in session time.
    settle = settles_after_release(watcher.frames)[-1]
    velocity, item, milliseconds = (int(group) for group in SETTLED_LABEL.match(timeline_label(page)).groups())
    assert abs(milliseconds - settle["ms"]) <= settle["gap"] + 0.5, (milliseconds, settle)
    assert item == settle["target"] + 1 == 2
    assert abs(velocity - settle["velocity"]) <= 0.5 + 1e-9, (velocity, settle)
    assert page.get_by_role("img", name=re.compile(r"settled in \d+ ms")).count() == 1
    assert page.evaluate("() => document.querySelector('#timeline').getAttribute('aria-label')") == timeline_label(page)

    # The log has the flick's page change and settle at the times the watcher saw them.
    seen = {(event["type"], frame["time"]) for frame in watcher.frames for event in frame["events"]}
    entries = log_entries(page)
    changed = [entry for entry in entries if entry[0] == "pageChanged"]
    settled = [entry for entry in entries if entry[0] == "settled"]
    assert len(changed) == 1 and len(settled) == 1, entries
    assert ("pageChanged", changed[0][1]) in seen and ("settled", settled[0][1]) in seen
    assert changed[0][2].endswith("page changed: item 1 → item 2")
    assert abs(seconds_in(changed[0][2]) - changed[0][1] / 1000) < 0.0006
    assert settled[0][1] == settle["settled"]
    assert abs(seconds_in(settled[0][2]) - settle["settled"] / 1000) < 0.0006
    assert settled[0][2].endswith(f"settled on item 2 in {milliseconds} ms after the release")
    assert any(kind == "gesture" and text.endswith("you (mouse) started a gesture") for kind, _, text in entries)
    assert page.get_by_role("heading", name="Events").count() == 1
    assert page.locator("#event-list").get_attribute("aria-live") == "off"


def test_pausing_freezes_the_timeline_and_resuming_catches_up(server, open_page, watch):
    page, session = open_motion_page(open_page, server)
    watcher = watch(session)
    flick(page)
    wait_idle_at(page, 1)
    page.wait_for_function("() => /settled in/.test(document.querySelector('#timeline').getAttribute('aria-label'))")
    toggle = page.locator("#timeline-pause")
    assert toggle.text_content() == "Pause timeline"
    toggle.click()
    # Its name says what a press will do.
    page.get_by_role("button", name="Resume timeline", exact=True).wait_for()
    after_two_animation_frames(page)
    frozen = canvas_picture(page)
    frozen_label = timeline_label(page)

    flick(page)
    wait_idle_at(page, 2)
    wait_watcher(page, lambda: len(settles_after_release(watcher.frames)) == 2, "the second settle")
    after_two_animation_frames(page)
    assert canvas_picture(page) == frozen
    assert timeline_label(page) == frozen_label

    toggle.click()
    page.get_by_role("button", name="Pause timeline", exact=True).wait_for()
    second = settles_after_release(watcher.frames)[-1]
    # The second flick, collected while paused, is on the picture and in the label once resumed.
    page.wait_for_function("label => document.querySelector('#timeline').getAttribute('aria-label') !== label", arg=frozen_label)
    milliseconds = int(SETTLED_LABEL.match(timeline_label(page)).group(3))
    assert abs(milliseconds - second["ms"]) <= second["gap"] + 0.5
    after_two_animation_frames(page)
    assert canvas_picture(page) != frozen


def test_slow_mo_replays_the_last_gesture_on_the_timeline(server, open_page, watch):
    page, session = open_motion_page(open_page, server)
    watcher = watch(session)
    button = page.get_by_role("button", name="Slow-mo last gesture", exact=True)
    # Before any gesture the server has nothing to replay, and says so.
    button.click()
    page.wait_for_function("() => [...document.querySelectorAll('.notice')].some(n => /Cannot replay/.test(n.textContent))")
    assert button.is_enabled()

    flick(page)
    wait_idle_at(page, 1)
    page.wait_for_function("() => /settled in/.test(document.querySelector('#timeline').getAttribute('aria-label'))")
    live_ms = int(SETTLED_LABEL.match(timeline_label(page)).group(3))
    # Every label the timeline takes from now on, and whether the page showed a replay then.
    page.evaluate(
        """() => {
            const canvas = document.querySelector('#timeline');
            const status = document.querySelector('#replay-status');
            const setAttribute = canvas.setAttribute.bind(canvas);
            window.labels = [];
            canvas.setAttribute = (name, value) => {
                if (name === 'aria-label') window.labels.push([value, !status.hidden]);
                setAttribute(name, value);
            };
        }"""
    )
    button.click()
    page.wait_for_function("() => document.querySelector('#replay-status').textContent === 'Replaying 0.25x'")
    assert button.is_disabled()
    # The replay starts the timeline afresh, then draws the recorded flick as it plays.
    after_two_animation_frames(page)
    early = canvas_picture(page)
    page.wait_for_function(
        """early => document.querySelector('#replay-status').hidden
                   || document.querySelector('#timeline').toDataURL() !== early""",
        arg=early,
        timeout=30000,
    )
    assert not page.locator("#replay-status").is_hidden(), "the timeline changed while the replay played"
    page.wait_for_selector("#replay-status", state="hidden", timeout=60000)
    labels = page.evaluate("() => window.labels")
    assert labels[0] == ["Timeline: no gesture yet", True], labels
    replayed = [SETTLED_LABEL.match(label) for label, replaying in labels if replaying and SETTLED_LABEL.match(label)]
    assert replayed, labels
    replayed_ms = int(replayed[0].group(3))
    # The replay sends the very frames the flick sent, so its settle time is the same.
    assert replayed_ms == live_ms, (replayed_ms, live_ms)
    assert button.is_enabled()
    # The timeline runs on with the session's own frames, its toggle offering to pause it.
    assert page.get_by_role("button", name="Pause timeline", exact=True).count() == 1
    assert timeline_label(page) == "Timeline: no gesture yet"
    texts = [text for _, _, text in log_entries(page)]
    assert any(text.endswith("replay started at 0.25x") for text in texts), texts
    assert any(text.endswith("replay finished") for text in texts), texts
    states = [m["state"] for m in watcher.messages if m["type"] == "replay"]
    assert states == ["started", "finished"]


def test_the_log_shows_auto_scroll_firing_and_pausing_for_a_finger(server, open_page, watch):
    page, session = open_motion_page(open_page, server)
    watcher = watch(session)
    watcher.send({"type": "configure", "config": {"autoscroll": {"enabled": True, "intervalMs": 300}}})
    page.wait_for_selector("#event-list li[data-kind='autoScrolled']", timeout=10000)
    entries = log_entries(page)
    config = [text for kind, _, text in entries if kind == "config"]
    # The watcher (client 2, no drag yet) made the change: the log names it.
    assert config and config[0].endswith("Viewer 2 · autoscroll.enabled false → true, autoscroll.intervalMs 3000 → 300"), entries
    fired = next(entry for entry in entries if entry[0] == "autoScrolled")
    assert re.search(r"auto-scroll fired on item 1 toward item 2$", fired[2]), fired
    assert any(kind == "autoscroll" and text.endswith("auto-scroll running") for kind, _, text in entries), entries
    fired_times = {frame["time"] for frame in watcher.frames for event in frame["events"] if event["type"] == "autoScrolled"}
    assert fired[1] in fired_times

    # A finger down on the carousel pauses auto-scroll, and the log says why.
    box = page.locator("#viewport").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_function(
        "() => [...document.querySelectorAll('#event-list li')].some(li => / auto-scroll paused \\(pointerDown\\)$/.test(li.textContent))"
    )
    paused = next(entry for entry in reversed(log_entries(page)) if entry[2].endswith("auto-scroll paused (pointerDown)"))
    pauses = [frame["time"] for frame in watcher.frames if "pointerDown" in frame["autoscroll"]["pausedBy"]]
    assert pauses and paused[1] == pauses[0]
    page.mouse.up()


@pytest.mark.parametrize("layout", ["desktop", "phone"])
def test_the_motion_section_fits_and_its_controls_work_by_keyboard(server, open_page, layout):
    options = PHONE if layout == "phone" else {"viewport": {"width": 1280, "height": 800}}
    page, _ = open_motion_page(open_page, server, **options)
    problems = page.evaluate(
        """() => {
            const box = e => e.getBoundingClientRect();
            const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
            const motion = box(document.querySelector('#motion'));
            const parts = ['#motion-heading', '#timeline-pause', '#timeline-all', '#timeline-csv', '#timeline-png', '#slow-mo',
                '#timeline', '#timeline-readout', '#events-heading', '.events']
                .map(s => document.querySelector(s));
            const problems = [];
            for (const part of parts) {
                const b = box(part);
                if (b.width === 0 || b.left < motion.left || b.right > motion.right || b.top < motion.top || b.bottom > motion.bottom)
                    problems.push(`${part.id || part.className} leaves the section`);
            }
            for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++)
                if (overlap(box(parts[i]), box(parts[j]))) problems.push(`${parts[i].id} overlaps ${parts[j].id || parts[j].className}`);
            for (const other of ['#device', '.controls'])
                if (overlap(motion, box(document.querySelector(other)))) problems.push(`the section overlaps ${other}`);
            return problems;
        }"""
    )
    assert problems == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]
    # The canvas is drawn at the device's pixel ratio.
    ratio = page.evaluate(
        "() => { const c = document.querySelector('#timeline'); return c.width / c.getBoundingClientRect().width }"
    )
    assert abs(ratio - (2 if layout == "phone" else 1)) < 0.02

    # Tab reaches the toggle, the timeline's buttons, Slow-mo, the timeline itself and the log, each
    # with a visible focus outline.
    reachable = ["timeline-pause", "timeline-all", "timeline-csv", "timeline-png", "slow-mo", "timeline", "feel-score", "events"]
    page.focus("#open-recording")
    reached = []
    for _ in range(16):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "() => { const e = document.activeElement; const s = getComputedStyle(e); return [e.id || e.className, s.outlineStyle, s.outlineWidth] }"
        )
        reached.append(focused[0])
        if focused[0] in reachable:
            assert focused[1] != "none" and focused[2] != "0px", focused
        if focused[0] == "events":
            break
    assert reached[-len(reachable) :] == reachable, reached
    for _ in range(len(reachable) - 1):
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Resume timeline", exact=True).wait_for()
    page.keyboard.press("Space")
    page.get_by_role("button", name="Pause timeline", exact=True).wait_for()
    page.locator("#motion").scroll_into_view_if_needed()
    look(page, f"motion-{layout}.png", full_page=True)


READOUT = re.compile(r"^(-?\d+\.\d{3}) s · position (-?\d+\.\d) pt · velocity (-?\d+) pt/s · (idle|dragging|animating)$")


def test_hovering_the_timeline_reads_the_frames_at_the_cursor(server, open_page, watch):
    page, session = open_motion_page(open_page, server)
    watcher = watch(session)
    hint = page.text_content("#timeline-readout")
    flick(page)
    wait_idle_at(page, 1)
    wait_watcher(page, lambda: settles_after_release(watcher.frames), "the watcher's settle")
    page.locator("#timeline-pause").click()
    page.get_by_role("button", name="Resume timeline", exact=True).wait_for()
    page.locator("#motion").scroll_into_view_if_needed()
    frozen = canvas_picture(page)
    by_time = {f"{frame['time'] / 1000:.3f}": frame for frame in watcher.frames}
    box = page.locator("#timeline").bounding_box()
    readings = []
    # Across the plot, left to right: each reading is one frame the session sent, as it sent it.
    for fraction in [i / 24 for i in range(1, 24)]:
        x = box["x"] + 46 + fraction * (box["width"] - 96)
        page.mouse.move(x, box["y"] + box["height"] / 2)
        text = page.text_content("#timeline-readout")
        match = READOUT.match(text)
        if not match:
            assert text in ("no frames here", "no frames"), text
            continue
        seconds, position, velocity, phase = match.groups()
        if float(seconds) < watcher.frames[0]["time"] / 1000:
            continue  # before the watcher joined
        frame = by_time[seconds]
        assert position == f"{frame['offset']:.1f}" and int(velocity) == (round(frame["velocity"]) or 0), (text, frame)
        assert phase == frame["phase"], (text, frame)
        readings.append(phase)
    assert "animating" in readings, readings
    assert canvas_picture(page) != frozen, "the cursor's line is drawn"
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] + 200)
    assert page.text_content("#timeline-readout") == hint
    after_two_animation_frames(page)
    assert canvas_picture(page) == frozen, "the line goes with the cursor"
