"""The parity run's parts that need no library (parity/, README there): without LIBS it says so and
exits 0, every corpus take is driven (the wheel and trackpad takes too), and the preview's side of a
take rests where the engine does: a banner flick of 1,000 px/s one item on, at the inset, settled
within the spring's time; the tuned strip's page centred; three wheel notches one item on, settled
after the wheel's quiet time ended its gesture; notches outward at a strip's start not moving it."""

import os
import pathlib
import subprocess
import sys

PARITY = pathlib.Path(__file__).parent / "parity"
sys.path.insert(0, str(PARITY))

from parity import CONFIGURATIONS, CORPUS, takes  # noqa: E402
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


def test_every_corpus_take_is_driven_the_wheel_ones_too():
    driven = {file.stem for file, _ in takes([])}
    assert driven == {file.stem for file in CORPUS.glob("*.json")}
    assert {"wheel-notches-next", "wheel-notches-back", "trackpad-swipe-next", "trackpad-swipe-back"} <= driven


def test_the_preview_side_of_a_wheel_take_rests_where_the_engine_does():
    preset, changes, shape = CONFIGURATIONS["banner"]
    outcome = preview_outcome(BIN, CORPUS / "wheel-notches-next.json", preset, changes, {**shape, "width": 375})
    assert (outcome.item, outcome.offset) == (1, 16)
    assert 0 < outcome.settle_ms < 500
    # The last notch's own time plus the quiet time (150 ms) that ended the gesture.
    assert outcome.released_at == 1292.699999999255 + 150
    preset, changes, shape = CONFIGURATIONS["strip"]
    outcome = preview_outcome(BIN, CORPUS / "wheel-notches-back.json", preset, changes, {**shape, "width": 375})
    assert (outcome.item, outcome.offset, outcome.settle_ms, outcome.released_at) == (0, 16, 0, None)
