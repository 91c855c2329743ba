#!/usr/bin/env bash
# Line charts of nine providers in parts (docs/charts.md, "Many
# providers"): nine copies of the real pgbench 15 captures of chart_cli
# (aggregate logs, per-transaction logs, init output) make percentiles and
# timeline charts of 9 providers, over the 8 a picture may hold: each is
# drawn in 2 parts, the first of providers 1 to 4 (floor(9 / 2) = 4), the
# second of 5 to 9, every line of a provider in its part only, both parts
# on the same y axis (the same tick labels). The tps chart of 9 providers
# has no legend and names each bar.
set -euo pipefail

src=${TR_SOURCE_DIR:?TR_SOURCE_DIR not set}
bin=${TPSREPORT:?TPSREPORT not set}
fx=$src/tests/fixtures
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for p in a1 a2 a3 a4 a5 a6 a7 a8 a9; do
  d=$work/study/results/$p/s2
  mkdir -p "$d"
  cp "$fx/logs/15/agg.txt" "$d/run1.txt"
  cp "$fx/logs/15/agg.8120" "$d/run1.8120"
  cp "$fx/logs/15/agg.8120.1" "$d/run1.8120.1"
  cp "$fx/logs/15/plain.txt" "$d/run2.txt"
  cp "$fx/logs/15/plain.8112" "$d/run2.8112"
  cp "$fx/logs/15/plain.8112.1" "$d/run2.8112.1"
done
"$bin" chart "$work/study" --all -o "$work/out" >/dev/null

python3 - "$work/out" <<'PY'
import glob, os, re, sys
import xml.etree.ElementTree as ET
out = sys.argv[1]
ns = "{http://www.w3.org/2000/svg}"
bad = 0
def fail(msg):
    global bad
    print("FAIL: " + msg); bad = 1
def drawn(path):
    """provider indices with a line (class p<N>, not a legend swatch)"""
    root = ET.parse(path).getroot()
    ps = set()
    for e in root.iter(ns + "polyline"):
        m = re.search(r"(?:^|\s)p(\d+)(?:\s|$)", e.get("class") or "")
        if m:
            ps.add(int(m.group(1)))
    ticks = sorted((float(e.get("y")), e.text) for e in root.iter(ns + "text")
                   if "tick" in (e.get("class") or "").split())
    return root, ps, ticks
names = sorted(os.path.basename(f) for f in glob.glob(os.path.join(out, "*.svg")))
for kind in ("percentiles", "timeline"):
    mine = [n for n in names if n.startswith(kind + "-")]
    first = [n for n in mine if "-part" not in n]
    if len(first) != 1 or len(mine) != 2 or first[0][:-4] + "-part2.svg" not in mine:
        fail("%s: %s, expected NAME.svg and NAME-part2.svg" % (kind, mine)); continue
    r1, p1, t1 = drawn(os.path.join(out, first[0]))
    r2, p2, t2 = drawn(os.path.join(out, first[0][:-4] + "-part2.svg"))
    if p1 != {0, 1, 2, 3} or p2 != {4, 5, 6, 7, 8}:
        fail("%s: parts draw providers %s and %s, expected 0-3 and 4-8" % (kind, sorted(p1), sorted(p2)))
    y1 = [t for _, t in t1 if re.fullmatch(r"[\d,.]+", t or "")]
    y2 = [t for _, t in t2 if re.fullmatch(r"[\d,.]+", t or "")]
    if max(float(v.replace(",", "")) for v in y1) != max(float(v.replace(",", "")) for v in y2):
        fail("%s: the parts' axes differ (%s / %s)" % (kind, y1, y2))
    if not r2.find(ns + "title").text.endswith("(continued, part 2 of 2)"):
        fail("%s: part 2's title %r" % (kind, r2.find(ns + "title").text))
root = ET.parse(os.path.join(out, "tps.svg")).getroot()
texts = [e.text for e in root.iter(ns + "text")]
for p in range(1, 10):
    if texts.count("a%d" % p) != 1:
        fail("tps: provider a%d named %d times, once expected (no legend)" % (p, texts.count("a%d" % p)))
sys.exit(bad)
PY
echo "ok: percentiles and timeline of 9 providers in 2 parts, tps bars named"
