#!/usr/bin/env bash
# The transport section of the benchmarks: curlew send and RequestKit's Client against curl, on a
# loopback nginx started here with a temporary configuration. Prints ratios (curlew / curl) and
# peak memory. Sourced by scripts/bench.sh, or run on its own.

# Starts nginx on a free loopback port serving $TRANSPORT_WORK/www; sets TRANSPORT_PORT and TRANSPORT_NGINX_PID.
transport_start_nginx() {
    local work=$1
    mkdir -p "$work/www" "$work/logs" "$work/tmp"
    printf 'hello from nginx\n' >"$work/www/small.txt"
    TRANSPORT_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    cat >"$work/nginx.conf" <<CONF
user root;
worker_processes 1;
error_log $work/logs/error.log;
pid $work/nginx.pid;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path $work/tmp/body;
    proxy_temp_path $work/tmp/proxy;
    fastcgi_temp_path $work/tmp/fastcgi;
    uwsgi_temp_path $work/tmp/uwsgi;
    scgi_temp_path $work/tmp/scgi;
    keepalive_requests 100000;
    server {
        listen 127.0.0.1:$TRANSPORT_PORT;
        root $work/www;
        client_max_body_size 0;
        location = /upload { return 200 "received\n"; }
    }
}
CONF
    nginx -c "$work/nginx.conf" -p "$work" -g 'daemon off;' &
    TRANSPORT_NGINX_PID=$!
    local deadline=$((SECONDS + 10))
    until curl -sf -o /dev/null "http://127.0.0.1:$TRANSPORT_PORT/small.txt"; do
        if ((SECONDS > deadline)); then echo "nginx did not start" >&2; return 1; fi
        sleep 0.1
    done
}

# Mean wall time in seconds of one command from a hyperfine JSON export.
transport_mean() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][int(sys.argv[2])]["mean"])' "$1" "$2"
}

# Peak resident set size in MB of a command, from /usr/bin/time -v.
transport_peak_rss_mb() {
    /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }'
}

# One `curlew send` GET versus one `curl` GET, whole process (target: at most 2.5x).
bench_transport_single_get() {
    local url="http://127.0.0.1:$TRANSPORT_PORT/small.txt"
    hyperfine -N --warmup 10 --runs 200 --export-json "$TRANSPORT_WORK/single.json" \
        "$CURLEW send $url" "curl -s $url" >/dev/null
    local curlew curl
    curlew=$(transport_mean "$TRANSPORT_WORK/single.json" 0)
    curl=$(transport_mean "$TRANSPORT_WORK/single.json" 1)
    python3 -c 'import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print("one GET, whole process:   curlew %.2f ms, curl %.2f ms, ratio %.2fx (target <= 2.5x)" % (a*1e3, b*1e3, a/b))' "$curlew" "$curl"
    bench_target "one GET ratio" "$(python3 -c 'import sys; print(round(float(sys.argv[1])/float(sys.argv[2]), 2))' "$curlew" "$curl")" "<=" 2.5
}

# 1,000 sequential GETs through one Client versus `curl -K` with the same 1,000 URLs (target: at most 1.3x).
bench_transport_sequential() {
    local url="http://127.0.0.1:$TRANSPORT_PORT/small.txt" config="$TRANSPORT_WORK/urls.curl"
    : >"$config"
    for _ in $(seq 1000); do printf 'url = "%s"\noutput = "/dev/null"\n' "$url" >>"$config"; done
    hyperfine -N --warmup 2 --runs 15 --export-json "$TRANSPORT_WORK/sequential.json" \
        "$CURLEW_BENCH transport $url 1000" "curl -s -K $config" >/dev/null
    local curlew curl
    curlew=$(transport_mean "$TRANSPORT_WORK/sequential.json" 0)
    curl=$(transport_mean "$TRANSPORT_WORK/sequential.json" 1)
    python3 -c 'import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print("1,000 sequential GETs:    Client %.1f ms, curl -K %.1f ms, ratio %.2fx (target <= 1.3x)" % (a*1e3, b*1e3, a/b))' "$curlew" "$curl"
    bench_target "1,000 GETs ratio" "$(python3 -c 'import sys; print(round(float(sys.argv[1])/float(sys.argv[2]), 2))' "$curlew" "$curl")" "<=" 1.3
}

# Peak memory uploading a 256 MB file as multipart and downloading a 256 MB body with -o (target: under 64 MB each).
bench_transport_memory() {
    local big="$TRANSPORT_WORK/www/big.bin"
    head -c $((256 * 1024 * 1024)) /dev/urandom >"$big"
    local upload download curl_upload curl_download
    upload=$(transport_peak_rss_mb "$CURLEW" send POST "http://127.0.0.1:$TRANSPORT_PORT/upload" -F "file=@$big" -o /dev/null)
    download=$(transport_peak_rss_mb "$CURLEW" send "http://127.0.0.1:$TRANSPORT_PORT/big.bin" -o "$TRANSPORT_WORK/download.bin")
    cmp -s "$big" "$TRANSPORT_WORK/download.bin" || echo "warning: the downloaded body differs from the file served" >&2
    curl_upload=$(transport_peak_rss_mb curl -s -F "file=@$big" -o /dev/null "http://127.0.0.1:$TRANSPORT_PORT/upload")
    curl_download=$(transport_peak_rss_mb curl -s -o "$TRANSPORT_WORK/download.bin" "http://127.0.0.1:$TRANSPORT_PORT/big.bin")
    echo "256 MB multipart upload:  curlew peak RSS ${upload} MB (curl ${curl_upload} MB) (target < 64 MB)"
    echo "256 MB download with -o:  curlew peak RSS ${download} MB (curl ${curl_download} MB) (target < 64 MB)"
    bench_target "256 MB upload peak MB" "$upload" "<=" 64
    bench_target "256 MB download peak MB" "$download" "<=" 64
}

# Time from cancelling a send (its task) to the send returning .cancelled, 50 runs against a server that
# holds the request unanswered (target: under 100 ms). No peer: curl has no in-process cancel to compare.
bench_transport_cancel() {
    "$CURLEW_BENCH" transport cancel 50
}

bench_transport() {
    echo "== transport: curlew send and Client against curl, loopback nginx (release build, static Swift runtime) =="
    command -v nginx >/dev/null || { echo "nginx is missing: install it with 'apt-get install nginx'" >&2; return 1; }
    [[ -x /usr/bin/time ]] || { echo "/usr/bin/time is missing: install it with 'apt-get install time'" >&2; return 1; }
    # The Swift runtime and Foundation are linked statically, as a shipped binary would be: with them
    # as shared libraries, resolving their symbols at start-up costs more than the whole curl run.
    # A separate scratch path keeps the ordinary release build untouched.
    local build=(swift build -c release --static-swift-stdlib --scratch-path .build/static)
    "${build[@]}" --product curlew >/dev/null
    "${build[@]}" --product curlew-bench >/dev/null
    local bin
    bin=$("${build[@]}" --show-bin-path)
    CURLEW="$bin/curlew"
    CURLEW_BENCH="$bin/curlew-bench"
    TRANSPORT_WORK=$(mktemp -d)
    transport_start_nginx "$TRANSPORT_WORK"
    trap 'kill "$TRANSPORT_NGINX_PID" 2>/dev/null; wait "$TRANSPORT_NGINX_PID" 2>/dev/null || true; rm -rf "$TRANSPORT_WORK"' RETURN
    bench_transport_single_get
    bench_transport_sequential
    bench_transport_memory
    bench_transport_cancel
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    set -euo pipefail
    cd "$(dirname "$0")/.."
    source scripts/bench-targets.sh
    bench_transport
    bench_targets_summary
fi
