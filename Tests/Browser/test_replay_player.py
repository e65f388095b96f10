"""The replay player: while a live replay plays (an uploaded recording or Slow-mo of the last
gesture) the page shows Stop (and takes Esc), the recording's progress and time, and Loop; a drag or
a setting meanwhile is held with a word saying so, the settings panel is disabled, and at the end
the session is live again and the timeline runs again. Times are measured from the page's own
received messages."""

import json
import re
import time
from urllib.parse import parse_qs, urlparse

from page_helpers import clear_notices, drag, look, new_session, record_notices, wait_idle_at
from sockets import open_socket
from test_page import pitch
from test_replay import record_drag, texts, wait_until

PLAYER_NOTICE = "The replay is playing: your drag was not applied. Stop it to take over."
SETTINGS_NOTICE = "The replay is playing: your change was not applied. Stop it to take over."


def replay_messages(page, first=0):
    """The `replay` messages received from index `first` on, as (monotonic seconds, parsed)."""
    return [(at, json.loads(text)) for at, text in page.received[first:] if text.startswith('{"type":"replay"')]


def wait_replay(page, state, first, count=1, timeout=60):
    """Waits for the `count`-th `replay` `state` message from index `first` on; its (time, message)."""

    def found():
        matching = [entry for entry in replay_messages(page, first) if entry[1]["state"] == state]
        return matching[count - 1] if len(matching) >= count else None

    wait_until(page, lambda: found() is not None, timeout, f"replay {state} #{count}")
    return found()


def flick_and_slow_mo(page, index=0):
    """A flick from item `index` to the next, then Slow-mo of it at 0.25x; the index of the first
    message after the click, and the `started` message's (time, message)."""
    flick(page)
    wait_idle_at(page, index + 1)
    first = len(page.received)
    page.get_by_role("button", name="Slow-mo last gesture", exact=True).click()
    return first, wait_replay(page, "started", first, timeout=10)


def open_player_page(open_capturing_page, server):
    page = open_capturing_page(server.url(f"?session={new_session('player')}"))
    page.wait_for_selector(".slot[data-item='1']")
    page.item_pitch = pitch(page)  # measured on item 0, which later flicks leave
    return page


def flick(page):
    """A fast mouse flick toward the next item, through CDP so its pace survives a busy machine."""
    drag(page, -0.35 * page.item_pitch, 60, 6)


def own_client(page):
    return next(json.loads(text)["client"] for text in texts(page) if text.startswith('{"type":"welcome"'))


def test_stop_by_button_ends_a_quarter_speed_replay_of_a_recording_at_once(server, open_capturing_page):
    page = open_player_page(open_capturing_page, server)
    record_drag(page)
    clear_notices(page)
    first = len(page.received)
    page.get_by_role("button", name="Replay at 0.25x", exact=True).click()
    started_at, started = wait_replay(page, "started", first, timeout=10)
    assert started["speed"] == 0.25
    natural = started["durationMs"] / 1000 / 0.25
    assert natural > 2, started

    # The player: Stop, the progress bar and the recording's time, which grows.
    player = page.get_by_role("group", name="Replay player")
    player.wait_for()
    stop = player.get_by_role("button", name="Stop replay", exact=True)
    progress = page.get_by_role("slider", name="Replay position")
    total = f"{started['durationMs'] / 1000:.2f} s"
    page.wait_for_function(
        "total => { const p = document.querySelector('#replay-progress');"
        " return p.value > 0 && document.querySelector('#replay-time').textContent.endsWith(' / ' + total) }",
        arg=total,
    )
    shown = page.locator("#replay-time").text_content()
    assert re.fullmatch(r"\d+\.\d\d s / " + re.escape(total), shown), shown
    assert progress.get_attribute("aria-valuetext") is not None
    assert float(progress.evaluate("p => p.max")) == max(1, started["durationMs"])
    look(page, "replay-player-desktop.png")

    pressed_at = time.monotonic()
    stop.click()
    finished_at, finished = wait_replay(page, "finished", first, timeout=10)
    assert finished == {"type": "replay", "state": "finished", "stopped": True, "client": own_client(page)}
    assert {"type": "replay", "action": "stop"} in page.sent
    # At once: long before the replay's natural end, and within moments of the press.
    assert finished_at - started_at < natural / 2, (finished_at - started_at, natural)
    assert finished_at - pressed_at < 1.5, finished_at - pressed_at
    # Then the session's own configuration and frame; the player goes, and the page says so.
    index = next(i for i, (at, text) in enumerate(page.received) if at == finished_at and '"finished"' in text)
    wait_until(page, lambda: len(page.received) >= index + 3, 10, "the session's config and frame")
    after = [json.loads(text)["type"] for _, text in page.received[index + 1 : index + 3]]
    assert after == ["config", "frame"], after
    player.wait_for(state="hidden")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.notice')].some(n => n.textContent === 'Replay stopped by you: the session is live again.')"
    )
    # Nothing of the stopped replay arrives afterwards.
    assert [m for _, m in replay_messages(page, first)] == [started, finished]


def test_esc_stops_slow_mo_at_once_for_every_viewer(server, open_capturing_page):
    page = open_player_page(open_capturing_page, server)
    session_url = page.url
    other = open_capturing_page(session_url, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    first_other = len(other.received)
    first, (started_at, started) = flick_and_slow_mo(page)
    natural = started["durationMs"] / 1000 / 0.25
    # The other viewer sees the player too, and could stop it; its Loop is not its own to keep.
    other.get_by_role("button", name="Stop replay", exact=True).wait_for()
    assert other.locator("#replay-loop").is_disabled()
    page.get_by_role("button", name="Stop replay", exact=True).wait_for()
    pressed_at = time.monotonic()
    page.locator("body").press("Escape")
    finished_at, finished = wait_replay(page, "finished", first, timeout=10)
    assert finished["stopped"] is True and finished["client"] == own_client(page)
    # At once: before the replay's natural end, and within moments of the key.
    assert finished_at - started_at < natural * 0.75, (finished_at - started_at, natural)
    assert finished_at - pressed_at < 1.0, finished_at - pressed_at
    _, seen_by_other = wait_replay(other, "finished", first_other, timeout=10)
    assert seen_by_other == finished
    other.wait_for_function(
        "() => [...document.querySelectorAll('.notice')].some(n => /^Replay stopped by Viewer \\d+: the session is live again\\.$/.test(n.textContent))"
    )
    assert page.locator("#replay-player").is_hidden()
    # The event log says who stopped it.
    page.wait_for_function(
        "() => [...document.querySelectorAll('#event-list li')].some(li => li.textContent.endsWith('replay stopped by you'))"
    )


def test_esc_stops_a_paused_replay_from_the_slider_a_field_a_button_and_the_timeline(server, open_capturing_page):
    """Esc stops the replay wherever focus is, even where the key has another meaning: the slider
    (an input), a text field, the player's own buttons, and the timeline (whose Esc goes live).
    Each replay is paused first, so none can end by itself before the key."""
    page = open_player_page(open_capturing_page, server)
    focus = {
        "the position slider": "#replay-progress",
        "the name field": "#viewer-name",
        "the Play button": "#replay-pause",
        "the timeline": "#timeline",
    }
    for index, (where, selector) in enumerate(focus.items()):
        first, _ = flick_and_slow_mo(page, index)
        page.get_by_role("button", name="Pause replay", exact=True).click()
        wait_replay(page, "paused", first)
        page.get_by_role("button", name="Play replay", exact=True).wait_for()
        page.locator(selector).focus()
        assert page.evaluate("s => document.activeElement === document.querySelector(s)", selector), where
        page.keyboard.press("Escape")
        _, finished = wait_replay(page, "finished", first, timeout=10)
        assert finished["stopped"] is True and finished["client"] == own_client(page), where
        page.locator("#replay-player").wait_for(state="hidden")
        assert sum(1 for m in page.sent if m == {"type": "replay", "action": "stop"}) == index + 1, where


def test_a_drag_and_a_setting_during_a_replay_are_held_with_a_notice(server, open_capturing_page):
    page = open_player_page(open_capturing_page, server)
    settings = page.locator("#settings")
    preset = page.get_by_label("Preset")
    assert preset.is_enabled()
    first, _ = flick_and_slow_mo(page)
    page.wait_for_function("() => document.querySelector('#replay-status').textContent === 'Replaying 0.25x'")
    clear_notices(page)
    record_notices(page)
    sent_before = len(page.sent)

    # A drag: not sent, and the page says why.
    drag(page, 150, 100, 5)
    page.wait_for_function("text => window.noticesSeen.includes(text)", arg=PLAYER_NOTICE)
    assert [m for m in page.sent[sent_before:] if m["type"] == "pointer"] == []

    # The settings panel is disabled as a whole: no preset can be half applied; a press says why.
    assert settings.evaluate("f => f.disabled") is True
    assert preset.is_disabled() and page.get_by_label("Spacing").is_disabled()
    page.locator("#setting-spacing").click(force=True)
    page.wait_for_function("text => window.noticesSeen.includes(text)", arg=SETTINGS_NOTICE)
    assert [m for m in page.sent[sent_before:] if m["type"] == "configure"] == []

    wait_replay(page, "finished", first)
    page.wait_for_function("() => window.noticesSeen.some(text => /the session is live again/.test(text))")
    assert settings.evaluate("f => f.disabled") is False
    assert preset.is_enabled()
    # The session is the viewer's again: a setting goes out and applies.
    preset.select_option("paged")
    wait_until(
        page, lambda: any(t.startswith('{"type":"config"') and '"preset":"paged"' in t for t in texts(page)[first:]), 10, "paged"
    )


def test_the_timeline_runs_again_after_slow_mo_and_its_button_says_what_it_will_do(server, open_capturing_page):
    page = open_player_page(open_capturing_page, server)
    toggle = page.locator("#timeline-pause")
    assert toggle.text_content() == "Pause timeline"
    toggle.click()
    page.get_by_role("button", name="Resume timeline", exact=True).wait_for()
    toggle.click()
    page.get_by_role("button", name="Pause timeline", exact=True).wait_for()

    first, _ = flick_and_slow_mo(page)
    wait_replay(page, "finished", first)
    page.wait_for_selector("#replay-status", state="hidden")
    # Running, and its button offers to pause it.
    assert page.get_by_role("button", name="Pause timeline", exact=True).count() == 1
    assert page.get_by_role("button", name="Resume timeline", exact=True).count() == 0
    # It plots the session again: the next flick's settle is in its label.
    label = page.get_attribute("#timeline", "aria-label")
    flick(page)
    wait_idle_at(page, 2)
    page.wait_for_function(
        "label => { const now = document.querySelector('#timeline').getAttribute('aria-label');"
        " return now !== label && / toward item 3, settled in \\d+ ms$/.test(now) }",
        arg=label,
    )

    # Paused during a replay, it holds the replay's picture after it, and its button says Resume.
    first, _ = flick_and_slow_mo(page, 2)
    page.get_by_role("button", name="Pause timeline", exact=True).click()
    wait_replay(page, "finished", first)
    page.get_by_role("button", name="Resume timeline", exact=True).click()
    page.get_by_role("button", name="Pause timeline", exact=True).wait_for()


def test_loop_plays_the_replay_again_when_it_ends_by_itself(server, open_capturing_page):
    page = open_player_page(open_capturing_page, server)
    first, _ = flick_and_slow_mo(page)
    loop = page.get_by_role("checkbox", name="Loop", exact=True)
    loop.check()
    assert page.locator("#replay-loop").is_enabled()
    wait_replay(page, "started", first, count=2)
    # The player stayed through the restart; the second play is the same gesture at the same pace.
    starts = [m for _, m in replay_messages(page, first) if m["state"] == "started"]
    assert starts[0] == starts[1]
    assert [m for m in page.sent if m.get("type") == "replay"].count({"type": "replay", "gesture": "last", "speed": 0.25}) == 2
    loop.uncheck()
    wait_replay(page, "finished", first, count=2)
    page.wait_for_selector("#replay-player", state="hidden")
    finished = [m for _, m in replay_messages(page, first) if m["state"] == "finished"]
    assert all("stopped" not in m for m in finished), finished
    assert len([m for _, m in replay_messages(page, first) if m["state"] == "started"]) == 2


def test_a_viewer_who_joins_during_a_replay_sees_how_far_it_has_played(server, open_capturing_page):
    page = open_player_page(open_capturing_page, server)
    flick(page)
    wait_idle_at(page, 1)
    session = page.evaluate("() => new URLSearchParams(location.search).get('session')")
    first = len(page.received)
    # Slow-mo at the slowest speed (a tenth), asked by another viewer: the flick plays for seconds.
    with open_socket(f"ws://127.0.0.1:{server.port}/ws?session={session}") as other:
        other.send(json.dumps({"type": "replay", "gesture": "last", "speed": 0.1}))
        _, started = wait_replay(page, "started", first, timeout=10)
        # Some of it has played in the session: a page that joins now starts its progress bar there.
        wait_until(
            page, lambda: page.evaluate("() => Number(document.querySelector('#replay-progress').value)") >= 30, 10, "progress"
        )
        joiner = open_capturing_page(server.url(f"?session={session}"))
        joiner.wait_for_function("() => !document.querySelector('#replay-player').hidden")
        joined = next(json.loads(text) for text in texts(joiner) if text.startswith('{"type":"replay","state":"started"'))
        assert joined["playedMs"] >= 30 and joined["durationMs"] == started["durationMs"], joined
        assert joined["playedMs"] < joined["durationMs"], joined
        assert joiner.evaluate("() => Number(document.querySelector('#replay-progress').value)") >= joined["playedMs"]


def frames_after(page, first):
    """The frames received from index `first` on, parsed."""
    return [json.loads(text) for _, text in page.received[first:] if text.startswith('{"type":"frame"')]


def test_the_player_pauses_steps_one_engine_frame_and_moves_to_any_time(server, open_capturing_page, watch):
    page = open_player_page(open_capturing_page, server)
    watcher = watch(parse_qs(urlparse(page.url).query)["session"][0])
    flick(page)
    wait_idle_at(page, 1)
    # The gesture's frames as the session sent them (the page follows the engine: a watcher has the
    # frames). Slow-mo replays these very frames.
    wait_until(page, lambda: any(e["type"] == "settled" for f in watcher.frames for e in f["events"]), 10, "the settle")
    frames = watcher.frames
    down = next(i for i, frame in enumerate(frames) if frame["phase"] == "dragging")
    original = frames[down - 1 :]
    first = len(page.received)
    page.get_by_role("button", name="Slow-mo last gesture", exact=True).click()
    wait_replay(page, "started", first, timeout=10)
    wait_until(page, lambda: len(frames_after(page, first)) >= 3, 10, "three replayed frames")

    page.get_by_role("button", name="Pause replay", exact=True).click()
    _, paused = wait_replay(page, "paused", first)
    assert paused["client"] == own_client(page) and paused["playedMs"] >= 0
    page.get_by_role("button", name="Play replay", exact=True).wait_for()
    assert {"type": "replay", "action": "pause"} in page.sent
    # The event log says who paused it, and where in the recording.
    seconds = f"{paused['playedMs'] / 1000:.3f}"
    page.wait_for_function(
        "s => [...document.querySelectorAll('#event-list li')].some(li => li.textContent.endsWith(`replay paused at ${s} s of the recording by you`))",
        arg=seconds,
    )
    held = frames_after(page, first)
    start = original.index(held[0])
    assert held == original[start : start + len(held)], "the replay's frames are the gesture's"
    played = len(held)

    # Next frame, by button and by ".": each brings exactly the gesture's next frame, then where it holds.
    for press in [lambda: page.get_by_role("button", name="Next frame", exact=True).click(), lambda: page.keyboard.press(".")]:
        count = len(page.received)
        pauses = len([m for _, m in replay_messages(page, first) if m["state"] == "paused"])
        press()
        _, where = wait_replay(page, "paused", first, count=pauses + 1)
        assert frames_after(page, count) == [original[start + played]], played
        played += 1
        assert where["playedMs"] >= paused["playedMs"]
        paused = where
        page.wait_for_function(
            "ms => document.querySelector('#replay-time').textContent.startsWith((ms / 1000).toFixed(2) + ' s')",
            arg=where["playedMs"],
        )
    assert page.get_by_role("slider", name="Replay position").get_attribute("aria-valuetext").endswith(", paused")
    look(page.locator("#replay-player"), "replay-player-paused.png")

    # The slider: Home moves the replay back to its start; the gesture's first frame shows again.
    count = len(page.received)
    page.get_by_role("slider", name="Replay position").focus()
    page.keyboard.press("Home")
    wait_until(page, lambda: any(m.get("playedMs") == 0 for _, m in replay_messages(page, count)), 10, "the move to 0")
    assert {"type": "replay", "action": "seek", "ms": 0} in page.sent
    assert frames_after(page, count) == [original[start]]
    assert [m["state"] for _, m in replay_messages(page, count)] == ["paused"], "still paused"

    # Play: it plays on from the start to its end, frame after frame as the gesture made them.
    count = len(page.received)
    page.get_by_role("button", name="Play replay", exact=True).click()
    _, finished = wait_replay(page, "finished", count, timeout=30)
    end = next(i for i, (_, text) in enumerate(page.received) if i >= count and '"state":"finished"' in text)
    rest = frames_after(page, count)[: sum(1 for _, t in page.received[count:end] if t.startswith('{"type":"frame"'))]
    assert rest == original[start + 1 : start + 1 + len(rest)] and len(rest) >= 5, len(rest)


def test_a_paused_replay_is_let_go_when_its_last_viewer_leaves(server, open_capturing_page):
    """Paused, then its only viewer closes the page: whoever opens the session next finds it live,
    its settings enabled and no player, not a replay holding it."""
    page = open_player_page(open_capturing_page, server)
    session_url = page.url
    first, _ = flick_and_slow_mo(page)
    page.get_by_role("button", name="Pause replay", exact=True).click()
    wait_replay(page, "paused", first)
    page.close()
    again = open_capturing_page(session_url)
    again.wait_for_selector(".slot[data-item='1']")
    wait_idle_at(again, 1)
    assert replay_messages(again) == []
    assert again.locator("#replay-player").is_hidden()
    assert again.locator("#settings").evaluate("f => f.disabled") is False
    # The session is this viewer's: a flick moves it.
    again.item_pitch = page.item_pitch
    flick(again)
    wait_idle_at(again, 2)
