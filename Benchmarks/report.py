"""make bench: runs every benchmark in release mode, prints one table per part and writes the
figures as JSON to .build/bench/ (engine.json, latency.json, server.json) so runs can be compared."""

import json
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / ".build" / "bench"


def run(command, cwd=ROOT):
    print(f"$ {' '.join(command)}", flush=True)
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, errors="replace")
    if result.returncode != 0 and "missing inputs" in result.stderr + result.stdout:
        # A build plan made before sources moved names files that are gone: drop it and build again.
        for plan in (Path(cwd) / ".build").glob("*.yaml"):
            plan.unlink()
        (Path(cwd) / ".build" / "build.db").unlink(missing_ok=True)
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, errors="replace")
    if result.returncode != 0:
        print(result.stdout[-3000:], result.stderr[-3000:])
        sys.exit(result.returncode)
    return result.stdout


ENGINE_RUNS = 3


def engine_run():
    """One run of the package-benchmark suite: {benchmark: {ns_p50, ns_p99, mallocs_p50, ...}} and its text."""
    text = run(["swift", "package", "--allow-writing-to-package-directory", "benchmark", "--target", "EngineBenchmarks",
                "--no-progress"], cwd=ROOT / "Benchmarks")
    rows, name = {}, None
    for line in text.splitlines():
        if re.match(r"^(step|card feed|banner animation|encode)", line):
            name = line.strip()
        elif name and ("Time (wall clock)" in line or "Malloc (total)" in line):
            cells = [cell.strip() for cell in line.split("│") if cell.strip()]
            key = "ns" if "Time" in line else "mallocs"
            # The harness picks a unit per benchmark: (ns), (μs), (ms); counts may be in (K).
            scale = 1.0
            for unit, factor in [("(μs)", 1e3), ("(us)", 1e3), ("(ms)", 1e6), ("(K)", 1e3), ("(M)", 1e6)]:
                if unit in cells[0]:
                    scale = factor
            rows.setdefault(name, {})[f"{key}_p50"] = float(cells[3]) * scale
            rows[name][f"{key}_p99"] = float(cells[6]) * scale
    return rows, text


def engine():
    # The machine is shared: another tenant can slow a whole run by half. Each benchmark keeps the
    # run with the lowest median of ENGINE_RUNS, the one least disturbed.
    rows = {}
    for _ in range(ENGINE_RUNS):
        run_rows, text = engine_run()
        for name, row in run_rows.items():
            if name not in rows or row.get("ns_p50", 0) < rows[name].get("ns_p50", 0):
                rows[name] = row
    sizes = dict(re.findall(r"frame bytes \((\w+)\): (\d+)", text))
    print(f"\n{f'engine, per step or call (best median of {ENGINE_RUNS} runs)':48s} {'ns p50':>8s} {'ns p99':>8s} {'allocs':>7s}")
    for name, row in sorted(rows.items()):
        print(f"{name:48s} {row.get('ns_p50', 0):8.0f} {row.get('ns_p99', 0):8.0f} {row.get('mallocs_p50', 0):7.0f}")
    for preset, size in sorted(sizes.items()):
        print(f"frame size ({preset}): {size} bytes of JSON")

    # Item-count scaling: step cost and what one engine keeps, each as a ratio to the smallest count.
    # glibc's per-thread cache would hide small allocations from the heap figure, so it is off here.
    run(["swift", "build", "-c", "release", "--product", "engine-memory"], cwd=ROOT / "Benchmarks")
    binary = run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT / "Benchmarks").strip() + "/engine-memory"
    memory_text = run(["env", "GLIBC_TUNABLES=glibc.malloc.tcache_count=0", binary])
    memory = {(layout, int(count)): int(size)
              for layout, count, size in re.findall(r"engine memory \((\w+), (\d+) items\): (-?\d+) bytes", memory_text)}
    scaling = {}
    print(f"\n{'item-count scaling':28s} {'items':>9s} {'step ns':>8s} {'ratio':>6s} {'engine bytes':>13s} {'ratio':>6s}")
    for layout, step_name, counts in [("banner", "banner animation step, {} items", [3, 1000, 1000000]),
                                      ("cards", "card feed animation step, {} cards", [10, 1000, 100000])]:
        base_ns = rows.get(step_name.format(counts[0]), {}).get("ns_p50")
        base_bytes = memory.get((layout, counts[0]))
        for count in counts:
            ns = rows.get(step_name.format(count), {}).get("ns_p50")
            size = memory.get((layout, count))
            row = {"step_ns_p50": ns, "step_ratio": ns / base_ns if ns and base_ns else None,
                   "engine_bytes": size, "memory_ratio": size / base_bytes if size is not None and base_bytes else None}
            scaling[f"{layout}, {count} items"] = row
            print(f"{layout:28s} {count:9d} {ns or 0:8.0f} {row['step_ratio'] or 0:6.2f} {size or 0:13d} {row['memory_ratio'] or 0:6.2f}")
    return {"benchmarks": rows, "frame_bytes": {k: int(v) for k, v in sizes.items()}, "item_count_scaling": scaling}


def release_binaries():
    """The release server and the load client (an epoll loop of its own, in the benchmarks package)."""
    run(["swift", "build", "-c", "release", "--product", "carousel-preview"])
    run(["swift", "build", "-c", "release", "--product", "load-client"], cwd=ROOT / "Benchmarks")
    server = run(["swift", "build", "-c", "release", "--show-bin-path"]).strip() + "/carousel-preview"
    client = run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT / "Benchmarks").strip() + "/load-client"
    return server, client


def load(binaries, mode, *arguments, pinned=True):
    """Runs the load client against a fresh server. Throughput runs pin the server to CPU 0 and the
    client to CPU 1, so neither's figures include the other's work; latency runs leave both to the
    scheduler, as a real deployment would (pinning adds a cross-CPU wake-up to every message)."""
    server_binary, client_binary = binaries
    pin = (lambda cpu: ["taskset", "-c", str(cpu)]) if pinned else (lambda cpu: [])
    server = subprocess.Popen([*pin(0), server_binary, "serve", "--port", "0", "--log-level", "error",
                               "--max-connections", "12000", "--max-sessions", "3000"], stdout=subprocess.PIPE, text=True)
    try:
        port = re.search(r"listening on port (\d+)", server.stdout.readline()).group(1)
        command = [*pin(1), client_binary, mode, port, str(server.pid), *map(str, arguments)]
        print(f"$ load-client {mode} {' '.join(map(str, arguments))}", flush=True)
        result = subprocess.run(command, capture_output=True, text=True, timeout=300)
        if result.returncode != 0:
            return {"error": result.stderr.strip()[-500:] or f"exit {result.returncode}"}
        return json.loads(result.stdout)
    except subprocess.TimeoutExpired:
        return {"error": "did not finish within 300 s"}
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


def latency():
    binaries = release_binaries()
    results = {f"{viewers} viewers": load(binaries, "latency", viewers, 600, pinned=False) for viewers in [10, 1000]}
    print(f"\n{'input-to-frame latency, live clock':36s} {'p50 ms':>8s} {'p99 ms':>8s} {'max ms':>8s} {'unseen':>7s} {'srv cpu':>8s}")
    for name, row in results.items():
        if "error" in row:
            print(f"{name:36s} failed: {row['error']}")
            continue
        for who, key in [("sender", "sender_ms"), ("every viewer", "all_viewers_ms")]:
            figures = row[key]
            print(f"{name + ', ' + who:36s} {figures['p50']:8.3f} {figures['p99']:8.3f} {figures['max']:8.3f} "
                  f"{row['inputs_unseen_percent']:6.1f}% {row['server_cpu_percent']:7.1f}%")
    return results


def server():
    binaries = release_binaries()
    seconds = 5
    results = {}
    for viewers in [1, 100, 1000, 2000, 5000]:
        results[f"fan-out, 1 session x {viewers}"] = load(binaries, "fanout", 1, viewers, seconds)
    results["1000 sessions x 2"] = load(binaries, "fanout", 1000, 2, seconds)
    results["idle: 1 session x 1000"] = load(binaries, "idle", 1, 1000)
    results["idle: 1000 sessions x 1"] = load(binaries, "idle", 1000, 1)
    print(f"\n{'server load (loopback)':30s} {'viewers':>7s} {'fps min':>8s} {'fps p1':>7s} {'fps med':>8s} "
          f"{'merged':>7s} {'srv cpu':>8s} {'rss MiB':>8s} {'client cpu':>10s}")
    for name, row in results.items():
        if "error" in row:
            print(f"{name:30s} failed: {row['error']}")
        elif "fps_min" in row:
            print(f"{name:30s} {row['viewers']:7d} {row['fps_min']:8.1f} {row['fps_p1']:7.1f} {row['fps_median']:8.1f} "
                  f"{row['frames_coalesced_percent']:6.1f}% {row['server_cpu_percent']:7.1f}% {row['server_rss_mib']:8.1f} "
                  f"{row['client_cpu_percent']:9.1f}%")
        else:
            print(f"{name:30s} {row['viewers']:7d}   {row['kib_per_connection']:.1f} KiB per connection "
                  f"(rss {row['server_rss_before_mib']:.1f} -> {row['server_rss_mib']:.1f} MiB)")
    return results


if __name__ == "__main__":
    OUTPUT.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
    parts = sys.argv[1:] or ["engine", "latency", "server"]
    for part in parts:
        figures = {"engine": engine, "latency": latency, "server": server}[part]()
        (OUTPUT / f"{part}.json").write_text(json.dumps({"when": stamp, "figures": figures}, indent=2))
    print(f"\nJSON written to {OUTPUT}")
