#!/usr/bin/env bash
# server_report.sh: a study with hand-written runN.server.json files beside
# copies of real pgbench output (server_report.py make), built with the
# default writeup and with one quoting the server figures; results.json,
# report.md and the quoted values checked against server_report.py's own
# sums and medians over the files it wrote. The same study without the
# sampler files reads as before: no server section.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
$py "$here/server_report.py" make "$tmp/s" "$TR_SOURCE_DIR/samples/stock-vs-tuned"
"$TPSREPORT" build "$tmp/s" -o "$tmp/out" --no-png > /dev/null
$py "$here/server_report.py" check "$tmp/s" "$tmp/out" 0 || fail=1
mkdir "$tmp/t"
printf '# Quoted\n\nWAL {{value aws bench1 server.wal_bytes_per_tx}}; Local {{value local bench1 server.wal_bytes_per_tx}}.\n\n{{table waits bench1}}\n\n{{table counters bench1}}\n' > "$tmp/t/writeup.md"
"$TPSREPORT" build "$tmp/s" -o "$tmp/out2" --no-png --templates "$tmp/t" > /dev/null
$py "$here/server_report.py" check "$tmp/s" "$tmp/out2" 1 || fail=1
# without sampler files: no section, no cells[].server
find "$tmp/s" -name '*.server.json' -delete
"$TPSREPORT" build "$tmp/s" -o "$tmp/out3" --no-png > /dev/null
if grep -q "What the server was waiting on" "$tmp/out3/report.md" ||
   grep -q '"server": {' "$tmp/out3/data/results.json"; then
  echo "FAIL: server section without sampler files"; fail=1
fi
exit $fail
