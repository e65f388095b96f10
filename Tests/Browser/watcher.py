"""A second viewer of a session for the browser tests: what the session sent, seen over a
WebSocket of its own, to check the page against (conftest.py's `watch` fixture opens them)."""

import json
import threading

from sockets import open_socket


class Watcher:
    """A second viewer of the session over its own WebSocket: every frame it receives, parsed,
    and `send` for configuring the session."""

    def __init__(self, server, session):
        self.url = f"ws://127.0.0.1:{server.port}/ws?session={session}"
        self.connection = None
        self.messages = []
        self.lock = threading.Lock()
        self.connected = threading.Event()
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()
        assert self.connected.wait(timeout=10), "the watcher could not connect"

    def read(self):
        with open_socket(self.url) as connection:
            self.connection = connection
            self.connected.set()
            try:
                for text in connection:
                    with self.lock:
                        self.messages.append(json.loads(text))
            except Exception:  # closed at the end of the test
                pass

    @property
    def frames(self):
        with self.lock:
            return [message for message in self.messages if message["type"] == "frame"]

    def send(self, message):
        self.connection.send(json.dumps(message))

    def close(self):
        self.connection.close()
        self.thread.join(timeout=5)
