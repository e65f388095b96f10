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
QUIET_MS = 150  # the engine's WheelGesture.quietMilliseconds


def input_steps(recording):
    """The pointer and wheel messages of a corpus recording."""
    return [step for step in recording["steps"] if step.get("message", {}).get("type") in ("pointer", "wheel")]


def wheel_end(frames, steps):
    """The frame a wheel take's last gesture ended on (the first after its last dragging frame, or a
    lone notch's first moving one), and
    when, in the take's own times (ms, its messages' `t`): the event that ended it (it decayed or
    turned), or the quiet time after the newest event before the frame (the events stopped). `None`
    when the wheel never moved the content (at a strip's end it scrolls the page)."""
    moved = [index for index, frame in enumerate(frames) if frame["phase"] != "idle"]
    if not moved:
        return None
    # A lone notch drags and releases within one step: no frame of it drags.
    dragging = [index for index in moved if frames[index]["phase"] == "dragging"]
    index = min(dragging[-1] + 1, len(frames) - 1) if dragging else moved[0]
    times = {step["message"]["seq"]: step["message"]["t"] for step in steps}
    seq = (frames[index].get("input") or {}).get("seq")
    if seq in times:
        return index, times[seq]
    taken = [(frames[i].get("input") or {}).get("seq") for i in range(index + 1)]
    return index, max(times[seq] for seq in taken if seq in times) + QUIET_MS


def with_configuration(recording, preset, config):
    """A copy of `recording` that starts from `preset` + `config`, stepped at 60 Hz to its rest."""
    copy = json.loads(json.dumps(recording))
    copy["checkpoint"]["preset"] = preset
    copy["checkpoint"]["config"] = config
    steps = []
    now = None
    for step in input_steps(recording):
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
    steps = input_steps(recording)
    if steps[0]["message"]["type"] == "wheel":
        ended = wheel_end(frames, steps)
        release = ended[0] if ended else next(
            index for index, frame in enumerate(frames) if (frame.get("input") or {}).get("seq") is not None)
    else:
        ups = {step["message"]["seq"] for step in steps if step["message"]["phase"] in ("up", "cancel")}
        release = max(index for index, frame in enumerate(frames) if (frame.get("input") or {}).get("seq") in ups)
    rest = next(
        (index for index in range(release, len(frames)) if frames[index]["phase"] == "idle"), len(frames) - 1
    )
    last = frames[rest]
    item, offset = rest_of_slots(last["slots"], last["count"], shape["width"], shape)
    settle = frames[rest]["time"] - frames[release]["time"] if last["phase"] == "idle" else None
    ended = wheel_end(frames, steps) if steps[0]["message"]["type"] == "wheel" else None
    return Outcome(item=item, offset=offset, settle_ms=settle, released_at=ended[1] if ended else None)
