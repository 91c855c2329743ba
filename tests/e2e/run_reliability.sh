#!/usr/bin/env bash
# labels: pg
# Issue 24, `tpsreport run`: each defect of the attack, against a real
# cluster on loopback that asks for a password (scram; PGPASSWORD is the
# only way in), with the real pgbench behind tests/lib/fake_pgbench.py,
# which records every call (argv, process group, PGPASSWORD) and hangs,
# outlives its parent or fails where a scenario needs it. Expected
# messages and counts are written here by hand.
#   1 passwords: libpq's reading decides; pgbench never gets one on argv
#   2 one writer per study; build beside a run sees only complete runs
#   3 pgbench dies with run (kill -9); a surviving one is named on resume
#   4 tables without primary keys, or with the probe's marker: reloaded
#   5 sweep values that the reader would misread: refused at the ini line
#   7 --version and the table checks are bounded and say what they wait for
#   9 one folder per move aside; a read-only study is one clear message
set -euo pipefail
SRC=${TR_SOURCE_DIR:?}
T=${TPSREPORT:?}
. "$SRC/tests/lib/pg.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }

PG_AUTH=scram PG_PASSWORD='Pw-24-s3cr3t'
pg_start -c autovacuum=off -c fsync=off
psql -qAtX -c 'create database b1' -c 'create database b2'
pgbench -q -i -s 1 b1 >/dev/null 2>&1
W=$(mktemp -d "$PG_DIR/work.XXXXXX")
chmod 777 "$W"
FAKE=$SRC/tests/lib/fake_pgbench.py
export FAKE_LOG=$W/calls.jsonl REAL_PGBENCH
REAL_PGBENCH=$(command -v pgbench)
touch "$FAKE_LOG"
chmod 666 "$FAKE_LOG"
CONN="host=127.0.0.1 port=$PGPORT user=postgres"
calls() { wc -l <"$FAKE_LOG"; }
# The pid of the first fake call for STEM after the first SKIP calls,
# waiting up to 60 s.
pid_of() {
  local i
  for i in $(seq 1 600); do
    python3 - "$FAKE_LOG" "$1" "$2" <<'PY' && return 0
import json, sys
c = [json.loads(l) for l in open(sys.argv[1]) if l.strip()][int(sys.argv[3]):]
c = [x for x in c if x["stem"] == sys.argv[2]]
if not c:
    sys.exit(1)
print(c[0]["pid"])
PY
    sleep 0.1
  done
  fail "pgbench for $1 never started (hung)"
}
alive() { kill -0 "$1" 2>/dev/null; }
study() { # DIR INI-BODY
  mkdir -p "$1"
  printf '%s\n' "$2" >"$1/tpsreport.ini"
}
one_line() { # FILE REGEX WHAT
  [ "$(wc -l <"$1")" = 1 ] || { cat "$1"; fail "$3: not one line"; }
  grep -Eq "$2" "$1" || { cat "$1"; fail "$3: message"; }
}

# ---- 1. passwords ------------------------------------------------------
n=0
for ci in "postgresql://postgres:pa?ss${PG_PASSWORD}@127.0.0.1:$PGPORT/b1" \
          "postgresql://postgres@127.0.0.1:$PGPORT/b1?%70assword=$PG_PASSWORD" \
          "$CONN dbname='postgresql://postgres:$PG_PASSWORD@127.0.0.1/b1'"; do
  d=$W/pw$((++n))
  study "$d" "[provider a]
conninfo = $ci

[scenario s]
pgbench = -c 1 -T 1"
  rc=0
  "$T" run "$d" --dry-run --pgbench "$FAKE" >"$d.out" 2>"$d.err" || rc=$?
  [ "$rc" = 2 ] || { cat "$d.out" "$d.err"; fail "password $n: exit $rc"; }
  one_line "$d.err" "^tpsreport: $d/tpsreport.ini:2: conninfo: holds a password" "password $n"
  ! grep -q "$PG_PASSWORD" "$d.out" "$d.err" || fail "password $n: printed"
  [ ! -e "$d/results" ] || fail "password $n: wrote results/"
done
[ "$(calls)" = 0 ] || fail "a refused plan ran pgbench"
echo "ok: 1. passwords in a URI's userinfo, percent-encoded, or in a dbname are refused"

# ---- 2, 3. one writer; build beside it; kill -9 leaves no pgbench -------
S=$W/study
study "$S" "[provider a]
conninfo = $CONN

[scenario s]
database = b1
pgbench = -c 1 -T 1 -S
runs = 2
log = aggregate 1"
export FAKE_CTL=$W/ctl
echo "run2 hang" >"$FAKE_CTL"
"$T" run "$S" --pgbench "$FAKE" >"$W/first.out" 2>"$W/first.err" &
first=$!
hung=$(pid_of run2 0)
before=$(calls)
rc=0
"$T" run "$S" --pgbench "$FAKE" >"$W/second.out" 2>"$W/second.err" || rc=$?
[ "$rc" = 2 ] || { cat "$W/second.err"; fail "a second run: exit $rc"; }
one_line "$W/second.err" "^tpsreport: $S: another tpsreport run is writing this study \(pid $first, started 20[0-9-]{8}T[0-9:]{8}Z on host $(hostname)\)" "a second run"
[ "$(calls)" = "$before" ] || fail "the second run started pgbench"
[ -e "$S/results/a/s/run2.txt" ] || fail "the second run moved the first's run2.txt"
echo "ok: 2. a second run names the first (pid $first) and runs nothing"
"$T" build "$S" -o "$W/out" >/dev/null 2>"$W/build.err" || { cat "$W/build.err"; fail "build beside run"; }
python3 - "$W/out/data/results.json" <<'PY' || fail "build beside run"
import json, sys
runs = [r for r in json.load(open(sys.argv[1]))["runs"] if not r["excluded"]]
ids = sorted(r["id"] for r in runs)
if ids != ["run1"]:
    sys.exit("build beside a run counts %s, want only the complete run1" % ids)
PY
echo "ok: 2. build beside the run counts only the complete run"
python3 - "$FAKE_LOG" "$first" <<'PY' || fail "process group"
import json, os, sys
c = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
for x in c:
    if x["pgid"] != x["pid"]:
        sys.exit("pgbench %d runs in process group %d, not its own" % (x["pid"], x["pgid"]))
    if x["pgid"] == os.getpgid(int(sys.argv[2])):
        sys.exit("pgbench shares run's process group")
PY
kill -9 "$first"
wait "$first" 2>/dev/null || true
for i in $(seq 1 100); do alive "$hung" || break; sleep 0.1; done
! alive "$hung" || { kill -9 "$hung"; fail "3. pgbench $hung outlived kill -9 of run"; }
echo "ok: 3. pgbench dies with run (kill -9), in a process group of its own"
rm -f "$FAKE_CTL"
"$T" run "$S" --pgbench "$FAKE" >"$W/resume.out" 2>"$W/resume.err" || { cat "$W/resume.err"; fail "resume after kill -9"; }
grep -q '^tps = ' "$S/results/a/s/run2.txt" || fail "resume: run2 not complete"
grep -q 'fake' "$S"/results/a/s/.interrupted/*/run2.txt || fail "resume: the killed run2 not moved aside"
[ ! -e "$S/results/.tpsreport-pgbench.pid" ] || fail "resume: pid file left"
echo "ok: 3. the resume runs the killed run again"

# A pgbench that outlives run (no parent-death signal) is named, and the
# resume starts nothing.
echo "run1 orphan" >"$FAKE_CTL"
S3=$W/orphan
study "$S3" "[provider a]
conninfo = $CONN

[scenario s]
database = b1
pgbench = -c 1 -T 1 -S
runs = 1
log = aggregate 1"
before=$(calls)
"$T" run "$S3" --pgbench "$FAKE" >/dev/null 2>&1 &
first=$!
orphan=$(pid_of run1 "$before")
kill -9 "$first"
wait "$first" 2>/dev/null || true
alive "$orphan" || fail "the orphan pgbench of the test died"
before=$(calls)
rc=0
"$T" run "$S3" --pgbench "$FAKE" >"$W/o.out" 2>"$W/o.err" || rc=$?
kill -9 "$orphan" 2>/dev/null || true
[ "$rc" = 2 ] || { cat "$W/o.err"; fail "resume beside an orphan: exit $rc"; }
one_line "$W/o.err" "^tpsreport: $S3: a pgbench that an earlier tpsreport run started is still running \(pid $orphan, writing $S3/results/a/s/run1.txt since .*kill $orphan" "orphan"
[ "$(calls)" = "$before" ] || fail "resume beside an orphan started pgbench"
[ -e "$S3/results/a/s/run1.txt" ] || fail "resume beside an orphan moved its file"
for i in $(seq 1 100); do alive "$orphan" || break; sleep 0.1; done
rm -f "$FAKE_CTL"
"$T" run "$S3" --pgbench "$FAKE" >/dev/null 2>"$W/o2.err" || { cat "$W/o2.err"; fail "resume once the orphan is gone"; }
echo "ok: 3. a pgbench still running is named on resume; nothing starts"

# The password went by the environment only.
python3 - "$FAKE_LOG" "$PG_PASSWORD" <<'PY' || fail "1. argv"
import json, sys
c = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
if not c:
    sys.exit("no pgbench calls")
for x in c:
    if any(sys.argv[2] in a for a in x["argv"]):
        sys.exit("the password is on pgbench's argv: %s" % x["argv"])
    if not x["pgpassword"]:
        sys.exit("PGPASSWORD did not reach pgbench")
PY
! grep -q "$PG_PASSWORD" "$W"/*.out "$W"/*.err || fail "1. a line shows the password"
echo "ok: 1. pgbench got the password from PGPASSWORD only"

# ---- 4. init complete or not at all -----------------------------------
pgbench -q -i -I dtg -s 1 b2 >/dev/null 2>&1   # no vacuum, no primary keys
S4=$W/init
study "$S4" "[provider a]
conninfo = $CONN

[scenario s]
scale = 1
database = b2
pgbench = -c 1 -T 1 -S
runs = 1
log = aggregate 1"
rc=0
"$T" run "$S4" --dry-run --pgbench "$FAKE" >"$W/i.out" 2>"$W/i.err" || rc=$?
[ "$rc" = 2 ] || { cat "$W/i.out" "$W/i.err"; fail "4. tables without keys: exit $rc"; }
one_line "$W/i.err" "the pgbench tables are not completely loaded \(no primary key on pgbench_accounts, pgbench_branches, pgbench_tellers: an interrupted pgbench -i\?\), and pgbench_accounts holds rows: add --init --force" "4. no keys"
"$T" run "$S4" --init --force --pgbench "$FAKE" >/dev/null 2>"$W/i2.err" || { cat "$W/i2.err"; fail "4. reload"; }
[ "$(psql -d b2 -AtX -c "select count(*) from pg_index where indisprimary and indrelid in ('pgbench_accounts'::regclass, 'pgbench_branches'::regclass, 'pgbench_tellers'::regclass)")" = 3 ] ||
  fail "4. the reload left tables without keys"
grep -q '^tps = ' "$S4/results/a/s/run1.txt" || fail "4. no run after the reload"
psql -qAtX -d b2 -c "comment on table pgbench_accounts is 'tpsreport probe: load incomplete'"
"$T" run "$S4" --dry-run --pgbench "$FAKE" --scenario s >"$W/m.out" 2>"$W/m.err" || { cat "$W/m.err"; fail "4. marker"; }
grep -qx '# a/s init: the pgbench tables are not completely loaded (the probe'"'"'s "load incomplete" marker on pgbench_accounts): loading them again' "$W/m.out" ||
  { cat "$W/m.out"; fail "4. marker: what is missing"; }
grep -q " -i -s 1 " "$W/m.out" || fail "4. marker: no reload"
echo "ok: 4. tables without primary keys or with the probe's marker are reloaded, never benchmarked"

# ---- 5. sweep names ----------------------------------------------------
d=$W/sweep
study "$d" "[provider a]
conninfo = $CONN

[scenario s]
pgbench = -c 1 -T 1 -D mode={init,warmup,.cold,steady}"
rc=0
"$T" run "$d" --dry-run --pgbench "$FAKE" >"$d.out" 2>"$d.err" || rc=$?
[ "$rc" = 2 ] || fail "5. exit $rc"
one_line "$d.err" "^tpsreport: $d/tpsreport.ini:5: pgbench: the sweep names runs of one argument set \"init-run1\", which starts with \"init\"" "5. sweep"
echo "ok: 5. a sweep value the reader would misread is refused at its line"

# ---- 7. bounded waits ---------------------------------------------------
rc=0
FAKE_VERSION_HANG=1 timeout 60 "$T" run "$S" --dry-run --pgbench "$FAKE" >"$W/v.out" 2>"$W/v.err" || rc=$?
[ "$rc" != 124 ] || fail "7. run waits forever for --version (hung)"
[ "$rc" = 2 ] || { cat "$W/v.err"; fail "7. --version: exit $rc"; }
one_line "$W/v.err" "^tpsreport: $FAKE --version: no answer within 10 s" "7. --version"
v=$(cat "$FAKE_LOG.version")
! alive "$v" || { kill -9 "$v"; fail "7. the silent pgbench left running"; }
psql -qX -d b1 -c 'begin' -c 'lock table pgbench_branches in access exclusive mode' -c 'select pg_sleep(120)' >/dev/null 2>&1 &
locker=$!
for i in $(seq 1 300); do
  [ "$(psql -d b1 -AtX -c "select count(*) from pg_locks where relation = 'pgbench_branches'::regclass and mode = 'AccessExclusiveLock' and granted")" = 1 ] && break
  sleep 0.1
done
rc=0
timeout 60 "$T" run "$S" --dry-run --pgbench "$FAKE" >"$W/l.out" 2>"$W/l.err" || rc=$?
kill "$locker" 2>/dev/null || true
psql -qAtX -c "select pg_terminate_backend(pid) from pg_stat_activity where query like '%pg_sleep(120)%' and pid <> pg_backend_pid()" >/dev/null
[ "$rc" != 124 ] || fail "7. the table check waits forever behind a lock (hung)"
[ "$rc" = 2 ] || { cat "$W/l.err"; fail "7. lock: exit $rc"; }
one_line "$W/l.err" "counting pgbench_branches: waited 5 s for a lock that another session holds on them \(lock_timeout\)" "7. lock"
echo "ok: 7. --version and the table checks give up and say what they waited for"

# ---- 9. one folder per move; a read-only study --------------------------
d=$W/moves
study "$d" "[provider a]
conninfo = $CONN

[scenario s]
database = b1
pgbench = -c 1 -T 1 -S
runs = 1
log = aggregate 1"
mkdir -p "$d/results/a/s"
echo "an earlier attempt" >"$d/results/a/s/run1.txt"
echo "run1 fail" >"$FAKE_CTL"
rc=0
"$T" run "$d" --pgbench "$FAKE" >"$d.out" 2>"$d.err" || rc=$?
rm -f "$FAKE_CTL"
[ "$rc" = 2 ] || { cat "$d.err"; fail "9. failing run: exit $rc"; }
grep -q 'pgbench exited with status 1: pgbench: error: fake failure; this scenario stops here' "$d.err" || { cat "$d.err"; fail "9. reason"; }
[ ! -e "$d/results/a/s/run1.txt" ] || { cat "$d.err"; fail "9. the failed run stays in results/"; }
[ "$(ls "$d/results/a/s/.interrupted" | wc -l)" = 2 ] || fail "9. want two folders under .interrupted/"
[ "$(cat "$d"/results/a/s/.interrupted/*/run1.txt | grep -c -e 'an earlier attempt' -e 'fake failure')" = 2 ] ||
  fail "9. both files kept"
echo "ok: 9. each move aside has a folder of its own"
d=$W/readonly
study "$d" "[provider a]
conninfo = $CONN

[scenario s]
database = b1
pgbench = -c 1 -T 1 -S
runs = 1"
chmod 555 "$d"
before=$(calls)
rc=0
if [ "$(id -u)" = 0 ]; then
  # postgres cannot reach the build or the source in a private folder (CI
  # clones into mktemp -d, mode 0700): copies of both programs in W
  cp "$T" "$W/tpsreport" && cp "$FAKE" "$W/fake_pgbench.py"
  chmod 755 "$W/tpsreport" "$W/fake_pgbench.py"
  runuser -u postgres -- env PGPASSWORD="$PG_PASSWORD" FAKE_LOG="$FAKE_LOG" REAL_PGBENCH="$REAL_PGBENCH" \
    "$W/tpsreport" run "$d" --pgbench "$W/fake_pgbench.py" >"$d.out" 2>"$d.err" || rc=$?
else
  "$T" run "$d" --pgbench "$FAKE" >"$d.out" 2>"$d.err" || rc=$?
fi
chmod 755 "$d"
[ "$rc" = 2 ] || { cat "$d.err"; fail "9. read-only: exit $rc"; }
one_line "$d.err" "^tpsreport: $d: cannot write there \(Permission denied\): tpsreport run writes results/a/s/ inside the study" "9. read-only"
[ "$(calls)" = "$before" ] || fail "9. read-only: pgbench ran"
echo "ok: 9. a read-only study is one message before anything runs"
