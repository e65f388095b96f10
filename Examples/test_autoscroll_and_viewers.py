"""Auto-scroll on the manual clock, and two viewers of one session."""

PITCH = 351  # banner: item 343 pt + spacing 8 pt


def test_autoscroll_fires_after_its_interval_and_pauses_under_a_finger(viewer):
    v = viewer()
    start = v.configure(config={"autoscroll": {"enabled": True, "intervalMs": 1000}})
    assert start["autoscroll"] == {"state": "running", "pausedBy": [], "remainingMs": 1000}, start

    # "Frames", autoscroll.remainingMs: the countdown loses 4 ms per engine step and fires on
    # the step that takes it to 0, the 250th (time 1000).
    before = v.advance(996)
    assert (before["phase"], before["index"], before["autoscroll"]["remainingMs"]) == ("idle", 0, 4), before
    assert not any(event["type"] == "autoScrolled" for event in v.events), v.events
    fired = v.advance(4)
    assert fired["events"] == [{"type": "autoScrolled", "index": 0}], fired
    assert fired["target"] == {"index": 1, "offset": PITCH}, fired
    rest = v.settle()
    assert (rest["index"], rest["offset"]) == (1, PITCH), rest

    # A finger down pauses it: five intervals pass and nothing moves.
    down = v.pointer("down", 200)
    assert down["autoscroll"]["state"] == "paused" and down["autoscroll"]["pausedBy"] == ["pointerDown"], down
    held = v.advance(5000)
    assert (held["index"], held["offset"], held["phase"]) == (1, PITCH, "dragging"), held
    assert held["autoscroll"]["remainingMs"] == down["autoscroll"]["remainingMs"], "a paused countdown keeps its value"
    assert not any(event["type"] == "autoScrolled" for event in held["events"]), held

    # Lifted, it runs again: the countdown starts over at the `settled` and fires 1000 ms on.
    up = v.pointer("up", 200)
    assert up["autoscroll"]["state"] == "running" and up["events"] == [{"type": "settled", "index": 1}], up
    v.events.clear()
    v.advance(996)
    assert v.events == [], v.events
    assert v.advance(4)["events"] == [{"type": "autoScrolled", "index": 1}]


def test_second_viewer_sees_the_same_frames_as_the_first(viewer):
    first = viewer()
    second = viewer()  # the same session
    assert second.welcome["viewers"] == 2 and second.welcome["client"] != first.welcome["client"]

    first.drag(-180, hold_ms=50)
    last = first.settle()
    assert (last["index"], last["offset"]) == (1, PITCH), last

    # On a manual clock every viewer gets every frame ("Clocks"): read the second viewer's frames
    # up to the first viewer's last one; they must be the very same frames, member for member.
    seen = []
    while not seen or seen[-1]["seq"] < last["seq"]:
        seen.append(second.next("frame"))
    assert seen[-1] == last, (seen[-1], last)
    assert seen[-1]["input"]["client"] == first.welcome["client"], "the frame says who moved it"
    assert [frame["seq"] for frame in seen] == list(range(seen[0]["seq"], last["seq"] + 1)), "no frame skipped"
    assert second.events[-2:] == [{"type": "pageChanged", "index": 1, "previous": 0}, {"type": "settled", "index": 1}]
