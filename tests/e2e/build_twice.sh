#!/usr/bin/env bash
# Deterministic: two builds of the same study, on 1 and on 2 threads, give
# byte-identical folders; building again into the same folder rewrites
# nothing (every file keeps its inode and mtime); no date appears unless
# SOURCE_DATE_EPOCH is set, and then exactly its date.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample

"$bin" build "$sample" -o "$work/a" --threads 1 >/dev/null 2>&1 || fail "build a"
"$bin" build "$sample" -o "$work/b" --threads 2 >/dev/null 2>&1 || fail "build b"
diff -r "$work/a" "$work/b" >/dev/null || fail "two builds differ: $(diff -rq "$work/a" "$work/b" | head -3)"

(cd "$work/a" && find . -type f -printf '%p %i %T@\n' | sort) >"$work/before"
out=$("$bin" build "$sample" -o "$work/a" 2>/dev/null) || fail "build a again"
(cd "$work/a" && find . -type f -printf '%p %i %T@\n' | sort) >"$work/after"
diff "$work/before" "$work/after" >/dev/null || fail "a rebuild rewrote files: $(diff "$work/before" "$work/after" | head -4)"
total=$(find "$work/a" -type f ! -name .tpsreport | wc -l)
grep -q "($total files unchanged)" <<<"$out" || fail "expected all $total files unchanged: $out"

# The study's own dates may appear (an [fx] date, the day its newest log
# ends: the last interval of the aggregate logs, field 1 in epoch seconds,
# or of a per-transaction log, field 5); no other (the day of the build).
python3 - "$sample" "$work/a/index.html" "$work/a/report.md" <<'PY' || fail "a date that is not the study's"
import datetime, glob, re, sys
study = sys.argv[1]
allowed = set(re.findall(r"\d{4}-\d\d-\d\d", open(study + "/tpsreport.ini").read()))
newest = 0
for f in glob.glob(study + "/results/*/*/*.[0-9]*"):
    last = open(f).read().split("\n")[-2].split()
    newest = max(newest, int(last[0]) if len(last) == 15 else int(last[4]))
allowed.add(datetime.datetime.fromtimestamp(newest, datetime.timezone.utc).strftime("%Y-%m-%d"))
bad = {d for p in sys.argv[2:] for d in re.findall(r"\b20\d\d-\d\d-\d\d\b", open(p).read())} - allowed
print("dates not the study's:", sorted(bad)) if bad else None
sys.exit(1 if bad else 0)
PY
SOURCE_DATE_EPOCH=1778000000 "$bin" build "$sample" -o "$work/c" --front-matter >/dev/null 2>&1 || fail "build c"
grep -q '^date: 2026-05-05$' "$work/c/report.md" || fail "no front matter date"
grep -q 'on 2026-05-05' "$work/c/index.html" || fail "no footer date"
SOURCE_DATE_EPOCH=yesterday "$bin" build "$sample" -o "$work/d" >/dev/null 2>&1 && fail "a bad SOURCE_DATE_EPOCH was taken"
[ ! -e "$work/d" ] || fail "a failed build left $work/d"
finish
