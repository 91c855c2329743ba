#!/usr/bin/env bash
# labels: pg
# tpsreport run against two real clusters on loopback (two providers), two
# scenarios (one a -c {1,2} sweep), 2-second runs: interrupted with SIGINT
# during a run, resumed, then built into a report; every file and figure
# checked by run_pgbench.py from the raw pgbench output and from psql.
# Then the bad plans: each one line naming the ini line or the provider,
# exit 2, nothing run and nothing written.
set -euo pipefail
SRC=${TR_SOURCE_DIR:?}
T=${TPSREPORT:?}
. "$SRC/tests/lib/pg.sh"
. "$SRC/tests/lib/probe.sh"

# Two clusters: pg.sh keeps one in its variables, so remember the first.
pg_start -c shared_buffers=32MB
A_DIR=$PG_DIR A_DATA=$PG_DATA A_PORT=$PGPORT
pg_start -c shared_buffers=16MB
B_DIR=$PG_DIR B_DATA=$PG_DATA B_PORT=$PGPORT
stop_both() {
  PG_DIR=$B_DIR PG_DATA=$B_DATA pg_stop
  PG_DIR=$A_DIR PG_DATA=$A_DATA pg_stop
}
trap stop_both EXIT
for port in "$A_PORT" "$B_PORT"; do
  psql -p "$port" -qAtX -c 'create database bench1' -c 'create database bench2'
done

W=$(mktemp -d "$A_DIR/work.XXXXXX")
S=$W/study
mkdir -p "$S"
cat >"$S/tpsreport.ini" <<EOF
[study]
title = two clusters

[provider a]
label = Cluster A
conninfo = host=127.0.0.1 port=$A_PORT user=postgres

[provider b]
label = Cluster B
conninfo = postgresql://postgres@127.0.0.1:$B_PORT/postgres

[scenario sweep]
scale = 1
database = bench1
pgbench = -c {1,2} -j 1 -T 2 -M prepared --no-vacuum
runs = 1
log = aggregate 1

[scenario steady]
scale = 2
database = bench2
pgbench = -c 2 -j 2 -T 2 -S
runs = 2
warmup = 1
log = aggregate 1
EOF

# 1. Dry run: every command, nothing run or written.
"$T" run "$S" --dry-run >"$W/dry.out" 2>"$W/dry.err" || { cat "$W/dry.err"; fail "dry run"; }
[ ! -e "$S/results" ] || fail "dry run wrote results/"
[ "$(grep -c -- '--log-prefix=results/' "$W/dry.out")" = 8 ] || { cat "$W/dry.out"; fail "dry run: 8 runs"; }
[ "$(grep -c -- ' -i -s ' "$W/dry.out")" = 4 ] || fail "dry run: 4 inits"
[ "$(grep -c '^tpsreport settle ' "$W/dry.out")" = 10 ] || fail "dry run: settle before warm-ups and runs"
grep -q -- "-c 2 -j 1 -T 2 -M prepared --no-vacuum --log --log-prefix=results/a/sweep/c2-run1 --aggregate-interval=1 " "$W/dry.out" ||
  fail "dry run: the sweep's second set"
grep -q -- "-c 2 -j 2 -S -T 1 .*> results/b/steady/warmup.txt 2>&1" "$W/dry.out" || fail "dry run: warm-up"
echo "ok: dry run"

# 2. Run, and SIGINT during a/steady's second run.
"$T" run "$S" >"$W/run1.out" 2>"$W/run1.err" &
pid=$!
for i in $(seq 1 300); do
  [ -e "$S/results/a/steady/run2.txt" ] && break
  sleep 0.1
done
[ -e "$S/results/a/steady/run2.txt" ] || { kill $pid; cat "$W/run1.err"; fail "run2 never began"; }
sleep 0.7
kill -INT $pid
rc=0
wait $pid || rc=$?
[ "$rc" = 2 ] || { cat "$W/run1.err"; fail "interrupted: exit $rc"; }
grep -q "interrupted: .*run 'tpsreport run $S' again to resume" "$W/run1.err" || { cat "$W/run1.err"; fail "resume hint"; }
[ ! -e "$S/results/a/steady/run2.txt" ] || fail "interrupted run2.txt left in place"
ls "$S"/results/a/steady/.interrupted/*/run2.txt >/dev/null || fail "run2.txt not moved aside"
[ -e "$S/results/a/steady/run1.txt" ] || fail "complete run1 lost"
[ ! -e "$S/results/b" ] || fail "provider b started after the interrupt"
cp "$S/results/a/sweep/init.txt" "$W/init-a-sweep.txt"
echo "ok: interrupted"

# 3. Resume: the complete runs are skipped, no second init.
"$T" run "$S" >"$W/run2.out" 2>"$W/run2.err" || { cat "$W/run2.err"; fail "resume"; }
grep -q '^a/sweep c1-run1: complete: skipped$' "$W/run2.err" || { cat "$W/run2.err"; fail "resume: skip"; }
grep -q '^a/steady run1: complete: skipped$' "$W/run2.err" || fail "resume: skip run1"
! grep -q 'a/sweep init' "$W/run2.err" || fail "resume: init again"
cmp -s "$S/results/a/sweep/init.txt" "$W/init-a-sweep.txt" || fail "init.txt changed"
# A third run has nothing left to do: no pgbench at all.
"$T" run "$S" >"$W/run3.out" 2>"$W/run3.err" || fail "third run"
grep -q '^tpsreport: 0 pgbench runs to do' "$W/run3.err" || { cat "$W/run3.err"; fail "third run did something"; }
echo "ok: resumed"

# 4. The study builds, and its figures match the raw files and the servers.
"$T" build "$S" -o "$W/out" 2>"$W/build.err" || { cat "$W/build.err"; fail "build"; }
for port in "$A_PORT" "$B_PORT"; do
  psql -p "$port" -AtX -c 'show server_version' -c 'show shared_buffers' \
    -c 'show synchronous_commit'
done >"$W/servers.txt"
python3 "$SRC/tests/e2e/run_pgbench.py" "$S" "$W/out" "$W/servers.txt" "$A_PORT" "$B_PORT"
# Discovery passes over facts.json, .interrupted/ and the warm-up.
"$T" check "$S" >"$W/check.out" 2>&1 || true
! grep -E 'facts\.json|\.interrupted|warmup\.txt: (no|ran)' "$W/check.out" ||
  fail "check reads facts.json, .interrupted/ or the warm-up as a run"
echo "ok: built"

# 5. --init on loaded tables without --force is refused; nothing runs.
rc=0
"$T" run "$S" --init --provider a >"$W/init.out" 2>"$W/init.err" || rc=$?
[ "$rc" = 2 ] && grep -q 'provider a (.*--init would drop them: add --force' "$W/init.err" ||
  { cat "$W/init.err"; fail "--init without --force"; }

# 5a. A facts.json that cannot be read costs the setup table, not the study.
printf '{"schema": 1, "server": {"settings": {"fsync": true}}}\n' >"$S/results/b/facts.json"
"$T" summary "$S" >"$W/summary.out" 2>"$W/summary.err" || { cat "$W/summary.err"; fail "summary with a bad facts.json"; }
grep -q '^tpsreport: warning: results/b/facts.json:1: "server.settings values" must be strings, not boolean; ignored$' "$W/summary.err" ||
  { cat "$W/summary.err"; fail "bad facts.json: warning"; }
echo "ok: unreadable facts.json"

# 5b. Dry runs of other plans: a service file, per-transaction and no logs,
# one provider and scenario chosen. Nothing runs.
d=$W/service
mkdir -p "$d"
printf '[bench_a]\nhost=127.0.0.1\nport=%s\nuser=postgres\n' "$A_PORT" >"$W/pg_service.conf"
cat >"$d/tpsreport.ini" <<EOF
[provider a]
conninfo = service=bench_a

[provider b]
conninfo = host=127.0.0.1 port=$B_PORT user=postgres

[scenario tx]
database = bench1
pgbench = -c 1 -T 5 --sampling-rate=0.5
log = transactions
runs = 1

[scenario quiet]
database = bench2
pgbench = -c 1 -t 100
log = none
runs = 1
EOF
PGSERVICEFILE=$W/pg_service.conf "$T" run "$d" --dry-run >"$d.out" 2>"$d.err" || { cat "$d.err"; fail "service: dry run"; }
grep -qx -- "/[^ ]*pgbench -c 1 -T 5 --sampling-rate=0.5 --log --log-prefix=results/a/tx/run1 'service=bench_a dbname=bench1' > results/a/tx/run1.txt 2>&1" "$d.out" ||
  { cat "$d.out"; fail "service: per-transaction logs, service conninfo"; }
grep -qx -- "/[^ ]*pgbench -c 1 -t 100 '.*dbname=bench2.*' > results/b/quiet/run1.txt 2>&1" "$d.out" ||
  { cat "$d.out"; fail "log = none"; }
PGSERVICEFILE=$W/pg_service.conf "$T" run "$d" --dry-run --provider b --scenario quiet >"$d.one" 2>&1 || fail "one provider"
[ "$(grep -c 'pgbench ' "$d.one")" = 1 ] && grep -q 'results/b/quiet/run1.txt' "$d.one" || { cat "$d.one"; fail "--provider b --scenario quiet"; }
[ ! -e "$d/results" ] || fail "dry run wrote results/"
echo "ok: dry runs of other plans"

# 6. Bad plans: one line, exit 2, nothing written.
bad() { # NAME EXPECTED-REGEX INI-BODY [OPTIONS...]
  local name=$1 want=$2 body=$3; shift 3
  local d=$W/bad-$name rc=0
  mkdir -p "$d"
  printf '%s\n' "$body" >"$d/tpsreport.ini"
  "$T" run "$d" "$@" >"$d.out" 2>"$d.err" || rc=$?
  [ "$rc" = 2 ] || { cat "$d.err"; fail "$name: exit $rc"; }
  [ "$(wc -l <"$d.err")" = 1 ] || { cat "$d.err"; fail "$name: not one line"; }
  grep -Eq "$want" "$d.err" || { cat "$d.err"; fail "$name: message"; }
  [ ! -e "$d/results" ] || fail "$name: wrote results/"
  echo "ok: bad $name"
}
P="[provider a]
conninfo = host=127.0.0.1 port=$A_PORT user=postgres dbname=bench1"
bad unknown-key "^tpsreport: $W/bad-unknown-key/tpsreport.ini:5: unknown key \"clients\"" "$P

[scenario s]
clients = 4
pgbench = -T 1"
bad log-prefix "tpsreport.ini:5: pgbench: --log-prefix=x: tpsreport sets pgbench's logs" "$P

[scenario s]
pgbench = -c 1 -T 1 --log-prefix=x"
bad dash-l "tpsreport.ini:5: pgbench: -l: tpsreport sets pgbench's logs" "$P

[scenario s]
pgbench = -c 1 -l -T 1"
bad sweep-init "tpsreport.ini:5: pgbench: -i is for loading the tables" "$P

[scenario s]
pgbench = -c {1,2} -i"
bad dbname "tpsreport.ini:5: pgbench: 'bench1' is not an option" "$P

[scenario s]
pgbench = -c 1 -T 1 bench1"
bad password "tpsreport.ini:2: conninfo: holds a password" "[provider a]
conninfo = host=127.0.0.1 port=$A_PORT password=secret

[scenario s]
pgbench = -T 1"
grep -q secret "$W/bad-password.err" && fail "password: the message quotes it"
bad dotdot "tpsreport.ini:5: \[scenario \.\.\]: a folder name starting with '.'" "$P

[scenario ..]
pgbench = -T 1"
closed=$(pg_free_port)
bad unreachable "^tpsreport: provider down \(host=127.0.0.1 port=$closed\): could not connect" "[provider down]
conninfo = host=127.0.0.1 port=$closed

[scenario s]
pgbench = -T 1"
bad no-pgbench "pgbench: not found on PATH" "$P

[scenario s]
pgbench = -T 1" --pgbench pgbench-not-here
bad not-pgbench "/bin/true --version failed|its --version says" "$P

[scenario s]
pgbench = -T 1" --pgbench /bin/true

# A bad option value stops the command before anything else (run used to
# print the usage error of --settle-timeout and then go on with the plan).
for v in 0 -5 abc nan; do
  rc=0
  "$T" run "$S" --dry-run --settle-timeout "$v" >"$W/st.out" 2>"$W/st.err" || rc=$?
  [ "$rc" = 2 ] || { cat "$W/st.err"; fail "--settle-timeout $v: exit $rc"; }
  [ ! -s "$W/st.out" ] || { cat "$W/st.out"; fail "--settle-timeout $v: went on"; }
  [ "$(cat "$W/st.err")" = "tpsreport: invalid --settle-timeout '$v' (seconds)
Try 'tpsreport run --help'." ] || { cat "$W/st.err"; fail "--settle-timeout $v: message"; }
done
echo "ok: bad --settle-timeout"

# 7. A pgbench that fails stops its scenario with pgbench's reason; the
# next scenario still runs; the failed attempt's file is moved aside.
d=$W/fails
mkdir -p "$d"
cat >"$d/tpsreport.ini" <<EOF
$P

[scenario broken]
pgbench = -f no-such-script.sql -T 1
log = none

[scenario fine]
pgbench = -c 1 -T 1 -S
runs = 1
log = none
EOF
# On a terminal (script(1) gives it one), a progress line: what runs now
# and the time left.
rc=0
script -q -e -c "'$T' run '$d'; echo \$? >'$d.rc'" "$d.tty" >/dev/null || true
rc=$(cat "$d.rc")
grep -a -E -q $'\r\\[2/4\\] a/fine run1 [0-9]+ s of 1 s, about [0-9]+ s left in all\e\\[K' "$d.tty" ||
  { cat -A "$d.tty" | head; fail "no progress line on a terminal"; }
grep -a -q $'\r\e\\[K' "$d.tty" || fail "the progress line is not cleared"
# What is left on the screen: each line after its last carriage return.
python3 -c 'import sys; print("\n".join(l.rstrip("\r").split("\r")[-1].replace("\x1b[K", "") for l in open(sys.argv[1], errors="replace").read().split("\n")))' "$d.tty" >"$d.err"
[ "$rc" = 2 ] || { cat "$d.err"; fail "failing pgbench: exit $rc"; }
grep -Eq '^tpsreport: a/broken run1: results/a/broken/run1.txt: pgbench exited with status 1: .*no-such-script.sql.*; this scenario stops here$' "$d.err" ||
  { cat "$d.err"; fail "failing pgbench: reason"; }
! grep -q 'a/broken run2' "$d.err" || fail "the failed scenario went on"
grep -q '^a/fine run1: done, ' "$d.err" || fail "the next scenario did not run"
ls "$d"/results/a/broken/.interrupted/*/run1.txt >/dev/null || fail "failed run not moved aside"
echo "ok: failing pgbench"
