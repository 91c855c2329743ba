#!/usr/bin/env python3
"""Check a page rendered by a real Hugo or Jekyll site from tpsreport's
--layout output (publish_sites.sh builds the sites). Independent of
tpsreport: reads the rendered HTML with Python's own parser.

  publish_sites.py ROOT PAGE URL_PREFIX TITLE DATE

ROOT: the built site folder (public/, _site/); PAGE: the page's HTML file
under ROOT; URL_PREFIX: the site's base path, stripped from absolute URLs
to find files under ROOT. Checks: exactly one h1, the title; DATE shown;
every <img src> and every link to data/ is a file of ROOT; the code the
writeup holds is in the page as written (code blocks and inline code).
"""
import html.parser
import os
import posixpath
import sys
import urllib.parse

root, page, prefix, title, date = sys.argv[1:6]
rel = os.path.relpath(page, root).replace(os.sep, "/")
page_url = prefix.rstrip("/") + "/" + rel
fails = []


class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.h1 = []
        self.in_h1 = self.in_pre = self.in_code = False
        self.imgs, self.links, self.pre, self.code = [], [], [], []
        self.text = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "h1":
            self.in_h1 = True
            self.h1.append("")
        elif tag == "img":
            self.imgs.append(a.get("src", ""))
        elif tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif tag == "pre":
            self.in_pre = True
            self.pre.append("")
        elif tag == "code" and not self.in_pre:
            self.in_code = True
            self.code.append("")

    def handle_endtag(self, tag):
        if tag == "h1":
            self.in_h1 = False
        elif tag == "pre":
            self.in_pre = False
        elif tag == "code":
            self.in_code = False

    def handle_data(self, d):
        self.text.append(d)
        if self.in_h1:
            self.h1[-1] += d
        if self.in_pre:
            self.pre[-1] += d
        if self.in_code:
            self.code[-1] += d


p = P()
with open(page, encoding="utf-8") as f:
    p.feed(f.read())

if [h.strip() for h in p.h1] != [title]:
    fails.append(f"h1s: {p.h1!r}, expected exactly one, the title")
if date not in "".join(p.text):
    fails.append(f"the date {date} is not shown")
if "0001-01-01" in "".join(p.text):
    fails.append("Hugo's zero date is shown")


def target(url):
    u = urllib.parse.urlparse(url)
    path = urllib.parse.unquote(u.path)
    full = posixpath.normpath(posixpath.join(posixpath.dirname(page_url), path)) \
        if not path.startswith("/") else path
    base = prefix.rstrip("/")
    if base and not full.startswith(base + "/"):
        return None
    return os.path.join(root, full[len(base):].lstrip("/"))


if len(p.imgs) < 1:
    fails.append("no image in the page")
for src in p.imgs:
    t = target(src)
    if not t or not os.path.isfile(t):
        fails.append(f"image {src}: no file ({t})")
data = [h for h in p.links if "/data/" in h or h.startswith("data/")]
if sorted(os.path.basename(h) for h in data) != ["results.csv", "results.json", "runs.csv"]:
    fails.append(f"data links: {data}")
for h in data:
    t = target(h)
    if not t or not os.path.isfile(t):
        fails.append(f"link {h}: no file ({t})")

# What the writeup (publish_sites.sh) holds in code, byte for byte.
want_pre = ['{{ site.title }}', '{{table tps}}', '{% raw %}x{% endraw %}',
            '{{< figure src="x" >}}', '{{% notice %}}']
pre = "\n".join(p.pre)
for w in want_pre:
    if w + "\n" not in pre + "\n":
        fails.append(f"code block lacks the line {w!r}: {pre[:300]!r}")
want_code = ['{{chart tps}}', '{{ site.title }}', '{% if x %}', '{{< sc >}}', '{{% n %}}']
for w in want_code:
    if w not in p.code:
        fails.append(f"inline code {w!r} not found as written: {p.code!r}")
# The site's own title (Liquid or Hugo run on the page) is nowhere.
if "SITE-TITLE-MARKER" in "".join(p.text):
    fails.append("the site's title leaked into the page: Liquid ran on it")

for f in fails:
    print("FAIL:", f, file=sys.stderr)
sys.exit(1 if fails else 0)
