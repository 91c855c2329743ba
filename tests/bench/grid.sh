#!/usr/bin/env bash
# grid.sh TPSREPORT: how the commands grow with the study (issue 31).
# Generated grids (gen_grid.c: providers labelled like real managed
# PostgreSQL offers), two series:
#   runs:      20 providers x 10 scenarios x 5, 50, 500 runs (1k, 10k, 100k runs)
#   providers: 10, 50, 200 providers x 10 scenarios x 3 runs
# For each: CPU time (user + system) and peak memory of summary --json,
# check, diff (of the study's results.json with itself), build (SVG charts
# only, the default) and build --png, and the CPU per run and the memory per run beyond the smallest
# study's, so that growth shows. Not a test: the machine may be busy, so
# read the per-run columns across a series, not one figure alone.
# BENCH_GRID_MAX_RUNS (default 100000) leaves out larger studies.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tps=${1:-$root/build/tpsreport}
max=${BENCH_GRID_MAX_RUNS:-100000}
work=$(mktemp -d "${TMPDIR:-/var/tmp}/tr-grid.XXXXXX")
trap 'rm -rf "$work"' EXIT
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L "$here/gen_grid.c" -lm -o "$work/gen"

# measure NAME RUNS CMD...: one line of the table
measure() {
  local name=$1 runs=$2; shift 2
  if ! /usr/bin/time -f "%U %S %M" -o "$work/t" timeout 1800 "$@" >/dev/null 2>"$work/err"; then
    printf '  %-15s failed: %s\n' "$name" "$(tail -1 "$work/err")"
    return
  fi
  read -r u s m < <(tail -1 "$work/t")
  awk -v n="$name" -v u="$u" -v s="$s" -v m="$m" -v r="$runs" 'BEGIN {
    cpu = u + s
    printf "  %-15s %8.2f s CPU %9.1f us/run %8.1f MB peak %7.2f KB/run\n",
           n, cpu, cpu / r * 1e6, m / 1024, m / r }'
}

series() {
  local p=$1 s=$2 r=$3 runs=$(( $1 * $2 * $3 ))
  [ "$runs" -le "$max" ] || { echo "$p x $s x $r: left out (BENCH_GRID_MAX_RUNS=$max)"; return; }
  rm -rf "$work/study" "$work/out"
  "$work/gen" "$work/study" "$p" "$s" "$r"
  echo "$p providers x $s scenarios x $r runs = $runs runs"
  "$tps" summary --json "$work/study" > "$work/results.json"
  measure "summary --json" "$runs" "$tps" summary --json "$work/study"
  measure "check" "$runs" "$tps" check "$work/study"
  measure "diff" "$runs" "$tps" diff "$work/results.json" "$work/results.json"
  measure "build" "$runs" "$tps" build "$work/study" -o "$work/out"
  rm -rf "$work/out"
  measure "build --png" "$runs" "$tps" build --png "$work/study" -o "$work/out"
}

echo "grid benchmark: $("$tps" --version); $(nproc) cores; $(uptime | sed 's/.*load/load/')"
echo "-- runs series"
for r in 5 50 500; do series 20 10 "$r"; done
echo "-- providers series"
for p in 10 50 200; do series "$p" 10 3; done
