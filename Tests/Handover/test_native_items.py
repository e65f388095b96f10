"""The native files carry the session's items and a view for its template: for the banner, product
and text templates, each SwiftUI/UIKit file typechecks for iOS 16 against the stubs and each Kotlin
and Dart file parses with every named argument documented, and every file names every item's title
and image as its language writes them."""

import json
import pathlib
import subprocess

import checkers
import pytest
from test_handover import BIN, stub_modules  # noqa: F401  (a fixture)

PUBLIC = pathlib.Path(__file__).resolve().parents[2] / "public"
TEMPLATES = {
    "banner": {"preset": "banner"},
    "product": {"preset": "strip", "template": "product", "content": "products", "itemWidth": 150, "itemsPerPage": 2},
    "text": {"preset": "strip", "template": "text", "direction": "rtl", "align": "center", "itemWidth": 200},
}
VIEWS = {"TunedCarousel.swift": "struct TunedCarouselItemView", "TunedCarouselLayout.swift": "final class TunedCarouselCell",
         "TunedCarousel.kt": "fun TunedCarouselItemView", "tuned_carousel.dart": "class TunedCarouselItemView"}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    root = tmp_path_factory.mktemp("native-items")
    made = {}
    for template, config in TEMPLATES.items():
        settings = {"format": "carousel-preview/settings", "version": 1, "config": config, "itemCount": 6}
        (root / f"{template}.json").write_text(json.dumps(settings))
        made[template] = write_snippets_from(root, template)
    return made


def write_snippets_from(root, template):
    """The template's files, with the bundled images from the repository's public/."""
    out = root / template
    done = subprocess.run([str(BIN), "handover", str(root / f"{template}.json"), "--out", str(out), "--public", str(PUBLIC)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return {path.name: path for path in out.iterdir() if path.is_file()}


@pytest.mark.parametrize("template", TEMPLATES)
def test_each_native_file_carries_the_items_and_the_template_view(files, stub_modules, template):  # noqa: F811
    made = files[template]
    problems = [checkers.check_swift_ios(made[name], stub_modules) for name in ("TunedCarousel.swift", "TunedCarouselLayout.swift")]
    problems += checkers.check_parsed(made["TunedCarousel.kt"]) + checkers.check_parsed(made["tuned_carousel.dart"])
    assert [p for p in problems if p] == []
    for name, view in VIEWS.items():
        text = made[name].read_text()
        assert view in text and "TunedCarouselItem(" in text, (template, name)
        assert f"(template {template})" in text, (template, name)
        assert "TunedCarouselScreen" in text or "TunedCarouselViewController" in text, (template, name)
    # Every image of the folder is named by each file: Swift by asset name, Kotlin and Dart by file.
    images = sorted(path.name for path in (made["TunedCarousel.kt"].parent / "images").iterdir())
    assert images, template
    for image in images:
        asset = image.rsplit(".", 1)[0]
        assert f'imageName: "{asset}"' in made["TunedCarousel.swift"].read_text()
        assert f'imageName: "{asset}"' in made["TunedCarouselLayout.swift"].read_text()
        assert f'image = "{image}"' in made["TunedCarousel.kt"].read_text()
        assert f"image: '{image}'" in made["tuned_carousel.dart"].read_text()
