#!/usr/bin/env bash
set -euo pipefail
echo "benchmarks"
source "$(dirname "$0")/bench-store.sh"
bench_store
source "$(dirname "$0")/bench-tui.sh"
bench_tui
