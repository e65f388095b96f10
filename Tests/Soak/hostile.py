"""The hostile phases of `make soak` (issue 33, "One viewer cannot stop the room"): what one client can
make the server do to everyone else. soak.py runs them (`forged-recording`, `many-keys`,
`unread-floods`), each against a fresh server, and passes in its Server and RawClient; its docstring
says what each phase does and what fails it. Every figure is printed, for the README.

Server CPU is utime + stime from /proc/PID/stat (in SC_CLK_TCK ticks, so to 10 ms), RSS is VmRSS from
/proc/PID/status. Every client stays under the server's rate limits (SEND_RATE messages a second a
connection), so that what is measured is what the server accepts, not what it drops."""

import asyncio
import json
import os
import threading
import time
import urllib.request

import frames
import websockets

MIB = 1024 * 1024
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

# A message may carry 16 KiB; a replay part is at most PART_CHARACTERS characters and its message at
# most MESSAGE_BUDGET bytes once escaped.
MESSAGE_BUDGET = 16_000
PART_CHARACTERS = 12_000
# Messages a second a connection sends: under RateLimiter.liveRate (1000, in bursts of as many).
SEND_RATE = 950

# forged-recording
HEALTH_INTERVAL = 0.05  # s between two GET /healthz
HEALTH_LIMIT = 1.0  # s: a /healthz that takes this long fails the phase
RSS_MARGIN = 64.0  # MiB
# Reading a recording holds its JSON tree and its decoded steps at once, for a moment: about ten
# times its text (measured 9.6x for 200,000 steps). A recording the server accepts may cost that on
# top of the margin; one it refuses, only the margin.
READ_AMPLIFICATION = 12
ANSWER_LIMIT = 5.0  # s from a recording's last part to its answer (refusal or `replay` `started`)
PLAY_LIMIT = 30.0  # s a replay at the edge may take to finish

# many-keys
CPU_LIMIT = 2.0  # server CPU seconds from first part to the answer
RECORDING_BYTES = 16 * MIB  # the largest recording the server reads (PreviewHub.maximumRecordingBytes)

# unread-floods
READER_QUEUE = 8  # MiB one reader's queue may hold (Outbox.maximumBytes)
ALL_QUEUES = 256  # MiB every reader's queue may hold together (ConnectionTable.maximumQueuedBytes)
PING_READERS = 16
PINGS = 4000  # of each kind, a reader
LONG_PING_ID = 16_000  # characters: the attack's ids (the server now refuses ids over 64 bytes of JSON)
SHORT_PING_ID = 60  # characters: 62 bytes as JSON, within the 64 allowed
FLOOD_SECONDS = 10.0  # the configure and record floods
PING_FLOOD_DEADLINE = 30.0  # s: the ping flood stops sending after this, whatever is left
RECOVERY_WAIT = 10.0  # s for RSS to come back after the flood's connections close


def cpu_times(pid):
    """(utime, stime) of process `pid`, in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()  # fields[0] is field 3, state
    return int(fields[11]) / CLOCK_TICKS, int(fields[12]) / CLOCK_TICKS


def cpu_seconds(pid):
    """utime + stime of process `pid`, in seconds."""
    return sum(cpu_times(pid))


def high_water_mib(pid):
    """VmHWM, the most RSS process `pid` had since it started or since `reset_high_water`, in MiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def reset_high_water(pid):
    """Sets VmHWM back to the current RSS (writing 5 to /proc/PID/clear_refs); False when not allowed."""
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as clear:
            clear.write("5")
        return True
    except OSError:
        return False


def server_alive(server):
    """A failure when the server process has exited, else None."""
    code = server.process.poll()
    return None if code is None else f"the server exited with status {code}"


class Monitor:
    """Threads that watch a server while a phase runs: its RSS every `interval` s (and its VmHWM, which
    no sample misses, when /proc/PID/clear_refs lets it be reset at the start); with `health`, a
    GET /healthz every HEALTH_INTERVAL s, timed; with `stats`, GET /stats every `interval` s, beside
    the RSS read just after. A slow answer delays only its own thread."""

    def __init__(self, server, health=False, stats=False, interval=0.05):
        self.server = server
        self.interval = interval
        self.baseline = server.rss()
        self.high_water = reset_high_water(server.pid)
        self._earlier_high_water = 0.0
        self.rss = [(time.monotonic(), self.baseline)]
        self.health = []  # (seconds the request took, error text or None)
        self.stats = []  # (time, GET /stats, RSS in MiB just after)
        self._stopping = threading.Event()
        self._threads = [threading.Thread(target=self._sample_rss, daemon=True)]
        if health:
            self._threads.append(threading.Thread(target=self._poll_health, daemon=True))
        if stats:
            self._threads.append(threading.Thread(target=self._poll_stats, daemon=True))

    def __enter__(self):
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *_):
        self._stopping.set()
        for thread in self._threads:
            thread.join()

    def _sample_rss(self):
        while not self._stopping.wait(self.interval):
            try:
                self.rss.append((time.monotonic(), self.server.rss()))
            except OSError:  # the server exited; the phase says so
                return

    def _poll_health(self):
        url = f"http://127.0.0.1:{self.server.port}/healthz"
        while not self._stopping.is_set():
            began = time.monotonic()
            try:
                with urllib.request.urlopen(url, timeout=10) as response:
                    error = None if response.status == 200 and response.read() else f"status {response.status}"
            except OSError as failure:
                error = f"{type(failure).__name__}: {failure}"
            self.health.append((time.monotonic() - began, error))
            self._stopping.wait(HEALTH_INTERVAL)

    def _poll_stats(self):
        while not self._stopping.wait(self.interval):
            try:
                stats = self.server.stats()
                self.stats.append((time.monotonic(), stats, self.server.rss()))
            except (OSError, ValueError):
                continue

    def reset_peak(self):
        """Starts the next `peak_since`: VmHWM back to the current RSS (the highest before kept)."""
        if self.high_water:
            self._earlier_high_water = max(self._earlier_high_water, high_water_mib(self.server.pid))
            reset_high_water(self.server.pid)

    def peak_since(self, since):
        """The highest RSS since `since` (a time.monotonic()) and the last reset_peak, sampled or VmHWM."""
        sampled = max((rss for at, rss in list(self.rss) if at >= since), default=0.0)
        return max(sampled, high_water_mib(self.server.pid)) if self.high_water else sampled

    @property
    def how(self):
        """How the peak is known, for the figures."""
        sampled = f"RSS sampled every {self.interval * 1000:.0f} ms"
        return f"VmHWM and {sampled}" if self.high_water else sampled

    @property
    def peak(self):
        """The highest RSS since the monitor began: sampled, or VmHWM when it could be reset."""
        sampled = max(rss for _, rss in list(self.rss))
        if not self.high_water:
            return sampled
        return max(sampled, self._earlier_high_water, high_water_mib(self.server.pid))

    def slowest_health(self):
        return max((took for took, _ in self.health), default=float("nan"))

    def health_failures(self):
        """What broke HEALTH_LIMIT: a slow or failed /healthz."""
        slow = [(took, error) for took, error in self.health if took >= HEALTH_LIMIT or error]
        if not slow:
            return []
        return [f"{len(slow)} of {len(self.health)} GET /healthz took {HEALTH_LIMIT:g} s or more or failed "
                f"(slowest {self.slowest_health():.3f} s; first: {slow[0][0]:.3f} s {slow[0][1] or ''})".rstrip()]

    def at_peak(self, member, since=0.0):
        """(`member` of /stats at the sample since `since` with the highest RSS beside it, the largest
        `member` seen since), in MiB; NaN when /stats never answered or has no such member."""
        known = [(stats[member], rss) for at, stats, rss in list(self.stats) if at >= since and member in stats]
        if not known:
            return float("nan"), float("nan")
        return max(known, key=lambda sample: sample[1])[0] / MIB, max(value for value, _ in known) / MIB


class Viewer:
    """A websockets connection whose messages a task reads as they come: frames counted, and with
    `count_configs` `config` messages too (not parsed: a card feed's are 100 KB), the rest kept (parsed,
    with their arrival time) for `wait_for`."""

    def __init__(self, ws, count_configs=False):
        self.ws = ws
        self.count_configs = count_configs
        self.frames = 0
        self.configs = 0
        self.received_bytes = 0
        self.kept = []
        self.rate_limited = []
        self._arrived = asyncio.Event()
        self._reading = asyncio.create_task(self._read())

    @classmethod
    async def connect(cls, port, query, count_configs=False):
        ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws?{query}", max_size=2**25)
        return cls(ws, count_configs)

    async def _read(self):
        async for data in self._messages():
            self.received_bytes += len(data)
            if data.startswith(b'{"type":"frame"'):
                self.frames += 1
                continue
            if self.count_configs and data.startswith(b'{"type":"config"'):
                self.configs += 1
                continue
            message = json.loads(data)
            if message.get("type") == "error" and message.get("code") == "rate_limited":
                self.rate_limited.append(message)
            self.kept.append((time.monotonic(), message, self.frames))
            self._arrived.set()

    async def _messages(self):
        while True:
            try:
                yield await self.ws.recv(decode=False)
            except websockets.ConnectionClosed:
                self._arrived.set()
                return

    async def wait_for(self, matches, timeout):
        """The first kept message for which `matches(message)` is true, removed with the ones before it,
        as (arrival time, message, frames received before it); None after `timeout` s."""
        deadline = time.monotonic() + timeout
        while True:
            for index, (arrived, message, before) in enumerate(self.kept):
                if matches(message):
                    del self.kept[:index + 1]
                    return arrived, message, before
            if self._reading.done() or time.monotonic() >= deadline:
                return None
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), deadline - time.monotonic())
            except TimeoutError:
                pass

    async def send_paced(self, messages, rate=SEND_RATE):
        """Sends `messages` at most `rate` a second; returns when the last was sent."""
        began = time.monotonic()
        sent = began
        for number, message in enumerate(messages):
            if number:
                ahead = began + number / rate - time.monotonic()
                if ahead > 0:
                    await asyncio.sleep(ahead)
            await self.ws.send(message)
            sent = time.monotonic()
        return sent

    async def close(self):
        self._reading.cancel()
        await self.ws.close()


def replay_parts(text, speed=1):
    """The `replay` messages carrying `text`: parts of at most PART_CHARACTERS characters, each message
    at most MESSAGE_BUDGET bytes."""
    messages = []
    position = 0
    while position < len(text):
        size = PART_CHARACTERS
        while True:
            last = position + size >= len(text)
            message = {"type": "replay", "part": text[position:position + size], "last": last}
            if last:
                message["speed"] = speed
            encoded = json.dumps(message, separators=(",", ":"))
            length = len(encoded.encode())
            if length <= MESSAGE_BUDGET:
                break
            size = max(1, size * MESSAGE_BUDGET // length - 64)
        messages.append(encoded)
        position += size
    return messages


def is_replay_answer(message):
    """An error answering a `replay`, or a replay that started."""
    kind = message.get("type")
    if kind == "error":
        return message.get("ref") == "replay"
    return kind == "replay" and message.get("state") == "started"


# --- forged-recording (F1)

def recording_v1(steps, start):
    """A version 1 recording of a banner session auto-scrolling every 1 ms (every step a tick)."""
    return {"format": "carousel-preview/recording", "version": 1, "session": "f", "clock": "live",
            "preset": "banner", "setup": {"config": {"autoscroll": {"enabled": True, "intervalMs": 1}}},
            "catalogs": {"banners": [{"id": "b0", "title": "B"}, {"id": "b1", "title": "B"}], "cards": []},
            "start": start, "steps": steps}


def forged_cases():
    """(label, session, recording text, whether it must play)."""
    join = {"atNs": 0, "join": 1}
    edge = 1_200 * 10**9  # the longest span a recording may have, in ns
    ticks = 199_999  # with the join, the most steps a recording may have
    many = [join] + [{"atNs": edge * tick // ticks, "tick": True} for tick in range(1, ticks + 1)]
    cases = [
        ("forged: a step before start at 10^15 ns (1,000,000 s)", "forged-far",
         recording_v1([join, {"atNs": 10**15, "tick": True}], 2), False),
        ("forged: a step before start at 2^53 ns", "forged-huge",
         recording_v1([join, {"atNs": 2**53, "tick": True}], 2), False),
        ("edge: the last step at 1,200 s, start 1", "edge-last",
         recording_v1([join, {"atNs": edge, "tick": True}], 1), True),
        (f"edge: {len(many):,} steps over 1,200 s, all but the last before start", "edge-many",
         recording_v1(many, len(many) - 1), True),
    ]
    return [(label, session, json.dumps(recording, separators=(",", ":")), plays)
            for label, session, recording, plays in cases]


async def upload_and_answer(server, session, text):
    """Uploads `text` as a replay in a fresh session, paced; returns (viewer, dict of figures, answer)
    where answer is the first error answering the replay or its `started` (None: none in
    ANSWER_LIMIT s after the last part, or 30 s for a recording over 1 MiB)."""
    viewer = await Viewer.connect(server.port, f"session={session}")
    await viewer.wait_for(lambda message: message.get("type") == "welcome", 5)
    messages = replay_parts(text)
    user, system = cpu_times(server.pid)
    began = time.monotonic()
    sent = await viewer.send_paced(messages)
    answer = await viewer.wait_for(is_replay_answer, ANSWER_LIMIT if len(text) < MIB else 30)
    user_after, system_after = cpu_times(server.pid)
    figures = {"parts": len(messages), "bytes": len(text), "upload": sent - began,
               "answered": (answer[0] - sent) if answer else None, "frames": answer[2] if answer else None,
               "user": user_after - user, "system": system_after - system,
               "cpu": user_after + system_after - user - system, "cpu_from": user + system,
               "began": began, "sent": sent}
    return viewer, figures, answer[1] if answer else None


async def forged_recording_cases(server, monitor):
    failures = []
    for label, session, text, plays in forged_cases():
        monitor.reset_peak()
        viewer, figures, answer = await upload_and_answer(server, session, text)
        answered = figures["answered"]
        head = (f"forged-recording: {label}: {figures['bytes']:,} bytes in {figures['parts']} parts sent in "
                f"{figures['upload']:.2f} s; ")
        played = 0
        if answer is None:
            print(head + f"no answer within {ANSWER_LIMIT:g} s", flush=True)
            failures.append(f"{label}: no answer within {ANSWER_LIMIT:g} s of the last part")
        elif not plays:
            print(head + f"answered {answered * 1000:.1f} ms after the last part with {answer.get('type')} "
                  f"{answer.get('code', answer.get('state'))} (ref {answer.get('ref')}): "
                  f"{answer.get('message', '')!r}; server CPU {figures['cpu']:.2f} s", flush=True)
            if answer.get("type") != "error" or answer.get("code") != "invalid_value":
                failures.append(f"{label}: answered with {answer}, not invalid_value")
        else:
            finished = None
            if answer.get("type") == "replay":
                finished = await viewer.wait_for(lambda message: message.get("type") == "replay" and
                                                 message.get("state") == "finished", PLAY_LIMIT)
            if finished:
                played = finished[2] - figures["frames"]
            print(head + f"answered {answered * 1000:.1f} ms after the last part with "
                  f"{json.dumps(answer)[:160]}; "
                  + (f"finished {finished[0] - figures['sent']:.2f} s after the last part, {played} frames "
                     "between started and finished; " if finished else f"not finished within {PLAY_LIMIT:g} s; ")
                  + f"server CPU {cpu_seconds(server.pid) - figures['cpu_from']:.2f} s", flush=True)
            if answer.get("type") != "replay":
                failures.append(f"{label}: refused ({answer.get('code')}: {answer.get('message')!r}), "
                                "though within the limits")
            elif not finished:
                failures.append(f"{label}: the replay did not finish within {PLAY_LIMIT:g} s")
            elif played == 0:
                failures.append(f"{label}: the replay sent no frame")
        if viewer.rate_limited:
            failures.append(f"{label}: the client was rate-limited (the script sends too fast)")
        await viewer.close()
        await asyncio.sleep(0.3)
        case_peak = monitor.peak_since(figures["began"])
        journal_at_peak, journal_most = monitor.at_peak("journalBytes", figures["began"])
        print(f"forged-recording: {label}: server RSS peak {case_peak:.1f} MiB from its first part until 0.3 s "
              f"after it ended (growth {case_peak - monitor.baseline:.1f} MiB); /stats journalBytes at that peak "
              f"{journal_at_peak:.2f} MiB, largest {journal_most:.2f} MiB", flush=True)
        bound = RSS_MARGIN + (READ_AMPLIFICATION * len(text) / MIB if plays else 0)
        if case_peak - monitor.baseline >= bound:
            failures.append(f"{label}: server RSS grew by {case_peak - monitor.baseline:.1f} MiB "
                            f"({monitor.baseline:.1f} -> {case_peak:.1f} MiB, limit {bound:.0f} MiB) for a recording "
                            f"of {len(text):,} bytes (journalBytes counted at most {journal_most:.2f} MiB)")
    return failures


def forged_recording(binary, Server):
    """F1; returns the failures."""
    with Server(binary) as server:
        time.sleep(0.3)
        with Monitor(server, health=True, stats=True) as monitor:
            failures = asyncio.run(forged_recording_cases(server, monitor))
            time.sleep(0.5)  # /healthz after the last answer too
        growth = monitor.peak - monitor.baseline
        largest_bound = RSS_MARGIN + max(READ_AMPLIFICATION * len(text) / MIB if plays else 0
                                         for _, _, text, plays in forged_cases())
        print(f"forged-recording: GET /healthz every {HEALTH_INTERVAL * 1000:.0f} ms, {len(monitor.health)} "
              f"answered, slowest {monitor.slowest_health() * 1000:.1f} ms (limit {HEALTH_LIMIT * 1000:.0f} ms); "
              f"server RSS start {monitor.baseline:.1f} MiB, peak {monitor.peak:.1f} MiB, end {server.rss():.1f} MiB: "
              f"growth {growth:.1f} MiB (limit {largest_bound:.0f} MiB: {RSS_MARGIN:g} and {READ_AMPLIFICATION} times "
              f"the largest recording accepted; peak from {monitor.how})", flush=True)
        failures += monitor.health_failures()
        if growth >= largest_bound and not any("server RSS grew" in failure for failure in failures):
            failures.append(f"server RSS grew by {growth:.1f} MiB")
        failures += [failure for failure in [server_alive(server)] if failure]
    return failures


# --- many-keys (F2)

def one_object(size):
    """`{"k0":0,"k1":0,...}` with as many distinct keys as fit in `size` bytes; and the key count."""
    members = []
    total = 2
    while True:
        member = f'"k{len(members)}":0'
        if total + len(member) + (1 if members else 0) > size:
            return "{" + ",".join(members) + "}", len(members)
        members.append(member)
        total += len(member) + (1 if len(members) > 1 else 0)


def objects_of(size, keys=1000):
    """`[{"k0":0,...,"k999":0},{"k1000":0,...},...]`: objects of `keys` distinct keys (distinct across
    them too), as many as fit in `size` bytes; and the key count."""
    objects = []
    total = 2
    while True:
        first = len(objects) * keys
        member = "{" + ",".join(f'"k{key}":0' for key in range(first, first + keys)) + "}"
        if total + len(member) + (1 if objects else 0) > size:
            return "[" + ",".join(objects) + "]", len(objects) * keys
        total += len(member) + (1 if objects else 0)
        objects.append(member)


async def many_keys_uploads(server):
    """Each document, then the same text with its first byte an `x` (refused at byte 0: what the upload
    alone costs, the parts and their escapes the same; after the document, so that it is the
    document's upload that meets a fresh server's first allocations)."""
    failures = []
    for size, label in ((MIB, "1 MiB"), (RECORDING_BYTES, "16 MiB")):
        for shape, build in (("one object", one_object), ("objects of 1,000 keys in an array", objects_of)):
            text, keys = build(size)
            assert len(text.encode()) <= size
            session = f"keys-{len(text)}-{'one' if build is one_object else 'array'}"
            viewer, figures, answer = await upload_and_answer(server, session, text)
            if answer is None:
                # What the server spent so far, if it never answers.
                figures["cpu"] = cpu_seconds(server.pid) - figures["cpu_from"]
            await viewer.close()
            control, alone, _ = await upload_and_answer(server, session + "-control", "x" + text[1:])
            await control.close()
            what = (f"{answer.get('code') or answer.get('state')}: {answer.get('message', '')[:120]!r}"
                    if answer else "no answer")
            answered = f"{figures['answered'] * 1000:.0f} ms" if answer else "never"
            print(f"many-keys: {label}, {shape} ({keys:,} keys, {len(text):,} bytes, {figures['parts']} parts "
                  f"sent in {figures['upload']:.2f} s): server CPU {figures['cpu']:.2f} s (user {figures['user']:.2f}, "
                  f"system {figures['system']:.2f}) from the first part to the answer (limit {CPU_LIMIT:g} s); "
                  f"answered {answered} after the last part with {what}; the same upload refused at byte 0 "
                  f"took {alone['cpu']:.2f} s (user {alone['user']:.2f}, system {alone['system']:.2f}), answered "
                  f"{(alone['answered'] or float('nan')) * 1000:.0f} ms after its last part", flush=True)
            if answer is None:
                failures.append(f"{label} {shape}: no answer")
            elif answer.get("type") != "error":
                failures.append(f"{label} {shape}: not refused but {answer}")
            if figures["cpu"] > CPU_LIMIT:
                failures.append(f"{label} {shape}: the server spent {figures['cpu']:.2f} s of CPU")
            if viewer.rate_limited or control.rate_limited:
                failures.append(f"{label} {shape}: the client was rate-limited (the script sends too fast)")
    return failures


def many_keys(binary, Server):
    """F2; returns the failures."""
    with Server(binary) as server:
        time.sleep(0.3)
        with Monitor(server, health=True) as monitor:
            failures = asyncio.run(many_keys_uploads(server))
        print(f"many-keys: server RSS start {monitor.baseline:.1f} MiB, peak {monitor.peak:.1f} MiB, end "
              f"{server.rss():.1f} MiB; slowest GET /healthz meanwhile {monitor.slowest_health() * 1000:.1f} ms",
              flush=True)
        failures += [failure for failure in [server_alive(server)] if failure]
    return failures


# --- unread-floods (F3)

def masked_frame(text, opcode=0x1):
    """One client WebSocket frame of `text`, masked."""
    return frames.masked_frame(text.encode(), opcode)


class Sender(threading.Thread):
    """Sends frames from `frames` (an iterable) on a client that never reads, at most `rate` a second,
    until they run out or `deadline`; notes how many went and why it stopped early."""

    def __init__(self, client, frames, rate, deadline):
        super().__init__(daemon=True)
        self.client, self.frames, self.rate, self.deadline = client, frames, rate, deadline
        self.sent = 0
        self.stopped = None

    def run(self):
        began = time.monotonic()
        try:
            for frame in self.frames:
                if time.monotonic() >= self.deadline:
                    self.stopped = f"the deadline passed after {self.sent:,} messages"
                    return
                self.client.socket.sendall(frame)
                self.sent += 1
                ahead = began + self.sent / self.rate - time.monotonic()
                if ahead > 0.002:
                    time.sleep(ahead)
        except OSError as error:
            # socket.timeout: nothing went out for 5 s (RawClient's timeout). Seen now and then in the ping
            # flood, on one of the 16 connections after 184 pings: that client's own TCP stalls (its 4 KiB
            # receive buffer is full, so it drops the server's segments and with them the window updates;
            # `ss` shows the server's side of it with nothing unread). It hurts only the flooder, and the
            # server drops it at its ping timeout.
            self.stopped = (f"{type(error).__name__} ({error}) after {self.sent:,} messages, "
                            f"{time.monotonic() - began:.1f} s in")


def ping_frames(reader):
    long_frame = masked_frame(json.dumps({"type": "ping", "id": "x" * LONG_PING_ID}))
    for _ in range(PINGS):
        yield long_frame
    for number in range(PINGS):
        yield masked_frame(json.dumps({"type": "ping", "id": f"r{reader:02d}-{number:06d}-".ljust(SHORT_PING_ID, "x")}))


def alternating(first, second, count):
    for number in range(count):
        yield masked_frame(second if number % 2 else first)


def recovery(server, baseline):
    """Polls RSS until it is within RSS_MARGIN of `baseline` or RECOVERY_WAIT s pass; (RSS, seconds).
    Then, within what is left of RECOVERY_WAIT, waits for /stats to count no connection; (connections,
    seconds)."""
    began = time.monotonic()
    while True:
        rss = server.rss()
        waited = time.monotonic() - began
        if rss - baseline <= RSS_MARGIN or waited >= RECOVERY_WAIT:
            break
        time.sleep(0.1)
    while True:
        try:
            connections = server.stats()["connections"]
        except (OSError, ValueError, KeyError):
            connections = float("nan")
        closed = time.monotonic() - began
        if connections == 0 or closed >= RECOVERY_WAIT:
            return (rss, waited), (connections, closed)
        time.sleep(0.1)


def flood(server, label, budget, clients, senders, driver=None):
    """Runs `senders` (threads on `clients`, which never read) and the optional `driver` (a function
    returning its own failures), the server's RSS and queuedBytes sampled throughout; then closes the
    clients and waits for the RSS to come back. Returns the failures."""
    failures = []
    with Monitor(server, stats=True) as monitor:
        began = time.monotonic()
        for sender in senders:
            sender.start()
        if driver:
            failures += driver()
        for sender in senders:
            sender.join()
        took = time.monotonic() - began
        time.sleep(1.0)  # what the server still had to read and answer
        at_close = server.rss()
    peak = max(monitor.peak, at_close)
    queued_at_peak, queued_most = monitor.at_peak("queuedBytes")
    for client in clients:
        try:
            client.close()
        except OSError:
            client.drop()
    (end, waited), (connections, closed) = recovery(server, monitor.baseline)
    try:
        stats = server.stats()
    except OSError:
        stats = {}
    growth = peak - monitor.baseline
    limit = budget + RSS_MARGIN
    sent = sum(sender.sent for sender in senders)
    stopped = [sender.stopped for sender in senders if sender.stopped]
    print(f"unread-floods [{label}]: "
          + (f"{sent:,} messages from the non-readers in {took:.1f} s" if senders else f"{took:.1f} s")
          + (f" ({len(stopped)} of {len(senders)} stopped early, first: {stopped[0]})" if stopped else "") + "; "
          f"server RSS start {monitor.baseline:.1f} MiB, peak {peak:.1f} MiB (growth {growth:.1f} MiB, limit "
          f"{budget:g} + {RSS_MARGIN:g} MiB), end {end:.1f} MiB {waited:.1f} s after closing (limit "
          f"{RSS_MARGIN:g} MiB above the start within {RECOVERY_WAIT:g} s); queuedBytes at the RSS peak "
          f"{queued_at_peak:.2f} MiB, largest {queued_most:.2f} MiB (peak from {monitor.how}); connections "
          f"{connections:.0f} {closed:.1f} s after closing, queuedBytes then "
          f"{stats.get('queuedBytes', float('nan')):.0f}", flush=True)
    if growth > limit:
        failures.append(f"{label}: server RSS grew by {growth:.1f} MiB, more than {budget:g} + {RSS_MARGIN:g} MiB")
    if end - monitor.baseline > RSS_MARGIN:
        failures.append(f"{label}: server RSS {end:.1f} MiB {waited:.1f} s after the flood's connections closed, "
                        f"more than {RSS_MARGIN:g} MiB above the start {monitor.baseline:.1f} MiB")
    failures += [failure for failure in [server_alive(server)] if failure]
    return failures


def ping_flood(binary, Server, RawClient):
    """(a): PING_READERS non-readers, each PINGS pings with LONG_PING_ID-character ids, then PINGS with
    SHORT_PING_ID-character ones."""
    with Server(binary) as server:
        clients = [RawClient(server.port, "/ws?session=pings", receive_buffer=4096) for _ in range(PING_READERS)]
        time.sleep(0.3)
        deadline = time.monotonic() + PING_FLOOD_DEADLINE
        senders = [Sender(client, ping_frames(number), SEND_RATE, deadline) for number, client in enumerate(clients)]
        return flood(server, f"{PING_READERS} non-readers x {PINGS:,} pings with {LONG_PING_ID:,}-character ids "
                     f"+ {PINGS:,} with {SHORT_PING_ID}-character ids", min(PING_READERS * READER_QUEUE, ALL_QUEUES),
                     clients, senders)


def configure_flood(binary, Server, RawClient):
    """(b): in a card feed, a driver sends `configure` itemCount 999 and 1000 alternately at SEND_RATE
    for FLOOD_SECONDS while one non-reader sits in the session."""
    query = "session=cards&layout=cards"
    with Server(binary) as server:
        stuck = RawClient(server.port, f"/ws?{query}", receive_buffer=4096)
        time.sleep(0.3)
        figures = {}

        async def drive():
            driver = await Viewer.connect(server.port, query, count_configs=True)
            await driver.wait_for(lambda message: message.get("type") == "welcome", 5)
            count = int(FLOOD_SECONDS * SEND_RATE)
            messages = (json.dumps({"type": "configure", "itemCount": 999 + number % 2}) for number in range(count))
            began = time.monotonic()
            try:
                await driver.send_paced(messages)
            except websockets.ConnectionClosed as closed:
                figures["closed"] = str(closed)
            figures["took"] = time.monotonic() - began
            await asyncio.sleep(0.5)
            figures["configs"] = driver.configs
            figures["errors"] = [message for _, message, _ in driver.kept if message.get("type") == "error"]
            figures["frames"] = driver.frames
            figures["bytes"] = driver.received_bytes
            await driver.close()

        def driver():
            asyncio.run(drive())
            print(f"unread-floods [configure]: the driver sent {int(FLOOD_SECONDS * SEND_RATE):,} configures "
                  f"(itemCount 999/1000) in {figures['took']:.1f} s and read {figures['configs']:,} configs and "
                  f"{figures['frames']:,} frames ({figures['bytes'] / MIB:.0f} MiB); errors {len(figures['errors'])}"
                  + (f", first {figures['errors'][0]}" if figures["errors"] else "")
                  + (f"; closed: {figures['closed']}" if "closed" in figures else ""), flush=True)
            failures = []
            if "closed" in figures:
                failures.append(f"configure: the driver's connection closed: {figures['closed']}")
            if figures["errors"]:
                failures.append(f"configure: the driver got errors, first {figures['errors'][0]}")
            return failures

        return flood(server, "configure itemCount 999/1000 in a card feed with 1 non-reader", READER_QUEUE,
                     [stuck], [], driver)


def record_flood(binary, Server, RawClient):
    """(c): a non-reader sends `record` `start` and `stop` alternately at SEND_RATE for FLOOD_SECONDS (the
    session takes 20 a second; each one past that is answered with its own rate_limited error, and each
    stop with the recording, all queued for it)."""
    with Server(binary) as server:
        stuck = RawClient(server.port, "/ws?session=records", receive_buffer=4096)
        time.sleep(0.3)
        frames = alternating('{"type":"record","action":"start"}', '{"type":"record","action":"stop"}',
                             int(FLOOD_SECONDS * SEND_RATE))
        sender = Sender(stuck, frames, SEND_RATE, time.monotonic() + FLOOD_SECONDS + 5)
        return flood(server, f"record start/stop from a non-reader for {FLOOD_SECONDS:g} s", READER_QUEUE,
                     [stuck], [sender])


def unread_floods(binary, Server, RawClient):
    """F3: the three floods, each against a fresh server; returns the failures."""
    failures = []
    for run in (ping_flood, configure_flood, record_flood):
        failures += run(binary, Server, RawClient)
    return failures


PHASES = {
    "forged-recording": lambda binary, Server, RawClient: forged_recording(binary, Server),
    "many-keys": lambda binary, Server, RawClient: many_keys(binary, Server),
    "unread-floods": unread_floods,
}
