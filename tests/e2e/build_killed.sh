#!/usr/bin/env bash
# Crash-safe output (docs/reliability.md): `tpsreport build` killed with
# SIGKILL at random moments leaves OUT as one whole report, the previous or
# the new one, byte for byte; the next build clears what the killed ones
# left beside OUT.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample

# Two versions of the study whose reports differ (the title), and the
# report of each built once as the reference.
cp -r "$sample" "$work/study"
cp "$work/study/tpsreport.ini" "$work/ini.1"
sed 's/^title *=.*/title = The second version of the report/' "$work/ini.1" >"$work/ini.2"
for v in 1 2; do
  cp "$work/ini.$v" "$work/study/tpsreport.ini"
  "$bin" build "$work/study" -o "$work/ref$v" >/dev/null 2>&1 || fail "reference build $v"
done
cmp -s "$work/ref1/index.html" "$work/ref2/index.html" && fail "the two versions do not differ"

which_version() {
  if diff -r "$work/out" "$work/ref1" >/dev/null 2>&1; then echo 1
  elif diff -r "$work/out" "$work/ref2" >/dev/null 2>&1; then echo 2
  else echo none; fi
}

cp "$work/ini.1" "$work/study/tpsreport.ini"
"$bin" build "$work/study" -o "$work/out" >/dev/null 2>&1 || fail "first build"
# How long a build into an existing OUT takes (it compares files too).
start=$(date +%s%N)
"$bin" build "$work/study" -o "$work/out" >/dev/null 2>&1
took_ms=$(( ($(date +%s%N) - start) / 1000000 ))
RANDOM=$$
seen=
for round in 1 2 3 4 5 6 7 8; do
  v=$(( round % 2 + 1 ))
  cp "$work/ini.$v" "$work/study/tpsreport.ini"
  "$bin" build "$work/study" -o "$work/out" >/dev/null 2>&1 &
  pid=$!
  # From a third of a build to past its end, with some randomness: the
  # early rounds die while files are written, the late ones around the
  # swap and the removal of the previous folder.
  delay_ms=$(( took_ms * (3 + round * 14 / 8) / 10 + RANDOM % (took_ms / 10 + 1) ))
  sleep "$(printf '0.%03d' "$delay_ms")" 2>/dev/null || sleep 0
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  got=$(which_version)
  echo "round $round: killed after ${delay_ms} ms of ~${took_ms} ms: OUT is version $got"
  seen="$seen $got"
  [ "$got" != none ] || fail "round $round: OUT is neither whole report ($(diff -rq "$work/out" "$work/ref$v" | head -2))"
done
echo "versions seen:$seen"
# The next build puts things right and leaves nothing beside OUT (a build
# killed before its marker leaves an empty folder, cleared once it is a
# minute old: age them).
find "$work" -maxdepth 1 -name 'out.*' -exec touch -d 2000-01-01 {} +
"$bin" build "$work/study" -o "$work/out" >/dev/null 2>&1 || fail "build after the kills"
[ "$(which_version)" != none ] || fail "OUT is not whole after a clean build"
left=$(find "$work" -maxdepth 1 -name 'out.*')
[ -z "$left" ] || fail "left beside OUT: $left"
finish
