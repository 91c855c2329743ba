#!/usr/bin/env bash
# Golden charts: the SVGs must come out byte for byte as committed in
# tests/golden/charts/ (regenerate with `make golden` after an intended
# change, and review the diff):
#  - fixture/: every chart of the unit tests' hand-made results;
#  - <study>/: `tpsreport chart --all` of samples/<study>.
# A sample study without golden charts fails: run `make golden`.
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
  mkdir -p "$work/$name"
  "${TPSREPORT:?TPSREPORT not set}" chart "$study" --all -o "$work/$name"
  compare "$name" "$golden/$name" "$work/$name"
done
exit "$fail"
