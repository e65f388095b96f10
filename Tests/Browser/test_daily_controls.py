"""The controls a designer uses every day: the interval box held to its range, the items slider's
lower bound, arrows off where they do nothing, dots and Home/End that go to an item, the key hint of
the carousel's axis, one auto-scroll toggle that says its state, a recorder row that does not push the
Motion panel, and presets named in plain words with the seed each reproduces."""

from conftest import PHONE
from page_helpers import clear_notices, look, new_session, settle_visuals, wait_idle_at
from playwright.sync_api import expect

WIDE = {"viewport": {"width": 1280, "height": 800}}


def open_session(open_page, server, query="", **options):
    page = open_page(server.url(f"?session={new_session()}{query}"), **options)
    page.wait_for_function("() => document.querySelector('#setting-intervalMs').value !== ''")
    return page


def configures(open_page, page):
    return [m for m in open_page.sent(page) if m.get("type") == "configure"]


def test_the_interval_box_refuses_values_out_of_its_range_and_keeps_the_last_valid_one(server, open_page):
    page = open_session(open_page, server)
    box = page.locator("#setting-intervalMs")
    assert box.input_value() == "3000"
    for typed in ("100", "99999"):
        box.fill(typed)
        box.press("Tab")
        message = page.locator("#interval-ms-error")
        expect(message).to_be_visible()
        expect(message).to_contain_text(f"{typed} ms is out of range: 500–60000 ms; kept 3000 ms")
        expect(box).to_have_attribute("aria-invalid", "true")
        assert box.input_value() == "3000"
    assert configures(open_page, page) == []
    # A value in range is sent and the message goes.
    box.fill("2500")
    box.press("Tab")
    expect(page.locator("#interval-ms-error")).to_be_hidden()
    expect(box).not_to_have_attribute("aria-invalid", "true")
    page.wait_for_function("() => location.search.includes('intervalMs=2500')")  # the session's config came back
    assert [m["config"] for m in configures(open_page, page)] == [{"autoscroll": {"intervalMs": 2500}}]


def test_the_items_slider_keeps_at_least_one_item(server, open_page):
    page = open_session(open_page, server)
    slider = page.locator("#setting-items")
    assert slider.get_attribute("min") == "1"
    slider.focus()
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('#carousel').dataset.count === '1'")
    assert slider.input_value() == "1"
    assert all(m.get("itemCount", 1) >= 1 for m in configures(open_page, page))


def test_the_arrows_are_off_at_both_ends_of_the_strip(server, open_page):
    page = open_session(open_page, server, "&preset=strip")
    wait_idle_at(page, 0)
    expect(page.locator("#previous")).to_be_disabled()
    expect(page.locator("#next")).to_be_enabled()
    page.locator("#carousel").focus()
    page.keyboard.press("End")
    wait_idle_at(page, 4)
    expect(page.locator("#next")).to_be_disabled()
    expect(page.locator("#previous")).to_be_enabled()


def test_the_arrows_are_off_with_one_item(server, open_page):
    page = open_session(open_page, server, "&items=1")
    page.wait_for_function("() => document.querySelector('#carousel').dataset.count === '1'")
    expect(page.locator("#previous")).to_be_disabled()
    expect(page.locator("#next")).to_be_disabled()


def test_a_dot_goes_to_its_item(server, open_page):
    page = open_session(open_page, server)
    dots = page.locator("#dots button")
    expect(dots).to_have_count(5)
    page.get_by_role("button", name="Go to 4 of 5").click()
    wait_idle_at(page, 3)
    assert {"type": "command", "name": "goto", "index": 3} in [
        {k: v for k, v in m.items() if k != "seq"} for m in open_page.sent(page)
    ]
    expect(dots.nth(3)).to_have_attribute("aria-current", "true")


def test_home_and_end_go_to_the_first_and_last_item_and_end_does_not_scroll_the_page(server, open_page):
    page = open_session(open_page, server, "&items=8", viewport={"width": 1100, "height": 500})
    page.locator("#carousel").focus()
    scroll = page.evaluate("() => window.scrollY")
    page.keyboard.press("End")
    wait_idle_at(page, 7)
    assert page.evaluate("() => window.scrollY") == scroll
    page.keyboard.press("Home")
    wait_idle_at(page, 0)


def test_the_key_hint_names_the_keys_of_the_carousels_axis(server, open_page):
    page = open_session(open_page, server)
    expect(page.locator("#key-hint")).to_have_text("← → keys")
    page.select_option("select[name=preset]", "cards")
    expect(page.locator("#key-hint")).to_have_text("↑ ↓ keys")


def test_one_auto_scroll_toggle_says_its_state(server, open_page):
    page = open_session(open_page, server)
    assert page.locator("input[name=autoscroll]").count() == 0
    toggle = page.locator("#pause")
    expect(toggle).to_have_text("Auto-scroll: off")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    page.wait_for_function("() => document.querySelector('#carousel').dataset.autoscroll !== 'stopped'")
    expect(toggle).to_have_text("Auto-scroll: on")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    page.wait_for_function("() => document.querySelector('#carousel').dataset.autoscroll === 'stopped'")
    expect(toggle).to_have_text("Auto-scroll: off")


def test_the_motion_panel_does_not_move_when_a_recording_ends(server, open_page):
    for name, options in (("desktop", WIDE), ("phone", PHONE)):
        page = open_session(open_page, server, **options)
        before = page.locator("#motion").bounding_box()
        page.click("#record")
        page.wait_for_function("() => /^Recording \\d+:\\d\\d$/.test(document.querySelector('#record-time').textContent)")
        assert page.locator("#motion").bounding_box() == before
        page.click("#record")
        page.locator("#record-download").wait_for()
        page.locator("#replay").wait_for()
        assert page.locator("#motion").bounding_box() == before, name
        clear_notices(page)
        settle_visuals(page)
        look(page.locator("#device"), f"daily-controls-device-{name}.png")


def test_the_presets_are_named_in_plain_words_with_their_seed(server, open_page):
    page = open_session(open_page, server)
    options = page.eval_on_selector_all(
        "select[name=preset] option", "options => options.map(o => [o.value, o.textContent, o.dataset.description])"
    )
    assert [value for value, _, _ in options] == ["banner", "paged", "coverflow", "strip", "cards"]
    labels = {value: label for value, label, _ in options}
    assert labels["banner"] == "Banner with peeking neighbours"
    assert all("ears" not in label and ":" not in label for label in labels.values())
    seeds = {value: description.split(":")[0] for value, _, description in options}
    assert seeds == {"banner": "Seed 000", "paged": "Seed 001", "coverflow": "Seed 003", "strip": "Seed 004", "cards": "Seed 002"}
    expect(page.locator("#preset-description")).to_have_text(options[0][2])
    page.select_option("select[name=preset]", "strip")
    expect(page.locator("#preset-description")).to_contain_text("Seed 004")


def test_screenshots_of_the_settings_panel(server, open_page):
    for name, options in (("desktop", WIDE), ("phone", PHONE)):
        page = open_session(open_page, server, **options)
        box = page.locator("#setting-intervalMs")
        box.fill("100")
        box.press("Tab")
        expect(page.locator("#interval-ms-error")).to_be_visible()
        clear_notices(page)
        settle_visuals(page)
        look(page.locator(".controls"), f"daily-controls-panel-{name}.png")
        look(page, f"daily-controls-page-{name}.png", full_page=True)


def test_a_session_of_no_items_says_so_instead_of_an_empty_card(server, open_page):
    page = open_session(open_page, server, "&items=0")
    page.wait_for_function("() => document.querySelector('#carousel').dataset.count === '0'")
    expect(page.locator("#empty-state")).to_be_visible()
    expect(page.locator("#counter")).to_have_text("no items")
    look(page.locator("#device"), "daily-controls-no-items.png")
    # The slider's next stop brings one back, and it does not go back to none.
    slider = page.locator("#setting-items")
    assert slider.input_value() == "0"
    slider.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#carousel').dataset.count === '1'")
    expect(page.locator("#empty-state")).to_be_hidden()
    expect(slider).to_have_attribute("min", "1")


def test_a_slider_moved_just_before_a_preset_shows_the_presets_value_once_its_change_is_sent(server, open_page):
    """A slider keeps the hand's value while its change is on its way (sliders send at most ten
    changes a second); a preset picked meanwhile replaces that value in the session, and the slider
    then shows the session's value, not the stale one."""
    page = open_session(open_page, server)
    inset = page.locator("#setting-inset")
    inset.focus()
    # In one task, so the preset's config comes back while the slider still holds the hand's value
    # (it keeps it for 100 ms) and still has focus: 16 → 17 (sent at once), then the paged preset.
    # (The inset: a spacing the person set is kept across presets, a size of the design's.)
    page.evaluate(
        """() => {
            const slider = document.querySelector('#setting-inset');
            slider.value = 17;
            slider.dispatchEvent(new Event('input', {bubbles: true}));
            const preset = document.querySelector('select[name=preset]');
            preset.value = 'paged';
            preset.dispatchEvent(new Event('change', {bubbles: true}));
        }"""
    )
    page.wait_for_function("() => new URLSearchParams(location.search).get('preset') === 'paged'")
    expect(inset).to_have_value("0")
    expect(page.locator("output[name=insetOut]")).to_have_text("0 pt")
