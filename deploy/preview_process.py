"""One way for scripts to run `carousel-preview serve`: started with `--ready-json` (on port 0 unless
told otherwise), its one ready line read and parsed, its output kept, and stopped cleanly.

    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[N] / "deploy"))  # N: how deep the script is
    from preview_process import start_preview

    with start_preview(binary, ["--public", "public", "--log-level", "warning"]) as server:
        server.port, server.local, server.network, server.token_required, server.pid
        ...

The scripts that use it: deploy/cluster.py (its workers), Benchmarks/report.py, Benchmarks/page_fps.py,
Tests/Browser/conftest.py and Tests/Soak/soak.py. The ready line is docs/protocol/README.md's
`{"ready":true,"port":P,"local":URL|null,"network":[URL,...],"tokenRequired":B}`; no log text is read.
Python's standard library only."""

import collections
import json
import queue
import signal
import subprocess
import threading
import time
from urllib.parse import parse_qs, urlsplit

READY_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0
# How much of the server's output is kept, to show when it fails: the last lines of each stream.
KEPT_LINES = 200


class PreviewStartError(RuntimeError):
    """The server exited, or printed something else, or said nothing, before its ready line; the
    message has its command, exit status, stdout and stderr."""


def _start_thread(target, *arguments):
    """A daemon thread that never takes SIGINT or SIGTERM, so the kernel hands them to the main
    thread (the only one where Python runs signal handlers, and the one a script's sleep is in)."""
    stopping = {signal.SIGINT, signal.SIGTERM}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, stopping)
    try:
        thread = threading.Thread(target=target, args=arguments, daemon=True)
        thread.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
    return thread


class PreviewProcess:
    """A running `carousel-preview serve` (made by `start_preview`).

    process         the subprocess.Popen
    pid             its pid (the server's own, also behind a `taskset` command prefix, which execs it)
    port            the port it listens on
    local           the Local URL (with `?token=` when one is needed), or None
    network         the Network URLs (empty on loopback)
    token_required  whether requests need the token
    token           the token in the Local URL, or None
    ready           the ready line, parsed
    command         the command line it was started with
    """

    def __init__(self, process, command, ready, stdout_tail, stderr_tail, threads):
        self.process = process
        self.command = command
        self.ready = ready
        self.port = ready["port"]
        self.local = ready.get("local")
        self.network = list(ready.get("network") or [])
        self.token_required = bool(ready.get("tokenRequired"))
        self._stdout_tail = stdout_tail
        self._stderr_tail = stderr_tail
        self._threads = threads

    @property
    def pid(self):
        return self.process.pid

    @property
    def token(self):
        if not self.local:
            return None
        values = parse_qs(urlsplit(self.local).query).get("token")
        return values[0] if values else None

    def url(self, path=""):
        """http://127.0.0.1:PORT/path (no token)."""
        return f"http://127.0.0.1:{self.port}/{path}"

    def poll(self):
        return self.process.poll()

    def output(self):
        """What the server printed that was kept (the last lines of stdout after the ready line, and of
        stderr), as text for a failure message."""
        return _describe(self._stdout_tail, self._stderr_tail)

    def stop(self, timeout=STOP_TIMEOUT, signal_number=signal.SIGTERM):
        """Sends `signal_number` (SIGTERM: the server closes its WebSockets with 1001 and exits 0) if it
        is still running, waits up to `timeout` seconds, then SIGKILLs it; returns the exit status."""
        return _stop(self.process, self._threads, timeout, signal_number)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()


def _describe(stdout_tail, stderr_tail):
    stdout = "".join(stdout_tail).rstrip("\n") or "(nothing)"
    stderr = "".join(stderr_tail).rstrip("\n") or "(nothing)"
    return f"stdout:\n{stdout}\nstderr:\n{stderr}"


def _stop(process, threads, timeout, signal_number):
    if process.poll() is None:
        process.send_signal(signal_number)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    # The readers end at end of file; a grandchild holding the pipes open must not keep us here.
    for thread in threads:
        thread.join(timeout=1)
    return process.returncode


def start_preview(binary, arguments=(), *, port=0, command_prefix=(), env=None, ready_timeout=READY_TIMEOUT,
                  on_stdout=None, on_stderr=None, **popen_options):
    """Starts `[*command_prefix, binary, "serve", *arguments, "--port", port, "--ready-json"]` and returns a
    PreviewProcess once its ready line is read. `arguments` must not have --port (pass `port`).

    stdout and stderr are read by threads, so the server never blocks on a full pipe; the last
    KEPT_LINES of each are kept for failure messages. `on_stdout(line)` gets each stdout line after
    the ready line and `on_stderr(line)` each stderr line (the log), e.g. `sys.stderr.write` to show
    it. `popen_options` go to subprocess.Popen (start_new_session, preexec_fn, cwd...).

    Raises PreviewStartError (the server killed if still running) when it exits, or prints anything
    but the ready line first, or is not ready within `ready_timeout` seconds."""
    command = [*map(str, command_prefix), str(binary), "serve", *map(str, arguments), "--port", str(port), "--ready-json"]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, errors="replace", bufsize=1, env=env, **popen_options)
    stdout_tail = collections.deque(maxlen=KEPT_LINES)
    stderr_tail = collections.deque(maxlen=KEPT_LINES)
    first_line = queue.Queue()

    def read_stdout():
        first = True
        for line in process.stdout:
            if first:
                first = False
                first_line.put(line)
                continue
            stdout_tail.append(line)
            if on_stdout:
                on_stdout(line)
        if first:
            first_line.put(None)

    def read_stderr():
        for line in process.stderr:
            stderr_tail.append(line)
            if on_stderr:
                on_stderr(line)

    threads = [_start_thread(read_stdout), _start_thread(read_stderr)]

    def fail(reason, shown_stdout=None):
        status = _stop(process, threads, 2.0, signal.SIGKILL) if process.poll() is None else process.returncode
        stdout = [shown_stdout] if shown_stdout else []
        raise PreviewStartError(f"carousel-preview serve {reason} (exit status {status})\n"
                                f"command: {' '.join(command)}\n{_describe([*stdout, *stdout_tail], stderr_tail)}")

    deadline = time.monotonic() + ready_timeout
    while True:
        try:
            line = first_line.get(timeout=max(0.0, min(0.2, deadline - time.monotonic())))
            break
        except queue.Empty:
            if time.monotonic() >= deadline:
                fail(f"printed no ready line within {ready_timeout:g} s")
    if line is None:
        process.wait()
        for thread in threads:
            thread.join(timeout=1)
        fail("exited before it was ready")
    try:
        ready = json.loads(line)
    except ValueError:
        ready = None
    if not (isinstance(ready, dict) and ready.get("ready") is True and isinstance(ready.get("port"), int)):
        fail("printed something other than its ready line first", line)
    return PreviewProcess(process, command, ready, stdout_tail, stderr_tail, threads)
