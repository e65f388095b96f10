"""`carousel-preview handover --out` puts every image the files name into images/: the bundled ones
as public/ has them, an upload from the settings file's images, each under the name the files use."""

import base64
import hashlib
import json
import os
import pathlib
import struct
import subprocess
import zlib

BIN = pathlib.Path(os.environ["CAROUSEL_PREVIEW_BIN"])
PUBLIC = pathlib.Path(__file__).resolve().parents[2] / "public"


def png(width, height):
    """A real PNG of one colour, made here so the test carries no binary file."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\x30\x60\x90" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def handover(tmp_path, settings):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(settings))
    out = tmp_path / "out"
    done = subprocess.run([str(BIN), "handover", str(path), "--out", str(out), "--public", str(PUBLIC)],
                          capture_output=True, text=True, timeout=60)
    return done, out


def test_bundled_and_uploaded_images_are_written_under_the_files_names(tmp_path):
    image = png(4, 3)
    digest = hashlib.sha256(image).hexdigest()
    items = [
        {"id": "a", "title": "Mine", "image": f"media:{digest}"},
        {"id": "b", "title": "Sale", "image": "banners/spring-sale.svg"},
        {"id": "c", "title": "Again", "image": f"media:{digest}"},
    ]
    settings = {"format": "carousel-preview/settings", "version": 1, "config": {"preset": "banner", "content": "own"},
                "itemCount": 3, "items": items, "images": {digest: base64.b64encode(image).decode()}}
    done, out = handover(tmp_path, settings)
    assert done.returncode == 0, done.stderr
    written = sorted(path.name for path in (out / "images").iterdir())
    assert written == sorted([f"upload-{digest[:12]}.png", "spring-sale.svg"])
    assert (out / "images" / f"upload-{digest[:12]}.png").read_bytes() == image
    assert (out / "images" / "spring-sale.svg").read_bytes() == (PUBLIC / "banners" / "spring-sale.svg").read_bytes()


def test_an_image_that_cannot_be_found_is_said_and_exits_2(tmp_path):
    settings = {"format": "carousel-preview/settings", "version": 1, "config": {"preset": "banner"}, "itemCount": 2}
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(settings))
    done = subprocess.run([str(BIN), "handover", str(path), "--out", str(tmp_path / "out"), "--public",
                           str(tmp_path / "nowhere")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "cannot be read" in done.stderr and "--public" in done.stderr
