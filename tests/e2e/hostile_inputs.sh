#!/usr/bin/env bash
# Never publish what is not the study (docs/reliability.md, "Inputs"): one
# case per attack through the study's files, expectations written here:
# 11 links leading out of the study (writeup.md -> /proc/self/environ) are
#    not read, with a warning naming them; links inside it are fine
# 12 FIFOs and devices never hang a command; a file over the size cap is
#    refused with a message naming it
# 13 CSV cells that a spreadsheet would run as formulas are prefixed
# 14 control characters in run file names never reach a terminal or a CSV raw
# 15 Liquid/Hugo syntax in names does not reach report.md with --front-matter
# 16 a summary whose tps contradicts its own transactions and duration, or
#    whose failed count contradicts its percentage, is left out with a warning
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample

fresh() {
  rm -rf "$work/st"
  for p in stock tuned; do
    mkdir -p "$work/st/results/$p/bench1"
    cp "$sample/results/$p/bench1/"run[123].txt "$work/st/results/$p/bench1/"
  done
}
# A hang guard (a FIFO or a device read as a run file must not block), not
# a speed test: each command takes well under a second; 5 minutes means stuck.
run() {
  local rc=0
  timeout 300 "$bin" "$@" >"$work/stdout" 2>"$work/stderr" || rc=$?
  [ "$rc" != 124 ] || fail "hung: tpsreport $* gave no answer in 300 s"
  return "$rc"
}

# ---- 11. links out of the study ----
fresh
ln -s /proc/self/environ "$work/st/writeup.md"
ln -s /etc/passwd "$work/st/results/stock/bench1/run4.txt"
ln -s run1.txt "$work/st/results/tuned/bench1/run4.txt"  # inside: fine
TR_TEST_SECRET=hunter2-$$ run build --no-png "$work/st" -o "$work/o11" || { cat "$work/stderr"; fail "11: build"; }
grep -rq "hunter2-$$" "$work/o11" && fail "11: the environment reached the report"
grep -q "writeup.md: a symbolic link to /proc/.*/environ, outside the study" "$work/stderr" || { cat "$work/stderr"; fail "11: writeup.md not named"; }
grep -q "results/stock/bench1/run4.txt: a symbolic link to /etc/passwd, outside the study; ignored" "$work/stderr" || fail "11: run4.txt not named"
grep -q "root:x:0" -r "$work/o11" && fail "11: /etc/passwd reached the report"
python3 - "$work/o11/data/runs.csv" <<'PY' || fail "11: runs"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
got = sorted((r['provider'], r['run']) for r in rows)
want = sorted([('stock', 'run%d' % i) for i in (1, 2, 3)] + [('tuned', 'run%d' % i) for i in (1, 2, 3, 4)])
assert got == want, got
PY
echo "ok 11: links out of the study not read"

# ---- 12. FIFOs, devices, huge files ----
fresh
mkfifo "$work/st/results/stock/bench1/run5.txt" "$work/st/writeup.md" "$work/st/tpsreport.ini"
ln -s /dev/zero "$work/st/results/tuned/bench1/run6.txt"
truncate -s 300M "$work/st/results/tuned/bench1/run7.txt"
for cmd in summary check; do
  rc=0; run $cmd "$work/st" || rc=$?
  [ "$rc" != 124 ] || fail "12: $cmd hung on a FIFO"
  grep -q "tpsreport.ini: not a regular file" "$work/stderr" || { cat "$work/stderr"; fail "12: $cmd: the FIFO ini is not named"; }
done
rc=0; run build --no-png "$work/st" -o "$work/o12" || rc=$?
[ "$rc" != 124 ] || fail "12: build hung on a FIFO"
rm "$work/st/tpsreport.ini"
rc=0; run build --no-png "$work/st" -o "$work/o12" || rc=$?
[ "$rc" = 2 ] && grep -q "writeup.md: not a regular file" "$work/stderr" || { cat "$work/stderr"; fail "12: the FIFO writeup (exit $rc)"; }
rm "$work/st/writeup.md"
rc=0; run build --no-png "$work/st" -o "$work/o12" || rc=$?
[ "$rc" = 0 ] || { cat "$work/stderr"; fail "12: build with a FIFO run file and a huge one (exit $rc)"; }
grep -q "run7.txt: 314572800 bytes, more than the 256 MB" "$work/stderr" || { cat "$work/stderr"; fail "12: the huge file is not named"; }
grep -q "run6.txt: a symbolic link to /dev/zero" "$work/stderr" || fail "12: /dev/zero not named"
echo "ok 12: FIFOs, devices and huge files never hang or swell"

# ---- 13. CSV formula injection ----
fresh
mv "$work/st/results/stock" "$work/st/results/=HYPERLINK(\"http:x\",\"y\")"
mv "$work/st/results/tuned" "$work/st/results/@SUM(1+1)"
mv "$work/st/results/@SUM(1+1)/bench1/run3.txt" "$work/st/results/@SUM(1+1)/bench1/-2+3.txt"
run build --no-png "$work/st" -o "$work/o13" || { cat "$work/stderr"; fail "13: build"; }
python3 - "$work/o13/data/results.csv" "$work/o13/data/runs.csv" <<'PY' || fail "13: formula cells"
import csv, sys
for path in sys.argv[1:]:
    rows = list(csv.reader(open(path, newline='')))
    texts = 0
    for row in rows[1:]:
        for cell in row:
            assert not cell or cell[0] not in '=+-@\t\r' or cell.lstrip('-').replace('.', '', 1).replace('e', '', 1).replace('-', '', 1).isdigit(), (path, cell)
            texts += cell.startswith("'=") or cell.startswith("'@") or cell.startswith("'-")
    assert texts > 0, path
runs = list(csv.DictReader(open(sys.argv[2], newline='')))
assert {r['provider'] for r in runs} == {"'=HYPERLINK(\"http:x\",\"y\")", "'@SUM(1+1)"}, {r['provider'] for r in runs}
assert "'-2+3" in {r['run'] for r in runs}
PY
echo "ok 13: formula cells prefixed"

# ---- 14. control characters in names ----
fresh
esc=$(printf 'run\033]0;pwned\007\033[2J')
cp "$work/st/results/stock/bench1/run1.txt" "$work/st/results/stock/bench1/$esc.txt"
nl=$(printf 'run-a\nforged: warning')
cp "$work/st/results/stock/bench1/run2.txt" "$work/st/results/stock/bench1/$nl.txt"
bad=$(printf 'run-\377')
cp "$work/st/results/stock/bench1/run3.txt" "$work/st/results/stock/bench1/$bad.txt"
echo "garbage" >"$work/st/results/tuned/bench1/$(printf 'x\033[31m.txt')"
for c in "summary" "check" "build --no-png -o $work/o14"; do
  rc=0; run $c "$work/st" || rc=$?
  python3 - "$work/stdout" "$work/stderr" <<'PY' || fail "14: $c printed a control character raw"
import sys
for path in sys.argv[1:]:
    data = open(path, 'rb').read()
    bad = [b for b in data if (b < 0x20 and b not in (0x0a,)) or b == 0x7f or b == 0xff]
    assert not bad, (path, bad[:5])
    lines = [l for l in data.split(b'\n') if l.startswith(b'forged')]
    assert not lines, (path, lines)
PY
done
grep -q 'x\\x1B\[31m.txt' "$work/stderr" || fail "14: the escaped name is not shown"
python3 - "$work/o14/data/runs.csv" <<'PY' || fail "14: runs.csv"
import sys
data = open(sys.argv[1], 'rb').read()
assert not [b for b in data if (b < 0x20 and b not in (0x0a, 0x0d)) or b in (0x7f, 0xff)], 'raw control byte'
assert data.count(b'\r\n') == data.count(b'\n'), 'a row split'
text = data.decode('utf-8')
assert 'run\\x1B]0;pwned\\x07\\x1B[2J' in text and 'run-a\\x0Aforged' in text and 'run-\\xFF' in text, text
PY
echo "ok 14: control characters escaped"

# ---- 15. Liquid / Hugo in report.md ----
fresh
mv "$work/st/results/stock" "$work/st/results/{{ site.github.token }}"
mv "$work/st/results/tuned" "$work/st/results/{% include x %}"
run build --no-png --front-matter "$work/st" -o "$work/o15" || { cat "$work/stderr"; fail "15: build"; }
python3 - "$work/o15/report.md" <<'PY' || fail "15: Liquid in report.md"
import sys
text = open(sys.argv[1], encoding='utf-8').read()
assert text.startswith('---\n')
body = text.split('\n---\n', 1)[1]
# One raw block holds the whole body: Liquid shows it as written.
assert body.startswith('\n{% raw %}\n') and body.endswith('{% endraw %}\n'), body[:40]
inner = body[len('\n{% raw %}\n'):-len('{% endraw %}\n')]
assert 'endraw' not in inner, [l for l in inner.splitlines() if 'endraw' in l][:3]
assert '{{ site.github.token }}' in inner and '{% include x %}' in inner
PY
run build --no-png "$work/st" -o "$work/o15b" || fail "15: build without front matter"
grep -q '{{ site.github.token }}' "$work/o15b/report.md" || fail "15: without front matter the names should stay as written"
echo "ok 15: Liquid kept out with front matter"

# ---- 16. summaries that contradict themselves ----
fresh
d=$work/st/results/stock/bench1
sed 's/^tps = .*/tps = 0.000000 (without initial connection time)/' "$d/run1.txt" >"$d/run4.txt"
sed 's/^tps = .*/tps = 0.0000000001 (without initial connection time)/' "$d/run1.txt" >"$d/run5.txt"
sed 's/^number of failed transactions: .*/number of failed transactions: 50000 (0.000%)/' "$d/run2.txt" >"$d/run6.txt"
# Legitimately more failed than processed (a serialization storm; the
# percentage is of all: 1327 / (964 + 1327) = 57.922%): kept.
sed -e 's/^number of transactions actually processed: .*/number of transactions actually processed: 964/' \
    -e 's/^number of failed transactions: .*/number of failed transactions: 1327 (57.922%)/' \
    -e 's/^tps = .*/tps = 32.133333 (without initial connection time)/' "$d/run3.txt" >"$d/run7.txt"
run build --no-png "$work/st" -o "$work/o16" || { cat "$work/stderr"; fail "16: build"; }
for r in run4 run5 run6; do
  line=$(grep -n '^transaction type:' "$d/$r.txt" | cut -d: -f1)
  grep -q "results/stock/bench1/$r.txt:$line: .*contradicts\|results/stock/bench1/$r.txt:$line: .*not the" "$work/stderr" ||
    { cat "$work/stderr"; fail "16: $r not left out with a warning naming it"; }
done
python3 - "$work/o16/data/runs.csv" <<'PY' || fail "16: runs.csv"
import csv, sys
rows = {r['run']: r for r in csv.DictReader(open(sys.argv[1], newline='')) if r['provider'] == 'stock'}
for r in ('run4', 'run5', 'run6'):
    assert rows[r]['excluded'] == 'true', (r, rows[r]['excluded'])
assert rows['run7']['excluded'] == 'false', rows['run7']
PY
grep -q "run7.txt.*contradicts\|run7.txt.*not the" "$work/stderr" && fail "16: a legitimate failure storm was left out"
echo "ok 16: self-contradicting summaries left out"
finish
