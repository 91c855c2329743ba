#!/usr/bin/python3
"""diff_expect.py OLD_STUDY NEW_STUDY DIFF_JSON [OLD NEW JSON]...: check
`tpsreport diff --json` against an independent recomputation from the raw
files of both studies; several diffs in one call read each study once (a
test that diffs one study against many copies pays for it once).

From the pgbench output itself (never from tpsreport's results.json): each
run's TPS and latency average from its summary lines, its per-transaction
p95/p99 (nearest rank over the whole-microsecond latencies of its --log
files), the cell medians, cost per TPS from tpsreport.ini's prices and fx;
then the exact two-sided Mann-Whitney U test of old runs against new runs
(the oracle module's, tests/lib/oracle.py: scipy's exact method without
ties, its permutation test with ties) and Holm over each metric's cells.
Runs added/removed/changed come from comparing the files' bytes.

A cell's per-transaction p95/p99 is its pooled percentile: every
successful transaction of the cell's runs taken together, under the
study's `[study] percentile` rule (nearest rank unless it says
postgresbench), sorted here; nothing is taken from tpsreport. The exact
computation is the oracle's, shared with percentiles_exact.py.
"""
import functools, json, math, os, re, statistics, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import oracle
from oracle import is_txlog, latencies, percentile_rule as rule

TYPES = {"<builtin: TPC-B (sort of)>": "tpc-b", "<builtin: select only>": "select-only",
         "<builtin: simple update>": "simple-update"}
LOGNAME = re.compile(r"^(.+?)\.(\d+)(?:\.(\d+))?$")  # (.+? : run1.123.1 is run1's)


def field(text, name):
    m = re.search(r"^" + re.escape(name) + r": (.*)$", text, re.M)
    return m.group(1).strip() if m else None


def ini(path):
    sec, out = None, {}
    if not os.path.exists(path):
        return out
    for line in open(path, encoding="utf-8"):
        line = line.split(";")[0].strip()
        if line.startswith("["):
            sec = line.strip("[]").strip()
        elif "=" in line and sec:
            k, v = line.split("=", 1)
            out.setdefault(sec, {})[k.strip()] = v.strip()
    return out


def monthly_cost(conf, provider):
    p = conf.get("provider " + provider, {}).get("price")
    if not p:
        return math.nan
    total = 0.0
    cur = conf.get("study", {}).get("currency")
    for part in p.split("+"):
        m = re.match(r"\s*([0-9.]+)\s+([A-Z]{3})/(month|hour)", part)
        amount, c, per = float(m.group(1)), m.group(2), m.group(3)
        rate = 1.0 if c == cur else float(conf.get("fx", {}).get(c, "nan"))
        total += amount * rate * (730 if per == "hour" else 1)
    return total


def percentile(sorted_us, ppm, pick):
    return pick(sorted_us, ppm) / 1000.0


def pooled_percentiles(cells, pick):
    """Each cell's p95/p99 over all its runs' transactions together."""
    out = {}
    for c, rs in cells.items():
        us = sorted(x for r in rs for x in r["us"])
        if us:
            out[c] = {"p95": percentile(us, 950000, pick), "p99": percentile(us, 990000, pick)}
    return out


def count(text, line):
    m = re.search(r"^" + re.escape(line) + r": (\d+)", text, re.M)
    return float(m.group(1)) if m else math.nan


def windows(text, paths, progress):
    """A run's windows: its aggregate logs, else its -P progress lines (in
    its .progress file or its output)."""
    if paths and not all(is_txlog(f) for f in paths):
        tps, lat = oracle.agg_windows(paths)
        # max window latency: the largest max_latency (6th field, us) of the
        # windows counted (every file has the start; the first left out)
        per = [{int(l.split()[0]): int(l.split()[5]) for l in open(f) if l.strip()} for f in paths]
        common = sorted(set.intersection(*(set(x) for x in per)))[1:]
        mx = max((x[s] for s in common for x in per), default=None)
        return tps, lat, mx / 1000 if mx is not None else math.nan
    if os.path.exists(progress):
        text = open(progress, encoding="utf-8", errors="replace").read()
    tps, lat = oracle.progress_windows(text)
    return tps, lat, math.nan


PCTS = {"min_ms": None, "p50_ms": 500000, "p90_ms": 900000, "p95_ms": 950000, "p99_ms": 990000,
        "p999_ms": 999000, "p9999_ms": 999900, "max_ms": None}


def exact(us, name, pick):
    """A per-transaction figure over whole-microsecond latencies us."""
    if not us:
        return math.nan
    if PCTS[name] is None:
        return (min(us) if name == "min_ms" else max(us)) / 1000.0
    return percentile(us, PCTS[name], pick)


def run_extras(text, paths, us, pick, tps, price, progress):
    """The figures of one run beyond TPS and latency, from its files."""
    out = {"tps_per_100": tps / price * 100 if price > 0 else math.nan,
           "transactions": count(text, "number of transactions actually processed"),
           "failed": count(text, "number of failed transactions")}
    for name in PCTS:
        out["latency." + name] = exact(sorted(us), name, pick) if us else math.nan
    wt, wl, mx = windows(text, paths, progress)
    out["windows"] = (wt, wl)
    st = oracle.stability(wt, wl) or {}
    for f in ("tps_mean", "tps_cov_pct", "tps_min", "tps_min_pct", "latency_p95_ms"):
        out["w." + f] = st.get(f, math.nan) if st.get(f) is not None else math.nan
    out["w.latency_max_ms"] = mx if st else math.nan
    return out


def init_figures(path):
    """init.txt: pgbench -i's "done in X s (phase Y s, ...)" and time's real."""
    out = {}
    if not os.path.exists(path):
        return out
    text = open(path, encoding="utf-8", errors="replace").read()
    m = re.search(r"^done in ([0-9.]+) s \((.*)\)\.", text, re.M)
    if m:
        out["init.total_s"] = float(m.group(1))
        for part in m.group(2).split(", "):
            name, secs = re.match(r"(.+) ([0-9.]+) s$", part).groups()
            out["init.phase.%s_s" % name.replace(" ", "_").replace("-", "_")] = float(secs)
    m = re.search(r"^real\s+(\d+)m([0-9.]+)s", text, re.M)
    if m:
        out["init.wall_s"] = int(m.group(1)) * 60 + float(m.group(2))
    return out


@functools.lru_cache(maxsize=None)
def read_study(root):
    conf = ini(os.path.join(root, "tpsreport.ini"))
    pick = rule(conf.get("study", {}).get("percentile", "nearest-rank"))
    runs, files = {}, {}
    res = os.path.join(root, "results")
    for prov in sorted(os.listdir(res)):
        for scen in sorted(os.listdir(os.path.join(res, prov))):
            d = os.path.join(res, prov, scen)
            names = sorted(os.listdir(d))
            for name in names:
                text = open(os.path.join(d, name), encoding="utf-8", errors="replace").read() \
                    if not LOGNAME.match(name) else ""
                m = re.search(r"^tps = ([0-9.]+) \(without", text, re.M)
                if not m:
                    continue
                stem = name.rsplit(".", 1)[0]
                logs = [n for n in names if LOGNAME.match(n) and LOGNAME.match(n).group(1) == stem]
                pids = sorted({int(LOGNAME.match(n).group(2)) for n in logs})
                logs = [n for n in logs if pids and int(LOGNAME.match(n).group(2)) == pids[-1]]
                lat = re.search(r"^latency average = ([0-9.]+) ms", text, re.M)
                key = "%s-c%s-j%s-%s" % (TYPES[field(text, "transaction type")],
                                         field(text, "number of clients"),
                                         field(text, "number of threads"), field(text, "query mode"))
                paths = [os.path.join(d, n) for n in logs]
                # per-transaction logs only (aggregate logs have no
                # per-transaction latencies)
                us = latencies(paths) if paths and all(is_txlog(f) for f in paths) else []
                tps = float(m.group(1))
                price = monthly_cost(conf, prov)
                r = {"tps": tps, "latency": float(lat.group(1)), "key": key,
                     "cost": price / tps, "us": us, "price": price,
                     "p95": percentile(us, 950000, pick) if us else math.nan,
                     "p99": percentile(us, 990000, pick) if us else math.nan}
                r.update(run_extras(text, paths, us, pick, tps, price,
                                    os.path.join(d, stem + ".progress")))
                runs[(prov, scen, stem)] = r
                blob = [open(os.path.join(d, name), "rb").read()]
                blob += [open(os.path.join(d, n), "rb").read() for n in logs]
                for ext in (".progress", ".err", ".stderr", ".log"):
                    if stem + ext in names:
                        blob.append(open(os.path.join(d, stem + ext), "rb").read())
                files[(prov, scen, stem)] = blob
    cells = {}
    for (prov, scen, stem), r in runs.items():
        cells.setdefault((prov, scen, r["key"]), []).append(r)
    inits = {(prov, scen): init_figures(os.path.join(res, prov, scen, "init.txt"))
             for prov in os.listdir(res) for scen in os.listdir(os.path.join(res, prov))}
    return conf, runs, files, cells, pooled_percentiles(cells, pick), inits, pick


def close(a, b, tol=1e-9):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


TPS = {"tps", "tps_median", "tps_headline", "tps_mean", "tps_min", "tps_max"}
WORST = {"tps_cov_pct": max, "tps_min_pct": min, "tps_min": min, "latency_p95_ms": max,
         "latency_max_ms": max}


def finite(v):
    return [x for x in v if not math.isnan(x)]


def run_value(key, r):
    """A run's figure of a diff metric, or None when the metric has no runs."""
    if key in TPS:
        return r["tps"]
    if key in ("latency", "p95", "p99", "cost", "tps_per_100", "transactions", "failed"):
        return r[key]
    if key.startswith("latency."):
        return r[key]
    if key.startswith("stability."):
        return r["w." + key.split(".")[2]]
    return None


def cell_value(key, rs, pct, init, runs_pick, pick):
    """A cell's figure of a diff metric from its runs' files, the ini and
    init.txt; NaN when it has none."""
    med = statistics.median
    tps = [r["tps"] for r in rs]
    price = rs[0]["price"]
    if key in ("tps", "tps_median"):
        return med(tps)
    if key == "tps_headline":
        return {"best": max, "worst": min}.get(runs_pick, med)(tps)
    if key in ("tps_mean", "tps_min", "tps_max"):
        return {"tps_mean": statistics.fmean, "tps_min": min, "tps_max": max}[key](tps)
    if key == "latency":
        return med(r["latency"] for r in rs)
    if key in ("p95", "p99"):
        return pct[key] if pct else math.nan
    if key == "cost":
        return price / med(tps)
    if key == "tps_per_100":
        return med(tps) / price * 100 if price > 0 else math.nan
    if key in ("transactions", "failed"):
        v = finite(r[key] for r in rs)
        return med(v) if v else math.nan
    if key.startswith("latency."):
        us = sorted(x for r in rs for x in r["us"])
        return exact(us, key.split(".")[1], pick) if us else math.nan
    if key.startswith("stability."):
        _, group, f = key.split(".")
        v = finite(r["w." + f] for r in rs)
        if group == "pooled":
            st = oracle.stability([x for r in rs for x in r["windows"][0]],
                                  [x for r in rs for x in r["windows"][1]])
            return st[f] if st and st.get(f) is not None else math.nan
        if not v:
            return math.nan
        return WORST[f](v) if group == "worst" else med(v)
    if key == "price_month":
        return price
    if key.startswith("init."):
        return init.get(key, math.nan)
    return None


def check(old_root, new_root, diff_path):
    """Checks one diff document; returns 1 if some figure is wrong."""
    oconf, oruns, ofiles, ocells, opct, oinit, opick = read_study(old_root)
    nconf, nruns, nfiles, ncells, npct, ninit, npick = read_study(new_root)
    diff = json.load(open(diff_path))
    bad = 0
    common = [k for k in ncells if k in ocells]
    assert diff["common_cells"] == len(common), (diff["common_cells"], len(common))
    for metric in diff["metrics"]:
        key = metric["key"]
        want = {}
        if run_value(key, ocells[common[0]][0]) is None and key != "price_month" \
                and not key.startswith("init."):
            print("note %s: not recomputed here" % key)
            continue
        for c in common:
            o = cell_value(key, ocells[c], opct.get(c), oinit.get(c[:2], {}),
                           oconf.get("study", {}).get("runs"), opick)
            n = cell_value(key, ncells[c], npct.get(c), ninit.get(c[:2], {}),
                           nconf.get("study", {}).get("runs"), npick)
            if math.isnan(o) or math.isnan(n):
                continue
            w = want[c] = dict(old=o, new=n, change_pct=(n - o) / abs(o) * 100 if o else None)
            if run_value(key, ocells[c][0]) is None:
                w.update(n_old=0, n_new=0, significant=False)
                continue
            ov = finite(run_value(key, r) for r in ocells[c])
            nv = finite(run_value(key, r) for r in ncells[c])
            w.update(n_old=len(ov), n_new=len(nv))
            if ov and nv:
                w.update(u=oracle.mw_u(ov, nv), p_value=oracle.mw_p(ov, nv))
        got = {(g["provider"], g["scenario"], g["workload_key"]): g for g in metric["cells"]}
        tested = [c for c in want if "p_value" in want[c]]
        for c, a in zip(tested, oracle.holm([want[c]["p_value"] for c in tested])):
            want[c]["p_adjusted"] = a
            want[c]["significant"] = bool(a <= 0.05)
        if set(got) != set(want):
            print("FAIL %s: cells %s, expected %s" % (key, sorted(got), sorted(want)))
            bad = 1
        for c, w in want.items():
            g = got.get(c)
            if g is None:
                print("FAIL %s %s: missing" % (key, c))
                bad = 1
                continue
            for k, v in w.items():
                ok = g[k] == v if isinstance(v, bool) else close(g[k], v)
                if not ok:
                    print("FAIL %s %s %s: %r, expected %r" % (key, c, k, g[k], v))
                    bad = 1
        nsig = sum(w["significant"] for w in want.values())
        print("ok   %-8s %2d cells checked, %d significant" % (key, len(want), nsig))
    # runs added / removed / changed, from the bytes of the files
    want_runs = {}
    for k in nruns:
        if k not in oruns:
            want_runs[k] = "added"
        elif ofiles[k] != nfiles[k]:
            want_runs[k] = "changed"
    for k in oruns:
        if k not in nruns:
            want_runs[k] = "removed"
    got_runs = {(r["provider"], r["scenario"], r["id"]): r["change"] for r in diff["runs"]}
    if got_runs != want_runs:
        print("FAIL runs: %s, expected %s" % (sorted(got_runs.items()), sorted(want_runs.items())))
        bad = 1
    want_added = sorted(set(ncells) - set(ocells))
    want_removed = sorted(set(ocells) - set(ncells))
    got_added = sorted((c["provider"], c["scenario"], c["workload_key"]) for c in diff["cells_added"])
    got_removed = sorted((c["provider"], c["scenario"], c["workload_key"]) for c in diff["cells_removed"])
    if got_added != want_added or got_removed != want_removed:
        print("FAIL cells added/removed: %s / %s, expected %s / %s" % (
            got_added, got_removed, want_added, want_removed))
        bad = 1
    print("ok   runs: %d changed/added/removed; cells: %d added, %d removed" % (
        len(want_runs), len(want_added), len(want_removed)))
    return bad


def main():
    args = sys.argv[1:]
    if not args or len(args) % 3:
        sys.exit("usage: diff_expect.py OLD NEW DIFF_JSON [OLD NEW DIFF_JSON]...")
    bad = 0
    for i in range(0, len(args), 3):
        print("== %s" % os.path.basename(args[i + 2]))
        bad |= check(*(os.path.realpath(a) if j < 2 else a for j, a in enumerate(args[i:i + 3])))
    sys.exit(bad)


main()
