#!/usr/bin/env bash
# labels: browser
#
# The report on every screen (issue 25), in real Chromium: index.html and
# report.html of the serverscamp-shaped study at 360, 390 and 1280 px,
# light and dark (tests/browser/article.js): no sideways scrolling of the
# page or of any chart or table box, every chart's text at least 11 CSS px
# and inside the screen, every table cell on screen (rows become cards on
# a phone), no axe-core violation. Before that, the same checks must fail
# on the page as it was (charts a fixed 560 px in a scroll box): a copy of
# the report whose style sheet forces that width, so the test can fail.
# Screenshots at each width stay in $TR_BUILD_DIR/article-artifacts.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
build=${TR_BUILD_DIR:?TR_BUILD_DIR not set}
. "$src/tests/lib/browser.sh"
browser_need

artifacts="$build/article-artifacts"
rm -rf "$artifacts"
mkdir -p "$artifacts"
"$bin" build "$src/tests/fixtures/serverscamp-shaped" -o "$artifacts/serverscamp" --no-png \
  >/dev/null 2>&1 || fail "build"
for f in "$artifacts/serverscamp/charts/"*.svg; do
  case $f in *.narrow.svg) ;; *)
    [ -f "${f%.svg}.narrow.svg" ] || fail "no narrow rendition of $(basename "$f")" ;;
  esac
done

# The old phone layout, for the checks to catch: a fixed 560-px chart.
cp -r "$artifacts/serverscamp" "$artifacts/old"
printf '\n@media (max-width: 40rem) { .chart-narrow { display: none } .chart-wide { display: block }\n figure.chart img { max-width: none; width: 560px } }\n' \
  >>"$artifacts/old/assets/style.css"
TR_ARTICLE_ONLY="index.html 360 light" NODE_PATH="$BROWSER_NM" \
  node "$src/tests/browser/article.js" "$artifacts/old-shots" \
  "$artifacts/old" >"$work/old" 2>&1 && fail "the checks pass a 560-px chart on a phone"
grep -q 'index.html 360px light: chart chart-tps spans' "$work/old" ||
  fail "old layout: $(head -3 "$work/old")"

NODE_PATH="$BROWSER_NM" node "$src/tests/browser/article.js" "$artifacts" \
  "$artifacts/serverscamp" >"$work/check" 2>&1 ||
  fail "browser: $(grep FAIL "$work/check" | head -8)"
tail -1 "$work/check"
finish
