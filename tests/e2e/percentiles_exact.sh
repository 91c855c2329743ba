#!/usr/bin/env bash
# percentiles_exact.sh: the percentiles of every per-transaction log in
# tests/fixtures and samples equal an exact sort of its raw latencies, to
# the microsecond, under both [study] percentile rules (percentiles_exact.py),
# and a bad rule is refused with the ini's file and line.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 "$here/percentiles_exact.py" "$TPSREPORT" "$TR_SOURCE_DIR" "$tmp"

printf '[study]\npercentile = median\n' > "$tmp/study/tpsreport.ini"
set +e
"$TPSREPORT" summary "$tmp/study" > "$tmp/out" 2> "$tmp/err"
rc=$?
set -e
if [ $rc -ne 2 ] || ! grep -q '^tpsreport: .*tpsreport.ini:2: percentile: expected nearest-rank or postgresbench' "$tmp/err"; then
  echo "FAIL bad percentile rule: exit $rc, $(cat "$tmp/err")"
  exit 1
fi
echo "percentiles_exact: all good"
