"""axe-core (from axe-playwright-python) finds no accessibility violation on the page in any of its
modes: a single carousel, a comparison of two, while recording, while a replay plays. axe misses a
slider named by nothing but a wrapping label's output, so each mode's controls are also read from
Chromium's accessibility tree: every slider, button and switch has a name."""

from axe_playwright_python.sync_playwright import Axe
from page_helpers import new_session
from test_accessibility import snapshot_nodes
from test_replay import record_drag

NAMED_ROLES = {"slider", "button", "switch", "checkbox", "spinbutton", "combobox", "textbox", "link"}
axe = Axe()


def assert_no_violations(target, where):
    """Runs axe in `target` (a page or one of its frames) and fails with axe's report."""
    results = axe.run(target)
    assert results.violations_count == 0, f"{where}:\n{results.generate_report()}"


def assert_every_control_named(target, where):
    """Every control in `target` (a page or a frame) has a name; returns them as (role, name)."""
    controls = [(role, name) for role, name, _ in snapshot_nodes(target) if role in NAMED_ROLES]
    assert controls, f"{where}: no controls found"
    unnamed = [role for role, name in controls if not name.strip()]
    assert unnamed == [], f"{where}: unnamed {unnamed} among {controls}"
    return controls


def check_mode(page, where):
    assert_no_violations(page, where)
    return assert_every_control_named(page, where)


def open_ready(open_page, server, prefix):
    """A page of a new session, once its banners show."""
    page = open_page(server.url(f"?session={new_session(prefix)}"))
    page.wait_for_selector(".slot img")
    return page


def test_single_carousel(server, open_page):
    page = open_ready(open_page, server, "axe")
    controls = check_mode(page, "single")
    assert ("switch", "Compare") in controls


def test_while_recording(server, open_page):
    page = open_ready(open_page, server, "axe-rec")
    page.get_by_role("button", name="Record", exact=True).click()
    page.wait_for_function("() => /^Recording \\d+:\\d\\d$/.test(document.querySelector('#record-time').textContent)")
    controls = check_mode(page, "recording")
    assert ("button", "Stop recording") in controls


def test_while_a_replay_plays(server, open_capturing_page):
    page = open_ready(open_capturing_page, server, "axe-replay")
    record_drag(page)
    page.get_by_role("button", name="Replay at 0.25x").click()
    page.wait_for_function("() => document.querySelector('#replay-status').textContent === 'Replaying 0.25x'")
    check_mode(page, "replay")
    # Paused: the player offers Play, Next frame and its position slider, all named.
    page.get_by_role("button", name="Pause replay", exact=True).click()
    page.get_by_role("button", name="Play replay", exact=True).wait_for()
    controls = check_mode(page, "replay paused")
    assert {("button", "Next frame"), ("slider", "Replay position")} <= set(controls), controls


def test_comparison(server, open_page, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(server.url("compare.html"))
        frames = page.locator("iframe")
        frames.first.wait_for()
        assert frames.count() == 2
        for index in range(2):
            page.frame_locator("iframe").nth(index).locator(".slot img").first.wait_for()
        assert_no_violations(page, "compare page")
        controls = assert_every_control_named(page, "compare page")
        assert ("switch", "Compare") in controls
        for index, frame in enumerate(page.frames[1:]):
            assert_no_violations(frame, f"compare pane {index}")
            assert_every_control_named(frame, f"compare pane {index}")
    finally:
        context.close()
