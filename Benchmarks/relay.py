"""A loopback TCP relay that delays (and jitters) each direction, for the page benchmarks."""

import asyncio
import random
import threading


class DelayingRelay:
    """A TCP relay on a loopback port to `target`, holding every chunk `delay` seconds in each
    direction, plus up to `jitter` seconds more drawn from `rng` (order kept: a chunk never passes
    the one before it, as on one TCP connection), on an asyncio loop of its own thread."""

    def __init__(self, target_port, delay, jitter=0.0, rng=None):
        self.target_port = target_port
        self.delay = delay
        self.jitter = jitter
        self.rng = rng or random.Random(0)
        self.loop = asyncio.new_event_loop()
        self.port = None
        started = threading.Event()
        threading.Thread(target=self.run, args=(started,), daemon=True).start()
        started.wait(10)

    def run(self, started):
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(asyncio.start_server(self.connected, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        started.set()
        self.loop.run_forever()

    async def connected(self, reader, writer):
        upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        pipes = asyncio.gather(self.pipe(reader, upstream_writer), self.pipe(upstream_reader, writer), return_exceptions=True)
        try:
            await pipes
        except asyncio.CancelledError:
            pipes.cancel()
            await asyncio.gather(pipes, return_exceptions=True)

    async def pipe(self, reader, writer):
        queue = asyncio.Queue()

        async def deliver():
            while True:
                due, chunk = await queue.get()
                if chunk is None:
                    writer.close()
                    return
                wait = due - self.loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                writer.write(chunk)
                await writer.drain()

        sender = asyncio.ensure_future(deliver())
        last_due = 0.0
        while True:
            chunk = await reader.read(65536)
            last_due = max(last_due, self.loop.time() + self.delay + self.rng.uniform(0, self.jitter))
            await queue.put((last_due, chunk or None))
            if not chunk:
                break
        await sender

    def close(self):
        async def shutdown():
            tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(shutdown(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
