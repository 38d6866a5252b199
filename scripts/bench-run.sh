#!/usr/bin/env bash
# The runner section of the benchmarks: `curlew run` against `curl -K` with the same URLs in one
# process, on a loopback nginx serving a small JSON file. Each side runs at least five times,
# interleaved, and the minimum of each is reported (the machine is shared and noisy).
# Sourced by scripts/bench.sh; run alone with: bash scripts/bench-run.sh

# Writes a collection of COUNT GETs to URL, each with three checks (status, a header, a JSON path).
bench_run_collection() {
    local file=$1 url=$2 count=$3
    python3 - "$file" "$url" "$count" <<'PY'
import json, sys
path, url, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
requests = [{
    "name": "item %d" % i,
    "method": "GET",
    "url": url,
    "checks": ["status == 200", "header \"Content-Type\" == \"application/json\"", "jsonpath \"$.ok\" == true"],
} for i in range(count)]
with open(path, "w") as out:
    json.dump({"format": "curlew.collection", "version": 2, "name": "bench", "requests": requests}, out, indent=2)
    out.write("\n")
PY
}

# Writes a curl config fetching URL COUNT times into /dev/null.
bench_run_curl_config() {
    local file=$1 url=$2 count=$3
    python3 -c 'import sys; open(sys.argv[1], "w").write("".join("url = \"%s\"\noutput = \"/dev/null\"\n" % sys.argv[2] for _ in range(int(sys.argv[3]))))' "$file" "$url" "$count"
}

# Runs each command RUNS times, interleaved, and prints the minimum wall seconds of each, one per line.
bench_run_interleaved_min() {
    local runs=$1; shift
    python3 - "$runs" "$@" <<'PY'
import subprocess, sys, time
runs, commands = int(sys.argv[1]), sys.argv[2:]
best = [float("inf")] * len(commands)
for _ in range(runs):
    for index, command in enumerate(commands):
        start = time.perf_counter()
        finished = subprocess.run(command, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
        if finished.returncode != 0:
            sys.stderr.write("bench: %s exited %d: %s\n" % (command, finished.returncode, finished.stderr.decode()[-500:]))
            sys.exit(1)
        best[index] = min(best[index], elapsed)
for value in best:
    print("%.4f" % value)
PY
}

# Peak resident set size in MB of a command (the minimum over RUNS runs).
bench_run_peak_mb() {
    local runs=$1; shift
    local best=""
    for _ in $(seq "$runs"); do
        local peak
        peak=$(/usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1)
        if [ -z "$best" ] || [ "$peak" -lt "$best" ]; then best=$peak; fi
    done
    python3 -c 'import sys; print("%.1f" % (int(sys.argv[1]) / 1024))' "$best"
}

# Milliseconds from starting `curlew run` on a 5,000-request collection to nginx logging its first request (minimum of RUNS).
bench_run_first_request_ms() {
    local runs=$1 collection=$2 log=$3
    local best=""
    for _ in $(seq "$runs"); do
        : >"$log"
        kill -USR1 "$RUN_NGINX_PID" 2>/dev/null || true
        local start
        start=$EPOCHREALTIME
        "$CURLEW" run "$collection" --no-history --quiet >/dev/null 2>&1 || true
        local first
        first=$(head -1 "$log")
        local ms
        ms=$(python3 -c 'import sys; print("%.0f" % ((float(sys.argv[2]) - float(sys.argv[1])) * 1000))' "$start" "$first")
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
    done
    echo "$best"
}

bench_run() {
    echo "== run: curlew run against curl -K, loopback nginx (release build, static Swift runtime) =="
    command -v nginx >/dev/null || { echo "nginx is missing: install it with 'apt-get install nginx'" >&2; return 1; }
    local build=(swift build -c release --static-swift-stdlib --scratch-path .build/static)
    "${build[@]}" --product curlew >/dev/null || return 1
    CURLEW="$("${build[@]}" --show-bin-path)/curlew"
    RUN_WORK=$(mktemp -d)
    mkdir -p "$RUN_WORK/www" "$RUN_WORK/logs" "$RUN_WORK/tmp" "$RUN_WORK/data"
    printf '{"ok": true, "items": [1, 2, 3]}\n' >"$RUN_WORK/www/item.json"
    local port
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    cat >"$RUN_WORK/nginx.conf" <<CONF
user root;
worker_processes 1;
error_log $RUN_WORK/logs/error.log;
pid $RUN_WORK/nginx.pid;
events { worker_connections 512; }
http {
    types { application/json json; }
    log_format stamp '\$msec';
    access_log $RUN_WORK/logs/access.log stamp;
    client_body_temp_path $RUN_WORK/tmp/body;
    proxy_temp_path $RUN_WORK/tmp/proxy;
    fastcgi_temp_path $RUN_WORK/tmp/fastcgi;
    uwsgi_temp_path $RUN_WORK/tmp/uwsgi;
    scgi_temp_path $RUN_WORK/tmp/scgi;
    keepalive_requests 1000000;
    server { listen 127.0.0.1:$port; root $RUN_WORK/www; }
}
CONF
    nginx -c "$RUN_WORK/nginx.conf" -p "$RUN_WORK" -g 'daemon off;' &
    RUN_NGINX_PID=$!
    trap 'kill "$RUN_NGINX_PID" 2>/dev/null; wait "$RUN_NGINX_PID" 2>/dev/null; rm -rf "$RUN_WORK"' RETURN
    local deadline=$((SECONDS + 10))
    until curl -sf -o /dev/null "http://127.0.0.1:$port/item.json"; do
        if ((SECONDS > deadline)); then echo "nginx did not start" >&2; return 1; fi
        sleep 0.1
    done
    local url="http://127.0.0.1:$port/item.json"
    bench_run_collection "$RUN_WORK/c5000.json" "$url" 5000
    bench_run_collection "$RUN_WORK/c1000.json" "$url" 1000
    bench_run_collection "$RUN_WORK/c100000.json" "$url" 100000
    bench_run_curl_config "$RUN_WORK/urls5000.curl" "$url" 5000
    export CURLEW_HOME="$RUN_WORK/data"

    local times sequential concurrent curl
    times=$(bench_run_interleaved_min 5 \
        "$CURLEW run $RUN_WORK/c5000.json --no-history --quiet" \
        "$CURLEW run $RUN_WORK/c5000.json --no-history --quiet --concurrency 8" \
        "curl -s -K $RUN_WORK/urls5000.curl") || return 1
    sequential=$(sed -n 1p <<<"$times"); concurrent=$(sed -n 2p <<<"$times"); curl=$(sed -n 3p <<<"$times")
    local ratio speedup
    ratio=$(python3 -c 'import sys; print("%.2f" % (float(sys.argv[1]) / float(sys.argv[2])))' "$sequential" "$curl")
    speedup=$(python3 -c 'import sys; print("%.2f" % (float(sys.argv[2]) / float(sys.argv[1])))' "$concurrent" "$curl")
    echo "5,000 requests, 3 checks each, one at a time: curlew run $(python3 -c "print('%.0f' % ($sequential*1000))") ms, curl -K $(python3 -c "print('%.0f' % ($curl*1000))") ms, ratio ${ratio}x"
    bench_target "sequential run / curl -K" "$ratio" "<=" 1.2
    echo "the same with --concurrency 8: $(python3 -c "print('%.0f' % ($concurrent*1000))") ms, ${speedup}x faster than curl's sequential time"
    bench_target "concurrency 8 speed-up over curl -K" "$speedup" ">=" 2

    # Memory must not grow with the number of requests run: the same 1,000-request collection run once and
    # 100 times over (--repeat). A 100,000-request collection file is also run, for its size alone.
    local small big growth file
    small=$(bench_run_peak_mb 3 "$CURLEW" run "$RUN_WORK/c1000.json" --no-history --quiet --concurrency 8)
    big=$(bench_run_peak_mb 3 "$CURLEW" run "$RUN_WORK/c1000.json" --no-history --quiet --concurrency 8 --repeat 100)
    file=$(bench_run_peak_mb 1 "$CURLEW" run "$RUN_WORK/c100000.json" --no-history --quiet --concurrency 8)
    growth=$(python3 -c 'import sys; print("%.1f" % ((float(sys.argv[2]) / float(sys.argv[1]) - 1) * 100))' "$small" "$big")
    echo "peak memory: 1,000 requests ${small} MB, 100,000 requests (the same, --repeat 100) ${big} MB (+${growth}%)"
    echo "peak memory with a 100,000-request collection file (the collection itself held in memory): ${file} MB"
    bench_target "peak memory growth 1,000 -> 100,000 requests (%)" "$growth" "<=" 10

    local first
    first=$(bench_run_first_request_ms 5 "$RUN_WORK/c5000.json" "$RUN_WORK/logs/access.log")
    echo "start to first request on the wire, 5,000-request collection: ${first} ms"
    bench_target "start to first request (ms)" "$first" "<=" 100
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    set -uo pipefail
    cd "$(dirname "$0")/.."
    source scripts/bench-targets.sh
    bench_run
    bench_targets_summary
fi
