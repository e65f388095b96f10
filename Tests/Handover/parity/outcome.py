"""Where a carousel came to rest, measured the same way on the preview and on a library's page:
the item at rest is the one whose alignment point is nearest the viewport's (start: its leading edge
nearest the inset; center: its centre nearest the viewport's centre; end: its trailing edge nearest
the viewport's end less the inset); its offset is its leading edge's distance from the viewport's
leading side (the right one, right to left), px."""

import dataclasses


@dataclasses.dataclass
class Outcome:
    item: int
    offset: float
    settle_ms: float | None
    # A wheel take's: when its last gesture ended, in the take's own times (ms), as the preview ended it.
    released_at: float | None = None


def rest_of_slots(slots, count, width, shape):
    """(item, offset) from boxes `{"item", "x", "width"}` in a viewport `width` wide, the layout's
    `shape` being `{"align", "inset", "direction"}`."""
    rtl = shape["direction"] == "rtl"
    boxes = [(slot["item"] % count, width - slot["x"] - slot["width"] if rtl else slot["x"], slot["width"]) for slot in slots if slot["item"] is not None]

    def distance(box):
        _, leading, size = box
        if shape["align"] == "center":
            return abs(leading + size / 2 - width / 2)
        if shape["align"] == "end":
            return abs(leading + size - (width - shape["inset"]))
        return abs(leading - shape["inset"])

    item, leading, _ = min(boxes, key=distance)
    return item, leading
