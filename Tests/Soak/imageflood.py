"""The image-flood phase of `make soak` (issue 35): what uploading images lets one client, and many,
make the server hold. Against a fresh release server with its default image budgets (32 MiB a
session, 256 MiB the server):

one-client: one connection uploads SOAK_IMAGE_UPLOADS (1,000) images of 1 MiB each into its session,
each a different PNG (a valid header, then noise), parts of 16,000 bytes under the rate limit. The
session keeps its newest images within its 32 MiB (no item shows any of them).

many-sessions: 64 connections, each in its own session, upload 4 MiB images at once, eight each
(2 GiB asked for): the server's 256 MiB budget refuses what does not fit (`server_full`).

Meanwhile a watcher in a session of its own, auto-scrolling every 500 ms at 60 frames a second,
counts its frames. Fails if the server's RSS grows by more than the budget for what is kept (32 MiB
for one client, 256 MiB for many) plus 64 MiB over its start, if the watcher's frame rate during a
flood falls below 90% of its rate before it, if an upload is answered with anything but `image` or a
refusal naming the budget, or if the server exits. Prints every figure."""

import asyncio
import json
import multiprocessing
import time
import zlib

import websockets
from hostile import MIB, Monitor, Viewer, server_alive

PART = 16_000
MARGIN = 64.0  # MiB
SESSION_BUDGET = 32  # MiB (MediaLimits.sessionBytes)
SERVER_BUDGET = 256  # MiB (MediaLimits.serverBytes)


def png(size, seed):
    """A PNG header (640 x 360) and `size` bytes in all: what the server reads is the header."""
    ihdr = b"IHDR" + (640).to_bytes(4, "big") + (360).to_bytes(4, "big") + bytes([8, 6, 0, 0, 0])
    head = b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + ihdr + zlib.crc32(ihdr).to_bytes(4, "big")
    body = seed.to_bytes(8, "big") * ((size - len(head)) // 8 + 1)
    return head + body[: size - len(head)]


def is_answer(message):
    """The server's word on an upload: `image` (kept) or an error about it."""
    return message["type"] == "image" or (message["type"] == "error" and message.get("ref") == "image")


async def uploader(port, session, count, size, answers):
    """One connection uploading `count` images of `size` bytes, each announced, then sent in parts
    at SEND_RATE (hostile.Viewer paces and reads); stops at the first `server_full`."""
    viewer = await Viewer.connect(port, f"session={session}")
    try:
        for index in range(count):
            image = png(size, hash((session, index)) & 0xFFFFFFFF)
            announce = json.dumps({"type": "image", "bytes": len(image), "name": f"{session}-{index}.png"})
            await viewer.send_paced([announce] + [image[at : at + PART] for at in range(0, len(image), PART)])
            found = await viewer.wait_for(is_answer, 30)
            answer = found[1] if found else {"type": "error", "code": "none", "message": "no answer in 30 s"}
            answers.append(answer)
            if answer["type"] == "error" and answer["code"] == "server_full":
                return
    finally:
        await viewer.close()


async def watcher(port, frames, stop):
    """An auto-scrolling session's viewer: the time of every frame it gets."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws?session=watch&preset=coverflow&intervalMs=500") as socket:
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(socket.recv(), 0.5)
            except TimeoutError:
                continue
            if text.startswith('{"type":"frame"'):
                frames.append(time.monotonic())


def rate(frames, start, end):
    return sum(1 for at in frames if start <= at < end) / max(end - start, 1e-9)


def watch(port, frames, stop):
    """The watcher in a process of its own, so the uploaders' work does not slow its reading."""
    async def run():
        done = asyncio.Event()

        async def poll():
            while not stop.is_set():
                await asyncio.sleep(0.05)
            done.set()

        await asyncio.gather(watcher(port, frames, done), poll())

    asyncio.run(run())


async def flood(server, uploads):
    """Runs the watcher for 2 s alone, then with the uploads; returns (answers, frame rate before, during)."""
    manager = multiprocessing.Manager()
    frames, stop, answers = manager.list(), manager.Event(), []
    watching = multiprocessing.Process(target=watch, args=(server.port, frames, stop))
    watching.start()
    await asyncio.sleep(2.5)
    began = time.monotonic()
    await asyncio.gather(*(uploader(server.port, session, count, size, answers) for session, count, size in uploads))
    ended = time.monotonic()
    stop.set()
    watching.join()
    times = list(frames)
    manager.shutdown()
    return answers, rate(times, began - 1.5, began), rate(times, began, ended), ended - began


def run_flood(binary, Server, label, uploads, budget):
    failures = []
    with Server(binary) as server:
        time.sleep(0.3)
        with Monitor(server, stats=True, interval=0.1) as monitor:
            answers, before, during, seconds = asyncio.run(flood(server, uploads))
        growth = monitor.peak - monitor.baseline
        kept = sum(1 for answer in answers if answer["type"] == "image")
        refused = [answer for answer in answers if answer["type"] == "error"]
        wrong = [answer for answer in refused if answer["code"] != "server_full" or "budget" not in answer["message"]]
        images_at_peak, images_most = monitor.at_peak("imageBytes")
        print(f"image-flood {label}: {len(answers)} uploads in {seconds:.1f} s, {kept} kept, {len(refused)} refused "
              f"(server_full); /stats imageBytes at most {images_most:.1f} MiB; server RSS start {monitor.baseline:.1f} MiB, "
              f"peak {monitor.peak:.1f} MiB, end {server.rss():.1f} MiB: growth {growth:.1f} MiB (limit {budget + MARGIN:.0f}: "
              f"the budget {budget} and {MARGIN:g}; peak from {monitor.how}); the watcher's frames {before:.1f}/s before, "
              f"{during:.1f}/s during", flush=True)
        if growth > budget + MARGIN:
            failures.append(f"{label}: server RSS grew by {growth:.1f} MiB")
        if during < 0.9 * before:
            failures.append(f"{label}: the watcher's frame rate fell from {before:.1f}/s to {during:.1f}/s")
        if wrong:
            failures.append(f"{label}: {len(wrong)} uploads answered otherwise, e.g. {wrong[0]}")
        failures += [failure for failure in [server_alive(server)] if failure]
    return failures


def image_flood(binary, Server, RawClient, uploads=1000):
    """Both floods, each against a fresh server; returns the failures."""
    failures = run_flood(binary, Server, "one-client", [("flood-one", uploads, MIB)], SESSION_BUDGET)
    many = [(f"flood-{index}", 8, 4 * MIB) for index in range(64)]
    return failures + run_flood(binary, Server, "many-sessions", many, SERVER_BUDGET)
