#!/usr/bin/env bash
# `cmake --install --prefix P` installs the binary, the man page (rendered
# by cmark), the templates, the assets and the documentation the man page
# points to; P moved elsewhere still works: the binary finds its data
# relative to itself (writeup/datadir.c), not at the path compiled in.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
build=${TR_BUILD_DIR:?TR_BUILD_DIR not set}
need_sample

cmake --install "$build" --prefix "$work/first" >/dev/null || fail "cmake --install --prefix"
for f in bin/tpsreport share/man/man1/tpsreport.1 share/tpsreport/templates/writeup.md \
         share/tpsreport/assets/style.css share/tpsreport/assets/sort.js \
         share/doc/tpsreport/LICENSE share/doc/tpsreport/README.md share/doc/tpsreport/CHANGELOG.md; do
  [ -s "$work/first/$f" ] || fail "not installed: $f"
done
# Every docs/*.md the man page names is installed.
for d in $(grep -o '\*docs/[a-z-]*\.md\*' "$src/docs/tpsreport.1.md" | tr -d '*' | sort -u); do
  [ -s "$work/first/share/doc/tpsreport/$d" ] || fail "the man page names $d, not installed"
done
grep -q '^MIT License' "$work/first/share/doc/tpsreport/LICENSE" || fail "LICENSE is not the MIT license"
man1="$work/first/share/man/man1/tpsreport.1"
head -1 "$man1" | grep -q '^\.TH TPSREPORT 1' || fail "the man page has no .TH line"
grep -q '^\.SH' "$man1" || fail "the man page has no sections"
if command -v man >/dev/null; then
  MANWIDTH=200 man -l "$man1" 2>/dev/null >"$work/man.txt" || fail "man cannot show the page"
  # SYNOPSIS: each command on a line of its own (import, diff and run ran
  # together into one paragraph), the PG* variables in one item.
  for c in 'import postgresbench' 'diff OLD NEW' 'run STUDY'; do
    grep -Eq "^ +tpsreport +${c// / +}" "$work/man.txt" || fail "SYNOPSIS: no line starting 'tpsreport $c'"
  done
  grep -q 'PGPASSWORD and the other libpq variables' "$work/man.txt" || fail "the PG* item is split"
  grep -q 'MIT' "$work/man.txt" || fail "the man page does not name the license"
fi

# Move the install; the moved copy's data files are used: mark its style sheet.
mv "$work/first" "$work/moved"
echo '/* installed copy */' >>"$work/moved/share/tpsreport/assets/style.css"
(cd "$work" && env -u TPSREPORT_DATADIR "$work/moved/bin/tpsreport" build "$sample" -o out >/dev/null 2>"$work/err") ||
  { cat "$work/err" >&2; fail "the moved install could not build"; }
grep -q 'installed copy' "$work/out/assets/style.css" || fail "the moved install's data files were not used"
# A symbolic link to the binary (as /usr/local/bin/tpsreport -> the install) finds them too.
ln -s "$work/moved/bin/tpsreport" "$work/link"
(cd "$work" && env -u TPSREPORT_DATADIR "$work/link" build "$sample" -o out3 >/dev/null 2>&1) ||
  fail "the install through a link could not build"
grep -q 'installed copy' "$work/out3/assets/style.css" || fail "through a link, the install's data files were not used"
# TPSREPORT_DATADIR still comes first; a wrong one is passed over.
mkdir -p "$work/dd/assets" "$work/dd/templates"
cp "$work/moved/share/tpsreport/templates/writeup.md" "$work/dd/templates/"
cp "$work/moved/share/tpsreport/assets/sort.js" "$work/dd/assets/"
echo '/* datadir copy */' >"$work/dd/assets/style.css"
(cd "$work" && TPSREPORT_DATADIR="$work/dd" "$work/moved/bin/tpsreport" build "$sample" -o out4 >/dev/null 2>&1) ||
  fail "TPSREPORT_DATADIR: no build"
grep -q 'datadir copy' "$work/out4/assets/style.css" || fail "TPSREPORT_DATADIR was not used first"
(cd "$work" && TPSREPORT_DATADIR=/nonexistent "$work/moved/bin/tpsreport" build "$sample" -o out2 >/dev/null 2>&1) ||
  fail "no fallback from a wrong TPSREPORT_DATADIR"
finish
