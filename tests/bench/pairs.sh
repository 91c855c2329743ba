#!/usr/bin/env bash
# pairs.sh TPSREPORT [PROVIDERS...]: the cost of pairwise p values in a
# writeup (issue 26). A grid study (gen_grid.c) of N providers x 1
# scenario x 3 runs, and a writeup that compares every pair of providers
# on latency ({{compare P s00 vs=Q metric=latency_avg_ms}}: N(N-1)/2
# directives, each with a p from the family of every pair at the place,
# Holm-adjusted over N(N-1)/2 tests). A tpsreport that tests the family
# again for each directive does N^2/2 x N^2/2 Mann-Whitney tests; one that
# keeps the family per metric (contrast.c) does N^2/2. Prints the CPU time
# (user + system) of `build --no-png` per N. Not a test: read the growth
# across N, on a quiet machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tps=${1:-$root/build/tpsreport}
shift || true
sizes=${*:-10 40 80}
work=$(mktemp -d "${TMPDIR:-/var/tmp}/tr-pairs.XXXXXX")
trap 'rm -rf "$work"' EXIT
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L "$here/gen_grid.c" -lm -o "$work/gen"

echo "pairs benchmark: $("$tps" --version); $(nproc) cores; $(uptime | sed 's/.*load/load/')"
for n in $sizes; do
  rm -rf "$work/study" "$work/out"
  "$work/gen" "$work/study" "$n" 1 3
  {
    echo "# Every pair"
    for ((p = 0; p < n; p++)); do
      for ((q = p + 1; q < n; q++)); do
        printf -- '- {{compare p%03d s00 vs=p%03d metric=latency_avg_ms}}\n' "$p" "$q"
      done
    done
  } > "$work/study/writeup.md"
  /usr/bin/time -f "%U %S %M" -o "$work/t" "$tps" build --no-png "$work/study" -o "$work/out" \
    > /dev/null 2> "$work/err" || { echo "  $n providers: failed: $(tail -1 "$work/err")"; continue; }
  read -r u s m < <(tail -1 "$work/t")
  awk -v n="$n" -v u="$u" -v s="$s" -v m="$m" 'BEGIN {
    printf "  %3d providers, %5d pairs: %8.2f s CPU, %7.1f MB peak\n", n, n * (n - 1) / 2,
           u + s, m / 1024 }'
done
