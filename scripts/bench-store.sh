#!/usr/bin/env bash
# The file-store section of the benchmarks: collections and history against Foundation's JSONEncoder.
# Sourced by scripts/bench.sh, or run on its own.

bench_store() {
    echo "== store: collections and history (release build) =="
    swift build -c release --product curlew-bench >/dev/null
    "$(swift build -c release --show-bin-path)/curlew-bench" store
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    set -euo pipefail
    cd "$(dirname "$0")/.."
    bench_store
fi
