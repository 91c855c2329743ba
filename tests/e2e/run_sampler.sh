#!/usr/bin/env bash
# labels: pg
# Issue 30: the sampler beside `tpsreport run`, against a real cluster on
# loopback and the real pgbench. Expected values come from what this
# script does and from psql, never from tpsreport:
#   1 a CHECKPOINT issued from psql while a run goes shows up as one
#     requested checkpoint, seen by the first sample after it ended
#     (checkpoint_timeout is an hour: no timed one), in runN.server.json
#     and in results.json;
#   2 eight clients updating one row: a Lock wait is the top wait;
#   3 the counters cover pgbench's own transactions (its summary line);
#   4 `sample = off`: no runN.server.json;
#   8 a CHECKPOINT during a run with 1-s aggregate windows is drawn on the
#     run's timeline at the start of the window the sampler's moment falls
#     in (the log's window times; the axis read from its ticks).
set -euo pipefail
SRC=${TR_SOURCE_DIR:?}
T=${TPSREPORT:?}
. "$SRC/tests/lib/pg.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }
now() { python3 -c 'import time; print(repr(time.time()))'; }

pg_start -c fsync=off -c autovacuum=off -c checkpoint_timeout=3600
createdb b
pgbench -q -i -s 1 b >/dev/null 2>&1
W=$(mktemp -d "$PG_DIR/work.XXXXXX")
chmod 777 "$W"
CONN="host=127.0.0.1 port=$PGPORT user=postgres"
study() { # DIR SAMPLE SCENARIO-BODY
  mkdir -p "$1"
  printf '[study]\nsample = %s\n\n[provider a]\nconninfo = %s\n\n[scenario %s]\ndatabase = b\nruns = 1\nlog = aggregate 1\n%s\n' \
    "$2" "$CONN" "$3" "$4" >"$1/tpsreport.ini"
}
# Wait (up to 60 s) until pgbench's clients are connected to b.
wait_pgbench() {
  local i n
  for i in $(seq 1 600); do
    n=$(psql -qAtX -c "select count(*) from pg_stat_activity where datname = 'b' and application_name = 'pgbench'")
    [ "$n" -gt 0 ] && return 0
    sleep 0.1
  done
  fail "pgbench never connected (hung)"
}

# ---- 1. a requested checkpoint at a known moment ------------------------
# pgbench's one transaction waits for a table this script holds locked, so
# the run lasts until the script lets it end: the CHECKPOINT falls inside
# it however slow the machine is.
psql -qAtX -d b -c 'create table gate (x int)'
mkfifo "$W/gate.fifo"
psql -qAtX -d b <"$W/gate.fifo" >"$W/gate.out" 2>&1 &
gate=$!
exec 3>"$W/gate.fifo"
echo 'begin; lock table gate in access exclusive mode; select 1;' >&3
S1=$W/ck
study "$S1" 0.5s ck 'pgbench = -n -c 1 -t 1 -f gate.sql'
sed -i 's/^log = .*/log = none/' "$S1/tpsreport.ini"
echo 'select count(*) from gate;' >"$S1/gate.sql"
for i in $(seq 1 600); do [ -s "$W/gate.out" ] && break; sleep 0.1; done
[ -s "$W/gate.out" ] || fail "the gate's lock was never taken (hung)"
before=$(now)
"$T" run "$S1" >"$W/ck.out" 2>&1 &
rp=$!
wait_pgbench
sleep 1
ck_begin=$(now)
psql -qAtX -c checkpoint
ck_end=$(now)
sleep 1
echo 'commit;' >&3
exec 3>&-
wait "$gate"
wait "$rp" || { cat "$W/ck.out"; fail "run (checkpoint) failed"; }
F1=$S1/results/a/ck/run1.server.json
[ -f "$F1" ] || { cat "$W/ck.out"; fail "no run1.server.json"; }
python3 - "$F1" "$before" "$ck_begin" "$ck_end" <<'PY' || fail "checkpoint in run1.server.json"
import json, sys
f = json.load(open(sys.argv[1]))
before, b, e = map(float, sys.argv[2:])
iv = f["interval_s"]
assert iv == 0.5, iv
start = f["start_unix_s"]
# the sampler started after `run` did, and before the checkpoint
assert before <= start <= b, (before, start, b)
cks = f["checkpoints"]
assert [c["kind"] for c in cks] == ["requested"], cks
t = start + cks[0]["t_s"]
# seen by the first sample after CHECKPOINT returned: within one
# interval of its end (0.25 s slack for a sample's own time)
assert b <= t <= e + iv + 0.25, (b, t, e)
assert f["counters"]["checkpoints_req"] == 1, f["counters"]
assert f["counters"]["checkpoints_timed"] == 0, f["counters"]
# the series: one value per sample, sampled about every interval
s = f["samples"]
n = len(s["t_s"])
assert n >= 4, n
assert all(len(v) == n for v in s.values()), {k: len(v) for k, v in s.items()}
steps = [y - x for x, y in zip(s["t_s"], s["t_s"][1:])]
assert all(st > 0 for st in steps), steps
assert f["cpus"] >= 1
print("checkpoint at", round(t - b, 3), "s after CHECKPOINT began; it took", round(e - b, 3), "s")
PY

# ---- 2 and 3. eight clients on one row: a Lock wait on top --------------
# Each client updates the one row and holds it 10 ms before committing
# (pgbench's own \sleep: the holder is idle in its transaction, the
# others active and waiting for its lock).
S2=$W/lock
study "$S2" 0.2s lock 'pgbench = -n -c 8 -T 3 -f one_row.sql'
printf '%s\n' 'begin;' 'update pgbench_branches set bbalance = bbalance + 1 where bid = 1;' \
  '\sleep 10 ms' 'commit;' >"$S2/one_row.sql"
"$T" run "$S2" >"$W/lock.out" 2>&1 || { cat "$W/lock.out"; fail "run (lock) failed"; }
F2=$S2/results/a/lock/run1.server.json
python3 - "$F2" "$S2/results/a/lock/run1.txt" <<'PY' || fail "waits in run1.server.json"
import json, re, sys
f = json.load(open(sys.argv[1]))
w = f["waits"]
assert w and w[0]["type"] == "Lock", w
# the samples of every wait add up to the active samples
assert sum(x["samples"] for x in w) == f["active_samples"], f
assert w == sorted(w, key=lambda x: -x["samples"]), w
# pgbench's own count of transactions, from its summary; the sampler's own
# statements (4 a sample) and pgbench's connections commit too
tx = int(re.search(r"number of transactions actually processed: (\d+)",
                   open(sys.argv[2]).read()).group(1))
n = len(f["samples"]["t_s"])
c = f["counters"]["xact_commit"]
assert tx <= c <= tx + 4 * n + 50, (tx, c, n)
print("top wait", w[0], "of", f["active_samples"], "; commits", c, "for", tx, "transactions")
PY

# ---- 5. build reads them: results.json's runs[].server, from the files --
# (shares, CPU figures and client-bound recomputed here from the raw
# series; the checkpoint's moment is the file's, checked above against
# this script's clock)
for d in "$S1" "$S2"; do
  "$T" build "$d" -o "$d/out" >/dev/null 2>"$d/build.err" || { cat "$d/build.err"; fail "build $d"; }
  rc=0
  "$T" check "$d" >"$d/check.out" 2>&1 || rc=$?
  [ "$rc" -le 1 ] || { cat "$d/check.out"; fail "check $d: exit $rc"; }
done
python3 - "$S1" "$S2" <<'PY' || fail "results.json's server"
import json, math, sys
for d in sys.argv[1:]:
    rj = json.load(open(d + "/out/data/results.json"))
    runs = [r for r in rj["runs"] if r["id"] == "run1"]
    assert len(runs) == 1, runs
    got = runs[0]["server"]
    sc = "ck" if d.endswith("/ck") else "lock"
    f = json.load(open(f"{d}/results/a/{sc}/run1.server.json"))
    assert got["path"] == f"results/a/{sc}/run1.server.json", got["path"]
    assert got["samples"] == len(f["samples"]["t_s"])
    assert got["checkpoints"] == f["checkpoints"], (got["checkpoints"], f["checkpoints"])
    act = f["active_samples"]
    assert [(w["type"], w["event"], w["samples"]) for w in got["waits"]] == \
           [(w["type"], w["event"], w["samples"]) for w in f["waits"]]
    for w in got["waits"]:
        assert math.isclose(w["share"], w["samples"] / act, rel_tol=1e-12), w
    cpu = [c for c in f["samples"]["cpu_pct"] if c is not None]
    pg = [c for c in f["samples"]["pgbench_cpu_pct"] if c is not None]
    cl = got["client"]
    assert cl["cpus"] == f["cpus"]
    assert math.isclose(cl["cpu_pct_max"], max(cpu)), cl
    assert math.isclose(cl["cpu_pct_mean"], sum(cpu) / len(cpu), rel_tol=1e-9), cl
    if pg:
        assert math.isclose(cl["pgbench_cpu_pct_max"], max(pg)), cl
    # busy: the machine at 90% or more with pgbench's own share at 10% or
    # more, or unknown, in the samples after the first with a figure
    # (pgbench's start) (docs/check.md)
    both = [(c, p) for c, p in zip(f["samples"]["cpu_pct"], f["samples"]["pgbench_cpu_pct"])
            if c is not None][1:]
    busy = sum(c >= 90 and (p is None or p >= 10) for c, p in both)
    bound = len(both) > 0 and busy >= 0.1 * len(both)
    assert cl["client_bound"] == bound, (cl, busy, len(both))
    said = "client-bound" in open(d + "/check.out").read()
    assert said == bound, (said, bound)
    tx = runs[0]["transactions"]
    wal = f["counters"]["wal_bytes"]
    assert math.isclose(got["per_transaction"]["wal_bytes"], wal / tx), got
    print(sc, "client busy in", busy, "of", len(both), "samples after the first; client-bound:", bound)
PY

# ---- 6. a damaged runN.server.json: one warning naming it, the run kept -
S4=$W/damaged
cp -r "$S2" "$S4"
rm -rf "$S4/out"
F4=$S4/results/a/lock/run1.server.json
head -c 300 "$F2" >"$F4"
"$T" build "$S4" -o "$S4/out" >/dev/null 2>"$S4/build.err" || { cat "$S4/build.err"; fail "build (damaged)"; }
[ "$(grep -c 'run1.server.json' "$S4/build.err")" = 1 ] || { cat "$S4/build.err"; fail "damaged: not one warning naming the file"; }
grep -q 'results/a/lock/run1.server.json:' "$S4/build.err" || { cat "$S4/build.err"; fail "damaged: the warning does not name the file"; }
"$T" summary "$S4" >/dev/null 2>"$S4/summary.err" || { cat "$S4/summary.err"; fail "summary (damaged)"; }
[ "$(grep -c 'run1.server.json' "$S4/summary.err")" = 1 ] || { cat "$S4/summary.err"; fail "summary: not one warning"; }
python3 - "$S2/out/data/results.json" "$S4/out/data/results.json" "$S4/results/a/lock/run1.txt" <<'PY' || fail "damaged: the run's figures"
import json, re, sys
good, bad = (json.load(open(p))["runs"][0] for p in sys.argv[1:3])
tps = float(re.search(r"tps = ([0-9.]+) \(without initial connection time\)",
                      open(sys.argv[3]).read()).group(1))
assert bad["server"] is None, bad["server"]
assert good["server"] is not None
assert abs(bad["tps"] - tps) < 1e-6 and bad["tps"] == good["tps"], (bad["tps"], tps)
PY

# ---- 7. a role without pg_read_all_stats: its own backends' waits -------
psql -qAtX -c 'create role plain login' -c 'grant pg_checkpoint to plain'
psql -qAtX -d b -c 'grant all on all tables in schema public to plain' \
  -c 'grant create on schema public to plain'
[ "$(psql -qAtX -c "select pg_has_role('plain', 'pg_read_all_stats', 'member')")" = f ] ||
  fail "plain can read all stats"
S5=$W/plain
CONN="host=127.0.0.1 port=$PGPORT user=plain" study "$S5" 0.2s lock 'pgbench = -n -c 8 -T 3 -f one_row.sql'
cp "$S2/one_row.sql" "$S5/"
"$T" run "$S5" >"$W/plain.out" 2>&1 || { cat "$W/plain.out"; fail "run (plain role) failed"; }
python3 - "$S5/results/a/lock/run1.server.json" <<'PY' || fail "plain role's waits"
import json, sys
f = json.load(open(sys.argv[1]))
w = f["waits"]
assert w and w[0]["type"] == "Lock", w
assert max(f["samples"]["backends"]) == 8, f["samples"]["backends"]
print("plain role: top wait", w[0], "notes", f["notes"])
PY

# ---- 8. the checkpoint on the timeline ----------------------------------
# A 6-s select-only run logging 1-s windows; CHECKPOINT 2.5 s after
# pgbench connected (the first window, left out of timelines, is over).
# The moment the sampler saw it (runN.server.json, checked against this
# script's clock in §1; here only loosely, as a loaded machine may take a
# sample late) falls in one window of the log: the line must stand at
# that window's start on the timeline's own axis.
S8=$W/cktl
study "$S8" 0.5s cktl 'pgbench = -n -S -c 1 -T 6'
"$T" run "$S8" >"$W/cktl.out" 2>&1 &
rp=$!
wait_pgbench
sleep 2.5
ck_begin=$(now)
psql -qAtX -c checkpoint
ck_end=$(now)
wait "$rp" || { cat "$W/cktl.out"; fail "run (checkpoint on the timeline) failed"; }
"$T" chart "$S8" --kind timeline -o "$W/cktl.svg" 2>"$W/cktl.err" ||
  { cat "$W/cktl.err"; fail "chart of the checkpoint run"; }
python3 - "$S8/results/a/cktl" "$W/cktl.svg" "$ck_begin" "$ck_end" <<'PY' || fail "the checkpoint on the timeline"
import glob, json, os, sys
import xml.etree.ElementTree as ET
cell, svg = sys.argv[1], sys.argv[2]
b, e = float(sys.argv[3]), float(sys.argv[4])
f = json.load(open(os.path.join(cell, "run1.server.json")))
cks = [c for c in f["checkpoints"] if c["kind"] == "requested"]
assert len(cks) == 1, f["checkpoints"]
t = f["start_unix_s"] + cks[0]["t_s"]
assert b <= t <= e + 3, ("the sampler's moment, against this script's clock", b, t, e)
logs = [g for g in glob.glob(os.path.join(cell, "run1.*"))
        if not g.endswith((".txt", ".json"))]
starts = sorted({int(l.split()[0]) for g in logs for l in open(g) if l.strip()})
t0 = starts[1]                      # the first window is left out
# the window [s, s+1) the moment falls in, among those drawn
want = [s - t0 for s in starts[1:] if s <= t < s + 1]
assert len(want) == 1, ("the checkpoint is not inside a drawn window", starts, t)
ns = "{http://www.w3.org/2000/svg}"
els = list(ET.parse(svg).getroot().iter())
ticks = [(float(x.get("y")), float(x.get("x")), x.text) for x in els
         if x.tag == ns + "text" and "tick" in (x.get("class") or "").split()]
base = max(t[0] for t in ticks)
xs = sorted((float(t[2].replace(",", "")), t[1]) for t in ticks if t[0] == base)
(v0, p0), (v1, p1) = xs[0], xs[-1]
px = lambda v: p0 + (v - v0) * (p1 - p0) / (v1 - v0)
lines = [x for x in els if x.tag == ns + "line" and "checkpoint-" in (x.get("id") or "")]
assert len(lines) == 1, "%d checkpoint lines" % len(lines)
x = float(lines[0].get("x1"))
assert abs(x - px(want[0])) <= 0.6, (x, want[0], px(want[0]))
print("checkpoint line at x=%.2f, the window from %s s" % (x, want[0]))
PY

# ---- 4. sample = off ----------------------------------------------------
S3=$W/off
study "$S3" off off 'pgbench = -n -c 1 -T 1'
"$T" run "$S3" >"$W/off.out" 2>&1 || { cat "$W/off.out"; fail "run (off) failed"; }
[ -f "$S3/results/a/off/run1.txt" ] || fail "off: no run"
[ ! -e "$S3/results/a/off/run1.server.json" ] || fail "off: a server.json was written"
echo "run_sampler: ok"
