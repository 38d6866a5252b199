#!/usr/bin/env bash
# Target bookkeeping shared by the benchmark sections: each section checks its numbers with
# bench_target, which prints a verdict and records a miss in $BENCH_MISSES for the final summary.

export BENCH_MISSES="${BENCH_MISSES:-$(mktemp)}"

# bench_target LABEL VALUE OP LIMIT: prints "met" or "MISSED" for VALUE OP LIMIT (OP is <= or >=) and records a miss.
bench_target() {
    local label=$1 value=$2 op=$3 limit=$4
    if python3 -c 'import sys; v,l=float(sys.argv[1]),float(sys.argv[3]); sys.exit(0 if (v<=l if sys.argv[2]=="<=" else v>=l) else 1)' "$value" "$op" "$limit"; then
        echo "   target $label $op $limit: met ($value)"
    else
        echo "   target $label $op $limit: MISSED ($value)"
        echo "$label: $value (target $op $limit)" >>"$BENCH_MISSES"
    fi
}

# bench_targets_summary [FAILED-SECTION …]: prints the misses and failed sections; returns 1 when there were any.
bench_targets_summary() {
    local status=0
    if [ -s "$BENCH_MISSES" ]; then
        echo "== targets missed:"
        sed 's/^/   /' "$BENCH_MISSES"
        status=1
    fi
    if [ "$#" -gt 0 ]; then
        echo "== sections that did not finish: $*"
        status=1
    fi
    [ "$status" -eq 0 ] && echo "== every target met"
    rm -f "$BENCH_MISSES"
    return "$status"
}
