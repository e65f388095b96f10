"""make soak: the release server as its own process, under three phases, each against a fresh server.

load: SOAK_CLIENTS (200) clients across SOAK_SESSIONS (20) live sessions for SOAK_SECONDS (default 600):
random drags, configures and reconnects. Fails on an unexpected error message, on a lost event (a
pageChanged whose `previous` is not the index the reader last saw), or on server memory that keeps
growing. Prints frames sent, RSS at start and end, and the event loop's largest lag.

never-reads: a client that completes the handshake and then never reads (4 KiB SO_RCVBUF) sits in a
session while a driver drags for 3 s at 120 Hz and a watcher reads. Fails if the server's RSS grows by
32 MiB or more during the drag, if the drag takes 3.6 s or more, or if the watcher sees the echo of
fewer than 95% of the moves.

churn: 500 warm-up connect/disconnect cycles over 100 sessions, then 10,000 more (every third sends a
pointer down and drops the TCP connection without a close frame). Fails if the sessions are not all
reaped within SOAK_CHURN_WAIT seconds (5) or if the server's RSS ends above its baseline by more than
10%. The churn server runs with `--session-linger 1` (seconds), so that the sessions end soon after
their last viewer; SOAK_CHURN_LINGER_ARGS replaces those arguments.

journal-flood: SOAK_FLOOD_SESSIONS (16) manual-clock sessions each put a finger down and send
SOAK_FLOOD_MESSAGES (1,500) `configure` messages carrying 60 items (about 12 KB each: the items shown, a
new spacing each time) as fast as the server takes them, while the server's RSS is sampled. The finger
keeps the carousel moving, so the session never rests to write a checkpoint and every configure stays
in its journal: the worst a client can do now that a session at rest lets its history go. issue 22 measured 244 -> 1,111 MiB for 16 x 1,300 before
journals had a budget. Runs twice, against a server with `--journal-budget SOAK_FLOOD_BUDGET` (64 MiB)
and one with the default (256 MiB); fails if the RSS grows by more than the budget plus
SOAK_FLOOD_MARGIN MiB (64: the outboxes, libwebsockets' buffers and what malloc keeps after a free).
Prints the figures. A server without --journal-budget (an older build) runs once, with no budget, for
the figure before.

forged-recording (issue 33 F1): recordings uploaded as `replay` parts (12,000 characters at most, under
the rate limit) while another thread sends GET /healthz every 50 ms: two forged version 1 recordings
whose step before `start` lies at 10^15 ns (1,000,000 s) and at 2^53 ns, which must be refused with
`invalid_value` within 5 s; and two at the allowed edge, auto-scrolling every 1 ms, which must play
and finish (within 30 s) with a frame: the last step at 1,200 s with `start` 1, and 200,000 steps (the
most a recording may have) over 1,200 s, all but the last before `start`. Fails if any /healthz takes 1
s or more (or fails), or if the server's RSS (VmHWM, reset per recording, and samples every 50 ms)
grows by 64 MiB or more over its start for a refused recording, or by 64 MiB and 12 times its text
for one that plays (reading holds its JSON tree and its steps at once for a moment, about ten times
the text). Prints each answer, its delay, the server CPU it cost, the RSS
peak and /stats journalBytes for each recording, the slowest /healthz and the RSS.

many-keys (F2): a 1 MiB and a 16 MiB JSON document uploaded as a recording, each as one object with as
many distinct keys as fit and as an array of objects of 1,000 keys each, in parts as above. Fails if
one is not refused, or if the server spends more than 2 s of CPU (utime + stime from /proc/PID/stat)
from its first part to the answer. Prints the CPU (user and system), the answer and its delay, and,
for comparison, the same for the same text with an `x` for its first byte (refused at byte 0: the
upload alone), sent after it.

unread-floods (F3): three floods, each against a fresh server, from clients that never read (4 KiB
SO_RCVBUF): 16 non-readers each sending 4,000 pings with 16,000-character ids (refused now, the error
queued) then 4,000 with 60-character ids; a driver sending `configure` itemCount 999 and 1000
alternately at 950 a second for 10 s in a `layout=cards` session with one non-reader in it; a
non-reader sending `record` start and stop alternately at 950 a second for 10 s. The RSS and /stats'
queuedBytes are sampled meanwhile. Fails if the RSS grows by more than the server's queue budget for
those readers (8 MiB a reader: 16 x 8 for the pings, 8 for the others) plus 64 MiB, or is not back
within 64 MiB of its start 10 s after the non-readers close. Prints the RSS at the start, peak and end,
and queuedBytes at the peak and at most. The three hostile phases are in hostile.py and take about a
minute together.

image-flood (issue 35): one client uploading 1,000 images of 1 MiB into its session, then 64 sessions
uploading 4 MiB images at once, while an auto-scrolling session's viewer counts its frames; fails if
the RSS grows past the image budget for them (32 MiB a session, 256 MiB the server) plus 64 MiB, or the
viewer's frame rate falls below 90% of what it was. In imageflood.py; SOAK_IMAGE_UPLOADS sets the 1,000.

render-attacks and loop-attacks (issue 48): for SOAK_ATTACK_SECONDS (60) each, six viewers in sessions of
their own upload the hostile SVGs and ask for renders of recordings showing them and items of 8000 points,
a third leaving mid-render; and two connections send 13.8 MB recordings for live replays again and again
while three paused sessions seek end to start at 20 a second each. A bystander pings every 20 ms
throughout. Fails if the server exits, the bystander misses a pong, a render worker outlives the phase
or a hostile SVG is kept; prints the pings' round trips, the loop's longest turn, RSS, CPU and the
renders' outcomes. In attacks.py.

SOAK_PHASES (or --phases) picks phases, comma-separated: e.g. SOAK_PHASES=never-reads,churn takes about 10 s.
"""

import argparse
import asyncio
import base64
import hashlib
import json
import os
import random
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

# deploy/preview_process.py starts the servers and reads their ready line.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))
from preview_process import start_preview  # noqa: E402

CLIENTS = int(os.environ.get("SOAK_CLIENTS", 200))
SESSIONS = int(os.environ.get("SOAK_SESSIONS", 20))
SECONDS = float(os.environ.get("SOAK_SECONDS", 600))
EXPECTED_ERRORS = {"gesture_busy"}
PHASES = ("load", "never-reads", "churn", "journal-flood", "forged-recording", "many-keys", "unread-floods", "image-flood",
          "render-attacks", "loop-attacks")
CHURN_WAIT = float(os.environ.get("SOAK_CHURN_WAIT", 5))
CHURN_LINGER_ARGS = os.environ.get("SOAK_CHURN_LINGER_ARGS")
FLOOD_SESSIONS = int(os.environ.get("SOAK_FLOOD_SESSIONS", 16))
FLOOD_MESSAGES = int(os.environ.get("SOAK_FLOOD_MESSAGES", 1500))
FLOOD_BUDGET = int(os.environ.get("SOAK_FLOOD_BUDGET", 64))
FLOOD_DEFAULT_BUDGET = 256  # PreviewHub.Limits.standard.journalBudget, in MiB
FLOOD_WINDOW = 16  # configures a session sends ahead of their frames
FLOOD_MARGIN = float(os.environ.get("SOAK_FLOOD_MARGIN", 64))

import attacks  # noqa: E402  (issue 48's, beside this file)
import frames  # noqa: E402  (client frames, beside this file)
import hostile  # noqa: E402  (the phases of issue 33, beside this file)
import imageflood  # noqa: E402  (issue 35's)
import websockets  # noqa: E402


class Totals:
    frames = 0
    gaps = 0
    lost_events = 0
    reconnects = 0
    unexpected = []


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def client(number, port, deadline, rng):
    session = f"soak-{number % SESSIONS}"
    while time.monotonic() < deadline:
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws?session={session}", max_size=2**20) as ws:
                state = {"index": None, "seq": None}

                async def reader(state=state):
                    async for text in ws:
                        message = json.loads(text)
                        kind = message["type"]
                        if kind == "error" and message["code"] not in EXPECTED_ERRORS:
                            Totals.unexpected.append(message)
                        if kind == "config":
                            state["index"] = None  # a new catalog may move the index
                        if kind != "frame":
                            continue
                        Totals.frames += 1
                        if state["seq"] is not None and message["seq"] != state["seq"] + 1:
                            Totals.gaps += 1
                        state["seq"] = message["seq"]
                        for event in message["events"]:
                            if event["type"] != "pageChanged":
                                continue
                            if state["index"] is not None and event["previous"] != state["index"]:
                                Totals.lost_events += 1
                            state["index"] = event["index"]
                        if state["index"] is not None and state["index"] != message["index"]:
                            Totals.lost_events += 1
                        state["index"] = message["index"]

                reading = asyncio.create_task(reader())
                session_end = min(deadline, time.monotonic() + rng.uniform(5, 60))
                t = 0.0
                while time.monotonic() < session_end:
                    action = rng.random()
                    if action < 0.6:
                        x = rng.uniform(50, 320)
                        await ws.send(json.dumps({"type": "pointer", "phase": "down", "x": x, "y": 90, "t": t}))
                        for _ in range(rng.randint(3, 20)):
                            await asyncio.sleep(1 / 60)
                            t += 16.7
                            x += rng.uniform(-40, 40)
                            await ws.send(json.dumps({"type": "pointer", "phase": "move", "x": x, "y": 90, "t": t}))
                        await ws.send(json.dumps({"type": "pointer", "phase": "up", "x": x, "y": 90, "t": t}))
                    elif action < 0.65:
                        await ws.send(json.dumps({"type": "configure", "config": {"spacing": rng.randint(0, 20)}}))
                    elif action < 0.7:
                        await ws.send(json.dumps({"type": "command", "name": rng.choice(["next", "prev"])}))
                    await asyncio.sleep(rng.uniform(0.2, 2.0))
                reading.cancel()
            Totals.reconnects += 1
        except (OSError, websockets.ConnectionClosed) as error:
            Totals.unexpected.append({"connection": str(error)})
            await asyncio.sleep(1)


async def load(port, pid):
    """The load phase; returns its failures."""
    deadline = time.monotonic() + SECONDS
    rss = [(0.0, rss_mib(pid))]

    async def sample():
        start = time.monotonic()
        while time.monotonic() < deadline:
            await asyncio.sleep(5)
            rss.append((time.monotonic() - start, rss_mib(pid)))

    rng = random.Random(1)
    await asyncio.gather(sample(), *(client(n, port, deadline, random.Random(rng.random())) for n in range(CLIENTS)))
    stats = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/stats").read())
    warm = [value for at, value in rss if at >= min(60, SECONDS / 4)] or [rss[-1][1]]
    print(f"soak: {SECONDS:.0f} s, {CLIENTS} clients, {SESSIONS} sessions, {Totals.reconnects} reconnects")
    print(f"frames sent by the server {stats['framesWritten']}, received by clients {Totals.frames}, "
          f"frame gaps {Totals.gaps}, lost events {Totals.lost_events}")
    print(f"server RSS: start {rss[0][1]:.1f} MiB, after warm-up {warm[0]:.1f} MiB, end {rss[-1][1]:.1f} MiB, "
          f"max {max(v for _, v in rss):.1f} MiB")
    print(f"largest event-loop lag {stats['maximumTickLagMs']:.2f} ms; unexpected messages {len(Totals.unexpected)}")
    failures = []
    if Totals.unexpected:
        failures.append(f"unexpected messages, first: {Totals.unexpected[:3]}")
    # Python readers on a 2-core machine sometimes lose the CPU for a moment and fall 8 frames behind;
    # the server then sends them the latest frame with every event. More than 1 in 10,000 is a fault.
    if Totals.gaps > Totals.frames / 10_000:
        failures.append(f"{Totals.gaps} frame gaps for readers that keep up")
    if Totals.lost_events:
        failures.append(f"{Totals.lost_events} lost events")
    if rss[-1][1] > warm[0] * 1.25 + 4:
        failures.append("server memory kept growing")
    return failures


class Server:
    """`carousel-preview serve` on a free port, as its own process (deploy/preview_process.py reads its
    ready line); its log goes to our stderr."""

    def __init__(self, binary, *arguments):
        self.running = start_preview(binary, ["--log-level", "warning", *arguments], on_stderr=sys.stderr.write)
        self.process = self.running.process
        self.port = self.running.port

    @property
    def pid(self):
        return self.process.pid

    def rss(self):
        return rss_mib(self.pid)

    def stats(self):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/stats", timeout=5) as response:
            return json.loads(response.read())

    def stop(self):
        self.running.stop()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()


class RawClient:
    """A WebSocket client on a plain blocking socket: it reads only when asked to, and it can vanish
    without a close frame."""

    def __init__(self, port, path, receive_buffer=None):
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer is not None:
            # Before connect, so the window the server sees is small from the start.
            self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.socket.settimeout(5)
        self.socket.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.socket.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                             f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                             f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest())
        if not head.startswith(b"HTTP/1.1 101") or accept not in head:
            self.socket.close()
            raise ConnectionError(f"handshake refused: {head[:80]!r}")

    def _fill(self):
        chunk = self.socket.recv(65536)
        if not chunk:
            raise ConnectionError("closed by the server")
        self.buffer += chunk

    def _take(self, count):
        while len(self.buffer) < count:
            self._fill()
        taken, self.buffer = self.buffer[:count], self.buffer[count:]
        return taken

    def receive(self):
        """The next message as (opcode, payload); pings are answered, fragments joined."""
        message, opcode = b"", None
        while True:
            first, second = self._take(2)
            length = second & 0x7F
            if length == 126:
                length = int.from_bytes(self._take(2), "big")
            elif length == 127:
                length = int.from_bytes(self._take(8), "big")
            payload = self._take(length)  # the server never masks
            kind = first & 0x0F
            if kind == 0x9:
                self._send(0xA, payload)
                continue
            if kind == 0xA:
                continue
            if kind == 0x8:
                return kind, payload
            opcode = opcode or kind
            message += payload
            if first & 0x80:
                return opcode, message

    def _send(self, opcode, payload):
        self.socket.sendall(frames.masked_frame(payload, opcode))

    def send_text(self, text):
        self._send(0x1, text.encode())

    def close(self):
        """A close frame, then the socket closed at once (what a browser tab that goes away does)."""
        try:
            self._send(0x8, (1000).to_bytes(2, "big"))
        finally:
            self.drop()

    def drop(self):
        """The TCP connection closed without a close frame."""
        self.socket.close()


def pointer(phase, x, t, seq=None):
    message = {"type": "pointer", "phase": phase, "x": x, "y": 50, "t": t}
    if seq is not None:
        message["seq"] = seq
    return json.dumps(message)


async def never_reads(server):
    """One viewer never reads while another drags at 120 Hz; returns the failures."""
    moves, rate = 360, 120
    url = f"ws://127.0.0.1:{server.port}/ws?session=slow"
    stuck = RawClient(server.port, "/ws?session=slow", receive_buffer=4096)  # never read from again
    async with websockets.connect(url, max_size=2**22) as driver, websockets.connect(url, max_size=2**22) as watcher:
        welcome = json.loads(await driver.recv())
        driver_id = welcome["client"]
        watched = {"echoed": set(), "latest": 0, "errors": []}
        progress = asyncio.Event()

        async def drain():  # the driver's own frames, read and dropped so only `stuck` falls behind
            async for text in driver:
                if json.loads(text)["type"] == "error":
                    watched["errors"].append(text)

        async def watch():
            async for text in watcher:
                message = json.loads(text)
                if message["type"] == "error":
                    watched["errors"].append(text)
                echo = message.get("input") if message["type"] == "frame" else None
                if echo and echo["client"] == driver_id and echo["seq"] is not None:
                    watched["echoed"].add(echo["seq"])
                    watched["latest"] = max(watched["latest"], echo["seq"])
                    progress.set()

        # Both connections' welcome, first frame and viewers count arrive before the drag starts.
        tasks = [asyncio.create_task(drain()), asyncio.create_task(watch())]
        await asyncio.sleep(0.3)
        baseline = peak = server.rss()
        await driver.send(pointer("down", 300, 0))
        start = time.monotonic()
        for move in range(1, moves + 1):
            await driver.send(pointer("move", 300 - move % 200, move * 8.33, seq=move))
            # The watcher keeps up: it sees this move's frame (or a newer one) before the next move.
            deadline = time.monotonic() + 0.5
            while watched["latest"] < move and time.monotonic() < deadline:
                progress.clear()
                try:
                    await asyncio.wait_for(progress.wait(), deadline - time.monotonic())
                except TimeoutError:
                    break
            peak = max(peak, server.rss())
            await asyncio.sleep(max(0.0, start + move / rate - time.monotonic()))
        await driver.send(pointer("up", 100, moves * 8.33 + 50))
        elapsed = time.monotonic() - start
        await asyncio.sleep(0.1)
        end = server.rss()
        peak = max(peak, end)
        stats = server.stats()
        ended = [task.exception() for task in tasks if task.done() and not task.cancelled()]
        for task in tasks:
            task.cancel()
    stuck.drop()
    echoed = len(watched["echoed"])
    growth = peak - baseline
    print(f"never-reads: drag of {moves} moves at {rate} Hz took {elapsed:.3f} s (limit 3.6 s); watcher saw "
          f"{echoed} of {moves} moves echoed ({100 * echoed / moves:.1f}%, need 95%)")
    print(f"never-reads: server RSS before the drag {baseline:.1f} MiB, peak {peak:.1f} MiB, after {end:.1f} MiB: "
          f"growth {growth:.2f} MiB (limit 32 MiB); connections open at the end {stats['connections']:.0f}, "
          f"largest event-loop lag {stats['maximumTickLagMs']:.2f} ms")
    failures = []
    if growth >= 32:
        failures.append(f"server RSS grew by {growth:.1f} MiB during the drag")
    if elapsed >= 3.6:
        failures.append(f"the drag took {elapsed:.2f} s")
    if echoed < moves * 95 // 100:
        failures.append(f"the watcher saw {echoed} of {moves} moves")
    if any(ended):
        failures.append(f"a reader stopped: {[repr(error) for error in ended if error]}")
    elif ended:
        failures.append("the server closed the driver's or the watcher's connection")
    if watched["errors"]:
        failures.append(f"error messages, first: {watched['errors'][:3]}")
    return failures


def churn_cycles(port, count, offset):
    """Connect, read the welcome, leave: cleanly, or every third time mid-gesture without a close frame."""
    for cycle in range(count):
        client = RawClient(port, f"/ws?session=churn-{(cycle + offset) % 100}")
        opcode, payload = client.receive()
        if opcode != 0x1 or json.loads(payload)["type"] != "welcome":
            client.drop()
            raise ConnectionError(f"cycle {cycle + offset}: no welcome but {opcode} {payload[:80]!r}")
        if cycle % 3 == 0:
            client.send_text('{"type":"pointer","phase":"down","x":100,"y":10,"t":0}')
            client.drop()
        else:
            client.close()


def churn(binary):
    """10,000 connect/disconnect cycles, some mid-gesture; returns the failures."""
    if CHURN_LINGER_ARGS is not None:
        linger = shlex.split(CHURN_LINGER_ARGS)
    elif "--session-linger" in subprocess.run([binary, "serve", "--help"], capture_output=True, text=True).stdout:
        linger = ["--session-linger", "1"]
    else:
        linger = []
        print("churn: note: this server has no --session-linger option; its sessions keep their built-in linger")
    print(f"churn: server arguments {' '.join(linger) or '(none)'}; sessions waited for {CHURN_WAIT:g} s")
    with Server(binary, *linger) as server:
        started = time.monotonic()
        churn_cycles(server.port, 500, 0)
        time.sleep(0.8)
        baseline = server.rss()
        begun = time.monotonic()
        churn_cycles(server.port, 10_000, 500)
        took = time.monotonic() - begun
        sessions = server.stats()["sessions"]
        waited_from = time.monotonic()
        while sessions > 0 and time.monotonic() < waited_from + CHURN_WAIT:
            time.sleep(0.05)
            sessions = server.stats()["sessions"]
        waited = time.monotonic() - waited_from
        after = server.rss()
        stats = server.stats()
        # The server still works.
        viewer = RawClient(server.port, "/ws?session=after-churn")
        still_works = json.loads(viewer.receive()[1])["type"] == "welcome"
        viewer.close()
    print(f"churn: 10,000 cycles (plus 500 warm-up) in {took:.1f} s ({10_000 / took:.0f} a second), "
          f"{time.monotonic() - started:.1f} s in all; sessions {sessions:.0f} after waiting {waited:.2f} s "
          f"(limit {CHURN_WAIT:g} s), connections {stats['connections']:.0f}")
    print(f"churn: server RSS baseline {baseline:.1f} MiB, after {after:.1f} MiB ({after / baseline:.3f}x, "
          f"limit 1.1x)")
    failures = []
    if sessions > 0:
        failures.append(f"{sessions:.0f} sessions left {CHURN_WAIT:g} s after the last viewer")
    if after > baseline * 1.1:
        failures.append(f"server RSS {baseline:.1f} -> {after:.1f} MiB")
    if not still_works:
        failures.append("no welcome after the churn")
    return failures


def flood_configure(session, number):
    """A `configure` of session `session`'s 60 items, about 12 KB, with a spacing different from the one
    before: with a finger down the drag goes on (the items are those shown), so the session never rests."""
    items = [{"id": f"flood-{session}-{item}", "title": f"Banner {item} of the flood in session {session}",
              "subtitle": f"A subtitle long enough to leave the small-string form, and then some more words {item}",
              "image": f"/banners/{item % 6 + 1}.svg"} for item in range(60)]
    return json.dumps({"type": "configure", "config": {"spacing": number % 20}, "items": items},
                      separators=(",", ":"))


async def flood_session(port, session, done):
    """One manual-clock session: its configures as fast as the server applies them, then `record` `start`
    (refused with `server_full` where the budget dropped the journal). At most FLOOD_WINDOW configures
    wait for their frame: a reader that keeps up, so the server's outboxes stay short and what grows
    is what the budget bounds (a reader that does not read is bounded by its outbox, 4,096 messages,
    and then disconnected: the never-reads phase)."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws?session=flood-{session}&clock=manual",
                                  max_size=2**22) as ws:
        errors = []
        answered = asyncio.Event()
        window = asyncio.Semaphore(FLOOD_WINDOW)

        async def drain():
            async for text in ws:
                if text.startswith('{"type":"frame"'):
                    window.release()  # every configure is answered with one frame
                elif text.startswith('{"type":"error"'):
                    errors.append(text)
                elif text.startswith('{"type":"pong"'):
                    answered.set()

        reading = asyncio.create_task(drain())
        # The items once (at rest), then a finger down: from here every configure is a step kept.
        for opening in (flood_configure(session, 0),
                        json.dumps({"type": "pointer", "phase": "down", "x": 200, "y": 90, "t": 0})):
            await window.acquire()
            await ws.send(opening)
        for number in range(1, FLOOD_MESSAGES + 1):
            await window.acquire()
            await ws.send(flood_configure(session, number))
        await ws.send(json.dumps({"type": "record", "action": "start"}))
        # The pong comes after everything sent before it was applied.
        await ws.send(json.dumps({"type": "ping", "id": "flood-done"}))
        await asyncio.wait_for(answered.wait(), 120)
        reading.cancel()
        done.append(errors)


async def journal_flood(server, budget):
    """The flood against `server`, whose budget is `budget` MiB (None: it has none); returns the failures."""
    baseline = server.rss()
    samples = [baseline]
    done = []

    async def sample():
        while len(done) < FLOOD_SESSIONS:
            samples.append(server.rss())
            await asyncio.sleep(0.05)

    started = time.monotonic()
    await asyncio.gather(sample(), *(flood_session(server.port, n, done) for n in range(FLOOD_SESSIONS)))
    took = time.monotonic() - started
    samples.append(server.rss())
    stats = server.stats()
    peak = max(samples)
    growth = peak - baseline
    errors = [error for errors in done for error in errors]
    budget_errors = sum('"code":"server_full"' in error for error in errors)
    limited = sum('"code":"rate_limited"' in error for error in errors)
    own_limit = sum('"code":"invalid_value"' in error and '"ref":"record"' in error for error in errors)
    label = f"--journal-budget {budget}" if budget else "no --journal-budget (before)"
    print(f"journal-flood [{label}]: {FLOOD_SESSIONS} sessions x {FLOOD_MESSAGES} configures of 60 items "
          f"({len(flood_configure(0, 0).encode())} bytes each) in {took:.1f} s; server RSS {baseline:.0f} -> peak "
          f"{peak:.0f} MiB, end {samples[-1]:.0f} MiB: growth {growth:.0f} MiB; journals at the end "
          f"{stats.get('journalBytes', float('nan')) / 2**20:.1f} MiB; record start refused for the budget in "
          f"{budget_errors} of {FLOOD_SESSIONS} sessions, for the session's own limit in {own_limit}; "
          f"rate-limited {limited}", flush=True)
    failures = []
    expected = ('"code":"server_full"', '"code":"rate_limited"', '"ref":"record"')
    other = [error for error in errors if not any(code in error for code in expected)]
    if other:
        failures.append(f"unexpected errors, first: {other[:2]}")
    if budget is None:
        failures.append(f"this server has no --journal-budget: its RSS grew by {growth:.0f} MiB")
    elif growth > budget + FLOOD_MARGIN:
        failures.append(f"server RSS grew by {growth:.0f} MiB, more than the budget {budget} MiB + "
                        f"{FLOOD_MARGIN:g} MiB")
    return failures


def journal_floods(binary):
    """The flood under a small budget and under the default one (or, for an older server, under none)."""
    if "--journal-budget" not in subprocess.run([binary, "serve", "--help"], capture_output=True, text=True).stdout:
        with Server(binary) as server:
            return asyncio.run(journal_flood(server, None))
    failures = []
    for budget, arguments in ((FLOOD_BUDGET, ["--journal-budget", str(FLOOD_BUDGET)]), (FLOOD_DEFAULT_BUDGET, [])):
        with Server(binary, *arguments) as server:
            failures += asyncio.run(journal_flood(server, budget))
    return failures


def run(binary, phases):
    results = {}
    for phase in phases:
        print(f"--- {phase}", flush=True)
        try:
            if phase == "load":
                with Server(binary, "--max-connections", "4096") as server:
                    failures = asyncio.run(load(server.port, server.pid))
            elif phase == "never-reads":
                with Server(binary) as server:
                    failures = asyncio.run(never_reads(server))
            elif phase == "journal-flood":
                failures = journal_floods(binary)
            elif phase in hostile.PHASES:
                failures = hostile.PHASES[phase](binary, Server, RawClient)
            elif phase in attacks.PHASES:
                failures = attacks.PHASES[phase](binary, Server)
            elif phase == "image-flood":
                failures = imageflood.image_flood(binary, Server, RawClient, int(os.environ.get("SOAK_IMAGE_UPLOADS", "1000")))
            else:
                failures = churn(binary)
        except (OSError, RuntimeError, websockets.WebSocketException) as error:
            failures = [f"{type(error).__name__}: {error}"]
        print(f"{phase} " + (f"FAILED: {'; '.join(failures)}" if failures else "passed"), flush=True)
        results[phase] = failures
    failed = [phase for phase, failures in results.items() if failures]
    print("soak " + (f"FAILED: {', '.join(failed)}" if failed else "passed"))
    return 1 if failed else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary", help="the release carousel-preview executable")
    parser.add_argument("--phases", default=os.environ.get("SOAK_PHASES", ",".join(PHASES)),
                        help=f"comma-separated, from {', '.join(PHASES)} (default: all, or $SOAK_PHASES)")
    arguments = parser.parse_args()
    chosen = [phase.strip() for phase in arguments.phases.split(",") if phase.strip()]
    unknown = [phase for phase in chosen if phase not in PHASES]
    if unknown or not chosen:
        parser.error(f"unknown phases {unknown}; choose from {', '.join(PHASES)}")
    sys.exit(run(arguments.binary, chosen))
