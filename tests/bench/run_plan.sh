#!/usr/bin/env bash
# tests/bench/run_plan.sh [TPSREPORT] : what `tpsreport run --dry-run`
# costs per plan step, at 1k, 10k, 100k and 1M steps (1M: 1,000 argument
# sets of 1,000 runs, the largest one scenario allows).
#
# A throwaway local cluster holds loaded pgbench tables (scale 1) so that
# the checks pass; the plan is `-T {1,...,K}` with runs = 1000. The figure
# to read is the last column: the same at every size when planning and
# the time-left estimate are linear (it grew with the plan size when the
# estimate summed the steps after each step anew). STEPS="1000 10000"
# chooses the sizes. A benchmark, not a test.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=${1:-${TPSREPORT:-$ROOT/build/tpsreport}}
STEPS=${STEPS:-"1000 10000 100000 1000000"}
[ -x "$T" ] || { echo "run_plan.sh: no tpsreport binary at $T (build first)" >&2; exit 2; }
. "$ROOT/tests/lib/pg.sh"
pg_start -c autovacuum=off
createdb bench
pgbench -q -i -s 1 bench >/dev/null 2>&1
W=$PG_DIR/plan
mkdir -p "$W"
# pgbench itself is only asked for --version in a dry run.
printf '#!/bin/sh\necho "pgbench (PostgreSQL) 15.0"\n' >"$W/pgbench"
chmod +x "$W/pgbench"
printf '%10s %10s %12s %14s\n' steps seconds "peak RSS MB" "us per step"
for n in $STEPS; do
  sets=$((n / 1000))
  values=$(seq -s, 1 "$sets")
  [ "$sets" -gt 1 ] && values="{$values}"
  d=$W/s$n
  mkdir -p "$d"
  cat >"$d/tpsreport.ini" <<INI
[provider local]
conninfo = host=127.0.0.1 port=$PGPORT user=postgres

[scenario s]
database = bench
pgbench = -c 1 -T $values
runs = 1000
INI
  /usr/bin/time -f '%e %M' -o "$W/time" "$T" run "$d" --dry-run --pgbench "$W/pgbench" >/dev/null
  read -r secs kb <"$W/time"
  python3 -c "import sys; n, s, kb = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]); print('%10d %10.2f %12.0f %14.2f' % (n, s, kb / 1024, s / n * 1e6))" "$n" "$secs" "$kb"
done
