#!/usr/bin/env bash
# build.sh: a full `tpsreport build` of a seed-sized study of aggregate
# logs (3 providers x 3 scenarios x 3 runs, 20-minute runs, 10-s windows,
# 4 threads; gen_agg_study.c), charts included (with --png: the PNGs too,
# the costliest part). Target: under 0.3 s.
# Prints the best of 5 wall times and the peak memory. Not part of the
# test suite: run it on an otherwise idle machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tps=${1:-$root/build/tpsreport}
work=$(mktemp -d "${TMPDIR:-/var/tmp}/tr-build.XXXXXX")
trap 'rm -rf "$work"' EXIT
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L "$here/gen_agg_study.c" -lm -o "$work/gen"
"$work/gen" "$work/study"
files=$(find "$work/study" -type f | wc -l)
echo "study: $files files, $(du -sh "$work/study" | cut -f1); $("$tps" --version)"
"$tps" build --png "$work/study" -o "$work/out" >/dev/null 2>&1   # warm up
best=
for i in 1 2 3 4 5; do
  rm -rf "$work/out"
  /usr/bin/time -f "%e %M" -o "$work/t" "$tps" build --png "$work/study" -o "$work/out" >/dev/null 2>&1
  read -r w m < "$work/t"
  if [ -z "$best" ] || awk "BEGIN{exit !($w < $best)}"; then best=$w; mem=$m; fi
done
charts=$(ls "$work/out/charts" | wc -l)
printf 'tpsreport build --png: best of 5 %.2f s (target 0.30 s: %s), peak %.1f MB, %d chart files\n' \
  "$best" "$(awk "BEGIN{print ($best <= 0.30) ? \"met\" : \"NOT met\"}")" "$(awk "BEGIN{print $mem/1024}")" "$charts"
for i in 1 2 3; do
  /usr/bin/time -f "%e" -o "$work/t2" "$tps" summary --json "$work/study" >/dev/null 2>&1
done
echo "tpsreport summary --json: $(cat "$work/t2") s"
