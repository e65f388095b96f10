"""A stage that stays (issue 49): beside the panel, the carousel stays in view while the panel is
scrolled to and used (the item editor's last row, the framework code), the stage ends where its
content does, the code box holds 100 columns at 1280 px and never wraps a line, and the replay player
appearing moves nothing. On a phone the page stays one column, no wider than the screen. Everything
is measured on the page itself."""

import pytest
from conftest import PHONE
from page_helpers import drag, look, new_session, settle_visuals, wait_idle_at
from playwright.sync_api import expect

SIZES = [{"width": 1280, "height": 860}, {"width": 1440, "height": 900}]
DESIGNER = {"viewport": SIZES[0]}

BOX = """selector => { const r = document.querySelector(selector).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height,
             windowWidth: innerWidth, windowHeight: innerHeight }; }"""


def box(page, selector):
    return page.evaluate(BOX, selector)


def in_window(where):
    """Whether the box is wholly inside the window (half a pixel of rounding allowed)."""
    return (
        where["top"] >= -0.5
        and where["left"] >= -0.5
        and where["bottom"] <= where["windowHeight"] + 0.5
        and where["right"] <= where["windowWidth"] + 0.5
    )


def open_stage(server, open_page, prefix, **options):
    page = open_page(server.url(f"?session={new_session(prefix)}"), **options)
    page.wait_for_selector(".slot img")
    return page


def edit_items(page, at_least=8):
    """Opens "Content and template" and adds text items until the editor has `at_least` rows."""
    page.click("#content-settings summary")
    rows = page.locator("#item-rows > li")
    expect(rows.first).to_be_visible()
    while rows.count() < at_least:
        count = rows.count()
        page.click("#add-item")
        expect(rows).to_have_count(count + 1)


def focus(page, script):
    """Focuses the element `script` finds, as a keyboard user reaching it would: the browser scrolls
    it into view (and whatever scrolls around it)."""
    page.evaluate(f"() => ({script}).focus()")


def assert_beside(page, what):
    """The carousel and the focused control are both wholly in the window, and the stage and the panel
    do not overlap."""
    carousel = box(page, "#carousel")
    assert in_window(carousel), (what, "the carousel left the window", carousel)
    focused = page.evaluate("() => document.activeElement.getBoundingClientRect().toJSON()")
    assert focused["top"] >= -0.5 and focused["bottom"] <= carousel["windowHeight"] + 0.5, (what, focused)
    stage, panel = box(page, ".stage"), box(page, ".controls")
    assert stage["right"] <= panel["left"] + 0.5, (what, "the stage and the panel overlap", stage, panel)


@pytest.mark.parametrize("viewport", SIZES, ids=lambda size: f"{size['width']}x{size['height']}")
def test_the_carousel_stays_in_view_while_the_panel_is_used(server, open_page, viewport):
    page = open_stage(server, open_page, "stage", viewport=viewport)
    edit_items(page)
    last_input = "[...document.querySelectorAll('#item-rows > li:last-child input')].at(-1)"
    # From the page's top the row sits below the window's foot: the page must scroll to it.
    assert page.evaluate(f"() => {{ scrollTo(0, 0); return {last_input}.getBoundingClientRect().top; }}") > viewport["height"]
    focus(page, last_input)
    assert page.evaluate("() => scrollY") > 0
    assert_beside(page, "the item editor's last row")
    settle_visuals(page)
    look(page, f"stage-items-{viewport['width']}.png")

    page.click("#handover summary")
    page.wait_for_function("() => document.querySelector('#handover-code').textContent.includes('carousel-preview')")
    focus(page, "document.querySelector('#handover-code')")
    assert_beside(page, "the framework code")
    look(page, f"stage-code-{viewport['width']}.png")


@pytest.mark.parametrize("viewport", SIZES, ids=lambda size: f"{size['width']}x{size['height']}")
def test_no_band_under_the_stage(server, open_page, viewport):
    """With the panel far taller than the stage, at the page's foot and the stage scrolled to its end:
    the stage's last part (Motion) ends within 40 px of the stage's box, and that box within 40 px of
    the window's foot, where the next thing (the page's edge) is."""
    page = open_stage(server, open_page, "band", viewport=viewport)
    edit_items(page, at_least=12)
    gaps = page.evaluate(
        """() => { scrollTo(0, document.documentElement.scrollHeight);
            const stage = document.querySelector('.stage');
            stage.scrollTop = stage.scrollHeight;
            const bottom = stage.getBoundingClientRect().bottom;
            return { motion: bottom - document.querySelector('#motion').getBoundingClientRect().bottom,
                     window: innerHeight - bottom }; }"""
    )
    assert -1 <= gaps["motion"] < 40, gaps
    assert -1 <= gaps["window"] < 40, gaps
    # The stage's foot is reached by keys too: the event log, Motion's last part, comes into view.
    focus(page, "document.querySelector('#events')")
    assert in_window(box(page, "#events")), box(page, "#events")


def test_the_code_box_holds_100_columns_and_never_wraps(server, open_page):
    page = open_stage(server, open_page, "code", **DESIGNER)
    page.click("#handover summary")
    page.get_by_label("Framework").select_option(label="SwiftUI")
    page.wait_for_function("() => document.querySelector('#handover-code').textContent.includes('import SwiftUI')")
    code = page.evaluate(
        """() => { const code = document.querySelector('#handover-code'); const style = getComputedStyle(code);
            // One character of the box's font, measured off a line of 100 of them.
            const probe = document.createElement('span');
            probe.textContent = '0'.repeat(100);
            for (const name of ['fontFamily', 'fontSize', 'fontWeight', 'letterSpacing']) probe.style[name] = style[name];
            Object.assign(probe.style, { position: 'absolute', whiteSpace: 'pre', visibility: 'hidden' });
            document.body.append(probe);
            const character = probe.getBoundingClientRect().width / 100;
            probe.remove();
            const lines = code.textContent.replace(/\\n$/, '').split('\\n');
            return { character, whiteSpace: style.whiteSpace, overflowX: style.overflowX,
                     content: code.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
                     longest: Math.max(...lines.map(line => line.length)), lines: lines.length,
                     rows: (code.scrollHeight - parseFloat(style.paddingTop)) / parseFloat(style.lineHeight),
                     scrollWidth: code.scrollWidth, clientWidth: code.clientWidth }; }"""
    )
    assert code["content"] >= 100 * code["character"], code
    assert code["whiteSpace"] == "pre" and code["overflowX"] == "auto", code
    # Each line is one row, and SwiftUI's longest (a note past 100 characters) scrolls sideways.
    assert round(code["rows"]) == code["lines"], code
    assert code["longest"] * code["character"] > code["content"], code
    assert code["scrollWidth"] > code["clientWidth"], code


def test_the_replay_player_appearing_moves_nothing(server, open_page):
    page = open_stage(server, open_page, "player", **DESIGNER)
    drag(page, -150, 60, 6)
    wait_idle_at(page, 1)
    parts = "() => ['#carousel', '#device', '#motion'].map(s => document.querySelector(s).getBoundingClientRect().toJSON())"
    before = page.evaluate(parts)
    page.get_by_role("button", name="Slow-mo last gesture", exact=True).click()
    page.wait_for_selector("#replay-player", state="visible")
    during = page.evaluate(parts)
    # (Motion's own height may change as the replay plays: only where it starts is the card's doing.)
    for name, was, now in zip(("carousel", "device card", "Motion"), before, during, strict=True):
        assert abs(now["top"] - was["top"]) <= 1, (name, was, now)
        assert name == "Motion" or abs(now["bottom"] - was["bottom"]) <= 1, (name, was, now)
    look(page, "stage-replay-player.png")


def test_on_a_phone_one_column_no_wider_than_the_screen(server, open_page):
    page = open_stage(server, open_page, "phone", **PHONE)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    device, motion, panel = box(page, "#device"), box(page, "#motion"), box(page, ".controls")
    assert panel["top"] >= motion["bottom"] >= device["bottom"], (device, motion, panel)
    assert abs(panel["left"] - device["left"]) <= 0.5 and abs(panel["width"] - device["width"]) <= 0.5, (device, panel)
    # The framework code's long lines scroll within their box, not the page.
    page.click("#handover summary")
    page.wait_for_function("() => document.querySelector('#handover-code').textContent.includes('carousel-preview')")
    page.get_by_label("Framework").select_option(label="SwiftUI")
    page.wait_for_function("() => document.querySelector('#handover-code').textContent.includes('import SwiftUI')")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert box(page, ".controls")["right"] <= 390
    edit_items(page)
    focus(page, "[...document.querySelectorAll('#item-rows > li:last-child input')].at(-1)")
    assert in_window(box(page, "#carousel")), box(page, "#carousel")
    settle_visuals(page)
    look(page, "stage-phone-items.png")
