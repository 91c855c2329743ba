#!/usr/bin/env bash
# article_words.sh: the default report is an article, not an audit (issue
# 25): on the serverscamp-shaped study (3 providers x 3 scenarios x 3 runs)
# report.md has at most 1,500 words (image alt texts aside), and so has
# samples/stock-vs-tuned (five scenarios, 42 runs, prices, init phases,
# per-transaction logs: 2,046 words before its tables named scenarios by
# their short = and said the price and stability figures once); on both
# and on samples/client-sweep no sentence of 12 words or more is printed twice, and no page names
# tpsreport's configuration, findings or the study's files outside the
# closing note (article_words.py counts, independently of the code).
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

article() { # STUDY NAME MAX_WORDS
  "$TPSREPORT" build "$1" -o "$tmp/out-$2" --no-png >/dev/null 2>"$tmp/$2.err" ||
    { echo "FAIL build $2: $(cat "$tmp/$2.err")"; fail=1; return; }
  echo "== $2"
  python3 "$here/article_words.py" "$tmp/out-$2" "$3" || fail=1
}
article "$TR_SOURCE_DIR/tests/fixtures/serverscamp-shaped" serverscamp 1500
article "$TR_SOURCE_DIR/samples/stock-vs-tuned" stock-vs-tuned 1500
article "$TR_SOURCE_DIR/samples/client-sweep" client-sweep 100000

# A Workload column only where it tells rows of one scenario apart: each
# scenario of stock-vs-tuned ran one workload (its runs share their pgbench
# options), each of client-sweep four (1, 2, 4 and 8 clients).
! grep -q '^| .*| Workload |' "$tmp/out-stock-vs-tuned/report.md" ||
  { echo "FAIL a Workload column in stock-vs-tuned's tables"; fail=1; }
grep -q '^| .*Workload |' "$tmp/out-client-sweep/report.md" ||
  { echo "FAIL no Workload column in client-sweep's tables"; fail=1; }

# The durations said once: the commonest first, then each scenario that
# differs, from the run files' "duration: N s" lines and the ini's names
# (its short =, else its label).
python3 - "$TR_SOURCE_DIR/samples" "$tmp" <<'PY' || fail=1
import collections, glob, os, re, sys
samples, tmp = sys.argv[1:]
bad = 0
for study in ("stock-vs-tuned", "client-sweep"):
    root = os.path.join(samples, study)
    labels, cur = {}, None
    for line in open(os.path.join(root, "tpsreport.ini")):
        m = re.match(r"\[scenario (\S+)\]", line)
        cur = m.group(1) if m else (cur if not line.startswith("[") else None)
        m = re.match(r"(label|short)\s*=\s*(.*)", line)
        if m and cur and (m.group(1) == "short" or cur not in labels):
            labels[cur] = m.group(2).strip()
    durs = collections.defaultdict(set)
    for f in glob.glob(os.path.join(root, "results", "*", "*", "*.txt")):
        m = re.search(r"^duration: (\d+) s$", open(f).read(), re.M)
        if m:
            durs[f.split(os.sep)[-2]].add(int(m.group(1)))
    text = {s: ", ".join("%d s" % d for d in sorted(v)) for s, v in durs.items()}
    common = collections.Counter(text.values()).most_common(1)[0][0]
    want = "- **Duration of each run**: " + common + "".join(
        "; %s in %s" % (t, labels.get(s, s)) for s, t in sorted(text.items()) if t != common)
    got = [l for l in open(os.path.join(tmp, "out-" + study, "report.md")) if l.startswith("- **Duration")]
    if [l.rstrip("\n") for l in got] != [want]:
        print("FAIL %s: durations %r, expected %r" % (study, got, want)); bad = 1
sys.exit(bad)
PY

# The study's reading warnings go to the author: build printed them on
# stderr (sc-test1/bench100/run3 has short logs), the article has none.
grep -q 'sc-test1/bench100/run3.txt' "$tmp/serverscamp.err" ||
  { echo "FAIL build did not tell the author about run3's short logs"; fail=1; }

# The test can fail: the old 55-word footnote under every TPS table.
# (sed alone: `sed | head` under pipefail dies of SIGPIPE when head
# stops reading first, silently, as it did once in CI)
sed -n '1,40{s/$/ p: exact two-sided Mann-Whitney U test on the runs TPS, Holm-adjusted over the comparisons./;p}' \
  "$tmp/out-serverscamp/report.md" > "$tmp/twice.md"
mkdir -p "$tmp/twice" && cp "$tmp/twice.md" "$tmp/twice/report.md"
cp "$tmp/out-serverscamp/index.html" "$tmp/out-serverscamp/report.html" "$tmp/twice/"
python3 "$here/article_words.py" "$tmp/twice" 1500 >/dev/null &&
  { echo "FAIL the counter does not see a repeated sentence"; fail=1; }
[ "$fail" = 0 ] && echo "ok   article_words"
exit "$fail"
