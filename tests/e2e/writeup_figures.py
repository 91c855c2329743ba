#!/usr/bin/env python3
"""Check the figure directives of a built report against figures computed
here, independently of tpsreport, from the raw pgbench files of the study:
sweep averages, any-pair comparisons, fmt=words/x1/k, best/worst, journeys,
pivots (with a missing cell), rankings, headlines and [cell] facts.

usage: writeup_figures.py STUDY OUT
The writeup (written by writeup_figures.sh) tags each figure as [[Vn:...]].
"""
import json, math, os, re, statistics, sys
from decimal import Decimal, ROUND_HALF_EVEN
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import oracle

study, out = sys.argv[1], sys.argv[2]
fails = []

def check(cond, what):
    if not cond:
        fails.append(what)

# ---- the raw runs: tps and latency average from pgbench's own summary ----
cells = {}  # (provider, scenario, clients) -> list of (tps, latency)
for prov in sorted(os.listdir(os.path.join(study, "results"))):
    for scen in sorted(os.listdir(os.path.join(study, "results", prov))):
        d = os.path.join(study, "results", prov, scen)
        for f in sorted(os.listdir(d)):
            if not f.endswith(".txt") or f == "init.txt":
                continue
            text = open(os.path.join(d, f)).read()
            tps = float(re.search(r"^tps = ([0-9.]+) \(without", text, re.M).group(1))
            lat = float(re.search(r"^latency average = ([0-9.]+) ms", text, re.M).group(1))
            clients = int(re.search(r"^number of clients: (\d+)", text, re.M).group(1))
            cells.setdefault((prov, scen, clients), []).append((tps, lat))

def med_tps(p, s, c):
    return statistics.median(t for t, _ in cells[(p, s, c)])

def med_lat(p, s, c):
    return statistics.median(l for _, l in cells[(p, s, c)])

def keys(p, s=None):
    return sorted(k for k in cells if k[0] == p and (s is None or k[1] == s))

def mean_tps(p, s=None):
    return statistics.mean(med_tps(*k) for k in keys(p, s))

def mean_lat(p, s=None):
    return statistics.mean(med_lat(*k) for k in keys(p, s))

# ---- formatting, as docs/writeup.md states it -----------------------------
def fixed(v, dec):
    # printf rounding of the binary value: Decimal(v) is exact
    q = Decimal(1).scaleb(-dec)
    return str(Decimal(v).quantize(q, rounding=ROUND_HALF_EVEN))

def grouped(s):
    neg = s.startswith("-")
    s = s.lstrip("-")
    whole, _, frac = s.partition(".")
    whole = "{:,}".format(int(whole))
    return ("-" if neg else "") + whole + ("." + frac if frac else "")

def tps(v):
    # whole from 100 up, one decimal below (issue 25)
    return grouped(fixed(v, 0 if abs(v) >= 99.95 else 1))

def ms(v):
    # 3 significant digits, at most 3 decimals
    if v == 0:
        return "0"
    dec = max(0, min(3, 2 - int(math.floor(math.log10(abs(v))))))
    return grouped(fixed(v, dec))

def gap(v):
    s = fixed(v, 1)
    return ("+" if v > 0 and s.strip("0.") else "") + s + "%"

def words(g):
    s = fixed(abs(g), 0 if abs(g) >= 9.95 else 1)
    return "the same" if s.strip("0.") == "" else s + "% " + ("higher" if g > 0 else "lower")

def change(ratio, up, down):
    # docs/writeup.md: times from a ratio of 1.5 (or 1/1.5) on, up to two
    # decimals without trailing zeros; percent below; the catalog's words
    word = up if ratio > 1 else down
    if ratio >= 1.5 or ratio <= 1 / 1.5:
        x = fixed(ratio if ratio > 1 else 1 / ratio, 2).rstrip("0").rstrip(".")
        return x + "\u00d7 " + word
    g = abs(ratio - 1) * 100
    return fixed(g, 0 if g >= 9.95 else 1) + "% " + word

def x1(ratio):
    return fixed(ratio, 2 if ratio < 0.995 else 1) + "\u00d7"

report = open(os.path.join(out, "report.md")).read()
tags = dict(re.findall(r"\[\[(V\d+):(.*?)\]\]", report))

def tag(name, want):
    got = tags.get(name)
    check(got == want, f"{name}: report.md has {got!r}, expected {want!r}")

P, Q = "stock", "tuned"
LS, LQ = "Stock PostgreSQL 15", "Tuned PostgreSQL 15"
# value with * and agg=
tag("V1", tps(mean_tps(Q, "select-only")))
tag("V2", tps(statistics.median(med_tps(*k) for k in keys(Q, "select-only"))))
tag("V3", tps(min(med_tps(*k) for k in keys(Q, "tpcb-like"))))
tag("V4", tps(max(med_tps(*k) for k in keys(Q, "tpcb-like"))))
tag("V5", tps(mean_tps(Q)))
# stock has no 8-client TPC-B cell that tuned has: the aggregate says so
places = {k[1:] for k in cells if k[1] == "tpcb-like"}
tag("V6", "%s (over %d of %d cells; %d without latency_avg_ms)"
    % (ms(mean_lat(P, "tpcb-like")), len(keys(P, "tpcb-like")), len(places),
       len(places) - len(keys(P, "tpcb-like"))))
# compare: the gap of the averages over the workloads both sides have
# (stock has no 8-client TPC-B cell: it is left out on both sides)
def paired(p, q, s, f):
    common = [k[1:] for k in keys(p, s) if (q,) + k[1:] in cells]
    return (statistics.mean(f(p, *k) for k in common),
            statistics.mean(f(q, *k) for k in common), len(common))
a, b, n = paired(Q, P, "tpcb-like", med_tps)
tag("V7", change(a / b, "faster", "slower") + f" (mean of {n} workloads)")
tag("V8", x1(a / b) + f" (mean of {n} workloads)")
a, b, n = paired(Q, P, None, med_lat)
tag("V9", change(a / b, "higher latency", "lower latency") + f" (mean of {n} cells)")
a, b, n = paired(P, Q, "tpcb-like", med_tps)
tag("V10", gap((a / b - 1) * 100) + f" (mean of {n} workloads)")
# k: thousands, 3 significant digits
v = mean_tps(Q, "select-only") / 1000
tag("V11", grouped(fixed(v, 1 if v < 100 else 0)) + "K")
# best / worst cell, and the best provider by its mean
allk = list(cells)
bk = max(allk, key=lambda k: med_tps(*k))
tag("V12", f"{tps(med_tps(*bk))} TPS, {LQ if bk[0] == Q else LS}, {bk[1]} (scale 10), "
           f"{bk[2]} client{'s' if bk[2] != 1 else ''} / {min(bk[2], 2)} thread{'s' if min(bk[2], 2) != 1 else ''}")
wk = min(keys(P, "tpcb-like") + keys(Q, "tpcb-like"), key=lambda k: med_tps(*k))
check(tags.get("V13", "").startswith(tps(med_tps(*wk)) + " TPS, "), f"V13: {tags.get('V13')!r}")
lk = min(allk, key=lambda k: med_lat(*k))
check(tags.get("V14", "").startswith(ms(med_lat(*lk)) + " ms, "), f"V14: {tags.get('V14')!r}")
bp = max((P, Q), key=mean_tps)
tag("V15", f"{tps(mean_tps(bp))} TPS, {LS if bp == P else LQ} (mean of {len(keys(bp))} cells)")
# per-transaction percentiles do not exist in this study: a dash
tag("V16", "\u2013")

def table_after(caption_start):
    i = report.find(caption_start)
    check(i >= 0, f"no table captioned {caption_start!r}")
    rows = []
    for line in report[i:].split("\n")[2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows[2:] if len(rows) > 2 else []

# pivot: provider x scenario, means, with "all"
rows = table_after("*median TPS by provider and scenario (mean")
want = [[LS] + [tps(mean_tps(P, s)) for s in ("select-only", "simple-update", "tpcb-like")]
        + [tps(mean_tps(P))],
        [LQ] + [tps(mean_tps(Q, s)) for s in ("select-only", "simple-update", "tpcb-like")]
        + [tps(mean_tps(Q))]]
check(rows == want, f"pivot: {rows} != {want}")
# pivot by clients with a missing cell (the sh script removed stock's c8 tpcb runs)
rows = table_after("*median TPS by clients and provider, tpcb-like")
want = []
for c in (1, 2, 4, 8):
    want.append([f"{c} client{'s' if c != 1 else ''}",
                 tps(med_tps(P, "tpcb-like", c)) if (P, "tpcb-like", c) in cells else "\u2013",
                 tps(med_tps(Q, "tpcb-like", c))])
check(rows == want, f"pivot clients: {rows} != {want}")
check("\u2013: no usable runs with this figure there" in report, "pivot: no note for the dash")
# journey: tuned -> stock on select-only means
rows = table_after("*Journey: median TPS in select-only")
a, b = mean_tps(Q, "select-only"), mean_tps(P, "select-only")
want = [["1", LQ, tps(a), "", "", "4"], ["2", LS, tps(b), gap((b / a - 1) * 100),
                                           gap((b / a - 1) * 100), "4"]]
check(rows == want, f"journey: {rows} != {want}")
# rank by mean latency, lower first
rows = table_after("*Ranking: latency avg (ms)")
order = sorted((P, Q), key=mean_lat)
want = [["1", LS if order[0] == P else LQ, ms(mean_lat(order[0])), "", "12" if order[0] == Q else "11"],
        ["2", LS if order[1] == P else LQ, ms(mean_lat(order[1])),
         gap((mean_lat(order[1]) / mean_lat(order[0]) - 1) * 100), "12" if order[1] == Q else "11"]]
check(rows == want, f"rank: {rows} != {want}")
# charts of a rank and a journey: bars in order, coloured by provider
# (p0 stock, p1 tuned), with the gap after the value
def svg(name):
    path = os.path.join(out, "charts", name + ".svg")
    check(os.path.exists(path), f"no chart {name}")
    return open(path).read() if os.path.exists(path) else ""
doc = svg("rank-latency-avg-ms-all")
bars = re.findall(r'class="bar (p\d)"', doc)
check(bars == ["p" + str((P, Q).index(x)) for x in order], f"rank chart order {bars}")
check(gap((mean_lat(order[1]) / mean_lat(order[0]) - 1) * 100) + " vs best" in doc,
      "rank chart: gap to the best")
doc = svg("journey-tps-median-select-only")
check(re.findall(r'class="bar (p\d)"', doc) == ["p1", "p0"], "journey chart order")
a, b = mean_tps(Q, "select-only"), mean_tps(P, "select-only")
check(gap((b / a - 1) * 100) + " vs previous" in doc, "journey chart: the step's change")
check('src="charts/journey-tps-median-select-only.svg"' in open(os.path.join(out, "index.html")).read(),
      "index.html: the journey chart")
check("charts/rank-latency-avg-ms-all.svg" in report, "report.md: the rank chart")

# {{table tps S vs=Q}}: stock against tuned, the exact Mann-Whitney p
# (the oracle's). The study's comparisons (each provider against the
# baseline, stock, at every place both have) are the Holm family of a TPS
# test with the baseline.
family = sorted(k[1:] for k in cells if k[0] == Q and (P,) + k[1:] in cells)
family_p = dict(zip(family, oracle.holm([oracle.mw_p([t for t, _ in cells[(P,) + k]],
                                                     [t for t, _ in cells[(Q,) + k]])
                                         for k in family])))
rows = table_after("*TPS and latency against Tuned PostgreSQL 15 in tpcb-like")
got = {r[0]: r for r in rows}
for c in (1, 2, 4):
    key = f"TPC-B, {c} client{'s' if c != 1 else ''}, {min(c, 2)} thread{'s' if min(c, 2) != 1 else ''}, prepared"
    want_row = [r for r in rows if r[0] == key and r[1] == LS]
    check(len(want_row) == 1, f"tps vs: no row for {key}: {rows}")
    if not want_row:
        continue
    r = want_row[0]
    a = [t for t, _ in cells[(P, "tpcb-like", c)]]
    b = [t for t, _ in cells[(Q, "tpcb-like", c)]]
    g = (statistics.median(a) / statistics.median(b) - 1) * 100
    pv = family_p[("tpcb-like", c)]
    check(r[7] == gap(g) + ("" if pv <= 0.05 else " \\~"), f"tps vs gap {key}: {r[7]} vs {gap(g)}")
    check(r[8] == f"{fixed(pv, 3)} ({len(b)}+{len(a)})", f"tps vs p {key}: {r[8]} vs {pv}")

# [cell] facts: tpcb-like setup
rows = table_after("*Setup in tpcb-like")
check(any(r[0] == LQ and "tmpfs" in r and "15.18" in r and "0.1" in r for r in rows),
      f"setup: {rows}")
check(any(r[0] == LS and "ext4" in r and "15" in r for r in rows), f"setup stock: {rows}")
# the regime uses the cell's ram_gb: 0.1 GB for ~150 MB of data
res = json.load(open(os.path.join(out, "data", "results.json")))
reg = {s["id"]: s["regime"] for s in res["scenarios"]}
check(reg["tpcb-like"]["tuned"] == "partly cached", f"regime: {reg['tpcb-like']}")
check(reg["select-only"]["tuned"] == "in memory", f"regime: {reg['select-only']}")
# headlines: a list in Markdown, a row in both HTML files
check(f"- **{tps(med_tps(*bk))} TPS** peak TPS \u2014 " in report, "headline in report.md")
for page in ("index.html", "report.html"):
    html = open(os.path.join(out, page)).read()
    check(html.count('class="headline"') == 2, f"{page}: two headlines")
    check(tps(mean_tps(Q, "select-only")) in html, f"{page}: V1 missing")
    check('<table class="md-table">' in html and "<del>gone</del>" in html,
          f"{page}: the author's GFM table and strikethrough")
# results.json: the aggregates behind the averages
agg = {(a["provider"], a["scenario"]): a for a in res["aggregates"]}
for p in (P, Q):
    got = agg[(p, "*")]["metrics"]["tps_median"]["mean"]
    check(abs(got - mean_tps(p)) < 1e-9 * mean_tps(p), f"aggregates {p}: {got}")
    got = agg[(p, "select-only")]["metrics"]["latency_avg_ms"]["median"]
    want = statistics.median(med_lat(*k) for k in keys(p, "select-only"))
    check(abs(got - want) < 1e-12, f"aggregates {p} latency median: {got} != {want}")
sets = {(u["provider"], u["scenario"]): u for u in res["setups"]}
check(sets[(Q, "tpcb-like")]["facts"] == {"pg": "15.18", "disk": "tmpfs"},
      f"setups: {sets.get((Q, 'tpcb-like'))}")

if fails:
    for f in fails:
        print("FAIL:", f, file=sys.stderr)
    sys.exit(1)
print("writeup_figures: all figures match")
