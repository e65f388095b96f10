"""Recording a session from the page: the Record button, the elapsed time every viewer sees, the
download, and the downloaded file replayed headless by `carousel-preview replay`, which must print
exactly the frames the page received while it recorded."""

import json
import re
import subprocess

from conftest import BINARY, PHONE
from page_helpers import DRAWS_FRAMES, assert_no_overlap, clear_notices, download_recording, drag, look, new_session, wait_idle_at


def texts(page):
    return [text for _, text in page.received]


def record_messages(page):
    return [(i, json.loads(text)) for i, text in enumerate(texts(page)) if text.startswith('{"type":"record"')]


def frames_while_recording(page):
    """The frames received between the `record` `started` and `stopped` messages, as text."""
    marks = record_messages(page)
    assert [message["state"] for _, message in marks] == ["started", "stopped"], marks
    (start, _), (stop, _) = marks
    return [text for text in texts(page)[start + 1 : stop] if text.startswith('{"type":"frame"')]


def elapsed_seconds(page):
    text = page.locator("#record-time").inner_text()
    match = re.fullmatch(r"Recording (\d+):(\d\d)", text)
    assert match, text
    return int(match.group(1)) * 60 + int(match.group(2))


def wait_recording(page):
    page.wait_for_function("() => /^Recording \\d+:\\d\\d$/.test(document.querySelector('#record-time').textContent)")


def wait_stopped(page):
    page.wait_for_selector("#record-time", state="hidden")
    page.get_by_role("button", name="Record", exact=True).wait_for()


def test_a_recorded_drag_downloads_and_replays_to_the_frames_the_page_received(server, open_capturing_page, tmp_path):
    session = new_session()
    page = open_capturing_page(server.url(f"?session={session}{DRAWS_FRAMES}"))
    record = page.get_by_role("button", name="Record", exact=True)
    assert record.is_visible() and not page.locator("#record-download").is_visible()
    record.click()
    wait_recording(page)
    stop = page.get_by_role("button", name="Stop recording", exact=True)
    assert stop.is_visible() and page.get_by_role("button", name="Record", exact=True).count() == 0
    assert elapsed_seconds(page) <= 1

    drag(page, -200, 200, 12)
    wait_idle_at(page, 1)
    # The elapsed time keeps counting with the page clock.
    page.wait_for_function("() => /^Recording 0:0[1-9]$/.test(document.querySelector('#record-time').textContent)")
    clear_notices(page)
    look(page, "record-recording-desktop.png", full_page=True)
    assert_no_overlap(page)

    stop.click()
    wait_stopped(page)
    path = download_recording(page, tmp_path)
    clear_notices(page)
    page.locator("#record-download").focus()
    look(page, "record-stopped-desktop.png", full_page=True)
    assert_no_overlap(page)

    recording = json.loads(path.read_text())
    assert recording["format"] == "carousel-preview/recording" and recording["version"] == 2
    assert recording["session"] == session and recording["checkpoint"]["preset"]
    assert any(step.get("pointer", [None])[0] == "down" for step in recording["steps"][recording["start"] :])

    expected = frames_while_recording(page)
    assert len(expected) > 5
    assert any('"phase":"dragging"' in frame for frame in expected)
    replay = subprocess.run([BINARY, "replay", str(path)], capture_output=True, text=True, timeout=60)
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.splitlines() == expected
    assert replay.stdout == "".join(frame + "\n" for frame in expected)


def test_a_second_viewer_sees_the_recording_and_can_stop_it(server, open_capturing_page):
    session = new_session()
    first = open_capturing_page(server.url(f"?session={session}"))
    second = open_capturing_page(server.url(f"?session={session}"))
    first.wait_for_function("() => document.querySelector('#viewers').textContent === '2'")
    first.get_by_role("button", name="Record", exact=True).click()
    wait_recording(second)
    assert second.get_by_role("button", name="Stop recording", exact=True).is_visible()
    second.wait_for_function("() => /^Recording 0:0[1-9]$/.test(document.querySelector('#record-time').textContent)")

    # Either viewer stops it; the one who stopped gets the recording.
    second.get_by_role("button", name="Stop recording", exact=True).click()
    wait_stopped(first)
    wait_stopped(second)
    second.get_by_role("link", name="Download recording").wait_for()
    # The recording goes to the viewer who stopped it alone. A later message proves it: the server
    # sends in order, so once the first viewer shows the frame of a command sent after the stop, it
    # has handled anything the stop sent it.
    second.get_by_role("button", name="Next banner").click()
    wait_idle_at(first, 1)
    assert not first.locator("#record-download").is_visible()
    assert not any(text.startswith('{"type":"recording"') for text in texts(first))
    assert [m["state"] for _, m in record_messages(first)] == ["started", "stopped"]


def test_the_record_controls_by_keyboard_on_a_phone(server, open_capturing_page, tmp_path):
    session = new_session()
    page = open_capturing_page(server.url(f"?session={session}&items=8"), **PHONE)
    page.focus("#pause")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "record"
    assert page.eval_on_selector("#record", "e => [e.matches(':focus-visible'), getComputedStyle(e).outlineStyle]") == [
        True,
        "solid",
    ]
    page.keyboard.press("Enter")
    wait_recording(page)
    assert page.evaluate("() => document.activeElement.id") == "record"
    # The picture shows the elapsed time counting.
    page.wait_for_function("() => document.querySelector('#record-time').textContent === 'Recording 0:01'")
    clear_notices(page)
    look(page, "record-recording-phone.png", full_page=True)
    assert_no_overlap(page)
    page.keyboard.press("Enter")
    wait_stopped(page)
    page.get_by_role("link", name="Download recording").wait_for()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "record-download"
    assert page.eval_on_selector("#record-download", "e => [e.matches(':focus-visible'), getComputedStyle(e).outlineStyle]") == [
        True,
        "solid",
    ]
    with page.expect_download() as info:
        page.keyboard.press("Enter")
    path = tmp_path / "phone.json"
    info.value.save_as(path)
    assert json.loads(path.read_text())["format"] == "carousel-preview/recording"
    clear_notices(page)
    look(page, "record-stopped-phone.png", full_page=True)
    assert_no_overlap(page)


def test_a_viewer_who_joins_during_a_recording_sees_it_under_way_and_can_stop_it(server, open_capturing_page):
    # The welcome says a recording is under way and since when, so the late viewer's button is Stop
    # and its elapsed time counts from the recording's start, not from its own arrival.
    session = new_session()
    first = open_capturing_page(server.url(f"?session={session}"))
    first.get_by_role("button", name="Record", exact=True).click()
    wait_recording(first)
    first.wait_for_function("() => document.querySelector('#record-time').textContent === 'Recording 0:02'")
    late = open_capturing_page(server.url(f"?session={session}"))
    wait_recording(late)
    seconds = late.evaluate("() => Number(document.querySelector('#record-time').textContent.split(':')[1])")
    assert seconds >= 2
    late.get_by_role("button", name="Stop recording", exact=True).click()
    wait_stopped(first)
    wait_stopped(late)
    late.get_by_role("link", name="Download recording").wait_for()
