#!/usr/bin/env bash
# providers_subset.sh: providers=ID,... on a chart and a table (issue 25,
# item 5). On a copy of tests/fixtures/serverscamp-shaped:
#  - {{chart tps providers=sc-test2,aws}} is drawn from those two only, in
#    that order (its legend and bars name ServersCamp Test 2 before AWS,
#    never ServersCamp Test 1), each in the colour it has in the full TPS
#    chart; the chart of the plan stays whole;
#  - {{table tps bench1000 providers=sc-test2,aws}} lists those rows in
#    that order; the median TPS of each row equals the median of the
#    runs' "tps = " lines, read here from the run files;
#  - an unknown id is one error naming the writeup's file and line and the
#    providers there are, exit 2.
# The labels and ids come from the fixture's tpsreport.ini. Cost: two
# builds of a 27-run study, well under a second each.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$TR_SOURCE_DIR/tests/fixtures/serverscamp-shaped" "$tmp/study"
cat > "$tmp/study/writeup.md" <<'EOF'
# Subsets

{{chart tps providers=sc-test2,aws}}

{{table tps bench1000 providers=sc-test2,aws}}
EOF
"$TPSREPORT" build "$tmp/study" -o "$tmp/out" 2>/dev/null >/dev/null ||
  { echo "FAIL: build with providers= failed"; exit 1; }

python3 - "$tmp/study" "$tmp/out" <<'PY'
import glob, os, re, statistics, sys
study, out = sys.argv[1:]
bad = 0
def fail(msg):
    global bad
    print("FAIL:", msg); bad = 1
labels, cur = {}, None
for line in open(os.path.join(study, "tpsreport.ini")):
    if line.startswith("["):
        m = re.match(r"\[provider (\S+)\]", line)
        cur = m.group(1) if m else None
    m = re.match(r"label = (.*)", line)
    if m and cur: labels[cur] = m.group(1).strip()
svg = open(os.path.join(out, "charts", "tps-only-sc-test2-aws.svg")).read()
full = open(os.path.join(out, "charts", "tps.svg")).read()
text = re.findall(r">([^<>]+)</text>", svg)
names = [t for t in text if t in labels.values()]
if not names or names[0] != labels["sc-test2"] or labels["aws"] not in names:
    fail("legend of the subset chart: %r" % names)
if labels["sc-test1"] in svg:
    fail("the subset chart names %s" % labels["sc-test1"])
if labels["sc-test1"] not in full:
    fail("the plan's TPS chart lost a provider")
# colour of each provider: the fill of the legend swatch before its label
def colours(doc):
    cls = dict(re.findall(r"\.(p\d+)\{fill:(#[0-9a-f]{6})", doc))
    got = {}
    for m in re.finditer(r'class="[^"]*\b(p\d+)\b[^"]*"[^>]*/>\s*<text[^>]*>([^<]+)</text>', doc):
        got.setdefault(m.group(2), cls.get(m.group(1)))
    return got
a, b = colours(svg), colours(full)
for p in ("sc-test2", "aws"):
    if a.get(labels[p]) is None or a.get(labels[p]) != b.get(labels[p]):
        fail("colour of %s: %s in the subset, %s in the full chart"
             % (labels[p], a.get(labels[p]), b.get(labels[p])))
md = open(os.path.join(out, "report.md")).read()
rows = [l for l in md.splitlines() if l.startswith("| ") and "---" not in l]
order = [r.split("|")[1].strip() for r in rows[1:]]
if order != [labels["sc-test2"], labels["aws"]]:
    fail("rows of the table: %r" % order)
# the column by its header (a Runs column comes and goes with p (n))
mi = [c.strip() for c in rows[0].split("|")[1:-1]].index("Median TPS")
for r in rows[1:]:
    cells = [c.strip().strip("*") for c in r.split("|")[1:-1]]
    p = [k for k, v in labels.items() if v == cells[0]][0]
    tps = []
    for f in glob.glob(os.path.join(study, "results", p, "bench1000", "run*.txt")):
        m = re.search(r"^tps = ([0-9.]+) \(without initial", open(f).read(), re.M)
        tps.append(float(m.group(1)))
    want = statistics.median(tps)
    got = float(cells[mi].replace(",", ""))
    if abs(got - want) > 0.5:
        fail("median TPS of %s: %s, the runs say %.2f" % (p, cells[mi], want))
sys.exit(bad)
PY

# providers= with the author's title: the subset drawn under that title
# (the chart's title text, and its alt text in report.md starts with it)
printf '# x\n\n{{chart tps providers=aws,sc-test1 title="Two of three"}}\n' > "$tmp/study/writeup.md"
"$TPSREPORT" build "$tmp/study" -o "$tmp/out3" >/dev/null 2>&1 || { echo "FAIL: titled subset build"; exit 1; }
grep -q '>Two of three</text>' "$tmp/out3/charts/tps-only-aws-sc-test1.svg" ||
  { echo "FAIL: the subset chart lost the author's title"; exit 1; }
grep -q '!\[Two of three\. ' "$tmp/out3/report.md" ||
  { echo "FAIL: the alt text does not start with the author's title"; exit 1; }
grep -q 'ServersCamp Test 2' "$tmp/out3/charts/tps-only-aws-sc-test1.svg" &&
  { echo "FAIL: the titled subset chart names a provider left out"; exit 1; }

printf '# x\n\n{{table tps providers=aws,gcp}}\n' > "$tmp/study/writeup.md"
set +e
"$TPSREPORT" build "$tmp/study" -o "$tmp/out2" >/dev/null 2>"$tmp/err"
rc=$?
set -e
[ "$rc" -eq 2 ] || { echo "FAIL: unknown provider: exit $rc, not 2"; exit 1; }
grep -q "writeup.md:3: {{table tps}}: providers=: no provider 'gcp' (there are: aws, sc-test1, sc-test2)" "$tmp/err" ||
  { echo "FAIL: unknown provider's message:"; cat "$tmp/err"; exit 1; }
echo "ok"
