#!/usr/bin/env bash
# Streamed responses in the full-screen app (release build, in-process run loop and client, a loopback event stream):
# an event's time from the server's socket write to the flushed frame showing it (target: 10 ms at p95), and the
# frames drawn while 10,000 events a second arrive (target: under 60 a second, with the event count exact).
# Sourced by scripts/bench.sh; run alone with: bash scripts/bench-stream-app.sh

bench_stream_app() {
    local here; here="$(dirname "${BASH_SOURCE[0]}")"
    source "$here/bench-targets.sh"
    echo "== stream-app"
    local output; output=$(./.build/release/curlew-bench stream) || { echo "$output"; return 1; }
    echo "$output" | grep -v '^STREAM '
    local numbers; numbers=$(echo "$output" | grep '^STREAM ') || { echo "   no numbers from curlew-bench stream" >&2; return 1; }
    local p95 fps missing
    p95=$(echo "$numbers" | sed -n 's/.*latency_p95_ms=\([0-9.]*\).*/\1/p')
    fps=$(echo "$numbers" | sed -n 's/.*fps=\([0-9.]*\).*/\1/p')
    missing=$(echo "$numbers" | sed -n 's/.*count_missing=\([-0-9]*\).*/\1/p')
    bench_target "stream event on screen after arrival, p95 ms" "$p95" "<=" 10
    bench_target "stream frames per second under 10,000 events/s" "$fps" "<=" 60
    bench_target "stream events missing from the count" "$missing" "<=" 0
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    cd "$(dirname "$0")/.." && bench_stream_app
fi
