#!/usr/bin/env bash
# `cmake --install` installs the binary, the man page (rendered by cmark),
# the templates and the assets; the installed binary builds a report from
# the installed data files (found through TPSREPORT_DATADIR here, since the
# test cannot install into the configured prefix).
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
build=${TR_BUILD_DIR:?TR_BUILD_DIR not set}
need_sample

DESTDIR="$work/root" cmake --install "$build" >/dev/null || fail "cmake --install"
prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build/CMakeCache.txt")
root="$work/root$prefix"
for f in bin/tpsreport share/man/man1/tpsreport.1 share/tpsreport/templates/writeup.md \
         share/tpsreport/assets/style.css share/tpsreport/assets/sort.js; do
  [ -s "$root/$f" ] || fail "not installed: $prefix/$f"
done
head -1 "$root/share/man/man1/tpsreport.1" | grep -q '^\.TH TPSREPORT 1' || fail "the man page has no .TH line"
grep -q '^\.SH' "$root/share/man/man1/tpsreport.1" || fail "the man page has no sections"
if command -v man >/dev/null; then
  MANWIDTH=80 man -l "$root/share/man/man1/tpsreport.1" 2>/dev/null | grep -q 'tpsreport build' ||
    fail "man cannot show the page"
fi

# The installed files are used: mark the installed style sheet.
echo '/* installed copy */' >>"$root/share/tpsreport/assets/style.css"
(cd "$work" && TPSREPORT_DATADIR="$root/share/tpsreport" "$root/bin/tpsreport" build "$sample" -o out >/dev/null 2>&1) ||
  fail "the installed binary could not build"
grep -q 'installed copy' "$work/out/assets/style.css" || fail "the installed data files were not used"
# A wrong TPSREPORT_DATADIR is passed over for the next place that has them.
(cd "$work" && TPSREPORT_DATADIR=/nonexistent "$root/bin/tpsreport" build "$sample" -o out2 >/dev/null 2>&1) ||
  fail "no fallback from a wrong TPSREPORT_DATADIR"
finish
