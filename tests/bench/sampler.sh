#!/usr/bin/env bash
# tests/bench/sampler.sh [TPSREPORT] : what watching costs (issue 30).
#
# The same pgbench plan with the sampler off (pgbench alone) and on
# (`tpsreport sample -- pgbench`, every second), taking turns, $ROUNDS
# times each (default 6), on a throwaway local cluster; prints each run's
# TPS, each side's median and the exact two-sided Mann-Whitney p of on
# against off, computed here with scipy (tests/lib/oracle.py), not by
# tpsreport. A benchmark, not a test: the figures go to
# docs/performance.md ("Cost of the sampler").
#
# Environment: ROUNDS, SECONDS_EACH (-T, default 10), CLIENTS (-c and -j,
# default 2), SCALE (default 10), INTERVAL (default 1s), BENCH_PG_OPTS.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=${1:-${TPSREPORT:-$ROOT/build/tpsreport}}
ROUNDS=${ROUNDS:-6}
DUR=${SECONDS_EACH:-10}
CLIENTS=${CLIENTS:-2}
SCALE=${SCALE:-10}
INTERVAL=${INTERVAL:-1s}
[ -x "$T" ] || { echo "sampler.sh: no tpsreport binary at $T (build first)" >&2; exit 2; }
. "$ROOT/tests/lib/pg.sh"
# shellcheck disable=SC2086
pg_start ${BENCH_PG_OPTS:-}
createdb bench
pgbench -q -i -s "$SCALE" bench >/dev/null 2>&1
LOG=$PG_DIR/bench
mkdir -p "$LOG"
PLAN=(-n -S -c "$CLIENTS" -j "$CLIENTS" -T "$DUR" bench)

tps() { sed -n 's/^tps = \([0-9.]*\) (without initial connection time)$/\1/p' "$1"; }

echo "pgbench ${PLAN[*]}, $ROUNDS rounds each side, sampler every $INTERVAL," \
     "server $(psql -AtX -c 'show server_version'), $(nproc) CPUs," \
     "load average $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq 1 "$ROUNDS"); do
  pgbench "${PLAN[@]}" >"$LOG/off.$r.txt" 2>/dev/null
  "$T" sample --interval "$INTERVAL" -o "$LOG/on.$r.server.json" -- \
    pgbench "${PLAN[@]}" >"$LOG/on.$r.txt" 2>/dev/null
  echo "off $(tps "$LOG/off.$r.txt")" >>"$LOG/tps"
  echo "on $(tps "$LOG/on.$r.txt")" >>"$LOG/tps"
  printf 'round %d: off %s tps, on %s tps\n' "$r" "$(tps "$LOG/off.$r.txt")" "$(tps "$LOG/on.$r.txt")"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
# The sampler's own CPU on the client, whatever the load: beside a command
# that uses none (sleep), user + system time of tpsreport over the samples.
TIMEFORMAT='%U %S %R'
{ time "$T" sample --interval "$INTERVAL" -o "$LOG/idle.server.json" -- sleep "$DUR"; } 2>"$LOG/idle.cpu"
read -r usr sys real <"$LOG/idle.cpu"
python3 -c "import sys; u, s, r, n = map(float, sys.argv[1:]); print(f'the sampler itself beside sleep {r:.1f} s: {1000 * (u + s):.0f} ms of CPU for {n:.0f} samples ({1000 * (u + s) / n:.1f} ms a sample)')" \
  "$usr" "$sys" "$real" "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["samples"]["t_s"]))' "$LOG/idle.server.json")"
/usr/bin/python3 - "$LOG/tps" "$ROOT/tests/lib" <<'PY'
import statistics, sys
sys.path.insert(0, sys.argv[2])
from oracle import mw_p
side = {"off": [], "on": []}
for line in open(sys.argv[1]):
    k, v = line.split()
    side[k].append(float(v))
off, on = side["off"], side["on"]
mo, mn = statistics.median(off), statistics.median(on)
print(f"off: median {mo:.1f} tps of {len(off)} ({', '.join(f'{x:.1f}' for x in off)})")
print(f"on:  median {mn:.1f} tps of {len(on)} ({', '.join(f'{x:.1f}' for x in on)})")
print(f"on vs off: {100 * (mn - mo) / mo:+.2f}% (medians), exact Mann-Whitney p = {mw_p(on, off):.4f}")
PY
