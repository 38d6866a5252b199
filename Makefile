# curlew — make run · make test · make bench
# Each target first installs whatever system packages it needs that are missing.

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PYTHON ?= python3

.PHONY: run test bench build deps test-deps bench-deps clean fuzz

## deps: install the C libraries curlew builds against, if their headers are missing.
deps:
	@missing=""; \
	echo '#include <curl/curl.h>' | cc -E - >/dev/null 2>&1 || missing="$$missing libcurl4-openssl-dev"; \
	echo '#include <ncursesw/curses.h>' | cc -E - >/dev/null 2>&1 || missing="$$missing libncursesw5-dev"; \
	echo '#include <libxml/xpath.h>' | cc -I/usr/include/libxml2 -E - >/dev/null 2>&1 || missing="$$missing libxml2-dev"; \
	if [ -n "$$missing" ]; then \
		echo "make: installing missing system packages with apt-get:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

## test-deps: everything the tests start: httpbin under gunicorn (pip), openssl, tmux, curl, and the
## compressors that make the encoded test bodies (zstd, gzip; brotlicffi comes with httpbin).
test-deps: deps
	@missing=""; \
	command -v openssl >/dev/null || missing="$$missing openssl"; \
	command -v tmux >/dev/null || missing="$$missing tmux"; \
	command -v curl >/dev/null || missing="$$missing curl"; \
	command -v zstd >/dev/null || missing="$$missing zstd"; \
	command -v gzip >/dev/null || missing="$$missing gzip"; \
	if [ -n "$$missing" ]; then \
		echo "make: installing missing system packages with apt-get:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@$(PYTHON) -c 'import httpbin, gunicorn, brotlicffi' 2>/dev/null || { \
		echo "make: installing the test echo server (httpbin, gunicorn) and brotlicffi with pip"; \
		$(PYTHON) -m pip install --quiet httpbin gunicorn brotlicffi; }

## bench-deps: the peers the benchmarks compare against (hyperfine, posting).
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

## bench: speed against curl and Posting in the same run; prints ratios.
bench: bench-deps
	$(SWIFT) build -c release --static-swift-stdlib
	./scripts/bench.sh

clean:
	rm -rf .build

## fuzz: each parser under the mutation fuzzer (FUZZ_SECONDS each, default 60; FUZZ_SEED, default 1).
## Inputs that crash are kept in Tests/Fuzz/crashes/ and replayed first on every run.
FUZZ_SECONDS ?= 60
FUZZ_SEED ?= 1
FUZZ = ./.build/release/curlew-fuzz
fuzz: deps
	$(SWIFT) build -c release --product curlew-fuzz
	@set -e; \
	run() { target=$$1; shift; \
		$(FUZZ) $$target --runs 1 --corpus Tests/Fuzz/crashes --crashes Tests/Fuzz/crashes >/dev/null; \
		$(FUZZ) $$target --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED) --crashes Tests/Fuzz/crashes $$(for c in "$$@"; do printf -- '--corpus %s ' "$$c"; done); }; \
	run json-scanner Tests/Fixtures/JSONTestSuite/test_parsing; \
	run curl-import Tests/RequestStoreTests/Fixtures/curlconverter/commands; \
	run http-import Tests/Fuzz/seeds/http; \
	run postman-import Tests/RequestStoreTests/Fixtures/postman sample-requests; \
	run hurl-reader Tests/RequestStoreTests/Fixtures/hurl; \
	run data-rows Tests/Fuzz/seeds/data-rows; \
	run collection-reader sample-requests; \
	run history-reader Tests/Fuzz/seeds/history; \
	run keymap-reader Tests/Fuzz/seeds/keymap; \
	run theme-reader themes; \
	run check-parser Tests/Fuzz/seeds/checks; \
	run jsonpath-parser Tests/Fuzz/seeds/jsonpath; \
	run number-reader Tests/Fuzz/seeds/numbers; \
	run sse-parser Tests/Fuzz/seeds/sse
