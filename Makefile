# carousel-preview: every target installs what it needs on a fresh machine.
SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

# $(call apt_unless,CHECK,PACKAGES): installs Debian's PACKAGES unless the shell command CHECK succeeds.
apt_unless = if ! ( $(1) ) >/dev/null 2>&1; then \
	echo "installing $(2)"; \
	$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(2) >/dev/null; \
	fi
# $(call pip_unless,MODULES,REQUIREMENTS): adds a requirements file to $(VENV) unless Python imports MODULES.
pip_unless = if ! $(VENV)/bin/python -c "import $(1)" 2>/dev/null; then \
	echo "adding $(2) to $(VENV)"; $(VENV)/bin/pip install -q -r $(2); \
	fi
# $(call pytest_on_binary,FOLDER): the debug build's carousel-preview, then FOLDER's pytest suite against it.
pytest_on_binary = $(SWIFT) build --product carousel-preview && \
	CAROUSEL_PREVIEW_BIN="$$($(SWIFT) build --show-bin-path)/carousel-preview" \
	$(VENV)/bin/python -m pytest -q -p no:cacheprovider $(1)
comma := ,

.PHONY: handover-parity examples-test hostile-test render-deps render-test feel-test feel-baseline corpus handover-deps handover-test wasm wasm-deps deps qr-test-deps browser-deps node-deps lint page-test cluster-deps build release run cluster test test-long fmt-check swift-test browser-test test-sanitize bench bench-page fuzz soak fmt schema docs clean

# System packages: libwebsockets (the server's transport), libqrencode (its QR codes), and for
# `render` cairo and librsvg (drawing), Pango (captions, shaped and right to left), libwebp and giflib
# (encoding) and the DejaVu fonts; pkg-config to find them. Only what is missing is installed; without pkg-config all count as missing.
deps:
	@command -v $(SWIFT) >/dev/null || { echo "swift is not on PATH"; exit 1; }
	@missing=""; \
	pkg-config --exists libwebsockets 2>/dev/null || missing="$$missing libwebsockets-dev"; \
	pkg-config --exists libqrencode 2>/dev/null || missing="$$missing libqrencode-dev"; \
	pkg-config --exists cairo 2>/dev/null || missing="$$missing libcairo2-dev"; \
	pkg-config --exists librsvg-2.0 2>/dev/null || missing="$$missing librsvg2-dev"; \
	pkg-config --exists pangocairo 2>/dev/null || missing="$$missing libpango1.0-dev"; \
	pkg-config --exists libwebpmux 2>/dev/null || missing="$$missing libwebp-dev"; \
	pkg-config --exists libgif 2>/dev/null || missing="$$missing libgif-dev"; \
	[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing="$$missing fonts-dejavu-core"; \
	if [ -n "$$missing" ]; then \
		echo "installing$$missing and pkg-config"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing pkg-config >/dev/null; \
	fi

# The page's engine: CarouselCore, CarouselABI and the exports (Sources/CarouselWasm) compiled with
# the toolchain's Embedded Swift for wasm32, linked by its wasm-ld with Debian's wasi-libc (malloc,
# memcpy) and compiler-rt (128-bit integer helpers for Duration) into a module with no imports.
# Built, never committed: public/wasm/ is ignored, and every target that serves or tests it builds it.
WASM := public/wasm/carousel-core.wasm
WASM_BUILD := .build/wasm
TOOLCHAIN_BIN = $(dir $(realpath $(shell command -v swiftc)))
WASM_SWIFTC = $(TOOLCHAIN_BIN)swiftc -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded \
	-wmo -parse-as-library -Osize -I $(WASM_BUILD)
WASI_LIBC := /usr/lib/wasm32-wasi/libc.a
# The stack goes first in memory, so running past its start traps (an out-of-bounds access) instead of
# writing over the module's data, as wasm-ld's default layout lets it; and it has 1 MiB, not the
# default 64 KiB, which the stream follower's frame (an engine copied and brought to the time drawn)
# overran, silently zeroing a type's metadata until a later call trapped far from the cause.
WASM_STACK := --stack-first -z stack-size=1048576
WASM_BUILTINS = $(firstword $(wildcard /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a))
WASM_SOURCES := $(shell find Sources/CarouselCore Sources/CarouselABI Sources/CarouselWasm -type f 2>/dev/null)

wasm-deps:
	@command -v swiftc >/dev/null || { echo "swiftc is not on PATH"; exit 1; }
	@if [ ! -f $(WASI_LIBC) ] || [ -z "$(WASM_BUILTINS)" ]; then \
		echo "installing wasi-libc and libclang-rt-dev-wasm32"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq wasi-libc libclang-rt-dev-wasm32 >/dev/null; \
	fi

wasm: wasm-deps
	@$(MAKE) --no-print-directory $(WASM)

$(WASM): $(WASM_SOURCES)
	@mkdir -p $(WASM_BUILD) $(dir $(WASM))
	@echo "wasm: CarouselCore, CarouselABI, CarouselWasm (Embedded Swift, wasm32)"
	@$(WASM_SWIFTC) -module-name CarouselCore -emit-module -emit-module-path $(WASM_BUILD)/CarouselCore.swiftmodule \
		-c -o $(WASM_BUILD)/CarouselCore.o $(sort $(filter Sources/CarouselCore/%.swift,$(WASM_SOURCES)))
	@$(WASM_SWIFTC) -module-name CarouselABI -emit-module -emit-module-path $(WASM_BUILD)/CarouselABI.swiftmodule \
		-c -o $(WASM_BUILD)/CarouselABI.o $(sort $(filter Sources/CarouselABI/%.swift,$(WASM_SOURCES)))
	@$(WASM_SWIFTC) -module-name CarouselWasm -c -o $(WASM_BUILD)/CarouselWasm.o \
		$(sort $(filter Sources/CarouselWasm/%.swift,$(WASM_SOURCES)))
	@$(TOOLCHAIN_BIN)clang --target=wasm32-unknown-none -O2 -c Sources/CarouselWasm/Runtime/runtime.c \
		-o $(WASM_BUILD)/runtime.o
	@echo "wasm: linking $@"
	@$(TOOLCHAIN_BIN)wasm-ld --no-entry --gc-sections --strip-all $(WASM_STACK) -o $(WASM_BUILD)/carousel-core.wasm \
		$(WASM_BUILD)/CarouselCore.o $(WASM_BUILD)/CarouselABI.o $(WASM_BUILD)/CarouselWasm.o \
		$(WASM_BUILD)/runtime.o $(WASI_LIBC) $(WASM_BUILTINS) \
		$(TOOLCHAIN_BIN)../lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a
	@cp $(WASM_BUILD)/carousel-core.wasm $@

# zbarimg (zbar-tools) decodes the QR codes the Swift tests render, a reader apart from the encoder.
qr-test-deps:
	@if [ ! -x /usr/bin/zbarimg ]; then \
		echo "installing zbar-tools"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq zbar-tools >/dev/null; \
	fi

build: deps wasm
	$(SWIFT) build

release: deps wasm
	$(SWIFT) build -c release --product carousel-preview

# Serves public/ and the preview WebSocket on http://$(HOST):$(PORT)/ with the bundled banners.
# HOST=0.0.0.0 opens it to phones and teammates (with a token, printed in the Network: lines);
# ALLOW_HOSTS="name ..." answers those host names too (a DNS name, a reverse proxy's).
ALLOW_HOSTS ?=
ALLOW_HOST_FLAGS = $(foreach name,$(ALLOW_HOSTS),--allow-host $(name))
run: release
	exec "$$($(SWIFT) build -c release --show-bin-path)/carousel-preview" serve --host $(HOST) --port $(PORT) --public public $(ALLOW_HOST_FLAGS)

# nginx (Debian's) in front of several servers: `make cluster` and the browser suite's cluster test.
# The package would start a system nginx on port 80; a policy-rc.d that refuses every start keeps it
# stopped (Docker images already have one, left as it is), and `service nginx stop` catches the rest.
cluster-deps:
	@if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then \
		echo "installing nginx"; \
		$(SUDO) apt-get update -qq && \
		if [ -e /usr/sbin/policy-rc.d ]; then keep=1; else keep=0; \
			printf '#!/bin/sh\nexit 101\n' | $(SUDO) tee /usr/sbin/policy-rc.d >/dev/null && $(SUDO) chmod +x /usr/sbin/policy-rc.d; fi; \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq nginx >/dev/null; status=$$?; \
		[ $$keep = 1 ] || $(SUDO) rm -f /usr/sbin/policy-rc.d; \
		$(SUDO) service nginx stop >/dev/null 2>&1 || true; \
		exit $$status; \
	fi

# One server per core behind nginx on http://$(HOST):$(PORT)/, sessions spread by name (deploy/).
# Prints each worker's port; Ctrl-C stops nginx and every worker.
WORKERS ?= $(shell nproc)
cluster: release cluster-deps
	exec python3 deploy/cluster.py --workers $(WORKERS) --port $(PORT) --host $(HOST) $(ALLOW_HOST_FLAGS) \
		--binary "$$($(SWIFT) build -c release --show-bin-path)/carousel-preview" --public public

# Headless Chromium from Debian and Playwright from PyPI in a virtualenv (never `playwright install`);
# zbar-tools too (qr-test-deps), so a browser test can read the page's QR code back.
VENV := .venv
browser-deps: qr-test-deps
	@if [ ! -x /usr/bin/chromium ]; then \
		echo "installing chromium"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; \
	fi
	@if ! $(VENV)/bin/python -c "import playwright, pytest, websockets, axe_playwright_python" 2>/dev/null \
		|| [ ! -x $(VENV)/bin/ruff ]; then \
		echo "creating $(VENV) with Playwright, pytest, axe-core and ruff"; \
		python3 -m venv $(VENV) && $(VENV)/bin/pip install -q -r Tests/Browser/requirements.txt; \
	fi

test: lint page-test fmt-check swift-test feel-test render-test handover-test hostile-test examples-test browser-test

# Examples/: the headless pytest suite a user starts their own from (docs/guide/regression-tests.md),
# run against the debug server as a user would run it.
examples-test: deps browser-deps
	$(SWIFT) build --product carousel-preview
	CAROUSEL_PREVIEW_BIN="$$($(SWIFT) build --show-bin-path)/carousel-preview" \
		$(VENV)/bin/python -m pytest -q -p no:cacheprovider Examples

# The hostile-asset corpus (Tests/Hostile, docs/protocol/security.md): one attack a test against a fresh
# release server, which must live, answer /healthz, say what it refused, stay within its memory budget
# and never take a turn of its loop longer than 20 ms (50 ms under CI=true, on a loaded machine).
hostile-test: release browser-deps
	CAROUSEL_PREVIEW_BIN="$$($(SWIFT) build -c release --show-bin-path)/carousel-preview" \
		$(VENV)/bin/python -m pytest -q -p no:cacheprovider Tests/Hostile

# The feel gate (docs/guide/feel.md): the shipped gesture corpus (public/corpus) scored under
# every preset, against its committed baseline; exit 1 names each gesture and measure that drifted.
FEEL_PRESETS = --preset banner --preset paged --preset coverflow --preset strip --preset cards
feel-test: deps
	$(SWIFT) build --product carousel-preview
	"$$($(SWIFT) build --show-bin-path)/carousel-preview" feel public/corpus $(FEEL_PRESETS) \
		--baseline Tests/Fixtures/feel-baseline.json > /dev/null

# `carousel-preview render` of every committed recording as WebP and GIF, decoded by Debian's webpmux
# and gifsicle and by Pillow (frame counts, 20 ms delays, pixels), and hostile recordings (Tests/Render).
render-deps: browser-deps
	@$(call apt_unless,command -v webpmux && command -v gifsicle,webp gifsicle)
	@$(call pip_unless,PIL,Tests/Render/requirements.txt)

render-test: deps render-deps
	$(call pytest_on_binary,Tests/Render)

# After a deliberate change of how the carousel moves: the feel baseline written again (review its diff).
feel-baseline: deps
	$(SWIFT) build --product carousel-preview
	"$$($(SWIFT) build --show-bin-path)/carousel-preview" feel public/corpus $(FEEL_PRESETS) \
		--write-baseline Tests/Fixtures/feel-baseline.json

# The gesture corpus recorded again in Chromium (Tests/Corpus/record_corpus.py); then `make feel-baseline`.
# `make corpus NAMES="trackpad-swipe-next wheel-notches-next"` records only those gestures again.
corpus: deps browser-deps
	$(SWIFT) build --product carousel-preview
	$(VENV)/bin/python Tests/Corpus/record_corpus.py "$$($(SWIFT) build --show-bin-path)/carousel-preview" public/corpus $(NAMES)

# The handover's checkers (Tests/Handover): Debian's TypeScript for the web snippets, tree-sitter's
# Kotlin and Dart grammars from PyPI in the same virtualenv; swiftc and node are there already.
handover-deps: browser-deps node-deps
	@$(call apt_unless,command -v tsc,node-typescript)
	@$(call pip_unless,tree_sitter$(comma) tree_sitter_kotlin$(comma) tree_sitter_dart,Tests/Handover/requirements.txt)

# Every framework's snippet of every preset and the edge settings, through its checker (swiftc
# against stub SwiftUI and UIKit modules, node and tsc against declaration files, tree-sitter).
handover-test: deps handover-deps
	$(call pytest_on_binary,Tests/Handover)

# The web handovers against the real libraries (Tests/Handover/parity/README.md): each web file of
# banner, paged, strip and the tuned strip in Chromium on Swiper, Embla and Splide as built into LIBS
# by Tests/Handover/parity/build_libs.sh, beside the preview's engine, over the corpus's pointer
# takes; writes docs/reference/frameworks-parity.md. Without LIBS (or its libraries) it says so, exit 0.
handover-parity: browser-deps
	@if [ -z "$(LIBS)" ]; then echo "handover-parity: no LIBS=DIR (Tests/Handover/parity/build_libs.sh DIR builds it): skipped"; exit 0; fi; \
	$(SWIFT) build --product carousel-preview && \
	cd Tests/Handover/parity && $(abspath $(VENV))/bin/python parity.py --libs "$(abspath $(LIBS))" \
		--bin "$$(cd ../../.. && $(SWIFT) build --show-bin-path)/carousel-preview"

# Node.js (Debian's) runs the page's unit tests and checks its modules.
node-deps:
	@if ! command -v node >/dev/null; then \
		echo "installing nodejs"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq nodejs >/dev/null; \
	fi

# The Python (tests, tools, deploy) with ruff (ruff.toml); the house rules (Tests/House: files of
# at most 300 lines, PreviewProtocol's folders used one way, one file bridging libwebsockets); and
# the page's JavaScript: every module parses, its imports exist, are exported and are used
# (Tests/Page/modules.test.mjs).
lint: browser-deps node-deps
	$(VENV)/bin/ruff check .
	$(VENV)/bin/python -m pytest -q -p no:cacheprovider Tests/House
	node --test Tests/Page/modules.test.mjs

# The page's pure modules (the session state, links, replay parts, lookups, ranged inputs) under node --test.
page-test: node-deps wasm
	node --test Tests/Page/*.test.mjs

# Memory and wall-time figures are not asserted here (a shared machine blurs them): see soak and bench.
# A warning in this package's own code fails the build (a fresh clone compiles every file, so CI sees
# them all; an incremental build prints only the files it recompiled).
swift-test: deps qr-test-deps wasm
	@log=$$(mktemp); $(SWIFT) build --build-tests > "$$log" 2>&1; status=$$?; cat "$$log"; \
	if [ $$status -ne 0 ]; then rm -f "$$log"; exit $$status; fi; \
	warnings=$$(grep -E "^$(CURDIR)/(Sources|Tests)/.*: warning:" "$$log" | sort -u); rm -f "$$log"; \
	if [ -n "$$warnings" ]; then echo "$$warnings"; echo "compiler warnings in Sources or Tests: fix them"; exit 1; fi
	$(SWIFT) test --disable-xctest --skip-build

# The endurance and property tests at full length (TestLength in Sources/TestSupport: a day of
# auto-scroll, a million laps, 200,000 steps of motion; the page's seeded fuzz of 200 catalogs);
# `make test` runs each class shorter; here only the suites whose length scales run again
# (Tests/House checks this list names every suite that calls TestLength.pick, and nothing else).
LONG_SWIFT_SUITES = EdgeNumberPropertyTests|EnduranceTests|ItemImageAddressTests|LoopTests|RandomizedGestureTests|RenderLineTests|RestStateTests|WasmParityTests|WheelTests|WireEdgeNumberTests|StreamFollowerPropertyTests|FollowerParityTests
test-long: deps qr-test-deps browser-deps wasm
	CAROUSEL_TEST_LENGTH=long $(SWIFT) test --disable-xctest --filter '\.($(LONG_SWIFT_SUITES))/'
	$(SWIFT) build --product carousel-preview
	CAROUSEL_TEST_LENGTH=long CAROUSEL_PREVIEW_BIN="$$($(SWIFT) build --show-bin-path)/carousel-preview" \
		$(VENV)/bin/python -m pytest -q -p no:cacheprovider -m scales_with_length Tests/Browser

# The page in real Chromium against the real server (the debug build swift-test made).
# nginx is for the cluster test alone: without it (no package to be had) that test is skipped, saying so.
browser-test: deps browser-deps wasm
	@$(MAKE) --no-print-directory cluster-deps || echo "nginx could not be installed: the cluster test will be skipped"
	$(SWIFT) build --product carousel-preview
	CAROUSEL_PREVIEW_BIN="$$($(SWIFT) build --show-bin-path)/carousel-preview" \
		$(VENV)/bin/python -m pytest -q -p no:cacheprovider Tests/Browser

# Engine cost per step and per frame (package-benchmark), loopback latency with 10 and 1,000 viewers,
# server fan-out (an epoll load client, Benchmarks/LoadClient), the fan-out curve to 10,000 stream watchers
# and 5,000 frames viewers on both event loops (--event-loop epoll|poll), an idle server's CPU (no connection,
# 100 viewers at rest, 100 with auto-scroll counting down) and latency and CPU through nginx against
# direct: tables on screen, JSON in .build/bench/. Release builds; throughput scenarios get a fresh
# server pinned to CPU 0, the client CPU 1. `python3 Benchmarks/report.py idle proxy` runs only those.
bench: deps
	python3 Benchmarks/report.py

# The page's own frame rate in headless Chromium while the Motion timeline draws (desktop and the
# 390 px phone layout): median fps, p95 frame interval, frames over 25 ms. Then the page's engine
# module: its size, compile-and-instantiate time and ns per engine step in Chromium against native.
# Then finger-to-pixel lag through a relay delaying each direction 0, 25 and 75 ms (Benchmarks/page_lag.py),
# and 200 seeded gestures through 25 ms + up to 10 ms of jitter each way, with two watchers
# (Benchmarks/page_jitter.py: corrections, bit-equal rests, watchers' drawn-frame intervals).
bench-page: release browser-deps
	CAROUSEL_PREVIEW_BIN="$$($(SWIFT) build -c release --show-bin-path)/carousel-preview" \
		$(VENV)/bin/python Benchmarks/page_fps.py
	cd Benchmarks && $(SWIFT) build -c release --product engine-host-steps
	CAROUSEL_PREVIEW_BIN="$$($(SWIFT) build -c release --show-bin-path)/carousel-preview" \
		ENGINE_HOST_STEPS="$$(cd Benchmarks && $(SWIFT) build -c release --show-bin-path)/engine-host-steps" \
		$(VENV)/bin/python Benchmarks/page_engine.py
	CAROUSEL_PREVIEW_BIN="$$($(SWIFT) build -c release --show-bin-path)/carousel-preview" \
		$(VENV)/bin/python Benchmarks/page_lag.py
	CAROUSEL_PREVIEW_BIN="$$($(SWIFT) build -c release --show-bin-path)/carousel-preview" \
		$(VENV)/bin/python Benchmarks/page_jitter.py

# Every Swift test under AddressSanitizer, then ThreadSanitizer (own build folders). Left out: the two
# rate-limit tests (a sanitized server may handle fewer than 1000 messages a second, so no limit is hit).
SANITIZE_SKIP := --skip floodIsolation --skip busyAndRateLimited
test-sanitize: deps qr-test-deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt \
		$(SWIFT) test --disable-xctest --sanitize=address --scratch-path .build-asan $(SANITIZE_SKIP)
	$(SWIFT) test --disable-xctest --sanitize=thread --scratch-path .build-tsan $(SANITIZE_SKIP)

# Against release servers: ten minutes of 200 live clients across 20 sessions (SOAK_SECONDS to change), a
# reader that never reads during a 3 s drag (server memory, the drag's wall time, what a watcher saw), and
# 10,000 connect/disconnect cycles (sessions reaped, memory back), and the journal flood (16 manual-clock sessions x 1,500
# configures of 60 items: server memory within --journal-budget plus 64 MiB). SOAK_PHASES=never-reads,churn for those two.
# Issue 48's attacks, a minute each (SOAK_ATTACK_SECONDS) while a bystander pings every 20 ms: render-attacks (six
# sessions uploading the hostile SVGs and rendering them and items of 8000 pt, some leaving mid-render; no render
# worker may outlive the phase) and loop-attacks (two 13.3 MB replays sent again and again while three paused
# sessions seek end to start at 20/s); SOAK_PHASES=render-attacks,loop-attacks (docs/protocol/security.md).
soak: release browser-deps
	$(VENV)/bin/python Tests/Soak/soak.py "$$($(SWIFT) build -c release --show-bin-path)/carousel-preview"

# libFuzzer, four targets side by side for FUZZ_SECONDS each: MessageFuzzer (one message at a time: the
# decoder, configuration patches, catalogs and the hub) and SequenceFuzzer (programs of pointer, advance,
# command and configure messages from several viewers, with numbers at the protocol's edges, every frame
# checked for non-finite numbers; recordings, Slow-mo and sessions restored from checkpoints must send the
# frames the viewers got, byte for byte) and RecordingFuzzer (recordings as text or written from programs of
# adversarial spans and key counts: read within their bounds, replayed headless, played live in slices to
# their end) and RenderFuzzer (programs of an SVG, a fixture or banner edited or written by a grammar of
# shapes, gradients, patterns and filter primitives with numbers at the edges, and a short recording whose
# items show it as an upload: the allow-list judges it in linear time, and a real render worker of the
# release build draws each one taken, which must end in an animation or an invalid_value refusal, never a
# crash, a panic or a limit; a worker process an input: in 60 s here, on two cores beside the other three,
# 140 inputs, 47 SVGs taken and drawn, 704 pictures, coverage 1588; alone for three minutes it found a text
# that panics librsvg). New inputs go to Fuzz/artifacts/ (the RenderFuzzer's to Fuzz/artifacts/render/, its log
# render.log); the seed corpora stay as committed (Fuzz/corpus-render: fixtures as text, seed edits, grammar
# programs, and finding-* for what it found that the allow-list takes but a worker cannot draw: the
# RenderFuzzer stops at them until the allow-list refuses them).
FUZZ_SECONDS ?= 600
# Swift's own crash backtracer would take the signal before libFuzzer writes the crashing input. A unit past
# 30 s is a hang: four side by side on two cores, the RecordingFuzzer's heaviest seed (3.3 s alone) takes 11-15 s.
FUZZ_FLAGS = -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -timeout=30 -artifact_prefix=artifacts/
FUZZ_ENV = SWIFT_BACKTRACE=enable=no
# -enable-testing: the SequenceFuzzer's checkpoint probe restores sessions through `@testable import`, and the
# RenderFuzzer runs workers through the server's own WorkerProcess, RenderJob and RenderWorker.judge.
FUZZ_BUILD = $(SWIFT) build -c release -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -enable-testing
# The RenderFuzzer's inputs each wait for a worker process (a render's reading limit is 40 s of wall time).
RENDER_FUZZ_FLAGS = -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -timeout=120 -artifact_prefix=artifacts/render/
fuzz: deps release
	@# A build plan made before sources moved names files that are gone: drop it and build again.
	cd Fuzz && for product in MessageFuzzer SequenceFuzzer RecordingFuzzer RenderFuzzer; do \
		$(FUZZ_BUILD) --product $$product || { rm -f .build/release.yaml .build/build.db; $(FUZZ_BUILD) --product $$product; } || exit 1; \
	done
	mkdir -p Fuzz/artifacts/corpus Fuzz/artifacts/sequences Fuzz/artifacts/recordings Fuzz/artifacts/render/corpus
	cd Fuzz && { $(FUZZ_ENV) .build/release/MessageFuzzer $(FUZZ_FLAGS) artifacts/corpus corpus > artifacts/messages.log 2>&1 & m=$$!; \
		$(FUZZ_ENV) .build/release/SequenceFuzzer $(FUZZ_FLAGS) -max_len=4096 artifacts/sequences corpus-sequences > artifacts/sequences.log 2>&1 & s=$$!; \
		$(FUZZ_ENV) .build/release/RecordingFuzzer $(FUZZ_FLAGS) -max_len=65536 artifacts/recordings corpus-recordings > artifacts/recordings.log 2>&1 & r=$$!; \
		$(FUZZ_ENV) CAROUSEL_PREVIEW_BIN="$$(cd .. && $(SWIFT) build -c release --show-bin-path)/carousel-preview" \
			.build/release/RenderFuzzer $(RENDER_FUZZ_FLAGS) -max_len=16384 artifacts/render/corpus corpus-render \
			> artifacts/render.log 2>&1 & d=$$!; \
		wait $$m; mstatus=$$?; wait $$s; sstatus=$$?; wait $$r; rstatus=$$?; wait $$d; dstatus=$$?; \
		for log in messages sequences recordings render; do echo "== $$log"; grep -E "^#[0-9]+ +DONE|^Done|stat::|ERROR|Fatal|invariant|finding|render-fuzz:" artifacts/$$log.log; done; \
		exit $$(( mstatus || sstatus || rstatus || dstatus )); }

# Formats every Swift file with the toolchain's swift-format (settings in .swift-format: 4 spaces,
# 120 columns, ordered imports, private at file scope).
SWIFT_SOURCES = Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Benchmarks Benchmarks/LoadClient \
	Benchmarks/EngineMemory Fuzz/Package.swift Fuzz/Sources
fmt:
	$(SWIFT) format format --in-place --parallel --recursive $(SWIFT_SOURCES)

# Fails, naming the files and the command, when `make fmt` would change any Swift file: a copy of the
# sources is formatted with the same settings and compared, so the tree itself is never touched.
# The page's schema module, written by the server from its one schema (a test fails when the
# committed file differs: run this after changing a field, a preset, a limit or a message kind),
# and the sequence fuzzer's seeds, which read it.
schema: deps
	$(SWIFT) build --product carousel-preview
	"$$($(SWIFT) build --show-bin-path)/carousel-preview" schema > public/js/generated/schema.js
	"$$($(SWIFT) build --show-bin-path)/carousel-preview" schema --catalogs > public/js/generated/catalogs.js
	@# The fuzzer's seeds name configuration fields by the schema's order: written again from it.
	python3 Fuzz/sequence_seeds.py > /dev/null

# The reference pages written from the code (docs/reference: the CLI, the configuration, the HTTP
# endpoints, the client messages, the frameworks a handover maps to); a test fails when a committed
# page differs.
REFERENCE_TOPICS = cli configuration endpoints messages frameworks
docs: deps
	$(SWIFT) build --product carousel-preview
	for topic in $(REFERENCE_TOPICS); do \
		"$$($(SWIFT) build --show-bin-path)/carousel-preview" reference $$topic > docs/reference/$$topic.md || exit 1; \
	done

fmt-check:
	@scratch=$$(mktemp -d); trap 'rm -rf "$$scratch"' EXIT; \
	cp .swift-format "$$scratch/"; \
	find $(SWIFT_SOURCES) -name '*.swift' -exec cp --parents {} "$$scratch/" \; ; \
	(cd "$$scratch" && $(SWIFT) format format --in-place --parallel --recursive $(SWIFT_SOURCES)) || exit 1; \
	changed=$$(cd "$$scratch" && find $(SWIFT_SOURCES) -name '*.swift' | while read -r file; do \
		cmp -s "$$file" "$(CURDIR)/$$file" || echo "  $$file"; done); \
	if [ -n "$$changed" ]; then \
		echo "These Swift files are not formatted; run 'make fmt' and commit the result:"; echo "$$changed"; exit 1; \
	fi; \
	echo "fmt-check: every Swift file is formatted"

clean:
	rm -rf .build .build-asan .build-tsan Benchmarks/.build Fuzz/.build public/wasm
