#!/usr/bin/env bash
# labels: browser
#
# A grid of 50 providers builds, with PNGs, and its charts can be read
# (issue 31): tests/bench/gen_grid.c writes 50 providers x 10 scenarios x
# 3 runs with six 10-s windows each and labels shaped like real offers;
# `build` must succeed and write a PNG beside every SVG chart, none past
# cairo's 32,767 pixels a side, and no SVG taller than 2,000 px: a chart
# of too many providers is drawn in parts, titled "(part 1 of n)" then
# "(continued, part k of n)", which index.html says in a sentence. Then in
# Chromium (tests/browser/grid.js) each picture of index.html must name
# every provider it draws (by text or <title>), the parts of a chart all
# 50 together, in order, each with its alt text, and no picture may draw
# two providers alike. The labels expected are read from the
# generated tpsreport.ini here, not from tpsreport's output.
set -euo pipefail

src=${TR_SOURCE_DIR:?TR_SOURCE_DIR not set}
tps=${TPSREPORT:?TPSREPORT not set}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$src/tests/lib/browser.sh"
browser_need

cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L "$src/tests/bench/gen_grid.c" -lm -o "$work/gen"
"$work/gen" "$work/grid" 50 10 3 6
timeout 600 "$tps" build "$work/grid" -o "$work/out" --png >/dev/null ||
  { echo "FAIL: build of the 50-provider grid failed (or hung)"; exit 1; }

python3 - "$work/out/charts" <<'PY'
import glob, os, struct, sys
bad = 0
# a phone's rendition (NAME.narrow.svg) is the page's only: no PNG of it
svgs = sorted(s for s in glob.glob(os.path.join(sys.argv[1], "*.svg"))
              if not s.endswith(".narrow.svg"))
for svg in svgs:
    png = svg[:-4] + ".png"
    if not os.path.exists(png):
        print("FAIL: no PNG beside", os.path.basename(svg)); bad = 1; continue
    with open(png, "rb") as f:
        head = f.read(24)
    w, h = struct.unpack(">II", head[16:24])
    if head[:8] != b"\x89PNG\r\n\x1a\n" or not (0 < w <= 32767 and 0 < h <= 32767):
        print("FAIL: %s: not a PNG within cairo's limits (%dx%d)" % (os.path.basename(png), w, h)); bad = 1
if len(svgs) < 20:
    print("FAIL: only %d SVG charts" % len(svgs)); bad = 1
# no picture taller than a reader can follow (docs/charts.md: 2,000 px at
# 800 wide), and a chart in parts says so in its title
import re
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
parts = 0
for svg in svgs:
    root = ET.parse(svg).getroot()
    h = float(root.get("height"))
    title = root.find(ns + "title").text or ""
    name = os.path.basename(svg)
    if h > 2000:
        print("FAIL: %s is %g px tall (over 2,000)" % (name, h)); bad = 1
    m = re.search(r"-part(\d+)\.svg$", name)
    if m:
        parts += 1
        if not re.search(r"\(continued, part %s of \d+\)$" % m.group(1), title):
            print("FAIL: %s: title %r does not say it is continued" % (name, title)); bad = 1
        first = os.path.join(os.path.dirname(svg), name[:m.start()] + ".svg")
        if not os.path.exists(first):
            print("FAIL: %s without its first part" % name); bad = 1
        elif not re.search(r"\(part 1 of \d+\)$", ET.parse(first).getroot().find(ns + "title").text):
            print("FAIL: %s: the first part's title does not say 'part 1 of'" % name); bad = 1
if parts == 0:
    print("FAIL: no chart of the 50-provider grid is drawn in parts"); bad = 1
sys.exit(bad)
PY
# the report says in plain words which charts are drawn in parts
grep -q 'too many for one readable chart, so this one is drawn in [0-9]* parts' "$work/out/index.html" ||
  { echo "FAIL: index.html does not say that a chart is drawn in parts"; exit 1; }

# the labels, from the ini the generator wrote
# (no `sed | head`: under pipefail, sed dies of SIGPIPE when head stops first)
sed -n 's/^label = //p' "$work/grid/tpsreport.ini" > "$work/all-labels"
head -50 "$work/all-labels" > "$work/labels"
[ "$(sort -u "$work/labels" | wc -l)" -eq 50 ] || { echo "FAIL: the generator's labels are not 50 distinct ones"; exit 1; }
NODE_PATH="$BROWSER_NM" timeout 600 node "$src/tests/browser/grid.js" "$work/out" "$work/labels"
