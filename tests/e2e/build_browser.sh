#!/usr/bin/env bash
# labels: browser
#
# The report in a real browser, and through the Nu Html Checker: headless
# Chromium (Debian's chromium, driven by npm playwright-core) opens
# index.html and report.html of the sample from disk on a desktop and a
# phone, light and dark (tests/browser/check.js): no console error, no
# failed request, every chart visible, a table sorts when its header is
# clicked. vnu (npm vnu-jar, on Java) finds no error in either file.
# Screenshots are kept in $TR_BUILD_DIR/browser-artifacts.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
build=${TR_BUILD_DIR:?TR_BUILD_DIR not set}
need_sample

# What this test needs, installed when missing (root on Debian).
if ! command -v chromium >/dev/null || ! command -v java >/dev/null || ! command -v npm >/dev/null; then
  "$src/scripts/install-deps.sh" --browser || true
fi
command -v chromium >/dev/null || { echo "FAIL: chromium is not installed" >&2; exit 1; }
command -v java >/dev/null || { echo "FAIL: java is not installed" >&2; exit 1; }
nm="$src/tests/browser/node_modules"
if [ ! -d "$nm/playwright-core" ] || [ ! -f "$nm/vnu-jar/build/dist/vnu.jar" ]; then
  (cd "$src/tests/browser" && npm ci --no-audit --no-fund --ignore-scripts >/dev/null) ||
    { echo "FAIL: npm ci in tests/browser failed" >&2; exit 1; }
fi

artifacts="$build/browser-artifacts"
rm -rf "$artifacts"
mkdir -p "$artifacts"
"$bin" build "$sample" -o "$artifacts/site" >/dev/null 2>&1 || fail "build"

java -jar "$nm/vnu-jar/build/dist/vnu.jar" --errors-only \
  "$artifacts/site/index.html" "$artifacts/site/report.html" 2>"$work/vnu" ||
  fail "vnu: $(head -5 "$work/vnu")"
# Every chart file is valid SVG for the checker too.
java -jar "$nm/vnu-jar/build/dist/vnu.jar" --errors-only --skip-non-svg \
  "$artifacts/site/charts" 2>"$work/vnu-svg" || fail "vnu (SVG): $(head -5 "$work/vnu-svg")"

NODE_PATH="$nm" node "$src/tests/browser/check.js" "$artifacts/site" "$artifacts" >"$work/check" 2>&1 ||
  fail "browser: $(grep FAIL "$work/check" | head -8)"
tail -1 "$work/check"

# The client-sweep sample's own writeup: headline figures, pivots, rank and
# journey tables and charts, the author's pipe table (SVG only: the PNGs
# are those of the first sample's kind).
sweep="$src/samples/client-sweep"
"$bin" build "$sweep" -o "$artifacts/sweep" --no-png >/dev/null 2>&1 || fail "build client-sweep"
java -jar "$nm/vnu-jar/build/dist/vnu.jar" --errors-only \
  "$artifacts/sweep/index.html" "$artifacts/sweep/report.html" 2>"$work/vnu2" ||
  fail "vnu (client-sweep): $(head -5 "$work/vnu2")"
java -jar "$nm/vnu-jar/build/dist/vnu.jar" --errors-only --skip-non-svg \
  "$artifacts/sweep"/charts/rank-*.svg "$artifacts/sweep"/charts/journey-*.svg 2>"$work/vnu3" ||
  fail "vnu (client-sweep SVG): $(head -5 "$work/vnu3")"
mkdir -p "$artifacts/sweep-shots"
NODE_PATH="$nm" node "$src/tests/browser/check.js" "$artifacts/sweep" "$artifacts/sweep-shots" >"$work/check2" 2>&1 ||
  fail "browser (client-sweep): $(grep FAIL "$work/check2" | head -8)"
tail -1 "$work/check2"
finish
