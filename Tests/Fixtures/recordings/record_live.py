#!/usr/bin/env python3
"""Records the committed version-2 fixture on a live server, as users would make one: two viewers of
a live coverflow session, the first records; it flicks, the second catches the carousel mid-flight
and flicks it back, the first changes the spacing while it still moves, then presses Next. Writes
checkpoint-drag.recording.json (what the first viewer was sent on `record` `stop`) and
checkpoint-drag.frames.jsonl (the frames it received while recording), which `make test` replays.

    python3 Tests/Fixtures/recordings/record_live.py "$(swift build --show-bin-path)/carousel-preview"
"""
import json
import os
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "Soak"))
from soak import RawClient, Server  # noqa: E402

NAME = "checkpoint-drag"


class Viewer:
    """A WebSocket viewer whose messages a thread reads as they come."""

    def __init__(self, port, path):
        self.client = RawClient(port, path)
        self.client.socket.settimeout(30)
        self.received = []
        self.lock = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        while True:
            try:
                opcode, payload = self.client.receive()
            except (ConnectionError, OSError):
                return
            if opcode == 0x8:
                return
            with self.lock:
                self.received.append(payload.decode())
                self.lock.notify_all()

    def send(self, message):
        self.client.send_text(json.dumps(message, separators=(",", ":")))

    def wait_for(self, predicate, timeout=10):
        with self.lock:
            if not self.lock.wait_for(lambda: any(predicate(text) for text in self.received), timeout):
                raise TimeoutError("the server did not answer")

    def flick(self, start, distance, pointer_type):
        begun = time.monotonic() * 1000
        self.send({"type": "pointer", "phase": "down", "x": start, "y": 90, "t": begun, "pointerType": pointer_type})
        for step in range(1, 7):
            time.sleep(0.016)
            self.send({"type": "pointer", "phase": "move", "x": start + distance * step / 6, "y": 90,
                       "t": time.monotonic() * 1000, "pointerType": pointer_type})
        self.send({"type": "pointer", "phase": "up", "x": start + distance, "y": 90,
                   "t": time.monotonic() * 1000, "pointerType": pointer_type})


def main(binary):
    with Server(binary) as server:
        path = f"/ws?session={NAME}&preset=coverflow"
        first = Viewer(server.port, path)
        first.wait_for(lambda text: text.startswith('{"type":"frame"'))
        second = Viewer(server.port, path)
        second.wait_for(lambda text: text.startswith('{"type":"frame"'))
        time.sleep(0.3)
        first.send({"type": "record", "action": "start"})
        first.wait_for(lambda text: '"type":"record","state":"started"' in text)
        first.flick(300, -180, "touch")
        time.sleep(0.08)  # mid-flight
        second.flick(120, 160, "mouse")
        time.sleep(0.05)
        first.send({"type": "configure", "config": {"spacing": 14}})
        time.sleep(0.8)
        first.send({"type": "command", "name": "next"})
        time.sleep(0.8)
        first.send({"type": "record", "action": "stop"})
        first.wait_for(lambda text: text.startswith('{"type":"recording"'))
        first.wait_for(lambda text: '"type":"record","state":"stopped"' in text)
        texts = list(first.received)
        started = max(i for i, t in enumerate(texts) if '"type":"record","state":"started"' in t)
        stopped = max(i for i, t in enumerate(texts) if '"type":"record","state":"stopped"' in t)
        frames = [t for t in texts[started:stopped] if t.startswith('{"type":"frame"')]
        recording = next(json.loads(t)["recording"] for t in texts if t.startswith('{"type":"recording"'))
        with open(os.path.join(HERE, f"{NAME}.recording.json"), "w") as file:
            json.dump(recording, file, separators=(",", ":"))
            file.write("\n")
        with open(os.path.join(HERE, f"{NAME}.frames.jsonl"), "w") as file:
            file.write("".join(frame + "\n" for frame in frames))
        print(f"{len(frames)} frames, recording of {len(json.dumps(recording, separators=(',', ':')))} bytes")


if __name__ == "__main__":
    main(sys.argv[1])
