#!/usr/bin/env bash
# Issue 24, item 9: a run's stderr file (run1.progress) that cannot be read
# is warned about once, not once by each pass of the scenario folder. The
# run is pgbench 15's captured output; the file is made unreadable for a
# user other than root (as root: the postgres user, which owns nothing here).
set -euo pipefail
SRC=${TR_SOURCE_DIR:?}
T=${TPSREPORT:?}
fail() { echo "FAIL: $*" >&2; exit 1; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
chmod 755 "$W"
d=$W/s/results/a/x
mkdir -p "$d"
cp "$SRC/tests/fixtures/captured-15/run_c4_j2_T5_P1.stdout" "$d/run1.txt"
cp "$SRC/tests/fixtures/captured-15/run_c4_j2_T5_P1.stderr" "$d/run1.progress"
chmod -R a+rX "$W/s"
chmod 000 "$d/run1.progress"
# the other user cannot reach a binary in a private folder (CI clones into
# mktemp -d, mode 0700): a copy of it in W, which that user can read
cp "$T" "$W/tpsreport"
chmod 755 "$W/tpsreport"
as_other() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
as_other "$W/tpsreport" summary "$W/s" >"$W/out" 2>"$W/err" || { cat "$W/err"; fail "summary"; }
n=$(grep -c 'run1.progress' "$W/err" || true)
[ "$n" = 1 ] || { cat "$W/err"; fail "run1.progress named $n times, want once"; }
grep -qx 'tpsreport: warning: results/a/x/run1.progress: Permission denied; ignored' "$W/err" ||
  { cat "$W/err"; fail "the warning"; }
# The run itself still counts: its tps line, by hand from the captured file.
tps=$(sed -n 's/^tps = \([0-9.]*\) (without initial connection time)$/\1/p' "$d/run1.txt")
want=$(python3 -c 'import sys; print(format(round(float(sys.argv[1]), 2), ",.2f"))' "$tps")
grep -q " $want " "$W/out" || { cat "$W/out"; fail "the run's tps ($want) is not in the summary"; }
echo "ok: an unreadable stderr file is warned about once"
