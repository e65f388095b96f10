"""Every target's snippet of every preset, of the tuned strip the issue names (item width 110, three
a page (4 pt apart, so three fit), centred, rate 0.998, right to left; images contained, corners of 24 pt)
and of the edge settings passes its checker
(checkers.py); a snippet with one label misspelled fails it, so no checker passes everything.
"""

import json
import os
import pathlib
import subprocess

import checkers
import pytest

BIN = pathlib.Path(os.environ["CAROUSEL_PREVIEW_BIN"])
MODULES = BIN.parent / "Modules"  # CarouselCore, as the engine's snippet imports it

PRESETS = ["banner", "paged", "coverflow", "strip", "cards"]
EDGES = {
    "tuned-strip": ("strip", 12, {"itemWidth": 110, "spacing": 4, "itemsPerPage": 3, "align": "center", "decelerationRate": 0.998,
                                  "direction": "rtl", "imageFit": "contain", "cornerRadius": 24}),
    "free-vertical": ("strip", 8, {"axis": "vertical", "snapping": "free", "viewport": {"width": 320, "height": 560},
                                   "sideScale": 0.5, "rubberBand": 10, "decelerationRate": 0.9999999999999999}),
    "end-autoscroll": ("coverflow", 1, {"align": "end", "itemWidth": 200, "maxItemsPerFlick": 5, "springFrequency": 1,
                                        "autoscroll": {"enabled": True, "intervalMs": 0.5}, "loop": False}),
    # Strips Material 3's carousels hold: the Compose and Flutter files add them.
    "m3-strip": ("strip", 10, {"itemWidth": 140, "spacing": 12, "snapping": "free", "cornerRadius": 0.5}),
    "no-items-fast": ("banner", 0, {"decelerationRate": 1e-300, "springFrequency": 1000, "flickVelocity": 0, "spacing": 0,
                                    "inset": 0}),
}
CASES = PRESETS + list(EDGES)


def settings_text(case):
    if case in PRESETS:
        return None
    preset, items, changes = EDGES[case]
    config = {"preset": preset, **changes}
    return json.dumps({"format": "carousel-preview/settings", "version": 1, "config": config, "itemCount": items})


def write_snippets(case, folder):
    """The case's snippets, written by the command line into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    text = settings_text(case)
    if text is None:
        command = [str(BIN), "handover", "--preset", case, "--out", str(folder)]
    else:
        (folder.parent / f"{case}.json").write_text(text)
        command = [str(BIN), "handover", str(folder.parent / f"{case}.json"), "--out", str(folder)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return {path.name: path for path in folder.iterdir() if path.is_file()}


@pytest.fixture(scope="session")
def stub_modules(tmp_path_factory):
    folder = tmp_path_factory.mktemp("stub-modules")
    checkers.build_stub_modules(folder)
    return folder


@pytest.fixture(scope="session")
def snippets(tmp_path_factory):
    root = tmp_path_factory.mktemp("snippets")
    return {case: write_snippets(case, root / case) for case in CASES}


def test_every_target_writes_a_file(snippets):
    expected = {"TunedConfiguration.swift", "TunedCarousel.swift", "TunedCarouselLayout.swift", "TunedCarousel.kt",
                "tuned_carousel.dart", "tuned-carousel.swiper.js", "tuned-carousel.embla.js",
                "tuned-carousel.splide.js"}
    for case, files in snippets.items():
        assert expected <= set(files), f"{case}: {sorted(files)}"


@pytest.mark.parametrize("case", CASES)
def test_swift_snippets_typecheck(snippets, stub_modules, case):
    files = snippets[case]
    problems = [
        checkers.check_swift(files["TunedConfiguration.swift"], [MODULES]),
        checkers.check_swift(files["TunedCarousel.swift"], [stub_modules]),
        checkers.check_swift(files["TunedCarouselLayout.swift"], [stub_modules]),
    ]
    assert [p for p in problems if p] == []


@pytest.mark.parametrize("case", CASES)
def test_web_snippets_check(snippets, case):
    files = snippets[case]
    paths = [files[f"tuned-carousel.{name}.js"] for name in ("swiper", "embla", "splide")]
    assert checkers.check_web(paths) == []


@pytest.mark.parametrize("case", CASES)
def test_kotlin_and_dart_snippets_parse(snippets, case):
    files = snippets[case]
    assert checkers.check_parsed(files["TunedCarousel.kt"]) + checkers.check_parsed(files["tuned_carousel.dart"]) == []


def test_material_carousels_where_they_fit(snippets):
    """Material 3's carousels hold a horizontal strip without a loop, one item a page, several in
    view: the Compose and Flutter files add them there, and only there."""
    fits = {"end-autoscroll", "m3-strip"}
    for case, files in snippets.items():
        compose, flutter = files["TunedCarousel.kt"].read_text(), files["tuned_carousel.dart"].read_text()
        assert ("HorizontalUncontainedCarousel(" in compose) == (case in fits), case
        assert ("CarouselView(" in flutter) == (case in fits), case
    free = snippets["m3-strip"]
    assert "CarouselDefaults.noSnapFlingBehavior()" in free["TunedCarousel.kt"].read_text()
    assert "itemSnapping: false" in free["tuned_carousel.dart"].read_text()
    assert "itemExtent: 152" in free["tuned_carousel.dart"].read_text()


def test_every_framework_draws_the_items_fit_and_corners(snippets):
    """The image's fit and the corners' radius in each framework's own terms: the banner preset's
    cover and 14 pt, the tuned strip's contain and 24 pt."""
    expected = {
        "banner": ("cover", "14"),
        "tuned-strip": ("contain", "24"),
    }
    for case, (fit, radius) in expected.items():
        files = {name: path.read_text() for name, path in snippets[case].items()}
        cover = fit == "cover"
        assert f"aspectRatio(contentMode: .{'fill' if cover else 'fit'})" in files["TunedCarousel.swift"], case
        assert f".clipShape(RoundedRectangle(cornerRadius: {radius}))" in files["TunedCarousel.swift"], case
        uikit = files["TunedCarouselLayout.swift"]
        assert f"imageView.contentMode = .{'scaleAspectFill' if cover else 'scaleAspectFit'}" in uikit, case
        assert f"cell.contentView.layer.cornerRadius = {radius}" in uikit and "clipsToBounds = true" in uikit, case
        compose = files["TunedCarousel.kt"]
        assert f"ContentScale.{'Crop' if cover else 'Fit'}" in compose, case
        assert f".clip(RoundedCornerShape({radius}.dp))" in compose, case
        dart = files["tuned_carousel.dart"]
        assert f"BoxFit.{fit}" in dart and f"ClipRRect(borderRadius: BorderRadius.circular({radius})" in dart, case
        for name in ("swiper", "embla", "splide"):
            web = files[f"tuned-carousel.{name}.js"]
            assert f"border-radius: {radius}px; overflow: hidden;" in web and f"object-fit: {fit};" in web, (case, name)
    # Square corners are left to the frameworks' own square views.
    cards = snippets["cards"]["TunedCarousel.swift"].read_text()
    assert "clipShape" not in cards and "aspectRatio(contentMode: .fill)" in cards
    # Material 3's carousels take the corners as their items' shape.
    assert "maskClip(RoundedCornerShape(0.5.dp))" in snippets["m3-strip"]["TunedCarousel.kt"].read_text()
    assert "RoundedRectangleBorder(borderRadius: BorderRadius.circular(0.5))" in snippets["m3-strip"]["tuned_carousel.dart"].read_text()


# One label misspelled in a snippet that passes: each checker must fail it, naming the label.
BROKEN = [
    ("TunedCarousel.swift", "Stack(spacing:", "Stack(spacin:", "spacin"),
    ("TunedCarousel.swift", ".containerRelativeFrame(", ".containerRelativeFrames(", "containerRelativeFrames"),
    ("TunedCarouselLayout.swift", "repeatingSubitem:", "repeatingSubitems:", "repeatingSubitems"),
    ("TunedConfiguration.swift", "configuration.spacing", "configuration.spaceing", "spaceing"),
    ("tuned-carousel.splide.js", "flickPower:", "flickPowr:", "flickPowr"),
    ("tuned-carousel.swiper.js", "slidesPerGroup:", "slidesPerGroups:", "slidesPerGroups"),
    ("tuned-carousel.embla.js", "skipSnaps:", "skipSnap:", "skipSnap"),
    ("TunedCarousel.kt", "frictionMultiplier =", "frictionMultiplyer =", "frictionMultiplyer"),
    ("tuned_carousel.dart", "viewportFraction:", "viewportFractoin:", "viewportFractoin"),
    ("TunedCarousel.kt", "pageSpacing = ", "pageSpacing = = ", "does not parse"),
    ("tuned_carousel.dart", "padEnds: ", "padEnds: :", "does not parse"),
    ("TunedCarousel.swift", "contentMode: .fit", "contentMod: .fit", "contentMod"),
    ("TunedCarousel.swift", "RoundedRectangle(cornerRadius:", "RoundedRectangle(cornerRadus:", "cornerRadus"),
    ("TunedCarouselLayout.swift", ".scaleAspectFit", ".scaleAspectFits", "scaleAspectFits"),
    ("tuned_carousel.dart", "ClipRRect(borderRadius:", "ClipRRect(borderRadious:", "borderRadious"),
]


@pytest.mark.parametrize(("name", "right", "wrong", "named"), BROKEN)
def test_a_misspelled_label_fails_its_checker(snippets, stub_modules, tmp_path, name, right, wrong, named):
    source = snippets["tuned-strip"][name]
    text = source.read_text()
    assert right in text, f"{name} has no {right!r} to break"
    broken = tmp_path / name
    # The last one: the header's notes come first and may name the same option in a comment.
    at = text.rindex(right)
    broken.write_text(text[:at] + wrong + text[at + len(right):])
    if name.endswith(".swift"):
        modules = [MODULES] if name == "TunedConfiguration.swift" else [stub_modules]
        problems = [checkers.check_swift(broken, modules)]
    elif name.endswith(".js"):
        problems = checkers.check_web([broken])
    else:
        problems = checkers.check_parsed(broken)
    problems = [p for p in problems if p]
    assert problems, f"{name} with {wrong!r} passed its checker"
    assert named in "\n".join(problems)
