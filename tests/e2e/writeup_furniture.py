#!/usr/bin/env python3
"""Check the headline cards of index.html and the badges of the rank
chart (wide and narrow SVG) of writeup_furniture.sh's build against
figures computed here from the raw pgbench files and the ini's facts.

usage: writeup_furniture.py STUDY OUT
"""
import os, re, statistics, sys
import xml.etree.ElementTree as ET
from decimal import Decimal, ROUND_HALF_EVEN
from html.parser import HTMLParser

study, out = sys.argv[1], sys.argv[2]
fails = []

def check(cond, what):
    if not cond:
        fails.append(what)

def run_tps(prov, scen):
    d = os.path.join(study, "results", prov, scen)
    got = []
    for f in sorted(os.listdir(d)):
        if re.fullmatch(r"run\d+\.txt", f):
            text = open(os.path.join(d, f)).read()
            got.append(float(re.search(r"^tps = ([0-9.]+) \(without", text, re.M).group(1)))
    return got

def tps(v):
    # docs/writeup.md: TPS whole from 100 up, grouped by thousands
    q = Decimal(1) if abs(v) >= 99.95 else Decimal("0.1")
    return "{:,}".format(Decimal(v).quantize(q, rounding=ROUND_HALF_EVEN))

labels = {"stock": "Stock PostgreSQL 15", "tuned": "Tuned PostgreSQL 15"}
kind = {"stock": "Bare metal", "tuned": "Managed"}
med = {p: statistics.median(run_tps(p, "bench100")) for p in labels}

# ---- headline cards: the figure and the short caption, in both pages ----
class Cards(HTMLParser):
    def __init__(self):
        super().__init__()
        self.cards, self.cls = [], None
    def handle_starttag(self, tag, attrs):
        c = dict(attrs).get("class", "")
        if tag == "li" and c == "headline":
            self.cards.append(["", ""])
        elif c in ("headline-figure", "headline-caption"):
            self.cls = c
    def handle_endtag(self, tag):
        self.cls = None
    def handle_data(self, data):
        if self.cls and self.cards:
            self.cards[-1][self.cls == "headline-caption"] += data

want = [[tps(med["tuned"]) + " TPS", "Managed peak \u2014 Tuned PostgreSQL 15, bench100"],
        [tps(med["stock"]) + " TPS", "Stock peak \u2014 Stock PostgreSQL 15, bench100"]]
for page in ("index.html", "report.html"):
    p = Cards()
    p.feed(open(os.path.join(out, page), encoding="utf-8").read())
    check(p.cards == want, f"{page}: cards {p.cards} != {want}")
md = open(os.path.join(out, "report.md"), encoding="utf-8").read()
for fig, cap in want:
    check(f"- **{fig}** {cap}\n" in md, f"report.md: no '- **{fig}** {cap}'")

# ---- journey step cards: figure, change against the step before, note ----
def gap(v):
    s = str(Decimal(v).quantize(Decimal("0.1"), rounding=ROUND_HALF_EVEN))
    return ("+" if v > 0 and s.strip("0.") else "") + s + "%"

class Steps(HTMLParser):
    def __init__(self):
        super().__init__()
        self.steps, self.cls = [], None
    def handle_starttag(self, tag, attrs):
        c = dict(attrs).get("class", "")
        if tag == "li" and c == "step":
            self.steps.append({})
        elif c.startswith("step-"):
            self.cls = c
    def handle_endtag(self, tag):
        self.cls = None
    def handle_data(self, data):
        if self.cls and self.steps:
            self.steps[-1][self.cls] = self.steps[-1].get(self.cls, "") + data

g = (med["tuned"] / med["stock"] - 1) * 100
arrow = "\u25b2" if med["tuned"] > med["stock"] else "\u25bc"
want_steps = [
    {"step-name": labels["stock"], "step-figure": tps(med["stock"]) + " TPS"},
    {"step-name": labels["tuned"], "step-figure": tps(med["tuned"]) + " TPS",
     "step-change": f"{arrow} {gap(g)}", "step-note": "Bigger buffers, fewer checkpoints"},
]
for page in ("index.html", "report.html"):
    p = Steps()
    p.feed(open(os.path.join(out, page), encoding="utf-8").read())
    check(p.steps == want_steps, f"{page}: steps {p.steps} != {want_steps}")
check(f"2. **{labels['tuned']}**: {tps(med['tuned'])} TPS {arrow} {gap(g)}. "
      "Bigger buffers, fewer checkpoints\n" in md, "report.md: journey step 2")

# ---- the rank chart: bars best first, each with its provider's badge ----
order = sorted(labels, key=lambda p: -med[p])
NS = "{http://www.w3.org/2000/svg}"
for f in ("rank-tps-median-bench100.svg", "rank-tps-median-bench100.narrow.svg"):
    root = ET.parse(os.path.join(out, "charts", f)).getroot()
    texts = [(t.get("class"), "".join(t.itertext())) for t in root.iter(NS + "text")]
    badge_texts = [s for c, s in texts if c == "badgetext"]
    check(badge_texts == [kind[p] for p in order], f"{f}: badges {badge_texts}")
    boxes = {r.get("id"): r for r in root.iter(NS + "rect") if "badge" in (r.get("class") or "")}
    for i, p in enumerate(order):
        box = boxes.get(f"rank-tps-median-bench100-badge-{i}")
        check(box is not None, f"{f}: no badge box for bar {i}")
        # one colour per distinct badge: two kinds, two classes
    classes = {b.get("class") for b in boxes.values()}
    check(len(classes) == len(set(kind.values())), f"{f}: badge classes {classes}")
    # the providers' labels, best first (a phone's may be cut with "…")
    drawn = [s for c, s in texts if c == "label" and
             any(labels[p].startswith(s.rstrip("\u2026")) for p in labels)]
    check(len(drawn) == 2 and all(labels[p].startswith(s.rstrip("\u2026"))
                                  for p, s in zip(order, drawn)), f"{f}: labels {drawn}")
    values = [s for c, s in texts if c == "value"]
    check(len(values) == 2 and values[0] == tps(med[order[0]]) and
          values[1].startswith(tps(med[order[1]]) + "  "), f"{f}: values {values}")

if fails:
    for f in fails:
        print("FAIL:", f, file=sys.stderr)
    sys.exit(1)
print("writeup_furniture: cards and badges match")
