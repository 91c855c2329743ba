#!/usr/bin/env bash
# server_waits.sh: the waits chart and the summary's sentence about the
# deepest dip, on a study of real pgbench output with aggregate logs and
# hand-written runN.server.json files (server_waits.py make): three
# cases, the dip's window holding a checkpoint, an autovacuum, or a
# checkpoint at its very end (the next window's: nothing said). Expected
# values come from server_waits.py, over the logs and the files it wrote.
# Then {{chart waits}} in a writeup (every scenario's chart; title= needs
# a scenario), and the study without sampler files: no waits chart, no
# sentence.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
for case in checkpoint autovacuum boundary; do
  $py "$here/server_waits.py" make "$tmp/$case" "$TR_SOURCE_DIR/samples/stock-vs-tuned" "$case"
  "$TPSREPORT" build "$tmp/$case" -o "$tmp/$case.out" --no-png > /dev/null
  $py "$here/server_waits.py" check "$tmp/$case" "$tmp/$case.out" "$case" || fail=1
done
s=$tmp/checkpoint
mkdir "$tmp/t"
# a subset of the providers first: {{chart waits}} places the report's
# own charts, not that one again
printf '# Waits\n\n{{chart waits bench1 providers=local}}\n\n{{chart waits}}\n\n{{chart waits bench1 caption="Top waits at scale 1"}}\n' > "$tmp/t/writeup.md"
"$TPSREPORT" build "$s" -o "$tmp/w" --no-png --templates "$tmp/t" > /dev/null
n=$(grep -c 'charts/waits-bench1.svg' "$tmp/w/report.md" || true)
m=$(grep -c 'charts/waits-bench1-only-local.svg' "$tmp/w/report.md" || true)
if [ "$n" != 2 ] || [ "$m" != 1 ] || ! grep -q 'Top waits at scale 1' "$tmp/w/report.md"; then
  echo "FAIL: {{chart waits}} and {{chart waits bench1 caption=...}}: $n charts, $m of local only"; fail=1
fi
printf '# Waits\n\n{{chart waits title="Waits"}}\n' > "$tmp/t/writeup.md"
if "$TPSREPORT" build "$s" -o "$tmp/w2" --no-png --templates "$tmp/t" 2> "$tmp/err" > /dev/null ||
   ! grep -q 'writeup.md:3: {{chart waits}}: title= and providers= are for one scenario' "$tmp/err"; then
  echo "FAIL: {{chart waits title=...}} without a scenario:"; cat "$tmp/err"; fail=1
fi
# without sampler files: no waits chart, no sentence about the dip
find "$s" -name '*.server.json' -delete
"$TPSREPORT" build "$s" -o "$tmp/none" --no-png > /dev/null
if ls "$tmp/none/charts" | grep -q '^waits' || grep -q 'deepest dip (' "$tmp/none/report.md"; then
  echo "FAIL: a waits chart or a dip sentence without sampler files"; fail=1
fi
[ $fail = 0 ] && echo "ok: server waits chart and dip sentence"
exit $fail
