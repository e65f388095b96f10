"""The event log reads in session time: its time column never goes back, even across a replay of a
recording or of the last gesture, whose entries are marked as replayed and show the recording's own
time beside it. A vertical page scroll over the banner on a phone is no gesture: nothing is sent,
nothing logged, and Slow-mo has no gesture to replay."""

import json
import re

from conftest import PHONE
from page_helpers import look, new_session, touch_swipe
from test_replay import record_drag, replay, texts, wait_until


def log_entries(page):
    """The event log's lines, oldest first: kind, session ms, replayed, recording ms, visible text."""
    entries = page.eval_on_selector_all(
        "#event-list li",
        """items => items.map(li => ({kind: li.dataset.kind, time: Number(li.dataset.time),
                                      replayed: li.dataset.replayed === 'true',
                                      recorded: li.dataset.recordingTime === undefined ? null : Number(li.dataset.recordingTime),
                                      text: li.textContent}))""",
    )
    return list(reversed(entries))


def shown_seconds(text):
    return float(re.match(r"^(\d+\.\d{3}) s ", text).group(1))


def wait_replays_finished(page, count):
    page.wait_for_function(
        "n => [...document.querySelectorAll('#event-list li[data-kind=replay]')]"
        ".filter(li => li.textContent.endsWith('replay finished')).length >= n",
        arg=count,
        timeout=120000,
    )


def test_session_times_never_go_back_across_a_drag_a_replay_and_slow_mo(server, open_capturing_page):
    page = open_capturing_page(server.url(f"?session={new_session('log')}"))
    record_drag(page)
    replay(page, "Replay")
    wait_replays_finished(page, 1)
    page.get_by_role("button", name="Slow-mo last gesture", exact=True).click()
    wait_replays_finished(page, 2)

    entries = log_entries(page)
    times = [entry["time"] for entry in entries]
    assert times == sorted(times), [(e["time"], e["text"]) for e in entries]
    shown = [shown_seconds(entry["text"]) for entry in entries]
    assert shown == sorted(shown), [e["text"] for e in entries]

    # Live, then each replay's entries between its "started" and "finished", all marked, with the
    # recording's own time in a column of their own.
    kinds = [(e["kind"], e["text"].split(" s ", 1)[1]) for e in entries]
    starts = [i for i, (kind, text) in enumerate(kinds) if kind == "replay" and text.startswith("replay started")]
    ends = [i for i, (kind, text) in enumerate(kinds) if kind == "replay" and text == "replay finished"]
    assert len(starts) == 2 and len(ends) == 2, kinds
    live = entries[: starts[0]]
    assert any(e["kind"] == "gesture" and e["text"].endswith("you (mouse) started a gesture") for e in live), live
    assert not any(e["replayed"] for e in live)
    for start, end in zip(starts, ends, strict=True):
        assert not entries[start]["replayed"] and not entries[end]["replayed"]
        played = entries[start + 1 : end]
        assert played and all(e["replayed"] for e in played), played
        assert all(e["recorded"] is not None and f"replay · rec {e['recorded'] / 1000:.3f} s" in e["text"] for e in played)
        gestures = [e for e in played if e["kind"] == "gesture"]
        # Named as the recorded frames' input says, never "you": the recording's clients are its own.
        assert [re.search(r"(Viewer \d+ \(mouse\)|you\b.*) started a gesture$", e["text"]).group(1) for e in gestures] == [
            "Viewer 1 (mouse)"
        ], gestures
        assert any(e["kind"] == "settled" for e in played)
    # The replays' recorded times are the drag's, earlier than the session times they are listed at.
    assert any(e["recorded"] < e["time"] for e in entries if e["replayed"])

    page.locator("#events").scroll_into_view_if_needed()
    look(page.locator("#events"), "event-log-after-replay.png")


def test_a_vertical_touch_scroll_over_the_banner_is_no_gesture(server, open_capturing_page):
    page = open_capturing_page(server.url(f"?session={new_session('scroll')}"), **PHONE)
    page.wait_for_selector(".slot img")
    assert page.evaluate("() => scrollY") == 0
    touch_swipe(page, 0, -150)
    page.wait_for_function("() => scrollY > 40")

    # Slow-mo: the server answers that there is no gesture yet. Its answer comes after any frame a
    # pointer message sent before it made, so the log has had every such frame by then.
    first = len(page.received)
    page.get_by_role("button", name="Slow-mo last gesture", exact=True).click()

    def answer():
        for text in texts(page)[first:]:
            message = json.loads(text)
            if message["type"] == "error" and message.get("ref") == "replay" or message["type"] == "replay":
                return message
        return None

    wait_until(page, lambda: answer() is not None, 10, "the answer to Slow-mo")
    assert answer()["type"] == "error" and answer()["code"] == "invalid_value", answer()
    assert "no gesture to replay yet" in answer()["message"]
    assert [m for m in page.sent if m["type"] == "pointer"] == []
    logged = [(e["kind"], e["text"]) for e in log_entries(page)]
    assert not any(kind in ("gesture", "settled", "interrupted", "pageChanged", "replay") for kind, _ in logged), logged
    assert page.locator("#counter").inner_text() == "1 of 5"


def test_a_slider_drag_is_one_line(server, open_page):
    """A slider dragged 8 → 30 sends a change every tenth of a second; the log says it once, from the
    first value to the last. A change after a pause, or another field, is a line of its own."""
    from test_share_export import set_range

    page = open_page(server.url(f"?session={new_session('drag-line')}&preset=strip"))
    page.wait_for_selector(".slot img")
    for value in (10, 14, 19, 25, 30):
        set_range(page, "spacing", str(value))
        page.wait_for_timeout(120)
    page.wait_for_function(
        "() => [...document.querySelectorAll('#event-list li[data-kind=config]')].some(li => li.textContent.endsWith('spacing 8 → 30'))"
    )
    configs = [entry["text"] for entry in log_entries(page) if entry["kind"] == "config"]
    assert len(configs) == 1, configs
    set_range(page, "inset", "20")
    page.wait_for_function("() => document.querySelectorAll('#event-list li[data-kind=config]').length === 2")
    assert log_entries(page)[-1]["text"].endswith("inset 16 → 20")
