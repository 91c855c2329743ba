#!/usr/bin/env bash
# Holm decides the verdicts (issue 28): the studies of tests/fixtures/holm
# (pgbench 15 output written from SPEC.md, 5 runs a side) have raw p values
# at or below 0.05 that Holm's correction makes not significant, in the
# report, in a sweep and in `diff`. Expected values by hand, from the exact
# distributions (5 vs 5 runs: 252 splits; 6 pairs: 64 sign patterns):
#   h1: U = 25 of 25, p = 2/252 = 0.0079; h2, h3: U = 23, p = 8/252 = 0.0317
#   Holm over 3: h1 3 x 2/252 = 0.0238 significant; h2, h3 2 x 8/252 =
#   0.0635 not significant though their raw p is below 0.05;
#   sweeps w1, w2: 6 of 6 faster, p = 2/64 = 0.03125 each, Holm 0.0625: not
#   significant.
# The same studies also carry the shapes the other checks missed: a stall
# window of 0 transactions (cand/h1/run3), intervals of one transaction
# (base/h3/run2, run4), a -R -L run with skipped transactions (cand/h3/run1,
# run5): check_summary.py recomputes every window and results.json's
# aggregate latency mean and stddev from the raw logs (tests/lib/oracle.py).
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3   # Debian's, with python3-scipy (the oracle)
fx="$TR_SOURCE_DIR/tests/fixtures/holm"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=1; }

for s in cells sweep; do
  "$TPSREPORT" summary --json "$fx/$s" >"$tmp/$s.json" 2>"$tmp/$s.err" || bad "$s: summary: $(cat "$tmp/$s.err")"
  $py "$here/check_summary.py" "$fx/$s" "$tmp/$s.json" || bad "$s: figures against the raw files"
done

# The verdicts by hand (the header's figures).
$py - "$tmp/cells.json" "$tmp/sweep.json" <<'PY' || fail=1
import json, sys
cells, sweep = (json.load(open(f)) for f in sys.argv[1:])
bad = []
want = {"h1": (2 / 252, 3 * 2 / 252, True), "h2": (8 / 252, 2 * 8 / 252, False),
        "h3": (8 / 252, 2 * 8 / 252, False)}
for c in cells["comparisons"]:
    p, adj, sig = want[c["scenario"]]
    if abs(c["p_value"] - p) > 1e-12 or abs(c["p_adjusted"] - adj) > 1e-12 or c["significant"] != sig:
        bad.append(f"{c['scenario']}: p {c['p_value']} adj {c['p_adjusted']} significant {c['significant']}, "
                   f"expected {p} {adj} {sig}")
# the run with a stall: a window of 0 TPS, the dip -100%
run3 = next(r for r in cells["runs"] if (r["provider"], r["scenario"], r["id"]) == ("cand", "h1", "run3"))
if run3["windows"]["tps_min"] != 0 or run3["windows"]["tps_min_pct"] != -100:
    bad.append(f"stall: {run3['windows']}")
pt = [s["paired"] for s in sweep["sweeps"] if s["provider"] == "cand"]
if len(pt) != 2:
    bad.append(f"{len(pt)} paired tests, expected 2")
for t in pt:
    if (t["faster"], t["pairs"]) != (6, 6) or abs(t["p_value"] - 2 / 64) > 1e-12 or \
            abs(t["p_adjusted"] - 4 / 64) > 1e-12 or t["significant"]:
        bad.append(f"sweep: {t}")
for b in bad:
    print("FAIL", b)
print("ok   verdicts by hand" if not bad else "")
sys.exit(1 if bad else 0)
PY

# The report says so: the article's sentences (summary_article.py: verdicts
# from the oracle's Holm), and the tables' "~".
for s in cells sweep; do
  "$TPSREPORT" build "$fx/$s" -o "$tmp/out-$s" --no-png >/dev/null 2>"$tmp/b-$s.err" ||
    { bad "$s: build: $(cat "$tmp/b-$s.err")"; continue; }
  $py "$here/summary_article.py" "$fx/$s" "$tmp/out-$s" || bad "$s: the article"
done
md=$tmp/out-cells/report.md
grep -q '^- \*\*h2\*\*: .*(p=0\.063, n=5+5), not significant;' "$md" || bad "report: h2 not 'not significant'"
grep -q '^- \*\*h1\*\*: .*(p=0\.024, n=5+5), significant;' "$md" || bad "report: h1 not 'significant'"
grep -q 'p=0\.062, 6 pairs), not significant' "$tmp/out-sweep/report.md" || bad "report: the sweep not 'not significant'"

# diff: OLD the cells study, NEW the same with the base runs replaced by
# the candidate's: base's cells change as cand differs from base (p as
# above), cand's do not (p = 1). Holm over 6 cells: h1 6 x 2/252 = 0.0476
# significant, h2 and h3 5 x 8/252 = 0.159 not.
new=$tmp/new
cp -r "$fx/cells" "$new"
rm -rf "$new/results/base"
cp -r "$fx/cells/results/cand" "$new/results/base"
rc=0
"$TPSREPORT" diff --json "$fx/cells" "$new" >"$tmp/d.json" 2>"$tmp/d.err" || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ] || bad "diff: exit $rc: $(cat "$tmp/d.err")"
$py "$here/diff_expect.py" "$fx/cells" "$new" "$tmp/d.json" || bad "diff: figures"
$py - "$tmp/d.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
tps = next(m for m in d["metrics"] if m["key"] == "tps")
got = {(c["provider"], c["scenario"]): c for c in tps["cells"]}
want = {("base", "h1"): (2 / 252, 6 * 2 / 252, True), ("base", "h2"): (8 / 252, 5 * 8 / 252, False),
        ("base", "h3"): (8 / 252, 5 * 8 / 252, False)}
bad = [f"{k}: {got.get(k)}" for k, (p, adj, sig) in want.items()
       if k not in got or abs(got[k]["p_value"] - p) > 1e-12 or
       abs(got[k]["p_adjusted"] - adj) > 1e-12 or got[k]["significant"] != sig]
for b in bad:
    print("FAIL diff", b)
print("ok   diff verdicts by hand" if not bad else "")
sys.exit(1 if bad else 0)
PY
exit $fail
