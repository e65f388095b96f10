"""docs/guide/regression-tests.md's "Writing a headless test" example, run exactly as written against the test server."""

import os
import re
import subprocess
import sys

from conftest import ROOT

PYTHON = ROOT / ".venv" / "bin" / "python"


def documented_example():
    """The one Python block of docs/guide/regression-tests.md's "Writing a headless test" section."""
    text = (ROOT / "docs" / "guide" / "regression-tests.md").read_text()
    heading = "\n## Writing a headless test\n"
    assert heading in text, "docs/guide/regression-tests.md has no 'Writing a headless test' section"
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```python\n(.*?)^```$", section, re.DOTALL | re.MULTILINE)
    assert len(blocks) == 1, f"expected one python block in the section, found {len(blocks)}"
    return blocks[0]


def test_protocol_example_runs_green(server, tmp_path):
    script = tmp_path / "headless_example.py"
    script.write_text(documented_example())
    python = str(PYTHON) if PYTHON.exists() else sys.executable
    result = subprocess.run(
        [python, str(script)],
        env={**os.environ, "PORT": str(server.port)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout}\n{result.stderr}"
    assert result.stdout.startswith("ok:"), result.stdout
