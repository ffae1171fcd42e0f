# Chevron's two commands: `make run` and `make test`. Both install what is missing first.
SWIFT ?= swift
SAMPLE_TITLE ?= Settings

# `make install` / `make uninstall`. DESTDIR stages into a directory (packaging): nothing on the
# running system is touched then.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
# Units go to /etc/systemd/system, which systemd reads whatever PREFIX is ($(PREFIX)/lib/systemd/system
# is only on its search path for /usr/local and /usr). Override with UNITDIR=.
UNITDIR ?= /etc/systemd/system
# The user session's units (systemctl --user), on the user manager's search path for /usr/local and /usr.
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
# Fixed: chevrond.service passes this --looks-dir and --fonts-dir and declares them in
# ConfigurationDirectory=.
LOOKSDIR := /etc/chevron/looks
FONTSDIR := /etc/chevron/fonts
RELEASE_DIR ?= .build/release
# Whether systemd is PID 1 and no DESTDIR is set: only then is there a manager to tell.
SYSTEMD_LIVE = [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]

.PHONY: all deps build run test deb dist image test-package wire bench bench-check bench-daemon bench-instructions fuzz soak docs sheet report-screenshot format lint clean install uninstall

all: build

## Debian packages (libraries, hb-shape, fonts), skipping what is installed.
deps:
	@scripts/install-deps.sh

## Release build of every product.
build: deps
	$(SWIFT) build -c release

## The main job: chevrond in the foreground on its default socket (or SOCKET=PATH), serving the
## built-in looks and the examples in looks/. Ctrl-C (SIGINT) or SIGTERM stops it.
SOCKET ?=
run: build
	.build/release/chevrond --looks-dir looks $(if $(SOCKET),--socket $(SOCKET))

## Every test (Swift Testing), against real fonts and the built chevron binary.
test: deps
	$(SWIFT) build --build-tests
	CHEVRON_BIN_DIR="$$($(SWIFT) build --show-bin-path)" $(SWIFT) test --skip-build

## Install without a toolchain. `make deb`: chevron_VERSION_amd64.deb, the Swift
## runtime linked statically (scripts/build-deb.sh); `make dist`: the release tarball and its
## SHA256SUMS (scripts/dist.sh); `make image`: the container image's root, imported into podman as
## chevron:VERSION (scripts/build-image-root.sh); `make test-package`: the package and the image
## tested in clean Debian 12 roots (scripts/test-package.sh, root and mmdebstrap needed).
deb: deps
	scripts/build-deb.sh

dist: deps
	scripts/dist.sh

image: deb
	deb=$$(ls -t chevron_*_amd64.deb | head -1); version=$${deb#chevron_}; version=$${version%_amd64.deb}; \
	  scripts/build-image-root.sh "$$deb" .build/image-root --import "chevron:$$version"

test-package: deps
	@test -n "$$(ls chevron_*_amd64.deb 2>/dev/null)" || { echo "test-package: no chevron_*_amd64.deb; run make deb first"; exit 1; }
	$(SWIFT) build
	CHEVRON_BIN_DIR="$$($(SWIFT) build --show-bin-path)" scripts/test-package.sh

## Regenerates the Swift wire types (Sources/ChevronWire) and docs/INTERFACES.md from the .varlink files,
## with the generator of the BuildTools package (not part of the main build).
CODEGEN = $(SWIFT) run --package-path BuildTools varlink-codegen
wire:
	$(CODEGEN) --markdown docs/INTERFACES.md Sources/ChevronWire \
	  Sources/ChevronService/Interfaces/io.chevron.*.varlink
	$(CODEGEN) --module ChevronVarlink Sources/ChevronVarlink/Generated \
	  Sources/ChevronVarlink/Interfaces/org.varlink.service.varlink
	$(CODEGEN) --readme README.md \
	  Sources/ChevronService/Interfaces/io.chevron.*.varlink Sources/ChevronVarlink/Interfaces/org.varlink.service.varlink

## The benchmarks (the Benchmarks/ package, built apart from chevron): every figure as a ratio to
## the floors of Benchmarks/floors/ measured in the same run. See docs/performance.md.
bench: deps
	Benchmarks/scripts/bench.sh
	Benchmarks/scripts/bench-daemon.sh
	Benchmarks/scripts/bench-check.sh

## Fuzzing (not part of `make test`, which replays the corpus and past crashes): each target of the
## Fuzz/ package for FUZZ_SECONDS (default 180) with libFuzzer and AddressSanitizer; a crash goes to
## Fuzz/crashes/TARGET/, to be committed with its fix. See scripts/fuzz.sh.
fuzz: deps
	scripts/fuzz.sh

## A soak and chaos run of the release daemon for SOAK_MINUTES (default 10); see scripts/soak.sh.
soak: deps
	scripts/soak.sh

## chevron check over generated catalogues (rows per second, peak memory), through chevrond and in process.
bench-check: deps
	Benchmarks/scripts/bench-check.sh

## The daemon's benchmarks alone (round trip, throughput, memory, fairness).
bench-daemon: deps
	Benchmarks/scripts/bench-daemon.sh

## Instructions per title (valgrind's callgrind) of the text benchmarks' workloads and of the
## HarfBuzz floor: counts that do not move with the machine's load, for comparing builds.
bench-instructions: deps
	Benchmarks/scripts/bench-instructions.sh

## The README's contact sheet: the six built-in looks for docs/sheet-titles.txt, drawn in-process.
sheet: build
	$(RELEASE_DIR)/chevron sheet docs/sheet-titles.txt --local -o docs/sheet.png

## The README's picture of an HTML report: docs/report-sample.xcstrings checked in-process, the
## page drawn by headless Chromium (scripts/report-screenshot.py).
report-screenshot: build
	rm -rf .build/docs-report
	$(RELEASE_DIR)/chevron check docs/report-sample.xcstrings --local --look classic --look modern \
	  --output html=.build/docs-report
	python3 scripts/report-screenshot.py .build/docs-report/index.html docs/report.png

## What the documentation shows, made from the release binaries: the contact sheet, the picture of
## an HTML report, every console example's output in the README and docs/ (scripts/doc-examples.py;
## `make test` checks them), and the man pages and shell completions, into .build/.
DOC_PAGES = README.md docs/check.md docs/check-formats.md docs/check-reference.md
docs: sheet report-screenshot
	python3 scripts/doc-examples.py --write --bin-dir $(RELEASE_DIR) $(DOC_PAGES)
	mkdir -p .build/man .build/completions
	$(SWIFT) package --allow-writing-to-directory .build/man generate-manual --output-directory .build/man
	for shell in bash zsh fish; do \
	  $(RELEASE_DIR)/chevron --generate-completion-script $$shell > .build/completions/chevron.$$shell; \
	done

## What format and lint cover: everything but the generated wire types (`make wire` writes those).
FORMATTED = $(filter-out Sources/ChevronWire,$(wildcard Sources/*)) BuildTools Plugins Tests Benchmarks

format:
	$(SWIFT) format --in-place --recursive Package.swift $(FORMATTED)

lint:
	$(SWIFT) format lint --recursive Package.swift $(FORMATTED)

clean:
	rm -rf .build

## Installs chevrond, chevron, the systemd units and the example looks (kept if edited).
install: build
	install -Dm755 $(RELEASE_DIR)/chevrond "$(DESTDIR)$(BINDIR)/chevrond"
	install -Dm755 $(RELEASE_DIR)/chevron "$(DESTDIR)$(BINDIR)/chevron"
	@# Man pages and completions, when `make docs` made them.
	@if [ -f .build/man/chevron.1 ]; then \
	  install -Dm644 .build/man/chevron.1 "$(DESTDIR)$(PREFIX)/share/man/man1/chevron.1"; \
	  install -Dm644 .build/man/chevrond.1 "$(DESTDIR)$(PREFIX)/share/man/man1/chevrond.1"; \
	  install -Dm644 .build/completions/chevron.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/chevron"; \
	  install -Dm644 .build/completions/chevron.zsh "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_chevron"; \
	  install -Dm644 .build/completions/chevron.fish "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/chevron.fish"; \
	fi
	install -d -m755 "$(DESTDIR)/etc/chevron" "$(DESTDIR)$(LOOKSDIR)" "$(DESTDIR)$(FONTSDIR)"
	@# The units name /usr/local/bin/chevrond; they are pointed at BINDIR.
	scripts/install-units.sh "$(BINDIR)" "$(DESTDIR)$(UNITDIR)" "$(DESTDIR)$(USERUNITDIR)"
	@for look in looks/*.json; do \
	  target="$(DESTDIR)$(LOOKSDIR)/$${look##*/}"; \
	  if [ -e "$$target" ] && ! cmp -s "$$look" "$$target"; then \
	    echo "install: keeping the edited $$target"; \
	  else \
	    echo "install -m644 $$look $$target"; install -m644 "$$look" "$$target"; \
	  fi; \
	done
	@if $(SYSTEMD_LIVE); then echo systemctl daemon-reload; systemctl daemon-reload; fi
	@echo "install: start on demand with: systemctl enable --now chevrond.socket"

## Removes what install put in place; looks edited since are kept.
uninstall:
	@if $(SYSTEMD_LIVE); then \
	  echo systemctl disable --now chevrond.socket chevrond.service; \
	  systemctl disable --now chevrond.socket chevrond.service || true; \
	fi
	rm -f "$(DESTDIR)$(BINDIR)/chevrond" "$(DESTDIR)$(BINDIR)/chevron"
	rm -f "$(DESTDIR)$(PREFIX)/share/man/man1/chevron.1" "$(DESTDIR)$(PREFIX)/share/man/man1/chevrond.1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/chevron" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_chevron" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/chevron.fish"
	rm -f "$(DESTDIR)$(UNITDIR)/chevrond.socket" "$(DESTDIR)$(UNITDIR)/chevrond.service"
	rm -f "$(DESTDIR)$(USERUNITDIR)/chevrond.socket" "$(DESTDIR)$(USERUNITDIR)/chevrond.service"
	@for look in looks/*.json; do \
	  target="$(DESTDIR)$(LOOKSDIR)/$${look##*/}"; \
	  if cmp -s "$$look" "$$target"; then echo "rm -f $$target"; rm -f "$$target"; \
	  elif [ -e "$$target" ]; then echo "uninstall: keeping the edited $$target"; fi; \
	done
	@rmdir "$(DESTDIR)$(LOOKSDIR)" "$(DESTDIR)$(FONTSDIR)" "$(DESTDIR)/etc/chevron" 2>/dev/null || true
	@if $(SYSTEMD_LIVE); then echo systemctl daemon-reload; systemctl daemon-reload; fi
