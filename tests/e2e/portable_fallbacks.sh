#!/usr/bin/env bash
# What only Linux has is behind a feature check, with a fallback that
# compiles elsewhere: site/site_scan.c without TR_HAVE_FS_IOC_GETFLAGS (as
# CMake's check leaves it on macOS and the BSDs) compiles cleanly and does
# not include <linux/fs.h>; util/exe.c without __linux__ neither reads
# /proc. And no source includes a <linux/...> header outside such a check.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
build=${TR_BUILD_DIR:?TR_BUILD_DIR not set}
cc=${CC:-cc}
flags=(-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wpedantic -Werror
       -I"$build/include/site" -I"$build/src")

"$cc" "${flags[@]}" -UTR_HAVE_FS_IOC_GETFLAGS -fsyntax-only "$src/src/site/site_scan.c" 2>"$work/err" ||
  { cat "$work/err" >&2; fail "site_scan.c does not compile without FS_IOC_GETFLAGS"; }
"$cc" "${flags[@]}" -UTR_HAVE_FS_IOC_GETFLAGS -M "$src/src/site/site_scan.c" >"$work/deps" 2>/dev/null ||
  fail "site_scan.c: no dependency list"
grep -q 'linux/fs\.h' "$work/deps" && fail "site_scan.c includes <linux/fs.h> without the feature check"
# ... and with it, the header is used (the check is not dead code).
"$cc" "${flags[@]}" -DTR_HAVE_FS_IOC_GETFLAGS -M "$src/src/site/site_scan.c" >"$work/deps2" 2>/dev/null ||
  fail "site_scan.c with the check: no dependency list"
grep -q 'linux/fs\.h' "$work/deps2" || fail "site_scan.c does not use <linux/fs.h> when the check finds it"

"$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror -U__linux__ -I"$build/include/all" \
  -E "$src/src/util/exe.c" >"$work/exe.i" 2>"$work/err" || { cat "$work/err" >&2; fail "exe.c without __linux__"; }
grep -q '/proc/self/exe' "$work/exe.i" && fail "exe.c reads /proc where there is no Linux"

# Every <linux/...> include sits inside an #if/#ifdef.
for f in $(grep -rl '#include <linux/' "$src/src" || true); do
  awk -v f="$f" '/^#if/ {d++} /^#endif/ {d--} /^#include <linux\// && d == 0 {print f": "$0; bad = 1} END {exit bad}' "$f" ||
    fail "$f includes a Linux header unguarded"
done
finish
