#!/usr/bin/env bash
# summary_article.sh: the default report reads like an article (issue 18):
# the summary of the serverscamp-shaped study (tests/fixtures, real pgbench
# output, 3 providers x 3 scenarios x 3 runs) and of both samples is short
# and every number in it is recomputed from the raw files
# (summary_article.py); [study] runs = best changes the headline figures
# and nothing else; `check` groups its findings by kind in natural order,
# `check --verbose` lists each (expectations written from the file tree).
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
sc="$TR_SOURCE_DIR/tests/fixtures/serverscamp-shaped"

article() { # STUDY NAME MAX_WORDS
  "$TPSREPORT" build "$1" -o "$tmp/out-$2" --no-png >/dev/null 2>"$tmp/$2.err" ||
    { echo "FAIL build $2: $(cat "$tmp/$2.err")"; fail=1; return; }
  echo "== $2"
  /usr/bin/python3 "$here/summary_article.py" "$1" "$tmp/out-$2" "$3" || fail=1
}
article "$sc" serverscamp 200
article "$TR_SOURCE_DIR/samples/stock-vs-tuned" stock-vs-tuned 200
article "$TR_SOURCE_DIR/samples/client-sweep" client-sweep 200

# summary's text tables carry the paired tests too: one row per sweep
# (client-sweep: 3 scenarios, 4 combinations each, tuned against stock).
"$TPSREPORT" summary "$TR_SOURCE_DIR/samples/client-sweep" > "$tmp/cs.txt" 2>/dev/null
rows=$(sed -n '/^Sweeps (/,/^$/p' "$tmp/cs.txt" | grep -cE '^[a-z-]+ +[A-Za-z-]+ +tuned +stock +[0-4] of 4 +[+-][0-9.]+% ~? *p=[0-9.]+ +Wilcoxon, exact$' || true)
[ "$rows" = 3 ] || { echo "FAIL summary text: $rows sweep rows, expected 3"; sed -n '/^Sweeps/,/^$/p' "$tmp/cs.txt"; fail=1; }

# runs = best: the best run stands for each cell; the tests do not change.
cp -r "$sc" "$tmp/best"
sed -i 's/^baseline = aws/baseline = aws\nruns = best/' "$tmp/best/tpsreport.ini"
article "$tmp/best" best 200
grep -q "Run selection\*\*: the best run of each cell" "$tmp/out-best/report.md" ||
  { echo "FAIL runs = best: the methodology does not say so"; fail=1; }
grep -q "Run selection\*\*: the median of each cell" "$tmp/out-serverscamp/report.md" ||
  { echo "FAIL runs = median: the methodology does not say so"; fail=1; }
"$TPSREPORT" summary --json "$tmp/best" > "$tmp/best.json" 2>/dev/null
/usr/bin/python3 "$here/check_summary.py" "$tmp/best" "$tmp/best.json" || fail=1
python3 - "$tmp/out-serverscamp/data/results.json" "$tmp/out-best/data/results.json" <<'PY' || fail=1
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
assert a["study"]["runs"] == "median" and b["study"]["runs"] == "best", "study.runs"
pa = [c["p_value"] for c in a["comparisons"]]
pb = [c["p_value"] for c in b["comparisons"]]
assert pa == pb, "the tests changed with the run selection"
print("ok   runs = best: same tests, study.runs recorded")
PY
printf '[study]\nruns = fastest\n' > "$tmp/bad.ini"
mkdir -p "$tmp/bad" && cp -r "$sc/results" "$tmp/bad/" && cp "$tmp/bad.ini" "$tmp/bad/tpsreport.ini"
if "$TPSREPORT" summary "$tmp/bad" >/dev/null 2>"$tmp/bad.err" ||
   ! grep -q "tpsreport.ini:2: .*runs: expected median, best or worst" "$tmp/bad.err"; then
  echo "FAIL runs = fastest: $(cat "$tmp/bad.err")"; fail=1
else
  echo "ok   runs = fastest: $(cat "$tmp/bad.err")"
fi

# check: findings grouped. bench2 and bench16 keep one run per cell (all of
# them: "all of bench2, bench16", in natural order); aws/bench100 keeps 2.
g="$tmp/grouped"
mkdir -p "$g/results"
cp "$sc/tpsreport.ini" "$g/"
for p in aws sc-test1 sc-test2; do
  mkdir -p "$g/results/$p"
  cp -r "$sc/results/$p/bench100" "$sc/results/$p/bench1000" "$g/results/$p/"
  for s in bench2 bench16; do
    mkdir -p "$g/results/$p/$s"
    cp "$sc/results/$p/bench10000/run1".* "$g/results/$p/$s/"
  done
done
rm "$g/results/aws/bench100/run3".*
"$TPSREPORT" check "$g" > "$tmp/check.out" 2>&1 || true
"$TPSREPORT" check --verbose "$g" > "$tmp/check.verbose" 2>&1 || true
want="finding: few-runs: 6 cells have 1 run (all of bench2, bench16); 1 cell has 2 runs (bench100 for aws)"
if grep -qxF "$want" "$tmp/check.out"; then
  echo "ok   check groups: $want"
else
  echo "FAIL check groups: expected '$want', got:"; cat "$tmp/check.out"; fail=1
fi
n=$(grep -c '\[few-runs\]$' "$tmp/check.verbose" || true)
[ "$n" = 7 ] || { echo "FAIL check --verbose: $n few-runs lines, expected 7"; fail=1; }
[ "$(grep -c '^finding: few-runs' "$tmp/check.out")" = 1 ] ||
  { echo "FAIL check: few-runs not on one line"; fail=1; }
"$TPSREPORT" build "$g" -o "$tmp/g-out" --no-png >/dev/null 2>&1
# The reader gets it in words: 3 providers x 4 scenarios = 12 cells, of
# which 6 have 1 run and aws/bench100 has 2: seven below three runs.
grep -qF -- '- Seven of the 12 cells have fewer than 3 runs: too few to see how much runs vary.' \
  "$tmp/g-out/report.md" || { echo "FAIL report findings not grouped"; fail=1; }
grep -q 'few-runs\|tpsreport check' "$tmp/g-out/report.md" &&
  { echo "FAIL report names a finding id or the check command"; fail=1; }

exit $fail
