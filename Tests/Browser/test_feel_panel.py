"""Score feel (feelpanel.js): the page asks the server to score its carousel over the recorded
gesture corpus and shows a line and a table; the table's numbers are the committed baseline's for
the banner (the same corpus, the same engine); a change of the carousel marks them stale; axe finds
nothing to fix in the panel."""

import json
from pathlib import Path

from page_helpers import look, new_session
from test_axe import assert_no_violations
from test_share_export import set_range

BASELINE = Path(__file__).resolve().parents[1] / "Fixtures" / "feel-baseline.json"


def banner_baseline():
    reports = json.loads(BASELINE.read_text())["reports"]
    return next(report for report in reports if report["settings"] == "preset banner")["gestures"]


def shown(value, digits=0):
    if value is None:
        return "–"
    return f"{value:.{digits}f}" if digits else str(round(value) or 0)


def test_score_feel_shows_the_banner_baselines_numbers_and_goes_stale_on_a_change(server, open_page):
    page = open_page(server.url(f"?session={new_session('feel')}"))
    page.wait_for_selector(".slot[data-item='1']")
    page.locator("#feel").scroll_into_view_if_needed()
    page.get_by_role("button", name="Score feel", exact=True).click()
    page.wait_for_function("() => !document.querySelector('#feel-table-wrap').hidden")
    rows = page.eval_on_selector_all("#feel-table tbody tr", "rows => rows.map(r => [...r.children].map(c => c.textContent))")
    expected = banner_baseline()
    assert len(rows) == len(expected) == 23
    for row, gesture in zip(rows, expected, strict=True):
        assert row == [
            gesture["gesture"],
            shown(gesture["intendedItems"]),
            shown(gesture["movedItems"]),
            shown(gesture["settleMs"]),
            shown(gesture["overshoot"], 1),
            shown(gesture["jerk"], 1),
            shown(gesture["restOffGrid"], 1),
        ], (row, gesture)
    summary = page.text_content("#feel-summary")
    settles = [g["settleMs"] for g in expected if g["settleMs"] is not None]
    off = sum(1 for g in expected if g["itemsOff"] not in (None, 0))
    assert summary.startswith(
        f"23 recorded gestures: release to rest {round(sum(settles) / len(settles))} ms on average; {off} went other"
    ), summary
    look(page.locator("#motion"), "feel-panel.png")
    assert_no_violations(page, "feel panel")

    # The spacing changes (the session's config comes back): the scores on screen are another carousel's.
    set_range(page, "spacing", 30)
    page.wait_for_function("() => document.querySelector('#feel-summary').textContent.startsWith('The carousel changed')")
    # Scored again: the spacing moved the items, and with them the rows.
    page.get_by_role("button", name="Score feel", exact=True).click()
    page.wait_for_function("() => document.querySelector('#feel-summary').textContent.startsWith('23 recorded gestures')")
