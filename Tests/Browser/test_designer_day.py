"""A designer's day, through the page's controls only (issue 49): own images picked in the panel and a
typed title, product tiles, Arabic, back to their own items, an undo, two variants, Compare variants,
a recording drawn as a GIF, Download settings and a server started from that file. Nothing is lost at
any step, and the GIF's pictures hold the uploaded images' colours."""

import base64
import json
import struct
import zlib

from conftest import Server
from page_helpers import drag, new_session, record_notices, wait_idle_at
from playwright.sync_api import expect
from test_render_download import download_animation
from test_share_export import set_range

DESK = {"viewport": {"width": 1280, "height": 860}}
RED = (224, 49, 49)
TEAL = (18, 184, 134)

TITLES = "() => [...document.querySelectorAll('.slot:not([hidden]) .title')].map((t) => t.textContent)"
CONTENT = "() => document.querySelector('#setting-content').value"

# How many of a GIF's pictures (every `step`th) hold a pixel within 40 of `colour` in each channel,
# decoded by the browser's own image decoder.
GIF_PICTURES_WITH = """async ([encoded, colour, step]) => {
  const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
  const decoder = new ImageDecoder({ data: bytes, type: 'image/gif' });
  await decoder.tracks.ready;
  const count = decoder.tracks.selectedTrack.frameCount;
  let holding = 0, looked = 0;
  for (let index = 0; index < count; index += step) {
    const { image } = await decoder.decode({ frameIndex: index });
    const canvas = new OffscreenCanvas(image.displayWidth, image.displayHeight);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    image.close();
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let found = false;
    for (let i = 0; i < data.length && !found; i += 4) {
      found = Math.abs(data[i] - colour[0]) <= 40 && Math.abs(data[i + 1] - colour[1]) <= 40 && Math.abs(data[i + 2] - colour[2]) <= 40;
    }
    looked += 1;
    if (found) holding += 1;
  }
  return [holding, looked];
}"""


def png(path, colour, width=400, height=200):
    """A PNG of one colour, as a designer's export would be."""
    row = b"\x00" + bytes(colour) * width

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b"")
    )
    return path


def pick(page, content):
    page.select_option("#setting-content", content)
    page.wait_for_function(f"() => document.querySelector('#setting-content').value === '{content}'")


def own_items_shown(page):
    """The carousel shows the designer's own items: the typed title and the uploaded images, loaded."""
    page.wait_for_function(f"() => ({TITLES})().includes('Summer Sale')")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.slot:not([hidden]) img:not([hidden])')].some((i) => i.complete && i.naturalWidth > 0 && i.src.includes('/media/'))"
    )


def test_a_designers_day_loses_nothing_and_the_gif_shows_their_images(open_capturing_page, tmp_path):
    session = new_session("day")
    first = Server().start()
    try:
        page = open_capturing_page(first.url(f"?session={session}"), **DESK)
        wait_idle_at(page, 0)
        # Two images picked in the panel, and a title typed.
        page.click("#content-settings summary")
        page.set_input_files("#add-images", [str(png(tmp_path / "sale.png", RED)), str(png(tmp_path / "week.png", TEAL))])
        expect(page.locator("#item-rows .item-row")).to_have_count(2)
        title = page.get_by_label("Title of item 1", exact=True)
        title.fill("Summer Sale")
        title.press("Enter")
        own_items_shown(page)

        # Product tiles, then the Arabic banners read right to left: the own items leave the screen...
        pick(page, "products")
        expect(page.locator("#setting-template")).to_have_value("product")
        pick(page, "arabic")
        page.click("#more-settings summary")
        page.select_option("#setting-direction", "rtl")
        page.wait_for_function(f"() => !({TITLES})().includes('Summer Sale')")
        # ...and come back whole, from the menu and from an undo.
        pick(page, "own")
        own_items_shown(page)
        pick(page, "banners")
        page.wait_for_function(f"() => !({TITLES})().includes('Summer Sale')")
        page.locator("#carousel").focus()
        page.keyboard.press("Control+z")
        page.wait_for_function(f"() => ({CONTENT})() === 'own'")
        own_items_shown(page)
        page.select_option("#setting-direction", "ltr")

        # Two variants: wider gaps; then three narrow items a page.
        set_range(page, "spacing", "20")
        page.wait_for_function("() => new URL(document.querySelector('#session-link').href).searchParams.get('spacing') === '20'")
        page.fill("#variant-name", "v1 wide gaps")
        page.get_by_role("button", name="Save as variant").click()
        page.fill("#setting-itemWidth", "100")
        page.press("#setting-itemWidth", "Enter")
        page.wait_for_function(
            "() => new URL(document.querySelector('#session-link').href).searchParams.get('itemWidth') === '100'"
        )
        set_range(page, "itemsPerPage", "3")
        page.wait_for_function(
            "() => new URL(document.querySelector('#session-link').href).searchParams.get('itemsPerPage') === '3'"
        )
        page.fill("#variant-name", "v2 three a page")
        page.get_by_role("button", name="Save as variant").click()
        page.wait_for_function("() => document.querySelector('#variant-list').textContent.includes('v2 three a page')")
        own_items_shown(page)

        # A recording of a drag, drawn by the server as a GIF: its pictures show the uploaded images.
        page.locator("#carousel").scroll_into_view_if_needed()
        page.get_by_role("button", name="Record", exact=True).click()
        page.wait_for_function("() => /^Recording \\d+:\\d\\d$/.test(document.querySelector('#record-time').textContent)")
        drag(page, -120, 200, 12, paced=True)
        page.wait_for_function("() => document.querySelector('#carousel').dataset.phase === 'idle'")
        page.get_by_role("button", name="Stop recording", exact=True).click()
        page.wait_for_selector("#record-time", state="hidden")
        record_notices(page)
        gif, pictures = download_animation(page, tmp_path, "GIF")
        encoded = base64.b64encode(gif).decode()
        step = max(1, pictures // 12)
        for colour in (RED, TEAL):
            holding, looked = page.evaluate(GIF_PICTURES_WITH, [encoded, list(colour), step])
            assert holding == looked and looked > 0, (colour, holding, looked)

        # Download settings: everything, the variants' items a page too.
        with page.expect_download() as info:
            page.get_by_role("button", name="Download settings", exact=True).click()
        settings = tmp_path / "settings.json"
        info.value.save_as(settings)
        saved = json.loads(settings.read_text())
        assert [item["title"] for item in saved["items"]][:1] == ["Summer Sale"] and len(saved["images"]) == 2
        variants = {variant["name"]: variant for variant in saved["variants"]}
        assert variants["v2 three a page"]["config"]["itemsPerPage"] == 3

        # Compare variants, with the own items and no settings file on the server.
        page.select_option("#compare-a", "v1 wide gaps")
        page.select_option("#compare-b", "v2 three a page")
        page.get_by_role("button", name="Compare variants").click()
        page.wait_for_url("**/compare.html?**")
        for pane in ("a", "b"):
            frame = page.frame_locator(f"#pane-{pane}")
            frame.locator(".slot .title", has_text="Summer Sale").first.wait_for()
            page.wait_for_function(
                """pane => [...document.querySelector(`#pane-${pane}`).contentDocument.querySelectorAll('.slot img')]
                    .some((i) => i.src.includes('/media/') && i.complete && i.naturalWidth > 0)""",
                arg=pane,
            )
        expect(page.locator(".notice.error")).to_have_count(0)
    finally:
        first.stop()

    # The next morning: a server started from the file shows the same carousel, items and variants.
    second = Server(arguments=["--config", str(settings)]).start()
    try:
        page = open_capturing_page(second.url(f"?session={new_session('morning')}"), **DESK)
        own_items_shown(page)
        page.wait_for_function("() => document.querySelector('#variant-list').textContent.includes('v2 three a page')")
        page.get_by_role("button", name="Apply v2 three a page").click()
        page.wait_for_function(
            "() => new URL(document.querySelector('#session-link').href).searchParams.get('itemsPerPage') === '3'"
        )
        expect(page.locator("#setting-itemsPerPage")).to_have_value("3")
        expect(page.locator("#setting-spacing")).to_have_value("20")
        own_items_shown(page)
    finally:
        second.stop()
