#!/usr/bin/env bash
# labels: pg
# The probe and `pgbench -i` with the same options, on the same server, make
# the same schema (pg_dump --schema-only), the same rows (count and md5 of
# every column of every row, all four tables), and print the same messages;
# the probe's done line has pgbench 15's shape, and its init.json agrees with
# it. Default steps, server-side generate, partitions (range and hash),
# fillfactor with foreign keys, unlogged tables, and the parallel generate.
set -euo pipefail
SRC=${TR_SOURCE_DIR:?}
T=${TPSREPORT:?}
. "$SRC/tests/lib/pg.sh"
. "$SRC/tests/lib/probe.sh"
pg_shared   # its databases (pg_N, probe_N, only_vp) on the ctest run's server
W=$PG_DIR/work
mkdir -p "$W"

# The regex must match pgbench's own lines before it may judge ours.
for f in pgbench15_init_s2.stderr pgbench15_init_s2_serverside.stderr; do
  grep -Eq "$PROBE_DONE_RE" "$SRC/tests/fixtures/probe/$f" ||
    fail "the done-line regex does not match pgbench 15's line in $f"
done

n=0
check_case() {
  local name=$1 pgargs=$2 probeargs=$3
  n=$((n + 1))
  local a=pg_$n b=probe_$n d=$W/$n
  mkdir -p "$d"
  createdb "$a"
  createdb "$b"
  # shellcheck disable=SC2086
  pgbench -i $pgargs "$a" 2>"$d/pgbench.err" >"$d/pgbench.out" ||
    { cat "$d/pgbench.err"; fail "$name: pgbench -i failed"; }
  # shellcheck disable=SC2086
  "$T" probe "$b" $probeargs -o "$d/init.json" 2>"$d/probe.err" >"$d/probe.out" ||
    { cat "$d/probe.err"; fail "$name: the probe failed"; }

  [ ! -s "$d/probe.out" ] || fail "$name: the probe wrote to stdout"
  grep -Eq "$PROBE_DONE_RE" "$d/probe.err" ||
    { cat "$d/probe.err"; fail "$name: no done line of pgbench's shape"; }
  [ "$(grep -c '^done in ' "$d/probe.err")" = 1 ] || fail "$name: done lines"
  # Same messages, NOTICEs included, in the same order; the same phases.
  diff <(probe_messages "$d/pgbench.err") <(probe_messages "$d/probe.err") ||
    fail "$name: the probe's messages differ from pgbench's"
  diff <(probe_schema "$a") <(probe_schema "$b") ||
    fail "$name: the schemas differ"
  probe_fingerprint "$a" >"$d/pgbench.rows"
  probe_fingerprint "$b" >"$d/probe.rows"
  diff "$d/pgbench.rows" "$d/probe.rows" || fail "$name: the rows differ"
  grep -q '^pgbench_accounts|[1-9]' "$d/probe.rows" || fail "$name: no rows loaded"

  # init.json: the same phases and figures as the done line.
  python3 - "$d/init.json" "$d/probe.err" "$name" <<'PY' || fail "$name: init.json"
import json, re, sys
doc = json.load(open(sys.argv[1]))
done = [l for l in open(sys.argv[2]) if l.startswith("done in ")][0].strip()
m = re.match(r"done in ([0-9.]+) s \((.*)\)\.$", done)
phases = [re.match(r"(.*) ([0-9.]+) s$", p).groups() for p in m.group(2).split(", ")]
assert doc["schema"] == 1 and doc["source"] == "probe", "schema/source"
got = [(p["name"], "%.2f" % p["seconds"]) for p in doc["phases"]]
assert got == phases, (got, phases)
assert "%.2f" % doc["total_seconds"] == m.group(1), "total"
assert abs(sum(p["seconds"] for p in doc["phases"]) - doc["total_seconds"]) < 1e-5
assert doc["wall_seconds"] >= doc["total_seconds"]
assert doc["rows"]["pgbench_accounts"] == 200000, doc["rows"]
assert doc["rows"]["pgbench_branches"] == 2 and doc["rows"]["pgbench_tellers"] == 20
assert doc["scale"] == 2 and doc["database_bytes"] > 200000 * 100
assert doc["server"]["version_num"] >= 100000
for k in ("shared_buffers", "max_wal_size", "wal_compression", "huge_pages",
          "data_checksums", "synchronous_commit", "fsync", "full_page_writes",
          "checkpoint_timeout", "max_connections", "work_mem",
          "maintenance_work_mem", "effective_cache_size", "wal_level"):
    assert k in doc["server"]["settings"], k
assert doc["connection"]["ssl"] is False
assert "password" not in doc["conninfo"]
PY
  echo "ok: $name"
}

check_case "default steps" "-s 2" "--scale 2"
check_case "server-side generate, all steps" "-s 2 -I dtGvpf" "-s 2 --steps dtGvpf"
check_case "range partitions, fillfactor 90" \
  "-s 2 --partitions=3 --partition-method=range -F 90" \
  "-s 2 --partitions 3 --partition-method range --fillfactor 90"
check_case "hash partitions" "-s 2 --partitions=4 --partition-method=hash" \
  "-s 2 --partitions 4 --partition-method hash"
check_case "fillfactor 80, foreign keys" "-s 2 -F 80 --foreign-keys" \
  "-s 2 -F 80 --steps dtgvpf"
check_case "unlogged tables" "-s 2 --unlogged-tables" "-s 2 --unlogged-tables"
check_case "unlogged, range partitions" "-s 2 --unlogged-tables --partitions=2" \
  "-s 2 --unlogged-tables --partitions 2"
check_case "parallel generate, 2 jobs" "-s 2" "-s 2 --jobs 2"
check_case "parallel generate, 3 jobs, hash partitions, foreign keys" \
  "-s 2 --partitions=3 --partition-method=hash --foreign-keys" \
  "-s 2 --partitions 3 --partition-method hash --jobs 3 --steps dtgvpf"

# The parallel run says so in init.json; pgbench's way says jobs 1.
python3 - "$W/8/init.json" "$W/1/init.json" <<'PY' || fail "generate labels"
import json, sys
par, one = (json.load(open(f)) for f in sys.argv[1:])
assert par["generate"] == {"parallel": True, "jobs": 2, "copy_freeze": False}, par["generate"]
assert one["generate"] == {"parallel": False, "jobs": 1, "copy_freeze": True}, one["generate"]
PY

# Steps without generate: no rows figure, but the timings are there.
createdb only_vp
pgbench -i -s 1 only_vp 2>/dev/null
"$T" probe only_vp --steps vp -o "$W/vp.json" 2>"$W/vp.err" && fail "p on keyed tables should fail"
grep -q '^tpsreport: primary keys: multiple primary keys for table "pgbench_branches" are not allowed (SQLSTATE 42P16)$' "$W/vp.err" ||
  { cat "$W/vp.err"; fail "a server error names phase, message and SQLSTATE"; }
"$T" probe only_vp --steps v -o "$W/v.json" 2>"$W/v.err" || fail "--steps v"
python3 - "$W/v.json" <<'PY' || fail "init.json of --steps v"
import json, sys
d = json.load(open(sys.argv[1]))
assert [p["name"] for p in d["phases"]] == ["vacuum"], d["phases"]
assert d["rows"]["pgbench_accounts"] is None and d["scale"] is None, d
PY
echo "all probe/pgbench comparisons passed"
