"""Feel of A and B (comparefeel.js): in a comparison, Score feel has each pane score its carousel
over the server's recorded gestures and shows them side by side; A's numbers are the committed
baseline's for the banner preset and B's for the paged one; a cell of B that differs from A is
marked; a change in a pane makes its scores stale; axe finds nothing to fix."""

import json
from pathlib import Path

from page_helpers import look, new_session
from test_axe import assert_no_violations
from test_compare import compare_url, open_compare, pane_frame
from test_feel_panel import shown
from test_share_export import set_range

BASELINE = Path(__file__).resolve().parents[1] / "Fixtures" / "feel-baseline.json"


def baseline(preset):
    reports = json.loads(BASELINE.read_text())["reports"]
    return next(report for report in reports if report["settings"] == f"preset {preset}")["gestures"]


def measures(gesture):
    return [
        shown(gesture["movedItems"]),
        shown(gesture["settleMs"]),
        shown(gesture["overshoot"], 1),
        shown(gesture["jerk"], 1),
        shown(gesture["restOffGrid"], 1),
    ]


def test_both_sides_scored_side_by_side_with_differences_marked(server, browser):
    errors = []
    a, b = f"session={new_session('fa')}&preset=banner", f"session={new_session('fb')}&preset=paged"
    page = open_compare(browser, compare_url(server, a, b), errors)
    section = page.locator("#compare-feel")
    section.scroll_into_view_if_needed()
    section.get_by_role("button", name="Score feel").click()
    page.wait_for_function("() => !document.querySelector('#compare-feel-table-wrap').hidden")
    heads = page.eval_on_selector_all("#compare-feel-table thead th", "cells => cells.map(c => c.textContent)")
    assert heads == [
        "gesture",
        "moved A",
        "moved B",
        "settle ms A",
        "settle ms B",
        "overshoot A",
        "overshoot B",
        "jerk A",
        "jerk B",
        "off grid A",
        "off grid B",
    ]
    rows = page.eval_on_selector_all(
        "#compare-feel-table tbody tr", "rows => rows.map(r => [...r.children].map(c => c.textContent))"
    )
    banner, paged = baseline("banner"), {g["gesture"]: g for g in baseline("paged")}
    assert len(rows) == len(banner) == 23
    for row, gesture in zip(rows, banner, strict=True):
        ours, theirs = measures(gesture), measures(paged[gesture["gesture"]])
        interleaved = [value for pair in zip(ours, theirs, strict=True) for value in pair]
        assert row == [gesture["gesture"], *interleaved], row
    # B's cells that differ from A's are marked, and only those.
    marked = page.eval_on_selector_all("#compare-feel-table td.differs", "cells => cells.length")
    expected = sum(
        1 for gesture in banner for x, y in zip(measures(gesture), measures(paged[gesture["gesture"]]), strict=True) if x != y
    )
    assert marked == expected > 0
    assert page.text_content("#compare-feel-a").startswith("A: 23 recorded gestures")
    assert page.text_content("#compare-feel-b").startswith("B: 23 recorded gestures")
    look(section, "compare-feel.png")
    assert_no_violations(page, "compare feel")

    # B's spacing changes in its pane: B's scores are stale, A's stand.
    set_range(pane_frame(page, "B"), "spacing", 30)
    page.wait_for_function("() => document.querySelector('#compare-feel-b').textContent.includes('changed since')")
    assert page.text_content("#compare-feel-a").startswith("A: 23 recorded gestures")
    assert errors == []
