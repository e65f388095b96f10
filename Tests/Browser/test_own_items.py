"""Your own items, from the page: images dropped on the carousel or picked become the session's items
(uploaded to the server, checked by their bytes, served back from /media to the session), their texts
edited, moved and removed in the panel, and every viewer, a phone too, sees them at once."""

import json

from conftest import PHONE, Server
from page_helpers import HeldAnswers, download_recording, drag, look, new_session, wait_idle_at
from playwright.sync_api import expect

WIDE = {"viewport": {"width": 1280, "height": 800}}

# Drops files made in the page (a canvas drawn in a colour, encoded as PNG or JPEG, or raw bytes) on
# the device card, as a person dragging them from a folder would.
DROP = """async ([specs]) => {
  const files = [];
  for (const spec of specs) {
    let blob;
    if (spec.text !== undefined) {
      blob = new Blob([new Uint8Array(spec.prefix ?? []), spec.text], { type: spec.type });
    } else {
      const canvas = document.createElement('canvas');
      canvas.width = 400; canvas.height = 200;
      const context = canvas.getContext('2d');
      context.fillStyle = spec.colour; context.fillRect(0, 0, 400, 200);
      blob = await new Promise(resolve => canvas.toBlob(resolve, spec.type, 0.9));
    }
    files.push(new File([blob], spec.name, { type: spec.type }));
  }
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  const target = document.querySelector('#device');
  for (const type of ['dragenter', 'dragover', 'drop']) {
    target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }
}"""

PICTURES = [
    {"name": "red-sale.png", "type": "image/png", "colour": "#e03131"},
    {"name": "green_week.png", "type": "image/png", "colour": "#2f9e44"},
    {"name": "blue-night.jpg", "type": "image/jpeg", "colour": "#1c7ed6"},
]


# Every image the visible slots show is one of the session's uploaded ones, and has loaded.
IMAGES_LOADED = """() => { const images = [...document.querySelectorAll('.slot:not([hidden]) img:not([hidden])')];
    return images.length > 0 && images.every(i => i.complete && i.naturalWidth > 0 && i.src.includes('/media/')); }"""


def images_loaded(page):
    return page.evaluate(IMAGES_LOADED)


def edit_title_and_price(page, price_item):
    """Types "Summer Sale" as item 1's title and "€19.90" as the price of item `price_item`, each
    committed with Enter, as a person edits the rows; returns both boxes."""
    title = page.get_by_label("Title of item 1", exact=True)
    title.fill("Summer Sale")
    title.press("Enter")
    price = page.get_by_label(f"Price of item {price_item}", exact=True)
    price.fill("€19.90")
    price.press("Enter")
    return title, price


def test_dropped_images_become_the_items_every_viewer_sees_and_their_texts_are_edited(server, open_page):
    session = new_session("own")
    desk = open_page(server.url(f"?session={session}"), **WIDE)
    phone = open_page(server.url(f"?session={session}&view=device"), **PHONE)
    wait_idle_at(desk, 0)
    wait_idle_at(phone, 0)
    desk.evaluate(DROP, [PICTURES])
    rows = desk.locator("#item-rows .item-row")
    expect(rows).to_have_count(3)
    desk.click("#content-settings summary")
    expect(desk.locator("#setting-content")).to_have_value("own")
    # Titled from the files' names; the phone has them too, images and all.
    expect(desk.locator("#item-rows .item-title").first).to_have_value("red sale")
    phone.wait_for_function("() => document.querySelector('#carousel').dataset.count === '3'")
    phone.wait_for_function(
        "() => [...document.querySelectorAll('.slot:not([hidden]) img:not([hidden])')].some(i => i.complete && i.naturalWidth === 400)"
    )
    # Within one frame: the phone's copy of the items comes in the `config` that the frame of the
    # uploader's change follows at once.
    received = open_page.received(phone)
    arrived = next(i for i, m in enumerate(received) if m["type"] == "config" and len(m.get("items", [])) == 3)
    # (a page that runs the engine gets the engine's calls, made from the new items, in its place)
    assert received[arrived + 1]["type"] in ("frame", "engine"), [m["type"] for m in received[arrived : arrived + 3]]
    # Edits through the rows' boxes: a title, and a price on the JPEG's item.
    edit_title_and_price(desk, price_item=3)
    phone.wait_for_function("() => document.querySelector('.slot[data-item=\"0\"] .title')?.textContent === 'Summer Sale'")
    expect(desk.get_by_label("Title of item 1", exact=True)).to_have_value("Summer Sale")
    # Moved and removed through the row buttons.
    desk.get_by_label("Move item 3 up", exact=True).click()
    expect(desk.get_by_label("Title of item 2", exact=True)).to_have_value("blue night")
    expect(desk.get_by_label("Price of item 2", exact=True)).to_have_value("€19.90")
    desk.get_by_label("Remove item 3", exact=True).click()
    expect(rows).to_have_count(2)
    # A text item, added and named through its row, then removed again.
    desk.get_by_role("button", name="Add a text item", exact=True).click()
    expect(rows).to_have_count(3)
    expect(desk.get_by_label("Title of item 3", exact=True)).to_have_value("New item")
    desk.get_by_label("Remove item 3", exact=True).click()
    expect(rows).to_have_count(2)
    phone.wait_for_function("() => document.querySelector('#carousel').dataset.count === '2'")
    assert images_loaded(phone)
    look(desk, "own-items-desk.png", full_page=True)
    look(phone, "own-items-phone.png")


def test_two_edits_made_before_the_session_says_the_first_back_both_stand(server, open_page):
    # The price's change once went out built on the title the session had not yet said back, and
    # undid it: on a slow network, the second of two quick edits lost the first.
    session = new_session("quick")
    answers = HeldAnswers()
    page = open_page(server.url(f"?session={session}"), prepare=answers.attach, **WIDE)
    wait_idle_at(page, 0)
    page.click("#content-settings summary")
    answers.holding = True
    title, price = edit_title_and_price(page, price_item=2)
    # Both changes are on the wire before anything comes back.
    page.wait_for_function("() => window.itemChangesSent === 2")
    answers.release()
    page.wait_for_function("() => document.querySelector('.slot[data-item=\"0\"] .title')?.textContent === 'Summer Sale'")
    changes = [m for m in open_page.sent(page) if m["type"] == "configure" and "items" in m]
    assert changes[1]["items"][0]["title"] == "Summer Sale", changes
    expect(title).to_have_value("Summer Sale")
    expect(price).to_have_value("€19.90")
    items = [m for m in open_page.received(page) if m["type"] == "config" and "items" in m][-1]["items"]
    assert (items[0]["title"], items[1].get("price")) == ("Summer Sale", "€19.90")


def test_images_picked_in_the_panel_are_added_after_the_own_items(server, open_page, tmp_path):
    page = open_page(server.url(f"?session={new_session('pick')}"), **WIDE)
    wait_idle_at(page, 0)
    page.evaluate(DROP, [PICTURES[:1]])
    expect(page.locator("#item-rows .item-row")).to_have_count(1)
    svg = tmp_path / "logo.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18" fill="#fab005"/></svg>'
    )
    page.click("#content-settings summary")
    page.set_input_files("#add-images", str(svg))
    expect(page.locator("#item-rows .item-row")).to_have_count(2)
    expect(page.get_by_label("Title of item 2", exact=True)).to_have_value("logo")


def test_a_file_that_is_not_the_image_it_claims_is_refused_with_why_and_nothing_changes(server, open_page):
    page = open_page(server.url(f"?session={new_session('fake')}"), **WIDE)
    wait_idle_at(page, 0)
    fake = {
        "name": "cat.png",
        "type": "image/png",
        "prefix": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
        "text": "<html><script>alert(1)</script></html>",
    }
    page.evaluate(DROP, [[fake]])
    expect(page.locator(".notice.error", has_text="cat.png was not kept")).to_be_visible()
    script = {
        "name": "evil.svg",
        "type": "image/svg+xml",
        "text": '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    }
    page.evaluate(DROP, [[script]])
    expect(page.locator(".notice.error", has_text="evil.svg was not kept")).to_be_visible()
    # The bundled banners are still the items.
    assert page.evaluate("() => document.querySelector('#carousel').dataset.count") == "5"


def test_a_recording_replays_with_its_images_on_a_server_started_from_the_downloaded_settings(open_page, tmp_path):
    session = new_session("keep")
    first = Server().start()
    try:
        page = open_page(first.url(f"?session={session}"), **WIDE)
        wait_idle_at(page, 0)
        page.evaluate(DROP, [PICTURES])
        expect(page.locator("#item-rows .item-row")).to_have_count(3)
        page.click("#content-settings summary")
        title = page.get_by_label("Title of item 2", exact=True)
        title.fill("Green Week")
        title.press("Enter")
        page.wait_for_function("() => [...document.querySelectorAll('.slot .title')].some(t => t.textContent === 'Green Week')")
        # A recording of a flick to the second item.
        page.locator("#carousel").scroll_into_view_if_needed()
        page.get_by_role("button", name="Record", exact=True).click()
        page.wait_for_function("() => /^Recording \\d+:\\d\\d$/.test(document.querySelector('#record-time').textContent)")
        drag(page, -200, 200, 12, paced=True)
        wait_idle_at(page, 1)
        page.get_by_role("button", name="Stop recording", exact=True).click()
        recording = download_recording(page, tmp_path)
        # The settings file, with the three images in it.
        with page.expect_download() as info:
            page.get_by_role("button", name="Download settings", exact=True).click()
        settings = tmp_path / "settings.json"
        info.value.save_as(settings)
        saved = json.loads(settings.read_text())
        assert len(saved["items"]) == 3 and len(saved["images"]) == 3, saved.keys()
    finally:
        first.stop()

    # A new server process started from the file alone: its sessions show the items and images.
    second = Server(arguments=["--config", str(settings)]).start()
    try:
        other = open_page(second.url(f"?session={new_session('again')}"), **WIDE)
        wait_idle_at(other, 0)
        other.wait_for_function("() => document.querySelector('#carousel').dataset.count === '3'")
        other.wait_for_function(IMAGES_LOADED)
        # The recording replays with them.
        other.get_by_label("Open file").set_input_files(str(recording))
        other.get_by_role("button", name="Replay", exact=True).click()
        other.wait_for_function("() => document.querySelector('#carousel').dataset.index === '1'")
        other.wait_for_function("() => [...document.querySelectorAll('.slot .title')].some(t => t.textContent === 'Green Week')")
        other.wait_for_function(IMAGES_LOADED)
        look(other, "replayed-own-items.png")
    finally:
        second.stop()


def test_compare_and_a_link_carry_the_own_items_to_a_new_session(server, open_page):
    page = open_page(server.url(f"?session={new_session('cmpown')}"), **WIDE)
    wait_idle_at(page, 0)
    page.evaluate(DROP, [PICTURES])
    expect(page.locator("#item-rows .item-row")).to_have_count(3)
    # The rows show the new items at once; the link follows once the session has them.
    page.wait_for_function("() => document.querySelector('#session-link').href.includes('own=')")
    page.click("#compare-switch")
    page.wait_for_url("**/compare.html?**")
    for pane in ("a", "b"):
        frame = page.frame_locator(f"#pane-{pane}")
        frame.locator("#carousel[data-count='3']").wait_for()
    b = page.query_selector("#pane-b").content_frame()
    b.wait_for_function(IMAGES_LOADED)
    assert "session=" in b.evaluate("() => document.querySelector('.slot img').src")
    # A link to a server that does not have the session says so, and shows the bundled banners.
    elsewhere = open_page(server.url(f"?session={new_session('lost')}&own=no-such-session"), **WIDE)
    expect(elsewhere.locator(".notice.error", has_text="is not on this server")).to_be_visible()
    assert elsewhere.evaluate("() => document.querySelector('#carousel').dataset.count") == "5"


def test_a_settings_file_with_own_items_opens_them_with_their_images_in_a_new_session(server, open_page, tmp_path):
    page = open_page(server.url(f"?session={new_session('file')}"), **WIDE)
    wait_idle_at(page, 0)
    page.evaluate(DROP, [PICTURES[:2]])
    expect(page.locator("#item-rows .item-row")).to_have_count(2)
    with page.expect_download() as info:
        page.get_by_role("button", name="Download settings", exact=True).click()
    settings = tmp_path / "two-pictures.json"
    info.value.save_as(settings)
    other = open_page(server.url(f"?session={new_session('opener')}"), **WIDE)
    wait_idle_at(other, 0)
    other.get_by_label("Open file").set_input_files(str(settings))
    other.wait_for_url("**two-pictures*")
    other.wait_for_function("() => document.querySelector('#carousel').dataset.count === '2'")
    other.wait_for_function(IMAGES_LOADED)
    other.click("#content-settings summary")
    expect(other.get_by_label("Title of item 1", exact=True)).to_have_value("red sale")
    expect(other.locator(".notice.error")).to_have_count(0)
