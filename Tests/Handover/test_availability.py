"""The SwiftUI and UIKit files are checked for iOS 16 against stubs that carry Apple's availability:
an iOS 17 (or 18) call made without `@available` / `if #available` fails, so the files' guards are
proved, not assumed. Each case takes a file that passes and takes one guard away."""

import checkers
import pytest
from test_handover import snippets, stub_modules  # noqa: F401  (fixtures)

UNGUARDED = [
    # The SwiftUI carousel states iOS 17 as its minimum: without it, iOS 17's scroll targets fail.
    ("strip", "TunedCarousel.swift", "@available(iOS 17.0, *)\nstruct", "struct",
     "is only available in iOS 17.0 or newer"),
    # iOS 18's limit behaviour, called where iOS 17 is all that is known.
    ("banner", "TunedCarousel.swift", "if #available(iOS 18.0, *) {", "if true {",
     "'alwaysByOne' is only available in iOS 18.0 or newer"),
    # UIKit's file runs on iOS 16: the section's iOS 17 properties only behind their guard.
    ("strip", "TunedCarouselLayout.swift", "if #available(iOS 17.0, *) {", "do {",
     "'orthogonalScrollingProperties' is only available in iOS 17.0 or newer"),
]


@pytest.mark.parametrize(("case", "name", "guarded", "unguarded", "complaint"), UNGUARDED)
def test_an_unguarded_newer_call_fails_for_ios_16(snippets, stub_modules, tmp_path, case, name, guarded,  # noqa: F811
                                                  unguarded, complaint):
    source = snippets[case][name]
    assert checkers.check_swift_ios(source, stub_modules) is None, f"{case} {name} should pass as written"
    text = source.read_text()
    assert guarded in text, f"{case} {name} has no {guarded!r}"
    broken = tmp_path / name
    broken.write_text(text.replace(guarded, unguarded))
    problem = checkers.check_swift_ios(broken, stub_modules)
    assert problem is not None and complaint in problem, problem
