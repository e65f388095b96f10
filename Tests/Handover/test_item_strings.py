"""Any title a viewer types reaches every file as itself: own items whose words hold quotes, a
backslash, `$` and `${`, `</script>`, comment marks, an emoji and right-to-left text are written
into every framework's file; the JavaScript files' items read back equal in node, the SwiftUI
file's in a Swift program built from its item list, and the Kotlin and Dart files parse cleanly."""

import json
import pathlib
import re
import subprocess

import checkers
import pytest
from test_handover import BIN

PUBLIC = pathlib.Path(__file__).resolve().parents[2] / "public"
WORDS = ['Say "hi" \\ it\'s $5', "</script><b>${x}</b>", "*/ /* // '''", "😀 مرحبا", "a$b\\$c\\u0041"]


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    root = tmp_path_factory.mktemp("item-strings")
    items = [{"id": f"i{n}", "title": word, "subtitle": WORDS[(n + 1) % len(WORDS)], "price": WORDS[(n + 2) % len(WORDS)],
              "badge": WORDS[(n + 3) % len(WORDS)]} for n, word in enumerate(WORDS)]
    settings = {"format": "carousel-preview/settings", "version": 1,
                "config": {"preset": "strip", "content": "own", "template": "product"},
                "itemCount": len(items), "items": items}
    (root / "own.json").write_text(json.dumps(settings))
    done = subprocess.run([str(BIN), "handover", str(root / "own.json"), "--out", str(root / "out"), "--public",
                           str(PUBLIC)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return {path.name: path for path in (root / "out").iterdir() if path.is_file()}, items


def expected_words(items):
    return [[item["title"], item["subtitle"], item["price"], item["badge"]] for item in items]


@pytest.mark.parametrize("name", ["tuned-carousel.swiper.js", "tuned-carousel.embla.js", "tuned-carousel.splide.js"])
def test_the_web_files_items_read_back_in_node(made, name):
    files, items = made
    text = files[name].read_text()
    literal = re.search(r"^const items = (\[.*?^\]);", text, re.S | re.M)
    assert literal, f"{name} has no `const items = [...]`"
    script = f"const items = {literal.group(1)};\nprocess.stdout.write(JSON.stringify(items.map((i) => [i.title, i.subtitle, i.price, i.badge])));"
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == expected_words(items)
    assert "</script>" not in literal.group(1), "a title could end an inline script"


def test_the_swiftui_files_items_read_back_in_swift(made, tmp_path):
    files, items = made
    text = files["TunedCarousel.swift"].read_text()
    model = re.search(r"^struct TunedCarouselItem: Identifiable \{.*?^\}", text, re.S | re.M)
    values = re.search(r"^let tunedCarouselItems: \[TunedCarouselItem\] = \[.*?^\]", text, re.S | re.M)
    assert model and values
    program = tmp_path / "main.swift"
    program.write_text(model.group(0) + "\n" + values.group(0) + "\n" +
                       "for item in tunedCarouselItems { for word in [item.title, item.subtitle, item.price, item.badge] "
                       "{ print(Array(word.unicodeScalars).map { String($0.value) }.joined(separator: \",\")) } }\n")
    binary = tmp_path / "items"
    built = subprocess.run(["swiftc", "-swift-version", "5", str(program), "-o", str(binary)], capture_output=True,
                           text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    lines = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60, check=True).stdout.splitlines()
    words = ["".join(chr(int(code)) for code in line.split(",") if code) for line in lines]
    assert words == [word for row in expected_words(items) for word in row]


def test_the_kotlin_and_dart_files_parse_with_every_word(made):
    files, _ = made
    assert checkers.check_parsed(files["TunedCarousel.kt"]) == []
    assert checkers.check_parsed(files["tuned_carousel.dart"]) == []
