"""Score feel (feelpanel.js): the page asks the server to score its carousel over the recorded
gesture corpus and shows a line that says it plainly and a table, worst first, of each gesture's
verdict ("fine", "jumps", "slow to settle"... with the number that decided it), items moved and
release to rest, the other measures in the gesture's details; the numbers are the committed
baseline's for the banner (the same corpus, the same engine); the table fits its column on a desktop
and a phone; a free-scrolling carousel's coasts are slow to settle; a change of the carousel marks
the scores stale; axe finds nothing to fix in the panel."""

import json
from pathlib import Path

from page_helpers import look, new_session
from test_axe import assert_no_violations

BASELINE = Path(__file__).resolve().parents[1] / "Fixtures" / "feel-baseline.json"
ROWS = """rows => rows.map(r => [r.querySelector('th summary').textContent, ...[...r.querySelectorAll('td')].map(c => c.textContent)])"""


def banner_baseline():
    reports = json.loads(BASELINE.read_text())["reports"]
    return next(report for report in reports if report["settings"] == "preset banner")["gestures"]


def shown(value, digits=0):
    if value is None:
        return "–"
    return f"{value:.{digits}f}" if digits else str(round(value) or 0)


def worst_first(gestures):
    """The gestures as the table orders them: by the verdict's rank, then how far past its limit, then the corpus's order."""

    def key(entry):
        index, gesture = entry
        verdict = gesture["verdict"]
        past = verdict["value"] / verdict["limit"] if "value" in verdict else 0
        return (-verdict["rank"], -past, index)

    return [gesture for _, gesture in sorted(enumerate(gestures), key=key)]


def assert_fits(page, where):
    """No column of the table is cut off: it is no wider than the box that holds it."""
    widths = page.evaluate(
        "() => { const wrap = document.querySelector('#feel-table-wrap');"
        " return [document.querySelector('#feel-table').scrollWidth, wrap.clientWidth] }"
    )
    assert widths[0] <= widths[1], f"{where}: the table is {widths[0]} px wide in a {widths[1]} px box"


def score(page, start="23 recorded gestures"):
    page.get_by_role("button", name="Score feel", exact=True).click()
    page.wait_for_function("s => document.querySelector('#feel-summary').textContent.startsWith(s)", arg=start)
    page.wait_for_function("() => !document.querySelector('#feel-table-wrap').hidden")
    return page.eval_on_selector_all("#feel-table tbody tr", ROWS)


def test_score_feel_gives_each_gesture_a_verdict_worst_first_and_goes_stale_on_a_change(server, open_page):
    page = open_page(server.url(f"?session={new_session('feel')}"))
    page.wait_for_selector(".slot[data-item='1']")
    page.locator("#feel").scroll_into_view_if_needed()
    heads = page.eval_on_selector_all("#feel-table thead th", "cells => cells.map(c => c.textContent)")
    assert heads == ["gesture", "verdict", "moved", "settle ms"]
    rows = score(page)
    expected = banner_baseline()
    assert len(rows) == len(expected) == 23
    for row, gesture in zip(rows, worst_first(expected), strict=True):
        assert row == [
            gesture["gesture"],
            gesture["verdict"]["text"],
            shown(gesture["movedItems"]),
            shown(gesture["settleMs"]),
        ], (row, gesture)
    # On the banner only the wheel's notches are off: each jumps 200 pt in one frame, and comes first.
    assert [row[1] for row in rows[:3]] == ["jumps: 200 pt in one frame"] * 2 + ["fine"], rows[:3]
    summary = page.text_content("#feel-summary")
    assert summary == "23 recorded gestures: 2 with a jump (up to 200 pt in one frame), 21 fine", summary
    # The other measures are a gesture's details (and its row's title).
    first = page.locator("#feel-table tbody tr").first
    first.locator("summary").click()
    details = first.locator(".feel-details")
    details.wait_for()
    wheel = next(g for g in expected if g["gesture"] == rows[0][0])
    text = details.text_content()
    assert f"jump {shown(wheel['largestJump'])} pt" in text and f"top speed {shown(wheel['fastestSpeed'])} pt/s" in text, text
    assert "meant " in text and "jerk " in text and "off grid " in text, text
    assert first.get_attribute("title") == text
    assert_fits(page, "desktop")
    look(page.locator("#motion"), "feel-panel.png")
    assert_no_violations(page, "feel panel")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#feel").scroll_into_view_if_needed()
    assert_fits(page, "phone")
    look(page.locator("#feel"), "feel-panel-phone.png")
    page.set_viewport_size({"width": 1100, "height": 760})

    # Free scroll: the carousel changed, so the scores on screen are another carousel's; scored again,
    # its flicks coast past the settle budget and come first, slowest first.
    page.click("#more-settings summary")
    page.select_option("#setting-snapping", "free")
    page.wait_for_function("() => document.querySelector('#feel-summary').textContent.startsWith('The carousel changed')")
    rows = score(page)
    summary = page.text_content("#feel-summary")
    assert " slow to settle (up to " in summary, summary
    slow = [row for row in rows if row[1].startswith("slow to settle: ")]
    assert slow, rows
    jumps = [row for row in rows if row[1].startswith("jumps: ")]
    assert rows[: len(jumps) + len(slow)] == jumps + slow, rows
    settles = [int(row[1].removeprefix("slow to settle: ").removesuffix(" ms")) for row in slow]
    assert settles == sorted(settles, reverse=True) and settles[-1] > 410, settles
    assert_fits(page, "desktop, free scroll")
