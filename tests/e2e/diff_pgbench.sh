#!/usr/bin/env bash
# labels: pg
# diff_pgbench.sh: `tpsreport diff` on real pgbench runs, 5 per side, made
# here against a throwaway cluster: OLD limited to 25 TPS (-R 25), NEW
# unlimited, both select-only with per-transaction logs. NEW is faster in
# every run (an unlimited select-only client makes thousands a second on an
# idle machine; 25 leaves room for a machine loaded 30 times over, where a
# limit of 100 was once beaten), so the exact test must say so (p = 2/252 for 5 against 5 with
# no overlap); every figure is recomputed by diff_expect.py (scipy).
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
here=$(cd "$(dirname "$0")" && pwd)
. "$TR_SOURCE_DIR/tests/lib/pg.sh"
tmp=$(mktemp -d)
trap 'pg_stop; rm -rf "$tmp"' EXIT
fail=0
pg_shared   # a database of its own on the ctest run's server
pgbench -i -s 1 -q > "$tmp/init.log" 2>&1

runs() { # STUDY EXTRA-OPTIONS...
  local d="$1/results/local/select"; shift
  mkdir -p "$d"
  cp "$tmp/init.log" "$d/init.txt"
  for i in 1 2 3 4 5; do
    (cd "$d" && pgbench -S -c 1 -j 1 -T 1 "$@" --log --log-prefix="run$i" > "run$i.txt" 2>&1)
  done
}
runs "$tmp/old" -R 25
runs "$tmp/new"

set +e
"$TPSREPORT" diff --json "$tmp/old" "$tmp/new" > "$tmp/d.json" 2> "$tmp/err"; rc=$?
set -e
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, expected 1: $(cat "$tmp/err")"; fail=1; }
/usr/bin/python3 "$here/diff_expect.py" "$tmp/old" "$tmp/new" "$tmp/d.json" || fail=1
/usr/bin/python3 - "$tmp/d.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
tps = d["metrics"][0]["cells"]
assert len(tps) == 1 and tps[0]["significant"] and tps[0]["change_pct"] > 100, tps
assert abs(tps[0]["p_value"] - 2 / 252) < 1e-12 and tps[0]["u"] == 0, tps
assert [m["key"] for m in d["metrics"][:5] if m["cells"]] == ["tps", "latency", "p95", "p99"], \
    "per-transaction logs give p95 and p99 rows (no price: no cost)"
rows = {m["key"] for m in d["metrics"] if m["cells"]}
assert {"latency.p50_ms", "latency.max_ms", "transactions"} <= rows and "price_month" not in rows, rows
assert sorted(r["change"] for r in d["runs"]) == ["changed"] * 5
print("ok   real pgbench: +%.0f%% TPS, p=%.5f, significant" % (tps[0]["change_pct"], tps[0]["p_value"]))
PY
# the gate, the other way round: NEW -> OLD is a regression
set +e
"$TPSREPORT" diff "$tmp/new" "$tmp/old" --fail-on 'tps<-5%' > /dev/null 2> "$tmp/err"; rc=$?
set -e
[ $rc -eq 1 ] && grep -q "fails --fail-on 'tps<-5%'" "$tmp/err" || { echo "FAIL: gate exit $rc: $(cat "$tmp/err")"; fail=1; }
exit $fail
