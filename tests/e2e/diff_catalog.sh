#!/usr/bin/env bash
# diff_catalog.sh: `tpsreport diff` compares every figure of the metric
# catalog, not a list of its own: two copies of the stock-vs-tuned sample
# (bench1 and bench10) that differ in tuned's monthly price, stock's init
# time in bench1 and the transaction counts of tuned's bench10 runs. Every
# figure of every metric is checked against diff_expect.py (the raw files,
# tpsreport.ini and init.txt read in Python, scipy's Mann-Whitney, Holm by
# hand); the changes below are worked out by hand; --fail-on rules on the
# new metrics fire (or not) as docs/diff.md says; build --since shows them.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3   # Debian's, with python3-scipy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# OLD: the sample's bench1 and bench10, unchanged.
mkdir -p "$tmp/old/results" "$tmp/new/results"
for p in stock tuned; do
  for s in bench1 bench10; do
    mkdir -p "$tmp/old/results/$p"
    cp -r "$TR_SOURCE_DIR/samples/stock-vs-tuned/results/$p/$s" "$tmp/old/results/$p/$s"
  done
done
cp "$TR_SOURCE_DIR/samples/stock-vs-tuned/tpsreport.ini" "$tmp/old/"
cp -r "$tmp/old/." "$tmp/new/"
# NEW: tuned's price 111.36 -> 150 EUR a month: +34.70% (150 / 111.36 - 1
# = 0.346983...);
sed -i 's|^price  = 111.36 EUR/month|price  = 150 EUR/month|' "$tmp/new/tpsreport.ini"
grep -q '^price  = 150 EUR/month' "$tmp/new/tpsreport.ini" || { echo "FAIL: price not edited"; exit 1; }
# stock's bench1 init: done in 0.25 s -> 0.45 s (+80%), its vacuum 0.06 s
# -> 0.26 s (+333.33%: 0.26 / 0.06 - 1 = 3.3333), real 0.286 s -> 0.486 s;
init="$tmp/new/results/stock/bench1/init.txt"
sed -i 's/^done in 0.25 s (\(.*\)vacuum 0.06 s/done in 0.45 s (\1vacuum 0.26 s/; s/^real\t0m0.286s/real\t0m0.486s/' "$init"
grep -q '^done in 0.45 s .*vacuum 0.26 s' "$init" && grep -q '^real.0m0.486s' "$init" \
  || { echo "FAIL: init.txt not edited: $(grep -E '^(done|real)' "$init")"; exit 1; }
# tuned's bench10 runs: 10% more transactions (the count only: TPS and
# logs as they were).
for f in "$tmp"/new/results/tuned/bench10/run*.txt; do
  $py - "$f" <<'PY'
import re, sys
p = sys.argv[1]; t = open(p).read()
t = re.sub(r"^(number of transactions actually processed: )(\d+)",
           lambda m: m.group(1) + str(round(int(m.group(2)) * 1.1)), t, flags=re.M)
open(p, "w").write(t)
PY
done

set +e
"$TPSREPORT" diff --json "$tmp/old" "$tmp/new" > "$tmp/d.json" 2> "$tmp/err"; rc=$?
set -e
# Exit 1: the new price is 150 / 111.36 = 1.347 times the old, and tuned's
# bench10 runs are within 4581 / 3692 = 1.24 of each other, so every new
# run's cost per TPS is above every old one's: p = 2/252 = 0.0079, times 4
# (Holm over the four cells, the other three not below 0.0079) = 0.032,
# significant; likewise TPS per 100 EUR. Tuned's bench1 runs span 3170 /
# 2315 = 1.37 > 1.347: they overlap, not significant.
[ $rc -eq 1 ] || { echo "FAIL: diff exit $rc, expected 1: $(cat "$tmp/err")"; fail=1; }
$py -c '
import json, sys
d = json.load(open(sys.argv[1]))
sig = sorted((m["key"], c["provider"], c["scenario"]) for m in d["metrics"] for c in m["cells"] if c["significant"])
assert sig == [("cost", "tuned", "bench10"), ("tps_per_100", "tuned", "bench10")], sig
' "$tmp/d.json" || { echo "FAIL: the significant changes"; fail=1; }
$py "$here/diff_expect.py" "$tmp/old" "$tmp/new" "$tmp/d.json" > "$tmp/expect.out" || { cat "$tmp/expect.out"; fail=1; }
grep -c '^ok ' "$tmp/expect.out" | sed 's/^/ok   diff_expect: /; s/$/ figures checked against the raw files/'

# The changes by hand (and that the diff has every catalog figure).
$py - "$tmp/d.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
m = {x["key"]: x for x in d["metrics"]}
def row(key, prov, scen):
    return next(c for c in m[key]["cells"] if c["provider"] == prov and c["scenario"] == scen)
def near(a, b):
    return abs(a - b) < 1e-9 * max(1, abs(b))
# the catalog's cell figures, each once, after the five of old
assert [x["key"] for x in d["metrics"][:5]] == ["tps", "latency", "p95", "p99", "cost"]
for k in ("price_month", "transactions", "failed", "init.total_s", "init.wall_s",
          "init.phase.vacuum_s", "stability.worst.tps_cov_pct", "tps_per_100"):
    assert k in m, k
assert "tps_cov_pct_worst" not in m, "a results.csv alias listed twice"
r = row("price_month", "tuned", "bench1")
assert (r["old"], r["new"]) == (111.36, 150) and near(r["change_pct"], (150 / 111.36 - 1) * 100), r
assert r["p_value"] is None and not r["significant"] and r["n_old"] == 0, r
assert row("price_month", "stock", "bench1")["change_pct"] == 0
r = row("init.total_s", "stock", "bench1")
assert (r["old"], r["new"]) == (0.25, 0.45) and near(r["change_pct"], 80.0), r
r = row("init.phase.vacuum_s", "stock", "bench1")
assert (r["old"], r["new"]) == (0.06, 0.26) and near(r["change_pct"], (0.26 / 0.06 - 1) * 100), r
r = row("init.wall_s", "stock", "bench1")
assert (r["old"], r["new"]) == (0.286, 0.486), r
r = row("transactions", "tuned", "bench10")
assert abs(r["change_pct"] - 10) < 0.01 and r["n_old"] == 5 and r["n_new"] == 5, r
# 5 runs against 5 whose counts overlap (the slowest new run, 1.1 times
# the slowest old one, is below the fastest old one; diff_expect.py checks
# U and p): not significant
assert r["p_value"] > 0.05 and not r["significant"], r
assert row("transactions", "tuned", "bench1")["change_pct"] == 0
print("ok   by hand: price +34.70%, init +80% (vacuum +333.33%), transactions +10%")
PY

# The text names them; untested rows say why, without "~".
"$TPSREPORT" diff "$tmp/old" "$tmp/new" > "$tmp/d.txt" || true
grep -q '^Price per month, EUR ' "$tmp/d.txt" && grep -q '^Init time, s ' "$tmp/d.txt" \
  && grep -q '^Transactions ' "$tmp/d.txt" || { echo "FAIL: text headings"; fail=1; }
grep -E '^bench1 · .* · tuned +111 +150 +\+34\.7% +\(one figure a side: not tested\)$' "$tmp/d.txt" > /dev/null \
  || { echo "FAIL: price row: $(grep -A3 '^Price per month' "$tmp/d.txt")"; fail=1; }

# --fail-on on the new figures: a price or an init time is one figure a
# side and fires on its change; transactions need a significant test.
gate() { # NAME WANT RULE
  set +e
  "$TPSREPORT" diff --fail-on "$3" "$tmp/old" "$tmp/new" > /dev/null 2> "$tmp/$1.err"; local rc=$?
  set -e
  [ $rc -eq "$2" ] && echo "ok   $1: '$3' exit $rc" || { echo "FAIL $1: '$3' exit $rc, expected $2: $(cat "$tmp/$1.err")"; fail=1; }
}
gate price 1 'price_month>30%'
grep -q "tuned: price_month +34.70% fails --fail-on 'price_month>30%' (one figure a side" "$tmp/price.err" \
  || { echo "FAIL: price message: $(cat "$tmp/price.err")"; fail=1; }
gate price_under 0 'price_month>40%'
gate init 1 'init.total_s>40%'
gate init_under 0 'init.total_s>90%'
gate phase 1 'init.phase.vacuum_s>150%'
gate tx 0 'transactions>5%'
grep -q "note: .*tuned: transactions +10.00% crosses 'transactions>5%' but is not significant" "$tmp/tx.err" \
  || { echo "FAIL: transactions note: $(cat "$tmp/tx.err")"; fail=1; }
gate catalog_name 0 'tps_median<-5%'
set +e; "$TPSREPORT" diff --fail-on 'bogus>5%' "$tmp/old" "$tmp/new" > /dev/null 2> "$tmp/bogus.err"; rc=$?; set -e
[ $rc -eq 2 ] && grep -q "price_month, transactions" "$tmp/bogus.err" || { echo "FAIL: unknown metric: $rc $(cat "$tmp/bogus.err")"; fail=1; }

# build --since: the section has the new figures' tables.
"$TPSREPORT" build "$tmp/new" -o "$tmp/out" --since "$tmp/old" > /dev/null 2>&1 || { echo "FAIL: build --since"; fail=1; }
grep -E '^\| bench1 · TPC-B, 8 clients, 2 threads, prepared · stock \| 0\.25 \| 0\.45 \| \+80\.0% \| – \| 0\+0 \|$' \
  "$tmp/out/report.md" > /dev/null || { echo "FAIL: init row in build --since: $(grep -B2 -A6 'Init time' "$tmp/out/report.md")"; fail=1; }
grep -q '^Price per month, EUR' "$tmp/out/report.md" || grep -q 'Price per month, EUR' "$tmp/out/report.md" \
  || { echo "FAIL: no price table in build --since"; fail=1; }
echo "ok   build --since"
exit $fail
