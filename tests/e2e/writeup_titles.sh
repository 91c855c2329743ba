#!/usr/bin/env bash
# writeup_titles.sh: headings and titles belong to the author (issue 25,
# item 6), through `tpsreport build` on samples/stock-vs-tuned with a
# writeup of the author's. Expected by hand:
#  - {{section results}} under "### Results": "#### TPS and latency" and
#    "##### bench1 (...)" in report.md, <h4>/<h5> in index.html;
#  - {{section stability}} under the author's own "## Stability": that
#    heading once, no second one;
#  - {{chart rank ... title="Fastest at scale 1"}}: the chart's SVG title,
#    wide and narrow;
#  - {{chart tps title="..."}} and {{chart timeline bench1 title="..."}}:
#    drawings of their own (charts/tps-titled.svg, .narrow.svg, .png, a
#    second one tps-titled-2) with that title; charts/tps.svg keeps its
#    generated title and the same bars;
#  - title= on a table: exit 2 and "writeup.md:LINE:" naming the line.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=1; }

cp -r "$TR_SOURCE_DIR/samples/stock-vs-tuned" "$tmp/st"
cat >"$tmp/st/writeup.md" <<'MD'
# Stock against tuned

## Stability

{{section stability}}

## What we measured

### Results

{{section results}}

{{chart rank tps_median bench1 title="Fastest at scale 1"}}

{{chart tps title="TPS at both scales" caption="Our words under it."}}

{{chart timeline bench1 title="Every second at scale 1"}}

{{chart tps title="TPS once more"}}
MD
"$TPSREPORT" build "$tmp/st" -o "$tmp/out" --png >/dev/null 2>"$tmp/err" ||
  { cat "$tmp/err"; bad "build"; }
md=$tmp/out/report.md
grep -qx '#### TPS and latency' "$md" || bad "no '#### TPS and latency' under '### Results'"
grep -qx '##### bench1 (scale 1, \\~20 MB)' "$md" || bad "no '##### bench1 ...'"
grep -q '^## TPS and latency' "$md" && bad "a '##' section under '### Results'"
[ "$(grep -c '^#* *Stability$' "$md")" = 1 ] || bad "'Stability' heading not exactly once: $(grep -c '^#* *Stability$' "$md")"
grep -q '<h4[^>]*>TPS and latency</h4>' "$tmp/out/index.html" || bad "index.html: no <h4>TPS and latency"
grep -q '<h5[^>]*>bench1 (scale 1, ~20 MB)</h5>' "$tmp/out/index.html" || bad "index.html: no <h5> scenario"
for f in rank-tps-median-bench1.svg rank-tps-median-bench1.narrow.svg; do
  grep -q '<text class="title"[^>]*>Fastest at scale 1</text>' "$tmp/out/charts/$f" ||
    bad "$f: not titled 'Fastest at scale 1'"
done

# title= on a chart of the report: a drawing of its own (wide, narrow,
# PNG), named after the chart; the shared one keeps its generated title
t() { grep -c "<text class=\"title\"[^>]*>$2</text>" "$tmp/out/charts/$1" || true; }
for f in tps-titled.svg tps-titled.narrow.svg; do
  [ "$(t "$f" 'TPS at both scales')" = 1 ] || bad "$f: not titled 'TPS at both scales'"
done
for f in tps-titled-2.svg tps-titled-2.narrow.svg; do
  [ "$(t "$f" 'TPS once more')" = 1 ] || bad "$f: not titled 'TPS once more'"
done
for f in timeline-bench1-titled.svg timeline-bench1-titled.narrow.svg; do
  [ "$(t "$f" 'Every second at scale 1')" = 1 ] || bad "$f: not titled 'Every second at scale 1'"
done
for f in tps-titled.png tps-titled-2.png timeline-bench1-titled.png; do
  [ "$(head -c 8 "$tmp/out/charts/$f" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] ||
    bad "$f: not a PNG"
done
for f in tps.svg tps.narrow.svg timeline-bench1.svg; do
  grep -q 'TPS at both scales\|Every second at scale 1\|TPS once more' "$tmp/out/charts/$f" &&
    bad "$f: the shared chart took a directive's title"
done
grep -q '^!\[TPS at both scales\. Median TPS by scenario\..*](charts/tps-titled\.svg)$' "$md" ||
  bad "report.md: no tps-titled image with the title first in its alt text"
grep -qF '*Our words under it.*' "$md" || grep -qF 'Our words under it.' "$md" || bad "report.md: caption lost"
grep -q '<figcaption[^>]*>Our words under it.</figcaption>' "$tmp/out/index.html" || bad "index.html: caption lost"
# the bars of a chart redrawn for a directive are those of the shared one
a=$(grep -o '<rect class="bar[^"]*"[^>]*>' "$tmp/out/charts/tps.svg" | sed 's/ id="[^"]*"//' | sort)
b=$(grep -o '<rect class="bar[^"]*"[^>]*>' "$tmp/out/charts/tps-titled.svg" | sed 's/ id="[^"]*"//' | sort)
[ -n "$a" ] && [ "$a" = "$b" ] || bad "tps-titled.svg: bars differ from tps.svg"

# title= where there is none: the line of the directive
printf '# T\n\nSome words.\n\n{{table tps bench1 title="Mine"}}\n' >"$tmp/st/writeup.md"
rc=0
"$TPSREPORT" build "$tmp/st" -o "$tmp/out2" --no-png >/dev/null 2>"$tmp/err2" || rc=$?
[ "$rc" = 2 ] || bad "title= on a table: exit $rc, expected 2"
grep -q 'writeup.md:5: {{table tps}}: title= is not for a table' "$tmp/err2" ||
  bad "title= on a table: $(cat "$tmp/err2")"
[ -e "$tmp/out2" ] && bad "a failed build left OUT behind"
[ "$fail" = 0 ] && echo "ok   writeup_titles"
exit "$fail"
