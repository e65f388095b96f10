"""A team's set-up (deploy/): two servers behind nginx, started with deploy/cluster.py's own
functions. Every viewer of a session reaches the same worker, sessions spread over both, nginx
serves the page and refuses nothing the server would accept (and a foreign page's handshake still
fails). When a worker dies, its pages reconnect through nginx to the other worker and rebuild their
carousels from their links, while the other worker's sessions notice nothing."""

import json
import os
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from contextlib import ExitStack
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import BINARY, ROOT, Server, free_port
from page_helpers import SocketWatch
from websockets.exceptions import InvalidStatus

sys.path.insert(0, str(ROOT / "deploy"))
import cluster as deployment  # noqa: E402  (deploy/cluster.py)
from sockets import open_socket  # noqa: E402

TUNED = "preset=coverflow&spacing=23&items=7"


def nginx_or_skip():
    if deployment.find_nginx():
        return
    # `make browser-test` installs it (cluster-deps); a bare pytest run tries the same once.
    installed = subprocess.run(["make", "-s", "cluster-deps"], cwd=ROOT, capture_output=True, text=True)
    if installed.returncode != 0 or not deployment.find_nginx():
        pytest.skip(f"nginx is not installed and `make cluster-deps` could not install it: {installed.stderr[-500:]}")


class Cluster:
    def __init__(self, workers, nginx, port):
        self.workers = workers  # [(name, port, Popen)]
        self.nginx = nginx
        self.port = port
        self.origin = f"http://127.0.0.1:{port}"

    def url(self, query=""):
        return f"{self.origin}/{query}"

    def viewer(self, session, origin=None):
        """A WebSocket viewer of `session` through nginx, from the cluster's own page by default."""
        return open_socket(
            f"ws://127.0.0.1:{self.port}/ws?session={session}", origin=origin or self.origin, compression=None
        )

    def worker_of(self, session):
        """The worker nginx sends `session` to (the same hash as the WebSocket's)."""
        return get_json(f"{self.origin}/stats?session={session}")["worker"]

    def stats(self, name):
        port = next(port for worker, port, _ in self.workers if worker == name)
        return get_json(f"http://127.0.0.1:{port}/stats")

    def process(self, name):
        return next(process for worker, _, process in self.workers if worker == name)


@pytest.fixture
def cluster(tmp_path):
    nginx_or_skip()
    workers = deployment.start_workers(BINARY, 2, ROOT / "public")
    nginx = None
    try:
        port = free_port()
        config = tmp_path / "nginx.conf"
        config.write_text(
            deployment.render_config(
                [port for _, port, _ in workers],
                "127.0.0.1",
                port,
                ROOT / "public",
                tmp_path,
                deployment.endpoint_paths(BINARY),
                deployment.page_policy(BINARY),
            )
        )
        nginx = deployment.start_nginx(config)
        yield Cluster(workers, nginx, port)
    finally:
        deployment.stop([nginx] if nginx else [])
        deployment.stop([process for _, _, process in workers])


def get(url):
    with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(url, timeout=10) as response:
        return response.status, response.headers, response.read()


def get_json(url):
    return json.loads(get(url)[2])


def receive(connection, wanted, timeout=10):
    """Messages up to and including the first of type `wanted`; the last is it."""
    messages = []
    while True:
        messages.append(json.loads(connection.recv(timeout=timeout)))
        if messages[-1]["type"] == wanted:
            return messages


def join(cluster, session, stack):
    """A viewer that has joined (closed with `stack`): its welcome and the `viewers` count that follows it."""
    connection = stack.enter_context(cluster.viewer(session))
    welcome = receive(connection, "welcome")[-1]
    count = receive(connection, "viewers")[-1]["count"]
    return connection, welcome, count


def test_every_viewer_of_a_session_reaches_one_worker_and_sessions_spread(cluster):
    with ExitStack() as stack:
        for number in range(20):
            session = f"team-{number:02d}"
            joined = [join(cluster, session, stack) for _ in range(3)]
            workers = {welcome["worker"] for _, welcome, _ in joined}
            assert len(workers) == 1 and workers <= {"w1", "w2"}, (session, workers)
            _, last, count = joined[-1]
            assert last["session"] == session and last["viewers"] == 3 and count == 3
            assert workers == {cluster.worker_of(session)}
        held = {name: cluster.stats(name) for name, _, _ in cluster.workers}
        assert all(stats["worker"] == name for name, stats in held.items())
        assert all(stats["sessions"] > 0 for stats in held.values()), held
        assert sum(stats["sessions"] for stats in held.values()) == 20, held
        assert sum(stats["connections"] for stats in held.values()) == 60, held


def test_nginx_serves_the_page_and_passes_health_through(cluster):
    for path, kind in [
        ("", "text/html"),
        ("js/main.js", "application/javascript"),
        ("banners/spring-sale.svg", "image/svg+xml"),
        ("style.css", "text/css"),
    ]:
        status, headers, body = get(cluster.url(path))
        assert status == 200 and headers.get_content_type() == kind and body, path
        assert headers["Server"] == "nginx", path
        # The page's policy with the page, as the server sends it; nothing else needs one.
        policy = headers["Content-Security-Policy"]
        assert policy == (deployment.page_policy(BINARY) if kind == "text/html" else None), (path, policy)
    status, _, body = get(cluster.url("healthz"))
    assert status == 200 and body == b"ok"


def test_a_foreign_page_is_refused_through_nginx(cluster):
    # The worker answers a foreign Origin with 403 (a dropped socket would look like a dead worker
    # to nginx, which would mark every worker down for a while), and nginx passes it on.
    for foreign in ["http://evil.test", f"http://127.0.0.1:{cluster.port + 1}", "null"]:
        with pytest.raises(InvalidStatus) as refused, cluster.viewer("team-evil", origin=foreign):
            pass
        assert refused.value.response.status_code == 403, foreign
    # The same request from the cluster's own page is accepted (nginx passes the browser's Host
    # on), at once: no worker was marked down.
    with ExitStack() as stack:
        _, welcome, _ = join(cluster, "team-evil", stack)
    assert welcome["worker"] == cluster.worker_of("team-evil")
    # A tool (no Origin) is no browser, as on a worker.
    with open_socket(f"ws://127.0.0.1:{cluster.port}/ws?session=team-evil") as tool:
        assert json.loads(tool.recv(timeout=10))["type"] == "welcome"


def sessions_on(cluster, worker, count, prefix):
    names = (f"{prefix}-{number}" for number in range(1000))
    return [name for name in names if cluster.worker_of(name) == worker][:count]


def drain(connection):
    messages = []
    while True:
        try:
            messages.append(json.loads(connection.recv(timeout=0)))
        except TimeoutError:
            return messages


def test_pages_of_a_dead_worker_rebuild_their_carousels_on_the_other(cluster, open_page, request):
    doomed, survivor = "w1", "w2"
    moving = sessions_on(cluster, doomed, 2, "moving")
    staying = sessions_on(cluster, survivor, 2, "staying")
    assert len(moving) == 2 and len(staying) == 2

    stack = ExitStack()
    request.addfinalizer(stack.close)
    # Viewers of the survivor's sessions, one of them tuned by a configure of its own.
    viewers = [join(cluster, session, stack) for session in staying]
    assert all(welcome["worker"] == survivor for _, welcome, _ in viewers)
    viewers[0][0].send(json.dumps({"type": "configure", "config": {"spacing": 31}}))
    assert receive(viewers[0][0], "config")[-1]["config"]["spacing"] == 31
    receive(viewers[0][0], "frame")

    pages = []
    for session in moving:
        page = open_page(cluster.url(f"?session={session}&{TUNED}"))
        wait_rebuilt(page)
        pages.append(page)
    # The sockets the pages open from now on, and what they receive.
    watches = {page: SocketWatch(page) for page in pages}
    held = cluster.stats(survivor)["sessions"]

    cluster.process(doomed).send_signal(signal.SIGKILL)
    cluster.process(doomed).wait(timeout=10)

    for page in pages:
        # The page reconnects by itself (connection.js's backoff), nginx sends it to the survivor,
        # and the page's link (the carousel on screen) makes the new session in the handshake.
        welcome = watches[page].wait_for(lambda m: m["type"] == "welcome", what="a welcome")
        assert welcome["worker"] == survivor and welcome["config"]["spacing"] == 23 and len(welcome["items"]) == 7
        assert welcome["link"] == {"applied": ["preset", "spacing", "items"], "ignored": []}
        wait_rebuilt(page)
        assert page.input_value("input[name=spacing]") == "23"
        assert page.input_value("select[name=preset]") == "coverflow"
        assert page.get_attribute("#carousel", "data-count") == "7"
        # Another server process (its `instance`): the page says the motion was lost.
        page.locator(".notice", has_text="The server that held this session is gone").first.wait_for()
        # Links are applied by the server: neither the first visit nor the rebuild sent a configure.
        assert [m for m in open_page.sent(page) if m["type"] == "configure"] == []

    # What the survivor holds now, seen by a fresh watcher through nginx.
    for session in moving:
        with ExitStack() as watching:
            _, welcome, _ = join(cluster, session, watching)
        assert welcome["worker"] == survivor
        assert welcome["config"]["preset"] == "coverflow" and welcome["config"]["spacing"] == 23
        assert len(welcome["items"]) == 7
    assert cluster.stats(survivor)["sessions"] == held + 2

    # The survivor's own viewers saw nothing of it: still open, no welcome, no change of viewers,
    # and the tuned session kept its tuning.
    for index, (connection, _, _) in enumerate(viewers):
        missed = drain(connection)
        assert not [m for m in missed if m["type"] in ("welcome", "viewers", "config")], missed
        assert connection.ping().wait(timeout=5)
        connection.send(json.dumps({"type": "ping", "id": 7}))
        assert receive(connection, "pong")[-1]["id"] == 7
        with ExitStack() as watching:
            _, welcome, _ = join(cluster, staying[index], watching)
        assert welcome["worker"] == survivor and welcome["config"]["spacing"] == (31 if index == 0 else 8)


def wait_rebuilt(page):
    """The page shows the tuned carousel, and its address is the applied link."""
    page.wait_for_function(
        """() => {
            const c = document.querySelector('#carousel');
            const q = new URLSearchParams(location.search);
            return document.body.dataset.connection === 'live' && c.dataset.count === '7' && c.dataset.phase
                && q.get('preset') === 'coverflow' && q.get('spacing') === '23' && q.get('items') === '7'
                && document.querySelector('input[name=spacing]').value === '23';
        }""",
        timeout=15000,
    )


# Holds the page's next connections (they go to a path the server refuses, and the page retries
# with its backoff) while `window.heldSockets` is true; `window.sockets` lists every socket.
HOLD_SOCKETS = """
const Native = window.WebSocket;
window.sockets = [];
window.WebSocket = class extends Native {
    constructor(url, protocols) {
        super(window.heldSockets ? String(url).replace('/ws?', '/held?') : url, protocols);
        window.sockets.push(this);
    }
};
"""


def test_a_session_that_survived_a_reconnect_keeps_what_others_changed_meanwhile(server, open_page):
    session = f"kept-{free_port()}"
    page = open_page(server.url(f"?session={session}&{TUNED}"))
    wait_rebuilt(page)
    page.add_init_script(HOLD_SOCKETS)
    page.reload()
    wait_rebuilt(page)
    page.evaluate("() => { window.heldSockets = true; window.sockets.at(-1).close(); }")
    page.wait_for_function("() => document.body.dataset.connection !== 'live'")
    # Another viewer changes the session while the page is away.
    with open_socket(f"ws://127.0.0.1:{server.port}/ws?session={session}") as other:
        receive(other, "welcome")
        other.send(json.dumps({"type": "configure", "config": {"spacing": 40}}))
        assert receive(other, "config")[-1]["config"]["spacing"] == 40
    page.evaluate("() => { window.heldSockets = false; }")
    # Back in the same session: the page takes its configuration, and its link follows.
    page.wait_for_function(
        """() => document.body.dataset.connection === 'live' && new URLSearchParams(location.search).get('spacing') === '40'
            && document.querySelector('input[name=spacing]').value === '40'""",
        timeout=15000,
    )
    assert [m for m in open_page.sent(page) if m["type"] == "configure"] == []
    # The same server process: nothing to rebuild, nothing to say.
    assert page.locator(".notice", has_text="The server that held this session is gone").count() == 0
    with open_socket(f"ws://127.0.0.1:{server.port}/ws?session={session}") as watcher:
        assert receive(watcher, "welcome")[-1]["config"]["spacing"] == 40


def test_after_a_server_restart_the_page_rebuilds_its_carousel(open_page):
    # One server, no worker name: the page tells a new process by the welcome's `instance`.
    port = free_port()
    running = Server(port).start()
    try:
        session = f"restart-{port}"
        page = open_page(running.url(f"?session={session}&{TUNED}"))
        wait_rebuilt(page)
        watch = SocketWatch(page)
        running.stop()
        page.wait_for_function("() => document.body.dataset.connection !== 'live'")
        running = Server(port).start()
        welcome = watch.wait_for(lambda m: m["type"] == "welcome", timeout=20, what="a welcome")
        assert welcome["config"]["spacing"] == 23 and welcome["link"]["applied"] == ["preset", "spacing", "items"]
        wait_rebuilt(page)
        page.locator(".notice", has_text="The server that held this session is gone").first.wait_for()
        with open_socket(f"ws://127.0.0.1:{port}/ws?session={session}") as watcher:
            welcome = receive(watcher, "welcome")[-1]
        assert welcome["worker"] is None and welcome["config"]["preset"] == "coverflow"
        assert welcome["config"]["spacing"] == 23 and len(welcome["items"]) == 7
        assert [m for m in open_page.sent(page) if m["type"] == "configure"] == []
    finally:
        running.stop()


class ExposedCluster:
    """`deploy/cluster.py --host 0.0.0.0` as `make cluster HOST=0.0.0.0` runs it: one token for
    every worker. Reached only through 127.0.0.1."""

    def __init__(self, tmp_path):
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "deploy" / "cluster.py"),
                "--workers",
                "2",
                "--port",
                str(self.port),
                "--host",
                "0.0.0.0",
                "--binary",
                BINARY,
                "--public",
                str(ROOT / "public"),
                "--allow-host",
                "preview.test",
            ],
            stdout=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        self.lines = []
        while not self.lines or not self.lines[-1].startswith("nginx logs in"):
            line = self.process.stdout.readline()
            assert line, f"cluster.py stopped: {self.lines}"
            self.lines.append(line.rstrip("\n"))
        local = next(line for line in self.lines if line.startswith("  Local:"))
        self.local = local.split(None, 1)[1]
        self.token = parse_qs(urlsplit(self.local).query)["token"][0]
        self.workers = {
            match.group(1): int(match.group(2))
            for match in map(lambda line: re.match(r"\s+(w\d)\s+http://\S+\s+pid (\d+)", line), self.lines)
            if match
        }

    def url(self, query=""):
        return f"http://127.0.0.1:{self.port}/{query}"

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        assert self.process.wait(timeout=20) == 0


def status_with(url, headers):
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(request, timeout=10) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.headers


@pytest.fixture
def exposed_cluster(tmp_path):
    nginx_or_skip()
    running = ExposedCluster(tmp_path)
    yield running
    running.stop()


def test_through_nginx_a_foreign_host_gets_403_and_the_token_is_needed_everywhere(exposed_cluster):
    cluster = exposed_cluster
    assert cluster.local == f"http://127.0.0.1:{cluster.port}/?token={cluster.token}"
    assert any(line.startswith("  Network: http://") for line in cluster.lines), cluster.lines
    bearer = {"Authorization": f"Bearer {cluster.token}"}
    for path in ["", "js/main.js", "stats", "healthz", "access", "ws"]:
        status, _ = status_with(cluster.url(path), {"Host": f"evil.example:{cluster.port}", **bearer})
        assert status == 403, path
    for host in [f"localhost:{cluster.port}", f"127.0.0.1:{cluster.port}", f"preview.test:{cluster.port}"]:
        assert status_with(cluster.url(), {"Host": host, **bearer})[0] == 200, host
    # Without the token: 401 on the page, its files and the worker's endpoints; /healthz answers.
    for path in ["", "js/main.js", "stats", "access"]:
        assert status_with(cluster.url(path), {})[0] == 401, path
    assert status_with(cluster.url("healthz"), {})[0] == 200
    with pytest.raises(InvalidStatus) as refused, open_socket(f"ws://127.0.0.1:{cluster.port}/ws?session=x"):
        pass
    assert refused.value.response.status_code == 401
    # The first visit's cookie comes from a worker, through nginx.
    status, headers = status_with(cluster.url(f"?session=x&token={cluster.token}"), {})
    assert status == 200 and f"carousel-preview-token-{cluster.port}={cluster.token}" in headers["Set-Cookie"]


def test_with_the_cookie_alone_a_page_fails_over_to_the_other_worker(exposed_cluster, open_page):
    cluster = exposed_cluster
    page = open_page(f"{cluster.local}&session=exposed-failover&{TUNED}")
    wait_rebuilt(page)
    assert "token" not in page.url
    watch = SocketWatch(page)
    holder = get_json_with(cluster.url("stats?session=exposed-failover"), cluster.token)["worker"]
    os.kill(cluster.workers[holder], signal.SIGKILL)
    welcome = watch.wait_for(lambda m: m["type"] == "welcome", what="a welcome")
    assert welcome["worker"] != holder
    wait_rebuilt(page)


def get_json_with(url, token):
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(request, timeout=10) as response:
        return json.loads(response.read())
