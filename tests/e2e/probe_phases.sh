#!/usr/bin/env bash
# labels: pg
# Interrupting the probe in every phase: another session holds a lock that
# the phase's statement needs, so the probe waits there deterministically;
# then Ctrl-C (SIGINT), and in a second round the probe's backend is
# terminated. Each time: exit 2, one error line naming the phase, and the
# tables as they were before (the phase's work rolled back).
set -euo pipefail
SRC=${TR_SOURCE_DIR:?}
T=${TPSREPORT:?}
. "$SRC/tests/lib/pg.sh"
. "$SRC/tests/lib/probe.sh"
pg_start -c fsync=off
W=$PG_DIR/work
mkdir -p "$W"
blocker=

# Wait until a statement like PATTERN waits for a lock.
wait_blocked() {
  local i n
  for i in $(seq 1 400); do
    n=$(psql -AtX -c "select count(*) from pg_stat_activity where state = 'active'
                      and wait_event_type = 'Lock' and query like '$1'")
    [ "$n" -ge 1 ] && return 0
    sleep 0.05
  done
  return 1
}

# Hold LOCK_SQL in a transaction of another session until stop_blocker.
start_blocker() { # DB SQL
  psql -d "$1" -AtX -c "begin; $2; select pg_sleep(120);" >/dev/null 2>&1 &
  blocker=$!
  for i in $(seq 1 100); do
    [ "$(psql -AtX -c "select count(*) from pg_stat_activity where query like 'begin; %pg_sleep(120)%' and wait_event = 'PgSleep'")" -ge 1 ] && return 0
    sleep 0.05
  done
  fail "the blocking session did not start"
}

stop_blocker() {
  psql -AtX -c "select pg_terminate_backend(pid) from pg_stat_activity
                where query like 'begin; %pg_sleep(120)%' and pid <> pg_backend_pid()" >/dev/null
  wait "$blocker" 2>/dev/null || true
}

# What must not change: every row, and which pgbench tables and
# constraints exist.
state() {
  psql -d "$1" -AtX -c "select string_agg(relname, ',' order by relname) from pg_class
                        where relname like 'pgbench%' and relkind in ('r','p','i')"
  psql -d "$1" -AtX -c "select string_agg(conname, ',' order by conname) from pg_constraint
                        where conrelid::regclass::text like 'pgbench%'"
  if psql -d "$1" -AtX -c "select 1 from pg_class where relname = 'pgbench_accounts'" | grep -q 1; then
    probe_fingerprint "$1"
  fi
}

# phase DB STEPS PHASE-NAME LOCK-SQL QUERY-PATTERN HOW
check_phase() {
  local db=$1 steps=$2 phase=$3 lock=$4 pattern=$5 how=$6 before rc=0 want
  before=$(state "$db")
  start_blocker "$db" "$lock"
  "$T" probe "$db" -s 1 --steps "$steps" --force 2>"$W/err" &
  local pid=$!
  wait_blocked "$pattern" || { stop_blocker; kill "$pid"; cat "$W/err"; fail "$phase: the probe never waited on '$pattern'"; }
  if [ "$how" = sigint ]; then
    kill -INT "$pid"
    want="interrupted during $phase: "
  else
    psql -AtX -c "select pg_terminate_backend(pid) from pg_stat_activity
                  where query like '$pattern' and wait_event_type = 'Lock'" >/dev/null
    want="connection lost during $phase: "
  fi
  wait "$pid" || rc=$?
  stop_blocker
  [ "$rc" = 2 ] || { cat "$W/err"; fail "$phase ($how): exit $rc, not 2"; }
  [ "$(grep -c '^tpsreport: ' "$W/err")" = 1 ] || { cat "$W/err"; fail "$phase ($how): not one error line"; }
  grep -q "^tpsreport: $want" "$W/err" || { cat "$W/err"; fail "$phase ($how): the message does not name the phase"; }
  grep -q '^done in' "$W/err" && fail "$phase ($how): a done line"
  [ "$(state "$db")" = "$before" ] || fail "$phase ($how): the tables changed"
  echo "ok: $how during $phase"
}

createdb full     # every table, keys and foreign keys, rows
pgbench -i -s 1 --foreign-keys full 2>/dev/null
createdb nokeys   # rows, no keys yet
pgbench -i -s 1 -I dtg nokeys 2>/dev/null
createdb nofk     # rows and primary keys, no foreign keys
pgbench -i -s 1 -I dtgp nofk 2>/dev/null
createdb empty    # no pgbench table at all

for how in sigint terminate; do
  check_phase full d "drop tables" "lock table pgbench_branches in access share mode" \
    'drop table if exists pgbench_accounts%' "$how"
  check_phase empty t "create tables" "create table pgbench_history (x int)" \
    'create table pgbench_history%' "$how"
  check_phase full g "client-side generate" "lock table pgbench_branches in access share mode" \
    'truncate table pgbench_accounts%' "$how"
  check_phase full G "server-side generate" "lock table pgbench_branches in access share mode" \
    'truncate table pgbench_accounts%' "$how"
  check_phase full v "vacuum" "lock table pgbench_branches in share update exclusive mode" \
    'vacuum analyze pgbench_branches%' "$how"
  check_phase nokeys p "primary keys" "lock table pgbench_branches in access share mode" \
    'alter table pgbench_branches add primary key%' "$how"
  check_phase nofk f "foreign keys" "lock table pgbench_branches in row exclusive mode" \
    'alter table pgbench_tellers add constraint%' "$how"
done
echo "probe_phases: every phase, both ways"
