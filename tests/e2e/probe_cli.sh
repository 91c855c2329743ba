#!/usr/bin/env bash
# The probe and settle command lines, no server needed: --help, and usage
# errors that stop before connecting (exit 2, "tpsreport: ..." then a hint).
set -euo pipefail
SRC=${TR_SOURCE_DIR:?}
T=${TPSREPORT:?}
. "$SRC/tests/lib/probe.sh"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
# Nothing may reach a server here: point libpq at a port nobody uses.
export PGHOST=127.0.0.1 PGPORT=1 PGCONNECT_TIMEOUT=2

for cmd in probe settle; do
  "$T" $cmd --help >"$W/help" || fail "$cmd --help: exit status"
  grep -q "^Usage: tpsreport $cmd \[OPTION\]... \[CONNINFO\]$" "$W/help" ||
    fail "$cmd --help: usage line"
  "$T" $cmd -h | cmp -s - "$W/help" || fail "$cmd -h differs from --help"
done
"$T" probe --help | grep -q -- '--jobs=N' || fail "probe --help: --jobs"
"$T" probe --help | grep -q -- '--force' || fail "probe --help: --force"
"$T" settle --help | grep -q -- '--timeout=S' || fail "settle --help: --timeout"

usage() {
  local what=$1 pattern=$2 cmd=$3
  shift 3
  local rc=0
  "$T" "$cmd" "$@" >"$W/out" 2>"$W/err" || rc=$?
  [ "$rc" = 2 ] || { cat "$W/err"; fail "$what: exit $rc, not 2"; }
  head -n 1 "$W/err" | grep -Eq "^tpsreport: $pattern" || { cat "$W/err"; fail "$what: message"; }
  grep -qx "Try 'tpsreport $cmd --help'." "$W/err" || fail "$what: no hint"
  grep -q 'could not connect' "$W/err" && fail "$what: tried to connect"
  echo "ok: $what"
}

usage "bad step" 'unrecognized initialization step "x"' probe -s 1 --steps dtx
usage "no steps" 'no initialization steps' probe -s 1 --steps ''
usage "no scale" '--scale is required for steps t, g and G' probe
usage "scale 0" "invalid scale '0'" probe -s 0
usage "scale text" "invalid scale 'ten'" probe -s ten
usage "fillfactor" "invalid fillfactor '5'" probe -s 1 -F 5
usage "method alone" '--partition-method needs --partitions' probe -s 1 --partition-method hash
usage "bad method" "invalid partition method 'list'" probe -s 1 --partitions 2 --partition-method list
usage "jobs 0" "invalid number of jobs '0'" probe -s 1 --jobs 0
usage "unknown option" "unknown option '--bogus'" probe --bogus
usage "two conninfos" "one connection string at most" probe -s 1 a b
usage "missing value" "option '--scale' needs a value" probe --scale
usage "settle timeout" "invalid timeout 'soon'" settle --timeout soon
usage "settle interval" "invalid interval '0'" settle --interval 0
usage "settle unknown" "unknown option '-x'" settle -x

# Steps that need no scale go on to connect (and fail to, here: exit 2).
rc=0
"$T" probe --steps vp 2>"$W/err" || rc=$?
[ "$rc" = 2 ] && grep -q '^tpsreport: could not connect: ' "$W/err" ||
  { cat "$W/err"; fail "--steps vp without --scale"; }
echo "all probe/settle command-line tests passed"
