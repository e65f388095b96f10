"""The option declarations (types/) hold the libraries' real options and no index signature: a web
file that sets an option its library removed fails tsc, as it would against the library's own types
with their index signatures taken away. Each case writes the preset's file with one removed option
added to its options object; the file as written passes (test_handover.py)."""

import os
import pathlib
import subprocess

import checkers
import pytest

BIN = pathlib.Path(os.environ["CAROUSEL_PREVIEW_BIN"])

REMOVED = {
    # Splide: gone in v3; v4 reads a flick from its velocity and flickPower alone.
    "splide": "  flickVelocityThreshold: 0.3,",
    # Swiper: `freeModeMomentumRatio` and the other flat free-mode names went in v7 (`freeMode: {...}`).
    "swiper": "  freeModeMomentumRatio: 0.5,",
    # Embla: `speed` went in v8 (`duration`).
    "embla": "  speed: 10,",
}


@pytest.mark.parametrize("library", sorted(REMOVED))
def test_a_removed_option_fails_tsc(tmp_path, library):
    done = subprocess.run([str(BIN), "handover", "--preset", "strip", "--target", library], capture_output=True,
                          text=True, timeout=60, check=True)
    assert checkers.check_web(_written(tmp_path / "as-written", library, done.stdout)) == []
    lines = done.stdout.splitlines()
    opening = lines.index("const options = {")
    tampered = "\n".join(lines[: opening + 1] + [REMOVED[library]] + lines[opening + 1:]) + "\n"
    problems = checkers.check_web(_written(tmp_path / "tampered", library, tampered))
    name = REMOVED[library].split(":")[0].strip()
    assert any(name in problem for problem in problems), problems


def _written(folder, library, code):
    folder.mkdir()
    path = folder / f"tuned-carousel.{library}.js"
    path.write_text(code)
    return [path]
