"""What keeps a designer's work, used through the page in Chromium: switching the preset after
tuning asks first, and Keep as variant then Compare variants opens both carousels; Ctrl+Z after a
spacing change restores the old value for every viewer, and the event log says it was this
viewer's own undo; the modified mark appears and Reset clears it; variants are saved, applied,
deleted and travel in a copied share link; axe finds no violation in the panel or the dialog."""

from urllib.parse import parse_qs, urlsplit

from axe_playwright_python.sync_playwright import Axe
from page_helpers import look, new_session
from playwright.sync_api import expect
from test_share_export import CLIPBOARD, set_range, watch


def open_strip(open_page, server, session, **options):
    page = open_page(server.url(f"?session={session}&preset=strip"), **options)
    page.wait_for_selector(".slot img")
    return page


def wait_spacing(page, value):
    page.wait_for_function("v => document.querySelector('input[name=spacing]').value === String(v)", arg=value)


def wait_session_spacing(page, value):
    """The session's spacing, as its `config` told this page (the slider shows the hand's value at once)."""
    page.wait_for_function(
        "v => new URLSearchParams(new URL(document.querySelector('#session-link').href).search).get('spacing') === String(v)",
        arg=value,
    )


def test_a_preset_switch_asks_and_keeps_the_tuning_as_a_variant_to_compare(server, open_page):
    session = new_session("ask")
    page = open_strip(open_page, server, session)
    set_range(page, "inset", "30")
    page.wait_for_function(
        "() => new URLSearchParams(new URL(document.querySelector('#session-link').href).search).get('inset') === '30'"
    )
    # Stay: nothing changes.
    page.select_option("select[name=preset]", "paged")
    dialog = page.locator("#preset-dialog")
    dialog.wait_for(state="visible")
    assert "inset 30" in page.text_content("#preset-dialog-text")
    look(page, "preset-dialog.png")
    page.get_by_role("button", name="Stay").click()
    assert page.input_value("select[name=preset]") == "strip"
    assert watch(page, session)["config"]["preset"] == "strip"

    page.select_option("select[name=preset]", "paged")
    dialog.wait_for(state="visible")
    page.fill("#preset-variant-name", "strip wide gaps")
    page.get_by_role("button", name="Keep as variant and switch").click()
    page.wait_for_function("() => document.querySelector('#variant-list').textContent.includes('strip wide gaps')")
    page.wait_for_function("() => document.querySelector('input[name=inset]').value === '0'")
    assert watch(page, session)["config"]["preset"] == "paged"
    assert "inset 30" in page.text_content("#variant-list")

    assert page.input_value("#compare-a") == "strip wide gaps"
    assert page.input_value("#compare-b") == ""  # the carousel on screen
    page.get_by_role("button", name="Compare variants").click()
    page.wait_for_url("**/compare.html?**")
    query = parse_qs(urlsplit(page.url).query)
    a, b = parse_qs(query["a"][0]), parse_qs(query["b"][0])
    assert a["preset"] == ["strip"] and a["inset"] == ["30"]
    assert b["preset"] == ["paged"] and "inset" not in b
    for pane, caption in (("a", "strip"), ("b", "paged")):
        page.wait_for_function(
            "([p, c]) => document.querySelector(`#pane-${p}-tuning`).textContent.startsWith(c)", arg=[pane, caption]
        )
    assert "inset 30" in page.text_content("#pane-a-tuning")
    page.frame_locator("#pane-a").locator(".slot img").first.wait_for()
    page.frame_locator("#pane-b").locator(".slot img").first.wait_for()


def test_ctrl_z_undoes_this_viewers_change_for_every_viewer(server, open_page):
    session = new_session("undo")
    mine = open_strip(open_page, server, session)
    theirs = open_page(server.url(f"?session={session}"))
    theirs.wait_for_selector(".slot img")
    set_range(mine, "spacing", "30")
    wait_spacing(theirs, 30)
    # The other viewer has nothing of its own to undo.
    theirs.locator("body").press("Control+z")
    mine.locator("body").press("Control+z")
    wait_spacing(mine, 8)
    wait_spacing(theirs, 8)
    assert watch(mine, session)["config"]["spacing"] == 8
    mine.wait_for_function("() => document.querySelector('#event-list').textContent.includes('undo (your own change only)')")
    assert "spacing 30 → 8" in mine.text_content("#event-list")
    mine.locator("body").press("Control+Shift+z")
    wait_spacing(theirs, 30)
    # A text box keeps its own undo.
    mine.fill("#variant-name", "draft")
    mine.locator("#variant-name").press("Control+z")
    assert watch(mine, session)["config"]["spacing"] == 30


def test_the_modified_mark_and_reset(server, open_page):
    page = open_strip(open_page, server, new_session("reset"))
    spacing = page.locator(".field", has=page.locator("input[name=spacing]"))
    assert spacing.get_attribute("data-modified") is None
    assert page.is_hidden("#tuned")
    set_range(page, "spacing", "30")
    page.wait_for_function("() => document.querySelector('input[name=spacing]').closest('.field').hasAttribute('data-modified')")
    assert "spacing 30" in page.text_content("#tuned-text")
    look(page.locator(".controls"), "modified-mark.png")
    spacing.get_by_role("button", name="Spacing: modified. Reset to the preset's 8").click()
    page.wait_for_function("() => !document.querySelector('input[name=spacing]').closest('.field').hasAttribute('data-modified')")
    wait_spacing(page, 8)
    assert page.is_hidden("#tuned")
    # Reset all, for fields with and without a control here.
    set_range(page, "inset", "30")
    page.wait_for_function("() => !document.querySelector('#tuned').hidden")
    page.get_by_role("button", name="Reset all").click()
    page.wait_for_function("() => document.querySelector('#tuned').hidden")
    # And Ctrl+Z takes the reset back.
    page.locator("body").press("Control+z")
    page.wait_for_function("() => document.querySelector('input[name=inset]').value === '30'")


def test_variants_saved_applied_deleted_and_carried_by_a_link(server, open_page):
    session = new_session("vars")
    page = open_strip(open_page, server, session, permissions=CLIPBOARD)
    set_range(page, "spacing", "24")
    wait_session_spacing(page, 24)
    page.fill("#variant-name", "v2 wide")
    page.get_by_role("button", name="Save as variant").click()
    page.wait_for_function("() => document.querySelector('#variant-list').textContent.includes('v2 wide')")
    set_range(page, "spacing", "2")
    wait_session_spacing(page, 2)
    page.get_by_role("button", name="Apply v2 wide").click()
    wait_spacing(page, 24)
    page.get_by_role("button", name="Copy link").click()
    page.wait_for_function("() => document.querySelector('#copied-text').value.includes('#variants=')")
    link = page.input_value("#copied-text").replace(f"session={session}", f"session={session}-copy")

    other = open_page(link)
    other.wait_for_selector(".slot img")
    other.wait_for_function("() => document.querySelector('#variant-list').textContent.includes('v2 wide')")
    assert "#" not in other.url, "the fragment leaves the address once saved"
    assert "spacing 24" in other.text_content("#variant-list"), "saved in the new session as it was"
    page.get_by_role("button", name="Delete v2 wide").click()
    page.wait_for_function("() => !document.querySelector('#variant-list').textContent.includes('v2 wide')")


def test_the_variants_panel_and_the_dialog_have_no_accessibility_violation(server, open_page):
    page = open_strip(open_page, server, new_session("axe-vars"))
    set_range(page, "spacing", "30")
    wait_session_spacing(page, 30)
    # A feel value too, so a preset switch asks (and offers to keep the spacing, a size).
    set_range(page, "inset", "30")
    page.wait_for_function(
        "() => new URLSearchParams(new URL(document.querySelector('#session-link').href).search).get('inset') === '30'"
    )
    page.fill("#variant-name", "v2")
    page.get_by_role("button", name="Save as variant").click()
    page.wait_for_function("() => document.querySelector('#variant-list li') !== null")
    results = Axe().run(page, context={"include": [[".variants"], [".controls"]]})
    assert results.violations_count == 0, results.generate_report()
    page.select_option("select[name=preset]", "paged")
    page.locator("#preset-dialog").wait_for(state="visible")
    expect(page.locator("#preset-keep-sizes")).to_be_checked()
    results = Axe().run(page, context={"include": [["#preset-dialog"]]})
    assert results.violations_count == 0, results.generate_report()


def test_a_preset_switch_keeps_the_sizes_the_person_set_unless_they_untick_them(server, open_page):
    session = new_session("sizes")
    page = open_strip(open_page, server, session)
    page.get_by_text("Device, paging, alignment and direction").click()
    page.fill("#setting-viewportWidth", "320")
    page.press("#setting-viewportWidth", "Enter")
    set_range(page, "spacing", "20")
    wait_session_spacing(page, 20)
    # Only sizes are tuned: nothing would be lost, so the switch is at once and keeps them.
    page.select_option("select[name=preset]", "banner")
    page.wait_for_function("() => new URL(document.querySelector('#session-link').href).searchParams.get('preset') === 'banner'")
    config = watch(page, session)["config"]
    assert (config["viewport"]["width"], config["spacing"], config["inset"]) == (320, 20, 16)
    # With a feel value tuned too, the dialog asks; unticking "Keep the sizes" takes the preset's.
    set_range(page, "inset", "30")
    page.wait_for_function("() => new URL(document.querySelector('#session-link').href).searchParams.get('inset') === '30'")
    page.select_option("select[name=preset]", "strip")
    page.locator("#preset-dialog").wait_for(state="visible")
    assert "viewportWidth 320" in page.text_content("#preset-dialog")
    page.uncheck("#preset-keep-sizes")
    page.get_by_role("button", name="Switch without keeping").click()
    page.wait_for_function("() => new URL(document.querySelector('#session-link').href).searchParams.get('preset') === 'strip'")
    config = watch(page, session)["config"]
    assert (config["viewport"]["width"], config["spacing"], config["inset"]) == (375, 8, 16)
