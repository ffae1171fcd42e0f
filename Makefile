# Chevron's two commands: `make run` and `make test`. Both install what is missing first.
SWIFT ?= swift
SAMPLE_TITLE ?= Settings

.PHONY: all deps build run test bench format lint clean

all: build

## Debian packages (libraries, hb-shape, fonts), skipping what is installed.
deps:
	@scripts/install-deps.sh

## Release build of every product.
build: deps
	$(SWIFT) build -c release

## The main job. Until chevrond exists: measure a sample title in the classic back button's font.
run: build
	.build/release/chevron measure "$(SAMPLE_TITLE)" --font Helvetica:bold --size 12 --features=-kern

## Every test (Swift Testing), against real fonts and the built chevron binary.
test: deps
	$(SWIFT) build --build-tests
	CHEVRON_BIN_DIR="$$($(SWIFT) build --show-bin-path)" $(SWIFT) test --skip-build

## Opt-in benchmarks: ratios against ../shared/bench/floors.sh measured in the same run.
bench: deps
	scripts/bench.sh

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Plugins Tests Benchmarks

lint:
	$(SWIFT) format lint --recursive Package.swift Sources Plugins Tests Benchmarks

clean:
	rm -rf .build
