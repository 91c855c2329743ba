#!/usr/bin/env bash
# postgresbench_setups.sh: PostgresBench result files written from its
# format (run.sh, and the "ha", "cloud", "region", "interval_seconds" and
# "timeseries" members of its PR #6; written here by Python, not copied
# from its repository): three systems x two machines x two dataset sizes,
# one system with and without HA, one without the "ha" member at all, one
# that ran one machine only, timeseries on the HA files.
#  - import: every setup its own provider (system + HA variant, since the
#    files hold several), the scenario the dataset size, facts as fact.NAME
#    lines; the machine is its own dimension;
#  - every cell's figures against Python over the files: median TPS and
#    latency, PostgresBench's p95/p99 (median of the runs'), the best and
#    worst run's TPS under [study] runs = best|worst (PostgresBench's page:
#    highest / lowest TPS of the runs), stability from the timeseries
#    (first interval and the tail after the end left out);
#  - the baseline is not the system that ran one machine only, which the
#    summary says was not compared; the machine x size pivot's numbers;
#  - bad input: a file with a wrong system / HA / timeseries, and a second
#    file of one setup with other runs: one line each naming file and
#    member, the rest imported, exit 1;
#  - nothing in an existing study is overwritten: a FIFO, a directory or a
#    file over 256 MB where a file would go stops the import (exit 2) with
#    nothing written (the 256 MB file and the FIFO were replaced before).
set -euo pipefail
: "${TPSREPORT:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
co=$tmp/checkout

python3 - "$co" <<'PY'
import json, os, random, sys
out = sys.argv[1]
rnd = random.Random(7)
def series(tps, dur, iv, tail):
    pts = []
    for k in range(-(-dur // iv)):
        t = tps * rnd.uniform(0.85, 1.1)
        tx = int(t * iv)
        pts.append({"interval": k, "elapsed_s": k * iv, "tps": round(tx / iv, 4), "transactions": tx,
                    "latency_avg_ms": round(256 * 1000 / t, 4), "latency_stddev_ms": 5.0,
                    "latency_p95_ms": round(256 * 1500 / t, 4), "latency_p99_ms": round(256 * 2000 / t, 4)})
    if tail:   # the stragglers after the end, as pgbench -P prints them
        n = len(pts)
        pts.append({"interval": n, "elapsed_s": n * iv, "tps": 0.7, "transactions": 21,
                    "latency_avg_ms": 1343.7, "latency_stddev_ms": 293.1,
                    "latency_p95_ms": 1620.1, "latency_p99_ms": 1656.9})
    return pts
def result(system, itype, vcpus, ram, scale, ver, ha=None, region=None, ts=False, base=5000, storage="NVMe"):
    runs = []
    for i in (1, 2, 3):
        t = base * rnd.uniform(0.9, 1.1)
        r = {"run": i, "tps": round(t, 4), "transactions": int(t * 600), "failed_transactions": 0,
             "latency_avg_ms": round(256 * 1000 / t, 4), "latency_stddev_ms": round(rnd.uniform(5, 20), 4),
             "initial_connection_time_ms": round(rnd.uniform(400, 700), 3),
             "latency_p95_ms": round(256 * 1000 / t * rnd.uniform(1.3, 1.6), 4),
             "latency_p99_ms": round(256 * 1000 / t * rnd.uniform(1.8, 2.5), 4)}
        if ts:
            r["interval_seconds"] = 30
            r["timeseries"] = series(t, 600, 30, i != 1)
        runs.append(r)
    d = {"system": system, "date": "2026-07-09",
         "instance": {"type": itype, "vcpus": vcpus, "ram_gb": ram,
                      "instance_storage": "237 GB - NVMe", "primary_storage": storage},
         "machine": f"{vcpus}vCPU, {ram}GB RAM", "cluster_size": 1, "tuned": "no", "comment": ""}
    if region:
        d["cloud"] = "aws"; d["region"] = region
    if ha is not None:
        d["ha"] = ha
    d["postgres_version"] = ver
    d["benchmark"] = {"tool": "pgbench", "workload": "TPC-B (built-in)", "scale_factor": scale,
                      "clients": 256, "threads": 16, "duration": 600, "query_mode": "prepared"}
    if ts:
        d["benchmark"]["interval_seconds"] = 30
    d["load"] = {"load_time_seconds": round(rnd.uniform(600, 2000), 3)}
    d["results"] = runs
    return d
HA2 = {"label": "HA \u2013 2 standbys \u2013 sync", "mode": "sync", "standbys": 2,
       "live_settings": {"synchronous_commit": "on", "synchronous_standby_names": "ANY 1 (\"a\",\"b\")"}}
OFF = {"label": "No HA", "mode": "off", "standbys": 0, "live_settings": None}
files = {}
for (v, r, it) in ((4, 32, "r8gd.xlarge"), (16, 128, "r8gd.4xlarge")):
    for scale in (6849, 34247):
        b = 1500 * v * (0.8 if scale == 34247 else 1.0)
        files[f"postgres_by_clickhouse/results/pbc_{v}cpu_{r}gb_{scale}.json"] = \
            result("Postgres by ClickHouse", it, v, r, scale, "18.1" if v == 4 else "18.3", base=b * 1.3)
        files[f"postgres_by_clickhouse/results/pbc_{v}cpu_{r}gb_{scale}_ha-2s-sync_us-west-2.json"] = \
            result("Postgres by ClickHouse", it, v, r, scale, "18.3", ha=HA2, region="us-west-2", ts=True, base=b * 1.2)
        files[f"planet_scale/results/ps_{v}cpu_{r}gb_{scale}_ha-2s-sync_us-west-2.json"] = \
            result("PlanetScale Metal", "M-" + str(v * 80), v, r, scale, "18.4", ha=HA2, region="us-west-2", ts=True, base=b * 0.8)
        files[f"rds/results/rds_{v}cpu_{r}gb_{scale}.json"] = \
            result("AWS RDS", "db.r8g." + ("xlarge" if v == 4 else "4xlarge"), v, r, scale, "17.4", base=b * 0.7, storage="gp3")
# a system that ran only machines no other system ran: as many places as
# the others, but nothing to compare (it must not be the baseline)
for (v, r, scale) in ((4, 16, 6849), (16, 64, 6849), (4, 16, 34247), (16, 64, 34247)):
    files[f"aurora/results/aurora_{v}cpu_{r}gb_{scale}.json"] = \
        result("AWS Aurora", "db.r6g." + ("large" if v == 4 else "4xlarge"), v, r, scale, "17.4",
               ha=OFF, base=700 * v, storage="Aurora storage")
for rel, d in files.items():
    os.makedirs(os.path.join(out, os.path.dirname(rel)), exist_ok=True)
    with open(os.path.join(out, rel), "w") as f:
        json.dump(d, f, indent=2, ensure_ascii=False)
PY

"$TPSREPORT" import postgresbench "$co" -o "$tmp/study" > "$tmp/out" 2>&1 || { cat "$tmp/out"; exit 1; }
ini=$tmp/study/tpsreport.ini
for want in '[provider postgres-by-clickhouse-no-ha]' 'label = Postgres by ClickHouse (no HA)' \
            '[provider postgres-by-clickhouse-ha-2s-sync]' 'label = Postgres by ClickHouse (HA, 2 sync standbys)' \
            'label = PlanetScale Metal (HA, 2 sync standbys)' 'label = AWS RDS (no HA)' \
            '[scenario 100gb]' 'label = ~100 GB (scale 6849)' '[scenario 500gb]' \
            'fact.instance = r8gd.xlarge (4 vCPU, 32 GB RAM); r8gd.4xlarge (16 vCPU, 128 GB RAM)' \
            'fact.ha = HA, 2 sync standbys' 'fact.region = aws us-west-2' 'fact.postgres = 18.1; 18.3' \
            'fact.storage = gp3 (237 GB - NVMe)' 'fact.tuned = no'; do
  grep -qxF -- "$want" "$ini" || { echo "FAIL ini lacks: $want"; fail=1; }
done
grep -q '^notes' "$ini" && { echo "FAIL ini has notes"; fail=1; }

printf '[study]\nruns = best\n' > "$tmp/best.ini"
cp -r "$tmp/study" "$tmp/best"; cp -r "$tmp/study" "$tmp/worst"
sed -i 's/^\[study\]$/[study]\nruns = best/' "$tmp/best/tpsreport.ini"
sed -i 's/^\[study\]$/[study]\nruns = worst/' "$tmp/worst/tpsreport.ini"
for s in study best worst; do
  "$TPSREPORT" summary --json "$tmp/$s" > "$tmp/$s.json" 2> "$tmp/$s.err" || { cat "$tmp/$s.err"; fail=1; }
done
python3 - "$tmp" <<'PY' || fail=1
import glob, json, os, statistics, sys
tmp = sys.argv[1]
R = {s: json.load(open(f"{tmp}/{s}.json")) for s in ("study", "best", "worst")}
bad = []
def close(a, b):
    return a is not None and abs(a - b) <= 1e-9 * max(1, abs(b))
def pstdev_cov(v):
    m = sum(v) / len(v)
    return (sum((x - m) ** 2 for x in v) / len(v)) ** 0.5 / m * 100
want = {}
for f in sorted(glob.glob(tmp + "/study/results/*/*/*.json")):
    p, s = f.split("/")[-3:-1]
    d = json.load(open(f))
    m = f"{d['instance']['vcpus']} vCPU / {d['instance']['ram_gb']} GB"
    key = (p, s, m)
    if key in want:
        bad.append(f"two files in one cell {key}")
    want[key] = d
cells = {(c["provider"], c["scenario"], c["workload"]["machine"]): c for c in R["study"]["cells"]}
if set(cells) != set(want):
    bad.append(f"cells {sorted(set(cells) ^ set(want))}")
n = 0
for key, d in want.items():
    c = cells.get(key); cb = {(x["provider"], x["scenario"], x["workload"]["machine"]): x for x in R["best"]["cells"]}[key]
    cw = {(x["provider"], x["scenario"], x["workload"]["machine"]): x for x in R["worst"]["cells"]}[key]
    runs = d["results"]
    tps = [x["tps"] for x in runs]
    checks = [("tps_median", c["tps_median"], statistics.median(tps)),
              ("latency_avg_ms", c["latency_avg_ms"], statistics.median(x["latency_avg_ms"] for x in runs)),
              ("pgb.p95_ms", (c["pgb"] or {}).get("p95_ms"), statistics.median(x["latency_p95_ms"] for x in runs)),
              ("pgb.p99_ms", (c["pgb"] or {}).get("p99_ms"), statistics.median(x["latency_p99_ms"] for x in runs)),
              # PostgresBench's page: Best = the highest TPS of the runs, Worst the lowest
              ("best tps", cb["tps_headline"], max(tps)), ("worst tps", cw["tps_headline"], min(tps))]
    if "timeseries" in runs[0]:
        covs, dips, pooled = [], [], []
        for x in runs:
            w = [pt["tps"] for pt in x["timeseries"] if pt["elapsed_s"] < d["benchmark"]["duration"]][1:]
            covs.append(pstdev_cov(w)); pooled += w
            mean = sum(w) / len(w); dips.append((min(w) - mean) / mean * 100)
        checks += [("worst CoV", c["stability"]["worst"]["tps_cov_pct"], max(covs)),
                   ("deepest dip", c["stability"]["worst"]["tps_min_pct"], min(dips)),
                   ("pooled CoV", c["stability"]["pooled"]["tps_cov_pct"], pstdev_cov(pooled)),
                   ("windows", c["stability"]["pooled"]["count"], len(pooled)),
                   ("interval", c["stability"]["pooled"]["interval_s"], 30)]
    elif c["stability"]["worst"] is not None:
        bad.append(f"{key}: stability without a timeseries")
    for name, got, exp in checks:
        n += 1
        if not close(got, exp):
            bad.append(f"{key} {name}: {got} != {exp}")
base = R["study"]["study"]["baseline"]
# the provider with the most comparisons to make (other providers in its
# places), then the most places, then the first: Aurora, first and with as
# many places, shares none; PlanetScale is the first of the four that do
if base != "planetscale-metal-ha-2s-sync":
    bad.append(f"baseline {base}")
if len(R["study"]["comparisons"]) != 12:
    bad.append(f"{len(R['study']['comparisons'])} comparisons, want 12 (3 others x 2 machines x 2 sizes)")
print(f"postgresbench_setups: {n} figures checked against the files, {len(bad)} problem(s)")
for b in bad:
    print("  FAIL", b)
sys.exit(1 if bad else 0)
PY

# the summary names the system never compared; the machine x size pivot
cat > "$tmp/study/writeup.md" <<'EOF2'
{{section summary}}

{{table pivot rows=provider cols=machine scenario=100gb metric=tps_median}}

{{table setup 100gb}}

{{table latency}}
EOF2
"$TPSREPORT" build "$tmp/study" -o "$tmp/site" > /dev/null 2> "$tmp/build.err" || { cat "$tmp/build.err"; fail=1; }
grep -q 'AWS Aurora (no HA) ran 4 vCPU / 16 GB in .*100 GB (scale 6849), which the baseline, .*, did not run: not compared' \
  "$tmp/site/report.md" || { echo "FAIL never-compared sentence"; fail=1; }
# "only X has usable runs" only where X alone ran (Aurora's four places)
[ "$(grep -c 'only .* has usable runs' "$tmp/site/report.md")" = 4 ] &&
  [ "$(grep -c 'only AWS Aurora (no HA) has usable runs' "$tmp/site/report.md")" = 4 ] &&
  grep -q '4 vCPU / 16 GB): only AWS Aurora (no HA) has usable runs' "$tmp/site/report.md" ||
  { echo "FAIL 'only' sentence"; fail=1; }
python3 - "$tmp" <<'PY' || fail=1
import glob, json, statistics, sys
tmp = sys.argv[1]
md = open(f"{tmp}/site/report.md").read().splitlines()
labels = {"postgres-by-clickhouse-no-ha": "Postgres by ClickHouse (no HA)",
          "postgres-by-clickhouse-ha-2s-sync": "Postgres by ClickHouse (HA, 2 sync standbys)",
          "planetscale-metal-ha-2s-sync": "PlanetScale Metal (HA, 2 sync standbys)",
          "aws-rds-no-ha": "AWS RDS (no HA)", "aws-aurora-no-ha": "AWS Aurora (no HA)"}
head = next(i for i, l in enumerate(md) if l.startswith("| Provider |") and "vCPU /" in l)
cols = [x.strip() for x in md[head].strip("|").split("|")]
rows = {}
for l in md[head + 2:]:
    if not l.startswith("|"):
        break
    v = [x.strip() for x in l.strip("|").split("|")]
    rows[v[0]] = dict(zip(cols[1:], v[1:]))
bad = []
for f in glob.glob(tmp + "/study/results/*/100gb/*.json"):
    d = json.load(open(f)); p = f.split("/")[-3]
    m = f"{d['instance']['vcpus']} vCPU / {d['instance']['ram_gb']} GB"
    want = statistics.median(x["tps"] for x in d["results"])
    got = rows.get(labels[p].replace("(", "(").strip(), {}).get(m)
    # TPS is printed whole from 100 up (one decimal below): within half a unit
    if got is None or abs(float(got.replace(",", "")) - want) > (0.5 if want >= 99.95 else 0.05) + 1e-9:
        bad.append(f"pivot {p} {m}: {got} vs {want:.4f}")
# the latency table: PostgresBench's own p95 / p99 (no per-transaction logs)
lat = {}
for l in md:
    if l.startswith("| ~") or l.startswith("| \\~"):
        v = [x.strip() for x in l.strip("|").split("|")]
        if len(v) == 5:
            lat[(v[0].replace("\\", ""), v[1].split(", ")[-1], v[2])] = (v[3], v[4])
for f in glob.glob(tmp + "/study/results/*/*/*.json"):
    d = json.load(open(f)); p, s = f.split("/")[-3:-1]
    m = f"{d['instance']['vcpus']} vCPU / {d['instance']['ram_gb']} GB"
    sl = "~100 GB (scale 6849)" if s == "100gb" else "~500 GB (scale 34247)"
    got = lat.get((sl, m, labels[p]))
    for k, q in enumerate(("latency_p95_ms", "latency_p99_ms")):
        want = statistics.median(x[q] for x in d["results"])
        if got is None or abs(float(got[k]) - float("%.3g" % want)) > 1e-9:
            bad.append(f"latency table {p} {s} {m} {q}: {got} vs {want}")
if len(lat) != 20:
    bad.append(f"latency table rows {len(lat)}")
if cols[1:] != ["4 vCPU / 16 GB", "4 vCPU / 32 GB", "16 vCPU / 64 GB", "16 vCPU / 128 GB"]:
    bad.append(f"pivot columns {cols}")
print(f"pivot: {len(rows)} rows, {len(bad)} problem(s)")
for b in bad:
    print("  FAIL", b)
sys.exit(1 if bad else 0)
PY

# your own run beside the imported ones: pgbench's output (written from
# pgbench 17's summary format, SPEC.md) with the same workload, its machine
# from [provider] vcpu and ram_gb, compared with the imported baseline
cp -r "$tmp/study" "$tmp/own"
mkdir -p "$tmp/own/results/mycloud/100gb"
cat > "$tmp/own/results/mycloud/100gb/run1.txt" <<'EOF2'
pgbench (17.4 (Debian 17.4-1.pgdg120+2))
transaction type: <builtin: TPC-B (sort of)>
scaling factor: 6849
query mode: prepared
number of clients: 256
number of threads: 16
maximum number of tries: 1
duration: 600 s
number of transactions actually processed: 3000000
number of failed transactions: 0 (0.000%)
latency average = 51.200 ms
latency stddev = 9.100 ms
initial connection time = 480.100 ms
tps = 5000.000000 (without initial connection time)
EOF2
printf '\n[provider mycloud]\nvcpu = 4\nram_gb = 32\n' >> "$tmp/own/tpsreport.ini"
"$TPSREPORT" summary --json "$tmp/own" > "$tmp/own.json" 2>/dev/null
python3 - "$tmp/own.json" <<'PY2' || fail=1
import json, sys
R = json.load(open(sys.argv[1]))
k = [c for c in R["comparisons"] if c["provider"] == "mycloud"]
ok = len(k) == 1 and k[0]["workload"]["machine"] == "4 vCPU / 32 GB" and k[0]["scenario"] == "100gb"
print(("ok  " if ok else "FAIL") + f" own run beside the imported ones: {[(c['scenario'], c['workload']['machine']) for c in k]}")
sys.exit(0 if ok else 1)
PY2

# the article's shape (postgresbench-clickhouse-vs-planetscale): six files
# whose best runs are the article's figures; with runs = best the TPS
# figures and gaps are the article's, and so are its latencies (15.1 ->
# 10.1 ms, 54.7 -> 41.1, 18.2 -> 11.8: the lowest latency average of the
# runs, each metric on its own: the lowest-latency run is the lowest-TPS
# one here, and the spreads differ by system so that the medians' gap is
# not the best runs')
python3 - "$tmp/article" <<'PY2'
import json, os, sys
out = sys.argv[1]
def f(system, v, r, scale, best_tps, best_lat):
    runs = []
    spread = (1.0, 1.08, 1.2) if system == "ClickHouse" else (1.0, 1.01, 1.02)
    for i, k in enumerate((0.97, 1.0, 0.985)):
        t = best_tps * k
        runs.append({"run": i + 1, "tps": round(t, 4), "transactions": int(t * 600),
                     "failed_transactions": 0, "latency_avg_ms": round(best_lat * spread[i], 4),
                     "latency_stddev_ms": 5.0, "initial_connection_time_ms": 500.0,
                     "latency_p95_ms": round(best_lat * 1.5 / k, 4),
                     "latency_p99_ms": round(best_lat * 2 / k, 4)})
    return {"system": system, "instance": {"type": "r8gd", "vcpus": v, "ram_gb": r},
            "machine": f"{v}vCPU, {r}GB RAM", "cloud": "aws", "region": "us-west-2",
            "ha": {"mode": "sync", "standbys": 2, "label": "HA - 2 standbys - sync"},
            "postgres_version": "18.3",
            "benchmark": {"tool": "pgbench", "scale_factor": scale, "clients": 256, "threads": 16,
                          "duration": 600, "query_mode": "prepared"}, "results": runs}
files = {"ch_16_6849": f("ClickHouse", 16, 128, 6849, 25429, 10.1),
         "ps_16_6849": f("PlanetScale Metal", 16, 128, 6849, 16887, 15.1),
         "ch_4_6849": f("ClickHouse", 4, 32, 6849, 6242, 41.1),
         "ps_4_6849": f("PlanetScale Metal", 4, 32, 6849, 4675.8467, 54.7143),
         "ch_16_34247": f("ClickHouse", 16, 128, 34247, 21694, 11.8),
         "ps_16_34247": f("PlanetScale Metal", 16, 128, 34247, 14046, 18.2)}
os.makedirs(out)
for n, d in files.items():
    json.dump(d, open(f"{out}/{n}.json", "w"), indent=2)
PY2
"$TPSREPORT" import postgresbench "$tmp/article" -o "$tmp/astudy" > /dev/null
sed -i 's/^\[study\]$/[study]\nruns = best\nbaseline = planetscale-metal/' "$tmp/astudy/tpsreport.ini"
"$TPSREPORT" summary --json "$tmp/astudy" > "$tmp/a.json"
# the article's latency sentences as a writeup; the workload keys are the
# settings and the machine (docs/writeup.md, the PostgresBench recipe)
for x in 100gb:4-vcpu-32-gb 100gb:16-vcpu-128-gb 500gb:16-vcpu-128-gb; do
  k=tpc-b-c256-j16-prepared-${x#*:}; s=${x%%:*}
  echo "- $s $k: {{value planetscale-metal $s latency_avg_ms $k}} -> {{value clickhouse $s latency_avg_ms $k}} ms ({{value clickhouse $s latency_avg_ms $k vs=planetscale-metal fmt=pct}}; median {{value clickhouse $s latency_avg_ms $k vs=planetscale-metal fmt=pct runs=median}})"
done > "$tmp/astudy/writeup.md"
"$TPSREPORT" build "$tmp/astudy" -o "$tmp/asite" --no-png > /dev/null 2> "$tmp/a.err" || { cat "$tmp/a.err"; fail=1; }
python3 - "$tmp" <<'PY2' || fail=1
import glob, json, re, sys
tmp = sys.argv[1]
files = {}
for p in glob.glob(tmp + "/astudy/results/*/*/*.json"):
    d = json.load(open(p))
    files[(d["system"], p.split("/")[-2], f"{d['instance']['vcpus']}-vcpu-{d['instance']['ram_gb']}-gb")] = d
md = open(f"{tmp}/asite/report.md").read()
bad = []
# the article: 15.1 -> 10.1 ms (-33%), 54.7 -> 41.1 ms, 18.2 -> 11.8 ms
for s, m, ps_ms, ch_ms in (("100gb", "16-vcpu-128-gb", 15.1, 10.1), ("100gb", "4-vcpu-32-gb", 54.7, 41.1),
                           ("500gb", "16-vcpu-128-gb", 18.2, 11.8)):
    lat = {sy: [x["latency_avg_ms"] for x in files[(sy, s, m)]["results"]]
           for sy in ("ClickHouse", "PlanetScale Metal")}
    best = {sy: min(v) for sy, v in lat.items()}
    med = {sy: sorted(v)[1] for sy, v in lat.items()}
    gap = (best["ClickHouse"] / best["PlanetScale Metal"] - 1) * 100
    mgap = (med["ClickHouse"] / med["PlanetScale Metal"] - 1) * 100
    want = (f"- {s} tpc-b-c256-j16-prepared-{m}: {best['PlanetScale Metal']:.3g} -> "
            f"{best['ClickHouse']:.3g} ms ({gap:+.1f}%; median {mgap:+.1f}%)")
    if want not in md:
        bad.append(f"want {want!r}")
    if (f"{best['PlanetScale Metal']:.3g}", f"{best['ClickHouse']:.3g}") != (f"{ps_ms}", f"{ch_ms}") \
            or abs(mgap - gap) < 1:
        bad.append(f"files: best {best}, gaps {gap:.1f} / {mgap:.1f}")
    if (s, m) == ("100gb", "16-vcpu-128-gb") and round(gap) != -33:
        bad.append(f"article's -33%: {gap:.1f}")
print(f"article latencies: {len(bad)} problem(s)")
for x in bad:
    print("  FAIL", x)
    print("  report:", [l for l in md.splitlines() if l.startswith("- ")])
sys.exit(1 if bad else 0)
PY2
python3 - "$tmp/a.json" <<'PY2' || fail=1
import json, sys
R = json.load(open(sys.argv[1]))
c = {(x["provider"], x["scenario"], x["workload"]["machine"]): x["tps_headline"] for x in R["cells"]}
bad = []
# the article: 25,429 vs 16,887 TPS (+51%), 6,242 vs 4,676 (+34%), 21,694 vs 14,046 (+54%);
# its "~34%" is 33.5% from its own two figures (6242 / 4675.8467), so
# within one percentage point
for s, m, ch, ps, gap in (("100gb", "16 vCPU / 128 GB", 25429, 16887, 51),
                          ("100gb", "4 vCPU / 32 GB", 6242, 4676, 34),
                          ("500gb", "16 vCPU / 128 GB", 21694, 14046, 54)):
    a, b = c.get(("clickhouse", s, m)), c.get(("planetscale-metal", s, m))
    if a is None or b is None or round(a) != ch or round(b) != ps or abs((a / b - 1) * 100 - gap) >= 1:
        bad.append(f"{s} {m}: {a} vs {b}")
print(f"article: {len(bad)} problem(s)")
for x in bad:
    print("  FAIL", x)
sys.exit(1 if bad else 0)
PY2

# bad input: one line each naming file and member, the rest imported
mkdir -p "$tmp/badco/x"
python3 - "$co" "$tmp/badco/x" <<'PY'
import json, sys, shutil
co, out = sys.argv[1:]
src = co + "/planet_scale/results/ps_4cpu_32gb_6849_ha-2s-sync_us-west-2.json"
def mod(name, f):
    d = json.load(open(src)); f(d); json.dump(d, open(f"{out}/{name}", "w"), indent=2)
mod("a_system.json", lambda d: d.update(system=5))
mod("b_ha.json", lambda d: d.update(ha="yes"))
mod("c_hamode.json", lambda d: d["ha"].pop("mode"))
mod("d_series.json", lambda d: d["results"][1]["timeseries"].pop(3))
mod("e_machine.json", lambda d: (d.pop("machine"), d["instance"].pop("vcpus")))
shutil.copy(src, f"{out}/f_good.json")
mod("g_second.json", lambda d: d["results"][0].update(tps=1.0))
PY
set +e
"$TPSREPORT" import postgresbench "$tmp/badco" -o "$tmp/badstudy" > "$tmp/bad.out" 2> "$tmp/bad.err"; rc=$?
set -e
[ $rc -eq 1 ] || { echo "FAIL bad input exit $rc"; fail=1; }
for want in 'a_system.json:2: "system" must be' 'b_ha.json:[0-9]*: "ha" must be an object' \
            'c_hamode.json:[0-9][0-9]*: "ha.mode" is missing' 'd_series.json:[0-9]*: "timeseries"' \
            'e_machine.json:[0-9][0-9]*: "machine" is missing' 'g_second.json: the same setup as .*f_good.json'; do
  [ "$(grep -c -- "$want" "$tmp/bad.err")" = 1 ] || { echo "FAIL bad input message: $want"; fail=1; }
done
[ "$(wc -l < "$tmp/bad.err")" = 6 ] || { echo "FAIL bad input lines:"; cat "$tmp/bad.err"; fail=1; }
[ "$(find "$tmp/badstudy/results" -name '*.json' | sed 's|.*/||')" = f_good.json ] ||
  { echo "FAIL bad input: not only the good file imported"; fail=1; }

# nothing in an existing study is overwritten
place=$tmp/study/results/aws-rds-no-ha/100gb
before=$(cd "$tmp/study" && find . | sort)
for kind in fifo dir big; do
  f=$place/rds_4cpu_32gb_6849.json
  mv "$f" "$tmp/saved.json"
  case $kind in
    fifo) mkfifo "$f" ;;
    dir) mkdir "$f" ;;
    big) truncate -s 300M "$f" ;;
  esac
  set +e
  "$TPSREPORT" import postgresbench "$co" -o "$tmp/study" > "$tmp/o" 2> "$tmp/e"; rc=$?
  set -e
  case $kind in
    fifo) [ -p "$f" ] ;; dir) [ -d "$f" ] ;; big) [ -f "$f" ] && [ "$(stat -c %s "$f")" = 314572800 ] ;;
  esac || { echo "FAIL $kind was replaced"; fail=1; }
  [ $rc -eq 2 ] && grep -q "rds_4cpu_32gb_6849.json: exists and .*not overwritten" "$tmp/e" ||
    { echo "FAIL $kind: exit $rc, $(cat "$tmp/e")"; fail=1; }
  rm -rf "$f"; mv "$tmp/saved.json" "$f"
  [ "$before" = "$(cd "$tmp/study" && find . | sort)" ] || { echo "FAIL $kind: files written"; fail=1; }
done

[ $fail = 0 ] && echo "postgresbench_setups: all good"
exit $fail
