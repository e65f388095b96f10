"""The Export panel's code for the frameworks teams ship, used as a person would in Chromium: open
"Code for your framework", pick a framework by name and read its file and notes; a spacing changed
with the slider reaches the code; the choice survives a reload; Copy code copies the file shown;
Download all gives a zip of every target's file and, in images/, every image the files name (the
bundled ones as public/ has them, an upload as it was given); the Swift box shows whole lines; the code box shows
whole lines and never wraps one (a long one scrolls sideways); axe finds no violation in the panel."""

import hashlib
import io
import pathlib
import zipfile

from axe_playwright_python.sync_playwright import Axe
from page_helpers import look, new_session
from playwright.sync_api import expect
from test_share_export import CLIPBOARD, set_range

PUBLIC = pathlib.Path(__file__).resolve().parents[2] / "public"
FILES = {
    "TunedConfiguration.swift",
    "TunedCarousel.swift",
    "TunedCarouselLayout.swift",
    "TunedCarousel.kt",
    "tuned_carousel.dart",
    "tuned-carousel.swiper.js",
    "tuned-carousel.embla.js",
    "tuned-carousel.splide.js",
}


def open_code(open_page, server, prefix, **options):
    page = open_page(server.url(f"?session={new_session(prefix)}&preset=strip"), **options)
    page.wait_for_selector(".slot img")
    page.get_by_text("Code for your framework").click()
    page.wait_for_function("() => document.querySelector('#handover-code').textContent.includes('carousel-preview')")
    return page


def code(page):
    return page.text_content("#handover-code")


def test_pick_a_framework_and_follow_the_settings(server, open_page):
    page = open_code(open_page, server, "handover")
    page.get_by_label("Framework").select_option(label="Jetpack Compose")
    page.wait_for_function("() => document.querySelector('#handover-code').textContent.includes('HorizontalPager')")
    assert "pageSpacing = 8.dp" in code(page)
    assert page.text_content("#handover-file") == "TunedCarousel.kt"
    notes = page.locator("#handover-notes li").all_text_contents()
    assert any(note.startswith("flickVelocity 300: not expressible") for note in notes), notes
    assert page.is_visible("#handover-notes-heading")

    set_range(page, "spacing", "30")
    page.wait_for_function("() => document.querySelector('#handover-code').textContent.includes('pageSpacing = 30.dp')")
    assert "spacing=30" in code(page), "the header's link names the tuned spacing"
    look(page.locator(".export"), "handover-panel.png")

    page.reload()
    page.wait_for_selector(".slot img")
    assert page.input_value("#handover-target") == "compose", "the choice is remembered"


def test_copy_code_and_download_all(server, open_page):
    page = open_code(open_page, server, "handover-copy", permissions=CLIPBOARD, accept_downloads=True)
    page.get_by_label("Framework").select_option(label="Splide")
    page.wait_for_function("() => document.querySelector('#handover-code').textContent.includes('flickPower')")
    page.get_by_role("button", name="Copy code").click()
    page.wait_for_function("() => document.querySelector('#export-status').textContent === 'Copied tuned-carousel.splide.js.'")
    assert page.input_value("#copied-text") == code(page)
    assert page.evaluate("() => navigator.clipboard.readText()") == code(page)

    with page.expect_download() as download:
        page.get_by_role("button", name="Download all").click()
    archive = zipfile.ZipFile(io.BytesIO(open(download.value.path(), "rb").read()))
    assert archive.testzip() is None
    images = {name for name in archive.namelist() if name.startswith("images/")}
    assert set(archive.namelist()) - images == FILES
    banners = PUBLIC / "banners"
    assert images == {f"images/{path.name}" for path in banners.iterdir()}, "the strip shows each bundled banner"
    for name in images:
        assert archive.read(name) == (banners / name.removeprefix("images/")).read_bytes(), name
    assert archive.read("tuned-carousel.splide.js").decode() == code(page)
    assert download.value.suggested_filename.endswith(".zip")
    expect(page.locator("#export-status")).to_have_text(f"Downloaded {len(FILES)} files and {len(images)} images in a zip.")


def test_an_uploaded_image_is_in_the_zip_under_the_name_the_files_use(server, open_page, tmp_path):
    page = open_code(open_page, server, "handover-upload", accept_downloads=True)
    svg = tmp_path / "logo.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18"/></svg>')
    page.click("#content-settings summary")
    page.set_input_files("#add-images", str(svg))
    expect(page.get_by_label("Title of item 1", exact=True)).to_be_visible()
    name = f"images/upload-{hashlib.sha256(svg.read_bytes()).hexdigest()[:12]}.svg"
    with page.expect_download() as download:
        page.get_by_role("button", name="Download all").click()
    archive = zipfile.ZipFile(io.BytesIO(open(download.value.path(), "rb").read()))
    assert archive.read(name) == svg.read_bytes()


def test_the_swift_box_shows_whole_lines(server, open_page):
    page = open_page(server.url(f"?session={new_session('swift-box')}&preset=coverflow&spacing=12"), permissions=CLIPBOARD)
    page.wait_for_selector(".slot img")
    page.get_by_role("button", name="Copy as Swift").click()
    page.wait_for_function("() => document.querySelector('#copied-text').value.includes('Configuration.coverflow')")
    box = page.evaluate(
        """() => { const f = document.querySelector('#copied-text'); const s = getComputedStyle(f);
            return { wrap: f.wrap, scrollWidth: f.scrollWidth, clientWidth: f.clientWidth,
                     scrollHeight: f.scrollHeight, clientHeight: f.clientHeight }; }"""
    )
    assert box["wrap"] == "soft"
    assert box["scrollWidth"] <= box["clientWidth"], f"a line runs out of sight: {box}"
    assert box["scrollHeight"] <= box["clientHeight"], f"a line is cut at the foot: {box}"


def test_the_panel_has_no_accessibility_violation(server, open_page):
    page = open_code(open_page, server, "handover-axe")
    page.get_by_label("Framework").select_option(label="SwiftUI")
    page.wait_for_function("() => document.querySelector('#handover-notes li') !== null")
    results = Axe().run(page, context={"include": [[".export"]]})
    assert results.violations_count == 0, results.generate_report()


def test_the_code_box_shows_whole_lines(server, open_page):
    page = open_code(open_page, server, "handover-lines")
    page.get_by_label("Framework").select_option(label="SwiftUI")
    page.wait_for_function("() => document.querySelector('#handover-code').textContent.includes('import SwiftUI')")
    box = page.evaluate(
        """() => { const e = document.querySelector('#handover-code'); const s = getComputedStyle(e);
            // Scrolled text shows down to the border: only the top padding is never text.
            return { height: e.clientHeight - parseFloat(s.paddingTop),
                     line: parseFloat(s.lineHeight), scrollWidth: e.scrollWidth, clientWidth: e.clientWidth,
                     scrolls: e.scrollHeight > e.clientHeight, whiteSpace: s.whiteSpace,
                     rows: (e.scrollHeight - parseFloat(s.paddingTop)) / parseFloat(s.lineHeight),
                     lines: e.textContent.replace(/\\n$/, '').split('\\n').length }; }"""
    )
    assert box["scrolls"], box
    lines = box["height"] / box["line"]
    assert abs(lines - round(lines)) < 0.05, f"the box shows part of a line: {box}"
    # A line is never broken (mid-token code misleads): each takes one row, and the longest, a note
    # of 156 characters, scrolls sideways.
    assert box["whiteSpace"] == "pre", box
    assert round(box["rows"]) == box["lines"], f"a line wraps: {box}"
    assert box["scrollWidth"] > box["clientWidth"], box


def test_the_notes_stay_within_the_panel(server, open_page):
    page = open_code(open_page, server, "handover-notes")
    page.get_by_label("Framework").select_option(label="SwiftUI")
    page.wait_for_function("() => document.querySelectorAll('#handover-notes li').length > 3")
    # (The code box's own long lines scroll within it: test_the_code_box_shows_whole_lines.)
    overflow = page.evaluate(
        """() => { const panel = document.querySelector('.controls').getBoundingClientRect();
            return [...document.querySelectorAll('#handover-notes li, #handover-code, .handover-pick')]
              .filter(e => { const r = e.getBoundingClientRect(); const scrolls = e.id === 'handover-code';
                  return r.right > panel.right + 0.5 || r.left < panel.left - 0.5 || (!scrolls && e.scrollWidth > e.clientWidth + 1); }).length; }"""
    )
    assert overflow == 0
