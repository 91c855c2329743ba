#!/usr/bin/env bash
# summary_samples.sh: `tpsreport summary` on the bundled sample studies,
# every figure checked against an independent recomputation from the raw
# files (check_summary.py), plus the command's contract on bad input.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

for study in "$TR_SOURCE_DIR"/samples/*/; do
  [ -f "$study/tpsreport.ini" ] || continue
  name=$(basename "$study")
  "$TPSREPORT" summary --json "$study" > "$tmp/$name.json" 2> "$tmp/$name.err"
  python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/$name.json"
  echo "== $name"
  /usr/bin/python3 "$here/check_summary.py" "$study" "$tmp/$name.json" || fail=1
  # the tables run too, and agree on the number of runs
  "$TPSREPORT" summary "$study" > "$tmp/$name.txt" 2>/dev/null
  runs=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["runs"]))' "$tmp/$name.json")
  rows=$(awk '/^Runs /{f=1; next} /^$/{f=0} f && !/^(provider|---)/' "$tmp/$name.txt" | wc -l)
  [ "$runs" = "$rows" ] || { echo "text table has $rows runs, JSON $runs"; fail=1; }
done
[ -n "$(ls "$tmp"/*.json 2>/dev/null)" ] || { echo "no sample study found"; exit 1; }

# Bad input: exit 2, a message on stderr naming the problem, nothing on stdout.
expect_fail() { # what, args...
  local what=$1; shift
  set +e
  "$TPSREPORT" "$@" > "$tmp/out" 2> "$tmp/err"
  local rc=$?
  set -e
  if [ $rc -ne 2 ] || [ -s "$tmp/out" ] || ! grep -q "^tpsreport: " "$tmp/err"; then
    echo "FAIL $what: exit $rc, stdout $(wc -c < "$tmp/out") bytes, stderr: $(cat "$tmp/err")"
    fail=1
  else
    echo "ok   $what: $(head -1 "$tmp/err")"
  fi
}
expect_fail "missing study" summary "$tmp/nope"
mkdir -p "$tmp/empty"
expect_fail "no results/" summary "$tmp/empty"
mkdir -p "$tmp/empty/results/a/b"
expect_fail "no run" summary --json "$tmp/empty"
cp -r "$TR_SOURCE_DIR/samples/stock-vs-tuned" "$tmp/badini"
printf '[study]\ntitle = x\nprice = 3\n' > "$tmp/badini/tpsreport.ini"
expect_fail "broken ini" summary "$tmp/badini"
grep -q 'tpsreport.ini:3: unknown key "price"' "$tmp/err" || { echo "FAIL: ini message: $(cat "$tmp/err")"; fail=1; }
expect_fail "unknown option" summary --bogus "$TR_SOURCE_DIR/samples/stock-vs-tuned"

[ $fail = 0 ] && echo "summary_samples: all good"
exit $fail
