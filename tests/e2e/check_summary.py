#!/usr/bin/env python3
"""Recompute a study's figures from its raw files, independently of
tpsreport's C code, and compare them with `tpsreport summary --json`.

    check_summary.py STUDY RESULTS.json

Implements docs/metrics.md from scratch, with the statistics of the
oracle module (tests/lib/oracle.py: scipy and numpy): run TPS from the summary's tps line; windows from aggregate logs
(thread files merged per interval start, only starts present in every
file, the first left out) or else from -P lines; CoV, min dip, p95 of window
latencies (linear interpolation); per-transaction percentiles by an exact
sort of the raw latencies, per run and per cell, under the study's
[study] percentile rule (nearest-rank or postgresbench), which tpsreport
must match to the microsecond; cell medians; prices
converted with [fx]; cost per TPS; exact Mann-Whitney p values, Holm and
each comparison's `significant` verdict; a run's aggregate-log latency
mean and stddev. Exits 1 listing every mismatch."""
import configparser, json, os, re, sys
from statistics import median
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import oracle
from oracle import latencies, stability, agg_windows, progress_windows

study, results_path = sys.argv[1], sys.argv[2]
R = json.load(open(results_path))
errors = []
checked = 0

def close(a, b, rel=1e-9, what=""):
    global checked
    checked += 1
    if a is None or b is None:
        if a is not b:
            errors.append(f"{what}: tpsreport {a!r}, expected {b!r}")
        return
    if abs(a - b) > rel * max(abs(a), abs(b), 1e-12):
        errors.append(f"{what}: tpsreport {a!r}, expected {b!r}")

def percentile_rule(study):
    """The study's percentile rule (the oracle's), as f(values, percent)."""
    ini = configparser.ConfigParser(inline_comment_prefixes=(";",))
    ini.read(os.path.join(study, "tpsreport.ini"))
    f = oracle.percentile_rule(ini.get("study", "percentile", fallback="nearest-rank"))
    # q*N in integers (q in parts per million) so that 95% of 100 is 95
    return lambda v, p: f(v, round(p * 10000))

def exact_ms(got, us, what):
    """A percentile must be the exact microsecond value, in ms."""
    global checked
    checked += 1
    if got is None or round(got * 1000) != us or abs(got - us / 1000) > 1e-12:
        errors.append(f"{what}: tpsreport {got}, exact {us / 1000:.3f}")

# ---- runs ---------------------------------------------------------------
checked_percentiles = []
run_latencies = {}
runs = {(r["provider"], r["scenario"], r["id"]): r for r in R["runs"]}
expected_runs = {}
raw_stability = {}   # (provider, scenario, run id) -> figures from the raw files
def utf8(name):
    """Folders whose names are not UTF-8 are left out (with a warning)."""
    try:
        name.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


for prov in sorted(filter(utf8, os.listdir(os.path.join(study, "results")))):
    for scen in sorted(filter(utf8, os.listdir(os.path.join(study, "results", prov)))):
        d = os.path.join(study, "results", prov, scen)
        if not os.path.isdir(d):   # results/<provider>/init.txt
            continue
        names = os.listdir(d)
        for name in names:
            path_ = os.path.join(d, name)
            text = open(path_, errors="replace").read() \
                if name.endswith((".txt", ".log")) and os.path.isfile(path_) else ""
            m = re.search(r"^tps = ([0-9.]+) \((without|excluding|including reconn)", text, re.M)
            if not m:
                continue
            stem = name[:-4]
            if name.endswith(".log") and re.match(r"init", name):
                continue
            key = (prov, scen, stem)
            expected_runs[key] = True
            r = runs.get(key)
            if r is None:
                errors.append(f"run {key} missing from results.json")
                continue
            close(r["tps"], float(m[1]), what=f"{key} tps")
            # "latency average = " (9.6+), "latency average: " (9.4-9.5),
            # none at all (9.2-9.3: unknown)
            lat = re.search(r"^latency average(?: =|:) ([0-9.]+) ms", text, re.M)
            close(r["latency_avg_ms"], float(lat[1]) if lat else None,
                  what=f"{key} latency_avg_ms")
            logs = [n for n in names if re.fullmatch(re.escape(stem) + r"\.(\d+)(\.\d+)?", n)]
            # PostgresBench: run_N's logs are txlogs_<TIMESTAMP>/txlog_N.* of
            # the latest such folder
            txd = sorted(n for n in names if n.startswith("txlogs_"))
            if not logs and txd and re.fullmatch(r"run_\d+", stem):
                logs = [txd[-1] + "/" + n for n in os.listdir(os.path.join(d, txd[-1]))
                        if re.fullmatch("txlog_" + stem[4:] + r"\.(\d+)(\.\d+)?", n)]
            pid_of = lambda n: int(os.path.basename(n).split(".")[1])
            pids = sorted({pid_of(n) for n in logs})
            top = [os.path.join(d, n) for n in sorted(logs, key=lambda n: (len(n), n))
                   if pids and pid_of(n) == pids[-1]]
            first = open(top[0]).readline().split() if top else []
            if top and len(first) in (6, 10, 11, 15, 16) and int(first[0]) > 100000000:
                want = stability(*agg_windows(top))
            else:
                prog = text
                for ext in (".progress", ".err", ".stderr"):
                    if os.path.exists(os.path.join(d, stem + ext)):
                        prog += "\n" + open(os.path.join(d, stem + ext)).read()
                want = stability(*progress_windows(prog))
                if top:   # per-transaction logs: exact percentiles
                    v = latencies(top)
                    got = r["latency"]
                    checked_count = got and got["count"] == len(v)
                    if not checked_count:
                        errors.append(f"{key} latency count {got and got['count']} != {len(v)}")
                    else:
                        rule = percentile_rule(study)
                        for name_, p in (("p50_ms", 50), ("p90_ms", 90), ("p95_ms", 95),
                                         ("p99_ms", 99), ("p999_ms", 99.9), ("p9999_ms", 99.99)):
                            exact_ms(got[name_], rule(v, p), f"{key} {name_}")
                        exact_ms(got["min_ms"], v[0], f"{key} min_ms")
                        exact_ms(got["max_ms"], v[-1], f"{key} max_ms")
                        checked_percentiles.append(key)
                        run_latencies[key] = v
            raw_stability[key] = want
            agg = r.get("aggregate_latency")
            if top and len(first) in (6, 10, 11, 15, 16) and int(first[0]) > 100000000:
                mean_ms, sd_ms = oracle.agg_latency_stats(top)
                if agg is None or mean_ms is None:
                    if (agg is None) != (mean_ms is None):
                        errors.append(f"{key} aggregate_latency: tpsreport {agg}, expected mean {mean_ms}")
                else:
                    close(agg["mean_ms"], mean_ms, what=f"{key} aggregate_latency.mean_ms")
                    close(agg["stddev_ms"], sd_ms, rel=1e-6, what=f"{key} aggregate_latency.stddev_ms")
            got = r["windows"]
            if (want is None) != (got is None):
                errors.append(f"{key} windows: tpsreport {got}, expected {want}")
            elif want:
                for k, v in want.items():
                    close(got[k], v, rel=1e-9, what=f"{key} windows.{k}")
for key in runs:
    if key not in expected_runs:
        errors.append(f"run {key} in results.json but not found here")

# ---- prices ---------------------------------------------------------------
ini = configparser.ConfigParser(inline_comment_prefixes=(";",))
ini.read(os.path.join(study, "tpsreport.ini"))
currency = ini.get("study", "currency", fallback=None)
fx = {k.upper(): float(v) for k, v in ini.items("fx") if k.upper() == k.upper() and re.fullmatch(r"[a-z]{3}", k)} if ini.has_section("fx") else {}
monthly = {}
for sec in ini.sections():
    if sec.startswith("provider ") and ini.has_option(sec, "price"):
        total = 0
        for part in ini.get(sec, "price").split("+"):
            amt, cur, per = re.match(r"\s*([0-9.]+)\s+([A-Z]{3})/(month|hour)", part).groups()
            rate = 1.0 if cur == currency else fx[cur]
            total += float(amt) * (730 if per == "hour" else 1) * rate
        monthly[sec.split(None, 1)[1]] = total
for p in R["providers"]:
    close(p["monthly_cost"], monthly.get(p["id"]), what=f"provider {p['id']} monthly_cost")

# ---- cells ----------------------------------------------------------------
groups = {}
for r in R["runs"]:
    if r["excluded"]:
        continue
    k = (r["provider"], r["scenario"], r["transaction_type"], r["clients"], r["threads"], r["query_mode"])
    groups.setdefault(k, []).append(r["tps"])
cells = {(c["provider"], c["scenario"], c["workload"]["transaction_type"], c["workload"]["clients"],
          c["workload"]["threads"], c["workload"]["query_mode"]): c for c in R["cells"]}
if set(cells) != set(groups):
    errors.append(f"cells differ: {sorted(set(cells) ^ set(groups))}")
for k, tps in groups.items():
    c = cells.get(k)
    if not c:
        continue
    close(c["tps_median"], median(tps), what=f"cell {k} tps_median")
    close(c["tps_min"], min(tps), what=f"cell {k} tps_min")
    close(c["tps_max"], max(tps), what=f"cell {k} tps_max")
    cost = monthly.get(k[0])
    close(c["cost_per_tps"], cost / median(tps) if cost else None, what=f"cell {k} cost_per_tps")
    runs_here = [r for r in R["runs"] if not r["excluded"] and (r["provider"], r["scenario"], r["transaction_type"],
                 r["clients"], r["threads"], r["query_mode"]) == k and r["windows"]]
    if runs_here:
        close(c["tps_cov_pct_worst"], max(r["windows"]["tps_cov_pct"] for r in runs_here), what=f"cell {k} CoV worst")
        close(c["tps_min_pct_worst"], min(r["windows"]["tps_min_pct"] for r in runs_here), what=f"cell {k} dip worst")
    # worst-run and median-run stability from the raw files' own windows
    # (computed above from the logs, not from results.json's runs)
    raw = [(r["id"], raw_stability.get((r["provider"], r["scenario"], r["id"]))) for r in runs_here]
    raw = [(i, w) for i, w in raw if w]
    if raw:
        st = c["stability"]
        worst_cov = max(raw, key=lambda x: x[1]["tps_cov_pct"])
        worst_dip = min(raw, key=lambda x: x[1]["tps_min_pct"])
        close(st["worst"]["tps_cov_pct"], worst_cov[1]["tps_cov_pct"], what=f"cell {k} worst cov")
        close(st["worst"]["tps_min_pct"], worst_dip[1]["tps_min_pct"], what=f"cell {k} worst dip")
        close(st["worst"]["tps_min"], min(w["tps_min"] for _, w in raw), what=f"cell {k} worst tps_min")
        close(st["worst"]["tps_max"], max(w["tps_max"] for _, w in raw), what=f"cell {k} worst tps_max")
        close(st["worst"]["latency_p95_ms"], max(w["latency_p95_ms"] for _, w in raw), what=f"cell {k} worst p95")
        if c["worst_cov_run"] != worst_cov[0] or c["worst_dip_run"] != worst_dip[0]:
            errors.append(f"cell {k} worst runs {c['worst_cov_run']}/{c['worst_dip_run']}, expected {worst_cov[0]}/{worst_dip[0]}")
        for f in ("tps_cov_pct", "tps_min_pct", "latency_p95_ms", "tps_mean"):
            close(st["median_run"][f], median(w[f] for _, w in raw), what=f"cell {k} median_run {f}")
    close(c["tps_headline"], {"best": max, "worst": min}.get(R["study"].get("runs"), median)(tps),
          what=f"cell {k} tps_headline")

# ---- cells: percentiles over all runs of the cell -------------------------
for k, c in cells.items():
    if not c.get("latency"):
        continue
    v = sorted(x for r in R["runs"] if not r["excluded"] and (r["provider"], r["scenario"],
               r["transaction_type"], r["clients"], r["threads"], r["query_mode"]) == k
               for x in run_latencies.get((r["provider"], r["scenario"], r["id"]), []))
    if len(v) != c["latency"]["count"]:
        errors.append(f"cell {k} latency count {c['latency']['count']} != {len(v)}")
        continue
    rule = percentile_rule(study)
    for name_, p in (("p50_ms", 50), ("p90_ms", 90), ("p95_ms", 95),
                     ("p99_ms", 99), ("p999_ms", 99.9), ("p9999_ms", 99.99)):
        exact_ms(c["latency"][name_], rule(v, p), f"cell {k} {name_}")
    exact_ms(c["latency"]["max_ms"], v[-1], f"cell {k} max_ms")
    checked_percentiles.append(k)

# ---- comparisons: exact Mann-Whitney (oracle), then Holm, then the verdict --
base = R["study"]["baseline"]
# the ini's own [study] baseline, read here, if it names one
named_baseline, _sec = None, None
try:
    for line in open(os.path.join(study, "tpsreport.ini"), encoding="utf-8", errors="replace"):
        s_ = line.strip()
        if s_.startswith("["):
            _sec = s_.strip("[] \t").lower()
        elif _sec == "study" and re.match(r"baseline\s*[=:]", s_):
            named_baseline = re.split(r"[=:]", s_, 1)[1].split(";")[0].strip()
except FileNotFoundError:
    pass
ps = []
for cmp_ in R["comparisons"]:
    w = cmp_["workload"]
    # each comparison names its scenario's baseline (the study's, or, when
    # the study names none, the scenario's own: which one is checked
    # independently by scenario_baseline.sh); a named one is used everywhere
    cb = cmp_.get("baseline", base)
    if named_baseline and cb != named_baseline:
        errors.append(f"comparison {cmp_['provider']}/{cmp_['scenario']}: baseline {cb}, named {base}")
    kb = (cb, cmp_["scenario"], w["transaction_type"], w["clients"], w["threads"], w["query_mode"])
    kp = (cmp_["provider"],) + kb[1:]
    a, b = groups[kb], groups[kp]
    close(cmp_["tps_ratio"], median(b) / median(a), what=f"comparison {kp} tps_ratio")
    p, _ = oracle.mw_p_as_documented(a, b)
    close(cmp_["p_value"], p, rel=1e-9, what=f"comparison {kp} p_value")
    ps.append((p, cmp_))
alpha = R["study"].get("alpha", 0.05)
for (p, cmp_), adj in zip(ps, oracle.holm([p for p, _ in ps])):
    what = f"comparison {cmp_['provider']}/{cmp_['scenario']}/{cmp_['workload_key']}"
    close(cmp_["p_adjusted"], adj, what=what + " p_adjusted")
    checked += 1
    if cmp_["significant"] != (adj <= alpha):
        errors.append(f"{what}: significant={cmp_['significant']}, Holm's p {adj} against alpha {alpha}")

# ---- sweeps: Wilcoxon signed-rank (oracle), Holm over the paired tests -----
paired = []
for sw in R["sweeps"]:
    if sw["provider"] == base:
        if sw["paired"] is not None:
            errors.append(f"sweep {sw['scenario']}: the baseline has a paired test")
        continue
    short = {w["key"]: w["short_type"] for w in R["workloads"]}
    pairs = []
    for k, tps in groups.items():
        kb = (base,) + k[1:]
        if k[0] == sw["provider"] and k[1] == sw["scenario"] and kb in groups and \
           short[cells[k]["workload_key"]] == sw["transaction_type"]:
            pairs.append((median(groups[kb]), median(tps)))
    got = sw["paired"]
    if len(pairs) < 2:
        if got is not None:
            errors.append(f"sweep {sw['scenario']} {sw['provider']}: paired test with {len(pairs)} pairs")
        continue
    if len(pairs) > 20:
        continue
    v, p = oracle.signed_rank(pairs)
    close(got["pairs"], len(pairs), what=f"sweep {sw['scenario']} pairs")
    close(got["faster"], sum(y > x for x, y in pairs), what=f"sweep {sw['scenario']} faster")
    close(got["slower"], sum(y < x for x, y in pairs), what=f"sweep {sw['scenario']} slower")
    close(got["v"], v, what=f"sweep {sw['scenario']} V")
    close(got["p_value"], p, rel=1e-12, what=f"sweep {sw['scenario']} p")
    close(got["gap_median_pct"], median((y / x - 1) * 100 for x, y in pairs), what=f"sweep {sw['scenario']} gap")
    if p is not None:
        paired.append((p, got))
for (p, got), adj in zip(paired, oracle.holm([p for p, _ in paired])):
    close(got["p_adjusted"], adj, what=f"paired p_adjusted ({p})")
    checked += 1
    if got["significant"] != (adj <= alpha):
        errors.append(f"sweep paired test p={p}: significant={got['significant']}, Holm's p {adj}")

print(f"{checked} passed, {len(errors)} failed; percentiles checked to the microsecond "
      f"for {len(checked_percentiles)} runs and cells")
for e in errors[:50]:
    print("  MISMATCH", e)
sys.exit(1 if errors else 0)
