#!/usr/bin/env bash
# doc-screenshots.sh: the pictures of the summary and of a small-multiple
# timeline in docs/images, as the browser test takes them
# (tests/browser/check.js, docShots): headless Chromium on the sample's
# index.html; and the report at 360, 390 and 1280 px (tests/browser/
# article.js on the serverscamp-shaped test study, from its summary on) as
# docs/images/screen-WIDTH.png. Run after a change to how the report looks; review the
# images before committing them.
#
#   scripts/doc-screenshots.sh [BUILD]
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$src/build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nm="$src/tests/browser/node_modules"
[ -d "$nm/playwright-core" ] || { echo "doc-screenshots: npm ci in tests/browser first" >&2; exit 2; }
"$build/tpsreport" build "$src/samples/stock-vs-tuned" -o "$tmp/site" --no-png >/dev/null
NODE_PATH="$nm" node "$src/tests/browser/check.js" "$tmp/site" "$tmp" | tail -1
cp "$tmp/doc-summary.png" "$src/docs/images/summary.png"
cp "$tmp/doc-timeline.png" "$src/docs/images/timeline-small-multiples.png"
"$build/tpsreport" build "$src/tests/fixtures/serverscamp-shaped" -o "$tmp/serverscamp" --no-png >/dev/null 2>&1
TR_ARTICLE_ONLY= NODE_PATH="$nm" node "$src/tests/browser/article.js" "$tmp/shots" "$tmp/serverscamp" | tail -1
for w in 360 390 1280; do
  cp "$tmp/shots/serverscamp-index-$w-light.png" "$src/docs/images/screen-$w.png"
done
echo "doc-screenshots: docs/images/summary.png, docs/images/timeline-small-multiples.png, docs/images/screen-{360,390,1280}.png"
