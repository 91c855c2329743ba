#!/usr/bin/env bash
# labels_not_links.sh: text from tpsreport.ini (labels, notes, the title)
# is text, never a link: GitHub's autolink extension, which the writeup
# keeps for the author's own writeup.md, made links of URLs and e-mail
# addresses in labels (issue 24). The sample with URLs and addresses in
# its labels, notes and title; index.html and report.html must hold no
# <a> for them, the text must read as written, and report.md rendered by
# cmark-gfm with autolinks (as GitHub renders it) must hold none either.
# An author's own URL in writeup.md stays a link.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
cp -r "$TR_SOURCE_DIR/samples/stock-vs-tuned" "$tmp/study"
$py - "$tmp/study/tpsreport.ini" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
s = s.replace("label  = Stock PostgreSQL 15", "label  = Stock https://evil.example/stock and www.evil.example")
s = s.replace("label  = Tuned PostgreSQL 15", "label  = Tuned mail ops@evil.example or http://evil.example")
s = s.replace("label = bench1 (scale 1, ~20 MB)", "label = bench1 see HTTPS://EVIL.example/b1 ftp://evil.example")
s = s.replace("notes  = Price illustrative. postgresql.conf", "notes  = Price see https://evil.example/n and WWW.evil.example postgresql.conf")
s = s.replace("title    = Stock vs tuned", "title    = Stock (www.evil.example) vs tuned")
open(p, "w").write(s)
PY
printf '# Notes\n\nOur own page: https://example.org/own\n\n{{section intro}}\n\n{{section summary}}\n\n{{section setup}}\n\n{{section methodology}}\n' > "$tmp/study/writeup.md"
"$TPSREPORT" build "$tmp/study" -o "$tmp/out" > "$tmp/build.log" 2>&1 || { echo "FAIL: build: $(cat "$tmp/build.log")"; exit 1; }
cmark-gfm -e table -e autolink -e strikethrough "$tmp/out/report.md" > "$tmp/report-md.html"
$py - "$tmp/out/index.html" "$tmp/out/report.html" "$tmp/report-md.html" <<'PY' || fail=1
import sys, html.parser
class P(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(); s.hrefs = []; s.text = []
    def handle_starttag(s, tag, attrs):
        if tag == "a": s.hrefs.append(dict(attrs).get("href", ""))
    def handle_data(s, d): s.text.append(d)
bad = 0
for f in sys.argv[1:]:
    p = P(); p.feed(open(f, encoding="utf-8").read())
    text = "".join(p.text)
    evil = [h for h in p.hrefs if "evil" in h.lower()]
    if evil:
        print("FAIL %s: links made of labels: %s" % (f, evil)); bad = 1
    for want in ["Stock https://evil.example/stock and www.evil.example",
                 "Tuned mail ops@evil.example or http://evil.example",
                 "HTTPS://EVIL.example/b1 ftp://evil.example"]:
        if want not in text:
            print("FAIL %s: label text %r not shown as written" % (f, want)); bad = 1
    if "index.html" in f and "https://example.org/own" not in p.hrefs:
        print("FAIL %s: the author's own URL is no longer a link" % f); bad = 1
sys.exit(bad)
PY
[ $fail -eq 0 ] && echo "labels_not_links: all passed"
exit $fail
