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

pg_start() {
  PG_BIN=$(pg_bindir) || return 1
  PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/tr-pg.XXXXXX")
  chmod 755 "$PG_DIR"
  [ "$(id -u)" = 0 ] && chown postgres: "$PG_DIR"
  PG_DATA="$PG_DIR/data"
  local auth=(--auth=trust)
  if [ "${PG_AUTH:-}" = scram ]; then
    printf '%s\n' "${PG_PASSWORD:?PG_PASSWORD must be set with PG_AUTH=scram}" > "$PG_DIR/pw"
    [ "$(id -u)" = 0 ] && chown postgres: "$PG_DIR/pw"
    auth=(--auth-local=trust --auth-host=scram-sha-256 --pwfile="$PG_DIR/pw")
  fi
  _pg_as "$PG_BIN/initdb" -D "$PG_DATA" -U postgres "${auth[@]}" \
    --no-sync -E UTF8 --locale=C >"$PG_DIR/initdb.log" 2>&1 || {
    cat "$PG_DIR/initdb.log" >&2; return 1; }
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
  export PGHOST=127.0.0.1 PGPORT PGUSER=postgres PGDATABASE=postgres
  export PG_DIR PG_DATA PG_BIN
  [ "${PG_AUTH:-}" = scram ] && export PGPASSWORD="$PG_PASSWORD"
  trap pg_stop EXIT
}

pg_stop() {
  [ -n "${PG_DATA:-}" ] && [ -d "$PG_DATA" ] || return 0
  _pg_as "$PG_BIN/pg_ctl" -D "$PG_DATA" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
  PG_DATA=
}
