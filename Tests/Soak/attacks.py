"""The attack phases of `make soak` (issue 48, "Nothing a viewer sends can take the server down"): the
one-shot checks of Tests/Hostile, kept up for a minute each against a fresh release server while a
bystander in a session of its own pings every 20 ms. soak.py runs them (`render-attacks`,
`loop-attacks`) and passes in its Server; every figure is printed, for docs/protocol/security.md.

render-attacks: SOAK_RENDER_ATTACKERS (6) viewers, each in a session of its own, for
SOAK_ATTACK_SECONDS (60) s: each round, connect; upload a hostile SVG of Tests/Fixtures/hostile/svg
(in turn) and a benign one; ask for a render of a recording whose items show the hostile upload, the
benign one, a hostile SVG copied into the server's public/banners/ (so that the worker meets it
itself) and a bundled banner, every other round with items of 8000 x 8000 points; a third of the
rounds leave once their render is drawn (or after 3 s in line), the rest wait for the answer. Fails
if the server exits, a render worker is left 2 s after the last attacker closed (or one is a zombie),
the bystander misses a pong, or a hostile SVG is kept.

loop-attacks: two connections, each in a session of its own, send a 13.3 MB recording of 200,000 steps
(Tests/Hostile's) for a live replay (12,000-character parts at 900 a second), stop it once it starts and
send it again, for SOAK_ATTACK_SECONDS, while three sessions holding a recording paused (the corpus's
slow drag, or SOAK_SEEK_RECORDING: a file, or `big` for the 200,000 steps) seek to 1 ms before its end
and back to its start at 20 a second each. SOAK_LOOP_ATTACKS=replays or =seeks runs one of the two.
Fails if the server exits, the bystander misses a pong, or a recording is refused.

Both print the bystander's ping round trips (worst, p99, median), the loop's longest turn (/stats
`longestTurnMs` at the end and the largest `longestTurnMsLastMinute` sampled every second), the
server's RSS (baseline, peak) and CPU seconds over the phase. The bystander runs in a process of its
own, so the attackers' Python does not delay its reads."""

import collections
import hashlib
import json
import multiprocessing
import os
import queue
import random
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

from hostile import cpu_seconds
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "Hostile"))
from test_hostile import big_recording, double_flick, recording_parts  # noqa: E402

HOSTILE_SVG = ROOT / "Tests" / "Fixtures" / "hostile" / "svg"
BENIGN_SVG = ROOT / "Tests" / "Fixtures" / "benign" / "svg"
SECONDS = float(os.environ.get("SOAK_ATTACK_SECONDS", 60))
RENDER_ATTACKERS = int(os.environ.get("SOAK_RENDER_ATTACKERS", 6))
PING_INTERVAL = 0.02  # s between the bystander's pings
PONG_TIMEOUT = 10.0  # s: a pong later than this is missed
WORKER_GRACE = 2.0  # s after the last attacker closed for every render worker to be gone
SEND_RATE = 900  # messages a second a connection (under the server's 1,000)
SEEK_RATE = 20  # seeks a second a session (the server's limit for costly messages)
ANSWER_TIMEOUT = 90.0  # s for a render's or a replay's answer
# What the seekers hold: a file (the corpus's slow drag, as Tests/Hostile seeks), or `big`, the 200,000 steps.
SEEK_RECORDING = os.environ.get("SOAK_SEEK_RECORDING", str(ROOT / "public" / "corpus" / "slow-drag-next.json"))
SEEK_SHORT_OF_END = float(os.environ.get("SOAK_SEEK_SHORT_OF_END", 1))  # ms; 0 seeks to the very end
# The loop attacks to run together: `replays` (the two senders), `seeks` (the three seekers), or both.
LOOP_ATTACKS = set(os.environ.get("SOAK_LOOP_ATTACKS", "replays,seeks").split(","))


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def ping_for(port, stopping, results):
    """In a process of its own: a viewer in session `bystander` pings every PING_INTERVAL s until
    `stopping` is set and sends back (round trips in s, pongs missed, error or None) through `results`."""
    trips, missed, error = [], 0, None
    try:
        with connect(f"ws://127.0.0.1:{port}/ws?session=bystander", max_size=None, max_queue=None) as viewer:
            results.send("connected")
            number = 0
            while not stopping.is_set():
                number += 1
                began = time.monotonic()
                viewer.send(json.dumps({"type": "ping", "id": number}))
                answered = False
                while time.monotonic() < began + PONG_TIMEOUT:
                    data = viewer.recv(timeout=began + PONG_TIMEOUT - time.monotonic(), decode=False)
                    if data.startswith(b'{"type":"pong"') and json.loads(data).get("id") == number:
                        answered = True
                        break
                if answered:
                    trips.append(time.monotonic() - began)
                else:
                    missed += 1
                time.sleep(max(0.0, began + PING_INTERVAL - time.monotonic()))
    except Exception as failure:  # noqa: BLE001  (whatever ends it is the figure)
        error = f"{type(failure).__name__}: {failure}"
    results.send((trips, missed, error))


class Bystander:
    """ping_for in a spawned process, from `with` to its end."""

    def __init__(self, port):
        context = multiprocessing.get_context("spawn")
        self._receiving, sending = context.Pipe(duplex=False)
        self._stopping = context.Event()
        self._process = context.Process(target=ping_for, args=(port, self._stopping, sending), daemon=True)
        self.trips, self.missed, self.error = [], 0, None

    def __enter__(self):
        """Starts the bystander and returns once it is connected (or failed), so that its start (a Python
        process importing its modules, on a 2-core machine) is not part of what the phase measures."""
        self._process.start()
        self._report = self._receiving.recv() if self._receiving.poll(30) else None
        if self._report == "connected":
            self._report = None
            time.sleep(0.5)
        return self

    def __exit__(self, *_):
        self.stop()

    def stop(self):
        """Stops the pings and takes their figures; once."""
        if self._stopping.is_set():
            return
        self._stopping.set()
        if self._report is not None:
            self.trips, self.missed, self.error = self._report
        elif self._receiving.poll(PONG_TIMEOUT + 10):
            self.trips, self.missed, self.error = self._receiving.recv()
        else:
            self.error = "the bystander never reported"
        self._process.join(5)

    def figures(self):
        return (f"bystander: {len(self.trips):,} pings, round trip worst {max(self.trips, default=0) * 1000:.1f} ms, "
                f"p99 {percentile(self.trips, 0.99) * 1000:.1f} ms, median {percentile(self.trips, 0.5) * 1000:.2f} "
                f"ms, missed {self.missed}" + (f", ended by {self.error}" if self.error else ""))

    def failures(self):
        failures = []
        if self.missed or self.error:
            failures.append(f"the bystander missed {self.missed} pongs" + (f" ({self.error})" if self.error else ""))
        return failures


def children(pid):
    """(pid, state, cmdline, RSS in MiB) of every process whose parent is `pid`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            if int(fields[1]) != pid:
                continue
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode(errors="replace")
            rss = 0.0
            with open(f"/proc/{entry}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        rss = int(line.split()[1]) / 1024
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
        found.append((int(entry), fields[0], command, rss))
    return found


def thread_schedules(pid):
    """{thread id: (name, s on a CPU, s waiting for one)} of process `pid`, from /proc/PID/task/*/schedstat."""
    schedules = {}
    for thread in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{thread}/comm") as comm, open(f"/proc/{pid}/task/{thread}/schedstat") as stat:
                name, (running, waiting) = comm.read().strip(), stat.read().split()[:2]
        except (OSError, ValueError):
            continue
        schedules[thread] = (name, int(running) / 1e9, int(waiting) / 1e9)
    return schedules


def workers(pid):
    """The server's children that are render workers, or zombies (a zombie's command line is empty)."""
    return [child for child in children(pid) if "render-worker" in child[2] or child[1] == "Z"]


class Watch:
    """A thread sampling the server while a phase runs: its RSS every 50 ms, its render workers (how many
    at once, each one's RSS) every 50 ms, and /stats every second (the largest
    `longestTurnMsLastMinute`)."""

    def __init__(self, server):
        self.server = server
        self.baseline = server.rss()
        self.rss_peak = self.baseline
        self.turn_peak = 0.0
        self.turn_at_start = server.stats()["longestTurnMs"]
        self.turn_rises = []  # (s into the phase, longestTurnMsLastMinute) each time the largest grew past 20 ms
        self.workers_seen = set()
        self.workers_at_once = 0
        self.worker_rss_peak = 0.0
        self.cpu_from = cpu_seconds(server.pid)
        self.load_from = os.getloadavg()[0]
        self.schedules_from = thread_schedules(server.pid)
        self.began = time.monotonic()
        self.died = None
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *_):
        self._stopping.set()
        self._thread.join()
        self.took = time.monotonic() - self.began
        self.cpu = cpu_seconds(self.server.pid) - self.cpu_from if self.died is None else float("nan")
        # Each server thread's time on a CPU and waiting for one over the phase, the busiest first.
        before = self.schedules_from
        after = thread_schedules(self.server.pid) if self.died is None else {}
        self.threads = sorted(((name, running - before.get(thread, ("", 0.0, 0.0))[1],
                                waiting - before.get(thread, ("", 0.0, 0.0))[2])
                               for thread, (name, running, waiting) in after.items()), key=lambda t: -t[1])

    def _run(self):
        next_stats = 0.0
        while not self._stopping.wait(0.05):
            code = self.server.process.poll()
            if code is not None:
                self.died = f"the server exited with status {code}"
                return
            try:
                self.rss_peak = max(self.rss_peak, self.server.rss())
            except OSError:
                continue
            running = [child for child in workers(self.server.pid) if child[1] != "Z"]
            self.workers_seen.update(child[0] for child in running)
            self.workers_at_once = max(self.workers_at_once, len(running))
            self.worker_rss_peak = max([self.worker_rss_peak] + [child[3] for child in running])
            if time.monotonic() >= next_stats:
                next_stats = time.monotonic() + 1.0
                try:
                    turn = self.server.stats()["longestTurnMsLastMinute"]
                except (OSError, ValueError, KeyError):
                    continue
                if turn > max(self.turn_peak, 20.0):
                    self.turn_rises.append((time.monotonic() - self.began, turn))
                self.turn_peak = max(self.turn_peak, turn)

    def figures(self):
        """The figures; read once the phase's clients are gone."""
        stats = self.server.stats()
        rises = ", ".join(f"{turn:.1f} ms by {at:.0f} s" for at, turn in self.turn_rises)
        return (f"loop: longestTurnMs {self.turn_at_start:.2f} ms before the phase, {stats['longestTurnMs']:.2f} ms "
                f"after it; longestTurnMsLastMinute at most {self.turn_peak:.2f} ms (sampled each second"
                + (f"; over 20 ms: {rises}" if rises else "") + f"), {stats['longestTurnMsLastMinute']:.2f} ms at the "
                f"end (the minute before it, without the setup when the phase lasts 60 s); server RSS baseline {self.baseline:.1f} MiB, "
                f"peak {self.rss_peak:.1f} MiB (sampled every 50 ms), end {self.server.rss():.1f} MiB; server CPU "
                f"{self.cpu:.2f} s in {self.took:.1f} s (threads, on a CPU / waiting for one: "
                + ", ".join(f"{name} {running:.1f}/{waiting:.1f} s" for name, running, waiting in self.threads[:4])
                + f"); this machine's load average {self.load_from:.1f} at the start, "
                f"{os.getloadavg()[0]:.1f} at the end ({os.cpu_count()} CPUs)")


class Client:
    """A sync websockets connection whose messages a thread reads as they come: frames counted, the rest
    parsed and queued for `expect`."""

    def __init__(self, port, session):
        self.ws = connect(f"ws://127.0.0.1:{port}/ws?session={session}", max_size=None, max_queue=None,
                          open_timeout=10)
        self.messages = queue.Queue()
        self.frames = 0
        self.closed = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        self.expect(lambda message: message.get("type") == "welcome", 10)

    def _read(self):
        try:
            while True:
                data = self.ws.recv(decode=False)
                if data.startswith(b'{"type":"frame"'):
                    self.frames += 1
                else:
                    self.messages.put(json.loads(data))
        except Exception:  # noqa: BLE001  (closed, by either side)
            self.closed.set()

    def expect(self, matches, timeout, seen=None):
        """The first message `matches` takes, dropping the others (each given to `seen` first); None after
        `timeout` s or once the connection closed."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                message = self.messages.get(timeout=min(0.1, max(0.001, deadline - time.monotonic())))
            except queue.Empty:
                if self.closed.is_set():
                    return None
                continue
            if seen:
                seen(message)
            if matches(message):
                return message
        return None

    def send_paced(self, messages, rate=SEND_RATE):
        began = time.monotonic()
        for index, message in enumerate(messages):
            ahead = began + index / rate - time.monotonic()
            if ahead > 0:
                time.sleep(ahead)
            self.ws.send(message)

    def upload(self, name, data):
        """The server's answer to `data` uploaded as an image: `image`, or an error with `ref` `image`."""
        self.ws.send(json.dumps({"type": "image", "bytes": len(data), "name": name}))
        self.send_paced([data[start:start + 16_000] for start in range(0, len(data), 16_000)])
        return self.expect(lambda m: m.get("type") == "image" or is_error_for("image")(m), 20)

    def close(self):
        self.ws.close()


def is_error_for(ref):
    return lambda message: message.get("type") == "error" and message.get("ref") == ref


def outcome(message):
    """A message's kind for the tallies: its type, or an error's code."""
    if message is None:
        return "no answer"
    return message["code"] if message.get("type") == "error" else message["type"]


# --- render-attacks

def public_with_hostile_banners(folder):
    """A copy of public/ in `folder` whose banners/ holds every hostile SVG as `hostile-NAME.svg`: a name
    items may give, so a render's worker reads them from disk itself."""
    public = Path(folder) / "public"
    shutil.copytree(ROOT / "public", public)
    for svg in sorted(HOSTILE_SVG.glob("*.svg")):
        shutil.copy(svg, public / "banners" / f"hostile-{svg.name}")
    return public


class RenderTally:
    def __init__(self):
        self.lock = threading.Lock()
        self.uploads = collections.Counter()  # (hostile or benign, outcome)
        self.refused = collections.Counter()  # image_refused's `refused`
        self.kept_hostile = []
        self.renders = collections.Counter()
        self.places = collections.Counter()
        self.worker_gone_in = []  # s from a viewer leaving mid-render to its worker gone (reaped)
        self.drawn_in = []  # s from the last part to `rendered`
        self.failed_reasons = collections.Counter()

    def add(self, counter, key, amount=1):
        with self.lock:
            counter[key] += amount


def render_attacker(port, server_pid, number, deadline, hostile, benign, tally):
    rng = random.Random(number)
    session = f"render-{number}"
    round_ = 0
    while time.monotonic() < deadline:
        round_ += 1
        try:
            client = Client(port, session)
        except Exception as failure:  # noqa: BLE001
            tally.add(tally.renders, f"connect failed: {type(failure).__name__}")
            time.sleep(0.5)
            continue
        try:
            name, data = hostile[(number + round_ * RENDER_ATTACKERS) % len(hostile)]
            answer = client.upload(name, data)
            tally.add(tally.uploads, ("hostile", outcome(answer)))
            if answer and answer.get("refused"):
                tally.add(tally.refused, answer["refused"])
            if answer and answer.get("type") == "image":
                with tally.lock:
                    tally.kept_hostile.append(name)
            benign_name, benign_data = benign[round_ % len(benign)]
            kept = client.upload(benign_name, benign_data)
            tally.add(tally.uploads, ("benign", outcome(kept)))
            images = ["media:" + hashlib.sha256(data).hexdigest(), kept.get("image", "") if kept else "",
                      f"banners/hostile-{name}", "banners/spring-sale.svg"]
            recording = double_flick()
            for index, item in enumerate(recording["checkpoint"]["items"]):
                item["image"] = images[index % len(images)]
            if round_ % 2 == 0:
                recording["checkpoint"]["config"] = {"itemWidth": 8000, "itemHeight": 8000}
            leaving = rng.random() < 1 / 3

            def seen(message):
                if message.get("type") == "renderQueued":
                    tally.add(tally.places, message["place"])

            client.send_paced(recording_parts("render", json.dumps(recording), format=rng.choice(["webp", "gif"])))
            sent = time.monotonic()
            if leaving:
                # Drawn now (place 0), or 3 s in line: then gone, at a random moment of the drawing.
                now = client.expect(lambda m: m.get("type") == "renderQueued" and m["place"] == 0
                                    or m.get("type") == "rendered" or is_error_for("render")(m), 3, seen)
                time.sleep(rng.uniform(0, 0.5))
                drawing = now is not None and now.get("type") == "renderQueued" and client.messages.empty()
                # One render is drawn at a time: the worker running now is this viewer's.
                mine = {child[0] for child in workers(server_pid) if child[1] != "Z"} if drawing else set()
                client.close()
                left = time.monotonic()
                while mine & {child[0] for child in workers(server_pid)} and time.monotonic() < left + WORKER_GRACE:
                    time.sleep(0.005)
                if mine:
                    with tally.lock:
                        tally.worker_gone_in.append(time.monotonic() - left)
                tally.add(tally.renders, "left mid-render" if drawing else "left in line or answered")
                continue
            answer = client.expect(lambda m: m.get("type") == "rendered" or is_error_for("render")(m),
                                   ANSWER_TIMEOUT, seen)
            tally.add(tally.renders, outcome(answer))
            if answer and answer.get("type") == "rendered":
                with tally.lock:
                    tally.drawn_in.append(time.monotonic() - sent)
            elif answer and answer.get("code") == "render_failed":
                tally.add(tally.failed_reasons, answer.get("message", "")[:100])
        except Exception as failure:  # noqa: BLE001  (a tally, not a crash of the soak)
            tally.add(tally.renders, f"client failed: {type(failure).__name__}: {failure}"[:120])
        finally:
            client.close()


def render_attacks(binary, Server):
    """The render-attacks phase; returns its failures."""
    hostile = [(svg.name, svg.read_bytes()) for svg in sorted(HOSTILE_SVG.glob("*.svg"))]
    benign = [(svg.name, svg.read_bytes()) for svg in sorted(BENIGN_SVG.glob("*.svg"))]
    tally = RenderTally()
    with tempfile.TemporaryDirectory(prefix="soak-render-") as folder, \
            Server(binary, "--public", str(public_with_hostile_banners(folder))) as server:
        time.sleep(0.3)
        with Bystander(server.port) as bystander, Watch(server) as watch:
            time.sleep(1.0)  # the bystander connected and pinging before the first attack
            deadline = time.monotonic() + SECONDS
            attackers = [threading.Thread(target=render_attacker, args=(server.port, server.pid, number, deadline, hostile,
                                                                        benign, tally), daemon=True)
                         for number in range(RENDER_ATTACKERS)]
            for attacker in attackers:
                attacker.start()
            for attacker in attackers:
                attacker.join(SECONDS + ANSWER_TIMEOUT + 30)
            closed = time.monotonic()
            left_at_close = workers(server.pid)
            while workers(server.pid) and time.monotonic() < closed + WORKER_GRACE:
                time.sleep(0.05)
            gone_in = time.monotonic() - closed
            left = workers(server.pid)
        print(f"render-attacks: {RENDER_ATTACKERS} attackers for {SECONDS:g} s; {bystander.figures()}", flush=True)
        print(f"render-attacks: {watch.figures()}", flush=True)
        uploads = ", ".join(f"{kind} {what} {count}" for (kind, what), count in sorted(tally.uploads.items()))
        print(f"render-attacks: uploads: {uploads}; refused constructs {dict(sorted(tally.refused.items()))}",
              flush=True)
        drawn = tally.drawn_in
        print(f"render-attacks: renders: {dict(sorted(tally.renders.items()))}; render_failed reasons "
              f"{dict(tally.failed_reasons)}; renderQueued places seen {dict(sorted(tally.places.items()))}; "
              f"drawn in median {percentile(drawn, 0.5):.2f} s, at most {max(drawn, default=float('nan')):.2f} s "
              f"after the last part", flush=True)
        gone = tally.worker_gone_in
        print(f"render-attacks: a viewer left mid-render {len(gone)} times: its worker gone (reaped) in median "
              f"{percentile(gone, 0.5) * 1000:.0f} ms, at most {max(gone, default=float('nan')) * 1000:.0f} ms",
              flush=True)
        print(f"render-attacks: render workers: {len(watch.workers_seen)} started, at most {watch.workers_at_once} "
              f"at once, largest worker RSS {watch.worker_rss_peak:.0f} MiB; {len(left_at_close)} running when the "
              f"last attacker closed, {len(left)} after {gone_in:.2f} s" + (f": {left}" if left else ""), flush=True)
        failures = bystander.failures()
        if watch.died or server.process.poll() is not None:
            failures.append(watch.died or "the server exited")
        if any(took >= WORKER_GRACE for took in gone):
            failures.append(f"a worker outlived its viewer by {WORKER_GRACE:g} s or more")
        if left:
            failures.append(f"{len(left)} render workers (or zombies) left {WORKER_GRACE:g} s after the phase: {left}")
        if tally.kept_hostile:
            failures.append(f"hostile SVGs kept: {sorted(set(tally.kept_hostile))}")
        if not tally.renders.get("rendered"):
            failures.append("no render was drawn")
    return failures


# --- loop-attacks

def replay_sender(port, number, deadline, parts, tally, lock):
    client = Client(port, f"replay-flood-{number}")
    try:
        while time.monotonic() < deadline:
            client.send_paced(parts)
            answer = client.expect(lambda m: m.get("type") == "replay" and m.get("state") == "started"
                                   or is_error_for("replay")(m), ANSWER_TIMEOUT)
            with lock:
                tally[outcome(answer) if outcome(answer) != "replay" else "started"] += 1
            client.ws.send(json.dumps({"type": "replay", "action": "stop"}))
    finally:
        client.close()


def seeker(clients, deadline, tally, lock):
    """Seeks every client's paused replay to its end and back, SEEK_RATE a second each: to SEEK_SHORT_OF_END
    ms before the end, since a paused replay seeked to its very end is sometimes finished (and every seek
    after it refused: no replay is playing)."""
    began = time.monotonic()
    count = 0
    while time.monotonic() < deadline:
        for client, duration in clients:
            client.ws.send(json.dumps({"type": "replay", "action": "seek", "ms": max(0.0, duration - SEEK_SHORT_OF_END) if count % 2 else 0}))
        count += 1
        time.sleep(max(0.0, began + count / SEEK_RATE - time.monotonic()))
    with lock:
        tally["seeks"] += count * len(clients)


def loop_attacks(binary, Server):
    """The loop-attacks phase; returns its failures."""
    text = big_recording()
    parts = recording_parts("replay", text, speed=1)
    tally, lock = collections.Counter(), threading.Lock()
    failures = []
    seek_text = text if SEEK_RECORDING == "big" else Path(SEEK_RECORDING).read_text()
    with Server(binary) as server, Bystander(server.port) as bystander:
        # The three seekers' sessions: the recording sent, started and paused, one after the other (the
        # server reads two recordings at once at most). The bystander pings from here on: a server whose
        # only sessions hold paused replays counts the time it waits between two wakes in its longest
        # turn (/stats said 1,985 ms after 2 s idle, at no CPU), and the pings keep those waits short.
        paused = []
        for index in range(3 if "seeks" in LOOP_ATTACKS else 0):
            client = Client(server.port, f"seek-{index}")
            client.send_paced(recording_parts("replay", seek_text, speed=1))
            started = client.expect(lambda m: m.get("type") == "replay" and m.get("state") == "started"
                                    or is_error_for("replay")(m), ANSWER_TIMEOUT)
            if not started or started.get("type") != "replay":
                failures.append(f"a seeker's replay did not start: {started}")
                continue
            client.ws.send(json.dumps({"type": "replay", "action": "pause"}))
            paused.append((client, started["durationMs"]))
        with Watch(server) as watch:
            time.sleep(1.0)
            deadline = time.monotonic() + SECONDS
            attackers = [threading.Thread(target=replay_sender, args=(server.port, number, deadline, parts, tally,
                                                                      lock), daemon=True)
                         for number in range(2 if "replays" in LOOP_ATTACKS else 0)]
            if paused:
                attackers.append(threading.Thread(target=seeker, args=(paused, deadline, tally, lock), daemon=True))
            for attacker in attackers:
                attacker.start()
            for attacker in attackers:
                attacker.join(SECONDS + ANSWER_TIMEOUT + 30)
        bystander.stop()  # its figures: from the seekers' setup to the end
        limited, first = collections.Counter(), {}
        for client, _ in paused:
            while not client.messages.empty():
                message = client.messages.get()
                if message.get("type") == "error":
                    limited[message.get("code")] += 1
                    first.setdefault(message.get("code"), message.get("message"))
            client.close()
        print(f"loop-attacks: {', '.join(sorted(LOOP_ATTACKS))}: {len(text) / 1e6:.1f} MB recordings ({len(parts)} "
              f"parts) sent, seeking in a recording of {len(seek_text) / 1e3:.0f} KB, for {SECONDS:g} s; "
              f"{bystander.figures()}", flush=True)
        print(f"loop-attacks: {watch.figures()}", flush=True)
        replays = {kind: count for kind, count in tally.items() if kind != "seeks"}
        print(f"loop-attacks: replays sent by the two connections: {replays}; {tally['seeks']:,} seeks sent, "
              f"errors the seekers got {dict(limited)}"
              + "".join(f"; first {code}: {text!r}" for code, text in first.items()), flush=True)
        failures += bystander.failures()
        if watch.died or server.process.poll() is not None:
            failures.append(watch.died or "the server exited")
        refused = {kind: count for kind, count in tally.items() if kind not in ("started", "seeks")}
        if refused:
            failures.append(f"replays not started: {refused}")
    return failures


PHASES = {
    "render-attacks": render_attacks,
    "loop-attacks": loop_attacks,
}
