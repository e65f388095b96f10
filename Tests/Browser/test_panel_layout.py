"""The layout controls used through the panel alone, as a designer would: no link sets anything.
A strip of 10 items, 110 pt wide with 10 pt insets, three to a page, centred, pages three items a flick, and the
last dot lights at its end. (The Item width box used to refuse every value: its range read 1 to 0.)"""

import pytest
from page_helpers import build_strip_through_the_panel, drag, enter, look, new_session, settle_visuals, wait_idle_at
from playwright.sync_api import expect

WIDE = {"viewport": {"width": 1280, "height": 800}}


def current_dot(page):
    return page.eval_on_selector_all("#dots button", "dots => dots.findIndex(dot => dot.getAttribute('aria-current') === 'true')")


def config_value(page, key):
    """What the carousel element says of the session's configuration, or the control's value."""
    return page.locator(f"#setting-{key}").input_value()


def test_through_the_panel_a_strip_of_three_centred_items_a_page_pages_three_a_flick(server, open_page):
    page = open_page(server.url(f"?session={new_session('panel')}"), **WIDE)
    build_strip_through_the_panel(page)
    width = page.locator("#setting-itemWidth")
    # The box kept the value the session took, and the slot is 110 pt wide (drawn at the page's scale).
    expect(width).to_have_value("110")
    page.wait_for_function(
        """() => { const slot = document.querySelector('.slot[data-item="0"]');
                   const stage = document.querySelector('#viewport').getBoundingClientRect();
                   return slot && Math.abs(slot.getBoundingClientRect().width / stage.width * 375 - 110) < 0.5; }"""
    )
    assert current_dot(page) == 0
    # The panel's last controls scrolled the window: the carousel comes back into view, as a hand would.
    page.locator("#carousel").scroll_into_view_if_needed()
    for page_index, item in enumerate((3, 6, 9), start=1):
        drag(page, -60, 30, 4)
        wait_idle_at(page, item)
        assert current_dot(page) == page_index, f"after flick {page_index}"
    expect(page.locator("#dots button").nth(3)).to_have_attribute("aria-current", "true")
    settle_visuals(page)
    look(page, "panel-layout-strip-end.png", full_page=True)


def test_a_width_out_of_range_is_refused_beside_the_box_and_the_session_keeps_its_own(server, open_page):
    page = open_page(server.url(f"?session={new_session('panelwidth')}&preset=strip&items=10"), **WIDE)
    wait_idle_at(page, 0)
    page.click("#more-settings summary")
    width = page.locator("#setting-itemWidth")
    # Out of the schema's range: refused beside the box, which goes back to the session's (auto).
    enter(width, "0")
    expect(page.locator("#item-width-error")).to_have_text("0 pt is out of range: 1–10000 pt; kept auto")
    expect(width).to_have_value("")
    # In range: taken.
    enter(width, "200")
    width.blur()
    page.wait_for_function(
        """() => { const slot = document.querySelector('.slot[data-item="0"]');
                   const stage = document.querySelector('#viewport').getBoundingClientRect();
                   return slot && Math.abs(slot.getBoundingClientRect().width / stage.width * 375 - 200) < 0.5; }"""
    )


def test_items_per_page_says_why_it_cannot_move_while_one_item_fits(server, open_page):
    page = open_page(server.url(f"?session={new_session('panelfit')}&preset=strip&items=10"), **WIDE)
    wait_idle_at(page, 0)
    page.click("#more-settings summary")
    note = page.locator("#items-per-page-note")
    per_page = page.locator("#setting-itemsPerPage")
    # The strip's items fill the viewport between the insets: one a page, and the slider says so.
    expect(per_page).to_have_attribute("max", "1")
    expect(note).to_be_visible()
    expect(per_page).to_have_attribute("aria-describedby", "items-per-page-note")
    width = page.locator("#setting-itemWidth")
    enter(width, "100")
    expect(per_page).to_have_attribute("max", "3")
    expect(note).to_be_hidden()


def test_item_width_follows_the_items_a_page_holds_and_says_so_when_refused(server, open_page):
    page = open_page(server.url(f"?session={new_session('panelrange')}&preset=strip&items=10"), **WIDE)
    wait_idle_at(page, 0)
    page.click("#more-settings summary")
    width = page.locator("#setting-itemWidth")
    enter(width, "100")
    expect(page.locator("#setting-itemsPerPage")).to_have_attribute("max", "3")
    page.locator("#setting-itemsPerPage").fill("3")
    # Three 100 pt items a page between 16 pt insets: at most (375 - 32 - 16) / 3 = 109 pt each.
    expect(width).to_have_attribute("max", "109")
    enter(width, "110")
    expect(page.locator("#item-width-error")).to_have_text(
        "110 pt is out of range: " + width.get_attribute("min") + "–109 pt while a page holds 3 items; kept 100 pt"
    )
    expect(width).to_have_value("100")
    enter(width, "109")
    page.wait_for_function("() => new URL(document.querySelector('#session-link').href).searchParams.get('itemWidth') === '109'")
    # One item a page again: any width up to the schema's bound.
    page.locator("#setting-itemsPerPage").fill("1")
    expect(width).to_have_attribute("max", "10000")


def test_the_size_boxes_name_the_sides_they_set_in_a_vertical_carousel(server, open_page):
    page = open_page(server.url(f"?session={new_session('panelaxis')}&preset=cards"), **WIDE)
    page.click("#more-settings summary")
    expect(page.locator("#item-width-label")).to_have_text("Item height, pt")
    expect(page.locator("#item-height-label")).to_have_text("Item width, pt")
    page.select_option("#setting-preset", "strip")
    expect(page.locator("#item-width-label")).to_have_text("Item width, pt")


# Each control of the panel, used as a person would, with the value it sets and the link name the
# session's share link then carries (the link says only what differs from the preset, so it shows
# the server took the value: the page writes the link from the configuration the server sent back).
CONTROLS = [
    ("#setting-inset", "fill", "24", "inset", "24"),
    ("#setting-spacing", "fill", "12", "spacing", "12"),
    ("#setting-maxItemsPerFlick", "fill", "2", "maxItemsPerFlick", "2"),
    ("#setting-decelerationRate", "fill", "0.995", "decelerationRate", "0.995"),
    ("#setting-sideScale", "fill", "0.8", "sideScale", "0.8"),
    ("#setting-align", "select", "end", "align", "end"),
    ("#setting-snapping", "select", "free", "snapping", "free"),
    ("#setting-direction", "select", "rtl", "direction", "rtl"),
    ("#setting-itemHeight", "type", "120", "itemHeight", "120"),
    ("#setting-itemWidth", "type", "200", "itemWidth", "200"),
]


@pytest.mark.parametrize("selector, how, value, link, shown", CONTROLS, ids=[control[3] for control in CONTROLS])
def test_each_control_changes_the_session_through_the_panel(server, open_page, selector, how, value, link, shown):
    page = open_page(server.url(f"?session={new_session('control')}&preset=banner"), **WIDE)
    wait_idle_at(page, 0)
    control = page.locator(selector)
    if not control.is_visible():
        page.click("#more-settings summary")
    if how == "select":
        control.select_option(value)
    else:
        control.fill(value)
    if how == "type":
        control.press("Enter")
    page.wait_for_function(
        "([name, wanted]) => new URL(document.querySelector('#session-link').href).searchParams.get(name) === wanted",
        arg=[link, shown],
    )
