"""Live replay from the page: a recording (this viewer's own, or a file opened or dropped on the
carousel card) is sent to the server in parts and played back to every viewer at 1x or 0.25x; the
page shows that a replay is playing, the recorded finger as a ghost, and sends no pointer input
meanwhile. The frames a replay sends must be, byte for byte, the frames the page received while
it recorded."""

import json

from conftest import PHONE
from page_helpers import (
    DRAWS_FRAMES,
    assert_no_overlap,
    clear_notices,
    download_recording,
    drag,
    look,
    new_session,
    record_notices,
    wait_for_socket_frame,
    wait_idle_at,
)

MESSAGE_LIMIT = 16 * 1024


def texts(page):
    return [text for _, text in page.received]


def wait_until(page, predicate, timeout=30.0, what="a condition", event="framereceived"):
    """Until `predicate()` (which reads page.received or page.sent) holds, waits for the page's
    WebSocket traffic: each `event` on its socket."""
    wait_for_socket_frame(page, page.sockets, lambda: True if predicate() else None, timeout, what, event)


def record_drag(page):
    """Records a drag to the next banner and returns the frames received while recording, as text."""
    first = len(page.received)
    page.get_by_role("button", name="Record", exact=True).click()
    page.wait_for_function("() => /^Recording \\d+:\\d\\d$/.test(document.querySelector('#record-time').textContent)")
    # The server has started recording (its `record` message) before the drag begins.
    wait_until(page, lambda: any(text.startswith('{"type":"record"') for text in texts(page)[first:]), 10, "record started")
    # Paced: a live recording times the inputs by their arrival, and a burst of them would be replayed
    # as a burst, whose frames a busy page may get merged.
    drag(page, -200, 200, 12, paced=True)
    wait_idle_at(page, 1)
    page.get_by_role("button", name="Stop recording", exact=True).click()
    page.wait_for_selector("#record-time", state="hidden")
    page.get_by_role("link", name="Download recording").wait_for()
    received = texts(page)
    marks = [i for i, text in enumerate(received) if text.startswith('{"type":"record"')]
    assert len(marks) == 2, marks
    frames = [text for text in received[marks[0] + 1 : marks[1]] if text.startswith('{"type":"frame"')]
    calls = [text for text in received[marks[0] + 1 : marks[1]] if text.startswith('{"type":"engine"')]
    # A page that runs the engine gets the session engine's calls in place of frames (a live
    # session's gathered into a batch at most every 100 ms), answering its drag.
    answered = any('"input":{"client"' in text for text in calls)
    assert (len(frames) > 5 and any('"phase":"dragging"' in frame for frame in frames)) or (len(calls) > 1 and answered)
    return frames


def watch_ghost(page):
    """Notes, from now on, every state the ghost element shows: visible or not, and where its centre
    is in viewport points."""
    page.evaluate(
        """() => {
            const ghost = document.querySelector('#ghost');
            window.ghostSeen = [];
            const note = () => {
                const viewport = document.querySelector('#viewport').getBoundingClientRect();
                const scale = viewport.width / document.querySelector('#viewport').offsetWidth;
                const box = ghost.getBoundingClientRect();
                const visible = ghost.getClientRects().length > 0 && getComputedStyle(ghost).display !== 'none';
                window.ghostSeen.push({visible,
                    x: (box.left + box.width / 2 - viewport.left) / scale,
                    y: (box.top + box.height / 2 - viewport.top) / scale,
                    ariaHidden: ghost.getAttribute('aria-hidden'),
                    pointerEvents: getComputedStyle(ghost).pointerEvents});
            };
            new MutationObserver(note).observe(ghost, {attributes: true});
        }"""
    )


def assert_replayed(frames, expected):
    """A live replay sends the recorded frames, byte for byte, in order. A live reader that falls
    behind (a loaded machine) is handed the latest frame instead of a queue (docs/protocol/README.md, "Frames"),
    so some may be missing between the first and the last; none is changed, reordered or made up."""
    assert frames and frames[0] == expected[0] and frames[-1] == expected[-1], (len(frames), len(expected))
    remaining = iter(expected)
    missing = [frame for frame in frames if not any(frame == candidate for candidate in remaining)]
    assert missing == [], f"frames not in the recording, or out of order: {missing[:1]}"
    assert len(frames) * 2 >= len(expected), (len(frames), len(expected))


def replay(page, button_name, during=None):
    """Clicks a Replay button, runs `during` once the replay started, and waits for the replay to
    finish. Returns (started message, seconds from started to finished, the frames received in
    between as text, the ghosts in between, the parts sent)."""
    first_sent = len(page.sent)
    first = len(page.received)
    button = page.get_by_role("button", name=button_name, exact=True)
    assert button.is_enabled()
    button.click()

    def find(state):
        for index in range(first, len(page.received)):
            at, text = page.received[index]
            if text.startswith('{"type":"replay"') and json.loads(text).get("state") == state:
                return index, at
        return None

    wait_until(page, lambda: find("started") is not None, timeout=10, what="replay started")
    if during:
        during()
    wait_until(page, lambda: find("finished") is not None, timeout=120, what="replay finished")
    start, started_at = find("started")
    stop, finished_at = find("finished")
    between = texts(page)[start + 1 : stop]
    frames = [text for text in between if text.startswith('{"type":"frame"')]
    ghosts = [json.loads(text) for text in between if text.startswith('{"type":"ghost"')]
    # Besides frames and ghosts, only the refusals of what this page sent meanwhile.
    others = [json.loads(t) for t in between if not t.startswith(('{"type":"frame"', '{"type":"ghost"'))]
    assert all(m["type"] == "error" and m["code"] == "gesture_busy" for m in others), others
    parts = [message for message in page.sent[first_sent:] if message["type"] == "replay"]
    return json.loads(texts(page)[start]), finished_at - started_at, frames, ghosts, parts


def check_parts(parts, text, speed):
    """The recording went out whole: in one message when it fits, else in pieces small enough, the
    last one carrying the speed."""
    if len(parts) == 1 and "recording" in parts[0]:
        assert parts[0]["recording"] == json.loads(text) and parts[0]["speed"] == speed
        assert len(json.dumps(parts[0], ensure_ascii=False, separators=(",", ":")).encode()) < MESSAGE_LIMIT
        return
    assert parts and "".join(part["part"] for part in parts) == text
    assert [part["last"] for part in parts] == [False] * (len(parts) - 1) + [True]
    assert parts[-1]["speed"] == speed
    for part in parts:
        assert len(part["part"]) <= 12000
        assert len(json.dumps(part, ensure_ascii=False, separators=(",", ":")).encode()) < MESSAGE_LIMIT


def recorded_fingers(text):
    recording = json.loads(text)
    fingers = []
    for step in recording["steps"][recording["start"] :]:
        if "pointer" in step:  # version 2: [phase, x, y, t, pointerType, seq]
            fingers.append(tuple(step["pointer"][:3]))
        elif step.get("message", {}).get("type") == "pointer":
            fingers.append((step["message"]["phase"], step["message"]["x"], step["message"]["y"]))
    return fingers


def test_a_recorded_drag_replays_live_at_1x_and_at_a_quarter_speed(server, open_capturing_page, tmp_path):
    page = open_capturing_page(server.url(f"?session={new_session()}{DRAWS_FRAMES}"))
    assert page.get_by_role("button", name="Replay", exact=True).count() == 0
    expected = record_drag(page)
    text = download_recording(page, tmp_path).read_text()
    fingers = recorded_fingers(text)
    assert fingers[0][0] == "down" and fingers[-1][0] == "up"

    # Both Replay buttons appear beside the Download link.
    assert page.get_by_role("button", name="Replay", exact=True).is_visible()
    assert page.get_by_role("button", name="Replay at 0.25x", exact=True).is_visible()
    clear_notices(page)

    watch_ghost(page)
    started, seconds, frames, ghosts, parts = replay(page, "Replay")
    check_parts(parts, text, 1)
    assert started["speed"] == 1 and started["durationMs"] > 0
    duration = started["durationMs"] / 1000
    assert duration * 0.9 - 0.05 <= seconds <= duration * 1.3 + 0.5, (seconds, duration)
    assert_replayed(frames, expected)
    assert [(g["phase"], g["x"], g["y"]) for g in ghosts] == fingers
    seen = page.evaluate("() => window.ghostSeen")
    visible = [state for state in seen if state["visible"]]
    assert visible, seen
    assert all(state["ariaHidden"] == "true" and state["pointerEvents"] == "none" for state in seen)
    # Where the ghost showed is where the recorded finger was.
    assert any(abs(s["x"] - g["x"]) < 1 and abs(s["y"] - g["y"]) < 1 for s in visible for g in ghosts)
    page.wait_for_selector("#replay-status", state="hidden")
    assert not page.locator("#ghost").is_visible()
    assert page.get_by_role("button", name="Record", exact=True).is_enabled()

    # At a quarter of the speed: the same frames, four times as long. Meanwhile the page says so,
    # holds Record and the Replay buttons, and sends no pointer input.
    def meanwhile():
        page.wait_for_function("() => document.querySelector('#replay-status').textContent === 'Replaying 0.25x'")
        assert page.locator("#replay-status").is_visible()
        assert page.get_by_role("button", name="Record", exact=True).is_disabled()
        assert page.get_by_role("button", name="Replay", exact=True).is_disabled()
        assert page.get_by_role("button", name="Replay at 0.25x", exact=True).is_disabled()
        clear_notices(page)
        look(page, "replay-playing-desktop.png", full_page=True)
        assert_no_overlap(page)
        record_notices(page)
        sent_before = len(page.sent)
        drag(page, 150, 100, 5)
        page.get_by_role("button", name="Next banner").click()
        # The page sends in order: once the command is out, any pointer message the drag made
        # would be out before it.
        wait_until(page, lambda: any(m["type"] == "command" for m in page.sent[sent_before:]), 10, "the command", "framesent")
        assert [m for m in page.sent[sent_before:] if m["type"] == "pointer"] == []
        assert [m["name"] for m in page.sent[sent_before:] if m["type"] == "command"] == ["next"]

    started_slow, seconds_slow, frames_slow, ghosts_slow, parts_slow = replay(page, "Replay at 0.25x", meanwhile)
    # A refused command (gesture_busy) passed quietly: the page has handled the replay's end, which
    # the server sent after the refusal, and showed only why the drag was held and, at the end,
    # that the session is live again.
    page.wait_for_selector("#replay-status", state="hidden")
    assert page.evaluate("() => window.noticesSeen") == [
        "The replay is playing: your drag was not applied. Stop it to take over.",
        "Replay finished: the session is live again.",
    ]
    refusals = [json.loads(t) for t in texts(page) if t.startswith('{"type":"error"')]
    assert [(m["code"], m["ref"]) for m in refusals][-1:] == [("gesture_busy", "command")], refusals
    check_parts(parts_slow, text, 0.25)
    assert started_slow["speed"] == 0.25 and started_slow["durationMs"] == started["durationMs"]
    # Four times the recording's length, measured against the recording (a loaded machine may
    # stretch the 1x replay, so the ratio of the two replays is no yardstick).
    assert 4 * duration * 0.9 - 0.05 <= seconds_slow <= 4 * duration * 1.3 + 0.5, (seconds_slow, duration)
    assert_replayed(frames_slow, expected)
    assert ghosts_slow == ghosts
    page.wait_for_selector("#replay-status", state="hidden")
    assert not page.locator("#ghost").is_visible()
    # The session resumes as it was: the page's carousel rests where the recording left it.
    wait_idle_at(page, 1)


def test_a_downloaded_recording_opens_in_a_new_session_and_replays(server, open_capturing_page, tmp_path):
    page = open_capturing_page(server.url(f"?session={new_session()}{DRAWS_FRAMES}"))
    expected = record_drag(page)
    path = download_recording(page, tmp_path)

    other = open_capturing_page(server.url(f"?session={new_session()}"))
    assert other.get_by_role("button", name="Replay", exact=True).count() == 0
    # A file that is not JSON says so and changes nothing.
    other.get_by_label("Open file").set_input_files(
        files=[{"name": "notes.json", "mimeType": "application/json", "buffer": b"not json {"}]
    )
    other.wait_for_function(
        "() => Array.from(document.querySelectorAll('.notice')).some(n => n.textContent.includes('notes.json is not JSON'))"
    )
    assert other.get_by_role("button", name="Replay", exact=True).count() == 0
    assert not other.locator("#record-download").is_visible()

    other.get_by_label("Open file").set_input_files(str(path))
    other.get_by_role("button", name="Replay", exact=True).wait_for()
    assert other.get_by_role("button", name="Replay at 0.25x", exact=True).is_visible()
    started, seconds, frames, ghosts, parts = replay(other, "Replay")
    check_parts(parts, path.read_text(), 1)
    assert_replayed(frames, expected)
    assert [(g["phase"], g["x"], g["y"]) for g in ghosts] == recorded_fingers(path.read_text())
    other.wait_for_selector("#replay-status", state="hidden")
    # The recording's own session was not touched.
    assert not any(text.startswith('{"type":"replay"') for text in texts(page))


def test_a_recording_dropped_on_the_card_becomes_the_current_one(server, open_capturing_page):
    page = open_capturing_page(server.url(f"?session={new_session()}"))
    recording = json.dumps({"format": "carousel-preview/recording", "version": 1, "steps": [], "start": 0})

    def drop(name, text):
        data = page.evaluate_handle(
            "([name, text]) => { const d = new DataTransfer(); d.items.add(new File([text], name, {type: 'application/json'})); return d; }",
            [name, text],
        )
        page.dispatch_event("#device", "dragenter", {"dataTransfer": data})
        assert "drop-ready" in page.get_attribute("#device", "class")
        page.dispatch_event("#device", "dragover", {"dataTransfer": data})
        page.dispatch_event("#device", "drop", {"dataTransfer": data})
        assert "drop-ready" not in page.get_attribute("#device", "class")

    drop("broken.json", "{ nope")
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.notice')).some(n => n.textContent.includes('broken.json is not JSON'))"
    )
    assert page.get_by_role("button", name="Replay", exact=True).count() == 0

    drop("mine.json", recording)
    page.get_by_role("button", name="Replay", exact=True).wait_for()
    assert page.get_by_role("button", name="Replay at 0.25x", exact=True).is_visible()
    # The Download link saves the opened recording as it was.
    assert page.locator("#record-download").get_attribute("download") == "mine.json"


def test_the_replay_controls_by_keyboard_on_a_phone(server, open_capturing_page, tmp_path):
    page = open_capturing_page(server.url(f"?session={new_session()}&items=8"), **PHONE)
    # Before any recording: Record, then Open file.
    page.focus("#record")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "open-recording"
    assert page.evaluate("() => document.activeElement.matches(':focus-visible')")
    assert page.eval_on_selector("#open-recording-label", "e => getComputedStyle(e).outlineStyle") == "solid"

    page.focus("#record")
    page.keyboard.press("Enter")
    page.wait_for_function("() => /^Recording \\d+:\\d\\d$/.test(document.querySelector('#record-time').textContent)")
    # Something to replay: the next banner, by keyboard.
    page.focus("#carousel")
    page.keyboard.press("ArrowRight")
    wait_idle_at(page, 1)
    page.focus("#record")
    page.keyboard.press("Enter")
    page.wait_for_selector("#record-time", state="hidden")
    page.get_by_role("link", name="Download recording").wait_for()
    order = []
    for _ in range(4):
        page.keyboard.press("Tab")
        order.append(page.evaluate("() => document.activeElement.id"))
        if order[-1] in ("replay", "replay-slow", "record-download"):
            assert page.evaluate(
                "() => [document.activeElement.matches(':focus-visible'), getComputedStyle(document.activeElement).outlineStyle]"
            ) == [True, "solid"]
    assert order == ["record-download", "replay", "replay-slow", "open-recording"]
    clear_notices(page)
    look(page, "replay-ready-phone.png", full_page=True)
    assert_no_overlap(page)

    # Enter on Replay at 0.25x plays it; focus comes back to the button when it is usable again.
    page.focus("#replay-slow")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#replay-status').textContent === 'Replaying 0.25x'")
    clear_notices(page)
    look(page, "replay-playing-phone.png", full_page=True)
    assert_no_overlap(page)
    page.wait_for_selector("#replay-status", state="hidden", timeout=60000)
    page.wait_for_function("() => document.activeElement.id === 'replay-slow'")
