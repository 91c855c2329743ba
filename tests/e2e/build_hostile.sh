#!/usr/bin/env bash
# Hostile strings in the ini and in folder names (markup, quotes, "../",
# 5,000 characters, control characters; invalid UTF-8 in folder names, as
# the ini refuses it) come out escaped and
# harmless in every output, chart files get safe names, and nothing is
# written outside OUT: not in the study, not beside OUT.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample

study="$work/in/study"
mkdir -p "$work/in" "$work/site"
cp -r "$sample" "$study"
evil_provider=$'tuned<img src=x onerror=alert(1)> \'q\' "dq" ..x'
# Invalid UTF-8 in a folder name: the folder is left out, with a warning.
cp -r "$study/results/stock" "$study/results/bad"$'\xff\xfe\x01'
evil_scenario=$'bench10 <script>alert(2)</script>'
evil_scenario=${evil_scenario//\//}   # no '/' in a folder name
mv "$study/results/tuned" "$study/results/$evil_provider"
for p in "$study"/results/*/; do mv "$p/bench10" "$p/$evil_scenario"; done
long=$(head -c 5000 /dev/zero | tr '\0' 'L')
python3 - "$study/tpsreport.ini" "$long" <<'PY'
import re, sys
path, long = sys.argv[1], sys.argv[2]
ini = open(path, "rb").read().decode("utf-8")
out, skip = [], False
for line in ini.split("\n"):
    if line.startswith("["):
        # sections of renamed folders go: their labels are their names
        skip = line.strip() in ("[provider tuned]", "[scenario bench10]")
    if skip:
        continue
    if line.startswith("title"):
        line = "title = <script>alert('title')</script> \"quoted\" & ../../etc/passwd \x01"
    if line.startswith("label") and "stock" in line.lower():
        line = "label = <b>stock</b> </td></tr></table><script>alert(3)</script> " + long
    if line.startswith("notes") and "initdb" in line:
        line = "notes = [click](javascript:alert(4)) <iframe src=//evil> `x` | y"
    out.append(line)
# (invalid UTF-8 is refused in the ini: it comes in through folder names)
open(path, "wb").write("\n".join(out).encode("utf-8"))
PY

# The author's writeup: the default one, and a line of invalid UTF-8,
# control characters and markup.
{ cat "$src/templates/writeup.md"; printf '\nA note: caf\xe9 \x01 <script>alert(5)</script> [x](javascript:alert(6))\n'; } \
  >"$study/writeup.md"

before_in=$(snapshot "$work/in" none)
before_site=$(snapshot "$work/site" out)
out="$work/site/out"
"$bin" build "$study" -o "$out" >"$work/log" 2>"$work/err" || fail "build: $(cat "$work/err")"
report_complete "$out"
[ "$(snapshot "$work/in" none)" = "$before_in" ] || fail "the study changed"
[ "$(snapshot "$work/site" out)" = "$before_site" ] || fail "something was written beside OUT"
for f in "$out"/charts/*; do
  [[ $(basename "$f") =~ ^[a-z0-9._-]+$ ]] || fail "chart file name not safe: $f"
done
html_parses "$out/index.html"
html_parses "$out/report.html"
# The warning about the folder name goes to the author, not the reader.
grep -q 'not valid UTF-8' "$work/err" || fail "no warning about the invalid folder name"
grep -q 'not valid UTF-8' "$out/index.html" "$out/report.md" && fail "a reading warning is in the article"
python3 - "$out" <<'PY' || fail "hostile strings were not escaped"
import re, sys
from html.parser import HTMLParser
out = sys.argv[1]
bad = []
class P(HTMLParser):
    def __init__(self, name):
        super().__init__(convert_charrefs=True)
        self.name, self.text = name, []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("script",) and not (self.name == "index.html" and a.get("src") == "assets/sort.js"):
            bad.append("%s: <script %s>" % (self.name, a))
        if tag in ("iframe", "b", "object", "embed") or (tag == "img" and a.get("src") == "x"):
            bad.append("%s: <%s>" % (self.name, tag))
        for k, v in attrs:
            if k.startswith("on"):
                bad.append("%s: attribute %s" % (self.name, k))
            if v and "javascript:" in v:
                bad.append("%s: %s=%s" % (self.name, k, v))
    def handle_data(self, d):
        self.text.append(d)
for name in ("index.html", "report.html"):
    raw = open(out + "/" + name, "rb").read()
    raw.decode("utf-8")  # valid UTF-8 or an exception
    for b in raw:
        if b < 0x20 and b not in (9, 10, 13):
            bad.append("%s: control byte %d" % (name, b)); break
    p = P(name)
    p.feed(raw.decode("utf-8"))
    text = "".join(p.text)
    for s in ("<script>alert('title')</script>", "<img src=x onerror=alert(1)>",
              "</td></tr></table><script>alert(3)</script>", "[click](javascript:alert(4))",
              "L" * 5000, "caf\ufffd \ufffd <script>alert(5)</script>"):
        if s not in text:
            bad.append("%s: %r not shown as text" % (name, s[:40]))
for name in ("report.md", "data/results.json", "data/results.csv", "data/runs.csv"):
    open(out + "/" + name, "rb").read().decode("utf-8")
md = open(out + "/report.md", encoding="utf-8").read()
# (the author's own line of raw HTML stays as written: it is theirs)
for s in ("<script>alert('title')", "<img src=x onerror", "<script>alert(2)",
          "</td></tr></table><script>alert(3)"):
    if re.search(r"(?<!\\)" + re.escape(s), md):
        bad.append("report.md: raw %r" % s)
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY
# cmark-gfm (safe: raw HTML left out) on the Markdown: no element from the strings.
html=$(cmark-gfm "$out/report.md")
! grep -E -q '<(script|iframe|b)[ >]|<img src="x"' <<<"$html" || fail "report.md renders markup from the study"
/usr/bin/python3 "$src/tests/e2e/build_numbers.py" "$study" "$out" >"$work/numbers" ||
  fail "numbers: $(grep FAIL "$work/numbers" | head -3)"
finish
