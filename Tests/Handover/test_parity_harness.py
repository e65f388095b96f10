"""The parity run's parts that need no library (parity/, README there): without LIBS it says so and
exits 0, and the preview's side of a take rests where the engine does: a banner flick of 1,000 px/s
one item on, at the inset, settled within the spring's time; the tuned strip's page centred."""

import os
import pathlib
import subprocess
import sys

PARITY = pathlib.Path(__file__).parent / "parity"
sys.path.insert(0, str(PARITY))

from parity import CONFIGURATIONS, CORPUS  # noqa: E402
from preview import preview_outcome  # noqa: E402

BIN = os.environ["CAROUSEL_PREVIEW_BIN"]


def test_without_libraries_it_says_so_and_passes():
    done = subprocess.run([sys.executable, str(PARITY / "parity.py"), "--bin", BIN], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and "skipped" in done.stdout, done.stdout + done.stderr
    done = subprocess.run([sys.executable, str(PARITY / "parity.py"), "--bin", BIN, "--libs", "/nonexistent"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "skipped" in done.stdout, done.stdout + done.stderr


def test_the_preview_side_rests_where_the_engine_does():
    preset, changes, shape = CONFIGURATIONS["banner"]
    outcome = preview_outcome(BIN, CORPUS / "flick-1000-next.json", preset, changes, {**shape, "width": 375})
    assert (outcome.item, outcome.offset) == (1, 16)
    assert 0 < outcome.settle_ms < 500
    preset, changes, shape = CONFIGURATIONS["tuned"]
    outcome = preview_outcome(BIN, CORPUS / "gentle-swipe-short.json", preset, changes, {**shape, "width": 375})
    assert (outcome.item, outcome.offset) == (1, 137.5)  # item 1 of the page 0-2 centred: (375 - 100) / 2
