"""The page's engine module (make wasm) in headless Chromium against the same engine natively:
its size, how long compiling and instantiating it takes, and nanoseconds per 4 ms engine step (an
`advance` and the frame record it makes, the program Benchmarks/EngineHostSteps runs natively:
200 hard flicks of 250 steps each). Medians; Chromium is Debian's, as in the tests.

    CAROUSEL_PREVIEW_BIN=.build/release/carousel-preview ENGINE_HOST_STEPS=... .venv/bin/python Benchmarks/page_engine.py
"""

import os
import re
import statistics
import subprocess
import sys
import uuid
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "deploy"))
from preview_process import PreviewStartError, start_preview  # noqa: E402

BINARY = os.environ.get("CAROUSEL_PREVIEW_BIN", str(ROOT / ".build" / "release" / "carousel-preview"))
NATIVE = os.environ.get("ENGINE_HOST_STEPS", str(ROOT / "Benchmarks" / ".build" / "release" / "engine-host-steps"))
MODULE = ROOT / "public" / "wasm" / "carousel-core.wasm"

INSTANTIATE = """async () => {
    const bytes = await (await fetch("/wasm/carousel-core.wasm")).arrayBuffer();
    const times = [];
    for (let run = 0; run < 30; run++) {
        const start = performance.now();
        await WebAssembly.instantiate(bytes, {});
        times.push(performance.now() - start);
    }
    return times;
}"""

STEPS = """async () => {
    const { LocalEngine } = await import("/js/engine/localengine.js");
    const { SCHEMA } = await import("/js/generated/schema.js");
    const { engine, reason } = await LocalEngine.load();
    if (!engine) throw new Error(reason);
    const items = [1, 2, 3, 4, 5].map((n) => ({ id: `banner-${n}` }));
    const run = () => {
        engine.configure(SCHEMA.presets.banner.config);
        engine.setItems(items);
        engine.start();
        let time = 1000;
        let slots = 0;
        const start = performance.now();
        for (let cycle = 0; cycle < 200; cycle++) {
            let x = 300;
            engine.pointer("down", 1, x, 90, time);
            for (let move = 0; move < 5; move++) {
                time += 8;
                x -= 28;
                engine.advance(8);
                engine.pointer("move", 1, x, 90, time);
            }
            engine.pointer("up", 1, x, 90, time);
            for (let step = 0; step < 250; step++) {
                time += 4;
                engine.advance(4);
                slots += engine.frame().slots.length;
            }
        }
        if (slots === 0) throw new Error("no frames");
        return ((performance.now() - start) * 1e6) / (200 * 250);
    };
    run();
    return Array.from({ length: 15 }, run);
}"""


def main():
    if not MODULE.exists():
        sys.exit(f"no engine module at {MODULE}: run `make wasm`")
    native = subprocess.run([NATIVE], capture_output=True, text=True, check=True).stdout
    native_ns = float(re.search(r"([0-9.]+)\s*$", native.strip()).group(1))
    try:
        server = start_preview(BINARY, ["--public", str(ROOT / "public"), "--log-level", "warning"])
    except PreviewStartError as error:
        sys.exit(f"the server did not start: {error}")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.port}/?session=bench-{uuid.uuid4().hex[:8]}")
            instantiate = statistics.median(page.evaluate(INSTANTIATE))
            page_ns = statistics.median(page.evaluate(STEPS))
            browser.close()
    finally:
        server.stop()
    print(f"{'engine module':<34} {MODULE.stat().st_size:>10,} bytes, no imports")
    print(f"{'compile + instantiate (Chromium)':<34} {instantiate:>10.2f} ms median of 30")
    print(f"{'ns per step, Chromium (wasm + JS)':<34} {page_ns:>10.0f}")
    print(f"{'ns per step, native (x86_64)':<34} {native_ns:>10.0f}")
    print(f"{'Chromium / native':<34} {page_ns / native_ns:>10.2f}x")


if __name__ == "__main__":
    main()
