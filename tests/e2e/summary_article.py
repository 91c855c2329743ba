#!/usr/bin/env python3
"""The default report reads like an article, and its words are true.

    summary_article.py STUDY OUT [MAX_WORDS]
    summary_article.py STUDY --charts DIR   (the bars of DIR's charts only:
                                             chart_golden.sh's golden files)

OUT is what `tpsreport build STUDY -o OUT --no-png` wrote. Everything
expected here is recomputed from the study's raw files, with the
statistics of the oracle module (tests/lib/oracle.py) (pgbench's own `tps =` and `latency average =` lines,
aggregate logs), never read from results.json:

- the Summary section: at most MAX_WORDS words (chart alt text left out);
  one bullet per scenario (per workload, or per sweep); each bullet's
  leader, the gap, p (exact Mann-Whitney by enumeration, Holm), n, the
  verdict, the TPS figures and whether the runs overlap; a sweep's
  "faster in k of n", its median gap and its Wilcoxon p (all 2^n sign
  patterns, Holm over the paired tests);
- the caveat about too few runs is said at most once in the whole report;
- every "vs baseline" table cell shows a magnitude with its verdict;
- the value of every bar of the tps, latency, cov, p95, cost and value
  charts (the bar's title and its height) against the same recomputation.
Exits 1 listing every mismatch.
"""
import configparser, os, re, sys
from statistics import median
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import oracle

study, out = sys.argv[1], sys.argv[2]
charts_only = out == "--charts"
charts = sys.argv[3] if charts_only else os.path.join(out, "charts")
max_words = int(sys.argv[3]) if len(sys.argv) > 3 and not charts_only else None
errors, checked = [], 0


def ok(cond, what):
    global checked
    checked += 1
    if not cond:
        errors.append(what)


# ---- the raw study ------------------------------------------------------
ini = configparser.ConfigParser(inline_comment_prefixes=(";",), interpolation=None)
ini.read(os.path.join(study, "tpsreport.ini"))
pick = ini.get("study", "runs", fallback="median")
provs = sorted(os.listdir(os.path.join(study, "results")))
plabel = {p: ini.get(f"provider {p}", "label", fallback=p) for p in provs}
baseline = ini.get("study", "baseline", fallback=provs[0])


cells = {}   # (provider, scenario, workload) -> list of runs
scen_order = []
for p in provs:
    for s in os.listdir(os.path.join(study, "results", p)):
        d = os.path.join(study, "results", p, s)
        for name in sorted(os.listdir(d)):
            if not name.endswith(".txt"):
                continue
            t = open(os.path.join(d, name), errors="replace").read()
            m = re.search(r"^tps = ([0-9.]+) \(without", t, re.M)
            if not m:
                continue
            wl = tuple(re.search(rx, t, re.M)[1] for rx in (
                r"^transaction type: (.*)$", r"^number of clients: (\d+)",
                r"^number of threads: (\d+)", r"^query mode: (\w+)"))
            stem = name[:-4]
            logs = [n for n in os.listdir(d) if re.fullmatch(re.escape(stem) + r"\.\d+(\.\d+)?", n)]
            pid = max((int(n.split(".")[1]) for n in logs), default=None)
            files = [os.path.join(d, n) for n in logs if int(n.split(".")[1]) == pid]
            first = open(files[0]).readline().split() if files else []
            if len(first) >= 6 and int(first[0]) > 10**8:
                win, wlat = oracle.agg_windows(files)
            else:   # -P lines, in the output or beside it; the first left out
                prog = t + (open(os.path.join(d, stem + ".progress")).read()
                            if os.path.exists(os.path.join(d, stem + ".progress")) else "")
                win, wlat = oracle.progress_windows(prog)
            st = oracle.stability(win, wlat)
            cells.setdefault((p, s, wl), []).append({
                "tps": float(m[1]),
                "lat": float(re.search(r"^latency average = ([0-9.]+) ms", t, re.M)[1]),
                "cov": st and st["tps_cov_pct"],
                "p95": st and st["latency_p95_ms"]})
scen_ids = sorted({k[1] for k in cells})
order = [s.split(None, 1)[1] for s in ini.sections() if s.startswith("scenario ")]
scen_ids = [s for s in order if s in scen_ids] + [s for s in scen_ids if s not in order]
slabel = {s: ini.get(f"scenario {s}", "label", fallback=s) for s in scen_ids}


def headline(runs):
    v = [r["tps"] for r in runs]
    return {"best": max, "worst": min}.get(pick, median)(v)


def short_type(t):
    return {"<builtin: TPC-B (sort of)>": "TPC-B", "<builtin: select only>": "select-only",
            "<builtin: simple update>": "simple-update"}.get(t, t)


# Sweeps: a scenario's transaction type with >= 2 combinations.
sweep = {}
for (p, s, wl) in cells:
    sweep.setdefault((s, short_type(wl[0])), set()).add(wl)
sweep = {k: v for k, v in sweep.items() if len(v) >= 2}

comparisons = {}   # (provider, scenario, workload) -> raw p
for (p, s, wl), runs in cells.items():
    if p != baseline and (baseline, s, wl) in cells:
        comparisons[(p, s, wl)] = oracle.mw_p([r["tps"] for r in cells[(baseline, s, wl)]],
                                              [r["tps"] for r in runs])
keys = list(comparisons)
padj = dict(zip(keys, oracle.holm([comparisons[k] for k in keys])))


paired = {}
for (s, ty), wls in sweep.items():
    for p in provs:
        if p == baseline:
            continue
        pairs = [(median(r["tps"] for r in cells[(baseline, s, w)]),
                  median(r["tps"] for r in cells[(p, s, w)]))
                 for w in wls if (p, s, w) in cells and (baseline, s, w) in cells]
        if len(pairs) >= 2:
            paired[(s, ty, p)] = (pairs, oracle.signed_rank(pairs)[1])
pk = [k for k in paired if paired[k][1] is not None]
padj_paired = dict(zip(pk, oracle.holm([paired[k][1] for k in pk])))


# ---- formatting as the report does (docs: fmt.c rules, written here) -----
def f_tps(v):
    # whole from 100 up, one decimal below (issue 25)
    return f"{v:,.0f}" if abs(v) >= 99.95 else f"{v:,.1f}"


def f_gap(v):
    s = f"{v:.1f}"
    return ("+" + s if v > 0 and s.strip("0.") else s) + "%"


def f_p(v):
    return "<0.001" if v < 0.001 else f"{v:.3f}"


def md_unescape(s):
    return re.sub(r"\\(.)", r"\1", s)


if not charts_only:
    # ---- the summary --------------------------------------------------------
    md = open(os.path.join(out, "report.md")).read()
    m = re.search(r"^## Summary\n(.*?)(?=^## )", md, re.S | re.M)
    ok(m is not None, "no Summary section")
    summary = m[1] if m else ""
    text = "\n".join(l for l in summary.split("\n") if not l.startswith("!["))
    words = len(md_unescape(text).split())
    print(f"summary: {words} words")
    if max_words:
        ok(words <= max_words, f"summary has {words} words, more than {max_words}")
    ok(summary.find("![") > summary.rfind("\n- "), "the chart comes after the list")
    bullets = [md_unescape(l[2:]) for l in summary.split("\n") if l.startswith("- ")]
    expected_bullets = sum(1 for s in scen_ids for wl in {k[2] for k in cells if k[1] == s}
                           if (s, short_type(wl[0])) not in sweep) + \
        len({(s, ty) for (s, ty, p) in paired})
    ok(len(bullets) == expected_bullets, f"{len(bullets)} bullets, expected {expected_bullets}")

    NUM = r"([+-]?[0-9][0-9,]*\.?[0-9]*)"
    for b in bullets:
        ms = re.match(r"\*\*(.+?)\*\*(?: \((.+?)\))?: \*\*(.+?)\*\* leads (.+?) by " + NUM +
                      r"% \(p=([<0-9.]+), n=(\d+)\+(\d+)\), (not significant|significant); " +
                      NUM + " vs " + NUM + r" (median|best-run|worst-run) TPS(; the runs (do not )?overlap)?(.*)\.$", b)
        mw = re.match(r"\*\*(.+?)\*\* \((\d+) client/thread combinations(?: of (.+?))?\): (.*)\.$", b)
        if ms:
            s = next((x for x in scen_ids if slabel[x] == ms[1]), None)
            ok(s is not None, f"unknown scenario in {b!r}")
            if s is None:
                continue
            wls = {k[2] for k in cells if k[1] == s and (s, short_type(k[2][0])) not in sweep}
            hits = []
            for wl in wls:
                here = {p: cells[(p, s, wl)] for p in provs if (p, s, wl) in cells}
                lead = max(here, key=lambda p: headline(here[p]))
                other = baseline if lead != baseline else max(
                    (p for p in here if p != lead), key=lambda p: headline(here[p]))
                cmpk = (lead if lead != baseline else other, s, wl)
                L, O = here[lead], here[other]
                exp = (plabel[lead], plabel[other], f_gap((headline(L) / headline(O) - 1) * 100),
                       f_p(padj[cmpk]), str(len(here[baseline])), str(len(here[cmpk[0]])),
                       "significant" if padj[cmpk] <= 0.05 else "not significant",
                       f_tps(headline(L)), f_tps(headline(O)),
                       {"best": "best-run", "worst": "worst-run"}.get(pick, "median"))
                got = (ms[3], ms[4], ms[5] + "%", ms[6], ms[7], ms[8], ms[9], ms[10], ms[11], ms[12])
                overlap_ok = True
                if len(L) > 1 and len(O) > 1:
                    apart = min(r["tps"] for r in L) > max(r["tps"] for r in O)
                    overlap_ok = ms[13] is not None and (ms[14] is not None) == apart
                others_ok = True
                for p in here:
                    if p in (lead, other, baseline):
                        continue
                    k = (p, s, wl)
                    want = f"; {plabel[p]} against {plabel[baseline]}: " + \
                        f_gap((headline(here[p]) / headline(here[baseline]) - 1) * 100) + \
                        f" (p={f_p(padj[k])}, n={len(here[baseline])}+{len(here[p])})"
                    others_ok &= want in (ms[15] or "")
                hits.append(got == exp and overlap_ok and others_ok)
                if not hits[-1]:
                    print(f"  expected {exp}\n  got      {got} overlap_ok={overlap_ok} others_ok={others_ok}")
            ok(any(hits), f"sentence does not match the raw files: {b!r}")
        elif mw:
            s = next((x for x in scen_ids if slabel[x] == mw[1]), None)
            ok(s is not None, f"unknown scenario in {b!r}")
            for (ss, ty, p), (pairs, praw) in paired.items():
                if ss != s or (mw[3] and mw[3] != ty):
                    continue
                faster = sum(y > x for x, y in pairs)
                slower = sum(y < x for x, y in pairs)
                ahead = faster >= slower
                want = (f"**{plabel[p] if ahead else plabel[baseline]}** is faster than "
                        f"{plabel[baseline] if ahead else plabel[p]} in {faster if ahead else slower} "
                        f"of {len(pairs)} ({plabel[p]}'s median gap "
                        f"{f_gap(median((y / x - 1) * 100 for x, y in pairs))}, "
                        f"p={f_p(padj_paired[(s, ty, p)])}, {len(pairs)} pairs), "
                        f"{'significant' if padj_paired[(s, ty, p)] <= 0.05 else 'not significant'}")
                ok(want in mw[4], f"sweep sentence {b!r} lacks {want!r}")
                ok(mw[2] == str(len(pairs)), f"sweep {b!r}: {mw[2]} combinations, expected {len(pairs)}")
        else:
            ok(False, f"bullet of no known form: {b!r}")

    # ---- caveats once, magnitudes always ------------------------------------
    ok(md.count("runs per side to reach") <= 1, "the few-runs caveat is repeated")
    ok("Too few runs to tell" not in md, "the old per-comparison caveat is back")
    for line in md.split("\n"):
        if line.startswith("|") and "\\~" in line:
            for cell in line.split("|"):
                if cell.strip() == "\\~" or cell.rstrip().endswith(" \\~"):
                    ok(re.fullmatch(r"\s*[+-]?[0-9.]+% \\~\s*", cell) is not None,
                       f"a verdict without its magnitude: {cell!r} in {line[:80]!r}")

# ---- bars: every bar of the tps, latency and cov charts -----------------
# Monthly price in the report currency, from the ini ([fx] rates).
currency = ini.get("study", "currency", fallback=None)
fx = {k.upper(): float(v) for k, v in ini.items("fx") if re.fullmatch(r"[a-z]{3}", k)} \
    if ini.has_section("fx") else {}
monthly = {}
for p in provs:
    price = ini.get(f"provider {p}", "price", fallback=None)
    if price:
        total = 0
        for part in price.split("+"):
            amt, cur, per = re.search(r"([0-9.]+)\s+([A-Z]{3})/(month|hour)", part).groups()
            total += float(amt) * (730 if per == "hour" else 1) * (1.0 if cur == currency else fx[cur])
        monthly[p] = total


def bar_values(kind):
    vals = {}
    for (p, s, wl), runs in cells.items():
        tps = median(r["tps"] for r in runs)
        if kind == "tps":
            v = headline(runs)
        elif kind == "latency":
            v = median(r["lat"] for r in runs)
        elif kind == "p95":
            c = [r["p95"] for r in runs if r["p95"] is not None]
            v = median(c) if c else None
        elif kind == "cost":
            v = monthly[p] / tps if p in monthly else None
        elif kind == "value":
            v = tps / monthly[p] * 100 if p in monthly else None
        else:
            c = [r["cov"] for r in runs if r["cov"] is not None]
            v = max(c) if c else None
        if v is not None:
            vals.setdefault((plabel[p], slabel[s]), []).append(v)
    return vals


nbars = 0
for kind in ("tps", "latency", "cov", "p95", "cost", "value"):
    for f in sorted(os.listdir(charts)):
        if not re.fullmatch(kind + r"(-.*)?\.svg", f):
            continue
        svg = open(os.path.join(charts, f)).read()
        # upright bars: the height stands for the value; a phone's
        # rendition (NAME.narrow.svg) lays them across: the width does
        if f.endswith(".narrow.svg"):
            bars = re.findall(r'<rect id="[^"]*-bar-[^"]*" class="bar p\d+" x="[0-9.]+" y="[0-9.]+" '
                              r'width="([0-9.]+)" height="[0-9.]+">\s*<title>([^<]*)</title>', svg)
        else:
            bars = re.findall(r'<rect id="[^"]*-bar-[^"]*" class="bar p\d+" x="[0-9.]+" y="[0-9.]+" '
                              r'width="[0-9.]+" height="([0-9.]+)">\s*<title>([^<]*)</title>', svg)
        ok(bars, f"{f}: no bars found")
        nbars += len(bars)
        want = bar_values(kind)
        matched = []   # (height, the raw value the bar stands for)
        for h, title in bars:
            title = title.replace("&amp;", "&")
            head, _, rest = title.partition(": ")
            prov, _, scen = head.partition(" \u00b7 ")
            scen = re.sub(r" \u00b7 .*$", "", scen)
            shown = re.search(r"([0-9][0-9,]*)(\.[0-9]*)?", rest)
            got = float((shown[1] + (shown[2] or "")).replace(",", ""))
            half = 0.5 * 10 ** -(len(shown[2]) - 1 if shown[2] else 0)   # half the last digit
            cands = want.get((prov, scen), [])
            best = min(cands, key=lambda v: abs(v - got), default=None)
            ok(best is not None and abs(got - best) <= half + 1e-9,
               f"{f}: bar {title!r} shows {got}, the raw files give {cands}")
            if best:
                matched.append((float(h), best))
        if matched:
            # heights proportional to the values: within 0.6 px of value x scale
            scale = median(h / v for h, v in matched)
            for h, v in matched:
                ok(abs(h - v * scale) <= 0.6,
                   f"{f}: a bar for {v} is {h} px long, expected {v * scale:.2f}")

print(f"bars: {nbars} checked")
print(f"{checked} passed, {len(errors)} failed")
for e in errors[:40]:
    print("  FAIL", e)
sys.exit(1 if errors else 0)
