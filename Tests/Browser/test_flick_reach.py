"""How far one flick goes: on a strip that lets a flick coast up to three items
(`maxItemsPerFlick`, set by a share link), the deceleration rate decides where the same mouse flick
lands; where a flick moves at most one item (the banner presets), the Feel panel says the rate has
no effect on flicks."""

from conftest import PHONE
from page_helpers import drag, look, new_session, settle_visuals, wait_idle_at
from playwright.sync_api import expect

WIDE = {"viewport": {"width": 1280, "height": 800}}


def open_link(open_page, server, query, **options):
    page = open_page(server.url(f"?session={new_session('reach')}{query}"), **options)
    page.wait_for_selector(".slot[data-item='1']")
    return page


def flick_landing(open_page, server, query):
    """The item the same flick lands on: 100 px forward in 50 ms (2,000 pt/s), from rest."""
    page = open_link(open_page, server, query)
    wait_idle_at(page, 0)
    drag(page, -100, 50, 6)
    page.wait_for_function(
        "() => window.gesturePhases.length > 1 && document.querySelector('#carousel').dataset.phase === 'idle'"
    )
    return int(page.eval_on_selector("#carousel", "c => c.dataset.index")), page


def test_the_same_flick_on_a_strip_of_three_items_per_flick_lands_further_at_a_slower_deceleration(server, open_page):
    # 2,000 pt/s coasts 198 pt at 0.99 (to 298 pt: the next item, 351 pt on, is nearest) and 998 pt
    # at 0.998 (to 1,098 pt: 3.1 items, within the reach of 3).
    landings = {}
    for rate in ("0.99", "0.998"):
        landings[rate], page = flick_landing(
            open_page, server, f"&preset=strip&items=10&maxItemsPerFlick=3&decelerationRate={rate}"
        )
        expect(page.locator("#setting-maxItemsPerFlick")).to_have_value("3")
        expect(page.locator("#deceleration-rate-note")).to_be_hidden()
    assert landings == {"0.99": 1, "0.998": 3}
    # The banner flicks one item at most: the same flick lands on the next item at either rate.
    for rate in ("0.99", "0.998"):
        landing, _ = flick_landing(open_page, server, f"&preset=banner&decelerationRate={rate}")
        assert landing == 1, rate


def test_the_banner_panel_says_the_rate_has_no_effect_on_flicks_until_a_flick_may_go_further(server, open_page):
    page = open_link(open_page, server, "", **WIDE)
    rate = page.locator("#setting-decelerationRate")
    note = page.locator("#deceleration-rate-note")
    reach = page.locator("#setting-maxItemsPerFlick")
    expect(reach).to_have_value("1")
    assert (reach.get_attribute("min"), reach.get_attribute("max")) == ("1", "20")  # the schema's range
    expect(note).to_be_visible()
    expect(note).to_contain_text("No effect on flicks while a flick moves at most one item")
    # Still a working slider, described by the note for a screen reader.
    expect(rate).to_be_enabled()
    expect(rate).to_have_accessible_description(note.inner_text())
    page.locator("#controls").scroll_into_view_if_needed()
    settle_visuals(page)
    look(page.locator(".controls"), "flick-reach-banner.png")

    # Two items per flick, by the slider: the configure goes to the session and the note goes.
    reach.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => new URLSearchParams(location.search).get('maxItemsPerFlick') === '2'")
    expect(note).to_be_hidden()
    expect(rate).not_to_have_attribute("aria-describedby", "deceleration-rate-note")
    assert {"maxItemsPerFlick": 2} in [m["config"] for m in open_page.sent(page) if m.get("type") == "configure"]

    # Each preset: the strip lets a flick coast three items, the others one.
    for preset, has_effect in (("paged", False), ("coverflow", False), ("strip", True), ("cards", False), ("banner", False)):
        page.select_option("select[name=preset]", preset)
        if preset == "paged":
            # Items per flick was tuned: the switch asks first.
            page.get_by_role("button", name="Switch without keeping").click()
        expect(reach).to_have_value("3" if has_effect else "1")
        if has_effect:
            expect(note).to_be_hidden()
        else:
            expect(note).to_be_visible()


def test_the_flick_reach_controls_on_a_phone(server, open_page):
    page = open_link(open_page, server, "&preset=strip", **PHONE)
    expect(page.locator("#setting-maxItemsPerFlick")).to_have_value("3")
    expect(page.locator("#deceleration-rate-note")).to_be_hidden()
    page.locator("#setting-maxItemsPerFlick").scroll_into_view_if_needed()
    settle_visuals(page)
    look(page, "flick-reach-phone-strip.png")
    page.select_option("select[name=preset]", "banner")
    expect(page.locator("#deceleration-rate-note")).to_be_visible()
    page.locator("#deceleration-rate-note").scroll_into_view_if_needed()
    settle_visuals(page)
    look(page, "flick-reach-phone-banner.png")
