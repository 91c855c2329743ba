#!/usr/bin/env bash
# tests/lib/pg_fixture.sh start|stop: the PostgreSQL of one ctest run
# (tests/CMakeLists.txt: the tests pg/start and pg/stop, fixture "pg",
# required by every test labelled pg).
#
# start: initdb once into a template data folder, and start one server
# (fsync off) from a copy of it; write $TR_BUILD_DIR/pg-fixture.env. Then
# tests/lib/pg.sh copies the template for each cluster of a script's own
# (no initdb each time), and pg_shared gives a script a database on the
# shared server. The folders live under $TMPDIR, not the build folder: the
# server runs as `postgres`, which may not enter a clone's folders.
# stop: stop that server, remove the folders and the file. start first
# does the same for a run that never got to stop (killed).
set -euo pipefail
build=${TR_BUILD_DIR:?TR_BUILD_DIR not set}
. "${TR_SOURCE_DIR:?TR_SOURCE_DIR not set}/tests/lib/pg.sh"
env_file="$build/pg-fixture.env"

stop_fixture() {
  [ -f "$env_file" ] || return 0
  local PG_FIXTURE_DIR= PG_FIXTURE_DATA=
  # shellcheck disable=SC1090
  . "$env_file"
  if [ -n "$PG_FIXTURE_DATA" ] && [ -d "$PG_FIXTURE_DATA" ]; then
    _pg_as "$(pg_bindir)/pg_ctl" -D "$PG_FIXTURE_DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  case "$PG_FIXTURE_DIR" in
    */tr-pg-fixture.*) rm -rf "$PG_FIXTURE_DIR" ;;
  esac
  rm -f "$env_file"
}

case "${1:-}" in
  start)
    stop_fixture
    # initdb and a server, the way pg.sh does it; then keep them
    pg_start -c fsync=off
    trap - EXIT
    dir=$(mktemp -d "${TMPDIR:-/tmp}/tr-pg-fixture.XXXXXX")
    chmod 755 "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    # the template: a copy of the data folder before the server wrote in it
    # would need a second initdb; a clean shutdown gives the same state
    _pg_as "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null
    _pg_as cp -a "$PG_DATA" "$dir/template"
    _pg_as rm -f "$dir/template/postmaster.opts"
    mv "$PG_DIR" "$dir/shared"
    PG_DATA="$dir/shared/data"
    _pg_as "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$dir/shared/server.log" -w -t 60 \
      -o "-p $PGPORT -k $dir/shared -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
    printf 'PG_FIXTURE_DIR=%q\nPG_FIXTURE_TEMPLATE=%q\nPG_FIXTURE_DATA=%q\nPG_FIXTURE_PORT=%q\n' \
      "$dir" "$dir/template" "$PG_DATA" "$PGPORT" >"$env_file.tmp"
    mv "$env_file.tmp" "$env_file"
    echo "pg fixture: template $dir/template, server on 127.0.0.1:$PGPORT"
    ;;
  stop)
    stop_fixture
    echo "pg fixture: stopped"
    ;;
  *)
    echo "usage: pg_fixture.sh start|stop" >&2
    exit 2
    ;;
esac
