"""Right-to-left in real Chromium: `direction=rtl` puts the first item at the right, a mouse drag to
the right pages forward, the arrow keys and a sideways wheel follow the reading direction, and the
carousel with its pager (dots, counter, Previous and Next) is the mirror image of the LTR page.
There is no image library in the test environment, so the mirror is checked on the elements' boxes
about the carousel's centre, and the screenshots are saved to be looked at."""

import pytest
from conftest import PHONE
from page_helpers import drag, look, new_session, note_gesture, settle_visuals, wait_idle_at

WIDE = {"viewport": {"width": 1280, "height": 800}}
# The pager's parts, mirrored as a whole: its dots by index, the counter and both arrows.
PAGER_PARTS = ["#previous", "#next", "#counter", "#pause"]


def open_carousel(open_page, server, preset, direction, **options):
    page = open_page(server.url(f"?session={new_session('rtl')}&preset={preset}&direction={direction}"), **options)
    page.wait_for_selector(".slot[data-item='1']")
    wait_idle_at(page, 0)
    settle_visuals(page)
    return page


def boxes(page):
    """The boxes of the visible slots (by item), the dots (by index) and the pager's parts, and
    the carousel's centre line, in page pixels."""
    return page.evaluate(
        """parts => {
            const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; };
            const carousel = document.querySelector('#carousel').getBoundingClientRect();
            const found = {};
            for (const slot of document.querySelectorAll('.slot[data-item]:not([hidden])')) {
                const r = slot.getBoundingClientRect();
                if (r.right > carousel.left && r.left < carousel.right) found[`item ${slot.dataset.item}`] = box(slot);
            }
            for (const dot of document.querySelectorAll('#dots button')) found[`dot ${dot.dataset.index}`] = box(dot);
            for (const part of parts) found[part] = box(document.querySelector(part));
            return { centre: (carousel.left + carousel.right) / 2, found };
        }""",
        PAGER_PARTS,
    )


def assert_mirrored(ltr, rtl):
    """Every box of the RTL page is the LTR one reflected about the carousel's centre line."""
    assert abs(ltr["centre"] - rtl["centre"]) < 0.5
    centre = ltr["centre"]
    assert ltr["found"].keys() == rtl["found"].keys()
    for name, (left, right, top, bottom) in ltr["found"].items():
        mirrored = [2 * centre - right, 2 * centre - left, top, bottom]
        assert rtl["found"][name] == pytest.approx(mirrored, abs=1), name


def current_item_boxes(page):
    return page.evaluate(
        """() => Object.fromEntries(Array.from(document.querySelectorAll('.slot[data-item]:not([hidden])'), slot => {
                const r = slot.getBoundingClientRect(), v = document.querySelector('#viewport').getBoundingClientRect();
                return [slot.dataset.item, [r.left - v.left, r.right - v.left]]; }))"""
    )


def test_a_mouse_drag_to_the_right_pages_forward(server, open_page):
    page = open_carousel(open_page, server, "banner", "rtl", **WIDE)
    drag(page, 150, 120, 10)
    wait_idle_at(page, 1)
    # The second dot is now current: it is the second from the right.
    dots = page.eval_on_selector_all(
        "#dots button", "ds => ds.map(d => [d.getBoundingClientRect().left, d.classList.contains('current')])"
    )
    by_position = sorted(dots, key=lambda dot: -dot[0])
    assert [is_current for _, is_current in by_position] == [False, True, False, False, False]
    drag(page, -150, 120, 10)
    wait_idle_at(page, 0)


def test_ltr_left_and_rtl_right_drags_land_on_mirrored_slots(server, open_page):
    rested = {}
    for direction, distance in [("ltr", -150), ("rtl", 150)]:
        page = open_carousel(open_page, server, "strip", direction, **WIDE)
        drag(page, distance, 120, 10)
        wait_idle_at(page, 1)
        settle_visuals(page)
        rested[direction] = current_item_boxes(page)
        width = page.eval_on_selector("#viewport", "v => v.getBoundingClientRect().width")
    assert rested["ltr"].keys() == rested["rtl"].keys() and {"0", "1", "2"} <= rested["ltr"].keys()
    for item, (left, right) in rested["ltr"].items():
        assert rested["rtl"][item] == pytest.approx([width - right, width - left], abs=0.5), item


def test_arrow_keys_and_buttons_follow_the_reading_direction(server, open_page):
    page = open_carousel(open_page, server, "strip", "rtl", **WIDE)
    assert "← is next" in page.inner_text("#key-hint")
    page.locator("#carousel").focus()
    note_gesture(page)
    page.keyboard.press("ArrowLeft")
    wait_idle_at(page, 1)
    note_gesture(page)
    page.keyboard.press("ArrowLeft")
    wait_idle_at(page, 2)
    note_gesture(page)
    page.keyboard.press("ArrowRight")
    wait_idle_at(page, 1)
    # Next is at the left of the row and Previous at its right; Next pages on.
    next_box = page.locator("#next").bounding_box()
    previous_box = page.locator("#previous").bounding_box()
    assert next_box["x"] + next_box["width"] <= previous_box["x"]
    note_gesture(page)
    page.locator("#next").click()
    wait_idle_at(page, 2)
    # A mouse's wheel turned down with Shift goes on to later items here too.
    note_gesture(page)
    page.locator("#viewport").hover()
    page.keyboard.down("Shift")
    page.mouse.wheel(0, 100)
    page.keyboard.up("Shift")
    wait_idle_at(page, 3)


@pytest.mark.parametrize("size, options", [("wide", WIDE), ("phone", PHONE)])
def test_the_rtl_page_is_the_mirror_of_the_ltr_page(server, open_page, size, options):
    measured = {}
    for direction in ["ltr", "rtl"]:
        page = open_carousel(open_page, server, "strip", direction, **options)
        measured[direction] = boxes(page)
        look(page, f"rtl-{size}-{direction}.png")
    assert {"item 0", "item 1", "dot 0", "dot 4"} <= measured["rtl"]["found"].keys()
    assert_mirrored(measured["ltr"], measured["rtl"])
