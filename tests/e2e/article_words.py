#!/usr/bin/env python3
"""article_words.py OUT MAX_WORDS: the default article is short, says each
thing once and speaks the reader's language (issue 25).

Counted here, independently of tpsreport's code, from its three files:
- report.md: words (whitespace-separated tokens holding a letter or digit),
  image alt texts aside (they are not shown), at most MAX_WORDS;
- report.md: no sentence of 12 words or more printed twice (sentences split
  at . ! ? ; followed by white space, inside each line; table rows are not
  sentences, their captions and notes are);
- report.md, index.html, report.html: none of tpsreport's own vocabulary
  outside the closing note (the footer): ini file name, sections, keys,
  directive braces, finding ids, the check command, run file paths.
"""
import collections
import html.parser
import re
import sys

FINDING_IDS = ["few-runs", "logs-short", "few-windows", "short-run", "missing-logs",
               "failed-transactions", "window-gap", "run-excluded", "orphan-log",
               "warmup", "differs"]
FORBIDDEN = [r"tpsreport\.ini", r"\\?\[study\\?\]", r"\\?\[provider", r"\\?\[cell\\?\]",
             r"\\?\[fx\\?\]", r"\{\{", r"tpsreport check", r"runs = (median|best|worst)",
             r"results/[\w.-]+/", r"run\d+\.txt", r"init\.txt", r"fact\.\w"]
FORBIDDEN += [r"`%s`" % re.escape(i) for i in FINDING_IDS]
FORBIDDEN += [r"\b%s:" % re.escape(i) for i in FINDING_IDS if "-" in i]


def md_body(text):
    """report.md without front matter and the closing footer."""
    if text.startswith("---\n"):
        text = text[text.index("\n---\n", 4) + 5:]
    cut = text.rfind("\n---\n")
    return text[:cut] if cut >= 0 else text


def words(text):
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", text)
    return [w for w in text.split() if re.search(r"[A-Za-z0-9]", w)]


def repeated_sentences(text):
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", text)
    seen = collections.Counter()
    for line in text.split("\n"):
        if line.lstrip().startswith("|"):
            continue
        line = re.sub(r"[*_`\\]", "", line)
        for s in re.split(r"(?<=[.!?;])\s+", line):
            w = [x for x in s.split() if re.search(r"[A-Za-z0-9]", x)]
            if len(w) >= 12:
                seen[" ".join(w)] += 1
    return [(s, n) for s, n in seen.items() if n > 1]


class Text(html.parser.HTMLParser):
    """The visible text of a page, footer, style and script aside."""
    SKIP = {"footer", "style", "script", "title", "svg"}

    def __init__(self):
        super().__init__()
        self.depth = 0
        self.parts = []

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.depth += 1

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if not self.depth:
            self.parts.append(data)


def main():
    out, max_words = sys.argv[1], int(sys.argv[2])
    bad = 0
    md = md_body(open(out + "/report.md", encoding="utf-8").read())
    n = len(words(md))
    print("report.md: %d words (alt texts aside), at most %d" % (n, max_words))
    if n > max_words:
        print("FAIL too long: %d words" % n)
        bad = 1
    for s, k in repeated_sentences(md):
        print("FAIL printed %d times: %s" % (k, s))
        bad = 1
    pages = {"report.md": md}
    for name in ("index.html", "report.html"):
        p = Text()
        p.feed(open(out + "/" + name, encoding="utf-8").read())
        pages[name] = " ".join(p.parts)
    for name, text in pages.items():
        for pat in FORBIDDEN:
            m = re.search(pat, text)
            if m:
                ctx = text[max(0, m.start() - 60):m.end() + 60].replace("\n", " ")
                print("FAIL %s names tpsreport's internals (%s): ...%s..." % (name, pat, ctx))
                bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main())
