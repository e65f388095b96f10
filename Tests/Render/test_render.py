"""`carousel-preview render`: every committed recording drawn as WebP and GIF, decoded by other
programs (Debian's webpmux and gifsicle, and Pillow), and hostile recordings refused or drawn
within the limits. Run by `make render-test`."""

import base64
import hashlib
import io
import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
BINARY = os.environ["CAROUSEL_PREVIEW_BIN"]
RECORDINGS = sorted((ROOT / "public" / "corpus").glob("*.json")) + sorted(
    (ROOT / "Tests" / "Fixtures" / "recordings").glob("*.recording.json")
)
INTERVAL_NS = 20_000_000


def render(recording, out, *options, check=True):
    result = subprocess.run(
        [BINARY, "render", str(recording), "--out", str(out), "--public", str(ROOT / "public"), *options],
        capture_output=True, text=True, timeout=300,
    )
    if check:
        assert result.returncode == 0, result.stderr
    return result


def pictures(result):
    return int(re.search(r": (\d+) pictures \(", result.stdout).group(1))


def live_span(recording):
    """Intervals of 20 ms from a live recording's start step to its last step, by the steps' times."""
    document = json.loads(Path(recording).read_text())
    steps = document["steps"]
    return (steps[-1]["atNs"] - steps[document["start"]]["atNs"]) // INTERVAL_NS


def frames(path):
    """(duration in ms, RGB picture) of every frame, as Pillow decodes the file."""
    image = Image.open(path)
    decoded = []
    for index in range(image.n_frames):
        image.seek(index)
        image.load()  # Pillow's WebP reader sets a frame's duration as it decodes it
        decoded.append((image.info["duration"], image.convert("RGB")))
    return decoded


@pytest.mark.parametrize("recording", RECORDINGS, ids=lambda path: path.name)
def test_committed_recordings_decode_with_one_frame_per_20_ms(recording, tmp_path):
    webp, gif = tmp_path / "motion.webp", tmp_path / "motion.gif"
    count = pictures(render(recording, webp, "--scale", "1"))
    assert pictures(render(recording, gif, "--scale", "1")) == count
    if json.loads(recording.read_text())["clock"] == "live":
        assert count in (live_span(recording), live_span(recording) + 1)

    info = subprocess.run(["webpmux", "-info", str(webp)], capture_output=True, text=True, check=True).stdout
    assert f"Number of frames: {count}" in info
    rows = [line.split() for line in info.splitlines() if re.match(r"\s*\d+:", line)]
    assert len(rows) == count and all(row[6] == "20" for row in rows), "every WebP frame lasts 20 ms"
    assert "Loop Count : 0" in info

    info = subprocess.run(["gifsicle", "--info", str(gif)], capture_output=True, text=True, check=True).stdout
    assert f"{count} images" in info and "loop forever" in info
    assert info.count("delay 0.02s") == count, "every GIF frame lasts 2 hundredths"

    decoded_webp, decoded_gif = frames(webp), frames(gif)
    assert [duration for duration, _ in decoded_webp] == [20] * count
    assert [duration for duration, _ in decoded_gif] == [20] * count
    # The same pictures in both: lossy WebP and the GIF's dithered palette differ a little, not more
    # (compared in 4 x 4 blocks, the dither's own size, so its pattern averages out as an eye's would).
    for index in {0, count // 2, count - 1}:
        assert mean_difference(decoded_webp[index][1], decoded_gif[index][1]) < 6, f"frame {index}"


def mean_difference(a, b):
    assert a.size == b.size
    a, b = a.reduce(4), b.reduce(4)
    pixels = zip(a.get_flattened_data(), b.get_flattened_data(), strict=True)
    total = sum(abs(x - y) for pa, pb in pixels for x, y in zip(pa, pb, strict=True))
    return total / (a.size[0] * a.size[1] * 3)


def brightness(picture, x, y):
    return sum(picture.getpixel((x, y)))


def test_the_picture_shows_the_banner_and_the_ghost_finger(tmp_path):
    recording = ROOT / "public" / "corpus" / "flick-1000-next.json"
    down = next(step for step in json.loads(recording.read_text())["steps"] if "message" in step)["message"]
    assert down["phase"] == "down"
    out = tmp_path / "motion.webp"
    render(recording, out, "--scale", "2")
    first = frames(out)[0][1]
    assert first.size == (750, 360)
    # The Spring Sale banner (public/banners/spring-sale.svg, #2f9e44) fills the left of the picture.
    red, green, blue = first.getpixel((100, 60))
    assert green > red + 60 and green > blue + 60, (red, green, blue)
    # The ghost: a light disc of 22 pt with a dark ring, where the finger went down.
    x, y = round(down["x"] * 2), round(down["y"] * 2)
    outside = brightness(first, x + 60, y)
    assert brightness(first, x, y) > outside + 60, "the disc is lighter than the banner around it"
    assert brightness(first, x + 44, y) < outside - 30, "the ring is darker"
    # The caption, white on the shade at the bottom: some pixels of the title's row are nearly white.
    row = [first.getpixel((column, 2 * 180 - 2 * 40)) for column in range(32, 400)]
    assert any(min(pixel) > 200 for pixel in row), "the title is written"


def recording_v1(steps, clock="manual", items=None, config=None):
    """A version 1 recording of the banner preset (optionally with `items` and `config`)."""
    banners = items or [
        {"id": f"b{index}", "title": f"Banner {index}", "subtitle": "", "image": "/banners/spring-sale.svg"}
        for index in range(5)
    ]
    document = {
        "format": "carousel-preview/recording", "version": 1, "session": "render-test", "clock": clock,
        "preset": "banner", "catalogs": {"banners": banners, "cards": []}, "start": 1,
        "steps": [{"atNs": 0, "join": 1}] + steps,
    }
    if items or config:
        document["setup"] = {"config": config or {}, **({"itemCount": len(items)} if items else {})}
    return document


def message(at_ms, body):
    return {"atNs": int(at_ms * 1_000_000), "client": 1, "message": body}


def flick(x0, x1, y=90, advance=20):
    steps, at = [], 1
    steps.append(message(at, {"type": "pointer", "phase": "down", "x": x0, "y": y, "t": 0}))
    for move in range(1, 6):
        at += 1
        steps.append(message(at, {"type": "advance", "ms": advance}))
        steps.append(message(at, {"type": "pointer", "phase": "move", "x": x0 + (x1 - x0) * move / 5, "y": y,
                                  "t": move * advance}))
    steps.append(message(at + 1, {"type": "pointer", "phase": "up", "x": x1, "y": y, "t": 6 * advance}))
    steps += [message(at + 2 + index, {"type": "advance", "ms": 20}) for index in range(40)]
    return steps


def write(tmp_path, document, name="hostile.json"):
    path = tmp_path / name
    path.write_text(json.dumps(document))
    return path


def test_a_million_steps_are_refused_before_any_drawing(tmp_path):
    steps = [{"atNs": index, "tick": True} for index in range(1, 1_000_001)]
    path = write(tmp_path, recording_v1(steps, clock="live"))
    result = render(path, tmp_path / "out.webp", check=False)
    assert result.returncode == 2
    # The JSON reader's bound on an array's elements comes first; the recording's on its steps after.
    assert "an array with more than 262144 elements" in result.stderr or "at most 200000" in result.stderr, result.stderr
    assert not (tmp_path / "out.webp").exists()


def test_a_film_past_a_minute_is_refused_naming_the_limit(tmp_path):
    steps = [message(index + 1, {"type": "advance", "ms": 10_000}) for index in range(7)]
    result = render(write(tmp_path, recording_v1(steps)), tmp_path / "out.gif", check=False)
    assert result.returncode == 2
    assert "at most 3000 pictures, 60 s at 50 a second" in result.stderr, result.stderr


def test_huge_coordinates_are_drawn_within_the_picture(tmp_path):
    for x in (1e6, -1e6, 1e-307, 0, -0.0):
        result = render(write(tmp_path, recording_v1(flick(x, -x))), tmp_path / "out.gif", "--scale", "1")
        assert pictures(result) == 46, result.stdout  # 0 ms to 900 ms
        assert Image.open(tmp_path / "out.gif").n_frames == 46


def test_a_thousand_items_each_with_its_own_image(tmp_path):
    items = [
        {"id": f"item-{index}", "title": f"Item {index}", "subtitle": "x" * 500, "image": f"/banners/missing-{index}.svg"}
        for index in range(1000)
    ]
    # A flick across the strip of 1,000 items: each is drawn in its colour (no such image), captions cut.
    document = recording_v1(flick(300, -3000), items=items, config={"loop": False})
    result = render(write(tmp_path, document), tmp_path / "out.webp", "--scale", "1")
    assert pictures(result) == 46
    assert Image.open(tmp_path / "out.webp").n_frames == 46


def test_a_picture_past_the_pixel_limit_asks_for_a_smaller_scale(tmp_path):
    document = recording_v1(flick(300, 100), config={"viewport": {"width": 1000, "height": 600}})
    result = render(write(tmp_path, document), tmp_path / "out.webp", "--scale", "2", check=False)
    assert result.returncode == 2 and "use a smaller --scale" in result.stderr, result.stderr
    assert pictures(render(write(tmp_path, document), tmp_path / "out.webp", "--scale", "1")) == 46


def test_an_unknown_extension_or_scale_is_a_usage_error(tmp_path):
    recording = RECORDINGS[0]
    for options in (["--out", str(tmp_path / "out.mp4")], ["--out", str(tmp_path / "o.gif"), "--scale", "4"]):
        result = subprocess.run([BINARY, "render", str(recording), *options], capture_output=True, text=True)
        assert result.returncode == 64, result.stderr
        assert "--out must end in .webp or .gif" in result.stderr or "--scale must be 1 to 3" in result.stderr


def test_a_settings_file_gives_the_uploads_a_recording_shows(tmp_path):
    """A recording names its items' uploads (`media:HASH`) but does not carry them: `--config` with
    the session's settings file (the page's Download settings, as `serve --config` takes) does."""
    png = io.BytesIO()
    Image.new("RGB", (40, 10), (255, 0, 255)).save(png, format="PNG")
    image = "media:" + hashlib.sha256(png.getvalue()).hexdigest()
    items = [{"id": f"own-{index}", "title": f"Own {index}", "image": image} for index in range(3)]
    recording = write(tmp_path, recording_v1(flick(300, 200), items=items, config={"imageFit": "contain"}), "own.json")
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({
        "format": "carousel-preview/settings", "version": 1, "config": {"preset": "banner", "imageFit": "contain"},
        "itemCount": 3, "items": items, "images": {image[len("media:"):]: base64.b64encode(png.getvalue()).decode()},
    }))
    drawn = tmp_path / "drawn.webp"
    result = render(recording, drawn, "--scale", "1", "--config", str(settings))
    assert "uploaded image" not in result.stderr, result.stderr
    first = frames(drawn)[0][1]
    # Contained: 343 x 85.75 across the middle of the 343 x 180 banner, the slot's grey above it.
    red, green, blue = first.getpixel((187, 90))
    assert red > 200 and green < 60 and blue > 200, (red, green, blue)
    assert first.getpixel((187, 20)) != (red, green, blue)
    # Without the file the upload is not there: the item is drawn in its colour, and the command says why.
    bare = tmp_path / "bare.webp"
    result = render(recording, bare, "--scale", "1")
    assert "1 uploaded image(s) the items show, not given: use --config" in result.stderr, result.stderr
    red, green, blue = frames(bare)[0][1].getpixel((187, 90))
    assert not (red > 200 and green < 60 and blue > 200), (red, green, blue)
    # A file that is not a settings file is refused, naming it.
    result = render(recording, bare, "--config", str(recording), check=False)
    assert result.returncode == 2 and f"--config {recording}" in result.stderr, result.stderr
