#!/usr/bin/env bash
# labels: pg
# Issue 30: `tpsreport sample [CONNINFO] -o FILE -- COMMAND...` against a
# real cluster on loopback and the real pgbench, on one cluster. Expected
# values come from what this script does, from pgbench's own output, from
# psql and from /proc and getrusage read here, never from tpsreport:
#   1 COMMAND's stdout, stderr and exit status pass through unchanged; a
#     signal that ends it is 128+N;
#   2 `sample -- pgbench` writes the file `run` writes (the same members,
#     each of the same type), which build attaches to a run made by hand;
#     its xact_commit delta covers pgbench's own transaction count;
#   3 bad CONNINFO, a password in it, a missing command, -o into a missing
#     folder: one line each, nothing run; an unreachable server: the
#     command runs, the file says why it has no server side;
#   4 pg_stat_io: absent on this PostgreSQL 15 (no io_* counter); its
#     PostgreSQL 16 columns given as a view in pg_catalog (made here, with
#     numbers this script sets): the deltas of its sums, by hand;
#   5 a busy client (pgbench -S, 8 threads on this machine's cores) is
#     client-bound, a light one (-R 5, one client) is not, whatever else
#     runs on the machine: pgbench's own CPU, measured here, decides.
set -euo pipefail
SRC=${TR_SOURCE_DIR:?}
T=${TPSREPORT:?}
. "$SRC/tests/lib/pg.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }

pg_start -c fsync=off -c autovacuum=off -c checkpoint_timeout=3600
createdb b
pgbench -q -i -s 1 b >/dev/null 2>&1
W=$(mktemp -d "$PG_DIR/work.XXXXXX")
chmod 777 "$W"
CONN="host=127.0.0.1 port=$PGPORT user=postgres dbname=b"

# ---- 1. COMMAND's output and status, unchanged ---------------------------
rc=0
"$T" sample "$CONN" -o "$W/sh.server.json" -- sh -c 'printf "out\n"; printf "err\n" >&2; exit 3' \
  >"$W/sh.out" 2>"$W/sh.err" || rc=$?
[ "$rc" = 3 ] || fail "exit $rc, not the command's 3"
[ "$(cat "$W/sh.out")" = out ] || fail "stdout: $(cat "$W/sh.out")"
[ "$(cat "$W/sh.err")" = err ] || fail "stderr: $(cat "$W/sh.err")"
python3 -c 'import json,sys; f=json.load(open(sys.argv[1])); assert f["run"] == "sh", f["run"]' \
  "$W/sh.server.json" || fail "sh.server.json"
rc=0
"$T" sample "$CONN" -o "$W/k.json" -- sh -c 'kill -TERM $$' 2>"$W/k.err" || rc=$?
[ "$rc" = 143 ] || fail "a command ended by SIGTERM: exit $rc, not 128+15"

# ---- 2. the file `run` writes, beside a pgbench run made by hand ----------
S=$W/run
mkdir -p "$S"
printf '[study]\nsample = 1s\n\n[provider a]\nconninfo = %s\n\n[scenario s]\ndatabase = b\nruns = 1\nlog = none\npgbench = -n -c 2 -T 2 -R 100\n' \
  "host=127.0.0.1 port=$PGPORT user=postgres" >"$S/tpsreport.ini"
"$T" run "$S" >"$W/run.out" 2>&1 || { cat "$W/run.out"; fail "run failed"; }
H=$W/hand
mkdir -p "$H/results/a/s" "$W/o"
"$T" sample "$CONN" -o "$W/o/run1.server.json" -- pgbench -n -c 2 -T 2 -R 100 b \
  >"$H/results/a/s/run1.txt" 2>"$W/hand.err" || { cat "$W/hand.err"; fail "sample -- pgbench"; }
grep -q '^tps = ' "$H/results/a/s/run1.txt" || fail "pgbench's summary is not on stdout"
! grep -q '^tpsreport' "$W/hand.err" || fail "tpsreport said: $(cat "$W/hand.err")"
cp "$W/o/run1.server.json" "$H/results/a/s/run1.server.json"
python3 - "$S/results/a/s/run1.server.json" "$W/o/run1.server.json" "$H/results/a/s/run1.txt" <<'PY' || fail "the file of sample against run's"
import json, re, sys
ran, hand = (json.load(open(p)) for p in sys.argv[1:3])
def same(a, b, where):
    # the same members, of the same types, down to the series, counters
    # and the items of lists (an empty list fits any)
    if isinstance(a, dict) or isinstance(b, dict):
        assert isinstance(a, dict) and isinstance(b, dict), where
        assert sorted(a) == sorted(b), (where, sorted(a), sorted(b))
        for k in a:
            same(a[k], b[k], f"{where}.{k}")
    elif isinstance(a, list) or isinstance(b, list):
        assert isinstance(a, list) and isinstance(b, list), where
        for x in a:
            for y in b:
                if x is not None and y is not None:
                    same(x, y, where + "[]")
    else:
        num = lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)
        assert (num(a) and num(b)) or type(a) == type(b), (where, a, b)
same(ran, hand, "")
assert hand["run"] == "run1" and hand["interval_s"] == 1, hand
# everything read (a loaded machine may make a sample late: that note only)
assert all("longer than the interval" in n for n in hand["notes"]), hand["notes"]
n = len(hand["samples"]["t_s"])
assert n >= 2 and all(len(v) == n for v in hand["samples"].values())
# the database of CONNINFO is the one watched: pgbench's 2 clients
assert max(x for x in hand["samples"]["backends"] if x is not None) == 2, hand["samples"]
# pgbench's own CPU was read: it is the command
assert any(x is not None for x in hand["samples"]["pgbench_cpu_pct"]), hand["samples"]
# pgbench's count; commits also come from the sampler's own statements
# (five a sample at most) and pgbench's connections
tx = int(re.search(r"number of transactions actually processed: (\d+)",
                   open(sys.argv[3]).read()).group(1))
c = hand["counters"]["xact_commit"]
assert tx <= c <= tx + 5 * n + 50, (tx, c, n)
# PostgreSQL 15 has no pg_stat_io: no io_* counter, no note
assert not [k for k in hand["counters"] if k.startswith("io_")], hand["counters"]
print("sample: commits", c, "for", tx, "pgbench transactions,", n, "samples")
PY
"$T" build "$H" -o "$H/out" >/dev/null 2>"$W/build.err" || { cat "$W/build.err"; fail "build (hand)"; }
python3 - "$H/out/data/results.json" "$W/o/run1.server.json" <<'PY' || fail "results.json's server of the hand-made run"
import json, sys
rj = json.load(open(sys.argv[1]))
f = json.load(open(sys.argv[2]))
(r,) = rj["runs"]
got = r["server"]
assert got and got["path"] == "results/a/s/run1.server.json", got
assert got["samples"] == len(f["samples"]["t_s"]), got
assert got["counters"] == f["counters"], (got["counters"], f["counters"])
PY

# ---- 3. refusals: one line each, nothing run ------------------------------
refuse() { # WANT-EXIT WANT-TEXT ARGS...
  local want=$1 text=$2 rc=0
  shift 2
  rm -f "$W/ran"
  "$T" sample "$@" >"$W/r.out" 2>"$W/r.err" || rc=$?
  [ "$rc" = "$want" ] || { cat "$W/r.err"; fail "sample $*: exit $rc, not $want"; }
  [ "$(wc -l <"$W/r.err")" = 1 ] || { cat "$W/r.err"; fail "sample $*: not one line"; }
  grep -qF -- "$text" "$W/r.err" || { cat "$W/r.err"; fail "sample $*: no '$text'"; }
  [ ! -e "$W/ran" ] || fail "sample $*: the command ran"
}
refuse 125 'CONNINFO' 'host=127.0.0.1 port' -o "$W/x.json" -- touch "$W/ran"
refuse 125 'password' 'host=127.0.0.1 password=hunter2' -o "$W/x.json" -- touch "$W/ran"
grep -q hunter2 "$W/r.err" && fail "the password was printed"
refuse 127 'no-such-command-here: not found on PATH' "$CONN" -o "$W/x.json" -- no-such-command-here
refuse 125 "$W/missing: no such folder" "$CONN" -o "$W/missing/run1.server.json" -- touch "$W/ran"
rc=0
"$T" sample --interval 20s "$CONN" -o "$W/x.json" -- touch "$W/ran" 2>"$W/r.err" || rc=$?
[ "$rc" = 125 ] && grep -q "invalid --interval '20s'" "$W/r.err" && [ ! -e "$W/ran" ] ||
  { cat "$W/r.err"; fail "--interval 20s: exit $rc"; }
[ ! -e "$W/x.json" ] || fail "a refused sample wrote its file"
# An unreachable server: the command runs; the file and one line say why.
rc=0
"$T" sample "host=127.0.0.1 port=1 connect_timeout=5" -o "$W/u.json" -- touch "$W/ran" 2>"$W/u.err" || rc=$?
[ "$rc" = 0 ] && [ -e "$W/ran" ] || fail "unreachable: exit $rc"
[ "$(wc -l <"$W/u.err")" = 1 ] && grep -q "$W/u.json: no server side" "$W/u.err" ||
  { cat "$W/u.err"; fail "unreachable: not one warning naming the file"; }

# ---- 5. a busy client and a light one --------------------------------------
# Each run's own CPU share (the command and tpsreport's sampler, from
# getrusage of the children) and the machine's (from /proc/stat), here.
measure() { # OUT-DIR STEM INTERVAL PGBENCH-ARGS...
  python3 - "$T" "$CONN" "$@" <<'PY'
import os, resource, subprocess, sys, time
t, conn, d, stem, iv, *args = sys.argv[1:]
def machine():
    v = [int(x) for x in open("/proc/stat").readline().split()[1:9]]
    return v[0] + v[1] + v[2] + v[5] + v[6] + v[7], sum(v[:8])
os.makedirs(d, exist_ok=True)
r0, (b0, a0), w0 = resource.getrusage(resource.RUSAGE_CHILDREN), machine(), time.monotonic()
with open(f"{d}/{stem}.txt", "w") as out:
    subprocess.run([t, "sample", conn, "--interval", iv, "-o", f"{d}/{stem}.server.json",
                    "--", "pgbench", *args, "b"], stdout=out, check=True)
r1, (b1, a1), w1 = resource.getrusage(resource.RUSAGE_CHILDREN), machine(), time.monotonic()
cpu = (r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) / (w1 - w0) / os.cpu_count() * 100
print(f"{cpu:.3f} {100 * (b1 - b0) / (a1 - a0):.1f}")
PY
}
B=$W/clients
m=$(measure "$B/results/a/busy" run1 0.5 -n -S -M prepared -c 8 -j 8 -T 4) || fail "sample (busy)"
read -r busy_pg busy_machine <<<"$m"
m=$(measure "$B/results/a/light" run1 0.5 -n -S -R 5 -c 1 -T 6) || fail "sample (light)"
read -r light_pg light_machine <<<"$m"
echo "busy: pgbench $busy_pg% of the machine, machine $busy_machine%; light: pgbench $light_pg%, machine $light_machine%"
# What this script knows: the light run is rate-limited to 5 short
# transactions a second from one client, so pgbench idles; the busy one
# runs 8 clients on 8 threads flat out, on this machine's few cores with
# the server beside them, so pgbench needs more CPU than it can get. The
# shares measured here (pgbench and tpsreport together, so at most
# pgbench's) confirm that the design held before the finding is asked:
# the light run under 5% of the machine (pgbench itself idle), the busy
# one over 10% with the machine at 90% or more. Whatever else the
# machine runs (the light run's machine share is printed above), only
# pgbench's own share tells the two apart. The light run's one busy
# moment is pgbench's start (its connection: 70 to 95 ms of CPU, 7-11% of
# this machine over the first half-second sample, measured), which the
# rule leaves out: the first sample with a figure never counts as busy.
# (Before it did, and this test failed on a loaded CI machine: 1 of 10
# samples busy, exactly the tenth.)
python3 -c "import sys; assert float(sys.argv[1]) < 5, sys.argv[1]" "$light_pg" ||
  fail "the light run was not light ($light_pg% of the machine)"
python3 -c "import sys; assert float(sys.argv[1]) >= 10 and float(sys.argv[2]) >= 90, sys.argv[1:]" \
  "$busy_pg" "$busy_machine" || fail "the busy run did not load the machine ($busy_pg%, $busy_machine%)"
"$T" build "$B" -o "$B/out" >/dev/null 2>"$W/b.err" || { cat "$W/b.err"; fail "build (clients)"; }
rc=0
"$T" check "$B" >"$W/check.out" 2>&1 || rc=$?
python3 - "$B/out/data/results.json" "$W/check.out" <<'PY' || fail "client-bound"
import json, sys
rj = json.load(open(sys.argv[1]))
check = open(sys.argv[2]).read().splitlines()
bound = {r["scenario"]: r["server"]["client"]["client_bound"] for r in rj["runs"]}
for sc in ("busy", "light"):
    f = json.load(open(sys.argv[1].replace("out/data/results.json", f"results/a/{sc}/run1.server.json")))
    print(sc, "machine", f["samples"]["cpu_pct"], "pgbench", f["samples"]["pgbench_cpu_pct"])
assert bound == {"busy": True, "light": False}, bound
said = [l for l in check if "client-bound" in l]
assert len(said) == 1 and "a/busy" in said[0] and "light" not in said[0], said
PY

# ---- 4. pg_stat_io as PostgreSQL 16 has it --------------------------------
# Its columns (PostgreSQL 16's documentation), rows this script sets. The
# sampler reads it once at its start (an interval of 10 s: then it waits),
# the command waits until that read is done, moves the numbers, and the
# sampler's last read comes after the command ended.
psql -qAtX -d b <<'SQL'
set allow_system_table_mods = on;
create table public.fake_io (backend_type text, object text, context text,
  reads bigint, read_time float8, writes bigint, write_time float8,
  writebacks bigint, writeback_time float8, extends bigint, extend_time float8,
  op_bytes bigint, hits bigint, evictions bigint, reuses bigint, fsyncs bigint,
  fsync_time float8, stats_reset timestamptz);
insert into public.fake_io (backend_type, object, context, reads, writes, extends, fsyncs) values
  ('client backend', 'relation', 'normal', 100, 10, 5, 0),
  ('client backend', 'relation', 'bulkread', 40, 0, null, null),
  ('checkpointer', 'relation', 'normal', null, 300, null, 20),
  ('background writer', 'relation', 'normal', null, 50, null, 1);
create view pg_catalog.pg_stat_io as select * from public.fake_io;
SQL
cat >"$W/io.sh" <<'SH'
set -e
for i in $(seq 1 600); do
  n=$(psql -qAtX -d b -c "select count(*) from pg_stat_activity where application_name = 'tpsreport' and state = 'idle' and query like '%sum(reads)%'")
  [ "$n" = 1 ] && break
  sleep 0.1
done
[ "$n" = 1 ] || { echo "the sampler never read pg_stat_io" >&2; exit 9; }
psql -qAtX -d b -c "update fake_io set reads = reads + 7, writes = writes + 2 where context = 'normal' and backend_type = 'client backend'" \
  -c "update fake_io set reads = reads + 3 where context = 'bulkread'" \
  -c "update fake_io set writes = writes + 60, fsyncs = fsyncs + 4 where backend_type = 'checkpointer'" \
  -c "update fake_io set extends = extends + 1 where extends is not null" >/dev/null
SH
"$T" sample "$CONN" --interval 10 -o "$W/io.json" -- sh "$W/io.sh" 2>"$W/io.err" || { cat "$W/io.err"; fail "sample (pg_stat_io)"; }
python3 - "$W/io.json" <<'PY' || fail "pg_stat_io's counters"
import json, sys
c = json.load(open(sys.argv[1]))["counters"]
# by hand: reads 7 + 3; writes 2 + 60; extends +1 on the one row that has
# them; fsyncs 4; writes of client backends 2
want = {"io_reads": 10, "io_writes": 62, "io_extends": 1, "io_fsyncs": 4,
        "io_backend_writes": 2}
assert {k: v for k, v in c.items() if k.startswith("io_")} == want, c
PY
psql -qAtX -d b -c 'set allow_system_table_mods = on' -c 'drop view pg_catalog.pg_stat_io'
echo "sample_cli: ok"
