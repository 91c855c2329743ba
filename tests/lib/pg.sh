# tests/lib/pg.sh: a throwaway PostgreSQL cluster for tests and samples.
#
#   . tests/lib/pg.sh
#   pg_start [EXTRA_POSTGRES_OPTIONS...]   # initdb in a temp dir, start on
#                                          # 127.0.0.1 at a free port
#   psql -c 'select 1'                     # PGHOST/PGPORT/PGUSER are set
#   pg_stop                                # also run on exit
#
# Variables after pg_start: PG_DIR (the temp dir), PG_DATA, PGHOST, PGPORT,
# PGUSER=postgres, PGDATABASE=postgres, PG_BIN (server binaries).
# PG_AUTH=scram with PG_PASSWORD=... makes the cluster ask for a password
# over TCP (initdb --auth-host=scram-sha-256).
# PostgreSQL refuses to run as root, so as root the server runs as the
# `postgres` user (runuser); otherwise as the calling user.
#
# Under ctest (tests/CMakeLists.txt, fixture "pg"), tests/lib/pg_fixture.sh
# runs initdb once per ctest run and writes $TR_BUILD_DIR/pg-fixture.env;
# then pg_start copies that template data folder instead of running initdb
# (seconds each), and
#
#   pg_shared [NAME]   # a database of the script's own (NAME, or a unique
#                      # one) on the one server the fixture started, as
#                      # PGDATABASE; PG_SHARED=1. Without the fixture (the
#                      # script run alone), pg_start's own cluster instead.
#
# A script may use pg_shared only when it changes nothing server-wide (no
# settings, roles, restarts; no pg_stat_activity or autovacuum outside its
# own databases): the others run beside it on that server.

pg_bindir() {
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  command -v initdb >/dev/null && { dirname "$(command -v initdb)"; return 0; }
  echo "pg.sh: no PostgreSQL server binaries (install the postgresql package)" >&2
  return 1
}

# A TCP port nobody listens on, chosen by the kernel.
pg_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

_pg_as() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The fixture's variables (PG_FIXTURE_DIR, PG_FIXTURE_TEMPLATE,
# PG_FIXTURE_PORT) when its file is there and names a template; else 1.
_pg_fixture() {
  local env=${TR_BUILD_DIR:+$TR_BUILD_DIR/pg-fixture.env}
  [ -n "$env" ] && [ -f "$env" ] || return 1
  # shellcheck disable=SC1090
  . "$env"
  [ -f "${PG_FIXTURE_TEMPLATE:-/nonexistent}/PG_VERSION" ]
}

# initdb into $PG_DATA, or a copy of the fixture's template (made by the
# same initdb with the same options; password auth set up as initdb would).
_pg_initdb() {
  if _pg_fixture; then
    _pg_as cp -a "$PG_FIXTURE_TEMPLATE" "$PG_DATA" || return 1
    if [ "${PG_AUTH:-}" = scram ]; then
      printf '%s\n' 'local all all trust' 'local replication all trust' \
        'host all all 127.0.0.1/32 scram-sha-256' 'host all all ::1/128 scram-sha-256' \
        'host replication all 127.0.0.1/32 scram-sha-256' 'host replication all ::1/128 scram-sha-256' |
        _pg_as tee "$PG_DATA/pg_hba.conf" >/dev/null
    fi
    return 0
  fi
  local auth=(--auth=trust)
  if [ "${PG_AUTH:-}" = scram ]; then
    printf '%s\n' "${PG_PASSWORD:?PG_PASSWORD must be set with PG_AUTH=scram}" > "$PG_DIR/pw"
    [ "$(id -u)" = 0 ] && chown postgres: "$PG_DIR/pw"
    auth=(--auth-local=trust --auth-host=scram-sha-256 --pwfile="$PG_DIR/pw")
  fi
  _pg_as "$PG_BIN/initdb" -D "$PG_DATA" -U postgres "${auth[@]}" \
    --no-sync -E UTF8 --locale=C >"$PG_DIR/initdb.log" 2>&1 || {
    cat "$PG_DIR/initdb.log" >&2; return 1; }
}

pg_start() {
  PG_BIN=$(pg_bindir) || return 1
  PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/tr-pg.XXXXXX")
  chmod 755 "$PG_DIR"
  [ "$(id -u)" = 0 ] && chown postgres: "$PG_DIR"
  PG_DATA="$PG_DIR/data"
  PG_SHARED=
  _pg_initdb || return 1
  local try
  for try in 1 2 3 4 5; do
    PGPORT=$(pg_free_port)
    if _pg_as "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DIR/server.log" -w -t 60 \
         -o "-p $PGPORT -k $PG_DIR -c listen_addresses=127.0.0.1 $*" start >/dev/null 2>&1; then
      break
    fi
    PGPORT=
  done
  if [ -z "$PGPORT" ]; then
    echo "pg.sh: the server did not start; its log:" >&2
    cat "$PG_DIR/server.log" >&2
    return 1
  fi
  # a template copy: the password that initdb --pwfile would have set,
  # over the Unix socket (trusted)
  if [ "${PG_AUTH:-}" = scram ] && [ ! -f "$PG_DIR/pw" ]; then
    printf '%s\n' "alter role postgres password :'pw'" |
      psql -h "$PG_DIR" -p "$PGPORT" -U postgres -d postgres -qAtX -v ON_ERROR_STOP=1 \
        -v pw="${PG_PASSWORD:?PG_PASSWORD must be set with PG_AUTH=scram}" >/dev/null || return 1
  fi
  export PGHOST=127.0.0.1 PGPORT PGUSER=postgres PGDATABASE=postgres
  export PG_DIR PG_DATA PG_BIN
  [ "${PG_AUTH:-}" = scram ] && export PGPASSWORD="$PG_PASSWORD"
  trap pg_stop EXIT
}

pg_shared() {
  local name=${1:-tr_$(basename "${0%.sh}" | tr -c 'a-z0-9_\n' _)_$$}
  if ! _pg_fixture || ! psql -h 127.0.0.1 -p "$PG_FIXTURE_PORT" -U postgres -d postgres \
       -qAtX -c 'select 1' >/dev/null 2>&1; then
    pg_start -c fsync=off || return 1   # as the fixture's server
  else
    PG_BIN=$(pg_bindir) || return 1
    PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/tr-pg.XXXXXX")
    PG_DATA=
    PG_SHARED=1
    export PGHOST=127.0.0.1 PGPORT=$PG_FIXTURE_PORT PGUSER=postgres
    export PG_DIR PG_DATA PG_BIN PG_SHARED
    trap pg_stop EXIT
  fi
  createdb "$name" || return 1
  export PGDATABASE=$name
}

pg_stop() {
  if [ -n "${PG_SHARED:-}" ]; then
    # the script's databases stay until the fixture stops the server
    rm -rf "$PG_DIR"
    PG_SHARED=
    return 0
  fi
  [ -n "${PG_DATA:-}" ] && [ -d "$PG_DATA" ] || return 0
  _pg_as "$PG_BIN/pg_ctl" -D "$PG_DATA" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
  PG_DATA=
}
