#!/usr/bin/env bash
# Golden charts (compared byte for byte by tests/e2e/chart_golden.sh):
#  - tests/golden/charts/fixture/: every chart of the unit tests' hand-made
#    results (tests/unit/chart_fixture.h), written by the test_chart
#    program; every chart kind, always;
#  - tests/golden/charts/<study>/: `tpsreport chart --all` (SVG) of each
#    sample study under samples/.
# Run from the source root with the tpsreport binary (BUILD/tpsreport); the
# test programs are in BUILD/tests/ (TR_BUILD_DIR says where, if elsewhere).
set -euo pipefail

bin=${1:?usage: golden.d/charts.sh BUILD/tpsreport}
if [ -z "${TR_BUILD_DIR:-}" ]; then
  TR_BUILD_DIR=$(dirname "$bin")
  [ -x "$TR_BUILD_DIR/tests/test_chart" ] || TR_BUILD_DIR=$(dirname "$TR_BUILD_DIR")
fi
build=$TR_BUILD_DIR
out=tests/golden/charts

rm -rf "$out/fixture"
mkdir -p "$out/fixture"
TR_CHART_DUMP=$out/fixture "$build/tests/test_chart" >/dev/null
rm -f "$out/fixture"/*.png "$out/fixture"/*.pdf

for study in samples/*/; do
  [ -d "$study/results" ] || continue
  name=$(basename "$study")
  rm -rf "${out:?}/$name"
  mkdir -p "$out/$name"
  "$bin" chart "$study" --all -o "$out/$name"
done
echo "golden charts: $(find "$out" -name '*.svg' | wc -l) SVG files in $out" >&2
