#!/usr/bin/env bash
# site/ in the repository is `tpsreport build samples/stock-vs-tuned -o site`:
# rebuilding it must give exactly the committed files. After a change that
# moves the report, run that command from the top of the tree and commit
# site/ with the change.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample
[ -f "$src/site/.tpsreport" ] || { echo "FAIL: $src/site is missing" >&2; exit 1; }

(cd "$src" && "$bin" build samples/stock-vs-tuned -o "$work/site" >/dev/null 2>&1) || fail "build"
if ! diff -r "$src/site" "$work/site" >"$work/diff"; then
  fail "site/ is out of date; rebuild it with: tpsreport build samples/stock-vs-tuned -o site
$(head -20 "$work/diff")"
fi
finish
