"""Controls within reach (issue 24, item 4): on a phone the carousel stays in view while the Feel
panel is scrolled to and used; Compare at 1280x800 shows both carousels and their settings at once,
top-aligned, pane B on A's item; the recorder row has no empty band and does not grow."""

import re

from conftest import PHONE
from page_helpers import clear_notices, drag, look, new_session, settle_visuals, touch_swipe, wait_idle_at

WIDE = {"viewport": {"width": 1280, "height": 800}}
FEEL_CONTROLS = ["#setting-preset", "#setting-items", "#setting-inset", "#setting-spacing"]


def box(page, selector):
    return page.evaluate(
        "s => { const b = document.querySelector(s).getBoundingClientRect(); "
        "return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; }",
        selector,
    )


def on_screen(rect, width, height):
    return rect["left"] >= -0.5 and rect["top"] >= -0.5 and rect["right"] <= width + 0.5 and rect["bottom"] <= height + 0.5


def assert_carousel_and_feel_together(page, where, controls=FEEL_CONTROLS):
    """The carousel and the Feel panel's `controls` are inside the viewport, none under the card."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    carousel, device = box(page, "#carousel"), box(page, "#device")
    assert on_screen(carousel, width, height), (where, carousel)
    for selector in controls:
        control = box(page, selector)
        assert on_screen(control, width, height), (where, selector, control)
        assert control["top"] >= device["bottom"] - 0.5, (where, selector, "under the card", control, device)


def test_on_a_phone_the_carousel_stays_in_view_while_the_feel_panel_is_used(server, open_page):
    page = open_page(server.url(f"?session={new_session('reach')}&items=8"), **PHONE)
    page.wait_for_selector(".slot img")
    # Scrolled to the Feel panel, as a finger would.
    page.evaluate("() => document.querySelector('.controls h2').scrollIntoView({block: 'start'})")
    page.wait_for_function("() => scrollY > 200")
    assert_carousel_and_feel_together(page, "scrolled to Feel")
    # A change there shows on the carousel in view.
    page.locator("#setting-spacing").fill("30")
    page.wait_for_function("() => document.querySelector('output[name=spacingOut]').textContent === '30 pt'")
    assert_carousel_and_feel_together(page, "after a change")
    clear_notices(page)
    settle_visuals(page)
    look(page, "reach-phone-feel.png")

    # A horizontal swipe on the carousel still pages it; a vertical one still scrolls the page.
    touch_swipe(page, -160, 0)
    wait_idle_at(page, 1)
    before = page.evaluate("() => scrollY")
    touch_swipe(page, 0, -240)
    page.wait_for_function("y => scrollY > y + 100", arg=before)
    assert page.evaluate("() => document.querySelector('#carousel').dataset.index") == "1"
    assert on_screen(box(page, "#carousel"), 390, 844)

    # By keyboard, from the event log (the last stop before the panel) to the preset: focus lands
    # on a control the card does not hide.
    page.evaluate("() => scrollTo(0, 0)")
    page.focus("#events")
    page.keyboard.press("Tab")
    # The spacing set above is tuned: the panel's Reset all comes first.
    assert page.evaluate("() => document.activeElement.id") == "reset-all"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "setting-preset"
    assert_carousel_and_feel_together(page, "keyboard", ["#setting-preset"])


def pane_rect(page, pane, selector):
    """`selector`'s box in pane `pane`'s frame, in the comparison page's coordinates."""
    return page.evaluate(
        """([id, s]) => { const frame = document.querySelector(id); const f = frame.getBoundingClientRect();
               const b = frame.contentDocument.querySelector(s).getBoundingClientRect();
               return {left: f.left + b.left, right: f.left + b.right, top: f.top + b.top, bottom: f.top + b.bottom}; }""",
        [f"#pane-{pane}", selector],
    )


def test_compare_fits_both_carousels_top_aligned_with_b_on_as_item(server, open_page):
    # A session name much shorter than B's (`cmp-1a2b3c4d-b`), as the plain address's `default` is.
    page = open_page(server.url(f"?session={new_session('r')[:5]}"), **WIDE)
    page.wait_for_selector(".slot img")
    page.click("#next")
    page.wait_for_function(
        "() => { const c = document.querySelector('#carousel'); return c.dataset.index === '1' && c.dataset.phase === 'idle'; }"
    )
    page.click("#compare-switch")
    page.wait_for_url(re.compile(r"/compare\.html\?"))
    for pane in ("a", "b"):
        page.frame_locator(f"#pane-{pane}").locator(".slot img").first.wait_for()
        page.frame_locator(f"#pane-{pane}").locator("#carousel[data-phase=idle]").wait_for()
    # Each frame has grown to its page.
    page.wait_for_function(
        """() => [...document.querySelectorAll('iframe')].every(f =>
            Math.abs(f.getBoundingClientRect().height - f.contentDocument.body.getBoundingClientRect().height) <= 1)"""
    )
    indexes = page.evaluate(
        "() => ['#pane-a', '#pane-b'].map(id => document.querySelector(id).contentDocument.querySelector('#carousel').dataset.index)"
    )
    assert indexes == ["1", "1"], "B starts on A's item"

    a, b = pane_rect(page, "a", "#carousel"), pane_rect(page, "b", "#carousel")
    assert abs(a["top"] - b["top"]) <= 2, (a, b)
    for pane in ("a", "b"):
        for selector in ["#carousel", "#previous", "#next", *FEEL_CONTROLS, "#setting-decelerationRate", "#setting-intervalMs"]:
            rect = pane_rect(page, pane, selector)
            assert on_screen(rect, 1280, 800), (pane, selector, rect)
    settle_visuals(page)
    look(page, "reach-compare-1280.png")

    # A drag on B (sent to A too) makes each status bar say more ("1 · you (mouse)"): still aligned.
    viewport = pane_rect(page, "b", "#viewport")
    drag(page, -120, 80, 6, start=((viewport["left"] + viewport["right"]) / 2, (viewport["top"] + viewport["bottom"]) / 2))
    page.frame_locator("#pane-b").locator("#viewers", has_text="mouse").wait_for()
    for pane in ("a", "b"):
        page.frame_locator(f"#pane-{pane}").locator("#carousel[data-phase=idle][data-index='2']").wait_for()
    a, b = pane_rect(page, "a", "#carousel"), pane_rect(page, "b", "#carousel")
    assert abs(a["top"] - b["top"]) <= 2, ("after a drag", a, b)


def test_the_recorder_row_has_no_empty_band_and_keeps_its_height(server, open_page):
    for name, options in (("desktop", WIDE), ("phone", PHONE)):
        page = open_page(server.url(f"?session={new_session('band')}"), **options)
        page.wait_for_selector(".slot img")
        band = page.evaluate(
            """() => { const row = document.querySelector('#recorder');
                       const shown = [...row.children].filter(e => e.getClientRects().length);
                       return row.getBoundingClientRect().bottom - Math.max(...shown.map(e => e.getBoundingClientRect().bottom)); }"""
        )
        assert band <= 2, f"{name}: {band} px of the recorder row stand empty"
        rows = "() => { const b = document.querySelector('#recorder').getBoundingClientRect(); return [b.top, b.bottom]; }"
        before = page.evaluate(rows)
        page.click("#record")
        page.wait_for_function("() => /^Recording \\d+:\\d\\d$/.test(document.querySelector('#record-time').textContent)")
        assert page.evaluate(rows) == before, name
        # Something to replay: the next banner.
        page.click("#next")
        page.wait_for_function("() => document.querySelector('#carousel').dataset.index === '1'")
        page.click("#record")
        page.locator("#replay").wait_for()
        assert page.evaluate(rows) == before, name
        page.click("#replay-slow")
        page.wait_for_function("() => document.querySelector('#replay-status').textContent === 'Replaying 0.25x'")
        assert page.evaluate(rows) == before, f"{name}: the row grew while a replay plays"
        assert page.get_by_role("link", name="Download recording").count() == 1
        clear_notices(page)
        settle_visuals(page)
        look(page.locator("#device"), f"reach-recorder-{name}.png")
