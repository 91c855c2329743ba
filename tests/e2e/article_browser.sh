#!/usr/bin/env bash
# labels: browser
#
# The report on every screen (issue 25), in real Chromium: index.html and
# report.html of the serverscamp-shaped study at 360, 390 and 1280 px,
# light and dark (tests/browser/article.js): no sideways scrolling of the
# page or of any chart or table box, every chart's text at least 11 CSS px
# and inside the screen, every table cell on screen (rows become cards on
# a phone), every step card of a tuning journey on screen, no axe-core
# violation. Before that, the same checks must fail
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
# The study with the default writeup and a tuning journey's step cards
# (notes on two of its three steps), so that the same views check them: no
# card may leave the screen (article.js, TR_ARTICLE_CARDS of them).
cp -r "$src/tests/fixtures/serverscamp-shaped" "$work/study"
sed -i -e '/^\[provider aws\]/a note = The baseline: a managed instance with gp3 storage at 12,000 IOPS' \
  -e '/^\[provider sc-test2\]/a note = The same size of instance on storage twice as fast' \
  "$work/study/tpsreport.ini"
sed -e 's/^{{section closing}}$/{{journey aws sc-test1 sc-test2 bench10000}}\n\n&/' \
  "$src/templates/writeup.md" >"$work/study/writeup.md"
grep -q '^{{journey' "$work/study/writeup.md" || fail "no journey in the writeup"
"$bin" build "$work/study" -o "$artifacts/serverscamp" --no-png >/dev/null 2>&1 || fail "build"
for f in index.html report.html; do
  [ "$(grep -o '<li class="step">' "$artifacts/serverscamp/$f" | wc -l)" = 3 ] ||
    fail "$f: not 3 journey step cards"
done
export TR_ARTICLE_CARDS=3
for f in "$artifacts/serverscamp/charts/"*.svg; do
  case $f in *.narrow.svg) ;; *)
    [ -f "${f%.svg}.narrow.svg" ] || fail "no narrow rendition of $(basename "$f")" ;;
  esac
done

# The old phone layout, for the checks to catch: a fixed 560-px chart;
# and step cards that never wrap (three of 11rem side by side).
cp -r "$artifacts/serverscamp" "$artifacts/old"
printf '\n@media (max-width: 40rem) { .chart-narrow { display: none } .chart-wide { display: block }\n figure.chart img { max-width: none; width: 560px } }\n' \
  >>"$artifacts/old/assets/style.css"
printf 'ol.journey { flex-wrap: nowrap } ol.journey li.step { flex: 0 0 11rem }\n' \
  >>"$artifacts/old/assets/style.css"
TR_ARTICLE_ONLY="index.html 360 light" NODE_PATH="$BROWSER_NM" \
  node "$src/tests/browser/article.js" "$artifacts/old-shots" \
  "$artifacts/old" >"$work/old" 2>&1 && fail "the checks pass a 560-px chart on a phone"
grep -q 'index.html 360px light: chart chart-tps spans' "$work/old" ||
  fail "old layout: $(head -3 "$work/old")"
grep -q 'index.html 360px light: journey step 3 .* off the screen' "$work/old" ||
  fail "old cards: $(grep journey "$work/old" | head -3)"

NODE_PATH="$BROWSER_NM" node "$src/tests/browser/article.js" "$artifacts" \
  "$artifacts/serverscamp" >"$work/check" 2>&1 ||
  fail "browser: $(grep FAIL "$work/check" | head -8)"
tail -1 "$work/check"
finish
