#!/usr/bin/env bash
# ingest.sh: how fast tpsreport reads per-transaction logs, side by side
# with the usual tools, on the same files (issue "Fast on gigabytes").
#
#   tests/bench/ingest.sh [TPSREPORT] [LINES...]     (default: 2000000 20000000)
#
# For each size: a deterministic study (gen_study.c: 4 thread files of
# pgbench-15 per-transaction lines, realistic latencies), the page cache
# warmed, then each tool timed with /usr/bin/time -v (best of 3 wall times,
# peak RSS of that run):
#   tpsreport summary --json   (percentiles from the log-linear histogram)
#   wc -l                      (the speed of just reading the lines)
#   mawk, mean of column 3     (a typical one-liner)
#   python3, p50/p95/p99 by sorting
#   PostgreSQL COPY + percentile_disc (what pgbench-tools does)
# and tpsreport's p50/p95/p99/max checked against the exact ones.
# Not part of the test suite: run it on an otherwise idle machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tps=${1:-$root/build/tpsreport}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(2000000 20000000)
tps=$(cd "$(dirname "$tps")" && pwd)/$(basename "$tps")
work=$(mktemp -d "${TMPDIR:-/var/tmp}/tr-ingest.XXXXXX")
trap 'rm -rf "$work"' EXIT
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L "$here/gen_study.c" -lm -o "$work/gen"

# best of N: prints "wall_seconds max_rss_kb" of the fastest run
timed() {
  local n=$1; shift
  local best= rss=
  for ((i = 0; i < n; i++)); do
    /usr/bin/time -v -o "$work/time.txt" "$@" >/dev/null 2>"$work/err.txt" || {
      cat "$work/err.txt" >&2; return 1; }
    local w r
    w=$(awk -F': ' '/Elapsed/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$work/time.txt")
    r=$(awk -F': ' '/Maximum resident/ {print $2}' "$work/time.txt")
    if [ -z "$best" ] || awk "BEGIN{exit !($w < $best)}"; then best=$w; rss=$r; fi
  done
  echo "$best $rss"
}

have_pg=0
if [ -f "$root/tests/lib/pg.sh" ]; then
  # shellcheck source=../lib/pg.sh
  . "$root/tests/lib/pg.sh"
  if pg_start -c fsync=off -c synchronous_commit=off -c max_wal_size=8GB >/dev/null 2>&1; then
    have_pg=1
  fi
fi

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr); $("$tps" --version)"
for lines in "${sizes[@]}"; do
  study="$work/study-$lines"
  "$work/gen" "$study" "$lines"
  logs=("$study"/results/bench/s1/run1.4242*)
  bytes=$(cat "${logs[@]}" | wc -c)
  cat "${logs[@]}" > /dev/null   # warm the page cache
  echo
  echo "== $lines lines, $((bytes / 1000000)) MB in ${#logs[@]} files"
  printf '%-34s %9s %10s %10s %9s\n' tool "wall s" "MB/s" "peak MB" "tpsreport"

  read -r t_tr rss_tr < <(timed 3 "$tps" summary --json "$study")
  "$tps" summary --json "$study" > "$work/r.json" 2>/dev/null
  row() { # name wall rss
    printf '%-34s %9.3f %10.0f %10.1f %8.2fx\n' "$1" "$2" \
      "$(awk "BEGIN{print $bytes / $2 / 1e6}")" "$(awk "BEGIN{print $3 / 1024}")" \
      "$(awk "BEGIN{print $2 / $t_tr}")"
  }
  row "tpsreport summary --json" "$t_tr" "$rss_tr"
  read -r t rss < <(timed 3 wc -l "${logs[@]}"); row "wc -l" "$t" "$rss"
  read -r t rss < <(timed 3 mawk '{s += $3} END {print s / NR}' "${logs[@]}"); row "mawk mean of column 3" "$t" "$rss"
  cat > "$work/pct.py" <<'PY'
import sys, math
v = []
for name in sys.argv[1:]:
    with open(name) as f:
        v.extend(int(line.split(' ', 3)[2]) for line in f)
v.sort()
n = len(v)
print(' '.join(str(v[max(1, math.ceil(p / 100 * n)) - 1]) for p in (50, 95, 99)), v[-1])
PY
  read -r t rss < <(timed 1 python3 "$work/pct.py" "${logs[@]}"); row "python3 sort, p50/p95/p99" "$t" "$rss"
  if [ "$have_pg" = 1 ]; then
    psql -qAtc "drop table if exists txlog; create unlogged table txlog (client int, tx bigint, lat bigint, script int, s bigint, us int)" >/dev/null
    cat > "$work/pg.sh" <<PGS
set -e
psql -qAtc "truncate txlog" >/dev/null
for f in ${logs[*]}; do psql -qAtc "\\copy txlog from '\$f' with (format text, delimiter ' ')" >/dev/null; done
psql -qAtc "select percentile_disc(array[0.5,0.95,0.99]) within group (order by lat) from txlog" >/dev/null
PGS
    read -r t rss < <(timed 1 bash "$work/pg.sh"); row "PostgreSQL COPY + percentile_disc" "$t" "$rss"
    echo "  (peak MB of psql only; the server's memory is not counted)"
  fi

  python3 "$work/pct.py" "${logs[@]}" > "$work/exact.txt"
  python3 - "$work/r.json" "$work/exact.txt" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
lat = r["cells"][0]["latency"]
exact = [int(x) / 1000 for x in open(sys.argv[2]).read().split()]
worst = 0
for name, want in zip(("p50_ms", "p95_ms", "p99_ms", "max_ms"), exact):
    got = lat[name]
    err = abs(got - want) / want * 100
    worst = max(worst, err)
    print(f"  {name}: tpsreport {got:.4f} ms, exact {want:.4f} ms, error {err:.4f}%")
print(f"  worst relative error {worst:.4f}% (stated bound: 0.05%) -> {'ok' if worst <= 0.05 else 'TOO LARGE'}")
sys.exit(0 if worst <= 0.05 else 1)
PY
done
