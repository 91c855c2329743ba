#!/usr/bin/env bash
# diff_cli.sh: `tpsreport diff OLD NEW` on the samples (two scenarios of
# stock-vs-tuned) and on copies of them with one run changed, a provider added, a price and an fx rate
# changed, and a rerun with 5 runs per side that is significantly faster
# (edited copies of real summaries: diff_make.py). Every figure is checked
# against diff_expect.py (scipy, brute force, Holm by hand over the raw
# files); --markdown is rendered with cmark-gfm; bad input exits 2.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3   # Debian's, with python3-scipy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
# the sample's bench1, bench10 and bench1-txlog (the cases below edit the
# first two; the third has one run a provider, a finding; the sample's
# other scenarios would only make each diff and its recomputation longer)
svt=$tmp/svt
mkdir -p "$svt/results"
cp "$TR_SOURCE_DIR/samples/stock-vs-tuned/tpsreport.ini" "$svt/"
for p in stock tuned; do
  for s in bench1 bench10 bench1-txlog; do
    mkdir -p "$svt/results/$p"
    cp -r "$TR_SOURCE_DIR/samples/stock-vs-tuned/results/$p/$s" "$svt/results/$p/$s"
  done
done
sweep="$TR_SOURCE_DIR/samples/client-sweep"
tree_sum() { (cd "$1" && find . -type f | sort | xargs sha256sum | sha256sum); }
svt_sum=$(tree_sum "$svt")

# run_diff NAME WANT_EXIT OLD NEW [OPTIONS]: diff --json, exit status as
# wanted; its figures are checked against the independent recomputation at
# the end, all in one diff_expect.py (which reads each study once: most
# cases diff the same study against an edited copy; no folder changes
# after its diff).
expect_args=()
run_diff() {
  local name=$1 want=$2 old=$3 new=$4; shift 4
  set +e
  "$TPSREPORT" diff --json "$@" "$old" "$new" > "$tmp/$name.json" 2> "$tmp/$name.err"
  local rc=$?
  set -e
  echo "== $name (exit $rc)"
  if [ $rc -ne "$want" ]; then
    echo "FAIL $name: exit $rc, expected $want: $(cat "$tmp/$name.err")"; fail=1; return
  fi
  expect_args+=("$old" "$new" "$tmp/$name.json")
}
# gate NAME WANT_EXIT OLD NEW [OPTIONS]: only the exit status (the figures of
# these pairs are checked by run_diff above).
gate() {
  local name=$1 want=$2 old=$3 new=$4; shift 4
  set +e
  "$TPSREPORT" diff "$@" "$old" "$new" > "$tmp/$name.txt" 2> "$tmp/$name.err"
  local rc=$?
  set -e
  [ $rc -eq "$want" ] && echo "ok   $name: exit $rc" || { echo "FAIL $name: exit $rc, expected $want: $(cat "$tmp/$name.err")"; fail=1; }
}
# jq-like checks: q NAME PYTHON-EXPRESSION-ON-d (must be true)
q() {
  if ! $py -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if eval(sys.argv[2]) else 1)' \
      "$tmp/$1.json" "$2"; then
    echo "FAIL $1: $2"; fail=1
  fi
}

# 0. --help: the command, its options, in the overview and the man page.
"$TPSREPORT" diff --help > "$tmp/help" || { echo "FAIL: diff --help exit"; fail=1; }
grep -q -- "--fail-on RULE" "$tmp/help" && grep -q -- "--markdown" "$tmp/help" || { echo "FAIL: diff --help"; fail=1; }
"$TPSREPORT" --help > "$tmp/main-help" 2>&1 || true
grep -q '^  diff    OLD NEW' "$tmp/main-help" || { echo "FAIL: tpsreport --help lacks diff"; fail=1; }
grep -q '^## diff$' "$TR_SOURCE_DIR/docs/tpsreport.1.md" || { echo "FAIL: man page lacks diff"; fail=1; }
"$TPSREPORT" build --help > "$tmp/build-help" 2>&1 || true
grep -q -- "--since OLD" "$tmp/build-help" || { echo "FAIL: build --help lacks --since"; fail=1; }

# 1. The same study twice: nothing changed, exit 0.
run_diff same 0 "$svt" "$svt"
q same 'd["runs"] == [] and d["prices"] == [] and d["findings"] == [] and not d["significant"]'
q same 'd["old"]["inputs_sha256"] == d["new"]["inputs_sha256"]'

# 2. One run changed (its summary edited: 10% more TPS).
cp -r "$svt" "$tmp/onerun"
$py - "$tmp/onerun/results/tuned/bench10/run2.txt" <<'PY'
import re, sys
p = sys.argv[1]; t = open(p).read()
t = re.sub(r"^tps = ([0-9.]+)", lambda m: "tps = %.6f" % (float(m.group(1)) * 1.1), t, flags=re.M)
open(p, "w").write(t)
PY
run_diff onerun 0 "$svt" "$tmp/onerun"
q onerun '[(r["provider"], r["scenario"], r["id"], r["change"]) for r in d["runs"]] == [("tuned", "bench10", "run2", "changed")]'
# and a log file of another run changed (one byte): that run changes too
cp -r "$svt" "$tmp/onelog"
log=$(ls "$tmp"/onelog/results/stock/bench1/run3.[0-9]* | head -1)
sed -i '1s/ 0 / 1 /' "$log"
run_diff onelog 0 "$svt" "$tmp/onelog"
q onelog '[(r["scenario"], r["id"]) for r in d["runs"]] == [("bench1", "run3")]'

# 3. A provider added (a copy of tuned's folders, no price).
cp -r "$svt" "$tmp/added"
cp -r "$tmp/added/results/tuned" "$tmp/added/results/newcloud"
run_diff added 0 "$svt" "$tmp/added"
q added '[(p["provider"], p["change"]) for p in d["providers"]] == [("newcloud", "added")]'
# what newcloud brings, counted from its folders: a cell per scenario
# folder, a run per run*.txt (not init.txt)
nscen=$(find "$tmp/added/results/newcloud" -mindepth 1 -maxdepth 1 -type d | wc -l)
nruns=$(find "$tmp/added/results/newcloud" -name 'run*.txt' | wc -l)
q added "len(d[\"cells_added\"]) == $nscen and all(c[\"provider\"] == \"newcloud\" for c in d[\"cells_added\"])"
q added "sum(r[\"change\"] == \"added\" for r in d[\"runs\"]) == $nruns"
q added '[f["code"] for f in d["findings"] if f["change"] == "appeared" and "newcloud" in f["message"]] == ["few-runs"]'
q added 'not any(f["change"] == "gone" for f in d["findings"])'
# and removed, the other way round
run_diff removed 0 "$tmp/added" "$svt"
q removed '[(p["provider"], p["change"]) for p in d["providers"]] == [("newcloud", "removed")]'
# (newcloud, a copy of tuned, brought tuned's findings too: the ones the
# added diff saw appear are the ones that go)
q removed "sorted(f[\"code\"] for f in d[\"findings\"] if f[\"change\"] == \"gone\") == sorted(f[\"code\"] for f in json.load(open(\"$tmp/added.json\"))[\"findings\"] if f[\"change\"] == \"appeared\")"
q removed '"few-runs" in [f["code"] for f in d["findings"] if f["change"] == "gone"]'

# 4. A price and an fx rate changed.
cp -r "$svt" "$tmp/price"
sed -i 's|^price  = 111.36 EUR/month|price  = 150 EUR/month|; s|^USD    = 0.92|USD    = 0.95|' "$tmp/price/tpsreport.ini"
# exit 1: the price's effect on cost per TPS is tested over the runs, and
# tuned's bench10 runs lie within 4581 / 3692 = 1.24 of each other, less
# than 150 / 111.36 = 1.347: every new run costs more than every old one,
# p = 2/252 = 0.0079, Holm over the six cells 0.048 (diff_expect.py
# recomputes it); bench1's runs span 3170 / 2315 = 1.37: not significant.
run_diff price 1 "$svt" "$tmp/price"
q price 'sorted(p["provider"] for p in d["prices"]) == ["stock", "tuned"]'
q price '[(f["currency"], f["old"], f["new"]) for f in d["fx"]] == [("USD", "0.92", "0.95")]'
q price 'any(p["provider"] == "tuned" and p["new"] == "150 EUR/month" for p in d["prices"])'

# 5. A rerun with 5 runs per side, 50% faster in bench1: significant.
$py "$here/diff_make.py" "$svt" "$tmp"
run_diff five 1 "$tmp/five-old" "$tmp/five-new"
q five '[c["scenario"] for c in d["metrics"][0]["cells"] if c["significant"]] == ["bench1"]'
# --fail-on: a regression rule does not fire on a speed-up; the mirror does
gate five_gate 0 "$tmp/five-old" "$tmp/five-new" --fail-on 'tps<-5%'
gate five_up 1 "$tmp/five-old" "$tmp/five-new" --fail-on 'tps>10%'
gate five_back 1 "$tmp/five-new" "$tmp/five-old" --fail-on 'tps<-5%,latency>5%'
grep -q "fails --fail-on 'latency>5%'" "$tmp/five_back.err" || { echo "FAIL: no latency rule message"; fail=1; }
gate five_cost 1 "$tmp/five-new" "$tmp/five-old" --fail-on 'cost>20%'
# A price is not a sample: what a price or fx change alone does to cost
# per TPS gates with no test. Same runs on both sides; by hand: tuned's
# price 111.36 -> 150 EUR is 150/111.36 - 1 = +34.70%; stock's is in USD,
# fx 0.92 -> 0.95, 0.95/0.92 - 1 = +3.26%.
gate price_gate 1 "$svt" "$tmp/price" --fail-on 'cost>10%'
grep -q "tuned: the price changes cost per TPS by +34.70%, which fails --fail-on 'cost>10%'" "$tmp/price_gate.err" \
  || { echo "FAIL: no price message: $(cat "$tmp/price_gate.err")"; fail=1; }
grep -q "stock: the price" "$tmp/price_gate.err" && { echo "FAIL: stock's +3.26% fired cost>10%"; fail=1; }
gate price_fx 1 "$svt" "$tmp/price" --fail-on 'cost>3%'
grep -q "stock: the price changes cost per TPS by +3.26%" "$tmp/price_fx.err" \
  || { echo "FAIL: the fx change did not gate: $(cat "$tmp/price_fx.err")"; fail=1; }
gate price_under 0 "$svt" "$tmp/price" --fail-on 'cost>40%'
gate price_down 0 "$svt" "$tmp/price" --fail-on 'cost<-1%'
# without --json, the text table exits the same and marks the rows
set +e; "$TPSREPORT" diff "$tmp/five-old" "$tmp/five-new" > "$tmp/five.txt"; rc=$?; set -e
[ $rc -eq 1 ] || { echo "FAIL: text exit $rc"; fail=1; }
# The row expected, from the summaries diff_make.py wrote: medians of the
# tps lines, the exact Mann-Whitney p (scipy, tests/lib/oracle.py) and
# Holm over the two cells (bench10's p is 1: bench1 is the smaller).
read -r old_med new_med p_raw p_holm < <($py - "$tmp" "$here/../lib" <<'PY'
import re, statistics, sys, glob
sys.path.insert(0, sys.argv[2])
import oracle
def tps(side, scen):
    return [float(re.search(r"^tps = ([0-9.]+)", open(f).read(), re.M).group(1))
            for f in sorted(glob.glob("%s/%s/results/pg/%s/run*.txt" % (sys.argv[1], side, scen)))]
a, b = tps("five-old", "bench1"), tps("five-new", "bench1")
p = oracle.mw_p(a, b)
holm = oracle.holm([p, oracle.mw_p(tps("five-old", "bench10"), tps("five-new", "bench10"))])[0]
print("{:,.0f} {:,.0f} {:.3f} {:.3f}".format(statistics.median(a), statistics.median(b), p, holm))
PY
)
grep -E "^bench1 .* pg +$old_med +$new_med +\+50(\.0)?% +\(p=$p_raw holm=$p_holm n=5\+5\)\$" "$tmp/five.txt" >/dev/null \
  || { echo "FAIL: text row (want $old_med $new_med p=$p_raw holm=$p_holm)"; cat "$tmp/five.txt"; fail=1; }
grep -E '^bench10 .* ~ +\(p=1\.000 holm=1\.000 n=5\+5\)$' "$tmp/five.txt" >/dev/null \
  || { echo "FAIL: text ~ row"; fail=1; }

# 6. The three kinds of input give the same diff: a built report folder, a
# results.json, a study.
"$TPSREPORT" build "$tmp/five-old" -o "$tmp/out-old" > /dev/null 2>&1
"$TPSREPORT" summary --json "$tmp/five-new" > "$tmp/new-results.json" 2>/dev/null
set +e; "$TPSREPORT" diff --json "$tmp/out-old" "$tmp/new-results.json" > "$tmp/kinds.json"; rc=$?; set -e
[ $rc -eq 1 ] || { echo "FAIL: kinds exit $rc"; fail=1; }
$py - "$tmp/five.json" "$tmp/kinds.json" <<'PY' || fail=1
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for k in ("metrics", "runs", "cells_added", "cells_removed", "prices", "fx", "findings", "significant"):
    assert a[k] == b[k], k
print("ok   kinds: study, built report and results.json agree")
PY
# a results.json from before runs had a digest: runs compare by their TPS
$py -c 'import json,sys; d=json.load(open(sys.argv[1])); [r.pop("sha256") for r in d["runs"]]; json.dump(d, open(sys.argv[2], "w"))' \
  "$tmp/out-old/data/results.json" "$tmp/nodigest.json"
"$TPSREPORT" diff --json "$tmp/nodigest.json" "$tmp/five-new" > "$tmp/nodigest-diff.json" || true
q nodigest-diff 'sorted((r["scenario"], r["id"]) for r in d["runs"]) == [("bench1", "run%d" % i) for i in range(1, 6)]'
"$TPSREPORT" diff --json "$tmp/nodigest.json" "$tmp/five-old" > "$tmp/nodigest-same.json" || true
q nodigest-same 'd["runs"] == []'

# 7. A client sweep: 24 cells, two of three runs of tuned/select-only 20% slower.
cp -r "$sweep" "$tmp/sweep"
for f in "$tmp"/sweep/results/tuned/select-only/*-run[12].txt; do
  $py - "$f" <<'PY'
import re, sys
p = sys.argv[1]; t = open(p).read()
t = re.sub(r"^tps = ([0-9.]+)", lambda m: "tps = %.6f" % (float(m.group(1)) * 0.8), t, flags=re.M)
open(p, "w").write(t)
PY
done
run_diff sweep 0 "$sweep" "$tmp/sweep"
q sweep 'len(d["runs"]) == 8 and d["common_cells"] == 24'

# 7b. The serverscamp-shaped study (real pgbench, 3 providers x 3 scenarios
# x 3 runs): one run's summary edited (30% more TPS).
sc="$TR_SOURCE_DIR/tests/fixtures/serverscamp-shaped"
cp -r "$sc" "$tmp/sc"
$py - "$tmp/sc" <<'PY'
import glob, re, sys
run = sorted(glob.glob(sys.argv[1] + "/results/sc-test1/bench100/*.txt"))[0]
t = open(run).read()
t = re.sub(r"^tps = ([0-9.]+)", lambda m: "tps = %.6f" % (float(m.group(1)) * 1.3), t, flags=re.M)
open(run, "w").write(t)
PY
run_diff serverscamp 0 "$sc" "$tmp/sc"
q serverscamp 'len(d["runs"]) == 1 and d["runs"][0]["provider"] == "sc-test1" and d["common_cells"] == 9'

# 8. --markdown renders as GFM tables (cmark-gfm, GitHub's renderer).
"$TPSREPORT" diff --markdown "$tmp/five-old" "$tmp/five-new" > "$tmp/five.md" || true
cmark-gfm -e table "$tmp/five.md" > "$tmp/five.html"
$py - "$tmp/five.html" "$tmp/five.json" "$old_med" "$new_med" "$p_raw" "$p_holm" <<'PY' || fail=1
import json, re, sys
html = open(sys.argv[1]).read()
expect = sys.argv[3:7]   # the medians and p of section 5, from the files
tables = re.findall(r"<table>.*?</table>", html, re.S)
# every figure with rows: its significant cells (bench1, for the figures
# tested over runs) in a table, then the others folded into <details>,
# which GitHub shows closed
metrics = [m for m in json.load(open(sys.argv[2]))["metrics"] if m["cells"]]
want = sum(any(c["significant"] for c in m["cells"]) + (not all(c["significant"] for c in m["cells"]))
           for m in metrics)
assert len(tables) == want, (len(tables), want)
md = open(sys.argv[1][:-5] + ".md").read()
folded = re.findall(r"<details><summary>1 cell without a significant change</summary>\n\n(.*?)\n</details>", md, re.S)
# TPS, latency and cost (the first three): bench10 alone is folded
assert len(folded) >= 3 and all("bench10" in f and "bench1 " not in f for f in folded[:3]), folded
rows = re.findall(r"<tr>(.*?)</tr>", tables[0], re.S)
cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", rows[1], re.S)]
assert cells[0] == "bench1 · TPC-B, 8 clients, 2 threads, prepared · pg", cells
assert cells[1:8] == expect[:2] + ["+50.0%", "yes"] + expect[2:] + ["5+5"], (cells, expect)
assert "<del>" not in html, "a ~ became strikeout"
print("ok   markdown: 6 GFM tables (3 folded), first row", cells)
PY
# a provider named with Markdown/HTML specials stays text in its cell
cp -r "$svt" "$tmp/hostile"
mv "$tmp/hostile/results/tuned" "$tmp/hostile/results/a|b<i>x"
"$TPSREPORT" diff --markdown "$svt" "$tmp/hostile" > "$tmp/hostile.md" 2>/dev/null || true
cmark-gfm -e table "$tmp/hostile.md" > "$tmp/hostile.html"
grep -q '<li>bench1 · TPC-B, 8 clients, 2 threads, prepared · a|b&lt;i&gt;x</li>' "$tmp/hostile.html" \
  && ! grep -q '<i>' "$tmp/hostile.html" || { echo "FAIL: hostile name not escaped"; fail=1; }

head -c 3000 "$tmp/new-results.json" > "$tmp/corrupt.json"
# 8b. build --since OLD: "What changed since the last report" in the writeup,
# with the same figures as the diff; nothing without --since.
"$TPSREPORT" build "$tmp/five-new" -o "$tmp/since" --since "$tmp/out-old" > /dev/null 2>&1 || { echo "FAIL: build --since"; fail=1; }
grep -q '^## What changed since the last report$' "$tmp/since/report.md" || { echo "FAIL: no changes section"; fail=1; }
grep -E "^\\| bench1 · TPC-B, 8 clients, 2 threads, prepared · pg \\| $old_med \\| $new_med \\| \\+50.0% \\| $p_holm \\| 5\\+5 \\|\$" \
  "$tmp/since/report.md" > /dev/null || { echo "FAIL: changes row"; fail=1; }
grep -q 'What changed since the last report' "$tmp/since/index.html" || { echo "FAIL: changes not in index.html"; fail=1; }
! grep -q 'What changed' "$tmp/out-old/report.md" || { echo "FAIL: changes without --since"; fail=1; }
"$TPSREPORT" build "$tmp/five-new" -o "$tmp/since2" --since "$tmp/out-old" > /dev/null 2>&1
cmp -s "$tmp/since/report.md" "$tmp/since2/report.md" || { echo "FAIL: build --since not reproducible"; fail=1; }
# an author's writeup without the directive gets the section at its end
cp -r "$tmp/five-new" "$tmp/own"
printf '# Mine\n\n{{table tps}}\n' > "$tmp/own/writeup.md"
"$TPSREPORT" build "$tmp/own" -o "$tmp/own-out" --since "$tmp/five-old" > /dev/null 2>&1
tail -20 "$tmp/own-out/report.md" | grep -q 'Runs: 0 added, 0 removed, 5 changed' || { echo "FAIL: section not appended"; fail=1; }
set +e; "$TPSREPORT" build "$tmp/five-new" -o "$tmp/since3" --since "$tmp/corrupt.json" > /dev/null 2> "$tmp/err"; rc=$?; set -e
[ $rc -eq 2 ] && grep -q "^tpsreport: .*corrupt.json:" "$tmp/err" && [ ! -e "$tmp/since3" ] || { echo "FAIL: build --since corrupt: $rc $(cat "$tmp/err")"; fail=1; }
echo "ok   build --since"

# 9. Bad input: one line naming the file and the reason, exit 2, no stdout.
expect_fail() { # what, grep pattern, args... (usage errors add a "Try" line)
  local what=$1 pat=$2 lines=1; shift 2
  case $pat in --*|expected*) lines=2;; esac
  set +e
  "$TPSREPORT" diff "$@" > "$tmp/out" 2> "$tmp/err"
  local rc=$?
  set -e
  if [ $rc -ne 2 ] || [ -s "$tmp/out" ] || [ "$(wc -l < "$tmp/err")" -ne $lines ] || ! head -1 "$tmp/err" | grep -q -- "^tpsreport: .*$pat"; then
    echo "FAIL $what: exit $rc, stdout $(wc -c < "$tmp/out") bytes, stderr: $(cat "$tmp/err")"; fail=1
  else
    echo "ok   $what: $(cat "$tmp/err")"
  fi
}
expect_fail "no cell in common" "client-sweep: no cell in common with .*/svt (24 cell" "$svt" "$sweep"
sed 's/^  "schema": 2,/  "schema": 3,/' "$tmp/new-results.json" > "$tmp/v3.json"
expect_fail "newer schema" "v3.json:2: results schema 3 is newer" "$tmp/v3.json" "$tmp/five-new"
head -c 3000 "$tmp/new-results.json" > "$tmp/corrupt.json"
expect_fail "corrupt JSON" "corrupt.json:[0-9]*: " "$tmp/five-old" "$tmp/corrupt.json"
echo '{"hello": 1}' > "$tmp/other.json"
expect_fail "not a results document" "other.json:1: not a tpsreport results document" "$tmp/other.json" "$tmp/five-new"
$py -c 'import json,sys; d=json.load(open(sys.argv[1])); d["runs"][0]["tps"]="fast"; json.dump(d, open(sys.argv[2],"w"), indent=1)' \
  "$tmp/new-results.json" "$tmp/badtype.json"
expect_fail "wrong type" "badtype.json:[0-9]*: tps: expected a number or null, found string" "$tmp/five-old" "$tmp/badtype.json"
expect_fail "a diff document" "a diff document" "$tmp/five.json" "$tmp/five-new"
expect_fail "missing" "nope" "$tmp/nope" "$tmp/five-new"
mkdir -p "$tmp/emptydir"
expect_fail "not a study" "neither a study folder" "$tmp/emptydir" "$tmp/five-new"
expect_fail "bad rule" "--fail-on 'tps<5': expected" --fail-on 'tps<5' "$tmp/five-old" "$tmp/five-new"
expect_fail "unknown metric" "--fail-on 'speed<-5%'" --fail-on 'speed<-5%' "$tmp/five-old" "$tmp/five-new"
expect_fail "one argument" "expected OLD and NEW" "$tmp/five-old"
# the inputs were not modified
[ "$(tree_sum "$svt")" = "$svt_sum" ] || { echo "FAIL: the input study changed"; fail=1; }
# every run_diff's figures, recomputed from the raw files
[ "${#expect_args[@]}" -eq 27 ] || { echo "FAIL: ${#expect_args[@]} diff_expect arguments, expected 9 diffs"; fail=1; }
$py "$here/diff_expect.py" "${expect_args[@]}" || fail=1
exit $fail
