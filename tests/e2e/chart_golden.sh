#!/usr/bin/env bash
# Golden charts: the SVGs must come out byte for byte as committed in
# tests/golden/charts/ (regenerate with `make golden` after an intended
# change, and review the diff):
#  - fixture/: every chart of the unit tests' hand-made results;
#  - <study>/: `tpsreport chart --all` of samples/<study>.
# A sample study without golden charts fails: run `make golden`.
# The golden files are the program's own earlier output, so they are
# checked too: every bar of the samples' golden tps, latency, cov, p95,
# cost and value charts (its title's figure and its height) against the
# figure recomputed from the sample's raw files (summary_article.py
# --charts, over tests/lib/oracle.py): a golden file made from a wrong
# figure fails here, not only a chart that differs from it.
set -euo pipefail

src=${TR_SOURCE_DIR:?TR_SOURCE_DIR not set}
build=${TR_BUILD_DIR:?TR_BUILD_DIR not set}
golden=$src/tests/golden/charts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0

compare() {  # compare NAME GOLDEN_DIR NEW_DIR
  local name=$1 want=$2 got=$3
  if ! diff <(cd "$want" && ls ./*.svg) <(cd "$got" && ls ./*.svg) >"$work/list.diff"; then
    echo "FAIL: $name: other charts than the golden ones:"
    cat "$work/list.diff"
    fail=1
  fi
  for f in "$want"/*.svg; do
    g="$got/$(basename "$f")"
    [ -f "$g" ] || continue
    if ! cmp -s "$f" "$g"; then
      echo "FAIL: $name/$(basename "$f") differs from the golden file:"
      diff -u "$f" "$g" | head -n 20
      fail=1
    fi
  done
  echo "$name: $(ls "$want"/*.svg | wc -l) golden charts compared"
}

[ -d "$golden/fixture" ] || { echo "FAIL: no $golden/fixture (run make golden)"; exit 1; }
mkdir -p "$work/fixture"
TR_CHART_DUMP=$work/fixture "$build/tests/test_chart" >/dev/null
compare fixture "$golden/fixture" "$work/fixture"

for study in "$src"/samples/*/; do
  [ -d "$study/results" ] || continue
  name=$(basename "$study")
  if [ ! -d "$golden/$name" ]; then
    echo "FAIL: samples/$name has no golden charts in tests/golden/charts/$name (run make golden)"
    fail=1
    continue
  fi
  /usr/bin/python3 "$src/tests/e2e/summary_article.py" "$study" --charts "$golden/$name" >"$work/$name.bars" ||
    { echo "FAIL: $name: golden bars against the raw files:"; grep FAIL "$work/$name.bars" | head; fail=1; }
  mkdir -p "$work/$name"
  "${TPSREPORT:?TPSREPORT not set}" chart "$study" --all -o "$work/$name"
  compare "$name" "$golden/$name" "$work/$name"
done
exit "$fail"
