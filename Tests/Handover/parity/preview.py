"""The preview's outcome of a corpus gesture under a configuration: the recording's checkpoint is
given the configuration, its steps keep the pointer messages at their recorded session times with a
tick every 1/60 s between them (as `carousel-preview feel` steps a take), then ticks for five seconds,
and `carousel-preview replay` prints the frames the engine answered. From the frames: the item it
rested on, that item's leading edge in the viewport, and the time from the last release to the
settle."""

import json
import pathlib
import subprocess
import tempfile

from outcome import Outcome, rest_of_slots

FRAME_NS = 1_000_000_000 // 60
AFTER_NS = 5_000_000_000


def pointer_steps(recording):
    """The pointer messages of a corpus recording (wheel takes are not driven on the web three)."""
    return [step for step in recording["steps"] if step.get("message", {}).get("type") == "pointer"]


def with_configuration(recording, preset, config):
    """A copy of `recording` that starts from `preset` + `config`, stepped at 60 Hz to its rest."""
    copy = json.loads(json.dumps(recording))
    copy["checkpoint"]["preset"] = preset
    copy["checkpoint"]["config"] = config
    steps = []
    now = None
    for step in pointer_steps(recording):
        if now is not None:
            while now + FRAME_NS < step["atNs"]:
                now += FRAME_NS
                steps.append({"atNs": now, "tick": True})
        steps.append(step)
        now = step["atNs"]
    end = now + AFTER_NS
    while now + FRAME_NS <= end:
        now += FRAME_NS
        steps.append({"atNs": now, "tick": True})
    copy["steps"] = steps
    copy["start"] = 0
    return copy


def preview_outcome(binary, corpus_file, preset, config, shape):
    """The engine's `Outcome` of one corpus file under `preset` + `config` (`shape`: see outcome.py)."""
    recording = json.loads(pathlib.Path(corpus_file).read_text())
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "take.json"
        path.write_text(json.dumps(with_configuration(recording, preset, config)))
        done = subprocess.run([binary, "replay", str(path)], capture_output=True, text=True, timeout=120, check=True)
    frames = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    ups = {step["message"]["seq"] for step in pointer_steps(recording) if step["message"]["phase"] in ("up", "cancel")}
    release = max(index for index, frame in enumerate(frames) if (frame.get("input") or {}).get("seq") in ups)
    rest = next(
        (index for index in range(release, len(frames)) if frames[index]["phase"] == "idle"), len(frames) - 1
    )
    last = frames[rest]
    item, offset = rest_of_slots(last["slots"], last["count"], shape["width"], shape)
    settle = frames[rest]["time"] - frames[release]["time"] if last["phase"] == "idle" else None
    return Outcome(item=item, offset=offset, settle_ms=settle)
