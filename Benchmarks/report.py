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
    if result.returncode != 0:
        print(result.stdout[-3000:], result.stderr[-3000:])
        sys.exit(result.returncode)
    return result.stdout


def engine():
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
    sizes = dict(re.findall(r"frame bytes \((\w+)\): (\d+)", text))
    print(f"\n{'engine (per step or per call, medians)':48s} {'ns p50':>8s} {'ns p99':>8s} {'allocs':>7s}")
    for name, row in sorted(rows.items()):
        print(f"{name:48s} {row.get('ns_p50', 0):8.0f} {row.get('ns_p99', 0):8.0f} {row.get('mallocs_p50', 0):7.0f}")
    for preset, size in sorted(sizes.items()):
        print(f"frame size ({preset}): {size} bytes of JSON")
    return {"benchmarks": rows, "frame_bytes": {k: int(v) for k, v in sizes.items()}}


def latency():
    results = {}
    for viewers in [10, 1000]:
        text = run(["env", f"VIEWERS={viewers}", "SAMPLES=600", str(ROOT / "Benchmarks" / "latency.sh")])
        for label, key in [("driver", "sender"), ("all viewers", "10 measured viewers")]:
            match = re.search(label + r".*?n=(\d+)/(\d+)\s+p50 ([\d.]+) ms\s+p90 ([\d.]+) ms\s+p99 ([\d.]+) ms\s+max ([\d.]+) ms", text)
            if match:
                n, expected, p50, p90, p99, most = match.groups()
                results[f"{viewers} viewers, {key}"] = {"received": int(n), "expected": int(expected), "p50_ms": float(p50),
                                                         "p90_ms": float(p90), "p99_ms": float(p99), "max_ms": float(most)}
    print(f"\n{'input-to-frame latency (live clock)':36s} {'p50 ms':>8s} {'p99 ms':>8s} {'max ms':>8s} {'frames':>14s}")
    for name, row in results.items():
        print(f"{name:36s} {row['p50_ms']:8.3f} {row['p99_ms']:8.3f} {row['max_ms']:8.3f} {row['received']:>7d}/{row['expected']}")
    return results


def server():
    binary = run(["swift", "build", "-c", "release", "--show-bin-path"]).strip() + "/carousel-preview"
    text = run([sys.executable, str(ROOT / "Benchmarks" / "Load" / "fanout.py"), binary, "5"])
    print("\n" + text)
    return json.loads((ROOT / ".build" / "bench" / "server.json").read_text())


if __name__ == "__main__":
    OUTPUT.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
    parts = sys.argv[1:] or ["engine", "latency", "server"]
    for part in parts:
        figures = {"engine": engine, "latency": latency, "server": server}[part]()
        (OUTPUT / f"{part}.json").write_text(json.dumps({"when": stamp, "figures": figures}, indent=2))
    print(f"\nJSON written to {OUTPUT}")
