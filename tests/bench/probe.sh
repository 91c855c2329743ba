#!/usr/bin/env bash
# tests/bench/probe.sh [TPSREPORT] : the probe against `pgbench -i`.
#
# Loads scale $SCALE (default 50) into a throwaway local cluster with
# `pgbench -i`, `tpsreport probe` and `tpsreport probe --jobs 2`, taking turns,
# $ROUNDS times each (default 3), with `tpsreport settle` before every load,
# and prints the median generate and total times of each (and of vacuum,
# primary keys, and the CPU time the client itself used) and their ratios to
# pgbench's. A benchmark, not a test: the figures go to docs/performance.md.
#
# Environment: SCALE, ROUNDS, JOBS (default 2), BENCH_PG_OPTS (extra server
# options, e.g. "-c max_wal_size=4GB").
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=${1:-${TPSREPORT:-$ROOT/build/tpsreport}}
SCALE=${SCALE:-50}
ROUNDS=${ROUNDS:-3}
JOBS=${JOBS:-2}
[ -x "$T" ] || { echo "probe.sh: no tpsreport binary at $T (build first)" >&2; exit 2; }
. "$ROOT/tests/lib/pg.sh"
# shellcheck disable=SC2086
pg_start ${BENCH_PG_OPTS:-}
createdb bench
LOG=$PG_DIR/bench
mkdir -p "$LOG"

# "done in 12.34 s (..., client-side generate 5.67 s, vacuum 1.2 s,
# primary keys 3.4 s)." -> "12.34 5.67 1.2 3.4"
figures() {
  sed -n 's/^done in \([0-9.]*\) s (.*client-side generate \([0-9.]*\) s, vacuum \([0-9.]*\) s, primary keys \([0-9.]*\) s).*/\1 \2 \3 \4/p' "$1"
}

run() {
  local kind=$1 round=$2 out=$LOG/$1.$2.err
  "$T" settle bench --interval 1 --timeout 600 -q
  # The client's own CPU time (user + sys), from bash's time: the part of
  # the load that is the loader's and not the server's.
  local TIMEFORMAT='%U %S'
  { time case $kind in
      pgbench) pgbench -i -s "$SCALE" bench 2>"$out" >/dev/null ;;
      probe) "$T" probe bench -s "$SCALE" --force 2>"$out" ;;
      jobs) "$T" probe bench -s "$SCALE" --force --jobs "$JOBS" 2>"$out" ;;
    esac; } 2>"$LOG/cpu"
  read -r total gen vac pk < <(figures "$out")
  read -r usr sys <"$LOG/cpu"
  cpu=$(python3 -c "print('%.2f' % ($usr + $sys))")
  printf '%-8s round %d: total %6.2f s  generate %6.2f s  vacuum %5.2f s  primary keys %5.2f s  client CPU %5.2f s\n' \
    "$kind" "$round" "$total" "$gen" "$vac" "$pk" "$cpu"
  echo "$total $gen $vac $pk $cpu" >>"$LOG/$kind.txt"
}

echo "scale $SCALE, $ROUNDS rounds, server $(psql -AtX -c 'show server_version')," \
     "$(nproc) CPUs, $(uname -m)"
for r in $(seq 1 "$ROUNDS"); do
  run pgbench "$r"
  run probe "$r"
  run jobs "$r"
done

python3 - "$LOG" "$JOBS" <<'PY'
import statistics, sys
log, jobs = sys.argv[1], sys.argv[2]
med = {}
for kind in ("pgbench", "probe", "jobs"):
    rows = [tuple(map(float, l.split())) for l in open(f"{log}/{kind}.txt")]
    med[kind] = [statistics.median(r[i] for r in rows) for i in range(5)]
print()
print("medians              total   generate     vacuum  prim. keys  client CPU")
names = {"pgbench": "pgbench -i", "probe": "probe", "jobs": f"probe --jobs {jobs}"}
for k in ("pgbench", "probe", "jobs"):
    print(f"{names[k]:<16} " + "  ".join(f"{v:7.2f} s" for v in med[k]))
for k in ("probe", "jobs"):
    print(f"ratio {names[k]} / pgbench -i: total {med[k][0] / med['pgbench'][0]:.3f}, "
          f"generate {med[k][1] / med['pgbench'][1]:.3f}")
PY
