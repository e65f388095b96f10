"""The hostile-asset corpus (issue 48, "nothing a viewer sends can take the server down"), one test per
attack, each against a fresh release server (`make hostile-test`, part of `make test`). After every
attack: the server process is alive and answers /healthz, the attacker got a clear error (or, where
the attack is only costly, its answer), the server's RSS stayed within the budget the attack may
touch (docs/protocol/security.md) plus RSS_MARGIN, and the loop's longest turn over the attack
(`longestTurnMsLastMinute` in /stats) stayed within TURN_LIMIT_MS.

The SVGs are Tests/Fixtures/hostile/svg (their README says what each is); the recordings are made
here. The server is CAROUSEL_PREVIEW_BIN, the release build unless told otherwise."""

import hashlib
import json
import os
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))
from preview_process import start_preview  # noqa: E402

HOSTILE_SVG = ROOT / "Tests" / "Fixtures" / "hostile" / "svg"
CORPUS = ROOT / "public" / "corpus"
MIB = 1024 * 1024
RSS_MARGIN = 64  # MiB over the attack's own budget
# The loop's longest turn over an attack: 20 ms, or 50 ms on a loaded CI machine (CI=true), where
# other processes take the core the loop runs on for whole scheduler slices.
TURN_LIMIT_MS = 50 if os.environ.get("CI") == "true" else 20
PART = 12_000  # characters of a recording in one message (a message is at most 16 KiB)
# websockets' sync client warns when a connection is not opened in a `with`: these live across threads.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def server():
    binary = os.environ.get("CAROUSEL_PREVIEW_BIN") or str(ROOT / ".build" / "release" / "carousel-preview")
    with start_preview(binary, ["--public", str(ROOT / "public"), "--log-level", "warning"]) as process:
        yield process


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise OSError("no VmRSS")


def get(server, path, timeout=10):
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}{path}", timeout=timeout) as response:
        return response.status, response.read()


def stats(server):
    return json.loads(get(server, "/stats")[1])


def open_viewer(server, session):
    viewer = connect(f"ws://127.0.0.1:{server.port}/ws?session={session}", max_size=None, open_timeout=10)
    welcome = json.loads(viewer.recv(timeout=10))
    assert welcome["type"] == "welcome", welcome
    return viewer


def wait_for(viewer, accept, timeout=60):
    """The first message `accept` takes, skipping the rest (frames, counts)."""
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(viewer.recv(timeout=max(0.01, deadline - time.monotonic())))
        if accept(message):
            return message


def answer_to(ref):
    return lambda message: message.get("type") == "error" and message.get("ref") == ref


def upload(viewer, name, data):
    """Uploads `data` as an image; the server's answer (`image`, or an error about it)."""
    viewer.send(json.dumps({"type": "image", "bytes": len(data), "name": name}))
    send_paced(viewer, [data[start:start + 16_000] for start in range(0, len(data), 16_000)])
    return wait_for(viewer, lambda m: m.get("type") == "image" or answer_to("image")(m), timeout=20)


def recording_parts(kind, text, **members):
    parts = []
    for start in range(0, len(text), PART):
        last = start + PART >= len(text)
        parts.append(json.dumps({"type": kind, "part": text[start:start + PART], "last": last, **members}))
    return parts


def send_paced(viewer, messages, rate=900):
    """Sends `messages` at most `rate` a second (under a connection's 1,000)."""
    began = time.monotonic()
    for index, message in enumerate(messages):
        ahead = index / rate - (time.monotonic() - began)
        if ahead > 0:
            time.sleep(ahead)
        viewer.send(message)


class Pinger:
    """Another viewer pinging every 20 ms while an attack runs: its worst round trip."""

    def __init__(self, server):
        self.viewer = open_viewer(server, "bystander")
        self.worst = 0.0
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        number = 0
        while not self.stopping.wait(0.02):
            number += 1
            began = time.monotonic()
            self.viewer.send(json.dumps({"type": "ping", "id": number}))
            wait_for(self.viewer, lambda m, n=number: m.get("type") == "pong" and m.get("id") == n, timeout=30)
            self.worst = max(self.worst, time.monotonic() - began)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.stopping.set()
        self.thread.join()
        self.viewer.close()


def after_attack(server, baseline_mib, budget_mib=0):
    """What must hold after every attack: alive, /healthz, RSS within its budget, no long turn."""
    assert server.process.poll() is None, "the server died"
    assert get(server, "/healthz") == (200, b"ok")
    rss = rss_mib(server.pid)
    assert rss <= baseline_mib + budget_mib + RSS_MARGIN, f"RSS {rss:.0f} MiB from {baseline_mib:.0f}"
    turn = stats(server)["longestTurnMsLastMinute"]
    print(f"RSS {baseline_mib:.0f} -> {rss:.0f} MiB, longest turn {turn:.2f} ms", end=" ")
    assert turn <= TURN_LIMIT_MS, f"a turn of the loop took {turn:.1f} ms"
    return rss, turn


def double_flick(**changes):
    recording = json.loads((CORPUS / "double-flick.json").read_text())
    for item in recording["checkpoint"]["items"]:
        item.update(changes)
    return recording


@pytest.mark.parametrize("name, construct", [
    ("fe-convolve-matrix.svg", "feConvolveMatrix"),  # librsvg 2.54 panics drawing it: the server aborted
    ("fe-turbulence.svg", "feTurbulence"),  # numOctaves 10^9: a render that never ended
    ("script-svg-prefix.svg", "script"), ("script-xhtml-prefix.svg", "script"),
    ("foreignobject-prefix.svg", "foreignObject"), ("xhtml-img.svg", "img"), ("xhtml-iframe.svg", "iframe"),
    ("css-escape-url.svg", "style"), ("css-escape-import.svg", "style"), ("image-set.svg", "style"),
    ("smil-set-href.svg", "set"),
])
def test_a_hostile_svg_is_refused_by_name_and_a_render_naming_it_draws_nothing_of_it(server, name, construct):
    baseline = rss_mib(server.pid)
    viewer = open_viewer(server, "svg")
    data = (HOSTILE_SVG / name).read_bytes()
    answer = upload(viewer, name, data)
    assert answer["type"] == "error" and answer["code"] == "image_refused", answer
    assert answer["refused"] == construct and construct in answer["message"], answer
    # A render of a recording whose items name it: the image is not the session's, so the items are
    # drawn in their colour; the render comes back, the server lives.
    image = "media:" + hashlib.sha256(data).hexdigest()
    send_paced(viewer, recording_parts("render", json.dumps(double_flick(image=image)), format="gif"))
    made = wait_for(viewer, lambda m: m.get("type") == "rendered" or answer_to("render")(m))
    assert made["type"] == "rendered", made
    after_attack(server, baseline)


def test_four_thousand_chained_offsets_are_refused_before_anything_draws_them(server):
    steps = "".join(f'<feOffset in="r{i}" dx="1" result="r{i + 1}"/>' for i in range(4000))
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><filter id="o">'
           f'<feFlood flood-color="blue" result="r0"/>{steps}</filter>'
           f'<rect width="320" height="180" filter="url(#o)"/></svg>').encode()
    assert len(svg) > 100_000
    baseline = rss_mib(server.pid)
    viewer = open_viewer(server, "offsets")
    answer = upload(viewer, "offsets.svg", svg)
    assert answer["code"] == "image_refused" and answer["refused"] == "feOffset", answer
    after_attack(server, baseline)


def test_items_of_8000_points_render_without_the_server_growing(server):
    baseline = rss_mib(server.pid)
    viewer = open_viewer(server, "huge-items")
    recording = double_flick()
    recording["checkpoint"]["config"] = {"itemWidth": 8000, "itemHeight": 8000}
    send_paced(viewer, recording_parts("render", json.dumps(recording), format="webp"))
    made = wait_for(viewer, lambda m: m.get("type") == "rendered" or answer_to("render")(m))
    # Drawn, each image decoded at most at the picture's size, by a worker within its memory limit.
    assert made["type"] == "rendered", made
    after_attack(server, baseline)


def big_recording(steps=200_000):
    """A version 1 recording of `steps` steps 1 ms apart, two pointer moves for every three ticks: about
    13.8 MB, within every limit."""
    moves = [{"atNs": 0, "join": 1}]
    moves.append({"atNs": 1_000_000, "client": 1,
                  "message": {"type": "pointer", "phase": "down", "x": 100, "y": 90, "t": 1, "pointerId": 1}})
    for index in range(2, steps):
        if index % 5 < 3:
            moves.append({"atNs": index * 1_000_000, "tick": True})
            continue
        moves.append({"atNs": index * 1_000_000, "client": 1,
                      "message": {"type": "pointer", "phase": "move", "x": 100 + index % 200, "y": 90,
                                  "t": index, "pointerId": 1}})
    recording = {"format": "carousel-preview/recording", "version": 1, "session": "big", "clock": "live",
                 "preset": "banner", "catalogs": {"banners": [], "cards": []}, "start": 1, "steps": moves}
    return json.dumps(recording, separators=(",", ":"))


def test_two_recordings_at_the_limits_are_read_off_the_loop(server):
    text = big_recording()
    assert 12 * MIB < len(text) < 16 * MIB, len(text)
    baseline = rss_mib(server.pid)
    attackers = [open_viewer(server, f"big-{index}") for index in range(2)]
    with Pinger(server) as pinger:
        senders = [threading.Thread(target=send_paced, args=(viewer, recording_parts("replay", text, speed=1)))
                   for viewer in attackers]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join()
        for viewer in attackers:
            answer = wait_for(viewer, lambda m: (m.get("type") == "replay" and m.get("state") == "started")
                              or answer_to("replay")(m), timeout=60)
            assert answer.get("state") == "started", answer
        time.sleep(0.5)
    print(f"worst bystander ping {pinger.worst * 1000:.1f} ms", end=" ")
    assert pinger.worst < 0.25, f"a bystander's ping waited {pinger.worst * 1000:.0f} ms"
    # Reading holds a recording's tree for a moment (about ten times its text, two at once), and a
    # replay playing is counted in the journal budget (256 MiB).
    after_attack(server, baseline, budget_mib=2 * 10 * len(text) / MIB)


def test_three_paused_sessions_seeking_end_to_start_share_the_loop(server):
    text = (CORPUS / "slow-drag-next.json").read_text()
    baseline = rss_mib(server.pid)
    seekers = []
    for index in range(3):
        viewer = open_viewer(server, f"seek-{index}")
        send_paced(viewer, recording_parts("replay", text, speed=1))
        started = wait_for(viewer, lambda m: m.get("type") == "replay" and m.get("state") == "started")
        viewer.send(json.dumps({"type": "replay", "action": "pause"}))
        seekers.append((viewer, started["durationMs"]))
    with Pinger(server) as pinger:
        began = time.monotonic()
        count = 0
        while time.monotonic() - began < 5:
            for viewer, duration in seekers:
                # 1 ms short of the end: a paused replay moved to its very end finishes there.
                target = duration - 1 if count % 2 else 0
                viewer.send(json.dumps({"type": "replay", "action": "seek", "ms": target}))
            count += 1
            time.sleep(0.05)  # 20 seeks a second each: the per-session limit
    print(f"worst bystander ping {pinger.worst * 1000:.1f} ms", end=" ")
    assert pinger.worst < 0.25, f"a bystander's ping waited {pinger.worst * 1000:.0f} ms"
    after_attack(server, baseline)


def test_an_item_naming_another_host_is_refused_and_nobody_fetches_it(server):
    baseline = rss_mib(server.pid)
    viewer = open_viewer(server, "tracker")
    items = [{"id": f"b{index}", "title": "B", "image": "banners/spring-sale.svg"} for index in range(5)]
    items[3]["image"] = f"http://127.0.0.1:{server.port}/tracker.png"
    viewer.send(json.dumps({"type": "configure", "items": items}))
    answer = wait_for(viewer, answer_to("configure"), timeout=10)
    assert answer["code"] == "invalid_value" and answer["field"] == "items[3].image", answer
    after_attack(server, baseline)


def png(size, seed):
    """`size` bytes that read as a 64 x 64 PNG (the server reads its header, never decodes it)."""
    header = b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + b"IHDR" + (64).to_bytes(4, "big") * 2 + bytes([8, 6, 0, 0, 0])
    return header + bytes([seed]) * (size - len(header))


def test_seven_own_copies_of_32_mib_of_images_leave_room_for_everyone_else(server):
    baseline = rss_mib(server.pid)
    source = open_viewer(server, "source")
    items = []
    for index in range(4):
        data = png(8 * MIB - 64, index + 1)
        stored = upload(source, f"big-{index}.png", data)
        assert stored["type"] == "image", stored
        items.append({"id": f"i{index}", "title": "Ours", "image": stored["image"]})
    source.send(json.dumps({"type": "configure", "items": items}))
    wait_for(source, lambda m: m.get("type") == "config")
    copies = [connect(f"ws://127.0.0.1:{server.port}/ws?session=copy-{index}&own=source", max_size=None)
              for index in range(7)]
    for copy in copies:
        assert json.loads(copy.recv(timeout=10))["type"] == "welcome"
    held = stats(server)["imageBytes"]
    assert held < 33 * MIB, f"{held / MIB:.1f} MiB held for one set of images"
    other = open_viewer(server, "elsewhere")
    answer = upload(other, "small.png", png(100_000, 9))
    assert answer["type"] == "image", answer
    # The images are one set in memory too: 32 MiB, not eight times that.
    after_attack(server, baseline, budget_mib=33)
