#!/usr/bin/env bash
# labels: browser
#
# The charts in a real browser. Headless Chromium (Debian's `chromium`)
# renders every SVG chart, and an HTML page showing the PNG that cairo drew
# for the same chart; each screenshot must have the chart's size, be far
# from blank, and show the providers' colours; the SVG and the PNG must look
# alike (the same layout), and the SVG must turn dark under the browser's
# dark mode (its prefers-color-scheme CSS).
#
# The charts come from the unit test's fixture (every chart kind), and,
# when the sample study exists and the binary runs, from
# samples/stock-vs-tuned through `tpsreport chart --all`.
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

if ! command -v chromium >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q --no-install-recommends chromium >/dev/null ||
      { apt-get update -q >/dev/null &&
        apt-get install -y -q --no-install-recommends chromium >/dev/null; }
  fi
fi
command -v chromium >/dev/null || { echo "FAIL: chromium is not installed" >&2; exit 1; }

shot() {  # shot OUT.png W H URL [extra flags]
  local out=$1 w=$2 h=$3 url=$4 profile
  shift 4
  profile=$(mktemp -d "$work/profile.XXXXXX")
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --hide-scrollbars --user-data-dir="$profile" "$@" \
    --screenshot="$out" --window-size="$w,$h" "$url" >/dev/null 2>&1
  [ -s "$out" ] || { echo "FAIL: no screenshot of $url" >&2; return 1; }
}

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

fail=0
n=0
for svg in "$work/charts"/*.svg; do
  name=$(basename "$svg" .svg)
  png="$work/charts/$name.png"
  [ -f "$png" ] || { echo "FAIL: $name: no PNG beside the SVG"; fail=1; continue; }
  # size from the SVG's root; the PNG is drawn at twice that
  read -r w h < <(python3 - "$svg" <<'EOF'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
print(root.get("width"), root.get("height"))
EOF
)
  $check size "$png" $((2 * w)) $((2 * h)) || fail=1
  # provider colours that the chart uses (the classes of its marks)
  colours=$(python3 - "$svg" <<'EOF'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
css = text[text.index("<style>"):text.index("</style>")]
light = css.split("@media")[0]
used = set(re.findall(r'class="(?:bar|line|dot)[^"]*\b(p\d+)\b', text))
for cls in sorted(used):
    m = re.search(r"\." + cls + r"\{fill:(#[0-9a-f]{6})", light)
    if m:
        print(m.group(1))
EOF
)
  printf '<!doctype html><html><body style="margin:0"><img src="%s" width="%s" height="%s" alt=""></body></html>\n' \
    "$name.png" "$w" "$h" > "$work/charts/$name.html"
  shot "$work/$name-svg.png" "$w" "$h" "file://$svg" || { fail=1; continue; }
  shot "$work/$name-png.png" "$w" "$h" "file://$work/charts/$name.html" || { fail=1; continue; }
  # each of the chart's size, not blank, in the providers' colours; one
  # layout, two renderers: only anti-aliasing may differ
  # shellcheck disable=SC2086
  $check pair "$work/$name-svg.png" "$work/$name-png.png" "$w" "$h" 3 $colours || fail=1
  n=$((n + 1))
done

# dark mode: the SVG's own CSS, under the browser's dark preference
first=$(ls "$work/charts"/*.svg | head -n 1)
shot "$work/dark.png" 800 400 "file://$first" --force-dark-mode || fail=1
$check dark "$work/dark.png" || fail=1

if [ "$n" -lt 10 ]; then
  echo "FAIL: only $n charts checked"
  fail=1
fi
[ "$fail" = 0 ] && echo "ok: $n charts, SVG and PNG, in Chromium"
exit "$fail"
