"""Fixtures for headless regression tests against `carousel-preview serve`.

`server` starts one server for the whole run on a free port; `viewer` opens manual-clock viewers
on a fresh session per test. Everything here follows docs/guide/regression-tests.md ("Checklist")
and docs/protocol/README.md; the section each helper follows is named in its docstring.
"""

import contextlib
import json
import os
import re
import selectors
import subprocess
import urllib.parse
import uuid
from pathlib import Path

import pytest
from websockets.sync.client import connect

REPO = Path(__file__).resolve().parent.parent
RECEIVE_TIMEOUT_S = 5  # no single message should take this long on a manual clock
READY_TIMEOUT_S = 30  # a debug build starts in well under a second; this is only a guard


# --- the server ---------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """A `carousel-preview serve` of our own on port 0 (guide, "Checklist": "Start a server of your
    own"). `--ready-json` prints one JSON line with the port once it listens, so we wait for that
    line instead of sleeping. `--session-linger 0` frees each test's session as soon as it is done.
    Yields the port; stopped with SIGTERM at the end."""
    binary = os.environ.get("CAROUSEL_PREVIEW_BIN") or str(REPO / ".build/debug/carousel-preview")
    if not os.access(binary, os.X_OK):
        pytest.fail(f"no server binary at {binary}: run `swift build --product carousel-preview` "
                    "and set CAROUSEL_PREVIEW_BIN=$(swift build --show-bin-path)/carousel-preview")
    log = tmp_path_factory.mktemp("server") / "stderr.log"
    with open(log, "wb") as stderr:
        process = subprocess.Popen(
            [binary, "serve", "--port", "0", "--ready-json", "--session-linger", "0"],
            cwd=REPO, stdout=subprocess.PIPE, stderr=stderr, text=True)
    try:
        ready = _read_ready_line(process, log)
        yield ready["port"]
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _read_ready_line(process, log):
    """Blocks until the server prints its ready line (or exits, or READY_TIMEOUT_S pass)."""
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while selector.select(timeout=READY_TIMEOUT_S):
            line = process.stdout.readline()
            if not line:  # end of file: the server exited
                break
            if line.startswith("{"):
                ready = json.loads(line)
                if ready.get("ready"):
                    return ready
    process.kill()
    raise RuntimeError(f"carousel-preview serve printed no ready line; its stderr:\n{log.read_text()}")


# --- a viewer -----------------------------------------------------------------------------------


class Viewer:
    """One WebSocket viewer of a manual-clock session (docs/protocol/README.md, "Connecting").

    On a manual clock every input (`pointer`, `wheel`, `command`, `configure`, `visibility`,
    `advance`) makes exactly one frame and an error makes none ("Clocks"), so each helper sends one
    message and reads its one frame: no sleeping, no polling.
    """

    def __init__(self, connection):
        self.connection = connection  # a websockets.sync.client connection, opened by `viewer`
        self.events = []  # every frame's `events`, in order, since this viewer joined
        self.latest = {}  # the newest message of each type, e.g. self.latest["config"]
        self.last_seq = 0  # the `seq` of this viewer's last input message
        self.welcome = self.next("welcome")
        self.next("frame")  # "Joining and leaving": welcome, a frame, then `viewers`

    def send(self, message):
        """Sends one message as a text frame ("Client to server"): a dict as JSON, a str as it is
        (to send text that is not JSON on purpose)."""
        self.connection.send(message if isinstance(message, str) else json.dumps(message))

    def next(self, kind):
        """Reads messages until one of type `kind` and returns it. Any other message is kept in
        `self.latest`; an `error` we did not ask for fails the test (guide: "treat an `error` as a
        failure unless you provoked it")."""
        while True:
            message = json.loads(self.connection.recv(timeout=RECEIVE_TIMEOUT_S))
            self.latest[message["type"]] = message
            if message["type"] == "frame":
                self.events.extend(message["events"])
            if message["type"] == kind:
                return message
            if message["type"] == "error":
                raise AssertionError(f"server error while waiting for {kind!r}: {message}")

    def frame(self):
        """The latest frame this viewer received ("Frames")."""
        return self.latest["frame"]

    def input(self, message):
        """Sends one input message and returns the frame it makes ("Clocks": manual). The message
        gets a `seq` of its own, and the frame is the one whose `input.seq` echoes it (guide: "Check
        `seq`"), so a frame made by someone else (a viewer joining, say) is never taken for it."""
        self.last_seq += 1
        message = {**message, "seq": message.get("seq", self.last_seq)}
        self.send(message)
        while True:
            frame = self.next("frame")
            mine = frame["input"] and frame["input"]["client"] == self.welcome["client"]
            if mine and frame["input"]["seq"] == message["seq"]:
                return frame

    def advance(self, ms):
        """Lets `ms` of session time pass (`advance`, 0 < ms <= 10000; "Time and steps": the engine
        moves in whole 4 ms steps)."""
        return self.input({"type": "advance", "ms": ms})

    def pointer(self, phase, x, y=90, t=None):
        """One `pointer` message; `t` defaults to the session's time so the finger's clock and the
        session's agree ("Gestures": `t` is the client's own monotonic time in ms)."""
        t = self.frame()["time"] if t is None else t
        return self.input({"type": "pointer", "phase": phase, "x": x, "y": y, "t": t, "pointerType": "touch"})

    def drag(self, dx, steps=4, step_ms=8, x=300, hold_ms=0):
        """A finger down at `x`, `steps` moves `step_ms` apart covering `dx` points (negative: to
        the left, toward later items), then up; returns the release frame ("Gestures").
        `hold_ms` > 40 rests the finger before lifting, so it releases with velocity 0 ("The
        release velocity": a pause of over 40 ms means the finger stopped)."""
        self.pointer("down", x)
        for step in range(1, steps + 1):
            self.advance(step_ms)
            self.pointer("move", x + dx * step / steps)
        if hold_ms:
            self.advance(hold_ms)
        return self.pointer("up", x + dx)

    def flick(self, dx, ms=16):
        """A fast swipe: `dx` points in two moves over `ms`, lifted at once ("What a release
        does": at `flickVelocity` or faster it goes at least one snap point on)."""
        return self.drag(dx, steps=2, step_ms=ms / 2)

    def settle(self, step_ms=16, max_ms=1000):
        """Advances the clock until the frame's `phase` is `idle`; fails after `max_ms` ("How
        long": every release rests within 400 ms)."""
        frame = self.frame()
        start = frame["time"]
        while frame["phase"] != "idle":
            assert frame["time"] - start <= max_ms, f"still {frame['phase']} after {max_ms} ms: {frame}"
            frame = self.advance(step_ms)
        return frame

    def configure(self, **message):
        """A `configure` (e.g. `config={...}` or `itemCount=N`); returns its frame. A successful one
        is told as `config` first, then a frame ("Server to client")."""
        return self.input({"type": "configure", **message})

    def command(self, name, **members):
        """A `command`: `next`, `prev`, `goto` (with `index`) or `autoscroll` (with `enabled`)."""
        return self.input({"type": "command", "name": name, **members})


@pytest.fixture
def viewer(server, request):
    """A factory: `viewer()` joins a fresh manual-clock session named after the test; more calls
    join the same session (a second viewer); `viewer(preset="strip")` or other link settings shape
    the session when the first viewer creates it ("Connecting": they apply only then). Every
    connection is closed when the test ends (websockets 17.1+ wants `connect` used with `with`)."""
    name = re.sub(r"[^A-Za-z0-9_.-]", "-", request.node.name)[:50] + "-" + uuid.uuid4().hex[:8]
    with contextlib.ExitStack() as connections:

        def join(**link):
            query = urllib.parse.urlencode({"session": name, "clock": "manual", **link})
            url = f"ws://127.0.0.1:{server}/ws?{query}"
            # Every message is kept until read (`max_queue=None`): with a bounded queue, a viewer the
            # test never reads stops reading once it is full, and its close waits out 10 s.
            return Viewer(connections.enter_context(connect(url, open_timeout=RECEIVE_TIMEOUT_S, max_queue=None)))

        yield join
