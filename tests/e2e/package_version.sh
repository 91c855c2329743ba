#!/usr/bin/env bash
# The version is written once, in CMakeLists.txt's project() line:
# `tpsreport --version`, the man page's .TH line and the newest entry of
# CHANGELOG.md say the same, and `make dist` (the dist target) writes
# tpsreport-VERSION.tar.gz holding exactly the files of the commit under
# tpsreport-VERSION/.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
build=${TR_BUILD_DIR:?TR_BUILD_DIR not set}

v=$(sed -n 's/^project(tpsreport VERSION \([0-9][0-9.]*\) .*/\1/p' "$src/CMakeLists.txt")
[ -n "$v" ] || { echo "FAIL: no version in CMakeLists.txt's project() line" >&2; exit 1; }
[ "$("$bin" --version)" = "tpsreport $v" ] || fail "--version says '$("$bin" --version)', not $v"
head -1 "$build/tpsreport.1" | grep -q "\"tpsreport $v\"" || fail "the man page's .TH does not say $v"
top=$(grep -m1 '^## ' "$src/CHANGELOG.md" | sed 's/^## \([^ ]*\).*/\1/')
[ "$top" = "$v" ] || fail "CHANGELOG.md's newest entry is '$top', not $v"
# Nothing else spells the version out (it would drift).
grep -rn --include='*.c' --include='*.h' --include='*.in' -F "\"$v\"" "$src/src" && fail "a source file spells out $v"

tarball="$build/tpsreport-$v.tar.gz"
rm -f "$tarball"
if [ -e "$src/.git" ]; then
  cmake --build "$build" --target dist >"$work/dist.log" 2>&1 || { cat "$work/dist.log" >&2; fail "the dist target"; }
  [ -s "$tarball" ] || { echo "FAIL: no $tarball" >&2; exit 1; }
  tar -tzf "$tarball" | grep -v '/$' | sort >"$work/in-tar.txt"
  git -C "$src" ls-tree -r --name-only HEAD | sed "s|^|tpsreport-$v/|" | sort >"$work/in-commit.txt"
  cmp -s "$work/in-tar.txt" "$work/in-commit.txt" ||
    fail "the tarball's files are not the commit's: $(diff "$work/in-commit.txt" "$work/in-tar.txt" | head -5)"
  for f in LICENSE CHANGELOG.md CMakeLists.txt src/main.c; do
    grep -qx "tpsreport-$v/$f" "$work/in-tar.txt" || fail "the tarball lacks $f"
  done
  rm -f "$tarball"
else
  # A tree from a tarball: the target says why it cannot make one.
  if cmake --build "$build" --target dist >"$work/dist.log" 2>&1; then
    fail "the dist target succeeded without git"
  fi
  grep -q 'needs git and a git checkout' "$work/dist.log" || fail "the dist target does not say it needs git"
fi
finish
