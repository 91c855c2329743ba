#!/usr/bin/python3
"""diff_expect.py OLD_STUDY NEW_STUDY DIFF_JSON: check `tpsreport diff --json`
against an independent recomputation from the raw files of both studies.

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
import json, math, os, re, statistics, sys
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
                r = {"tps": tps, "latency": float(lat.group(1)), "key": key,
                     "cost": monthly_cost(conf, prov) / tps, "us": us,
                     "p95": percentile(us, 950000, pick) if us else math.nan,
                     "p99": percentile(us, 990000, pick) if us else math.nan}
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
    return conf, runs, files, cells, pooled_percentiles(cells, pick)


def close(a, b, tol=1e-9):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


def main():
    old_root, new_root, diff_path = sys.argv[1:4]
    _, oruns, ofiles, ocells, opct = read_study(old_root)
    _, nruns, nfiles, ncells, npct = read_study(new_root)
    diff = json.load(open(diff_path))
    bad = 0
    common = [k for k in ncells if k in ocells]
    assert diff["common_cells"] == len(common), (diff["common_cells"], len(common))
    for metric in diff["metrics"]:
        key = metric["key"]
        want = {}
        for c in common:
            ov = [r[key] for r in ocells[c] if not math.isnan(r[key])]
            nv = [r[key] for r in ncells[c] if not math.isnan(r[key])]
            if not ov or not nv:
                continue
            if key in ("p95", "p99"):
                o, n = opct[c][key], npct[c][key]
            elif key == "cost":
                o = ocells[c][0]["cost"] * ocells[c][0]["tps"] / statistics.median(
                    r["tps"] for r in ocells[c])
                n = ncells[c][0]["cost"] * ncells[c][0]["tps"] / statistics.median(
                    r["tps"] for r in ncells[c])
            else:
                o, n = statistics.median(ov), statistics.median(nv)
            u, p = oracle.mw_u(ov, nv), oracle.mw_p(ov, nv)
            want[c] = dict(old=o, new=n, change_pct=(n - o) / abs(o) * 100, u=u, p_value=p,
                           n_old=len(ov), n_new=len(nv))
        got = {(g["provider"], g["scenario"], g["workload_key"]): g for g in metric["cells"]}
        tested = [c for c in want]
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
    sys.exit(bad)


main()
