# carousel-preview: every target installs what it needs on a fresh machine.
SWIFT ?= swift

.PHONY: deps build test clean

# System packages the build needs (none yet beyond the Swift toolchain).
deps:
	@command -v $(SWIFT) >/dev/null || { echo "swift is not on PATH"; exit 1; }

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) test --disable-xctest

clean:
	rm -rf .build
