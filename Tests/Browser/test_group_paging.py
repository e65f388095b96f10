"""Group paging on the page: a share link with an item width, two items a page and start alignment
on a strip that does not loop. A mouse flick pages two items, the dots count pages, and the last
dot lights at the strip's end (where the last page is trimmed so no blank space shows)."""

import re

from conftest import PHONE
from page_helpers import drag, look, new_session, settle_visuals, wait_idle_at
from playwright.sync_api import expect

WIDE = {"viewport": {"width": 1280, "height": 800}}
# Ten 100 pt items, 8 pt apart: pages start at items 0, 2, 4, 6, and the strip ends at 729 pt,
# nearest item 7, with items 7 to 9 on screen.
LINK = "&preset=strip&items=10&itemWidth=100&itemsPerPage=2&align=start&maxItemsPerFlick=1"


def open_link(open_page, server, **options):
    page = open_page(server.url(f"?session={new_session('pages')}{LINK}"), **options)
    page.wait_for_selector(".slot[data-item='1']")
    wait_idle_at(page, 0)
    return page


def current_dot(page):
    return page.eval_on_selector_all("#dots button", "dots => dots.findIndex(dot => dot.getAttribute('aria-current') === 'true')")


def test_a_mouse_flick_pages_two_items_and_the_last_dot_lights_at_the_end(server, open_page):
    page = open_link(open_page, server, **WIDE)
    dots = page.locator("#dots button")
    expect(dots).to_have_count(5)
    assert current_dot(page) == 0
    for page_index, item in enumerate((2, 4, 6, 7), start=1):
        drag(page, -60, 30, 4)
        wait_idle_at(page, item)
        assert current_dot(page) == page_index, f"after flick {page_index}"
    expect(dots.nth(4)).to_have_attribute("aria-current", "true")
    settle_visuals(page)
    look(page, "group-paging-end.png")
    # A flick back pages back by two; a dot goes to its page's first item.
    drag(page, 60, 30, 4)
    wait_idle_at(page, 6)
    assert current_dot(page) == 3
    dots.nth(1).click()
    wait_idle_at(page, 2)
    assert current_dot(page) == 1


def test_the_panel_shows_the_item_width_and_offers_only_the_items_that_fit(server, open_page):
    page = open_link(open_page, server, **PHONE)
    page.click("#more-settings summary")
    width = page.locator("#setting-itemWidth")
    per_page = page.locator("#setting-itemsPerPage")
    expect(width).to_have_value("100")
    expect(per_page).to_have_value("2")
    # (375 - 2 * 16 + 8) / 108: three fit.
    expect(per_page).to_have_attribute("max", "3")
    width.scroll_into_view_if_needed()
    settle_visuals(page)
    look(page, "group-paging-panel-phone.png")
    # Back to the layout's own width: one item fits, so one a page.
    per_page.evaluate("slider => { slider.value = '1'; slider.dispatchEvent(new Event('input')); }")
    expect(page.locator("#dots button")).to_have_count(10)
    width.fill("")
    width.dispatch_event("change")
    expect(per_page).to_have_attribute("max", "1")
    page.wait_for_function("() => document.querySelector('.slot[data-item=\"0\"]')?.getBoundingClientRect().width > 200")


def test_the_counter_and_its_announcement_count_pages_as_the_dots_do(server, open_page):
    """Three items a page: ten items make four pages, and the counter, the settle announcement and
    the dots all say pages; back to one item a page, they all count items again."""
    link = LINK.replace("itemsPerPage=2", "itemsPerPage=3")
    page = open_page(server.url(f"?session={new_session('pages')}{link}"), **WIDE)
    page.wait_for_selector(".slot[data-item='1']")
    wait_idle_at(page, 0)
    expect(page.locator("#dots button")).to_have_count(4)
    expect(page.locator("#counter")).to_have_text("Page 1 of 4")
    page.click("#next")
    wait_idle_at(page, 3)
    assert current_dot(page) == 1
    expect(page.locator("#counter")).to_have_text("Page 2 of 4")
    expect(page.locator("#announcer")).to_have_text(re.compile(r"^Page 2 of 4: \S"))
    # One item a page: the dots and the counter count items.
    page.click("#more-settings summary")
    page.locator("#setting-itemsPerPage").evaluate("slider => { slider.value = '1'; slider.dispatchEvent(new Event('input')); }")
    expect(page.locator("#dots button")).to_have_count(10)
    expect(page.locator("#counter")).to_have_text("4 of 10")
