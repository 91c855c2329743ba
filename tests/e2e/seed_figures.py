#!/usr/bin/env python3
"""Recompute the seed-recipe figures of seed_figures.sh from the raw files
of each study, independently of tpsreport (scipy for the Mann-Whitney
tests; Holm, medians, windows and the formatting rules of docs/writeup.md
written here), and compare with the report.md of each build.

usage: seed_figures.py SC SC_OUT CN CN_OUT PGB_CHECKOUT PGB_OUT BIG SMALL
"""
import glob, json, math, os, re, statistics, sys
from decimal import Decimal, ROUND_HALF_EVEN
from scipy.stats import mannwhitneyu

sc, sc_out, cn, cn_out, pgb, pgb_out, big, small = sys.argv[1:9]
fails = []

def check(cond, what):
    if not cond:
        fails.append(what)

# ---- numbers as docs/writeup.md states them ----------------------------------
def fixed(v, dec):
    return str(Decimal(v).quantize(Decimal(1).scaleb(-dec), rounding=ROUND_HALF_EVEN))

def grouped(s):
    neg = s.startswith("-")
    whole, _, frac = s.lstrip("-").partition(".")
    return ("-" if neg else "") + "{:,}".format(int(whole)) + ("." + frac if frac else "")

def tps(v):
    # whole from 100 up, one decimal below (issue 25)
    return grouped(fixed(v, 0 if abs(v) >= 99.95 else 1))

def readable(v, maxdec):
    # three significant digits, at most maxdec decimals
    dec = max(0, min(maxdec, 2 - int(math.floor(math.log10(abs(v)))))) if v else 0
    return grouped(fixed(v, dec))

def trimmed(v, dec):
    s = grouped(fixed(v, dec))
    return s.rstrip("0").rstrip(".") if "." in s else s

def pct(v):
    a = abs(v)
    dec = 1 if a >= 0.095 or a == 0 else 2 if a >= 0.0095 else 3
    s = fixed(v, dec)
    if s.strip("+-0.") == "":
        return "0.0%"
    return ("+" if v > 0 else "") + s + "%"

def x1(r):
    return fixed(r, 2 if r < 0.995 else 1) + "\u00d7"

def change(r, up, down):
    word = up if r > 1 else down
    if r >= 1.5 or r <= 1 / 1.5:
        return trimmed(r if r > 1 else 1 / r, 2) + "\u00d7 " + word
    g = abs(r - 1) * 100
    return fixed(g, 0 if g >= 9.95 else 1) + "% " + word

def duration(v):
    a = abs(v)
    sign = "-" if v < 0 else ""
    if a < 59.95:
        return sign + trimmed(a, 1) + " s"
    if a < 3599.5:
        s = int(Decimal(a).quantize(Decimal(1), rounding="ROUND_HALF_UP"))
        return sign + f"{s // 60} min" + (f" {s % 60} s" if s % 60 else "")
    m = int(Decimal(a / 60).quantize(Decimal(1), rounding="ROUND_HALF_UP"))
    return sign + f"{m // 60} h" + (f" {m % 60} min" if m % 60 else "")

def pval(p):
    return "<0.001" if p < 0.001 else fixed(p, 3)

def verdict_plain(p, na, nb):
    return (" (p=%s, n=%d+%d)" if p <= 0.05 else " \\~ (p=%s, n=%d+%d)") % (pval(p), nb, na)

def verdict_words(p):
    return (" (p=%s)" if p <= 0.05 else " (not significant, p=%s)") % pval(p)

def holm(ps):
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    adj, run = [0.0] * len(ps), 0.0
    for k, i in enumerate(order):
        run = max(run, min(1.0, (len(ps) - k) * ps[i]))
        adj[i] = run
    return adj

def mw(a, b):
    return mannwhitneyu(a, b, alternative="two-sided", method="exact").pvalue

# ---- a study of pgbench text files ---------------------------------------------
def windows(path_txt):
    """Window TPS of a run from its aggregate logs: the intervals every
    thread file has, the first left out (docs/metrics.md, Windows)."""
    stem = path_txt[:-4]
    files = [f for f in glob.glob(stem + ".*") if not f.endswith(".txt")]
    per = []
    for f in files:
        d = {}
        for line in open(f):
            x = line.split()
            d[int(x[0])] = int(x[1])
        per.append(d)
    if not per:
        return None
    starts = sorted(set.intersection(*(set(d) for d in per)))
    if len(starts) < 3:
        return None
    step = min(b - a for a, b in zip(starts, starts[1:]))
    return [sum(d[s] for d in per) / step for s in starts[1:]]

def load(study):
    runs = {}  # (provider, scenario, clients) -> {run id: figures}
    for f in sorted(glob.glob(os.path.join(study, "results", "*", "*", "*.txt"))):
        if os.path.basename(f) == "init.txt":
            continue
        prov, scen = f.split(os.sep)[-3:-1]
        t = open(f).read()
        w = windows(f)
        cov = statistics.pstdev(w) / statistics.mean(w) * 100 if w and len(w) >= 2 else math.nan
        clients = int(re.search(r"^number of clients: (\d+)", t, re.M).group(1))
        runs.setdefault((prov, scen, clients), {})[os.path.basename(f)[:-4]] = {
            "tps": float(re.search(r"^tps = ([0-9.]+) \(without", t, re.M).group(1)),
            "tx": int(re.search(r"^number of transactions actually processed: (\d+)", t, re.M).group(1)),
            "lat": float(re.search(r"^latency average = ([0-9.]+) ms", t, re.M).group(1)),
            "cov": cov}
    return runs

def tags(out):
    return dict(re.findall(r"\[\[([A-Z]\d+):(.*?)\]\]", open(os.path.join(out, "report.md")).read(), re.S))

def tag(got, name, want):
    g = got.get(name)
    g = re.sub(r"\s+", " ", g) if g else g
    check(g == want, f"{name}: report.md has {g!r}, expected {want!r}")

def med(cell, key):
    return statistics.median(r[key] for r in cell.values())

def vals(cell, key):
    return [r[key] for r in cell.values() if not math.isnan(r[key])]

def pair_family(runs, key, pairs_ok):
    """Holm over every pair of cells at one place whose pair pairs_ok
    accepts: {(p, q, place): adjusted p} both ways round."""
    keys, ps = [], []
    places = sorted({k[1:] for k in runs})
    for pl in places:
        provs = sorted(k[0] for k in runs if k[1:] == pl)
        for i, p in enumerate(provs):
            for q in provs[i + 1:]:
                a, b = vals(runs[(p,) + pl], key), vals(runs[(q,) + pl], key)
                if pairs_ok(p, q) and a and b:
                    keys.append((p, q, pl))
                    ps.append(mw(a, b))
    adj = {}
    for k, v in zip(keys, holm(ps)):
        adj[k] = adj[(k[1], k[0], k[2])] = v
    return adj

# ---- serverscamp ------------------------------------------------------------------
R = load(sc)
got = tags(sc_out)
def cell(p, s):
    (k,) = [k for k in R if k[0] == p and k[1] == s]
    return R[k], k[1:]
a3, b3 = cell("aws", "bench1000")[0]["run3"]["tps"], cell("sc-test2", "bench1000")[0]["run3"]["tps"]
tag(got, "S1", tps(a3))
tag(got, "S2", tps(b3))
tag(got, "S3", pct((b3 / a3 - 1) * 100))
d = med(cell("sc-test2", "bench10000")[0], "tx") - med(cell("aws", "bench10000")[0], "tx")
tag(got, "S4", ("+" if d > 0 else "") + grouped(fixed(d, 0)) + " transactions")
aws_price, sc_price = (154.76 + 68.50) * 0.92, 111.36
tag(got, "S5", change(aws_price / sc_price, "more expensive", "cheaper"))
tag(got, "S6", x1(sc_price / aws_price))
tag(got, "S7", duration(1561.67))
tag(got, "S8", duration(38 * 60 + 1.080))
# the study's family: each provider against the baseline (aws) everywhere
study = {}
fam = [(p, k[1:]) for k in R for p in [k[0]] if p != "aws"]
for (p, pl), v in zip(fam, holm([mw(vals(R[("aws",) + pl], "tps"), vals(R[(p,) + pl], "tps"))
                                   for p, pl in fam])):
    study[(p, pl)] = v
c2, pl = cell("sc-test2", "bench10000")
c0, _ = cell("aws", "bench10000")
c1, _ = cell("sc-test1", "bench10000")
g = med(c2, "tps") / med(c0, "tps")
p = study[("sc-test2", pl)]
tag(got, "S9", pct((g - 1) * 100) + verdict_plain(p, len(c2), len(c0)))
tag(got, "S10", change(g, "faster", "slower") + verdict_words(p))
# TPS between two non-baseline providers: the pairs without the baseline
tpsfam = pair_family(R, "tps", lambda p, q: "aws" not in (p, q))
tag(got, "S11", pct((med(c2, "tps") / med(c1, "tps") - 1) * 100)
    + verdict_plain(tpsfam[("sc-test2", "sc-test1", pl)], len(c2), len(c1)))
covfam = pair_family(R, "cov", lambda p, q: True)
cr = max(vals(c2, "cov")) / max(vals(c0, "cov"))
tag(got, "S12", change(cr, "higher TPS CoV", "lower TPS CoV")
    + verdict_words(covfam[("sc-test2", "aws", pl)]))
mean_all = {p: statistics.mean(med(R[k], "tps") for k in R if k[0] == p)
            for p in ("aws", "sc-test1", "sc-test2")}
# report.md is Markdown: a rank is escaped ("\\#2") so that it never starts a heading
tag(got, "S13", "\\#%d of 3" % (1 + sum(v > mean_all["sc-test2"] for v in mean_all.values())))
rs = [med(R[("sc-test2",) + k[1:]], "tps") / med(R[k], "tps") for k in R if k[0] == "sc-test1"]
tag(got, "S14", fixed(min(rs), 2 if min(rs) < 0.995 else 1) + "\u2013" + x1(max(rs)))
tag(got, "S15", change(937.32 / 683.78, "longer", "shorter"))
latfam = pair_family(R, "lat", lambda p, q: True)
d = med(c2, "lat") - med(c0, "lat")
tag(got, "S16", ("+" if d > 0 else "") + trimmed(d, 3) + " ms"
    + verdict_words(latfam[("sc-test2", "aws", pl)]))

# the tables: rows of the Markdown table under the caption that starts so
def table(out, caption):
    lines = open(os.path.join(out, "report.md")).read().split("\n")
    (at,) = [i for i, l in enumerate(lines) if l.startswith("*" + caption)]
    rows = []
    for l in lines[at + 2:]:
        if not l.startswith("|"):
            break
        rows.append([c.strip() for c in l.strip("|").split(" | ")])
    head = rows[0]
    return {r[0]: dict(zip(head[1:], r[1:])) for r in rows[2:]}

def cells(got, want, what):
    for row, cols in want.items():
        for col, v in cols.items():
            g = got.get(row, {}).get(col)
            check(g == v, f"{what}: [{row}][{col}] is {g!r}, expected {v!r}")

label = {"aws": "AWS", "sc-test1": "ServersCamp Test 1", "sc-test2": "ServersCamp Test 2"}
scens = sorted({k[1] for k in R}, key=lambda x: int(x[5:]))
def tilde(p):
    return "" if p <= 0.05 else " \\~"
# T1: each median against aws's as a ratio, "~" from the study's Holm p;
# aws's own place its median TPS, with the unit
want = {label["aws"]: {}}
for s in scens:
    (pl,) = [k[1:] for k in R if k[0] == "aws" and k[1] == s]
    want[label["aws"]][s] = tps(med(R[("aws",) + pl], "tps")) + " TPS"
for p in ("sc-test1", "sc-test2"):
    want[label[p]] = {}
    for s in scens:
        (pl,) = [k[1:] for k in R if k[0] == p and k[1] == s]
        want[label[p]][s] = x1(med(R[(p,) + pl], "tps") / med(R[("aws",) + pl], "tps")) \
            + tilde(study[(p, pl)])
cells(table(sc_out, "median TPS by provider and scenario: the ratio"), want, "T1")
# T2: runs=best on latency: the lowest of the runs' latencies
want = {label[p]: {s: readable(min(vals(cell(p, s)[0], "lat")), 3) for s in scens}
        for p in label}
cells(table(sc_out, "best-run latency avg (ms) by provider"), want, "T2")
# T3: ranking by the worst run's TPS, the gap to the first in TPS
worst = {p: min(vals(cell(p, "bench10000")[0], "tps")) for p in label}
order = sorted(label, key=lambda p: -worst[p])
t3 = table(sc_out, "Ranking: worst-run TPS in bench10000")
for i, p in enumerate(order):
    d = worst[p] - worst[order[0]]
    row = t3.get(str(i + 1), {})
    check(row.get("Provider") == label[p], f"T3: rank {i + 1} is {row.get('Provider')!r}")
    check(row.get("worst-run TPS") == tps(worst[p]), f"T3: {p}'s worst run")
    check(row.get("vs best") == ("" if i == 0 else ("+" if d > 0 else "") + tps(d) + " TPS"),
          f"T3: {p}'s gap {row.get('vs best')!r}")
# T4: best run against sc-test1's best run, percent; TPS between two
# providers that are not the baseline: the pairwise family without it
want = {}
for s in scens:
    (pl,) = [k[1:] for k in R if k[0] == "sc-test1" and k[1] == s]
    want[s] = {label["sc-test1"]: tps(max(vals(R[("sc-test1",) + pl], "tps"))) + " TPS"}
    for p in ("aws", "sc-test2"):
        (pl,) = [k[1:] for k in R if k[0] == p and k[1] == s]
        r = max(vals(R[(p,) + pl], "tps")) / max(vals(R[("sc-test1",) + pl], "tps"))
        fp = study[("sc-test1", pl)] if p == "aws" else tpsfam[("sc-test2", "sc-test1", pl)]
        want[s][label[p]] = pct((r - 1) * 100) + tilde(fp)
cells(table(sc_out, "best-run TPS by scenario and provider"), want, "T4")

# ---- cnpg: the sweep -----------------------------------------------------------------
R = load(cn)
got = tags(cn_out)
def common(p, q, s):
    return sorted(k[1:] for k in R if k[0] == p and k[1] == s and (q,) + k[1:] in R)
ws = common("tuned", "stock", "tpcb-like")
d = statistics.mean(med(R[("tuned",) + w], "lat") for w in ws) - \
    statistics.mean(med(R[("stock",) + w], "lat") for w in ws)
tag(got, "C1", ("+" if d > 0 else "") + trimmed(d, 3) + " ms (mean of %d workloads)" % len(ws))
mt = {p: statistics.mean(med(R[k], "tps") for k in R if k[0] == p) for p in ("stock", "tuned")}
tag(got, "C2", "\\#%d of 2" % (1 + (mt["stock"] > mt["tuned"])))
ws = [w for w in common("tuned", "stock", "select-only")
      if vals(R[("tuned",) + w], "cov") and vals(R[("stock",) + w], "cov")]
cr = statistics.mean(max(vals(R[("tuned",) + w], "cov")) for w in ws) / \
     statistics.mean(max(vals(R[("stock",) + w], "cov")) for w in ws)
tag(got, "C3", change(cr, "higher TPS CoV", "lower TPS CoV") + " (mean of %d workloads)" % len(ws))
gs = []
for s in sorted({k[1] for k in R}):
    ws = common("tuned", "stock", s)
    if ws:
        gs.append((statistics.mean(med(R[("tuned",) + w], "tps") for w in ws) /
                   statistics.mean(med(R[("stock",) + w], "tps") for w in ws) - 1) * 100)
tag(got, "C4", pct(min(gs)) + " \u2013 " + pct(max(gs)))

# ---- PostgresBench, runs = best ---------------------------------------------------------
got = tags(pgb_out)
P = {}
for f in glob.glob(os.path.join(pgb, "*", "results", "*.json")):
    j = json.load(open(f))
    P[(j["system"], j["instance"]["vcpus"])] = j["results"]
ch, ps = P[("ClickHouse", 16)], P[("PlanetScale", 16)]
tag(got, "P1", tps(max(r["tps"] for r in ch)))
# TPS against the baseline: the study's family, both machines
pf = holm([mw([r["tps"] for r in P[("PlanetScale", v)]], [r["tps"] for r in P[("ClickHouse", v)]])
           for v in (4, 16)])
tag(got, "P2", change(max(r["tps"] for r in ch) / max(r["tps"] for r in ps), "faster", "slower")
    + verdict_words(pf[1]))
lc, lp = min(r["latency_avg_ms"] for r in ch), min(r["latency_avg_ms"] for r in ps)
tag(got, "P3", readable(lp, 3))
tag(got, "P4", readable(lc, 3))
lf = holm([mw([r["latency_avg_ms"] for r in P[("ClickHouse", v)]],
              [r["latency_avg_ms"] for r in P[("PlanetScale", v)]]) for v in (4, 16)])
tag(got, "P5", change(lc / lp, "higher latency", "lower latency") + verdict_words(lf[1]))
rs = [statistics.median(r["tps"] for r in P[("ClickHouse", v)]) /
      statistics.median(r["tps"] for r in P[("PlanetScale", v)]) for v in (4, 16)]
tag(got, "P6", fixed(min(rs), 2 if min(rs) < 0.995 else 1) + "\u2013" + x1(max(rs)))

# the tables: best run against best run per machine ("best of three"), and
# latency under [study] runs = best: the lowest of each cell's runs
t5 = table(pgb_out, "best-run TPS by provider and machine")
t6 = table(pgb_out, "best-run latency avg (ms) by provider and machine")
for row in t5:
    key = "ClickHouse" if "ClickHouse" in row else "PlanetScale"
    for col, v in t5[row].items():
        vc = int(col.split()[0])
        if key == "PlanetScale":
            want = tps(max(x["tps"] for x in P[("PlanetScale", vc)])) + " TPS"
            check(v == want, f"T5: {row} {col} is {v!r}, expected {want!r}")
            continue
        r = max(x["tps"] for x in P[("ClickHouse", vc)]) / max(x["tps"] for x in P[("PlanetScale", vc)])
        check(v == x1(r) + tilde(pf[0 if vc == 4 else 1]), f"T5: {row} {col} is {v!r}, expected {x1(r)}")
    for col, v in t6[row].items():
        vc = int(col.split()[0])
        want = readable(min(x["latency_avg_ms"] for x in P[(key, vc)]), 3)
        check(v == want, f"T6: {row} {col} is {v!r}, expected {want!r}")
check(len(t5) == 2 and len(t6) == 2, "T5/T6: two providers")

# the methodology sentence states the rule of [study] runs = best
method = open(os.path.join(pgb_out, "report.md")).read()
check("the lowest value of the runs for each latency figure" in re.sub(r"\s+", " ", method),
      "the methodology does not state runs = best's rule for latency")

for f in fails:
    print("FAIL:", f, file=sys.stderr)
sys.exit(1 if fails else 0)
