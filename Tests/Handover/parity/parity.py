"""`make handover-parity LIBS=DIR`: each web handover file of four configurations run in Chromium
against the real library built in DIR (build_libs.sh), beside the preview's engine, over the pointer
and wheel takes of the gesture corpus; the table of where each came to rest goes into
docs/reference/frameworks-parity.md (which frameworks.md links). Without the libraries it says so
and exits 0. Exit 1 when a library rests on another item than the preview, or more than 1 px off.

Usage: parity.py --bin carousel-preview --libs DIR [--doc FILE] [--only NAME] [--takes a,b]"""

import argparse
import datetime
import json
import pathlib
import subprocess
import sys
import tempfile

from library import Site, library_outcome
from preview import input_steps, preview_outcome

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPUS = ROOT / "public" / "corpus"
LIBRARIES = ["swiper", "embla", "splide"]
NAMES = {"swiper": "Swiper", "embla": "Embla", "splide": "Splide"}
# The configurations: preset, changes, and the layout's shape the rest is measured by (outcome.py).
CONFIGURATIONS = {
    "banner": ("banner", {}, {"align": "start", "inset": 16, "direction": "ltr"}),
    "paged": ("paged", {}, {"align": "start", "inset": 0, "direction": "ltr"}),
    "strip": ("strip", {}, {"align": "start", "inset": 16, "direction": "ltr"}),
    "tuned": ("strip", {"snapping": "free", "direction": "rtl", "align": "center", "itemsPerPage": 3,
                        "itemWidth": 100, "decelerationRate": 0.95},
              {"align": "center", "inset": 16, "direction": "rtl"}),
}


def handover_files(binary, preset, changes, folder):
    settings = {"format": "carousel-preview/settings", "version": 1, "config": {"preset": preset, **changes},
                "itemCount": 5}
    path = folder / "settings.json"
    path.write_text(json.dumps(settings))
    subprocess.run([binary, "handover", str(path), "--public", str(ROOT / "public"), "--out", str(folder)], check=True,
                   capture_output=True)
    return {library: (folder / f"tuned-carousel.{library}.js").read_text() for library in LIBRARIES}


def takes(only):
    files = sorted(CORPUS.glob("*.json"))
    chosen = []
    for file in files:
        recording = json.loads(file.read_text())
        if input_steps(recording) and (not only or file.stem in only):
            chosen.append((file, recording))
    return chosen


def versions(libs):
    return {library: (pathlib.Path(libs) / library / "VERSION").read_text().split()[0] for library in LIBRARIES}


def measure(arguments):
    from playwright.sync_api import sync_playwright

    rows = []
    site = Site(arguments.libs)
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as scratch:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for name, (preset, changes, shape) in CONFIGURATIONS.items():
            if arguments.only and name not in arguments.only:
                continue
            shape = {**shape, "width": 375}
            folder = pathlib.Path(scratch) / name
            folder.mkdir()
            files = handover_files(arguments.bin, preset, changes, folder)
            for file, recording in takes(arguments.takes):
                reference = preview_outcome(arguments.bin, file, preset, changes, shape)
                row = {"configuration": name, "take": file.stem, "preview": reference}
                for library in LIBRARIES:
                    row[library] = library_outcome(browser, site, library, files[library], input_steps(recording), shape,
                                                     reference.released_at)
                rows.append(row)
                print(format_row(row), flush=True)
        browser.close()
    site.close()
    return rows


def cell(outcome, reference=None):
    settle = "-" if outcome.settle_ms is None else f"{outcome.settle_ms:.0f}"
    text = f"{outcome.item} @ {outcome.offset:.1f} px, {settle} ms"
    if reference is not None and not agrees(outcome, reference):
        text = f"**{text}**"
    return text


def agrees(outcome, reference):
    return outcome.item == reference.item and abs(outcome.offset - reference.offset) <= 1


def format_row(row):
    return " | ".join([row["configuration"], row["take"], cell(row["preview"])]
                      + [cell(row[library], row["preview"]) for library in LIBRARIES])


def table(rows, libs):
    found = versions(libs)
    date = datetime.date.today().isoformat()
    lines = [
        "# The web handovers against the real libraries",
        "",
        f"Measured {date} by `make handover-parity LIBS=DIR` (Tests/Handover/parity/README.md) in Chromium: "
        + ", ".join(f"{NAMES[library]} {found[library]}" for library in LIBRARIES)
        + ". Each cell: the item at rest @ its leading edge from the viewport's leading side, px, and the time from"
        " the last release to rest, ms. **Bold**: another item than the preview's, or more than 1 px off.",
        "",
        "| configuration | take | preview | " + " | ".join(NAMES[library] for library in LIBRARIES) + " |",
        "| --- | --- | --- | " + " | ".join("---" for _ in LIBRARIES) + " |",
    ]
    for row in rows:
        lines.append("| " + format_row(row) + " |")
    agreeing = {library: sum(agrees(row[library], row["preview"]) for row in rows) for library in LIBRARIES}
    lines += ["", "Rests where the preview rests: " + ", ".join(
        f"{NAMES[library]} {agreeing[library]} of {len(rows)}" for library in LIBRARIES) + "."]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--libs", default="")
    parser.add_argument("--doc", default=str(ROOT / "docs" / "reference" / "frameworks-parity.md"))
    parser.add_argument("--only", default="", help="configurations, comma-separated")
    parser.add_argument("--takes", default="", help="corpus takes (file stems), comma-separated")
    arguments = parser.parse_args()
    arguments.only = [name for name in arguments.only.split(",") if name]
    arguments.takes = [name for name in arguments.takes.split(",") if name]
    libs = pathlib.Path(arguments.libs) if arguments.libs else None
    if libs is None or not all((libs / library / "VERSION").is_file() for library in LIBRARIES):
        print("handover-parity: no libraries (LIBS=DIR, built by Tests/Handover/parity/build_libs.sh DIR): skipped")
        return 0
    rows = measure(arguments)
    if not arguments.only and not arguments.takes:
        pathlib.Path(arguments.doc).write_text(table(rows, libs))
        print(f"wrote {arguments.doc}")
    apart = [row for row in rows for library in LIBRARIES if not agrees(row[library], row["preview"])]
    return 1 if apart else 0


if __name__ == "__main__":
    sys.exit(main())
