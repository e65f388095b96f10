"""make bench: runs every benchmark in release mode, prints one table per part and writes the
figures as JSON to .build/bench/ (engine.json, latency.json, server.json, watch.json, idle.json,
proxy.json, render.json, feel.json) so
runs can be compared. `python3 Benchmarks/report.py PART...` runs only those parts."""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / ".build" / "bench"

# deploy/preview_process.py starts servers and reads their ready line (Python's standard library only).
sys.path.insert(0, str(ROOT / "deploy"))
from preview_process import PreviewProcess, start_preview  # noqa: E402


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
BENCHMARK_TARGET = "EngineBenchmarks"
# package-benchmark writes its JSON export here (inside the package, which the plugin may write to).
EXPORT_DIR = ROOT / "Benchmarks" / ".build" / "bench-export"
SCALING_FACTORS = {"one": 1, "kilo": 1_000, "mega": 1_000_000}


def scaling_factor():
    """How many iterations one measurement covers: EngineBenchmarks.swift's `scalingFactor`. The JMH
    export gives each measurement's figures (wall clock in μs, mallocs as counts) and not this factor,
    so it is read from the source; every benchmark there uses the default configuration's."""
    source = ROOT / "Benchmarks" / "Benchmarks" / BENCHMARK_TARGET / f"{BENCHMARK_TARGET}.swift"
    found = set(re.findall(r"scalingFactor:\s*\.(\w+)", source.read_text()))
    if len(found) != 1 or not found <= SCALING_FACTORS.keys():
        sys.exit(f"{source}: expected one scalingFactor of {sorted(SCALING_FACTORS)}, found {sorted(found)}")
    return SCALING_FACTORS[found.pop()]


def engine_rows(export, scale):
    """{benchmark: {ns_p50, ns_p99, mallocs_p50, mallocs_p99}} per iteration, from package-benchmark's
    JMH export (`--format jmh`): one element per benchmark, named package.benchmark.TARGET.NAME with
    the name's spaces as underscores; its secondaryMetrics hold "Time (wall clock)" (μs per
    measurement) and "Malloc (total)" (count per measurement), each with scorePercentiles."""
    prefix = f"package.benchmark.{BENCHMARK_TARGET}."
    rows = {}
    for element in export:
        if not element["benchmark"].startswith(prefix):
            continue
        name = element["benchmark"][len(prefix):].replace("_", " ")
        metrics = element.get("secondaryMetrics") or {}
        row = {}
        for key, metric, factor in [("ns", "Time (wall clock)", 1_000), ("mallocs", "Malloc (total)", 1)]:
            figures = metrics.get(metric)
            if figures is None:
                continue
            if key == "ns" and figures["scoreUnit"] != "μs":
                sys.exit(f"{name}: wall clock in {figures['scoreUnit']!r}, expected μs")
            percentiles = figures["scorePercentiles"]
            row[f"{key}_p50"] = percentiles["50.0"] * factor / scale
            row[f"{key}_p99"] = percentiles["99.0"] * factor / scale
        rows[name] = row
    return rows


def engine_run():
    """One run of the package-benchmark suite: {benchmark: {ns_p50, ns_p99, mallocs_p50, ...}} from its
    JSON export, and its printed text (which has the frame sizes the benchmarks print)."""
    shutil.rmtree(EXPORT_DIR, ignore_errors=True)
    text = run(["swift", "package", "--allow-writing-to-package-directory", "benchmark", "--target", BENCHMARK_TARGET,
                "--no-progress", "--format", "jmh", "--path", str(EXPORT_DIR.relative_to(ROOT / "Benchmarks"))],
               cwd=ROOT / "Benchmarks")
    exports = sorted(EXPORT_DIR.glob("*.jmh.json"))
    if len(exports) != 1:
        sys.exit(f"expected one JMH export in {EXPORT_DIR}, found {[path.name for path in exports]}")
    return engine_rows(json.loads(exports[0].read_text()), scaling_factor()), text


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
    export_sizes = dict(re.findall(r"export bytes \((\w+)\): (\d+)", text))
    for preset, size in sorted(export_sizes.items()):
        print(f"export answer ({preset}, every framework's file): {size} bytes of JSON")

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
                                      ("cards", "card feed animation step, {} cards", [10, 1000, 100000]),
                                      *((mode, mode + " gesture step, {} items", [3, 1000, 1000000])
                                        for mode in ("wheel", "rtl", "group", "grouploop", "free")),
                                      ("coast", "free-scroll coast step, {} items", [3, 1000, 1000000])]:
        base_ns = rows.get(step_name.format(counts[0]), {}).get("ns_p50")
        base_bytes = memory.get((layout, counts[0]))
        for count in counts:
            ns = rows.get(step_name.format(count), {}).get("ns_p50")
            size = memory.get((layout, count))
            row = {"step_ns_p50": ns, "step_ratio": ns / base_ns if ns and base_ns else None,
                   "engine_bytes": size, "memory_ratio": size / base_bytes if size is not None and base_bytes else None}
            scaling[f"{layout}, {count} items"] = row
            # Engine memory is measured for the banner and the card feed only; a mode's row leaves it blank.
            memory_columns = f"{size:13d} {row['memory_ratio'] or 0:6.2f}" if size is not None else f"{'-':>13s} {'-':>6s}"
            print(f"{layout:28s} {count:9d} {ns or 0:8.0f} {row['step_ratio'] or 0:6.2f} {memory_columns}")
    return {"benchmarks": rows, "frame_bytes": {k: int(v) for k, v in sizes.items()},
            "export_bytes": {k: int(v) for k, v in export_sizes.items()}, "item_count_scaling": scaling}


def release_binaries():
    """The release server and the load client (an epoll loop of its own, in the benchmarks package)."""
    run(["swift", "build", "-c", "release", "--product", "carousel-preview"])
    run(["swift", "build", "-c", "release", "--product", "load-client"], cwd=ROOT / "Benchmarks")
    server = run(["swift", "build", "-c", "release", "--show-bin-path"]).strip() + "/carousel-preview"
    client = run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT / "Benchmarks").strip() + "/load-client"
    return server, client


def start_server(server_binary, pin=(), options=()):
    """A fresh release server on a free loopback port: (PreviewProcess, port). Its log goes to our stderr."""
    server = start_preview(server_binary, ["--log-level", "error", "--max-connections", "12000", "--max-sessions", "3000",
                                           *options], command_prefix=pin, on_stderr=sys.stderr.write)
    return server, server.port


def stop(process):
    """Stops a PreviewProcess or a Popen: SIGTERM, SIGKILL after 30 s."""
    if isinstance(process, PreviewProcess):
        process.stop(timeout=30)
        return
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def run_client(client_binary, mode, port, server_pid, arguments, pin=(), env=None):
    """One load-client run against `port`, measuring `server_pid`: its JSON figures, or {"error": ...}."""
    command = [*pin, client_binary, mode, str(port), str(server_pid), *map(str, arguments)]
    print(f"$ load-client {mode} {' '.join(map(str, arguments))}", flush=True)
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=300,
                                env=None if env is None else {**os.environ, **env})
    except subprocess.TimeoutExpired:
        return {"error": "did not finish within 300 s"}
    if result.returncode != 0:
        return {"error": result.stderr.strip()[-500:] or f"exit {result.returncode}"}
    return json.loads(result.stdout)


def load(binaries, mode, *arguments, pinned=True, options=()):
    """Runs the load client against a fresh server (started with `options`). Throughput runs pin the
    server to CPU 0 and the client to CPU 1, so neither's figures include the other's work; latency
    runs leave both to the scheduler, as a real deployment would (pinning adds a cross-CPU wake-up
    to every message)."""
    server_binary, client_binary = binaries
    pin = (lambda cpu: ["taskset", "-c", str(cpu)]) if pinned else (lambda cpu: [])
    server, port = start_server(server_binary, pin(0), options)
    try:
        return run_client(client_binary, mode, port, server.pid, arguments, pin(1))
    finally:
        stop(server)


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


def cpu_seconds(pid):
    """User plus system CPU seconds of a process so far, from /proc (every thread's)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    # After the name: state is the first field, utime and stime the 12th and 13th.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


IDLE_SECONDS = 20


def idle():
    """What a server costs while nothing moves: no connection, 100 viewers of 10 sessions at rest,
    and 100 viewers whose sessions count auto-scroll down (60 s: it never fires in the window; and
    the default 3 s: it fires and animates ~0.4 s every 3 s). The viewers are the load client, a
    process of its own; it reads everything, answers pings and sends nothing."""
    binaries = release_binaries()
    server_binary, _ = binaries
    results = {}
    server, _ = start_server(server_binary)
    try:
        time.sleep(2)  # start-up work done
        before, start = cpu_seconds(server.pid), time.monotonic()
        print(f"$ (no connection, {IDLE_SECONDS} s)", flush=True)
        time.sleep(IDLE_SECONDS)
        seconds = time.monotonic() - start
        used = cpu_seconds(server.pid) - before
        results["no connection"] = {"seconds": seconds, "server_cpu_percent": 100 * used / seconds, "viewers": 0}
    finally:
        stop(server)
    for name, interval in [("100 viewers, at rest", 0), ("100 viewers, auto-scroll 60 s", 60000),
                           ("100 viewers, auto-scroll 3 s", 3000)]:
        results[name] = load(binaries, "hold", 10, 10, IDLE_SECONDS, interval, pinned=False)
    tick = 1 / os.sysconf("SC_CLK_TCK")
    print(f"\n{f'idle server, {IDLE_SECONDS} s window':32s} {'cpu s':>7s} {'% core':>7s} {'frames/s':>9s} {'pings':>6s}")
    for name, row in results.items():
        if "error" in row:
            print(f"{name:32s} failed: {row['error']}")
            continue
        row["server_cpu_seconds"] = row["server_cpu_percent"] * row["seconds"] / 100
        frames = row.get("frames_per_second_per_viewer")
        print(f"{name:32s} {row['server_cpu_seconds']:7.2f} {row['server_cpu_percent']:6.2f}% "
              f"{'' if frames is None else f'{frames:9.1f}':>9s} {row.get('pings_answered', ''):>6}")
    print(f"(CPU time is counted in {tick * 1000:.0f} ms ticks: "
          f"{100 * tick / IDLE_SECONDS:.2f} % of a core over the window; frames/s is per viewer)")
    return results


NGINX_INSTALL = "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx"


def nginx_binary():
    """nginx's path, installing Debian's package when it is missing; None when that fails."""
    found = shutil.which("nginx") or next((p for p in ["/usr/sbin/nginx"] if os.access(p, os.X_OK)), None)
    if found:
        return found
    print("installing nginx", flush=True)
    sudo = "" if os.geteuid() == 0 else "sudo "
    command = " && ".join(sudo + part for part in NGINX_INSTALL.split(" && "))
    if subprocess.run(["sh", "-c", command + " >/dev/null"]).returncode != 0:
        return None
    return shutil.which("nginx") or next((p for p in ["/usr/sbin/nginx"] if os.access(p, os.X_OK)), None)


def child_pids(parent):
    """The pids whose parent is `parent`, from /proc."""
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == parent:
                    children.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return children


def free_port():
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


PROXY_VIEWERS = [10, 100]


def proxy():
    """Input-to-frame latency and CPU, once straight to a worker and once through nginx in front of
    it (deploy/cluster.py's configuration, one worker upstream), with nginx's own CPU."""
    cluster_file = ROOT / "deploy" / "cluster.py"
    if not cluster_file.exists():
        print("proxy: skipped: deploy/cluster.py not found")
        return {"skipped": "deploy/cluster.py not found"}
    nginx = nginx_binary()
    if nginx is None:
        print("proxy: skipped: nginx not installable")
        return {"skipped": "nginx not installable"}
    spec = importlib.util.spec_from_file_location("cluster", cluster_file)
    cluster = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cluster)
    server_binary, client_binary = binaries = release_binaries()
    results = {}
    for viewers in PROXY_VIEWERS:
        results[f"direct, {viewers} viewers"] = load(binaries, "latency", viewers, 600, pinned=False)
        name = f"via nginx, {viewers} viewers"
        server, port = start_server(server_binary)
        try:
            with tempfile.TemporaryDirectory(prefix="bench-nginx-") as runtime:
                listen = free_port()
                config = Path(runtime) / "nginx.conf"
                config.write_text(cluster.render_config([port], "127.0.0.1", listen, str(ROOT / "public"), runtime,
                                                        cluster.endpoint_paths(server_binary), cluster.page_policy(server_binary)))
                # In the foreground (daemon off): the Popen is nginx's master, its children the workers.
                nginx_process = cluster.start_nginx(str(config))
                try:
                    deadline = time.monotonic() + 5
                    while not child_pids(nginx_process.pid) and time.monotonic() < deadline:
                        time.sleep(0.05)
                    pids = [nginx_process.pid, *child_pids(nginx_process.pid)]
                    row = run_client(client_binary, "latency", listen, server.pid, [viewers, 600],
                                     env={"LOAD_CLIENT_PROXY_PIDS": ",".join(map(str, pids))})
                    row["nginx_processes"] = len(pids)
                    results[name] = row
                finally:
                    stop(nginx_process)
        except (RuntimeError, OSError, ValueError, TypeError) as error:
            results[name] = {"error": f"nginx: {error}"[-500:]}
        finally:
            stop(server)
    print(f"\n{'latency, direct vs nginx':28s} {'p50 ms':>8s} {'p99 ms':>8s} {'all p99':>8s} {'srv cpu':>8s} {'nginx cpu':>9s}")
    for name, row in results.items():
        if "error" in row:
            print(f"{name:28s} failed: {row['error']}")
            continue
        nginx_cpu = f"{row['proxy_cpu_percent']:8.1f}%" if "proxy_cpu_percent" in row else ""
        print(f"{name:28s} {row['sender_ms']['p50']:8.3f} {row['sender_ms']['p99']:8.3f} "
              f"{row['all_viewers_ms']['p99']:8.3f} {row['server_cpu_percent']:7.1f}% {nginx_cpu:>9s}")
    print("(p50 and p99: the sender's input-to-frame latency; all p99: every viewer's)")
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


WATCH_RUNS = 3
STREAM_WATCHERS = [1000, 2000, 5000, 10000]
FRAMES_VIEWERS = [1000, 2000, 5000]
EVENT_LOOPS = ["epoll", "poll"]


def median_of_runs(binaries, mode, arguments, options):
    """WATCH_RUNS runs on fresh servers: the one with the median server CPU, with every run's CPU and
    the server's CPU microseconds per message the viewers received; or the first failure."""
    runs = [load(binaries, mode, *arguments, options=options) for _ in range(WATCH_RUNS)]
    failed = [run for run in runs if "error" in run]
    if failed:
        return failed[0]
    for run in runs:
        delivered = run.get("messages_delivered", run.get("frames_received"))
        run["server_cpu_us_per_message"] = run["server_cpu_percent"] / 100 * run["seconds"] / max(1, delivered) * 1e6
    runs.sort(key=lambda run: run["server_cpu_percent"])
    return {**runs[len(runs) // 2], "server_cpu_percent_runs": [run["server_cpu_percent"] for run in runs]}


def watch():
    """Fan-out as the audience grows, on each event loop the server can wait on: stream watchers of
    one live session flicked once a second while auto-scroll runs (pages that run the engine: a
    batch a change, time once a second), and frames viewers of one session animating without a
    stop (the `server` part's fan-out). Each row is the median server CPU of WATCH_RUNS runs on
    fresh servers; per message is the server's CPU over every message the viewers received. Linear:
    the stream's CPU per message at 10,000 within 1.3x of that at 1,000 (so its CPU at most ~13x,
    and under one core)."""
    binaries = release_binaries()
    results = {}
    for event_loop in EVENT_LOOPS:
        options = ["--event-loop", event_loop]
        for viewers in STREAM_WATCHERS:
            results[f"{event_loop}: stream x {viewers}"] = median_of_runs(binaries, "watch", [viewers, 10, 1], options)
        for viewers in FRAMES_VIEWERS:
            results[f"{event_loop}: frames x {viewers}"] = median_of_runs(binaries, "fanout", [1, viewers, 5], options)
    print(f"\n{'fan-out curve (server on CPU 0)':28s} {'msg/s/viewer':>12s} {'srv cpu':>8s} {'us/msg':>7s} "
          f"{'missed':>7s} {'runs (cpu %)':>20s}")
    for name, row in results.items():
        if "error" in row:
            print(f"{name:28s} failed: {row['error']}")
            continue
        rate = row.get("messages_per_second_per_viewer", row.get("fps_median"))
        missed = row.get("viewers_missing_batches", "")
        runs = ", ".join(f"{cpu:.1f}" for cpu in row["server_cpu_percent_runs"])
        print(f"{name:28s} {rate:12.1f} {row['server_cpu_percent']:7.1f}% {row['server_cpu_us_per_message']:7.1f} "
              f"{missed!s:>7s} {runs:>20s}")
    for event_loop in EVENT_LOOPS:
        small, large = (results[f"{event_loop}: stream x {n}"] for n in (STREAM_WATCHERS[0], STREAM_WATCHERS[-1]))
        if "error" in small or "error" in large:
            continue
        cpu = large["server_cpu_percent"] / small["server_cpu_percent"]
        per_message = large["server_cpu_us_per_message"] / small["server_cpu_us_per_message"]
        linear = per_message <= 1.3 and large["server_cpu_percent"] < 100
        results[f"{event_loop}: stream linearity"] = {"cpu_ratio": cpu, "per_message_ratio": per_message, "linear": linear}
        print(f"{event_loop}: stream {STREAM_WATCHERS[-1]:,} against {STREAM_WATCHERS[0]:,}: CPU {cpu:.1f}x, "
              f"per message {per_message:.2f}x: {'linear' if linear else 'NOT linear'}")
    print("(missed: watchers lacking a batch some watcher received; frames rows' msg/s is the median viewer's fps)")
    return results


def release_cli():
    """The release carousel-preview, built."""
    run(["swift", "build", "-c", "release", "--product", "carousel-preview"])
    return run(["swift", "build", "-c", "release", "--show-bin-path"]).strip() + "/carousel-preview"


RENDER_RUNS = 5
RENDER_RECORDINGS = ["flick-1000-next.json", "slow-drag-next.json", "caught-mid-flight.json"]


def render():
    """`carousel-preview render` at 2x (750 x 360 px): ms per picture as the CLI reports it (drawing
    and encoding, the recording's replay and the file's writing included), the median of RENDER_RUNS
    runs over three corpus recordings, per format."""
    binary = release_cli()
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        for extension in ("webp", "gif"):
            per_picture, sizes = [], []
            for name in RENDER_RECORDINGS:
                for _ in range(RENDER_RUNS):
                    out = Path(folder) / f"motion.{extension}"
                    line = run([binary, "render", str(ROOT / "public" / "corpus" / name), "--out", str(out),
                                "--public", str(ROOT / "public")])
                    per_picture.append(float(re.search(r"\(([\d.]+) ms a picture\)", line).group(1)))
                    pictures = int(re.search(r": (\d+) pictures", line).group(1))
                    sizes.append(out.stat().st_size / pictures)
            per_picture.sort()
            sizes.sort()
            results[extension] = {"ms_per_picture_p50": per_picture[len(per_picture) // 2],
                                  "ms_per_picture_max": per_picture[-1],
                                  "bytes_per_picture_p50": sizes[len(sizes) // 2]}
    print(f"\n{'render at 2x, 750 x 360 px':28s} {'ms/picture p50':>14s} {'max':>8s} {'bytes/picture':>14s}")
    for extension, row in results.items():
        print(f"{extension:28s} {row['ms_per_picture_p50']:14.2f} {row['ms_per_picture_max']:8.2f} "
              f"{row['bytes_per_picture_p50']:14.0f}")
    return results


FEEL_RUNS = 5
FEEL_PRESETS = ["banner", "paged", "coverflow", "strip", "cards", "banner", "paged", "coverflow", "strip"]


def feel():
    """One feel scoring (the corpus's gestures through the engine under one carousel, scored): the
    release CLI scoring nine carousels against one, the difference over eight, so process start and
    reading the corpus drop out. Median of FEEL_RUNS runs of each."""
    binary = release_cli()

    def seconds(presets):
        command = [binary, "feel", str(ROOT / "public" / "corpus")] + [f"--preset={p}" for p in presets]
        began = time.perf_counter()
        run(command)
        return time.perf_counter() - began

    one = sorted(seconds(FEEL_PRESETS[:1]) for _ in range(FEEL_RUNS))[FEEL_RUNS // 2]
    nine = sorted(seconds(FEEL_PRESETS) for _ in range(FEEL_RUNS))[FEEL_RUNS // 2]
    per_scoring = (nine - one) / 8 * 1000
    print(f"\nfeel: one carousel {one * 1000:.1f} ms, nine {nine * 1000:.1f} ms: {per_scoring:.2f} ms a scoring")
    return {"one_carousel_ms": one * 1000, "nine_carousels_ms": nine * 1000, "ms_per_scoring": per_scoring}


if __name__ == "__main__":
    OUTPUT.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
    parts = sys.argv[1:] or ["engine", "latency", "server", "watch", "idle", "proxy", "render", "feel"]
    for part in parts:
        figures = {"engine": engine, "latency": latency, "server": server, "watch": watch, "idle": idle,
                   "proxy": proxy, "render": render, "feel": feel}[part]()
        (OUTPUT / f"{part}.json").write_text(json.dumps({"when": stamp, "figures": figures}, indent=2))
    print(f"\nJSON written to {OUTPUT}")
