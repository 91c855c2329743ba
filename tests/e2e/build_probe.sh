#!/usr/bin/env bash
# labels: pg
# build_probe.sh: `tpsreport build STUDY --probe P/S=CONNINFO --scale N`
# runs the probe against a real server, stores init.json in the study,
# and the report then shows the probe's timings and the server's facts.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
. "$TR_SOURCE_DIR/tests/lib/pg.sh"
pg_shared   # a database of its own on the ctest run's server
work=$(mktemp -d)
trap 'rm -rf "$work"; pg_stop' EXIT
cp -r "$TR_SOURCE_DIR/samples/stock-vs-tuned" "$work/study"
fail() { echo "FAIL: $*"; exit 1; }

"$TPSREPORT" build "$work/study" -o "$work/out" --no-png \
  --probe "tuned/probed=host=127.0.0.1 port=$PGPORT user=postgres dbname=$PGDATABASE" \
  --scale 2 > "$work/stdout" 2> "$work/stderr" || { cat "$work/stderr"; fail "build --probe"; }
grep -q "tpsreport: probe tuned/probed: done in [0-9.]* s (drop tables" "$work/stderr" ||
  fail "no done line: $(cat "$work/stderr")"
[ -f "$work/study/results/tuned/probed/init.json" ] || fail "no init.json in the study"
python3 - "$work/out/data/results.json" <<'PY' || fail "results.json does not hold the probe's init"
import json, sys
r = json.load(open(sys.argv[1]))
probed = [i for i in r["init"] if i["scenario"] == "probed"]
assert len(probed) == 1, probed
i = probed[0]
assert i["source"] == "probe" and i["provider"] == "tuned", i
assert i["rows"] == 200000 and i["scale"] == 2, i
assert "client-side generate" in i["phases"] and i["total_s"] > 0, i
assert i["settings"].get("shared_buffers"), i["settings"]
assert i["server_version"].startswith("15"), i
PY
grep -q "shared_buffers = " "$work/out/index.html" || fail "server facts missing from the report"
grep -q "probed.*no runs" "$work/out/index.html" || fail "a scenario with only a probe is not said to have no runs"
# a bad spec is refused before connecting, and nothing is built
if "$TPSREPORT" build "$work/study" -o "$work/out2" --probe "../x=host=127.0.0.1" --scale 1 2>"$work/err"; then
  fail "a --probe with ../ was taken"
fi
grep -q "PROVIDER/SCENARIO" "$work/err" || fail "message: $(cat "$work/err")"
[ ! -e "$work/out2" ] || fail "output written after a refused --probe"
echo "build_probe: ok"
