#!/usr/bin/env bash
# labels: pg
# settle: 0 on an idle server; 1 on timeout while an autovacuum worker runs
# (one held busy on purpose: a table of dead rows vacuumed at the slowest
# cost settings); then 0 once it is gone; 2 without the right to CHECKPOINT,
# with a message naming pg_checkpoint. And a probe step without its privilege
# names the grant it needs.
set -euo pipefail
SRC=${TR_SOURCE_DIR:?}
T=${TPSREPORT:?}
. "$SRC/tests/lib/pg.sh"
. "$SRC/tests/lib/probe.sh"
pg_start -c autovacuum_naptime=1
W=$PG_DIR/work
mkdir -p "$W"

# 1. Idle: settled at once.
rc=0
"$T" settle --timeout 30 --interval 0.5 >"$W/idle.out" 2>"$W/idle.err" || rc=$?
[ "$rc" = 0 ] || { cat "$W/idle.err"; fail "idle: exit $rc"; }
grep -Eq '^checkpoint done in [0-9.]+ s$' "$W/idle.err" || { cat "$W/idle.err"; fail "idle: checkpoint line"; }
grep -Eq '^settled after [0-9.]+ s: no autovacuum worker running$' "$W/idle.err" ||
  { cat "$W/idle.err"; fail "idle: settled line"; }
[ ! -s "$W/idle.out" ] || fail "idle: stdout"
"$T" settle -q >"$W/q.out" 2>"$W/q.err" || fail "quiet settle"
[ ! -s "$W/q.err" ] || fail "--quiet printed"
echo "ok: idle"

# 2. A worker kept busy: 100 ms of sleep after every page it touches, on a
# table of some 900 pages of dead rows, keeps it running for minutes.
psql -AtX -v ON_ERROR_STOP=1 >/dev/null <<'SQL'
create table slow (id int, pad text)
  with (autovacuum_vacuum_cost_delay = 100, autovacuum_vacuum_cost_limit = 1);
insert into slow select g, repeat('x', 100) from generate_series(1, 50000) g;
delete from slow;
SQL
for i in $(seq 1 600); do
  n=$(psql -AtX -c "select count(*) from pg_stat_activity
                    where backend_type = 'autovacuum worker' and query like '%slow%'")
  [ "$n" -ge 1 ] && break
  sleep 0.1
done
[ "$n" -ge 1 ] || fail "no autovacuum worker started on table slow"
rc=0
"$T" settle --timeout 2 --interval 0.5 >"$W/busy.out" 2>"$W/busy.err" || rc=$?
[ "$rc" = 1 ] || { cat "$W/busy.err"; fail "busy: exit $rc, not 1"; }
grep -Eq '^waiting for autovacuum after [0-9.]+ s: [0-9]+ workers? running: postgres pid [0-9]+: autovacuum: VACUUM .*slow' "$W/busy.err" ||
  { cat "$W/busy.err"; fail "busy: no waiting line"; }
tail -n 1 "$W/busy.err" | grep -Eq '^tpsreport: settle: timed out after [0-9.]+ s: [0-9]+ workers? running: postgres pid [0-9]+: autovacuum: VACUUM .*slow' ||
  { cat "$W/busy.err"; fail "busy: timeout line"; }
echo "ok: timeout with a busy autovacuum worker"

# 3. The worker goes (autovacuum off for the table: the ALTER's lock also
# cancels the worker): settle waits for it, then reports settled.
( sleep 1.5
  psql -AtX -c "alter table slow set (autovacuum_enabled = false)" >/dev/null
  psql -AtX -c "select pg_terminate_backend(pid) from pg_stat_activity
                where backend_type = 'autovacuum worker'" >/dev/null ) &
rc=0
"$T" settle --timeout 60 --interval 0.3 >"$W/after.out" 2>"$W/after.err" || rc=$?
wait
[ "$rc" = 0 ] || { cat "$W/after.err"; fail "after: exit $rc"; }
grep -q '^waiting for autovacuum' "$W/after.err" || { cat "$W/after.err"; fail "after: did not wait"; }
tail -n 1 "$W/after.err" | grep -q '^settled after' || { cat "$W/after.err"; fail "after: not settled"; }
echo "ok: settled once the worker is gone"

# 4. No right to CHECKPOINT: 2, naming the role; with the role: 0.
psql -AtX -c "create role plain login" >/dev/null
createdb -O postgres priv
rc=0
"$T" settle "dbname=priv user=plain" >"$W/priv.out" 2>"$W/priv.err" || rc=$?
[ "$rc" = 2 ] || { cat "$W/priv.err"; fail "no privilege: exit $rc"; }
[ "$(wc -l <"$W/priv.err")" = 1 ] || { cat "$W/priv.err"; fail "no privilege: not one line"; }
grep -Eq '^tpsreport: CHECKPOINT: .* \(SQLSTATE 42501\); CHECKPOINT needs superuser, or membership in the pg_checkpoint role on PostgreSQL 15 and later' "$W/priv.err" ||
  { cat "$W/priv.err"; fail "no privilege: message"; }
psql -AtX -c "grant pg_checkpoint to plain" >/dev/null
"$T" settle "dbname=priv user=plain" 2>"$W/priv2.err" || { cat "$W/priv2.err"; fail "with pg_checkpoint"; }
echo "ok: CHECKPOINT privilege"

# 5. A probe step without its privilege (PostgreSQL 15: no CREATE on schema
# public for a role that does not own the database).
rc=0
"$T" probe "dbname=priv user=plain" -s 1 >"$W/create.out" 2>"$W/create.err" || rc=$?
[ "$rc" = 2 ] || { cat "$W/create.err"; fail "create: exit $rc"; }
tail -n 1 "$W/create.err" | grep -Eq '^tpsreport: create tables: permission denied for schema public \(SQLSTATE 42501\); creating tables needs the CREATE privilege on the schema' ||
  { cat "$W/create.err"; fail "create: message"; }
echo "ok: probe privilege message"
