"""Gestures on the banner and strip presets: where a release rests, how fast, and the edges.

Geometry of the `banner` preset (docs/protocol/README.md, "Configuration"): a 375 pt viewport,
inset 16, spacing 8, so each item is 375 - 2 * 16 = 343 pt wide, one pitch is 343 + 8 = 351 pt,
and the item at rest sits at x = 16. Dragging to the left (negative dx) moves toward later items.
"""

import pytest

PITCH = 351  # banner: item 343 pt + spacing 8 pt
INSET = 16  # where a resting item's left edge sits


def slot_x(frame, item):
    """The `x` of the slot showing `item` ("Frames": slots)."""
    xs = [slot["x"] for slot in frame["slots"] if slot["item"] == item]
    assert len(xs) == 1, f"item {item} is in {len(xs)} slots: {frame['slots']}"
    return xs[0]


def test_slow_drag_past_half_a_page_snaps_to_the_next_item(viewer):
    v = viewer()
    # 180 pt is just past half a pitch (175.5); resting the finger 50 ms before lifting releases
    # it with velocity 0, so only the distance decides ("The release velocity").
    release = v.drag(-180, hold_ms=50)
    assert release["velocity"] == 0, release
    assert release["offset"] == 180, "a drag moves the content exactly as far as the finger"
    assert release["target"] == {"index": 1, "offset": PITCH}, release

    rest = v.settle()
    assert (rest["index"], rest["position"], rest["offset"]) == (1, 0, PITCH), rest
    assert slot_x(rest, 1) == INSET and slot_x(rest, 2) == INSET + PITCH, rest["slots"]
    assert v.events == [{"type": "pageChanged", "index": 1, "previous": 0}, {"type": "settled", "index": 1}]


def test_short_drag_snaps_back(viewer):
    v = viewer()
    release = v.drag(-170, hold_ms=50)  # just short of half a pitch, released at rest
    assert release["target"] == {"index": 0, "offset": 0}, release

    rest = v.settle()
    assert (rest["index"], rest["position"], rest["offset"]) == (0, 0, 0), rest
    assert slot_x(rest, 0) == INSET, rest["slots"]
    assert v.events == [{"type": "settled", "index": 0}], "no page change on the way back"


def test_flick_moves_at_most_max_items_per_flick(viewer):
    v = viewer()
    v.configure(config={"maxItemsPerFlick": 2}, itemCount=10)
    assert v.latest["config"]["config"]["maxItemsPerFlick"] == 2

    release = v.flick(-300, ms=16)  # ~18,750 pt/s: a hard flick
    # UIKit's projection ("What a release does") would coast the content many pages on ...
    projection = release["offset"] + release["velocity"] / 1000 * 0.99 / (1 - 0.99)
    assert projection > 5 * PITCH, release
    # ... but the cap allows two snap points on from item 0, the one behind the release.
    assert release["target"] == {"index": 2, "offset": 2 * PITCH}, release

    rest = v.settle()
    assert (rest["index"], rest["offset"]) == (2, 2 * PITCH), rest
    pages = [event for event in v.events if event["type"] == "pageChanged"]
    assert pages == [{"type": "pageChanged", "index": 1, "previous": 0},
                     {"type": "pageChanged", "index": 2, "previous": 1}]


def test_loop_wraps_from_last_item_to_first(viewer):
    v = viewer()
    count = len(v.welcome["items"])
    assert count == 5 and v.welcome["config"]["loop"] is True
    last = v.command("goto", index=count - 1, animated=False)
    assert (last["index"], last["phase"]) == (count - 1, "idle"), last

    v.drag(-180, hold_ms=50)  # a swipe on to the next item
    rest = v.settle()
    assert (rest["index"], rest["position"]) == (0, 0), rest
    # On screen: item 0 at rest, the last item just off to its left.
    assert slot_x(rest, 0) == INSET and slot_x(rest, count - 1) == INSET - PITCH, rest["slots"]
    # `offset` never wraps ("Frames"): the goto went back one pitch, the swipe forward one.
    assert rest["offset"] == last["offset"] + PITCH, (last["offset"], rest["offset"])
    assert {"type": "pageChanged", "index": 0, "previous": count - 1} in v.events, v.events


def test_snap_settles_within_400_ms_without_overshoot(viewer):
    v = viewer()
    release = v.drag(-180, hold_ms=50)
    target = release["target"]["offset"]
    offsets = [release["offset"]]
    while v.frame()["phase"] != "idle":  # 4 ms at a time: one engine step per frame
        offsets.append(v.advance(4)["offset"])
        assert v.frame()["time"] - release["time"] <= 1000, "never settled"
    rest = v.frame()

    settle_ms = rest["time"] - release["time"]  # "Reading a gesture from frames"
    assert 100 <= settle_ms <= 400, f"release to rest took {settle_ms} ms"
    assert rest["offset"] == target and rest["events"] == [{"type": "settled", "index": 1}], rest
    # The spring heads straight for its item: never past it, never back.
    assert offsets == sorted(offsets) and max(offsets) == target, offsets


def test_rubber_band_at_the_start_of_a_strip_returns_to_the_edge(viewer):
    v = viewer(preset="strip")  # finite: `loop` false
    config = v.welcome["config"]
    assert config["loop"] is False and v.frame()["offset"] == 0

    v.pointer("down", 100)
    for x in (125, 150, 175, 200):  # 100 pt to the right, before the first item
        v.advance(8)
        pulled = v.pointer("move", x)
    # The content follows the finger against a rubber band: less than 100 pt, on UIScrollView's
    # curve (1 - 1 / (x * c / d + 1)) * d with c = `rubberBand` and d = the viewport's width.
    c, d = config["rubberBand"], config["viewport"]["width"]
    assert pulled["offset"] == pytest.approx(-(1 - 1 / (100 * c / d + 1)) * d, abs=1e-9), pulled
    assert pulled["phase"] == "dragging" and pulled["index"] == 0, pulled

    v.advance(50)
    release = v.pointer("up", 200)
    assert release["target"] == {"index": 0, "offset": 0}, release
    rest = v.settle()
    assert (rest["index"], rest["position"], rest["offset"]) == (0, 0, 0), rest
    assert slot_x(rest, 0) == config["inset"], rest["slots"]
    assert v.events == [{"type": "settled", "index": 0}], v.events
