#!/usr/bin/env bash
# labels: browser
#
# The charts in a real browser. Headless Chromium (Debian's `chromium`)
# renders every SVG chart, and an HTML page showing the PNG that cairo drew
# for the same chart; each screenshot must have the chart's size, be far
# from blank, and show the providers' colours; the SVG and the PNG must look
# alike (the same layout), and the SVG must turn dark under the browser's
# dark mode (its prefers-color-scheme CSS). A page that fails to load or
# logs a console error fails too.
#
# The charts come from the unit test's fixture (every chart kind), and,
# when the sample study exists and the binary runs, from
# samples/stock-vs-tuned through `tpsreport chart --all`.
#
# One Chromium takes every screenshot (tests/browser/shots.js: one page
# per colour scheme, a new one after a failed job) and one Python checks
# them all (png_check.py batch):
# a browser or an interpreter per picture cost minutes.
set -euo pipefail

src=${TR_SOURCE_DIR:?TR_SOURCE_DIR not set}
build=${TR_BUILD_DIR:?TR_BUILD_DIR not set}
# Debian's python3 with python3-pil decodes PNGs in C (minutes faster than
# the pure-Python fallback, which any python3 can run).
if /usr/bin/python3 -c 'import PIL' 2>/dev/null; then
  check="/usr/bin/python3 $src/tests/lib/png_check.py"
else
  check="python3 $src/tests/lib/png_check.py"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$src/tests/lib/browser.sh"
browser_need

# The charts: SVG and PNG of each, side by side in $work/charts.
mkdir -p "$work/charts"
TR_CHART_DUMP="$work/charts" "$build/tests/test_chart" >/dev/null
if [ -d "$src/samples/stock-vs-tuned" ] && "${TPSREPORT:-false}" --version >/dev/null 2>&1; then
  mkdir -p "$work/charts/sample"
  "$TPSREPORT" chart "$src/samples/stock-vs-tuned" --all -o "$work/charts/sample" 2>/dev/null
  "$TPSREPORT" chart "$src/samples/stock-vs-tuned" --all --format png \
    -o "$work/charts/sample" 2>/dev/null
  for f in "$work/charts/sample"/*.svg "$work/charts/sample"/*.png; do
    mv "$f" "$work/charts/sample-$(basename "$f")"
  done
fi

# One Python reads every SVG: its size from the root (the PNG is drawn at
# twice that) and the provider colours it uses (the classes of its marks).
python3 - "$work/charts"/*.svg >"$work/svgs" <<'EOF'
import os, re, sys
import xml.etree.ElementTree as ET
for path in sys.argv[1:]:
    root = ET.parse(path).getroot()
    text = open(path, encoding="utf-8").read()
    css = text[text.index("<style>"):text.index("</style>")]
    light = css.split("@media")[0]
    used = set(re.findall(r'class="(?:bar|line|dot)[^"]*\b(p\d+)\b', text))
    colours = []
    for cls in sorted(used):
        m = re.search(r"\." + cls + r"\{fill:(#[0-9a-f]{6})", light)
        if m:
            colours.append(m.group(1))
    name = os.path.basename(path)[:-len(".svg")]
    print("\t".join([name, root.get("width"), root.get("height")] + colours))
EOF

# What to shoot ($work/jobs) and what to check in the shots ($work/checks),
# one tab-separated line each.
fail=0
n=0
: >"$work/jobs"
: >"$work/checks"
while IFS=$'\t' read -r name w h colours; do
  png="$work/charts/$name.png"
  [ -f "$png" ] || { echo "FAIL: $name: no PNG beside the SVG"; fail=1; continue; }
  printf 'size\t%s\t%s\t%s\n' "$png" $((2 * w)) $((2 * h)) >>"$work/checks"
  printf '<!doctype html><html><body style="margin:0"><img src="%s" width="%s" height="%s" alt=""></body></html>\n' \
    "$name.png" "$w" "$h" > "$work/charts/$name.html"
  printf '%s\t%s\t%s\t%s\n' \
    "$work/$name-svg.png" "$w" "$h" "file://$work/charts/$name.svg" \
    "$work/$name-png.png" "$w" "$h" "file://$work/charts/$name.html" >>"$work/jobs"
  # each of the chart's size, not blank, in the providers' colours; one
  # layout, two renderers: only anti-aliasing may differ
  printf 'pair\t%s\t%s\t%s\t%s\t3%s\n' "$work/$name-svg.png" "$work/$name-png.png" \
    "$w" "$h" "${colours:+$'\t'$colours}" >>"$work/checks"
  n=$((n + 1))
done <"$work/svgs"

# dark mode: the SVG's own CSS, under the browser's dark preference
first=$(ls "$work/charts"/*.svg | head -n 1)
printf '%s\t800\t400\t%s\tdark\n' "$work/dark.png" "file://$first" >>"$work/jobs"
printf 'dark\t%s\n' "$work/dark.png" >>"$work/checks"

NODE_PATH="$BROWSER_NM" node "$src/tests/browser/shots.js" "$work/jobs" || fail=1
$check batch "$work/checks" || fail=1

if [ "$n" -lt 10 ]; then
  echo "FAIL: only $n charts checked"
  fail=1
fi
[ "$fail" = 0 ] && echo "ok: $n charts, SVG and PNG, in Chromium"
exit "$fail"
