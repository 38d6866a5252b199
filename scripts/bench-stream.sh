#!/usr/bin/env bash
# The streaming section of the benchmarks: how long a Server-Sent Event takes from the server's write to
# its line on stdout, for `curlew send` (piped: exact bytes; and --format json) beside `curl -N` in the
# same run, against one loopback server that stamps each event with its send time.
# Sourced by scripts/bench.sh; run alone with: bash scripts/bench-stream.sh (CURLEW=path to use a given binary)

bench_stream() {
    echo "== stream: event latency to stdout, curlew send beside curl -N (loopback SSE server) =="
    if [ -z "${CURLEW:-}" ]; then
        swift build -c release --product curlew >/dev/null || return 1
        CURLEW="$(swift build -c release --show-bin-path)/curlew"
    fi
    local output
    output=$(python3 - "$CURLEW" <<'PY'
import http.server, os, selectors, socketserver, statistics, subprocess, sys, threading, time

EVENTS, INTERVAL, ROUNDS = 200, 0.005, 5

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args):
        pass
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()
        for i in range(EVENTS):
            time.sleep(INTERVAL)
            event = b'data: {"i": %d, "sent": %d}\n\n' % (i, time.time_ns())
            self.wfile.write(b"%x\r\n%s\r\n" % (len(event), event))
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

server = Server(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
url = "http://127.0.0.1:%d/events" % server.server_address[1]

def latencies(command):
    """Milliseconds from each event's send stamp to the moment its line is read from the command's stdout."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    found, buffer = [], b""
    while True:
        chunk = os.read(process.stdout.fileno(), 65536)
        now = time.time_ns()
        if not chunk:
            break
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            marker = line.find(b'"sent": ')
            if marker < 0:
                marker = line.find(b'\\"sent\\": ')
                if marker < 0:
                    continue
                stamp = line[marker + 10:].split(b"}")[0]
            else:
                stamp = line[marker + 8:].split(b"}")[0]
            found.append((now - int(stamp)) / 1e6)
    process.wait()
    if len(found) != EVENTS:
        sys.stderr.write("bench: %s saw %d of %d events\n" % (command[0], len(found), EVENTS))
        sys.exit(1)
    return found

commands = {
    "curl -N": ["curl", "-sN", url],
    "curlew send": [sys.argv[1], "send", url, "--no-history"],
    "curlew send --format json": [sys.argv[1], "send", url, "--no-history", "--format", "json"],
}
results = {name: [] for name in commands}
for _ in range(ROUNDS):
    for name, command in commands.items():
        results[name] += latencies(command)
for name, values in results.items():
    values.sort()
    p95 = values[int(len(values) * 0.95) - 1]
    print("%s %.3f %.3f" % (name.replace(" ", "_"), statistics.median(values), p95))
PY
) || return 1
    local curl_median curl_p95
    read -r _ curl_median curl_p95 <<<"$(echo "$output" | grep '^curl_-N ')"
    while read -r name median p95; do
        local ratio
        ratio=$(python3 -c 'import sys; print("%.2f" % (float(sys.argv[1]) / max(float(sys.argv[2]), 0.001)))' "$median" "$curl_median")
        printf '   %-28s median %6.3f ms   p95 %6.3f ms   (%sx curl)\n' "${name//_/ }" "$median" "$p95" "$ratio"
        if [ "$name" != "curl_-N" ]; then bench_target "${name//_/ } p95 event latency ms" "$p95" "<=" 10; fi
    done <<<"$output"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    source "$(dirname "$0")/bench-targets.sh"
    bench_stream
    bench_targets_summary
fi
