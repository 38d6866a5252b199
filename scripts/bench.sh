#!/usr/bin/env bash
set -euo pipefail
echo "benchmarks"
source "$(dirname "$0")/bench-store.sh"
bench_store
