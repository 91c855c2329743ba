#!/usr/bin/env bash
# labels: pg
# Nothing lost: the probe refuses to drop or truncate tables that hold rows
# (and says how many) unless --force; Ctrl-C or a terminated backend in the
# middle of the generate step rolls back and leaves the previous rows as they
# were (one connection) or no half-loaded table (--jobs); an interrupted
# primary key is rolled back; each failure is one line naming the phase.
set -euo pipefail
SRC=${TR_SOURCE_DIR:?}
T=${TPSREPORT:?}
. "$SRC/tests/lib/pg.sh"
. "$SRC/tests/lib/probe.sh"
pg_start
W=$PG_DIR/work
mkdir -p "$W"

# Wait until at least N active statements look like PATTERN (SQL LIKE).
wait_for_query() {
  local pattern=$1 want=${2:-1} i n
  for i in $(seq 1 600); do
    n=$(psql -AtX -c "select count(*) from pg_stat_activity
                      where state = 'active' and query like '$pattern'")
    [ "$n" -ge "$want" ] && return 0
    sleep 0.05
  done
  return 1
}

# The stderr lines of the probe that are errors: exactly one is wanted.
one_error_line() {
  [ "$(grep -c '^tpsreport: ' "$1")" = 1 ] || { cat "$1"; fail "$2: not one error line"; }
}

tables_empty() {
  probe_fingerprint "$1" | cut -d'|' -f2 | grep -qv '^0$' && return 1
  return 0
}

createdb s
pgbench -i -s 1 s 2>/dev/null
before=$(probe_fingerprint s)

# 1. Refusal: one line with the row counts, nothing touched.
for steps in dtgvp g G dt; do
  rc=0
  "$T" probe s -s 1 --steps "$steps" 2>"$W/refuse.err" || rc=$?
  [ "$rc" = 2 ] || fail "refusal ($steps): exit $rc, not 2"
  [ "$(wc -l <"$W/refuse.err")" = 1 ] || { cat "$W/refuse.err"; fail "refusal: not one line"; }
  grep -qx "tpsreport: refusing to run steps \"$steps\": they would drop 100011 rows in database \"s\" (pgbench_accounts: 100000, pgbench_branches: 1, pgbench_tellers: 10); use --force to replace them" "$W/refuse.err" ||
    { cat "$W/refuse.err"; fail "refusal message ($steps)"; }
done
[ "$(probe_fingerprint s)" = "$before" ] || fail "refusal touched the tables"
# Steps that drop nothing need no --force.
"$T" probe s --steps v 2>"$W/v.err" || { cat "$W/v.err"; fail "--steps v was refused"; }
echo "ok: refusal"

# 2. Ctrl-C in the middle of the generate step: rolled back, rows as before.
"$T" probe s --steps g --force -s 50 2>"$W/int.err" &
pid=$!
wait_for_query 'copy pgbench_accounts from stdin%' || fail "no COPY seen"
sleep 0.3
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" = 2 ] || { cat "$W/int.err"; fail "interrupt: exit $rc, not 2"; }
one_error_line "$W/int.err" interrupt
tail -n 1 "$W/int.err" | grep -Eq '^tpsreport: interrupted during client-side generate: .*\(SQLSTATE 57014\); its transaction was rolled back, so no table is half-loaded \(the tables are as before the step\)$' ||
  { cat "$W/int.err"; fail "interrupt message"; }
grep -q '^done in' "$W/int.err" && fail "interrupt: a done line"
[ "$(probe_fingerprint s)" = "$before" ] || fail "interrupt: the tables changed"
echo "ok: Ctrl-C during generate"

# 3. The backend terminated from another session: the same.
"$T" probe s --steps g --force -s 50 2>"$W/term.err" &
pid=$!
wait_for_query 'copy pgbench_accounts from stdin%' || fail "no COPY seen"
sleep 0.3
psql -AtX -c "select pg_terminate_backend(pid) from pg_stat_activity
              where query like 'copy pgbench_accounts from stdin%'" >/dev/null
rc=0
wait "$pid" || rc=$?
[ "$rc" = 2 ] || { cat "$W/term.err"; fail "terminate: exit $rc, not 2"; }
one_error_line "$W/term.err" terminate
tail -n 1 "$W/term.err" | grep -Eq '^tpsreport: connection lost during client-side generate: .*the server rolls back the open transaction, so no table is half-loaded' ||
  { cat "$W/term.err"; fail "terminate message"; }
[ "$(probe_fingerprint s)" = "$before" ] || fail "terminate: the tables changed"
echo "ok: terminated backend during generate"

# 4. --jobs: Ctrl-C while both loaders run: all or nothing, here nothing.
"$T" probe s --steps g --force -s 50 --jobs 2 2>"$W/jint.err" &
pid=$!
wait_for_query 'copy pgbench_accounts from stdin%' 2 || fail "no 2 loaders seen"
sleep 0.3
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" = 2 ] || { cat "$W/jint.err"; fail "jobs interrupt: exit $rc"; }
one_error_line "$W/jint.err" "jobs interrupt"
tail -n 1 "$W/jint.err" | grep -Eq '^tpsreport: interrupted during client-side generate: .*; all 2 loaders. transactions ended and the tables were truncated again, so no table is half-loaded \(they are empty\)$' ||
  { cat "$W/jint.err"; fail "jobs interrupt message"; }
tables_empty s || { probe_fingerprint s; fail "jobs interrupt: rows left"; }
echo "ok: Ctrl-C during a parallel generate"

# Empty tables may be replaced without --force.
"$T" probe s -s 1 2>"$W/reload.err" || { cat "$W/reload.err"; fail "reload refused"; }
[ "$(probe_fingerprint s)" = "$before" ] || fail "the probe's scale 1 differs from pgbench's"

# 5. --jobs: one loader's backend terminated.
"$T" probe s --steps g --force -s 50 --jobs 2 2>"$W/jterm.err" &
pid=$!
wait_for_query 'copy pgbench_accounts from stdin%' 2 || fail "no 2 loaders seen"
sleep 0.3
psql -AtX -c "select pg_terminate_backend(max(pid)) from pg_stat_activity
              where query like 'copy pgbench_accounts from stdin%'" >/dev/null
rc=0
wait "$pid" || rc=$?
[ "$rc" = 2 ] || { cat "$W/jterm.err"; fail "jobs terminate: exit $rc"; }
one_error_line "$W/jterm.err" "jobs terminate"
tail -n 1 "$W/jterm.err" | grep -Eq '^tpsreport: connection lost during client-side generate: .*truncated again, so no table is half-loaded \(they are empty\)$' ||
  { cat "$W/jterm.err"; fail "jobs terminate message"; }
tables_empty s || { probe_fingerprint s; fail "jobs terminate: rows left"; }
echo "ok: terminated loader during a parallel generate"

# 6. --force replaces rows; the result is pgbench's.
pgbench -i -s 1 s 2>/dev/null
"$T" probe s -s 1 --force 2>"$W/force.err" || { cat "$W/force.err"; fail "--force"; }
[ "$(probe_fingerprint s)" = "$before" ] || fail "--force: rows differ from pgbench's"
echo "ok: --force"

# 7. Ctrl-C during another phase: the primary key is rolled back.
createdb k
pgbench -i -s 20 -I dtg k 2>/dev/null
"$T" probe k --steps p 2>"$W/pk.err" &
pid=$!
wait_for_query 'alter table pgbench_accounts add primary key%' || fail "no pk seen"
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" = 2 ] || { cat "$W/pk.err"; fail "pk interrupt: exit $rc"; }
one_error_line "$W/pk.err" "pk interrupt"
tail -n 1 "$W/pk.err" | grep -qx 'tpsreport: interrupted during primary keys: canceling statement due to user request (SQLSTATE 57014)' ||
  { cat "$W/pk.err"; fail "pk interrupt message"; }
[ "$(psql -d k -AtX -c "select count(*) from pg_constraint where conrelid = 'pgbench_accounts'::regclass")" = 0 ] ||
  fail "pk interrupt: the key stayed"
echo "ok: Ctrl-C during primary keys"

# 8. On a terminal (script(1) gives the probe one), a progress line during
# generate, drawn over with '\r' and wiped before the next message.
command -v script >/dev/null || fail "script(1) is needed (util-linux/bsdutils)"
script -q -e -c "'$T' probe s -s 3 --force" "$W/tty.out" >/dev/null ||
  { cat "$W/tty.out"; fail "probe on a terminal"; }
tr '\r' '\n' <"$W/tty.out" | grep -Eq '^(all 300000 rows sent|[0-9]+ of 300000 rows \([0-9]+%\))' ||
  { cat -A "$W/tty.out"; fail "no progress line on a terminal"; }
grep -aq $'\r *\rvacuuming\.\.\.' "$W/tty.out" || { cat -A "$W/tty.out"; fail "progress line not wiped"; }
[ "$(probe_fingerprint s)" != "$before" ] || fail "scale 3 looks like scale 1"
echo "ok: progress line on a terminal"
