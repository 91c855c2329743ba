#!/usr/bin/env bash
# `tpsreport build` on the command line: --help, usage errors, a writeup
# error naming file and line, refusals that protect folders, --templates,
# --front-matter, --no-png, and messages on stderr only (no progress line
# when stderr is not a terminal).
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample

expect_status() {  # expect_status N WHAT -- command...
  local want=$1 what=$2 got=0
  shift 3
  "$@" >"$work/stdout" 2>"$work/stderr" || got=$?
  [ "$got" = "$want" ] || fail "$what: exit $got, expected $want ($(head -2 "$work/stderr"))"
}

expect_status 0 "--help" -- "$bin" build --help
grep -q -- '--templates DIR' "$work/stdout" || fail "--help does not list --templates"
expect_status 2 "no -o" -- "$bin" build "$sample"
grep -q "no output folder" "$work/stderr" || fail "no -o: $(cat "$work/stderr")"
expect_status 2 "no study" -- "$bin" build -o "$work/x"
expect_status 2 "two studies" -- "$bin" build "$sample" "$sample" -o "$work/x"
expect_status 2 "bad --threads" -- "$bin" build "$sample" -o "$work/x" --threads 0
expect_status 2 "unknown option" -- "$bin" build "$sample" -o "$work/x" --colour
[ ! -e "$work/x" ] || fail "a usage error wrote $work/x"

# The author's writeup: an unknown directive is an error at its line.
cp -r "$sample" "$work/study"
printf '# Title\n\nText.\n\n{{table tps}}\n{{tabel tps}}\n' >"$work/study/writeup.md"
expect_status 2 "unknown directive" -- "$bin" build "$work/study" -o "$work/out"
grep -q "^tpsreport: $work/study/writeup.md:6: unknown directive {{tabel}}" "$work/stderr" ||
  fail "no file:line for the directive: $(cat "$work/stderr")"
[ ! -e "$work/out" ] || fail "a failed build wrote OUT"
ls "$work" | grep -q '^out\.' && fail "a failed build left a temporary folder"

# An own writeup with figures of the study.
printf '# {{title}}\n\n{{provider stock}} did {{value stock bench1 tps_median}} TPS.\n\n{{table closing}}\n' \
  >"$work/study/writeup.md"
expect_status 0 "own writeup" -- "$bin" build "$work/study" -o "$work/out" --no-png
grep -q 'TPS\.$' "$work/out/report.md" || fail "own writeup not used"
! ls "$work/out/charts/"*.png >/dev/null 2>&1 || fail "--no-png wrote PNGs"
grep -q 'href="charts/[a-z0-9.-]*\.png"' "$work/out/index.html" && fail "--no-png, yet links to PNGs"
# stdout: one line saying where; stderr: warnings only, no progress line.
[ "$(wc -l <"$work/stdout")" = 1 ] || fail "stdout: $(cat "$work/stdout")"
! grep -q $'\r' "$work/stderr" || fail "a progress line on a stderr that is not a terminal"
# (LeakSanitizer's summary of suppressions, in sanitizer builds, is not ours)
other=$(grep -v -E '^tpsreport: |^-+$|^Suppressions used:|^ +count +bytes|^ +[0-9]+ +[0-9]+ ' "$work/stderr" || true)
[ -z "$other" ] || fail "stderr: a line not from tpsreport: $(head -1 <<<"$other")"

# --templates: a writeup and a style sheet of one's own.
rm "$work/study/writeup.md"
mkdir "$work/tpl"
printf '# From the templates folder\n\n{{section summary}}\n' >"$work/tpl/writeup.md"
printf 'body { color: #123456 }\n' >"$work/tpl/style.css"
expect_status 0 "--templates" -- "$bin" build "$work/study" -o "$work/out" --templates "$work/tpl"
grep -q '^# From the templates folder' "$work/out/report.md" || fail "--templates writeup.md not used"
cmp -s "$work/tpl/style.css" "$work/out/assets/style.css" || fail "--templates style.css not used"
grep -q 'color: #123456' "$work/out/report.html" || fail "report.html does not inline the style sheet"
expect_status 0 "--front-matter" -- "$bin" build "$work/study" -o "$work/out" --templates "$work/tpl" --front-matter
head -1 "$work/out/report.md" | grep -q '^---$' || fail "--front-matter: no front matter"
# The site shows the title from the front matter: the writeup's own H1 is left out.
grep -q '^# From the templates folder' "$work/out/report.md" && fail "--front-matter: the writeup's H1 kept"
printf 'a </style><script>alert(1)</script> {}\n' >"$work/tpl/style.css"
expect_status 2 "a style sheet that closes its element" -- "$bin" build "$work/study" -o "$work/out" --templates "$work/tpl"

# Folders that are not ours are kept.
mkdir -p "$work/mine" && echo precious >"$work/mine/notes.txt"
expect_status 2 "a foreign OUT" -- "$bin" build "$work/study" -o "$work/mine"
grep -q -- '--force' "$work/stderr" || fail "the refusal does not mention --force"
[ "$(cat "$work/mine/notes.txt")" = precious ] || fail "a foreign OUT was touched"
expect_status 2 "OUT = the study" -- "$bin" build "$work/study" -o "$work/study"
expect_status 2 "OUT in results/" -- "$bin" build "$work/study" -o "$work/study/results/site"
expect_status 2 "OUT holding the study" -- "$bin" build "$work/study" -o "$work" --force
[ -d "$work/study/results" ] || fail "the study was harmed"
expect_status 0 "--force" -- "$bin" build "$work/study" -o "$work/mine" --force
# --force writes into it; files tpsreport did not write are still kept.
[ "$(cat "$work/mine/notes.txt")" = precious ] || fail "--force deleted a file tpsreport did not write"
finish
