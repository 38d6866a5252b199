# curlew — make run · make test · make bench
# Each target first installs whatever system packages it needs that are missing.

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PYTHON ?= python3

.PHONY: run test test-sanitized bench build deps test-deps bench-deps clean fuzz install uninstall

## deps: install the C libraries curlew builds against, if their headers are missing.
deps:
	@missing=""; \
	echo '#include <curl/curl.h>' | cc -E - >/dev/null 2>&1 || missing="$$missing libcurl4-openssl-dev"; \
	echo '#include <ncursesw/curses.h>' | cc -E - >/dev/null 2>&1 || missing="$$missing libncursesw5-dev"; \
	echo '#include <libxml/xpath.h>' | cc -I/usr/include/libxml2 -E - >/dev/null 2>&1 || missing="$$missing libxml2-dev"; \
	echo '#include <yaml.h>' | cc -E - >/dev/null 2>&1 || missing="$$missing libyaml-dev"; \
	if [ -n "$$missing" ]; then \
		echo "make: installing missing system packages with apt-get:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

## test-deps: everything the tests start: httpbin under gunicorn (pip) with flasgger (so that it serves its
## Swagger description at /spec.json), openssl, tmux, curl, the compressors that make the encoded test
## bodies (zstd, gzip; brotlicffi comes with httpbin), Flask for Tests/HurlSuite/server.py, man and groff to render the man pages, zsh and
## fish to try the completion scripts in, node to run exported k6 scripts with a stand-in for k6's modules, and
## nghttpd (nghttp2-server), the HTTP/2 server the HTTP/2 tests talk to, and chromium, which loads the HTML
## report headless, moto (an AWS stand-in that checks SigV4 signatures) for the AWS auth tests, and Authlib
## with Flask, the OAuth 2.0 / OIDC provider of the oauth2 tests, and websockets, the WebSocket server of the ws tests.
test-deps: deps
	@missing=""; \
	command -v openssl >/dev/null || missing="$$missing openssl"; \
	command -v tmux >/dev/null || missing="$$missing tmux"; \
	command -v curl >/dev/null || missing="$$missing curl"; \
	command -v zstd >/dev/null || missing="$$missing zstd"; \
	command -v gzip >/dev/null || missing="$$missing gzip"; \
	command -v man >/dev/null || missing="$$missing man-db"; \
	command -v groff >/dev/null || command -v nroff >/dev/null || missing="$$missing groff-base"; \
	command -v zsh >/dev/null || missing="$$missing zsh"; \
	command -v fish >/dev/null || missing="$$missing fish"; \
	command -v node >/dev/null || missing="$$missing nodejs"; \
	command -v nghttpd >/dev/null || [ -x /usr/sbin/nghttpd ] || missing="$$missing nghttp2-server"; \
	if [ -n "$$missing" ]; then \
		echo "make: installing missing system packages with apt-get:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@command -v chromium >/dev/null || { \
		echo "make: installing chromium with apt-get (the HTML report is loaded in it headless)"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; }
	@$(PYTHON) -c 'import httpbin, gunicorn, brotlicffi, flasgger, flask' 2>/dev/null || { \
		echo "make: installing the test echo server (httpbin, gunicorn, flasgger), Flask (the Hurl suite's server) and brotlicffi with pip"; \
		$(PYTHON) -m pip install --quiet httpbin gunicorn brotlicffi flasgger flask; }
	@$(PYTHON) -c 'import moto.server, flask_cors' 2>/dev/null || { \
		echo "make: installing moto[server] with pip (the AWS SigV4 tests' verifier)"; \
		$(PYTHON) -m pip install --quiet 'moto[server]'; }
	@$(PYTHON) -c 'import authlib, flask' 2>/dev/null || { \
		echo "make: installing Authlib and Flask with pip (the OAuth 2.0 provider the oauth2 tests talk to)"; \
		$(PYTHON) -m pip install --quiet authlib flask; }
	@$(PYTHON) -c 'import websockets' 2>/dev/null || { \
		echo "make: installing websockets with pip (the WebSocket server the ws:// and wss:// tests talk to)"; \
		$(PYTHON) -m pip install --quiet websockets; }

## bench-deps: the peers the benchmarks compare against (hyperfine, posting; PyYAML writes and reads the
## generated description of the import section).
bench-deps: test-deps
	@missing=""; \
	command -v hyperfine >/dev/null || missing="$$missing hyperfine"; \
	command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing="$$missing nginx"; \
	[ -x /usr/bin/time ] || missing="$$missing time"; \
	if [ -n "$$missing" ]; then \
		echo "make: installing benchmark tools with apt-get:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@command -v posting >/dev/null || { \
		echo "make: installing posting (benchmark peer) with pip"; \
		$(PYTHON) -m pip install --quiet posting tree-sitter==0.25.2 || echo "make: posting could not be installed; its column is skipped"; }
	@$(PYTHON) -c 'import yaml' 2>/dev/null || { \
		echo "make: installing PyYAML (the import benchmark's generator and peer) with pip"; \
		$(PYTHON) -m pip install --quiet pyyaml; }

## build: a release binary with the Swift runtime linked in statically (it starts twice as fast).
build: deps
	$(SWIFT) build -c release --static-swift-stdlib

## run: build a release binary and open curlew on the sample collection.
run: build
	./.build/release/curlew sample-requests/

## test: the whole suite (unit, loopback HTTP and TLS, store, screens, tmux end-to-end).
test: test-deps
	$(SWIFT) build --build-tests
	CURLEW_BINARY=$(CURDIR)/.build/debug/curlew $(SWIFT) test --skip-build

## test-sanitized: the whole suite built and run under ThreadSanitizer (in .build/tsan), then under AddressSanitizer
## (in .build/asan), each with the curlew binary of its own build. Every report, from the test process and from each
## curlew it starts (in tmux too), is written to .build/SAN/reports/ and fails the target, as a failing test does.
## Suppressions, for code that is not curlew's only, are in Tests/Sanitizers/. CURLEW_SANITIZER tells the tests
## which sanitizer they run under (peak-memory bounds are checked in plain runs only). Swift's backtracer is off, so
## that a crash is reported by the sanitizer (the backtracer's reads of other threads' stacks are flagged by ASan).
## Under AddressSanitizer the tests run one at a time: its CPU-heavy tests, run in parallel, hold every thread of
## the cooperative pool for minutes, and the waits of the tests beside them run out.
SANITIZED_JOBS ?= 2
# Unoptimized code under ThreadSanitizer spends most of its time in the Swift runtime's synchronized lookups of
# generic metadata (a JSONTestSuite test did not end in 20 minutes); optimized, it runs about 40 times faster.
TSAN_SWIFTFLAGS = -Xswiftc -O
TSAN_SETTINGS = TSAN_OPTIONS="suppressions=$(CURDIR)/Tests/Sanitizers/tsan.supp halt_on_error=0 log_path=$(CURDIR)/.build/tsan/reports/tsan"
# LeakSanitizer is off: it cannot follow a Swift pointer that carries enum case bits in its spare bits, so a value
# reachable only through one (a parsed JSONPath in its process-wide cache, a Foundation Data slice) is called a leak.
ASAN_SETTINGS = ASAN_OPTIONS="detect_leaks=0 log_path=$(CURDIR)/.build/asan/reports/asan"
test-sanitized: test-deps
	@failed=""; \
	for run in "thread tsan" "address asan"; do \
		set -- $$run; sanitizer=$$1; build=.build/$$2; \
		start=$$(date +%s); \
		echo "make: building the suite with -sanitize=$$sanitizer in $$build"; \
		$(SWIFT) build --build-tests --sanitize=$$sanitizer --build-path $$build -j $(SANITIZED_JOBS) \
			$$( [ $$sanitizer = thread ] && echo $(TSAN_SWIFTFLAGS) ) || { failed="$$failed $$sanitizer"; continue; }; \
		rm -rf $$build/reports; mkdir -p $$build/reports; \
		echo "make: running the suite under -sanitize=$$sanitizer"; \
		if [ $$sanitizer = thread ]; then env $(TSAN_SETTINGS) SWIFT_BACKTRACE=enable=no CURLEW_SANITIZER=thread CURLEW_BINARY=$(CURDIR)/$$build/debug/curlew \
			$(SWIFT) test --skip-build --sanitize=thread --build-path $$build $(TSAN_SWIFTFLAGS) || failed="$$failed $$sanitizer"; \
		else env $(ASAN_SETTINGS) SWIFT_BACKTRACE=enable=no CURLEW_SANITIZER=address CURLEW_BINARY=$(CURDIR)/$$build/debug/curlew \
			$(SWIFT) test --skip-build --sanitize=address --build-path $$build --no-parallel || failed="$$failed $$sanitizer"; fi; \
		reports=$$(ls $$build/reports | wc -l); \
		if [ $$reports -gt 0 ]; then \
			echo "make: $$reports report(s) under -sanitize=$$sanitizer in $$build/reports:"; \
			grep -h 'SUMMARY' $$build/reports/* | sort | uniq -c | sed 's/^/    /'; \
			case "$$failed" in *$$sanitizer*) ;; *) failed="$$failed $$sanitizer";; esac; \
		fi; \
		echo "make: -sanitize=$$sanitizer took $$(( $$(date +%s) - start )) s, build included"; \
	done; \
	if [ -n "$$failed" ]; then echo "make: failed under:$$failed"; exit 1; fi

## bench: speed against curl and Posting in the same run; prints ratios.
bench: bench-deps
	$(SWIFT) build -c release --static-swift-stdlib
	./scripts/bench.sh

clean:
	rm -rf .build

## install: the release binary, the bundled themes, the man pages and the shell completions under
## $(DESTDIR)$(PREFIX). The man pages and completions are written by the binary from its command
## tables. BINARY=path installs an already built curlew instead of building the release one.
PREFIX ?= /usr/local
DESTDIR ?=
BINARY ?=
INSTALL_ROOT = $(DESTDIR)$(PREFIX)
install:
	@bin="$(BINARY)"; \
	if [ -z "$$bin" ]; then $(MAKE) --no-print-directory build || exit 1; bin=.build/release/curlew; fi; \
	set -e; root="$(INSTALL_ROOT)"; \
	install -d "$$root/bin" "$$root/share/curlew/themes" "$$root/share/man/man1" "$$root/share/man/man5" \
		"$$root/share/bash-completion/completions" "$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d"; \
	install -m 755 "$$bin" "$$root/bin/curlew"; \
	install -m 644 themes/*.json "$$root/share/curlew/themes/"; \
	"$$bin" man --list | while read -r page section; do \
		"$$bin" man "$$page" --docs docs > "$$root/share/man/man$$section/$$page.$$section"; \
		chmod 644 "$$root/share/man/man$$section/$$page.$$section"; \
	done; \
	"$$bin" completions bash > "$$root/share/bash-completion/completions/curlew"; \
	"$$bin" completions zsh > "$$root/share/zsh/site-functions/_curlew"; \
	"$$bin" completions fish > "$$root/share/fish/vendor_completions.d/curlew.fish"; \
	chmod 644 "$$root/share/bash-completion/completions/curlew" "$$root/share/zsh/site-functions/_curlew" \
		"$$root/share/fish/vendor_completions.d/curlew.fish"; \
	echo "make: installed curlew in $$root"

## uninstall: removes what install put under $(DESTDIR)$(PREFIX).
uninstall:
	rm -f "$(INSTALL_ROOT)/bin/curlew" "$(INSTALL_ROOT)/share/man/man1/curlew.1" "$(INSTALL_ROOT)"/share/man/man1/curlew-*.1 \
		"$(INSTALL_ROOT)/share/man/man5/curlew-collection.5" "$(INSTALL_ROOT)/share/bash-completion/completions/curlew" \
		"$(INSTALL_ROOT)/share/zsh/site-functions/_curlew" "$(INSTALL_ROOT)/share/fish/vendor_completions.d/curlew.fish"
	rm -rf "$(INSTALL_ROOT)/share/curlew"

## fuzz: each parser under libFuzzer, coverage-guided and with AddressSanitizer, for FUZZ_SECONDS each (default
## 60); FUZZ_TARGETS="a b" runs only those (`curlew-fuzz --list` names them with their seed folders). A target's
## working corpus is .build/fuzz/corpus/TARGET, its seeds copied in, so the seed folders stay as they are; an input
## that crashes is kept in Tests/Fuzz/crashes/TARGET/, tried first on every run and replayed by `make test`.
## Each run's log is .build/fuzz/logs/TARGET.log. It links with the toolchain's lld: gold stops with an internal
## error (in dwarf_reader.cc) on the sanitized binary.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
FUZZ_BUILD = .build/fuzz
FUZZ = $(FUZZ_BUILD)/release/curlew-fuzz
fuzz: deps
	$(SWIFT) build -c release --product curlew-fuzz --build-path $(FUZZ_BUILD) -Xswiftc -sanitize=fuzzer,address -Xswiftc -DCURLEW_LIBFUZZER -Xswiftc -use-ld=lld
	@mkdir -p $(FUZZ_BUILD)/logs; \
	$(FUZZ) --list > $(FUZZ_BUILD)/targets || exit 1; \
	failed=""; \
	while read -r target seeds; do \
		case " $(FUZZ_TARGETS) " in "  "|*" $$target "*) ;; *) continue ;; esac; \
		corpus=$(FUZZ_BUILD)/corpus/$$target; crashes=Tests/Fuzz/crashes/$$target; log=$(FUZZ_BUILD)/logs/$$target.log; \
		mkdir -p $$corpus $$crashes; \
		find $$seeds -type f -size -65537c -not -path '*/.*' -exec sh -c \
			'for seed; do cp -n "$$seed" "$$0/seed-$$(sha1sum < "$$seed" | cut -c1-40)"; done' $$corpus {} +; \
		if SWIFT_BACKTRACE=enable=no CURLEW_FUZZ_TARGET=$$target $(FUZZ) -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
			-timeout=30 -print_final_stats=1 -artifact_prefix=$$crashes/ $$corpus $$crashes > $$log 2>&1; then \
			runs=$$(grep -o 'Done [0-9]* runs in [0-9]* second(s)' $$log | tail -1); \
			coverage=$$(grep -o 'cov: [0-9]*' $$log | tail -1); \
			echo "$$target: $$runs, $$coverage, $$(ls $$corpus | wc -l) inputs in the corpus; no crash"; \
		else \
			echo "$$target: CRASHED; the input is in $$crashes/, the log in $$log:"; \
			grep -E 'ERROR|Fatal error|SUMMARY|Test unit written' $$log | head -5 | sed 's/^/    /'; \
			failed="$$failed $$target"; \
		fi; \
	done < $(FUZZ_BUILD)/targets; \
	if [ -n "$$failed" ]; then echo "make: crashes in:$$failed"; exit 1; fi
