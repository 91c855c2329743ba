#!/usr/bin/env bash
# labels: pg
# Probe safety against other sessions and against kill -9, on one cluster
# (docs/reliability.md, "Probe"):
#  1. rows committed by another session while the probe checks the tables
#     are seen by the check, not lost by the drop: the check takes ACCESS
#     EXCLUSIVE locks and the drop runs in the same transaction (with the
#     old count-then-drop, the row below was dropped and the probe went on);
#  2. a `probe --jobs 2` killed with SIGKILL between its loaders' commits
#     leaves its "incomplete" marker on pgbench_accounts; the next probe
#     reports it and reloads without --force, and the table ends whole.
set -euo pipefail
SRC=${TR_SOURCE_DIR:?}
T=${TPSREPORT:?}
. "$SRC/tests/lib/pg.sh"
. "$SRC/tests/lib/probe.sh"
pg_start
W=$PG_DIR/work
mkdir -p "$W"

wait_for_query() {
  local db=$1 pattern=$2 i n
  for i in $(seq 1 600); do
    n=$(psql -AtX -d "$db" -c "select count(*) from pg_stat_activity
          where datname = '$db' and state = 'active' and query like '$pattern'
          and pid <> pg_backend_pid()")
    [ "$n" -ge 1 ] && return 0
    sleep 0.05
  done
  return 1
}

# ---- 1. a row committed during the check is not dropped ----
createdb race
pgbench -i -I dt race 2>/dev/null          # the tables, empty
# Another session inserts a row and commits it 3 s later.
psql -AtX -d race -c "begin; insert into pgbench_accounts values (1, 1, 0, 'theirs');
                      select pg_sleep(3); commit;" >/dev/null &
other=$!
wait_for_query race 'begin; insert%' || fail "the other session did not start"
rc=0
"$T" probe race -s 1 2>"$W/race.err" >/dev/null || rc=$?
wait "$other"
n=$(psql -AtX -d race -c "select count(*) from pgbench_accounts where filler = 'theirs'" 2>/dev/null || echo gone)
[ "$n" = 1 ] || { cat "$W/race.err"; fail "the other session's committed row was lost (count: $n, probe exit $rc)"; }
[ "$rc" = 2 ] || { cat "$W/race.err"; fail "probe exit $rc, expected 2 (refusal)"; }
grep -q 'refusing to run steps "dtgvp": they would drop 1 rows' "$W/race.err" ||
  { cat "$W/race.err"; fail "refusal message"; }
echo "ok: a row committed during the check is seen and kept"

# ---- 2. kill -9 between the loaders' commits ----
createdb kill
pgbench -i -I dt kill 2>/dev/null
# A deferred trigger makes the commit of the first loader (aid 1) take
# 6 s: the probe is killed while it waits there, the second loader's
# transaction still open (the server then rolls it back).
psql -qAtX -d kill <<'SQL'
create function slow_commit() returns trigger language plpgsql as
  $$ begin if new.aid = 1 then perform pg_sleep(6); end if; return null; end $$;
create constraint trigger slow after insert on pgbench_accounts
  deferrable initially deferred for each row execute function slow_commit();
SQL
"$T" probe kill -s 2 --steps g --jobs 2 >/dev/null 2>"$W/kill.err" &
pid=$!
# The loader's commit asleep in the trigger (not the first commit of the
# truncate's transaction, which is quick).
for i in $(seq 1 1200); do
  n=$(psql -AtX -d kill -c "select count(*) from pg_stat_activity where datname = 'kill'
        and query = 'commit' and wait_event = 'PgSleep'")
  [ "$n" -ge 1 ] && break
  sleep 0.05
done
[ "$n" -ge 1 ] || { cat "$W/kill.err"; fail "no loader commit seen"; }
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
# Wait for the first loader's commit to finish on the server.
for i in $(seq 1 200); do
  n=$(psql -AtX -d kill -c "select count(*) from pg_stat_activity where datname = 'kill' and pid <> pg_backend_pid()")
  [ "$n" = 0 ] && break
  sleep 0.05
done
rows=$(psql -AtX -d kill -c "select count(*) from pgbench_accounts")
# Independent expectation: scale 2 = 200000 rows, two loaders of 100000;
# the killed probe got exactly the first loader's half committed.
[ "$rows" = 100000 ] || fail "expected the first loader's 100000 rows committed, got $rows"
marker=$(psql -AtX -d kill -c "select obj_description('pgbench_accounts'::regclass, 'pg_class')")
[ "$marker" = "tpsreport probe: load incomplete" ] ||
  fail "a half-loaded pgbench_accounts carries no incomplete marker (comment: '$marker')"
psql -qAtX -d kill -c "drop trigger slow on pgbench_accounts"
# The next probe: no --force needed for a broken probe's rows, and it says so.
"$T" probe kill -s 2 --steps g --jobs 2 >/dev/null 2>"$W/again.err" ||
  { cat "$W/again.err"; fail "the next probe refused the incomplete load"; }
grep -q "killed during its load (incomplete)" "$W/again.err" ||
  { cat "$W/again.err"; fail "the next probe did not report the incomplete load"; }
[ "$(psql -AtX -d kill -c "select count(*), count(distinct aid), min(aid), max(aid) from pgbench_accounts")" = "200000|200000|1|200000" ] ||
  fail "pgbench_accounts not whole after the reload"
marker=$(psql -AtX -d kill -c "select coalesce(obj_description('pgbench_accounts'::regclass, 'pg_class'), 'none')")
[ "$marker" = none ] || fail "the marker stayed after a complete load: $marker"
# Rows of a finished load are protected again.
rc=0
"$T" probe kill -s 2 --steps g 2>"$W/after.err" >/dev/null || rc=$?
[ "$rc" = 2 ] || { cat "$W/after.err"; fail "a complete load was not protected (exit $rc)"; }
echo "ok: kill -9 between commits leaves a marker; the next probe reloads"
