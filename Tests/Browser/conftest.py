"""Fixtures for the browser tests: the real server (the debug build of carousel-preview) and
headless Chromium from Debian, driven by Playwright."""

import json
import os
import socket
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
# deploy/preview_process.py starts servers and reads their ready line; deploy/cluster.py is imported the same way.
sys.path.insert(0, str(ROOT / "deploy"))
from page_helpers import DRAW_ERROR  # noqa: E402
from preview_process import start_preview  # noqa: E402
from watcher import Watcher  # noqa: E402

OUTPUT = Path(__file__).resolve().parent / "output"
BINARY = os.environ.get("CAROUSEL_PREVIEW_BIN", str(ROOT / ".build" / "debug" / "carousel-preview"))
# A phone: 390 px layout, touch input, mobile viewport handling (pass to `open_page`).
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


class Server:
    """A carousel-preview process (deploy/preview_process.py): `start` waits for its --ready-json
    line and keeps it: `ready` (the line, parsed), `port`, `local` (the Local URL) and `network` (the
    Network URLs), each with the token when one is needed. `port` 0 lets the system pick one."""

    def __init__(self, port=0, host=None, arguments=(), environment=None):
        self.port = port
        self.host = host
        self.arguments = list(arguments)
        self.environment = environment
        self.running = None
        self.ready = None
        self.local = None
        self.network = []

    def start(self):
        arguments = ["--public", str(ROOT / "public"), "--log-level", "warning"]
        if self.host:
            arguments += ["--host", self.host]
        self.running = start_preview(BINARY, arguments + self.arguments, port=self.port, env=self.environment)
        self.ready, self.port = self.running.ready, self.running.port
        self.local, self.network = self.running.local, self.running.network
        return self

    @property
    def process(self):
        return self.running and self.running.process

    @property
    def token(self):
        """The token in the Local URL, or None."""
        return self.running and self.running.token

    def stop(self):
        if self.running and self.running.poll() is None:
            status = self.running.stop()
            assert status == 0, f"the server exited with {status}\n{self.running.output()}"

    def url(self, query=""):
        return f"http://127.0.0.1:{self.port}/{query}"


def keep_text(messages, payload):
    """Keeps a WebSocket message the page sent or got, parsed; an image's binary parts are not JSON."""
    if isinstance(payload, str):
        messages.append(json.loads(payload))


def is_policy_violation(message):
    """Whether a console message is Chromium's word that the page's Content-Security-Policy blocked
    something, or could not be read."""
    return message.type == "error" and "Content Security Policy" in message.text


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def server():
    running = Server().start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def open_page(browser):
    """Opens pages that report any script error as a test failure, and any frame a draw loop could
    not draw (the loops catch their own exceptions and say so with console.error, so no uncaught
    error shows it): a test that feeds a page bad data on purpose calls
    `open_page.tolerate_draw_errors(page)`. `open_page.sent(page)` is the list of messages the
    page has sent to the server so far, parsed; `open_page.received(page)` those it received."""
    contexts = []
    errors = []
    sent = {}
    received = {}
    tolerant = set()

    def on_console(page, message):
        if message.type == "error" and message.text.startswith(DRAW_ERROR) and page not in tolerant:
            errors.append(message.text)
        # Whatever a test does, the page's own policy blocks nothing it does (test_page_policy.py).
        if is_policy_violation(message):
            errors.append(message.text)

    def open_page(url, prepare=None, drawn=True, **options):
        context = browser.new_context(**{"viewport": {"width": 1100, "height": 760}, **options})
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: on_console(page, message))
        messages = sent[page] = []
        answers = received[page] = []

        def on_socket(socket):
            socket.on("framesent", lambda payload: keep_text(messages, payload))
            socket.on("framereceived", lambda payload: keep_text(answers, payload))

        page.on("websocket", on_socket)
        if prepare:
            prepare(page)
        page.goto(url)
        if drawn:
            page.wait_for_selector("#carousel[data-phase]")
        return page

    open_page.sent = lambda page: sent[page]
    open_page.received = lambda page: received[page]
    open_page.tolerate_draw_errors = tolerant.add
    yield open_page
    for context in contexts:
        context.close()
    assert errors == [], errors


def pytest_configure(config):
    config.addinivalue_line("markers", "scales_with_length: runs longer in make test-long (CAROUSEL_TEST_LENGTH=long)")


@pytest.fixture(scope="session")
def output_dir():
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT


@pytest.fixture
def open_capturing_page(browser):
    """Like `open_page`, but the page's WebSocket traffic is captured from the first message:
    `page.received` is every text frame received as (monotonic seconds, text), in order,
    `page.sent` every message sent, parsed, and `page.sockets` its WebSockets (for
    page_helpers.wait_for_socket_frame)."""
    contexts = []
    errors = []

    def open_page(url, prepare=None, drawn=True, **options):
        context = browser.new_context(**{"viewport": {"width": 1100, "height": 760}, **options, "accept_downloads": True})
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on(
            "console",
            lambda message: (
                errors.append(message.text)
                if message.type == "error" and (message.text.startswith(DRAW_ERROR) or is_policy_violation(message))
                else None
            ),
        )
        received = []
        sent = []
        sockets = []

        def on_socket(socket):
            sockets.append(socket)
            socket.on("framereceived", lambda payload: received.append((time.monotonic(), payload)))
            socket.on("framesent", lambda payload: keep_text(sent, payload))

        page.on("websocket", on_socket)
        page.received = received
        page.sent = sent
        page.sockets = sockets
        page.goto(url)
        if drawn:
            page.wait_for_selector("#carousel[data-phase]")
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert errors == [], errors


@pytest.fixture
def watch(server):
    """`watch(session)`: a Watcher of that session on the test's server, closed after the test."""
    watchers = []

    def watch(session):
        watcher = Watcher(server, session)
        watchers.append(watcher)
        return watcher

    yield watch
    for watcher in watchers:
        watcher.close()
