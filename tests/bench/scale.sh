#!/usr/bin/env bash
# scale.sh: that tpsreport's readers are linear (or n log n) and read JSON
# in a few times its size (issue 24).
#
#   tests/bench/scale.sh [TPSREPORT]     (SIZES="1000 10000 100000" by default)
#
# For each size N, generated under $TMPDIR (default /var/tmp) and deleted
# at the end, the CPU time (user + system, /usr/bin/time; not wall time,
# which the machine's other work changes) per item, which stays flat when
# the cost is linear, and the peak memory:
#   runs       `diff --json` of a results document of N runs with itself
#              (gen_results.py: a copy of the sample's run per run)
#   files      `summary --json` of one scenario folder of N run files
#   sections   `summary --json` of a study whose tpsreport.ini has N
#              [provider] and N [scenario] sections
# then the peak memory of reading a 256 MB results.json (BIG_MB to change
# it): `diff` of it against a tiny document (no cell in common, so only
# the reading is measured), as a multiple of the file's size.
# Not part of the test suite: the numbers are for people.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tps=${1:-$root/build/tpsreport}
tps=$(cd "$(dirname "$tps")" && pwd)/$(basename "$tps")
sizes=(${SIZES:-1000 10000 100000})
big_mb=${BIG_MB:-256}
work=$(mktemp -d "${TMPDIR:-/var/tmp}/tr-scale.XXXXXX")
trap 'rm -rf "$work"' EXIT
sample="$root/samples/stock-vs-tuned"
run1="$sample/results/stock/bench1/run1.txt"
"$tps" summary --json "$sample" > "$work/base.json"

# measure LABEL N CMD...: "LABEL N: X us per item, peak Y MB"
measure() {
  local label=$1 n=$2; shift 2
  /usr/bin/time -f "%U %S %M" -o "$work/time" "$@" > /dev/null 2> "$work/err" || true
  read -r u s m < <(tail -n 1 "$work/time")
  awk -v l="$label" -v n="$n" -v u="$u" -v s="$s" -v m="$m" \
    'BEGIN { printf "%-9s %7d: %8.2f us per item (cpu %.2f s), peak %.1f MB\n", l, n, (u + s) * 1e6 / n, u + s, m / 1024 }'
}

echo "== results documents (diff of N runs with itself)"
for n in "${sizes[@]}"; do
  python3 "$here/gen_results.py" "$work/base.json" "$work/r.json" "$n"
  measure runs "$n" "$tps" diff --json "$work/r.json" "$work/r.json"
  rm -f "$work/r.json"
done

echo "== one scenario folder of N run files (summary --json)"
for n in "${sizes[@]}"; do
  d="$work/files/results/p/s"
  mkdir -p "$d"
  python3 - "$run1" "$d" "$n" <<'PY'
import sys
text = open(sys.argv[1], "rb").read()
for i in range(1, int(sys.argv[3]) + 1):
    with open("%s/run%d.txt" % (sys.argv[2], i), "wb") as f:
        f.write(text)
PY
  measure files "$n" "$tps" summary --json "$work/files"
  rm -rf "$work/files"
done

echo "== tpsreport.ini of N provider and N scenario sections (summary --json)"
for n in "${sizes[@]}"; do
  mkdir -p "$work/ini/results/p0/s0"
  cp "$run1" "$work/ini/results/p0/s0/"
  python3 - "$work/ini/tpsreport.ini" "$n" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("[study]\ntitle = scale\n")
    for k in range(int(sys.argv[2])):
        f.write("[provider p%d]\nlabel = Provider %d\nprice = 10 EUR/month\n"
                "[scenario s%d]\nlabel = Scenario %d\n" % (k, k, k, k))
PY
  measure sections "$n" "$tps" summary --json "$work/ini"
  rm -rf "$work/ini"
done

echo "== peak memory reading a ${big_mb} MB results.json"
# runs of ~1.75 KB each: as many as fit under big_mb (256 MB is also the
# most tpsreport reads of one file)
python3 "$here/gen_results.py" "$work/base.json" "$work/big.json" $((big_mb * 1024 * 1024 / 1770))
echo '{"schema": 1, "study": {}, "cells": [], "runs": []}' > "$work/tiny.json"
bytes=$(stat -c %s "$work/big.json")
/usr/bin/time -f "%U %S %M" -o "$work/time" "$tps" diff --json "$work/big.json" "$work/tiny.json" > /dev/null 2> "$work/err" || true
read -r u s m < <(tail -n 1 "$work/time")
awk -v b="$bytes" -v m="$m" -v c="$u $s" 'BEGIN { split(c, t, " ");
  printf "results.json of %.1f MB: peak %.1f MB = %.2fx its size (cpu %.2f s)\n",
         b / 1048576, m / 1024, m * 1024 / b, t[1] + t[2] }'
