"""The timeline as an instrument (timelineview.js, timelinepointer.js, timelinekeys.js,
timelineexport.js): a dragged span zooms and exports as CSV rows equal to the frames' values and as
a PNG of the picture, the keyboard cursor steps exactly one frame, an idle stretch draws no line, and
"Last 60 s" shows the whole history; checked against an independent WebSocket watcher."""

import csv
import io
import struct

from page_helpers import look, wait_idle_at
from test_timeline import (
    READOUT,
    after_two_animation_frames,
    canvas_picture,
    flick,
    open_motion_page,
    settles_after_release,
    wait_watcher,
)

PAD_LEFT, PAD_RIGHT = 46, 50  # timelinepainter.js's PAD


def plot_x(box, fraction):
    return box["x"] + PAD_LEFT + fraction * (box["width"] - PAD_LEFT - PAD_RIGHT)


def flicked_and_settled(page, open_page, server, watch):
    page, session = open_motion_page(open_page, server)
    watcher = watch(session)
    flick(page)
    wait_idle_at(page, 1)
    wait_watcher(page, lambda: settles_after_release(watcher.frames), "the watcher's settle")
    page.locator("#motion").scroll_into_view_if_needed()
    return page, watcher


def reading_at(page, box, fraction):
    page.mouse.move(plot_x(box, fraction), box["y"] + box["height"] / 2)
    return page.text_content("#timeline-readout")


def test_a_dragged_span_zooms_and_its_csv_rows_are_the_frames_values(server, open_page, watch, tmp_path):
    page, watcher = flicked_and_settled(None, open_page, server, watch)
    page.locator("#timeline-pause").click()
    page.get_by_role("button", name="Resume timeline", exact=True).wait_for()
    box = page.locator("#timeline").bounding_box()
    # Find where the flick is on the paused picture: the fractions of the plot that read it moving.
    texts = [reading_at(page, box, f / 40) for f in range(1, 40)]
    readings = [(f / 40, READOUT.match(text)) for f, text in zip(range(1, 40), texts, strict=True)]
    moving = [f for f, m in readings if m and m.group(4) != "idle"]
    assert moving, texts
    left, right = max(moving[0] - 0.05, 0.01), min(moving[-1] + 0.05, 0.99)
    page.mouse.move(plot_x(box, left), box["y"] + 60)
    page.mouse.down()
    page.mouse.move(plot_x(box, (left + right) / 2), box["y"] + 60, steps=3)
    page.mouse.move(plot_x(box, right), box["y"] + 60, steps=3)
    page.mouse.up()
    # Zoomed: the same stretch now spans the plot, so the whole plot reads moving frames near its
    # middle, and the two ends read what was at the dragged ends.
    assert READOUT.match(reading_at(page, box, 0.5)), page.text_content("#timeline-readout")
    look(page.locator("#motion"), "timeline-zoomed.png")
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] + 150)
    with page.expect_download() as info:
        page.get_by_role("button", name="Save the span shown as CSV").click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.name.startswith("timeline-") and path.suffix == ".csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    by_time = {frame["time"]: (at, frame) for at, frame in enumerate(watcher.frames)}
    assert len(rows) >= 5, rows
    span_ms = float(rows[-1]["time_ms"]) - float(rows[0]["time_ms"])
    assert span_ms <= (right - left) * 4000 + 50, (span_ms, left, right)
    indices = []
    for row in rows:
        if float(row["time_ms"]) < watcher.frames[0]["time"]:
            continue  # before the watcher joined
        at, frame = by_time[float(row["time_ms"])]
        target = frame["target"]["offset"] if frame["target"] else None
        assert row["series"] == "This carousel"
        assert float(row["offset_pt"]) == frame["offset"] and float(row["velocity_pt_s"]) == frame["velocity"], (row, frame)
        assert (float(row["target_pt"]) if row["target_pt"] else None) == target, (row, frame)
        assert row["phase"] == frame["phase"], (row, frame)
        indices.append(at)
    # Every frame of the span, in order, none left out.
    assert len(indices) >= 5, rows
    assert indices == list(range(indices[0], indices[0] + len(indices))), indices

    with page.expect_download() as info:
        page.get_by_role("button", name="Save the span shown as PNG").click()
    png = tmp_path / info.value.suggested_filename
    info.value.save_as(png)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert [width, height] == page.eval_on_selector("#timeline", "c => [c.width, c.height]")

    page.get_by_role("button", name="Resume timeline", exact=True).click()
    page.get_by_role("button", name="Pause timeline", exact=True).wait_for()


def test_the_keyboard_cursor_steps_exactly_one_frame(server, open_page, watch):
    page, watcher = flicked_and_settled(None, open_page, server, watch)
    page.focus("#timeline")
    page.keyboard.press("ArrowLeft")
    page.get_by_role("button", name="Resume timeline", exact=True).wait_for()
    assert page.get_attribute("#timeline-readout", "aria-live") == "polite"
    times = [frame["time"] for frame in watcher.frames]

    def cursor_index():
        match = READOUT.match(page.text_content("#timeline-readout"))
        assert match, page.text_content("#timeline-readout")
        return min(range(len(times)), key=lambda i: abs(times[i] / 1000 - float(match.group(1))))

    start = cursor_index()
    assert start == len(times) - 1, "no cursor yet: the first step reads the newest frame on screen"
    for expected in [start - 1, start - 2, start - 3]:
        page.keyboard.press("ArrowLeft")
        assert cursor_index() == expected
    page.keyboard.press("Shift+ArrowLeft")
    assert cursor_index() == start - 13
    page.keyboard.press("ArrowRight")
    assert cursor_index() == start - 12
    frame = watcher.frames[start - 12]
    match = READOUT.match(page.text_content("#timeline-readout"))
    assert match.group(2) == f"{frame['offset']:.1f}" and match.group(4) == frame["phase"]
    picture = canvas_picture(page)
    page.keyboard.press("+")
    after_two_animation_frames(page)
    assert canvas_picture(page) != picture, "+ zooms in"
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Pause timeline", exact=True).wait_for()
    assert READOUT.match(page.text_content("#timeline-readout")) is None, "live again: the cursor is gone"


def test_an_idle_stretch_draws_no_line_and_last_60_s_shows_the_history(server, open_page, watch):
    page, session = open_motion_page(open_page, server)
    watcher = watch(session)
    # Auto-scroll every 1.2 s: each settles well before the next, leaving idle stretches between.
    watcher.send({"type": "configure", "config": {"autoscroll": {"enabled": True, "intervalMs": 1200}}})
    fired = lambda: sum(1 for f in watcher.frames for e in f["events"] if e["type"] == "autoScrolled")  # noqa: E731
    wait_watcher(page, lambda: fired() >= 3, "three auto-scrolls")
    page.locator("#motion").scroll_into_view_if_needed()
    page.locator("#timeline-pause").click()
    page.get_by_role("button", name="Resume timeline", exact=True).wait_for()
    box = page.locator("#timeline").bounding_box()
    columns = []
    readings = [reading_at(page, box, f / 80) for f in range(1, 80)]
    for f in range(2, 78):
        # Well inside a stretch with no frames: the readings either side say so too.
        if all(text == "no frames here" for text in readings[f - 2 : f + 3]):
            columns.append(PAD_LEFT + (f + 1) / 80 * (box["width"] - PAD_LEFT - PAD_RIGHT))
    assert columns, readings
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] + 150)
    after_two_animation_frames(page)
    # No pixel of the series' blue (#4c6ef5, a line or its half-transparent velocity) in those columns.
    blue = page.eval_on_selector(
        "#timeline",
        """(canvas, columns) => {
            const ratio = canvas.width / canvas.getBoundingClientRect().width;
            const context = canvas.getContext('2d');
            let found = 0;
            for (const x of columns) {
                const data = context.getImageData(Math.round(x * ratio), Math.round(30 * ratio), 1, canvas.height - Math.round(48 * ratio)).data;
                for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 40 && data[i + 2] - data[i] > 60) found += 1;
            }
            return found;
        }""",
        columns,
    )
    assert blue == 0, f"{blue} blue pixels in the idle columns {columns}"
    picture = canvas_picture(page)
    page.get_by_role("button", name="Last 60 s", exact=True).click()
    after_two_animation_frames(page)
    assert canvas_picture(page) != picture
    # The whole minute: the page opened seconds ago, so its frames all lie in the plot's last tenth.
    readings = [READOUT.match(reading_at(page, box, f / 100)) for f in range(1, 100)]
    assert not any(readings[:85]) and any(readings[90:]), [bool(m) for m in readings]
