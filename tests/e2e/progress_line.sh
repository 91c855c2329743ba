#!/usr/bin/env bash
# progress_line.sh: reading more than 100 MB of logs shows a progress line
# on stderr when it is a terminal (script(1) gives it one), and none when
# it is not; stdout is the same either way.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L "$TR_SOURCE_DIR/tests/bench/gen_study.c" -lm -o "$work/gen"
"$work/gen" "$work/study" 4000000 >/dev/null   # about 130 MB of logs
script -q -e -c "$TPSREPORT summary --json $work/study > $work/tty.json" "$work/typescript" >/dev/null
grep -a -E -q "reading logs +[0-9]+% \([0-9]+ of 1[0-9][0-9] MB\)" "$work/typescript" ||
  { echo "FAIL: no progress line on a terminal:"; cat -A "$work/typescript" | head -5; exit 1; }
"$TPSREPORT" summary --json "$work/study" > "$work/pipe.json" 2> "$work/pipe.err"
if grep -q "reading logs" "$work/pipe.err"; then
  echo "FAIL: a progress line when stderr is not a terminal"; exit 1
fi
cmp -s "$work/tty.json" "$work/pipe.json" || { echo "FAIL: stdout differs with a terminal"; exit 1; }
echo "progress_line: ok"
