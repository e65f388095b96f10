"""Download as animation (in the Motion panel): after a recording, the page sends it to the server in `render` messages,
the server draws it off its event loop and the page saves the file. Checked here as a user would:
record a drag, pick a format, click, and read the saved file (GIF's graphics control blocks, WebP's
animation chunks), on a desktop and on a phone's layout, with axe on the row."""

import re

from conftest import PHONE
from page_helpers import assert_no_overlap, clear_notices, look, new_session, record_notices
from test_axe import check_mode
from test_replay import record_drag


def download_animation(page, tmp_path, format_label):
    page.get_by_role("combobox", name="Animation format").select_option(label=format_label)
    button = page.get_by_role("button", name="Download as animation")
    with page.expect_download(timeout=120_000) as info:
        button.click()
    download = info.value
    extension = format_label.lower()
    assert re.fullmatch(rf"carousel-[A-Za-z0-9_-]+-\d{{8}}-\d{{6}}\.{extension}", download.suggested_filename), (
        download.suggested_filename
    )
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    page.wait_for_function("() => window.noticesSeen.some((text) => text.startsWith('Animation ready'))")
    ready = page.evaluate("() => window.noticesSeen.filter((text) => text.startsWith('Animation ready')).pop()")
    page.evaluate("() => { window.noticesSeen.length = 0; }")
    pictures = int(re.search(r"Animation ready: (\d+) pictures", ready).group(1))
    # Ready again for the next one.
    page.get_by_role("button", name="Download as animation").wait_for()
    assert page.get_by_role("button", name="Download as animation").is_enabled()
    return path.read_bytes(), pictures


def gif_delays(data):
    """The delay (in hundredths) of every picture: each graphics control extension, found by walking
    the file's blocks (a scan for its bytes also finds them, by chance, inside compressed pictures)."""

    def skip_sub_blocks(at):
        while data[at]:
            at += data[at] + 1
        return at + 1

    def color_table(flags):
        return 3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0

    at = 13 + color_table(data[10])  # header and logical screen descriptor, then the global table
    delays = []
    while data[at] != 0x3B:  # the trailer
        if data[at] == 0x21:  # an extension: its label, then sub-blocks
            if data[at + 1] == 0xF9:
                delays.append(data[at + 4] | data[at + 5] << 8)
            at = skip_sub_blocks(at + 2)
        elif data[at] == 0x2C:  # a picture: its descriptor, local table, LZW code size, sub-blocks
            at = skip_sub_blocks(at + 10 + color_table(data[at + 9]) + 1)
        else:
            raise AssertionError(f"not a GIF block at byte {at}: {data[at]:#x}")
    return delays


def test_a_recorded_drag_downloads_as_gif_and_webp(server, open_capturing_page, tmp_path):
    session = new_session()
    page = open_capturing_page(server.url(f"?session={session}"))
    # In the Motion panel from the start, so the panel never moves; usable once there is a recording.
    assert page.get_by_role("button", name="Download as animation").is_disabled(), "no recording yet"
    assert page.get_by_role("combobox", name="Animation format").is_disabled()
    record_drag(page)
    record_notices(page)

    data, pictures = download_animation(page, tmp_path, "GIF")
    assert data.startswith(b"GIF89a") and data.endswith(b";")
    assert pictures > 10 and gif_delays(data) == [2] * pictures, "one picture every 20 ms"

    data, pictures = download_animation(page, tmp_path, "WebP")
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP" and b"ANIM" in data[:64]
    assert pictures > 10

    clear_notices(page)
    look(page, "render-download-desktop.png", full_page=True)
    assert_no_overlap(page)
    controls = check_mode(page, "recorded")
    assert {("button", "Download as animation"), ("combobox", "Animation format")} <= set(controls), controls


def test_on_a_phone_the_row_fits_and_a_second_render_waits_its_turn_in_words(server, open_capturing_page, browser):
    phone = open_capturing_page(server.url(f"?session={new_session()}"), **PHONE)
    record_drag(phone)
    button = phone.get_by_role("button", name="Download as animation")
    button.scroll_into_view_if_needed()
    assert button.is_visible()
    clear_notices(phone)
    look(phone, "render-download-phone.png", full_page=True)
    assert_no_overlap(phone)

    # Another viewer, elsewhere, asks while the phone's animation is being drawn: the server draws
    # one at a time, the desk's waits its turn and says so; both come.
    desk = open_capturing_page(server.url(f"?session={new_session()}"))
    record_drag(desk)
    record_notices(phone)
    record_notices(desk)
    phone.get_by_role("combobox", name="Animation format").select_option(label="GIF")
    with phone.expect_download(timeout=120_000):
        button.click()
        phone.get_by_role("button", name="Drawing…").wait_for()
        with desk.expect_download(timeout=120_000):
            desk.get_by_role("button", name="Download as animation").click()
            desk.get_by_role("button", name="Waiting (1 before)…").wait_for()
            assert desk.get_by_role("button", name="Waiting (1 before)…").is_disabled()
            desk.get_by_role("button", name="Drawing…").wait_for(timeout=120_000)
        desk.wait_for_function("() => window.noticesSeen.some((text) => text.startsWith('Animation ready'))")
        assert desk.get_by_role("button", name="Download as animation").is_enabled()
    phone.wait_for_function("() => window.noticesSeen.some((text) => text.startsWith('Animation ready'))")
