#!/usr/bin/env python3
"""Several carousel-preview processes behind one nginx, on one machine (`make cluster`).

Each worker is a whole server (one event loop, its own sessions); nginx serves the page and sends
every connection of a session to the same worker, chosen by a consistent hash of `?session=`.
When a worker dies, nginx sends its sessions' reconnecting pages to the next worker on the ring,
and the pages rebuild their carousels from their URLs.

    python3 deploy/cluster.py --workers 4 --port 8080 --binary .build/release/carousel-preview

The functions are what the browser tests use: render_config, start_workers, start_nginx, stop
(and find_nginx).
Python's standard library only."""

import argparse
import ctypes
import ipaddress
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

# Its neighbour deploy/preview_process.py, also when this file is loaded from elsewhere (the benchmarks).
if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from preview_process import start_preview  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = Path(__file__).resolve().parent / "nginx.conf"
# Workers listen on loopback only: nginx is the one door.
WORKER_HOST = "127.0.0.1"
# One refused connection marks a worker down for this long, then nginx tries it again.
FAIL_TIMEOUT = "5s"
START_TIMEOUT = 15.0


def _nginx_path(value):
    """A path for a quoted nginx string, refused if nginx would read part of it as something else
    (a quote ends the string, `$` starts a variable)."""
    text = str(Path(value).resolve())
    if re.search(r'["\\$\n]', text):
        raise ValueError(f"cannot put {text!r} in an nginx configuration")
    return text


def _address(host, port):
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def endpoint_paths(binary):
    """The server's own HTTP paths, from its router (`carousel-preview reference endpoint-paths`):
    nginx sends these to a worker, so a new endpoint needs no edit here."""
    listed = subprocess.run([str(binary), "reference", "endpoint-paths"], capture_output=True, text=True, check=True)
    return listed.stdout.split()


def page_policy(binary):
    """The page's Content-Security-Policy, as the server sends it with every HTML answer
    (`carousel-preview reference page-policy`): nginx sends it with the pages it serves."""
    listed = subprocess.run([str(binary), "reference", "page-policy"], capture_output=True, text=True, check=True)
    return listed.stdout.strip()


def render_config(worker_ports, listen_host, listen_port, public_dir, runtime_dir, endpoints, policy):
    """The nginx configuration (deploy/nginx.conf filled in) for workers on `worker_ports` of
    127.0.0.1, nginx listening on listen_host:listen_port, serving `public_dir`, keeping its pid,
    logs and temporary files in `runtime_dir`, routing the server's `endpoints` (paths) to a
    worker, and sending the page's `policy` with the HTML it serves."""
    if not worker_ports:
        raise ValueError("at least one worker")
    if not endpoints or not all(re.fullmatch(r"/[A-Za-z0-9_.-]+/?", path) for path in endpoints):
        raise ValueError(f"endpoint paths must be /name or /folder/: {endpoints}")
    # Written between double quotes in nginx.conf: the policy's single quotes are all it may hold.
    if not re.fullmatch(r"[A-Za-z0-9 ;:'*./-]+", policy):
        raise ValueError(f"the page policy has characters nginx.conf cannot hold: {policy}")
    servers = "\n".join(
        f"        server {WORKER_HOST}:{port} max_fails=1 fail_timeout={FAIL_TIMEOUT};" for port in worker_ports
    )
    values = {
        "USER": "user root;" if os.geteuid() == 0 else "# (not root: the workers run as this user)",
        "RUNTIME": _nginx_path(runtime_dir),
        "LISTEN": _address(listen_host, listen_port),
        "PUBLIC": _nginx_path(public_dir),
        "WORKERS": servers,
        # A path ending in "/" is a folder the server answers every path of (/media/HASH).
        "ENDPOINTS": "^(" + "|".join(re.escape(path) + (".+" if path.endswith("/") else "") for path in endpoints) + ")$",
        "PAGE_POLICY": policy,
    }
    text = TEMPLATE.read_text()
    for name, value in values.items():
        text = text.replace("{{" + name + "}}", value)
    leftover = re.search(r"\{\{\w+\}\}", text)
    if leftover:
        raise ValueError(f"deploy/nginx.conf has an unknown placeholder {leftover.group(0)}")
    return text


# prctl, looked up here: the child between fork and exec only calls it.
try:
    _prctl = ctypes.CDLL(None, use_errno=True).prctl
except (OSError, AttributeError):
    _prctl = None
PR_SET_PDEATHSIG = 1


def _die_with_parent():
    """In the child: SIGTERM when the process that started it dies, even by SIGKILL, so no worker
    outlives its cluster (Linux; elsewhere nothing)."""
    if _prctl is not None:
        _prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM))


def _spawn(command, **options):
    # A session of its own: Ctrl-C in the terminal reaches cluster.py alone, which stops the
    # children in order (nginx first, so no new connection meets a stopping worker).
    return subprocess.Popen(command, start_new_session=True, preexec_fn=_die_with_parent, **options)


def _forwarder(prefix):
    """Copies a worker's later stdout lines to ours, prefixed with its name. They are read by
    preview_process's threads, which never take SIGINT or SIGTERM, so the kernel hands those to the
    main thread (the only one where Python runs signal handlers)."""

    def forward(line):
        sys.stdout.write(f"{prefix} {line}")
        sys.stdout.flush()

    return forward


def _to_stderr(line):
    sys.stderr.write(line)
    sys.stderr.flush()


def is_loopback(host):
    """Whether nginx listening on `host` is reachable from this machine only."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def access_token(host, given=None, disabled=False):
    """The cluster's one token: none on loopback (unless given) or with --no-token; else the given
    one, CAROUSEL_PREVIEW_TOKEN, or 128 new random bits. Every worker gets the same, so the cookie a
    browser got from one works on all of them, and after a failover too."""
    if disabled:
        return None
    given = given or os.environ.get("CAROUSEL_PREVIEW_TOKEN")
    if given:
        return given
    return None if is_loopback(host) else secrets.token_hex(16)


def worker_arguments(listen_host, allowed_hosts=()):
    """What every worker is told about the names it serves: the `--allow-host`s (and nginx's own
    listen name, when it is a name), and nginx's address for the page's network URLs."""
    arguments = []
    names = list(allowed_hosts)
    try:
        ipaddress.ip_address(listen_host.strip("[]"))
    except ValueError:
        if listen_host.lower() != "localhost":
            names.append(listen_host)
    for name in names:
        arguments += ["--allow-host", name]
    if not is_loopback(listen_host):
        arguments += ["--network-host", listen_host]
    return arguments


def start_workers(binary, count, public_dir, log_level="warning", extra_arguments=(), token=None):
    """Starts `count` servers named w1..wN on free loopback ports; returns [(name, port, Popen)]
    once every one listens (its --ready-json line read). Their later stdout is copied to ours,
    prefixed with the name, and their stderr (the log) to our stderr. `token`, when given, goes to
    each through its environment (not its command line, which `ps` shows to every user)."""
    workers = []
    environment = {key: value for key, value in os.environ.items() if key != "CAROUSEL_PREVIEW_TOKEN"}
    if token:
        environment["CAROUSEL_PREVIEW_TOKEN"] = token
    try:
        for number in range(1, count + 1):
            name = f"w{number}"
            # --ready-json: the worker prints its port as one JSON line and no address lines of its own
            # (they would send people past nginx: the cluster prints its own).
            worker = start_preview(
                binary, ["--host", WORKER_HOST, "--public", public_dir, "--worker", name, "--log-level", log_level,
                         *extra_arguments],
                env=environment, ready_timeout=START_TIMEOUT, on_stdout=_forwarder(f"[{name}]"), on_stderr=_to_stderr,
                start_new_session=True, preexec_fn=_die_with_parent,
            )
            workers.append((name, worker.port, worker.process))
    except BaseException:
        stop([process for _, _, process in workers])
        raise
    return workers


def _listen_address(config_text):
    match = re.search(r"^\s*listen\s+([^\s;]+)", config_text, re.M)
    host, _, port = match.group(1).rpartition(":")
    host = host.strip("[]") or "127.0.0.1"
    # A wildcard listens on loopback too.
    return {"0.0.0.0": "127.0.0.1", "::": "::1", "*": "127.0.0.1"}.get(host, host), int(port)


def _accepts(host, port):
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def find_nginx():
    """nginx's path, or None; /usr/sbin is not on everyone's PATH."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


def start_nginx(config_path):
    """Runs nginx in the foreground on `config_path` (its directory is nginx's prefix and runtime
    directory); returns the Popen once its port accepts connections."""
    config_path = Path(config_path).resolve()
    runtime = config_path.parent
    binary = find_nginx()
    if binary is None:
        raise FileNotFoundError("nginx is not installed (make cluster-deps installs Debian's)")
    text = config_path.read_text()
    host, port = _listen_address(text)
    # nginx writes its pid file once it has bound its port: until then, whatever accepts
    # connections there is someone else (nginx retries a busy port for a few seconds, then gives up).
    pid_file = Path(re.search(r'^\s*pid\s+"?([^";]+)"?;', text, re.M).group(1))
    pid_file.unlink(missing_ok=True)
    # -e: errors before the configuration is read (a bad file) go to our stderr, not /var/log.
    process = _spawn([binary, "-c", str(config_path), "-p", f"{runtime}/", "-e", "stderr"])
    deadline = time.monotonic() + START_TIMEOUT
    while not (pid_file.exists() and _accepts(host, port)):
        if process.poll() is not None or time.monotonic() > deadline:
            stop([process])
            log = runtime / "error.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"nginx did not start on {host}:{port} (exit {process.returncode})\n{tail}")
        time.sleep(0.05)
    return process


def stop(processes, timeout=10.0):
    """SIGTERM to every process still running (nginx: fast shutdown; a worker closes its
    WebSockets with 1001), then SIGKILL to any that outlasts `timeout`; returns the exit codes."""
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + timeout
    for process in processes:
        try:
            process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return [process.returncode for process in processes]


def address_lines(listen_host, port, token):
    """The cluster's Local and Network lines, as a worker reckons them for nginx's address (its
    /access, asked through nginx with the token), each URL with the token when there is one."""
    # Asked on loopback: a wildcard listens there too, and a test never leaves this machine.
    local = {"0.0.0.0": "127.0.0.1", "::": "::1", "[::]": "::1"}.get(listen_host, listen_host)
    request = urllib.request.Request(f"http://{_address(local, port)}/access")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=5) as response:
        access = json.load(response)
    suffix = f"?token={token}" if token else ""
    lines = [f"  Local:   {access['local']}{suffix}"] if access["local"] else []
    lines += [f"  Network: {url}{suffix}" for url in access["network"]]
    if not access["beyondLoopback"]:
        lines.append("  Network: not exposed; to open it on a phone, start with HOST=0.0.0.0 (make cluster HOST=0.0.0.0)")
    return lines


def _log(text):
    print(f"{time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


def _watch(nginx, workers, signals):
    """Until SIGINT or SIGTERM (`signals` not empty): reports a worker that dies (nginx routes
    around it) and gives up only when nginx, or every worker, is gone. Returns the exit status."""
    dead = set()
    while not signals:
        time.sleep(0.2)
        for name, port, process in workers:
            if name not in dead and process.poll() is not None:
                dead.add(name)
                _log(f"worker {name} (port {port}) exited with {process.returncode}: "
                     "nginx sends its sessions to the others; their pages reconnect and rebuild from their links")
        if len(dead) == len(workers):
            _log("every worker is gone: stopping")
            return 1
        if nginx.poll() is not None:
            _log(f"nginx exited with {nginx.returncode}: stopping the workers")
            return 1
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="servers to run (default: one per core)")
    parser.add_argument("--host", default="127.0.0.1", help="the address nginx listens on")
    parser.add_argument("--port", type=int, default=8080, help="the port nginx listens on")
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "carousel-preview"))
    parser.add_argument("--public", default=str(ROOT / "public"), help="the page's directory")
    parser.add_argument("--log-level", default="warning", help="the workers' log level")
    parser.add_argument("--allow-host", action="append", default=[],
                        help="also answer this host name (repeatable; passed to every worker)")
    parser.add_argument("--token", help="the access token (default: CAROUSEL_PREVIEW_TOKEN, else a random one "
                                        "when listening beyond loopback)")
    parser.add_argument("--no-token", action="store_true", help="no token even beyond loopback (dangerous)")
    options = parser.parse_args(argv)
    if options.workers < 1:
        parser.error("--workers must be at least 1")

    # The handler only notes the signal: one that took a lock (threading.Event.set) could deadlock
    # with the main thread holding it at that moment.
    signals = []
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, lambda received, _: signals.append(received))

    runtime = Path(tempfile.mkdtemp(prefix="carousel-cluster-"))
    workers, nginx, status = [], None, 1
    try:
        token = access_token(options.host, options.token, options.no_token)
        if options.no_token and not is_loopback(options.host):
            _log(f"warning: --no-token: the cluster on {options.host}:{options.port} is open to anyone who can reach "
                 "this machine: they can join any session, drag, reconfigure and upload recordings")
        workers = start_workers(options.binary, options.workers, options.public, options.log_level,
                                worker_arguments(options.host, options.allow_host), token)
        config = runtime / "nginx.conf"
        config.write_text(render_config([port for _, port, _ in workers], options.host, options.port,
                                        options.public, runtime, endpoint_paths(options.binary),
                                        page_policy(options.binary)))
        nginx = start_nginx(config)
        print(f"carousel-preview cluster on port {options.port} "
              f"(nginx, {len(workers)} worker{'s' if len(workers) > 1 else ''}, sessions hashed by name)")
        for line in address_lines(options.host, options.port, token):
            print(line)
        for name, port, process in workers:
            print(f"  {name}  http://{WORKER_HOST}:{port}/  pid {process.pid}")
        print(f"nginx logs in {runtime}; Ctrl-C stops everything", flush=True)
        status = _watch(nginx, workers, signals)
    except (RuntimeError, OSError, ValueError) as error:
        _log(f"cluster: {error}")
    finally:
        # nginx first: no new connection reaches a worker that is stopping.
        stop([nginx] if nginx else [])
        stop([process for _, _, process in workers])
        shutil.rmtree(runtime, ignore_errors=True)
    if status == 0:
        print("stopped nginx and every worker", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
