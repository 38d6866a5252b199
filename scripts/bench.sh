#!/usr/bin/env bash
# Benchmarks: each section measures curlew beside a peer in the same run and prints ratios.
set -euo pipefail
here="$(dirname "$0")"
sections=("${@:-transport store render viewer tui}")
for section in ${sections[@]}; do
    case "$section" in
        transport) source "$here/bench-transport.sh"; bench_transport ;;
        store) source "$here/bench-store.sh"; bench_store ;;
        render) echo "== render"; ./.build/release/curlew-bench render ;;
        viewer) echo "== viewer"; ./.build/release/curlew-bench viewer ;;
        tui) if [ -f "$here/bench-tui.sh" ]; then source "$here/bench-tui.sh"; bench_tui; fi ;;
        *) echo "bench: unknown section '$section' (transport, store, render, viewer, tui)" >&2; exit 2 ;;
    esac
done
