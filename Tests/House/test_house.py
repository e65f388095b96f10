"""The house rules a reviewer would otherwise check by hand: small files, one Swift file for each C
library, links that resolve, a short README. Which code may use which is the compiler's: each
concern is a SwiftPM target (Package.swift), and a target sees only what it depends on."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LONGEST_FILE = 300


def test_no_source_or_page_module_is_over_300_lines():
    files = [*(ROOT / "Sources").rglob("*.swift"), *(ROOT / "public" / "js").rglob("*.js")]
    assert len(files) > 100
    long = sorted((len(path.read_text().splitlines()), str(path.relative_to(ROOT))) for path in files)
    over = [f"{path}: {count} lines" for count, path in long if count > LONGEST_FILE]
    assert not over, f"split these by concern (at most {LONGEST_FILE} lines): {over}"


# Each C library has exactly one Swift file that imports it; its shim header names that file.
C_IMPORTERS = {
    "CLibWebSockets": "Sources/PreviewServer/Transport/LibWebSockets.swift",
    "CQREncode": "Sources/PreviewServer/QR/QRCode.swift",
    "CCairo": "Sources/PreviewRender/Drawing/Canvas.swift",
    "CPango": "Sources/PreviewRender/Drawing/TextLayouts.swift",
    "CWebP": "Sources/PreviewRender/Encoding/WebPAnimation.swift",
    "CGIF": "Sources/PreviewRender/Encoding/GIFAnimation.swift",
}


def test_exactly_one_swift_file_talks_to_each_c_library():
    modules = sorted(path.parent.name for path in (ROOT / "Sources").glob("C*/module.modulemap"))
    assert modules == sorted(C_IMPORTERS), "every C module has its one importer named here"
    sources = {path: path.read_text() for path in (ROOT / "Sources").rglob("*.swift")}
    for module, importer in C_IMPORTERS.items():
        importers = sorted(
            str(path.relative_to(ROOT))
            for path, text in sources.items()
            if re.search(rf"^import {module}$", text, re.MULTILINE)
        )
        assert importers == [importer], (module, importers)


def test_a_test_reaches_into_only_its_own_target():
    """`@testable` opens a target's internals to its own tests (Tests/XTests for X); another target's
    tests use what it offers as a client would, so a cut between targets stays one the compiler keeps."""
    files = sorted((ROOT / "Tests").glob("*Tests/**/*.swift"))
    assert len(files) > 100
    reaching = []
    for path in files:
        own = path.relative_to(ROOT / "Tests").parts[0].removesuffix("Tests")
        for module in re.findall(r"^@testable import (\w+)$", path.read_text(), re.MULTILINE):
            if module != own:
                reaching.append(f"{path.relative_to(ROOT)}: @testable import {module}")
    assert not reaching, reaching


def test_make_test_long_runs_again_exactly_the_suites_whose_length_scales():
    """`make test-long` runs only the Swift suites that call TestLength.pick (the rest would run as
    `make test` ran them): its filter must name each such suite, so none is left at its short length."""
    scaling = set()
    for path in (ROOT / "Tests").glob("*Tests/**/*.swift"):
        suite = None
        for line in path.read_text().splitlines():
            declared = re.match(r"(?:@\w+(?:\(.*\))?\s+)*(?:final\s+)?(?:struct|class|enum|extension)\s+(\w+)", line)
            if declared:
                suite = declared.group(1)
            if "TestLength.pick" in line:
                scaling.add(suite)
    listed = re.search(r"^LONG_SWIFT_SUITES = (.+)$", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert listed and len(scaling) >= 5
    assert set(listed.group(1).split("|")) == scaling


def test_every_relative_link_in_the_docs_resolves():
    """A doc moved or renamed leaves no reader at a dead link (README, docs/, folder READMEs)."""
    pages = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "Sources").rglob("README.md")]
    dead = []
    for page in pages:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text()):
            path = target.split("#", 1)[0]
            if not path or re.match(r"^[a-z]+:", path):
                continue
            if not (page.parent / path).exists():
                dead.append(f"{page.relative_to(ROOT)}: {target}")
    assert len(pages) >= 10
    assert not dead, dead


README_LONGEST = 150


def test_the_readme_is_short_and_names_every_source_folder():
    """The README is a front page (at most 150 lines; what is long lives in docs/ and is linked), and its
    repository table names every folder under Sources/ (a `Sources/C*` row stands for the C modules)."""
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= README_LONGEST, len(readme.splitlines())
    table = readme.split("## The repository", 1)[1]
    named = set(re.findall(r"`Sources/([\w-]+)`", table))
    c_modules_row = "`Sources/C*`" in table
    unnamed = [
        folder.name
        for folder in sorted((ROOT / "Sources").iterdir())
        if folder.is_dir() and folder.name not in named
        and not (c_modules_row and folder.name[0] == "C" and folder.name[1].isupper())
    ]
    assert not unnamed, f"README's repository table leaves out Sources/{unnamed}"


def test_the_fuzzer_seeds_are_what_the_seed_script_writes():
    """The seeds name their opcodes and fields through the fuzzer's own table and the server's
    schema: a change to either that moves a byte makes this fail until the seeds are written again."""
    import subprocess
    import sys

    checked = subprocess.run([sys.executable, str(ROOT / "Fuzz" / "sequence_seeds.py"), "--check"], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr + checked.stdout


def test_browser_tests_open_their_own_websockets_through_one_helper():
    """A test's own WebSocket comes from Tests/Browser/sockets.py, which keeps every message: a
    socket opened with the library's bounded queue and never read closes only after 10 s (two tests
    lost 20 s so)."""
    helper = ROOT / "Tests" / "Browser" / "sockets.py"
    direct = [
        path.name
        for path in (ROOT / "Tests" / "Browser").glob("*.py")
        if path != helper and re.search(r"websockets\.sync\.client import|websockets\.connect\(", path.read_text())
    ]
    assert direct == [], direct


def test_the_engine_module_doc_names_every_export_and_no_other():
    """docs/engine-module.md's tables are the page's reference to the module: an export added or
    removed in Sources/CarouselWasm must be said there too."""
    exported = set()
    for path in (ROOT / "Sources/CarouselWasm").glob("*.swift"):
        exported |= set(re.findall(r'@_expose\(wasm, "(cp_\w+)"\)', path.read_text()))
    doc = (ROOT / "docs/engine-module.md").read_text()
    named = set(re.findall(r"`(cp_\w+)\(", doc))
    assert exported, "no exports found"
    assert exported - named == set(), "exports the doc does not name"
    assert named - exported == set(), "the doc names exports the module does not have"
