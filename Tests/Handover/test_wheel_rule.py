"""Each web file takes a wheel as the preview does (WebWheelRule): its rule, run in Node on a stand-in
carousel (a root whose slides sit where the rule last put the content), rests where the engine rests
(`carousel-preview replay`, parity/preview.py) for the corpus's wheel and trackpad takes and a few
sequences of our own (a lone notch, a trackpad's tail alone, a turn, a fast swipe, a stream that never
rises past its first event), on banner, paged, strip and the tuned strip, within 1 px. A file without
the rule fails."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

PARITY = pathlib.Path(__file__).parent / "parity"
sys.path.insert(0, str(PARITY))

from parity import CONFIGURATIONS, CORPUS, LIBRARIES, handover_files  # noqa: E402
from preview import preview_outcome  # noqa: E402

BIN = os.environ["CAROUSEL_PREVIEW_BIN"]
CORPUS_TAKES = ["wheel-notches-next", "wheel-notches-back", "trackpad-swipe-next", "trackpad-swipe-back"]
# Sequences of (dx, ms since the one before): one notch; an inertial tail alone (swallowed); two notches
# on and two back (a turn ends the first gesture); a fast trackpad swipe that rises and decays; a stream
# that never rises past its first event.
SEQUENCES = {
    "lone-notch": [(100, 0)],
    "tail-alone": [(20, 0), (15, 16), (10, 16), (5, 16)],
    "turn": [(100, 0), (100, 60), (-100, 60), (-100, 60)],
    "fast-swipe": [(10, 0), (30, 8), (60, 8), (80, 8), (60, 8), (30, 8), (10, 8)],
    # Never stronger than its first event: its decay settles on the nearest snap point, not a release.
    "flat-decay": [(30, 0), (30, 16), (30, 16), (25, 16), (20, 16), (15, 16)],
}

# Runs the file's rule (from `const rule =` to its first call, and the wheel rule to its call) on a
# stand-in root: each slide's edge is where the content's position puts it, in every reading direction.
HARNESS = """
const listeners = {};
let now = 0;
let timers = [];
globalThis.window = {
  addEventListener: () => {},
  setTimeout: (callback, ms) => { timers.push({ at: now + ms, callback }); return timers.length; },
};
globalThis.clearTimeout = (id) => { if (timers[id - 1]) timers[id - 1].callback = null; };
globalThis.queueMicrotask = () => {};
let position = 0;
const box = { left: 0, right: 1000, top: 0 };
const root = {
  clientWidth: 1000,
  addEventListener: (type, listener) => { listeners[type] = listener; },
  getBoundingClientRect: () => box,
  querySelectorAll: () => {
    const slides = [];
    for (let lap = -1; lap <= 1; lap += 1) {
      for (let item = 0; item < rule.count; item += 1) {
        const edge = rule.snapLine - (position - (item + lap * rule.count) * rule.pitch);
        slides.push({ getAttribute: () => String(item), getBoundingClientRect: () => ({ left: edge, right: 1000 - edge, top: edge }) });
      }
    }
    return slides;
  },
};
function runTimers(until) {
  for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
    if (timer.callback && timer.at <= until) {
      now = timer.at;
      const callback = timer.callback;
      timer.callback = null;
      callback();
    }
  }
  now = until;
}
followWheel(/** @type {any} */ (root), (target) => { position = target; });
const results = {};
for (const [name, events] of Object.entries(SEQUENCES)) {
  position = 0;
  moving = { target: 0, until: -Infinity };
  for (const [dx, t] of events) {
    runTimers(t);
    const along = rule.vertical ? 'deltaY' : 'deltaX';
    listeners.wheel({ deltaX: 0, deltaY: 0, [along]: dx, deltaMode: 0, ctrlKey: false, shiftKey: false, timeStamp: t,
      preventDefault: () => {} });
  }
  runTimers(now + 10000);
  now += 20000;
  results[name] = position;
}
console.log(JSON.stringify({ pitch: rule.pitch, snapLine: rule.snapLine, count: rule.count, loop: rule.loop, results }));
"""


def rule_code(text):
    """The file's release and wheel rules, without the calls that hand them the library."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("const rule = "))
    releases = next(i for i, line in enumerate(lines) if line.startswith("followReleases("))
    wheel = next(i for i, line in enumerate(lines) if line.startswith("// The preview's wheel rule"))
    call = next(i for i, line in enumerate(lines) if line.startswith("followWheel(root"))
    return "\n".join(lines[start:releases] + lines[wheel:call])


def recorded_sequences():
    """The corpus takes' wheel events and ours, as (dx, dy, t): ours as dx along a horizontal axis."""
    sequences = {}
    for name in CORPUS_TAKES:
        steps = json.loads((CORPUS / f"{name}.json").read_text())["steps"]
        messages = [step["message"] for step in steps if step.get("message", {}).get("type") == "wheel"]
        sequences[name] = [(message["dx"], message["t"] - messages[0]["t"]) for message in messages]
    for name, events in SEQUENCES.items():
        t = 0.0
        sequences[name] = []
        for dx, gap in events:
            t += gap
            sequences[name].append((dx, t))
    return sequences


def take_of(events, folder, name):
    """A corpus recording of `events` (dx, t): the notches take with its wheel messages replaced."""
    recording = json.loads((CORPUS / "wheel-notches-next.json").read_text())
    first = next(step for step in recording["steps"] if "message" in step)
    steps = []
    for seq, (dx, t) in enumerate(events, start=2):
        message = {**first["message"], "dx": dx, "dy": 0, "t": first["message"]["t"] + t,
                   "at": first["message"]["at"] + t, "seq": seq}
        steps.append({"atNs": first["atNs"] + int(t * 1e6), "client": 1, "message": message})
    recording["steps"] = steps
    path = folder / f"{name}.json"
    path.write_text(json.dumps(recording))
    return path


@pytest.mark.parametrize("name", list(CONFIGURATIONS))
def test_every_web_file_takes_the_wheel_where_the_engine_rests(name, tmp_path):
    preset, changes, shape = CONFIGURATIONS[name]
    shape = {**shape, "width": 375}
    files = handover_files(BIN, preset, changes, tmp_path)
    sequences = recorded_sequences()
    expected = {}
    for take, events in sequences.items():
        path = CORPUS / f"{take}.json" if take in CORPUS_TAKES else take_of(events, tmp_path, take)
        expected[take] = preview_outcome(BIN, path, preset, changes, shape)
    for library in LIBRARIES:
        text = files[library]
        assert "function followWheel(" in text and "\nfollowWheel(root, " in text, f"{library}: no wheel rule"
        script = rule_code(text) + f"\nconst SEQUENCES = {json.dumps(sequences)};\n" + HARNESS
        done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        found = json.loads(done.stdout)
        lap = found["count"] * found["pitch"] if found["loop"] else None
        for take, outcome in expected.items():
            # The engine's rest as a position (px, 0 with item 0 on the snap line), from its item's edge.
            rest = outcome.item * found["pitch"] + found["snapLine"] - outcome.offset
            apart = found["results"][take] - rest
            if lap:
                apart -= round(apart / lap) * lap
            assert abs(apart) <= 1, f"{library} {name} {take}: the rule rests at {found['results'][take]}, the engine at {rest}"
