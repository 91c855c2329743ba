#!/usr/bin/env bash
# output_protected.sh: `chart -o FILE` (and every single-file output,
# util's tr_file_write_atomic) never replaces a file the user protected:
# a write-protected FILE (mode 0444, refused even for root) is left as it
# was, byte for byte and mode for mode, with exit 2 and a message naming
# it; a writable FILE of mode 0600 is replaced and stays 0600 (it was
# made 0644 before, issue 24); a new FILE is 0644; a folder or a FIFO in
# its place is refused.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
fail=0
svt="$TR_SOURCE_DIR/samples/stock-vs-tuned"
chart() { "$TPSREPORT" chart "$svt" --kind tps -o "$1" > "$tmp/out" 2> "$tmp/err"; }

echo "mine, keep it" > "$tmp/ro.svg"
chmod 0444 "$tmp/ro.svg"
before=$(sha256sum < "$tmp/ro.svg")
set +e; chart "$tmp/ro.svg"; rc=$?; set -e
[ $rc -eq 2 ] || { echo "FAIL read-only: exit $rc, expected 2"; fail=1; }
[ "$(sha256sum < "$tmp/ro.svg")" = "$before" ] || { echo "FAIL read-only: the file was replaced"; fail=1; }
[ "$(stat -c %a "$tmp/ro.svg")" = 444 ] || { echo "FAIL read-only: mode now $(stat -c %a "$tmp/ro.svg")"; fail=1; }
grep -q "ro.svg: write-protected" "$tmp/err" || { echo "FAIL read-only: message: $(cat "$tmp/err")"; fail=1; }
ls "$tmp" | grep -q '\.tmp\.' && { echo "FAIL read-only: a temporary left"; fail=1; }

echo "old" > "$tmp/private.svg"
chmod 0600 "$tmp/private.svg"
chart "$tmp/private.svg" || { echo "FAIL 0600: exit $?: $(cat "$tmp/err")"; fail=1; }
grep -q '<svg' "$tmp/private.svg" || { echo "FAIL 0600: not replaced"; fail=1; }
[ "$(stat -c %a "$tmp/private.svg")" = 600 ] || { echo "FAIL 0600: mode now $(stat -c %a "$tmp/private.svg")"; fail=1; }

chart "$tmp/new.svg" || { echo "FAIL new: exit $?"; fail=1; }
[ "$(stat -c %a "$tmp/new.svg")" = 644 ] || { echo "FAIL new: mode $(stat -c %a "$tmp/new.svg")"; fail=1; }

mkfifo "$tmp/fifo.svg"
set +e; timeout 20 "$TPSREPORT" chart "$svt" --kind tps -o "$tmp/fifo.svg" > /dev/null 2> "$tmp/err"; rc=$?; set -e
[ $rc -eq 124 ] && { echo "FAIL fifo: hung"; fail=1; }
[ $rc -eq 2 ] && [ -p "$tmp/fifo.svg" ] || { echo "FAIL fifo: exit $rc, still a FIFO: $([ -p "$tmp/fifo.svg" ] && echo yes || echo no)"; fail=1; }

[ $fail -eq 0 ] && echo "output_protected: all passed"
exit $fail
