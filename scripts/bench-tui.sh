#!/usr/bin/env bash
# The full-screen app against Posting: launch to first frame (median of 10, in a 120x40 tmux
# pane, polling capture-pane for a marker), idle CPU and RSS, whole-app frame and keystroke times.
# Sourced by scripts/bench.sh; run alone with: bash scripts/bench-tui.sh

bench_tui_now_ms() { date +%s%3N; }

# Prints the milliseconds from starting COMMAND in a fresh 120x40 pane until MARKER shows.
bench_tui_first_frame_ms() {
    local socket=$1 command=$2 marker=$3
    tmux -L "$socket" kill-server 2>/dev/null || true
    tmux -L "$socket" new-session -d -s b -x 120 -y 40 "env PS1='bench$ ' bash --norc --noprofile"
    local deadline=$(( $(bench_tui_now_ms) + 5000 ))
    until tmux -L "$socket" capture-pane -p -t b | grep -q 'bench\$'; do
        [ "$(bench_tui_now_ms)" -gt "$deadline" ] && { echo "shell did not start" >&2; return 1; }
        sleep 0.01
    done
    local start; start=$(bench_tui_now_ms)
    tmux -L "$socket" send-keys -t b "$command" Enter
    deadline=$(( start + 20000 ))
    until tmux -L "$socket" capture-pane -p -t b | grep -q -- "$marker"; do
        [ "$(bench_tui_now_ms)" -gt "$deadline" ] && { echo "no first frame within 20 s" >&2; tmux -L "$socket" kill-server; return 1; }
        sleep 0.002
    done
    local end; end=$(bench_tui_now_ms)
    tmux -L "$socket" kill-server 2>/dev/null || true
    echo $(( end - start ))
}

# Types 20 characters one at a time into COMMAND's pane and prints each one's milliseconds
# from send-keys until the pane shows it. The shell's own echo of typed text is the floor.
bench_tui_keystrokes_ms() {
    local socket=$1 command=$2 marker=$3
    tmux -L "$socket" kill-server 2>/dev/null || true
    tmux -L "$socket" new-session -d -s k -x 120 -y 40 "$command"
    local deadline=$(( $(bench_tui_now_ms) + 10000 ))
    until tmux -L "$socket" capture-pane -p -t k | grep -q -- "$marker"; do
        [ "$(bench_tui_now_ms)" -gt "$deadline" ] && { echo "no first frame within 10 s" >&2; tmux -L "$socket" kill-server; return 1; }
        sleep 0.01
    done
    local typed="" times=()
    for _ in $(seq 1 20); do
        typed="${typed}q"
        local start; start=$(bench_tui_now_ms)
        tmux -L "$socket" send-keys -t k -l q
        until tmux -L "$socket" capture-pane -p -t k | grep -q -- "${typed}"; do
            [ "$(( $(bench_tui_now_ms) - start ))" -gt 5000 ] && { echo "keystroke not shown within 5 s" >&2; break; }
        done
        times+=($(( $(bench_tui_now_ms) - start )))
    done
    tmux -L "$socket" kill-server 2>/dev/null || true
    printf '%s\n' "${times[@]}"
}

bench_tui_p95() { sort -n | awk '{a[NR]=$1} END {i=int(NR*0.95+0.999); if (i>NR) i=NR; print a[i]}'; }

bench_tui_median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

bench_tui() {
    local root; root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    local binary=${CURLEW_BINARY:-$root/.build/release/curlew}
    local home; home=$(mktemp -d)
    local socket="curlew-bench-$$"
    echo
    echo "== full-screen app (120x40 tmux pane) =="
    local runs=() peer=()
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        runs+=("$(bench_tui_first_frame_ms "$socket" "CURLEW_HOME=$home $binary" "Type a URL, or paste")")
    done
    local ours; ours=$(printf '%s\n' "${runs[@]}" | bench_tui_median)
    echo "curlew launch to first frame: median ${ours} ms of 10 (${runs[*]})"
    echo "curlew launch to first frame through a bare pty, no tmux in between: $(python3 "$root/scripts/first-frame-pty.py" 10 -- "$binary")"
    local posting_bin; posting_bin=$( (pyenv which posting 2>/dev/null || command -v posting) | head -n 1 || true)
    if [ -n "$posting_bin" ]; then
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            peer+=("$(bench_tui_first_frame_ms "$socket" "$posting_bin" "${POSTING_MARKER:-Enter a URL or paste}" || echo 20000)")
        done
        local theirs; theirs=$(printf '%s\n' "${peer[@]}" | bench_tui_median)
        echo "posting launch to first frame: median ${theirs} ms of 10 (${peer[*]})"
        awk -v a="$ours" -v b="$theirs" 'BEGIN { if (a > 0) printf "ratio: curlew is %.1fx faster to its first frame\n", b / a }'
    else
        echo "posting: not installed (pip install posting tree-sitter==0.25.2); its column is skipped"
    fi

    # Idle: start the app, let it settle, then read its CPU ticks and RSS over 3 seconds.
    tmux -L "$socket" new-session -d -s idle -x 120 -y 40 "CURLEW_HOME=$home $binary"
    local pid="" deadline=$(( $(bench_tui_now_ms) + 5000 ))
    until [ -n "$pid" ]; do
        pid=$(pgrep -n -f "^$binary\$" || true)
        [ "$(bench_tui_now_ms)" -gt "$deadline" ] && break
        sleep 0.05
    done
    if [ -n "$pid" ]; then
        sleep 1
        local t0; t0=$(awk '{print $14 + $15}' "/proc/$pid/stat")
        sleep 3
        local t1; t1=$(awk '{print $14 + $15}' "/proc/$pid/stat")
        local rss; rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
        local hz; hz=$(getconf CLK_TCK)
        awk -v d=$(( t1 - t0 )) -v hz="$hz" 'BEGIN { printf "idle CPU over 3 s: %d ticks (%.2f%% of one core)\n", d, d / hz / 3 * 100 }'
        awk -v k="$rss" 'BEGIN { printf "RSS at idle: %.1f MB\n", k / 1024 }'
    else
        echo "idle: curlew did not start"
    fi
    tmux -L "$socket" kill-server 2>/dev/null || true

    # Keystroke to screen through a real terminal: curlew's URL bar against the shell echoing the same keys.
    local shell_keys app_keys
    shell_keys=$(bench_tui_keystrokes_ms "$socket" "env PS1='ready$ ' bash --norc --noprofile" 'ready\$')
    app_keys=$(bench_tui_keystrokes_ms "$socket" "CURLEW_HOME=$home $binary" "Type a URL, or paste")
    echo "keystroke to screen (tmux, 20 keys): curlew median $(bench_tui_median <<<"$app_keys") ms, p95 $(bench_tui_p95 <<<"$app_keys") ms;" \
        "bash's own echo median $(bench_tui_median <<<"$shell_keys") ms, p95 $(bench_tui_p95 <<<"$shell_keys") ms"
    rm -rf "$home"

    local bench=${CURLEW_BENCH_BINARY:-$root/.build/release/curlew-bench}
    if [ -x "$bench" ]; then "$bench" app; else echo "curlew-bench not built (swift build -c release)"; fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    bench_tui
fi
