#!/usr/bin/env bash
# labels: browser
#
# The report in a real browser, and through the Nu Html Checker: headless
# Chromium (Debian's chromium, driven by npm playwright-core) opens
# index.html and report.html of the sample from disk on a desktop and a
# phone, light and dark (tests/browser/check.js): no console error, no
# failed request, every chart visible, a table sorts when its header is
# clicked. vnu (npm vnu-jar, on Java) finds no error in either file, nor
# in any chart's SVG. The same for samples/client-sweep. One Chromium and
# one vnu run serve both samples (each start costs seconds).
# Screenshots are kept in $TR_BUILD_DIR/browser-artifacts.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
build=${TR_BUILD_DIR:?TR_BUILD_DIR not set}
need_sample

. "$src/tests/lib/browser.sh"
browser_need java

artifacts="$build/browser-artifacts"
rm -rf "$artifacts"
mkdir -p "$artifacts/sweep-shots"
"$bin" build "$sample" -o "$artifacts/site" >/dev/null 2>&1 || fail "build"
# The client-sweep sample's own writeup: headline figures, pivots, rank and
# journey tables and charts, the author's pipe table (SVG only: the PNGs
# are those of the first sample's kind).
sweep="$src/samples/client-sweep"
"$bin" build "$sweep" -o "$artifacts/sweep" --no-png >/dev/null 2>&1 || fail "build client-sweep"

# One vnu (a Java start costs seconds) for both samples' pages, and every
# chart file as SVG (--also-check-svg: *.svg as SVG, *.html as HTML).
svgs=()
while IFS= read -r -d '' f; do svgs+=("$f"); done < <(find "$artifacts/site/charts" -name '*.svg' -print0 | sort -z)
[ "${#svgs[@]}" -gt 0 ] || fail "no SVG chart in $artifacts/site/charts"
sweep_svgs=("$artifacts/sweep"/charts/rank-*.svg "$artifacts/sweep"/charts/journey-*.svg)
java -jar "$VNU_JAR" --errors-only --also-check-svg \
  "$artifacts/site/index.html" "$artifacts/site/report.html" "${svgs[@]}" \
  "$artifacts/sweep/index.html" "$artifacts/sweep/report.html" "${sweep_svgs[@]}" 2>"$work/vnu" ||
  fail "vnu: $(head -8 "$work/vnu")"

# One Chromium for both samples' pages.
NODE_PATH="$BROWSER_NM" node "$src/tests/browser/check.js" "$artifacts/site" "$artifacts" \
  "$artifacts/sweep" "$artifacts/sweep-shots" >"$work/check" 2>&1 ||
  fail "browser: $(grep FAIL "$work/check" | head -8)"
tail -1 "$work/check"
finish
