"""A stable page: nothing moves the carousel while a finger is on it. The status bar keeps its height
whatever its values say (a first drag's "· you (mouse)", a second viewer, a 64-character session name);
notices never cover the focused control or the carousel; a session name of any script is taken, and a
name the server would refuse is asked about instead of silently becoming `default`."""

from urllib.parse import quote

import pytest
from conftest import PHONE
from page_helpers import drag, look, new_session, touch_swipe, wait_idle_at
from playwright.sync_api import expect

WIDE = {"viewport": {"width": 1280, "height": 800}}


def header_height(page):
    return page.locator("header").bounding_box()["height"]


def carousel_top(page):
    return page.locator("#carousel").bounding_box()["y"]


@pytest.mark.parametrize("size", [WIDE, PHONE], ids=["desktop", "phone"])
def test_the_status_bar_keeps_its_height_through_a_drag_a_second_viewer_and_a_long_name(server, open_page, size):
    name = ("Home Banner " + new_session("stable")).ljust(64, "x")
    assert len(name) == 64
    page = open_page(server.url(f"?session={quote(name)}"), **size)
    wait_idle_at(page, 0)
    expect(page.locator("#session-link")).to_have_text(name)
    height, top = header_height(page), carousel_top(page)
    if size is PHONE:
        touch_swipe(page, -120, 0)
    else:
        drag(page, -60, 30, 4)
    wait_idle_at(page, 1)
    expect(page.locator("#viewers")).to_contain_text("you (")
    other = open_page(server.url(f"?session={quote(name)}"), **WIDE)
    wait_idle_at(other, 1)
    drag(other, -60, 30, 4)
    wait_idle_at(other, 2)
    expect(page.locator("#viewers")).to_have_text("2 · you (" + ("touch" if size is PHONE else "mouse") + "), Viewer 2 (mouse)")
    assert abs(header_height(page) - height) <= 1, (height, header_height(page))
    assert abs(carousel_top(page) - top) <= 1, (top, carousel_top(page))
    # The long name is cut short in the bar, and its whole text shows when the link has focus.
    page.focus("#session-link")
    full = page.eval_on_selector(".status-session", "item => item.dataset.full")
    assert full == name
    look(page, f"stable-header-{'phone' if size is PHONE else 'desktop'}.png")


def test_notices_never_cover_the_focused_control_or_the_carousel(server, open_page):
    # A link with values the page ignores says so in notices as the page opens.
    page = open_page(server.url(f"?session={new_session('toast')}&clock=fast&spacing=-4&inset=abc"), **WIDE)
    expect(page.locator(".notice").first).to_be_visible()
    page.click("#more-settings summary")
    for selector in ("#setting-itemWidth", "#setting-intervalMs", "#setting-itemHeight"):
        control = page.locator(selector)
        control.scroll_into_view_if_needed()
        # The control at the foot of the window, in the corner where the notices first sit.
        page.evaluate(
            "selector => { const box = document.querySelector(selector).getBoundingClientRect();"
            " scrollBy(0, box.bottom - innerHeight + 20); }",
            selector,
        )
        control.focus()
        page.wait_for_function(
            """selector => {
                 const notices = document.querySelector('#notices');
                 if (notices.childElementCount === 0) return false;
                 const a = notices.getBoundingClientRect();
                 const apart = b => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
                 return apart(document.querySelector(selector).getBoundingClientRect())
                     && apart(document.querySelector('#carousel').getBoundingClientRect());
               }""",
            arg=selector,
            timeout=2000,
        )
    look(page, "notices-beside-focus.png")


def test_a_name_of_any_script_joins_that_session(server, open_page):
    for name in ("Home Banner", "abc1732.45", "عروض الصيف " + new_session("ar")):
        page = open_page(server.url(f"?session={quote(name)}"), **WIDE)
        wait_idle_at(page, 0)
        expect(page.locator("#session-link")).to_have_text(name)
        assert page.evaluate("() => new URL(location.href).searchParams.get('session')") == name
        expect(page.locator(".notice")).to_have_count(0)


def test_a_refused_name_is_asked_about_with_the_rule_and_a_valid_name_offered(server, browser):
    context = browser.new_context(**WIDE)
    try:
        page = context.new_page()
        stem = new_session("Team")
        page.goto(server.url(f"?session={quote(stem + '/Home Banner')}&preset=strip"))
        choice = page.locator("#session-name-choice")
        expect(choice).to_be_visible()
        expect(choice).to_contain_text("letters or digits of any script")
        # Not joined anywhere: no connection was opened.
        assert page.evaluate("() => document.body.dataset.connection") is None
        offered = page.locator("#session-name-offered")
        expect(offered).to_be_focused()
        expect(offered).to_have_text(f"Open “{stem}-Home Banner”")
        offered.click()
        page.wait_for_selector("#carousel[data-phase]")
        expect(page.locator("#session-link")).to_have_text(f"{stem}-Home Banner")
        assert page.evaluate("() => new URL(location.href).searchParams.get('preset')") == "strip"
    finally:
        context.close()
