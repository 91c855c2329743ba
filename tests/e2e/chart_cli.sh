#!/usr/bin/env bash
# `tpsreport chart` on a small study put together from real pgbench 15
# captures (tests/fixtures): one chart per format, the format from the
# file name, --list and --all, and the errors: a kind the data cannot
# draw, an unknown scenario, kind, format or option.
set -euo pipefail

src=${TR_SOURCE_DIR:?TR_SOURCE_DIR not set}
bin=${TPSREPORT:?TPSREPORT not set}
fx=$src/tests/fixtures
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
say() { echo "FAIL: $*"; fail=1; }

# Two providers with the same captures (a chart needs no difference):
# run1 with aggregate logs (windows), run2 with per-transaction logs, and
# the init output.
for p in alpha beta; do
  d=$work/study/results/$p/s2
  mkdir -p "$d"
  cp "$fx/logs/15/agg.txt" "$d/run1.txt"
  cp "$fx/logs/15/agg.8120" "$d/run1.8120"
  cp "$fx/logs/15/agg.8120.1" "$d/run1.8120.1"
  cp "$fx/logs/15/plain.txt" "$d/run2.txt"
  cp "$fx/logs/15/plain.8112" "$d/run2.8112"
  cp "$fx/logs/15/plain.8112.1" "$d/run2.8112.1"
  cp "$fx/init/15/init_s2.txt" "$d/init.txt"
done
study=$work/study
out=$work/out
mkdir -p "$out"

run() {  # run WANT_STATUS ARGS...: the status, stderr kept in $work/err
  local want=$1 got=0
  shift
  "$bin" chart "$@" >"$work/stdout" 2>"$work/err" || got=$?
  if [ "$got" != "$want" ]; then
    say "chart $* exited $got, expected $want"
    sed 's/^/  /' "$work/err"
  fi
}

# one chart per format, the format from the name
run 0 "$study" --kind tps -o "$out/tps.svg"
head -c 5 "$out/tps.svg" | grep -q '^<svg ' || say "tps.svg does not start with <svg"
python3 - "$out/tps.svg" <<'EOF' || say "tps.svg is not well-formed XML with a title"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag.endswith("svg") and root.get("role") == "img"
assert root[0].tag.endswith("title") and root[0].text == "Median TPS in s2"
EOF
run 0 "$study" --kind timeline -o "$out/t.png"
python3 - "$out/t.png" "$out/tps.svg" <<'EOF' || say "t.png is not a 2x PNG"
import struct, sys
d = open(sys.argv[1], "rb").read()
assert d[:8] == b"\x89PNG\r\n\x1a\n"
w, h = struct.unpack(">II", d[16:24])
assert w == 1600 and h > 600, (w, h)
EOF
run 0 "$study" --kind percentiles -o "$out/p.pdf"
head -c 5 "$out/p.pdf" | grep -q '^%PDF-' || say "p.pdf is not a PDF"
run 0 "$study" --kind init --format svg -o "$out/init.chart"
grep -q 'client-side generate' "$out/init.chart" || say "init chart without its phases"
run 0 "$study" --kind tps --scenario s2 -o - 
grep -q '^<svg ' "$work/stdout" || say "-o - did not write the SVG to stdout"
# the same input gives the same bytes
run 0 "$study" --kind tps -o "$out/tps2.svg"
cmp -s "$out/tps.svg" "$out/tps2.svg" || say "two runs gave different SVGs"

# --list and --all agree
run 0 "$study" --list
cut -f1 "$work/stdout" | sort > "$work/listed"
grep -qx 'tps' "$work/listed" || say "--list without tps"
grep -qx 'percentiles-s2' "$work/listed" || say "--list without percentiles-s2"
run 0 "$study" --all -o "$out/all"
(cd "$out/all" && ls ./*.svg | sed 's|^\./||; s|\.svg$||' | sort) > "$work/written"
diff "$work/listed" "$work/written" >/dev/null || say "--all wrote other charts than --list names"
# atomic writes leave nothing else behind
[ "$(ls -A "$out/all" | grep -vc '\.svg$')" = 0 ] || say "--all left other files behind"

# errors: exit 2 with a message that says why
run 2 "$study" --kind cost -o "$out/cost.svg"
grep -q "needs prices" "$work/err" || say "cost without prices: no hint"
[ ! -e "$out/cost.svg" ] || say "a failed chart left a file"
run 2 "$study" --kind sweep -o "$out/sweep.svg"
grep -q "more than one client count" "$work/err" || say "sweep: no hint"
run 2 "$study" --kind tps --scenario nosuch -o "$out/x.svg"
grep -q "no scenario 'nosuch'" "$work/err" || say "unknown scenario: no message"
run 2 "$study" --kind pie -o "$out/x.svg"
grep -q "unknown chart kind 'pie'" "$work/err" || say "unknown kind: no message"
run 2 "$study" --kind tps -o "$out/x.gif"
grep -q "cannot tell the format" "$work/err" || say "unknown extension: no message"
run 2 "$study" --kind tps
run 2 "$study" --kind tps --bogus -o "$out/x.svg"
"$bin" chart --help | grep -q -- '--kind KIND' || say "--help without --kind"

[ "$fail" = 0 ] && echo "ok: tpsreport chart"
exit "$fail"
