#!/usr/bin/env bash
# labels: nosan
#
# A study too large for the memory a command may take stops with one line
# saying what it would need, before reading any log, never killed by the
# system (issue 31, "Bad input"). The limit here is the address space
# (ulimit -v), which this test can set without root or a control group;
# the machine's available memory and a control group's limit are read
# the same way (util/memroom.c). Not under the sanitizers: ASan reserves
# terabytes of address space for its shadow and cannot start under
# ulimit -v.
#
# The study: tests/bench/gen_grid.c, 50 providers x 10 scenarios x 4 runs,
# so 2,000 runs, a number this test knows from the generator's arguments.
# Under a 200 MB address space, about 120 MB are left once the libraries
# are mapped: `build` (64 KiB a run by its own estimate: 2,000 runs
# about 141 MB with its buffers) is refused; `summary --json` (3 KiB a
# run) reads all 2,000 runs; a small study builds (under 1 GB).
set -euo pipefail
src=${TR_SOURCE_DIR:?TR_SOURCE_DIR not set}
tps=${TPSREPORT:?TPSREPORT not set}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
say() { echo "FAIL: $*"; fail=1; }

cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L "$src/tests/bench/gen_grid.c" -lm -o "$work/gen"
"$work/gen" "$work/grid" 50 10 4 6 >/dev/null
runs=$((50 * 10 * 4))
limit_kb=200000

# 1. build under the limit: exit 2, one line, nothing written
rc=0
(ulimit -v $limit_kb; exec "$tps" build "$work/grid" -o "$work/out") >/dev/null 2>"$work/err" || rc=$?
[ $rc -eq 2 ] || say "build under ulimit -v: exit $rc, expected 2: $(head -c 400 "$work/err")"
[ "$(wc -l < "$work/err")" -eq 1 ] || say "build: more than one line: $(head -c 600 "$work/err")"
[ ! -e "$work/out" ] || say "build wrote $work/out"
python3 - "$work/err" "$work/grid" "$runs" "$limit_kb" <<'PY' || fail=1
import re, sys
err = open(sys.argv[1]).read().strip()
root, runs, limit_mb = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) // 1024
m = re.fullmatch(r"tpsreport: (.+): (\d+) runs need about (\d+) MB of memory for this "
                 r"command, more than the (\d+) MB left under the address-space "
                 r"limit \(ulimit -v\); free memory, raise the limit or split the "
                 r"study \(a folder per scenario or group of providers\)", err)
assert m, "not the one line expected: " + err
assert m.group(1) == root, (m.group(1), root)
assert int(m.group(2)) == runs, (m.group(2), runs)
need, room = int(m.group(3)), int(m.group(4))
# more than it has, and what it has is under the limit the test set
assert need > room, (need, room)
assert 0 <= room < limit_mb, (room, limit_mb)
# the need grows with the runs: at least 2,000 x 64 KiB = 125 MB
assert need >= runs * 64 // 1024, need
print("ok   build refused: %d runs need about %d MB, %d MB left" % (runs, need, room))
PY

# 2. summary under the same limit reads every run
rc=0
(ulimit -v $limit_kb; exec "$tps" summary --json "$work/grid") >"$work/s.json" 2>"$work/serr" || rc=$?
[ $rc -eq 0 ] || say "summary under ulimit -v: exit $rc: $(head -c 400 "$work/serr")"
n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["runs"]))' "$work/s.json" 2>/dev/null || echo 0)
[ "$n" -eq $runs ] || say "summary read $n runs, expected $runs"

# 3. a small study builds under a limit: 1 GB, as 200 MB leaves too little
# address space for the threads Pango starts now and then to sort fonts
# (8 MB of stack each; GLib aborts when it cannot start one)
rc=0
(ulimit -v 1000000; exec "$tps" build "$src/tests/fixtures/serverscamp-shaped" -o "$work/small") >/dev/null 2>"$work/err3" || rc=$?
[ $rc -eq 0 ] && [ -s "$work/small/index.html" ] || say "a 27-run study did not build under ulimit -v: exit $rc: $(grep -v warning "$work/err3" | head -c 400)"

[ $fail -eq 0 ] && echo "ok   memory_room"
exit $fail
