"""Server load on loopback with picows clients: fan-out to 1, 100, 1,000 and 5,000 viewers of one
continuously animating live session, 1,000 sessions of 2 viewers, and the memory an idle
connection costs. Prints a table and writes JSON to .build/bench/server.json.

Usage: fanout.py SERVER_BINARY [SECONDS_PER_SCENARIO]"""

import asyncio
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from picows import WSListener, WSMsgType, ws_connect

ANIMATE = json.dumps({"type": "configure", "config": {"preset": "coverflow", "autoscroll": {"enabled": True, "intervalMs": 4}}}).encode()


class Viewer(WSListener):
    def __init__(self):
        self.frames = 0

    def on_ws_frame(self, transport, frame):
        if frame.msg_type == WSMsgType.TEXT and frame.get_payload_as_memoryview()[:16].tobytes().startswith(b'{"type":"frame"'):
            self.frames += 1


def process_stats(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    with open(f"/proc/{pid}/status") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024
    return ticks / os.sysconf("SC_CLK_TCK"), rss


async def connect_all(port, sessions):
    """sessions: list of (name, viewer count). Returns [(transport, listener)]."""
    connections = []
    for name, count in sessions:
        for _ in range(count):
            connections.append(await ws_connect(Viewer, f"ws://127.0.0.1:{port}/ws?session={name}", max_frame_size=1 << 20))
    return connections


async def scenario(pid, port, label, sessions, seconds):
    connections = await connect_all(port, sessions)
    # One viewer per session switches it to a continuously auto-scrolling coverflow.
    seen = set()
    for (name, count), offset in zip(sessions, [sum(c for _, c in sessions[:i]) for i in range(len(sessions))]):
        if name not in seen:
            connections[offset][0].send(WSMsgType.TEXT, ANIMATE)
            seen.add(name)
    await asyncio.sleep(1.5)
    for _, listener in connections:
        listener.frames = 0
    cpu_before, _ = process_stats(pid)
    start = time.monotonic()
    await asyncio.sleep(seconds)
    elapsed = time.monotonic() - start
    cpu_after, rss = process_stats(pid)
    rates = sorted(listener.frames / elapsed for _, listener in connections)
    for transport, _ in connections:
        transport.disconnect()
    await asyncio.sleep(0.5)
    return {
        "scenario": label,
        "viewers": len(connections),
        "fps_min": round(rates[0], 1),
        "fps_median": round(rates[len(rates) // 2], 1),
        "server_cpu_percent": round(100 * (cpu_after - cpu_before) / elapsed, 1),
        "server_rss_mib": round(rss, 1),
    }


async def idle_memory(pid, port, count=1000):
    _, before = process_stats(pid)
    connections = await connect_all(port, [("idle", count)])
    await asyncio.sleep(1)
    _, after = process_stats(pid)
    for transport, _ in connections:
        transport.disconnect()
    await asyncio.sleep(0.5)
    return {"scenario": f"{count} idle connections", "viewers": count,
            "kib_per_idle_connection": round((after - before) * 1024 / count, 1), "server_rss_mib": round(after, 1)}


async def main(pid, port, seconds):
    results = []
    fan_out = [int(n) for n in os.environ.get("FANOUT_VIEWERS", "1,100,1000,5000").split(",")]
    many = int(os.environ.get("FANOUT_SESSIONS", "1000"))
    for viewers in fan_out:
        results.append(await scenario(pid, port, f"fan-out, 1 session x {viewers}", [(f"fan{viewers}", viewers)], seconds))
        print(results[-1], flush=True)
    results.append(await scenario(pid, port, f"{many} sessions x 2", [(f"many{n}", 2) for n in range(many)], seconds))
    print(results[-1], flush=True)
    results.append(await idle_memory(pid, port))
    return results


if __name__ == "__main__":
    binary = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 5
    server = subprocess.Popen([binary, "serve", "--port", "0", "--log-level", "error", "--max-connections", "12000",
                               "--max-sessions", "2000"], stdout=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r"listening on port (\d+)", server.stdout.readline()).group(1))
        results = asyncio.run(main(server.pid, port, seconds))
    finally:
        started = time.monotonic()
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        print(f"server shutdown after SIGTERM: {time.monotonic() - started:.1f} s")
    print(f"{'scenario':32s} {'viewers':>8s} {'fps min':>8s} {'fps med':>8s} {'cpu %':>7s} {'rss MiB':>8s}")
    for row in results:
        if "fps_min" in row:
            print(f"{row['scenario']:32s} {row['viewers']:8d} {row['fps_min']:8.1f} {row['fps_median']:8.1f} "
                  f"{row['server_cpu_percent']:7.1f} {row['server_rss_mib']:8.1f}")
        else:
            print(f"{row['scenario']:32s} {row['viewers']:8d}   memory per idle connection {row['kib_per_idle_connection']} KiB "
                  f"(rss {row['server_rss_mib']} MiB)")
    output = Path(".build/bench")
    output.mkdir(parents=True, exist_ok=True)
    (output / "server.json").write_text(json.dumps({"when": time.strftime("%Y-%m-%dT%H:%M:%S"), "results": results}, indent=2))
