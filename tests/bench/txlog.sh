#!/bin/bash
# txlog.sh: how fast tr_txlog_parse reads a per-transaction log.
#
#   tests/bench/txlog.sh [BUILD_DIR] [LINES]
#
# Generates a realistic pgbench log of LINES lines (default 2000000) with
# txlog_gen.py (6 fields, and 8 fields: -R lag and retries), builds
# bench_txlog.c against BUILD_DIR's library (default build/), and prints the
# best of several timings next to `wc -l` on the same file. Then two
# readers at once, as the loader reads two thread files on two cores.
# Not part of the test suite; the machine should be otherwise idle.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
lines=${2:-2000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -I"$root/src" -I"$build/src" \
  "$here/bench_txlog.c" "$build/src/libtpsreport.a" -lm -o "$tmp/bench_txlog"
python3 "$here/txlog_gen.py" "$lines" > "$tmp/tx6.log"
python3 "$here/txlog_gen.py" "$lines" 16 --rate --retries > "$tmp/tx8.log"
for f in tx6 tx8; do
  size=$(stat -c %s "$tmp/$f.log")
  echo "$f.log: $lines lines, $((size / 1000000)) MB"
  echo -n "  tr_txlog_parse: "; "$tmp/bench_txlog" "$tmp/$f.log" 20 | sed 's/.*us; //'
  best=
  for i in 1 2 3 4 5 6 7 8 9 10; do
    t=$( { TIMEFORMAT=%R; time wc -l "$tmp/$f.log" >/dev/null; } 2>&1 )
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
  done
  echo "  wc -l:          best of 10: $best s, $(awk "BEGIN{printf \"%.0f\", $size / $best / 1e6}") MB/s"
done
cp "$tmp/tx6.log" "$tmp/tx6b.log"
echo -n "two readers at once (2 x tx6.log): "
start=$(date +%s.%N)
"$tmp/bench_txlog" "$tmp/tx6.log" 10 > "$tmp/a" & "$tmp/bench_txlog" "$tmp/tx6b.log" 10 > "$tmp/b"
wait
sed 's/.*us; //' "$tmp/a" "$tmp/b" | tr '\n' ' '; echo
