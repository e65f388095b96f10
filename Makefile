# carousel-preview: every target installs what it needs on a fresh machine.
SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: deps build release run test clean

# System packages: libwebsockets (the server's transport) and pkg-config (to find it).
deps:
	@command -v $(SWIFT) >/dev/null || { echo "swift is not on PATH"; exit 1; }
	@if ! pkg-config --exists libwebsockets 2>/dev/null; then \
		echo "installing libwebsockets-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libwebsockets-dev pkg-config >/dev/null; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product carousel-preview

# Serves public/ and the preview WebSocket on http://$(HOST):$(PORT)/ with the bundled banners.
run: release
	exec "$$($(SWIFT) build -c release --show-bin-path)/carousel-preview" serve --host $(HOST) --port $(PORT) --public public

test: deps
	$(SWIFT) test --disable-xctest

clean:
	rm -rf .build
