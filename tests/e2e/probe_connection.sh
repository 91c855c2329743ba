#!/usr/bin/env bash
# labels: pg
# Connecting: a wrong password, an unreachable server, a missing database or
# a broken connection string each give exactly one line and exit 2, for both
# probe and settle; and the password, however given (URI, key=value,
# PGPASSWORD), never appears on stdout, stderr or in init.json.
set -euo pipefail
SRC=${TR_SOURCE_DIR:?}
T=${TPSREPORT:?}
. "$SRC/tests/lib/pg.sh"
. "$SRC/tests/lib/probe.sh"
PW='Tr0ub4dor-3-xyzzy'
WRONG='NotThePw-plugh-42'
PG_AUTH=scram PG_PASSWORD=$PW pg_start
W=$PG_DIR/work
mkdir -p "$W"
createdb bench
unset PGPASSWORD

no_secret() {
  ! grep -r -l -e "$PW" -e "$WRONG" "$@" || fail "a password was written: $*"
}

# Exactly one line on stderr, "tpsreport: ...", nothing on stdout, exit 2.
one_line_exit2() {
  local what=$1 pattern=$2
  shift 2
  local rc=0
  "$@" >"$W/out" 2>"$W/err" || rc=$?
  [ "$rc" = 2 ] || { cat "$W/err"; fail "$what: exit $rc, not 2"; }
  [ "$(wc -l <"$W/err")" = 1 ] || { cat "$W/err"; fail "$what: not one line"; }
  [ ! -s "$W/out" ] || fail "$what: wrote to stdout"
  grep -Eq "^tpsreport: $pattern" "$W/err" || { cat "$W/err"; fail "$what: message"; }
  no_secret "$W/out" "$W/err"
  echo "ok: $what: $(cat "$W/err")"
}

base="host=$PGHOST port=$PGPORT user=postgres"
one_line_exit2 "wrong password (key=value)" \
  'could not connect: .*password authentication failed for user "postgres"$' \
  "$T" probe "$base dbname=bench password=$WRONG" -s 1
one_line_exit2 "wrong password (URI)" \
  'could not connect: .*password authentication failed' \
  "$T" probe "postgresql://postgres:$WRONG@$PGHOST:$PGPORT/bench" -s 1
PGPASSWORD=$WRONG one_line_exit2 "wrong password (PGPASSWORD)" \
  'could not connect: .*password authentication failed' \
  "$T" probe bench -s 1
one_line_exit2 "no password" \
  'could not connect: .*(no password supplied|password authentication failed)' \
  "$T" probe bench -s 1
port=$(pg_free_port)
one_line_exit2 "nobody listening" \
  "could not connect: connection to server at \"127.0.0.1\", port $port failed: Connection refused. Is the server running" \
  "$T" probe "host=127.0.0.1 port=$port dbname=bench password=$PW" -s 1
one_line_exit2 "missing database" \
  'could not connect: .*database "nosuchdb" does not exist$' \
  "$T" probe "$base dbname=nosuchdb password=$PW" -s 1
one_line_exit2 "broken connection string" \
  'the connection string does not parse' \
  "$T" probe "host=x password='$PW" -s 1
one_line_exit2 "unknown host" \
  'could not connect: ' \
  "$T" probe "host=no-such-host.invalid dbname=bench password=$PW" -s 1
one_line_exit2 "settle, wrong password" \
  'could not connect: .*password authentication failed' \
  "$T" settle "$base dbname=bench password=$WRONG"
one_line_exit2 "settle, nobody listening" \
  'could not connect: .*Connection refused' \
  "$T" settle "host=127.0.0.1 port=$port password=$PW"

# The right password, three ways: it works, and it is written nowhere.
"$T" probe "postgresql://postgres:$PW@$PGHOST:$PGPORT/bench" -s 1 \
  -o "$W/uri.json" >"$W/uri.out" 2>"$W/uri.err" || { cat "$W/uri.err"; fail "URI"; }
"$T" probe "$base dbname=bench password=$PW" -s 1 --force -o - \
  >"$W/kv.json" 2>"$W/kv.err" || { cat "$W/kv.err"; fail "key=value"; }
PGPASSWORD=$PW "$T" probe bench -s 1 --force --jobs 2 -o "$W/env.json" \
  >"$W/env.out" 2>"$W/env.err" || { cat "$W/env.err"; fail "PGPASSWORD"; }
PGPASSWORD=$PW "$T" settle bench --timeout 60 --interval 0.5 \
  >"$W/settle.out" 2>"$W/settle.err" || { cat "$W/settle.err"; fail "settle"; }
no_secret "$W"
grep -q '"conninfo": "host=127.0.0.1 port='"$PGPORT"' dbname=bench user=postgres sslmode=prefer"' "$W/uri.json" ||
  { grep conninfo "$W/uri.json"; fail "the stored conninfo"; }
# -o - writes init.json to stdout and nothing else.
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["schema"] == 1' "$W/kv.json" ||
  fail "-o - is not init.json"
# A password inside a server message is scrubbed too (the error quotes the
# role name, which here is the password).
PGPASSWORD=$PW psql -d bench -c "create role \"$PW\" login password 'x'" >/dev/null
one_line_exit2 "password scrubbed from messages" \
  'could not connect: .*password authentication failed for user "\*\*\*"$' \
  "$T" probe "host=$PGHOST port=$PGPORT user=$PW dbname=bench password=$PW" -s 1
echo "all connection tests passed"
