#!/usr/bin/env bash
# ingest.sh: how fast tpsreport reads per-transaction logs, side by side
# with the usual tools, on the same files.
#
#   tests/bench/ingest.sh [TPSREPORT] [LINES...]   (default: 2000000 20000000)
#   BIG=200000000 tests/bench/ingest.sh            (adds a 200M-line study, ~7 GB)
#
# For each size: a deterministic study (gen_study.c: 4 thread files of
# pgbench-15 per-transaction lines, realistic latencies) generated under
# $TMPDIR (default /var/tmp) and deleted at the end, written back to disk
# (sync: no writeback while timing) and the page cache warmed, then each
# tool timed with /usr/bin/time (best of ROUNDS wall times, default 5, and
# the peak RSS of that run; tpsreport, wc and cat take turns, round after
# round, so that a change in the machine falls on all three alike), each as
# a ratio to tpsreport's time:
#   tpsreport summary --json    exact percentiles (the default, both cores)
#   wc -l, cat > /dev/null      just reading the bytes
#   mawk summing column 3       a typical one-liner
#   gawk histogram              PostgresBench's way: count per latency,
#                               asorti, first cumulative count > floor(q*N)
#   python3 sort                p50/p95/p99 by sorting every latency
#   PostgreSQL COPY + percentile_disc (what pgbench-tools does)
# The slow tools (mawk, gawk, python, PostgreSQL) run once, and not on
# sizes above 20M lines (python would need ~9 GB), nor with QUICK=1 (only
# tpsreport, wc and cat then, and no exactness check: for comparing builds). Then tpsreport's p50/p95/p99
# are checked against the exact ones: nearest rank against python's sort,
# and under `[study] percentile = postgresbench` against the gawk histogram.
# Not part of the test suite: run it on an otherwise idle machine; the
# load average is printed before each size.
#
#   MAPPED=1 QUICK=1 tests/bench/ingest.sh build/tpsreport
# times the reader that maps its windows (tests/bench/logs_mapped.c, built
# here from this build's folder) as COMPARE, below, against the shipped one
# that reads them with pread: for choosing between the two on a machine.
#
#   COMPARE=OTHER_TPSREPORT QUICK=1 tests/bench/ingest.sh build/tpsreport
# also times another build in the same turns (the two in alternating
# order) and then their CPU time (perf stat's task-clock, which the load of
# a shared machine disturbs less than wall time: ROUNDS pairs of `perf stat
# -r 5`, in alternating order, the median of each build's means), and
# checks that both print the same `summary --json`: for comparing a change
# side by side on a machine whose load moves.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tps=${1:-$root/build/tpsreport}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(2000000 20000000)
[ -z "${BIG:-}" ] || sizes+=("$BIG")
rounds=${ROUNDS:-5}
tps=$(cd "$(dirname "$tps")" && pwd)/$(basename "$tps")
work=$(mktemp -d "${TMPDIR:-/var/tmp}/tr-ingest.XXXXXX")
trap 'rm -rf "$work"' EXIT
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L "$here/gen_study.c" -lm -o "$work/gen"

# one timed run: prints "wall_seconds max_rss_kb cpu_seconds" (user + system)
timed_once() {
  local t0 t1
  t0=$(date +%s%N)
  /usr/bin/time -f '%M %U %S' -o "$work/time.txt" "$@" >/dev/null 2>"$work/err.txt" || {
    cat "$work/err.txt" >&2; return 1; }
  t1=$(date +%s%N)
  echo "$(awk "BEGIN{printf \"%.4f\", ($t1 - $t0) / 1e9}") $(awk '{printf "%d %.2f", $1, $2 + $3}' "$work/time.txt")"
}

# "$1 < $2" for two decimal numbers, the first one may be empty (none yet)
less() { [ -z "$2" ] || awk "BEGIN{exit !($1 < $2)}"; }

# best of N: prints "wall_seconds max_rss_kb" of the fastest run
timed() {
  local n=$1; shift
  local best= rss= w r c
  for ((i = 0; i < n; i++)); do
    read -r w r c < <(timed_once "$@")
    if less "$w" "$best"; then best=$w; rss=$r; fi
  done
  echo "$best $rss"
}

# The fast tools take turns, round after round, so that a change in the
# machine (other virtual machines on the host, the page cache) falls on
# all of them alike; best of ROUNDS each. Sets T_TR, T_WC, T_CAT and
# their RSS_* (of the best run); CPU_TR and CPU_CMP, the CPU time (user +
# system) of tpsreport's and COMPARE's best runs.
timed_turns() {
  local study=$1; shift
  local w r c
  T_TR=; T_WC=; T_CAT=; T_CMP=
  for ((i = 0; i < rounds; i++)); do
    if [ -n "${COMPARE:-}" ] && ((i % 2 == 1)); then compare_once "$study"; fi
    read -r w r c < <(timed_once "$tps" summary --json "$study")
    if less "$w" "$T_TR"; then T_TR=$w; RSS_TR=$r; CPU_TR=$c; fi
    if [ -n "${COMPARE:-}" ] && ((i % 2 == 0)); then compare_once "$study"; fi
    read -r w r c < <(timed_once wc -l "$@")
    if less "$w" "$T_WC"; then T_WC=$w; RSS_WC=$r; fi
    read -r w r c < <(timed_once cat "$@")
    if less "$w" "$T_CAT"; then T_CAT=$w; RSS_CAT=$r; fi
  done
}

# the other build of COMPARE, once (sets T_CMP, RSS_CMP, CPU_CMP)
compare_once() {
  local w r c
  read -r w r c < <(timed_once "$COMPARE" summary --json "$1")
  if less "$w" "$T_CMP"; then T_CMP=$w; RSS_CMP=$r; CPU_CMP=$c; fi
}

# CPU ms of one build on a study: the mean task-clock of `perf stat -r 5`
task_ms() {
  perf stat -x, -e task-clock -r 5 -o "$work/perf.txt" -- "$1" summary --json "$2" >/dev/null
  awk -F, '$3 == "task-clock" || $3 ~ /^task-clock/ {print $1}' "$work/perf.txt"
}

# Both builds' CPU time, ROUNDS pairs in alternating order: prints the
# median of each one's means, "ms_tpsreport ms_compare"
compare_cpu() {
  local a=() b=()
  for ((i = 0; i < rounds; i++)); do
    if ((i % 2)); then b+=("$(task_ms "$COMPARE" "$1")"); a+=("$(task_ms "$tps" "$1")")
    else a+=("$(task_ms "$tps" "$1")"); b+=("$(task_ms "$COMPARE" "$1")"); fi
  done
  echo "$(printf '%s\n' "${a[@]}" | sort -g | awk '{v[NR]=$1} END{print (v[int((NR+1)/2)] + v[int(NR/2)+1]) / 2}')" \
       "$(printf '%s\n' "${b[@]}" | sort -g | awk '{v[NR]=$1} END{print (v[int((NR+1)/2)] + v[int(NR/2)+1]) / 2}')"
}
# MAPPED=1: COMPARE is this build with the reader that maps each window
# (tests/bench/logs_mapped.c: logs.c's own code but for the window's
# reader), compiled with the ingest module's flags and linked as tpsreport
# is, from the build folder of TPSREPORT.
if [ "${MAPPED:-0}" = 1 ]; then
  bdir=$(dirname "$tps")
  flags=$(sed -n 's/^C_\(DEFINES\|INCLUDES\|FLAGS\) = //p' "$bdir/src/CMakeFiles/tr_ingest.dir/flags.make" | tr '\n' ' ')
  # shellcheck disable=SC2086
  cc $flags -Wno-unused-function -I"$root/src/ingest" -c "$here/logs_mapped.c" -o "$work/logs_mapped.o"
  link=$(cat "$bdir/src/CMakeFiles/tpsreport.dir/link.txt")
  # the mapped object first: the library's logs.o is then not linked
  link=$(sed -E "s| -o [^ ]*tpsreport | -o $work/tpsreport-mapped $work/logs_mapped.o |" <<<"$link")
  (cd "$bdir/src" && eval "$link")
  COMPARE=$work/tpsreport-mapped
fi
if [ -n "${COMPARE:-}" ]; then
  COMPARE=$(cd "$(dirname "$COMPARE")" && pwd)/$(basename "$COMPARE")
fi

have_pg=0
if [ -f "$root/tests/lib/pg.sh" ]; then
  # shellcheck source=../lib/pg.sh
  . "$root/tests/lib/pg.sh"
  if [ "${QUICK:-0}" != 1 ] &&
     pg_start -c fsync=off -c synchronous_commit=off -c max_wal_size=8GB >/dev/null 2>&1; then
    have_pg=1
    # (pg_start's trap stops the server; ours must still remove $work)
    trap 'pg_stop; rm -rf "$work"' EXIT
  fi
fi

# PostgresBench's rule, written here after its description (a histogram
# of column 3, then the first latency whose running count exceeds
# int(total * q)); only the successful transactions are counted.
cat > "$work/pb.awk" <<'AWK'
$3 ~ /^[0-9]+$/ { h[$3]++; n++ }
END {
  m = asorti(h, k, "@ind_num_asc")
  split("0.50 0.95 0.99", q, " ")
  for (j = 1; j <= 3; j++) { t[j] = int(n * q[j]); got[j] = "" }
  c = 0
  for (i = 1; i <= m; i++) {
    c += h[k[i]]
    for (j = 1; j <= 3; j++) if (got[j] == "" && c > t[j]) got[j] = k[i]
  }
  print got[1], got[2], got[3]
}
AWK
cat > "$work/pct.py" <<'PY'
import sys
v = []
for name in sys.argv[1:]:
    with open(name) as f:
        for line in f:
            x = line.split(' ', 3)[2]
            if x.isdigit():
                v.append(int(x))
v.sort()
n = len(v)
# nearest rank, q*N in integers
print(' '.join(str(v[max(1, -(-ppm * n // 1000000)) - 1]) for ppm in (500000, 950000, 990000)))
PY

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr); $("$tps" --version)"
for lines in "${sizes[@]}"; do
  study="$work/study-$lines"
  "$work/gen" "$study" "$lines"
  logs=("$study"/results/bench/s1/run1.4242*)
  bytes=$(cat "${logs[@]}" | wc -c)
  sync                            # no writeback of the new files while timing
  cat "${logs[@]}" > /dev/null   # warm the page cache
  echo
  echo "== $lines lines, $((bytes / 1000000)) MB in ${#logs[@]} files; load average $(cut -d' ' -f1-3 /proc/loadavg)"
  printf '%-38s %9s %10s %10s %11s\n' tool "wall s" "MB/s" "peak MB" "÷ tpsreport"

  timed_turns "$study" "${logs[@]}"
  t_tr=$T_TR
  row() { # name wall rss
    printf '%-38s %9.3f %10.0f %10.1f %10.2fx\n' "$1" "$2" \
      "$(awk "BEGIN{print $bytes / ($2 > 0 ? $2 : 0.001) / 1e6}")" "$(awk "BEGIN{print $3 / 1024}")" \
      "$(awk "BEGIN{print $2 / $t_tr}")"
  }
  row "tpsreport summary --json" "$T_TR" "$RSS_TR"
  t_wc=$T_WC
  row "wc -l" "$T_WC" "$RSS_WC"
  row "cat > /dev/null" "$T_CAT" "$RSS_CAT"
  echo "  tpsreport: $(awk "BEGIN{printf \"%.0f\", $t_wc / $t_tr * 100}")% of wc -l, CPU $CPU_TR s (user + system) in its best run, peak RSS $(awk "BEGIN{printf \"%.1f\", $RSS_TR / 1024}") MB"
  if [ -n "${COMPARE:-}" ]; then
    row "${MAPPED:+mapped, }COMPARE summary --json" "$T_CMP" "$RSS_CMP"
    echo "  COMPARE${MAPPED:+ (mapped)}: $(awk "BEGIN{printf \"%.0f\", $t_wc / $T_CMP * 100}")% of wc -l, CPU $CPU_CMP s (user + system) in its best run, peak RSS $(awk "BEGIN{printf \"%.1f\", $RSS_CMP / 1024}") MB"
    if command -v perf >/dev/null; then
      read -r c_tr c_cmp < <(compare_cpu "$study")
      echo "  CPU time (task-clock, median of $rounds means of 5): tpsreport $c_tr ms, COMPARE $c_cmp ms ($(awk "BEGIN{printf \"%+.1f\", ($c_tr / $c_cmp - 1) * 100}")% for tpsreport)"
    fi
    "$tps" summary --json "$study" > "$work/a.json"
    "$COMPARE" summary --json "$study" > "$work/b.json"
    if cmp -s "$work/a.json" "$work/b.json"; then
      echo "  both print the same summary --json"
    else
      echo "  the two builds print DIFFERENT summary --json" >&2
      exit 1
    fi
  fi
  if [ "${QUICK:-0}" != 1 ] && [ "$lines" -le 20000000 ]; then
    read -r t rss < <(timed 1 mawk '{s += $3} END {print s}' "${logs[@]}"); row "mawk, sum of column 3" "$t" "$rss"
    read -r t rss < <(timed 1 gawk -f "$work/pb.awk" "${logs[@]}"); row "gawk histogram (PostgresBench's)" "$t" "$rss"
    read -r t rss < <(timed 1 python3 "$work/pct.py" "${logs[@]}"); row "python3 sort, p50/p95/p99" "$t" "$rss"
    if [ "$have_pg" = 1 ]; then
      psql -qAtc "set client_min_messages = warning; drop table if exists txlog; create unlogged table txlog (client int, tx bigint, lat bigint, script int, s bigint, us int)" >/dev/null
      cat > "$work/pg.sh" <<PGS
set -e
psql -qAtc "truncate txlog" >/dev/null
for f in ${logs[*]}; do psql -qAtc "\\copy txlog from '\$f' with (format text, delimiter ' ')" >/dev/null; done
psql -qAtc "select percentile_disc(array[0.5,0.95,0.99]) within group (order by lat) from txlog" >/dev/null
PGS
      read -r t rss < <(timed 1 bash "$work/pg.sh"); row "PostgreSQL COPY + percentile_disc" "$t" "$rss"
      echo "  (peak MB of psql only; the server's memory is not counted)"
    fi
  fi
  echo "  tpsreport reads at $(awk "BEGIN{printf \"%.0f\", $t_wc / $t_tr * 100}")% of wc -l's speed (target: at least 60% at 20M lines)"

  # percentiles: exact, under both rules
  if [ "${QUICK:-0}" != 1 ] && [ "$lines" -le 20000000 ]; then
    "$tps" summary --json "$study" > "$work/nr.json"
    printf '[study]\npercentile = postgresbench\n' > "$study/tpsreport.ini"
    "$tps" summary --json "$study" > "$work/pb.json"
    rm "$study/tpsreport.ini"
    python3 "$work/pct.py" "${logs[@]}" > "$work/exact-nr.txt"
    gawk -f "$work/pb.awk" "${logs[@]}" > "$work/exact-pb.txt"
    python3 - "$work" <<'PY'
import json, sys
w = sys.argv[1]
bad = 0
for rule in ("nr", "pb"):
    lat = json.load(open(f"{w}/{rule}.json"))["cells"][0]["latency"]
    exact = [int(x) for x in open(f"{w}/exact-{rule}.txt").read().split()]
    got = [round(lat[k] * 1000) for k in ("p50_ms", "p95_ms", "p99_ms")]
    same = got == exact and all(abs(lat[k] - e / 1000) < 1e-12 for k, e in zip(("p50_ms", "p95_ms", "p99_ms"), exact))
    bad += not same
    name = "nearest rank vs python sort" if rule == "nr" else "postgresbench vs gawk histogram"
    print(f"  {name}: tpsreport {' '.join(f'{g / 1000:.3f}' for g in got)} ms, "
          f"exact {' '.join(f'{e / 1000:.3f}' for e in exact)} ms -> {'equal' if same else 'DIFFERENT'}")
sys.exit(1 if bad else 0)
PY
  fi
  rm -rf "$study"
done
