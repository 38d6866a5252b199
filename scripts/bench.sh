#!/usr/bin/env bash
# Benchmarks: each section measures curlew beside a peer in the same run and prints ratios.
# A section that fails or misses a target is reported and the others still run; the exit status is 0
# only when every section ran and every target it checks was met.
set -uo pipefail
here="$(dirname "$0")"
source "$here/bench-targets.sh"
sections=("${@:-transport store render viewer tui run import stream stream-app}")
failed_sections=()
for section in ${sections[@]}; do
    case "$section" in
        transport) ( source "$here/bench-transport.sh"; bench_transport ) ;;
        store) ( source "$here/bench-store.sh"; bench_store ) ;;
        render) ( echo "== render"; ./.build/release/curlew-bench render ) ;;
        viewer) ( echo "== viewer"; ./.build/release/curlew-bench viewer ) ;;
        stream-app) ( source "$here/bench-stream-app.sh"; bench_stream_app ) ;;
        tui) ( source "$here/bench-tui.sh"; bench_tui ) ;;
        run) ( source "$here/bench-run.sh"; bench_run ) ;;
        import) ( source "$here/bench-import.sh"; bench_import ) ;;
        stream) ( source "$here/bench-stream.sh"; bench_stream ) ;;
        *) echo "bench: unknown section '$section' (transport, store, render, viewer, tui, run, import, stream, stream-app)" >&2; exit 2 ;;
    esac
    status=$?
    if [ "$status" -ne 0 ]; then
        echo "bench: section '$section' ended with status $status" >&2
        failed_sections+=("$section")
    fi
done
bench_targets_summary "${failed_sections[@]}"
