#!/usr/bin/env bash
# scenario_baseline.sh: without [study] baseline, each scenario's baseline
# is the provider that ran the most of its machine shapes (docs/metrics.md,
# "Comparisons"); ties go to the study-wide choice (most comparisons, then
# most places, then the first) when it is among them, else to the first.
# PostgresBench result files written here by Python from its format (not
# copied): three systems, four machines, four dataset sizes, laid out so
# that
#  - ~100 GB: Alpha ran the most machines (3), the study-wide choice is Beta;
#  - ~500 GB: Beta ran the most;
#  - ~1100 GB: Alpha and Beta tie, Beta (study-wide, not first) wins the tie;
#  - ~200 GB: Alpha and Gamma tie without Beta, the first (Alpha) wins.
# Checked against Python over the written files: each scenario's baseline
# (from every comparison's "baseline"), the set of comparisons, each
# comparison's TPS ratio and its Holm-adjusted exact Mann-Whitney p (scipy,
# one family over the study); the summary's sentences speak from the
# scenario's baseline only, a place its baseline did not run is "not
# compared" naming that baseline, and the texts of the whole study name each
# scenario's own. With baseline = beta named: Beta everywhere.
set -euo pipefail
: "${TPSREPORT:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

python3 - "$tmp/co" <<'PY'
import json, os, random, sys
out = sys.argv[1]
rnd = random.Random(27)
M = {1: (2, 8), 2: (4, 16), 3: (8, 32), 4: (16, 64)}
def result(system, m, scale):
    v, r = M[m]
    runs = []
    for i in (1, 2, 3):
        t = 900 * v * rnd.uniform(0.7, 1.3)
        runs.append({"run": i, "tps": round(t, 4), "transactions": int(t * 600),
                     "failed_transactions": 0, "latency_avg_ms": round(256 * 1000 / t, 4),
                     "latency_stddev_ms": 5.0, "initial_connection_time_ms": 500.0,
                     "latency_p95_ms": round(384 * 1000 / t, 4),
                     "latency_p99_ms": round(512 * 1000 / t, 4)})
    return {"system": system, "instance": {"type": f"x{v}", "vcpus": v, "ram_gb": r},
            "machine": f"{v}vCPU, {r}GB RAM", "postgres_version": "17.4",
            "benchmark": {"tool": "pgbench", "scale_factor": scale, "clients": 64,
                          "threads": 8, "duration": 600, "query_mode": "prepared"},
            "results": runs}
plan = {6849:  {"Alpha DB": (1, 2, 3), "Beta DB": (2, 4), "Gamma DB": (3, 4)},
        34247: {"Alpha DB": (4,), "Beta DB": (1, 2, 4), "Gamma DB": (1, 2)},
        68494: {"Alpha DB": (1, 2), "Beta DB": (1, 2), "Gamma DB": (1,)},
        13698: {"Alpha DB": (1, 2), "Beta DB": (1,), "Gamma DB": (1, 2)}}
os.makedirs(out)
for scale, who in plan.items():
    for system, ms in who.items():
        for m in ms:
            with open(f"{out}/{system.split()[0].lower()}_{m}_{scale}.json", "w") as f:
                json.dump(result(system, m, scale), f, indent=2)
PY
"$TPSREPORT" import postgresbench "$tmp/co" -o "$tmp/study" > "$tmp/out" 2>&1 || { cat "$tmp/out"; exit 1; }
"$TPSREPORT" summary --json "$tmp/study" > "$tmp/r.json" 2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
"$TPSREPORT" build "$tmp/study" -o "$tmp/site" --no-png > /dev/null 2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
cp -r "$tmp/study" "$tmp/named"
sed -i 's/^\[study\]$/[study]\nbaseline = beta-db/' "$tmp/named/tpsreport.ini"
"$TPSREPORT" summary --json "$tmp/named" > "$tmp/named.json" 2> "$tmp/err" || { cat "$tmp/err"; exit 1; }

py=/usr/bin/python3   # Debian's, with python3-scipy
"$py" - "$tmp" <<'PY' || fail=1
import glob, json, re, sys
from scipy.stats import mannwhitneyu
tmp = sys.argv[1]
bad = []
def check(what, ok):
    if not ok:
        bad.append(what)
# the study, from the files: provider x scenario x machine -> run TPS
cells = {}
for f in sorted(glob.glob(tmp + "/study/results/*/*/*.json")):
    p, s = f.split("/")[-3:-1]
    d = json.load(open(f))
    cells[(p, s, f"{d['instance']['vcpus']} vCPU / {d['instance']['ram_gb']} GB")] = \
        [x["tps"] for x in d["results"]]
provs = sorted({p for p, _, _ in cells})          # study order: results/ folders
scens = sorted({s for _, s, _ in cells})
places = {}
for (p, s, m) in cells:
    places.setdefault((s, m), []).append(p)
# study-wide: most comparisons, then most places, then the first
def wide_key(p):
    comps = sum(len(ps) - 1 for ps in places.values() if p in ps)
    return (comps, sum(1 for k in cells if k[0] == p), -provs.index(p))
wide = max(provs, key=wide_key)
check(f"design: study-wide {wide} is beta-db, unique",
      wide == "beta-db" and sorted(map(wide_key, provs))[-2][:2] < wide_key(wide)[:2])
base, tie = {}, {}
for s in scens:
    n = {p: sum(1 for k in cells if k[0] == p and k[1] == s) for p in provs}
    top = [p for p in provs if n[p] == max(n.values())]
    tie[s] = top
    base[s] = wide if wide in top else top[0]
by_scale = {s: s for s in scens}
# the design's four cases, so the test bites on each rule
check(f"design: a scenario whose most-machines provider is not {wide}: {base}",
      any(len(tie[s]) == 1 and base[s] != wide for s in scens))
check("design: a tie won by the study-wide one, not first",
      any(len(tie[s]) > 1 and base[s] == wide and tie[s][0] != wide for s in scens))
check("design: a tie without the study-wide one",
      any(len(tie[s]) > 1 and wide not in tie[s] for s in scens))
R = json.load(open(f"{tmp}/r.json"))
check(f"study.baseline {R['study']['baseline']} vs {wide}", R["study"]["baseline"] == wide)
# comparisons: every non-baseline cell where its scenario's baseline ran
want = {}
for (p, s, m), tps in cells.items():
    b = base[s]
    if p != b and (b, s, m) in cells:
        want[(s, m, p)] = (b, tps, cells[(b, s, m)])
got = {(c["scenario"], c["workload"]["machine"], c["provider"]): c for c in R["comparisons"]}
check(f"comparisons {sorted(got)} vs {sorted(want)}", set(got) == set(want))
raw = {k: mannwhitneyu(v[2], v[1], alternative="two-sided", method="exact").pvalue
       for k, v in want.items()}
order = sorted(raw, key=lambda k: raw[k])     # Holm over the study's family
adj, run = {}, 0.0
for i, k in enumerate(order):
    run = max(run, min(1.0, (len(order) - i) * raw[k]))
    adj[k] = run
for k, (b, tps, btps) in want.items():
    c = got.get(k)
    if c is None:
        continue
    med = lambda v: sorted(v)[len(v) // 2]
    check(f"{k} baseline {c['baseline']} vs {b}", c["baseline"] == b)
    check(f"{k} ratio", abs(c["tps_ratio"] - med(tps) / med(btps)) < 1e-9)
    check(f"{k} p {c['p_adjusted']} vs {adj[k]}", abs(c["p_adjusted"] - adj[k]) < 1e-9)
    check(f"{k} p raw", abs(c["p_value"] - raw[k]) < 1e-9)
# the named baseline: Beta everywhere
N = json.load(open(f"{tmp}/named.json"))
check("named: every comparison against beta-db",
      N["comparisons"] and all(c["baseline"] == "beta-db" for c in N["comparisons"]))
check("named: comparisons", len(N["comparisons"]) == sum(
    1 for (p, s, m) in cells if p != "beta-db" and ("beta-db", s, m) in cells))

# the report: labels and scenario labels from the ini
ini = open(f"{tmp}/study/tpsreport.ini").read()
label, sid, sorder = {}, None, []
for l in ini.splitlines():
    h = re.match(r"\[(provider|scenario) ([^\]]+)\]$", l)
    if h:
        sid = h.group(2)
        if h.group(1) == "scenario":
            sorder.append(sid)
    elif sid and l.startswith("label = "):
        label[sid] = l[8:]
md = open(f"{tmp}/site/report.md").read()
lines = md.splitlines()
# every sentence of the summary about a place: led by, or against, the
# scenario's baseline, never another
said = []
for s in scens:
    sl = label[s].replace("~", "\\~")
    for l in (x for x in lines if x.startswith(f"- **{sl}**")):
        mach = re.search(r"(\d+ vCPU / \d+ GB)\)", l)
        if not mach:
            continue
        m = mach.group(1)
        said.append(m)
        ran = [p for p in places.get((s, m), [])]
        b = label[base[s]]
        if len(ran) == 1:
            check(f"only-sentence {l}", f"only {label[ran[0]]} has usable runs" in l)
        elif base[s] not in ran:
            check(f"not-compared sentence {l}",
                  f"{len(ran)} providers ran it, but not the baseline, {b}: not compared" in l)
        else:
            check(f"sentence against the baseline {l}",
                  re.search(rf"\*\*{re.escape(b)}\*\* leads|leads {re.escape(b)} by", l)
                  is not None)
        for p in provs:
            if p != base[s]:
                check(f"sentence speaks from another baseline {l}",
                      f"against {label[p]}:" not in l and f"baseline, {label[p]}" not in l)
check(f"summary sentences: {len(said)} of {len(places)} places", len(said) == len(places))
own = "; ".join(f"{label[base[s]]} in {label[s]}" for s in sorder)   # study order
check("caveat names each scenario's own",
      f"differences are against the baseline, each scenario's own ({own})".replace("~", "\\~")
      in md)
print(f"scenario baselines {base}; {len(want)} comparisons; {len(bad)} problem(s)")
for b in bad:
    print("  FAIL", b)
sys.exit(1 if bad else 0)
PY
exit $fail
