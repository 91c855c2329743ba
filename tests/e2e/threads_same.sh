#!/usr/bin/env bash
# threads_same.sh: `--threads N` takes any N from 1 to 256 and never
# changes a figure: `summary --json` of the samples is byte-identical with
# 1, 3 and 16 reading threads (more threads than jobs or cores included),
# and 0 or 257 are usage errors (exit 2). (The chunking of one file into
# many jobs is tested in tests/unit/test_load.c, with 1, 2, 3, 16 threads.)
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
for s in stock-vs-tuned client-sweep; do
  for n in 1 3 16; do
    "$TPSREPORT" summary --json --threads "$n" "$TR_SOURCE_DIR/samples/$s" > "$tmp/$s.$n.json"
  done
  for n in 3 16; do
    cmp -s "$tmp/$s.1.json" "$tmp/$s.$n.json" || { echo "FAIL: $s: --threads $n differs from --threads 1"; fail=1; }
  done
  grep -q '"cells"' "$tmp/$s.1.json" || { echo "FAIL: $s: no cells in summary --json"; fail=1; }
done
for n in 0 257 x; do
  set +e; "$TPSREPORT" summary --json --threads "$n" "$TR_SOURCE_DIR/samples/stock-vs-tuned" > /dev/null 2>&1; rc=$?; set -e
  [ "$rc" = 2 ] || { echo "FAIL: --threads $n: exit $rc, expected 2"; fail=1; }
done
[ "$fail" = 0 ] && echo "threads_same: all good"
exit "$fail"
