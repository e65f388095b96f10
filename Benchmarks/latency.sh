#!/usr/bin/env bash
# Input-to-frame latency on loopback: a release server on a free port, 10 viewers, live clock.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product carousel-preview >/dev/null
server_bin="$(swift build -c release --show-bin-path)/carousel-preview"
(cd Benchmarks && swift build -c release --product latency-probe >/dev/null)
probe_bin="$(cd Benchmarks && swift build -c release --show-bin-path)/latency-probe"
output=$(mktemp)
"$server_bin" serve --port 0 --log-level warning >"$output" &
server=$!
trap 'kill "$server" 2>/dev/null; rm -f "$output"' EXIT
for _ in $(seq 1 50); do grep -q "listening on port" "$output" && break; sleep 0.1; done
port=$(grep -o 'listening on port [0-9]*' "$output" | grep -o '[0-9]*$')
"$probe_bin" "$port" "${VIEWERS:-10}" "${SAMPLES:-600}"
