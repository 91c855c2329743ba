#!/usr/bin/env bash
# postgresbench.sh: PostgresBench result files (github.com/ClickHouse/
# PostgresBench, written by its run.sh; the files here are written from
# that format, not copied from its repository):
#  - `tpsreport import postgresbench DIR -o STUDY` lays out the study
#    (provider from "system", scenario from the dataset size by
#    PostgresBench's rule, scale x 16 MB to the nearest 100 GB; the machine
#    is read from each file) with a tpsreport.ini of labels and fact.NAME
#    lines; a second import changes nothing;
#    a different file in the same place is refused; other JSON is skipped;
#  - `summary --json` reads each file as its runs: every figure is checked
#    against the file itself, p95/p99 marked as PostgresBench's, the load
#    time as the init's wall clock, the facts as the provider's;
#  - a result file with a member of the wrong type is a warning naming
#    its line.
set -euo pipefail
: "${TPSREPORT:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
co=$tmp/checkout

python3 - "$co" <<'PY'
import json, os, random, sys
co = sys.argv[1]
rnd = random.Random(42)
def result(system, itype, vcpus, ram, scale, ver, storage):
    runs = []
    for i in (1, 2, 3):
        tx = rnd.randrange(2000000, 3000000)
        runs.append({"run": i, "tps": round(tx / 600, 6), "transactions": tx,
                     "failed_transactions": 0, "latency_avg_ms": round(rnd.uniform(40, 60), 3),
                     "latency_stddev_ms": round(rnd.uniform(20, 30), 3),
                     "initial_connection_time_ms": round(rnd.uniform(500, 1000), 3),
                     "latency_p95_ms": round(rnd.uniform(90, 110), 3),
                     "latency_p99_ms": round(rnd.uniform(120, 140), 3)})
    return {"system": system, "date": "2026-03-17",
            "instance": {"type": itype, "vcpus": vcpus, "ram_gb": ram,
                         "instance_storage": None, "primary_storage": storage},
            "machine": f"{vcpus}vCPU, {ram}GB RAM", "cluster_size": 1, "tuned": "no",
            "comment": "", "postgres_version": ver,
            "benchmark": {"tool": "pgbench", "workload": "TPC-B (built-in)",
                          "scale_factor": scale, "clients": 256, "threads": 16,
                          "duration": 600, "query_mode": "prepared"},
            "load": {"load_time_seconds": round(rnd.uniform(600, 900), 3)},
            "results": runs}
files = {"alpha/results/alpha_4cpu_16gb_6849.json": result("Alpha DB", "a.xlarge", 4, 16, 6849, "18.3", "NVMe"),
         "alpha/results/alpha_16cpu_64gb_34247.json": result("Alpha DB", "a.4xlarge", 16, 64, 34247, "18.3", "NVMe"),
         "beta/results/beta_4cpu_16gb_6849.json": result("Beta Cloud (aws)", "Serverless", 4, 16, 6849, "17.4 (x)", None)}
for rel, d in files.items():
    os.makedirs(os.path.join(co, os.path.dirname(rel)), exist_ok=True)
    json.dump(d, open(os.path.join(co, rel), "w"), indent=2)
# not PostgresBench: skipped by import
json.dump({"name": "something else"}, open(os.path.join(co, "package.json"), "w"))
PY

"$TPSREPORT" import postgresbench "$co" -o "$tmp/study" > "$tmp/out" 2>&1 || { cat "$tmp/out"; exit 1; }
find "$tmp/study" -type f | sort | sed "s|$tmp/study/||" > "$tmp/files"
cat > "$tmp/want" <<'EOF2'
results/alpha-db/100gb/alpha_4cpu_16gb_6849.json
results/alpha-db/500gb/alpha_16cpu_64gb_34247.json
results/beta-cloud-aws/100gb/beta_4cpu_16gb_6849.json
tpsreport.ini
EOF2
diff "$tmp/want" "$tmp/files" || { echo "FAIL layout"; fail=1; }
cmp "$co/alpha/results/alpha_4cpu_16gb_6849.json" \
    "$tmp/study/results/alpha-db/100gb/alpha_4cpu_16gb_6849.json" || fail=1
grep -qx 'label = Beta Cloud (aws)' "$tmp/study/tpsreport.ini" || { echo "FAIL provider label"; fail=1; }
grep -qx 'label = ~500 GB (scale 34247)' "$tmp/study/tpsreport.ini" ||
  { echo "FAIL scenario label"; cat "$tmp/study/tpsreport.ini"; fail=1; }
grep -qx 'fact.instance = a.xlarge (4 vCPU, 16 GB RAM); a.4xlarge (16 vCPU, 64 GB RAM)' \
  "$tmp/study/tpsreport.ini" && grep -qx 'fact.postgres = 18.3' "$tmp/study/tpsreport.ini" &&
  ! grep -q '^notes' "$tmp/study/tpsreport.ini" || { echo "FAIL provider facts"; cat "$tmp/study/tpsreport.ini"; fail=1; }

# again: nothing changes; a different file in the same place is refused
sum1=$(find "$tmp/study" -type f -exec sha256sum {} + | sort)
"$TPSREPORT" import postgresbench "$co" -o "$tmp/study" > /dev/null 2>&1 || { echo "FAIL second import"; fail=1; }
[ "$sum1" = "$(find "$tmp/study" -type f -exec sha256sum {} + | sort)" ] || { echo "FAIL second import changed files"; fail=1; }
mkdir -p "$tmp/other/alpha/results"
sed 's/"tps": /"tps": 1/' "$co/alpha/results/alpha_4cpu_16gb_6849.json" > "$tmp/other/alpha/results/alpha_4cpu_16gb_6849.json"
set +e
"$TPSREPORT" import postgresbench "$tmp/other" -o "$tmp/study" > /dev/null 2> "$tmp/err"; rc=$?
set -e
if [ $rc -ne 2 ] || ! grep -q "exists and differs" "$tmp/err"; then
  echo "FAIL conflicting import: exit $rc, $(cat "$tmp/err")"; fail=1
fi
[ "$sum1" = "$(find "$tmp/study" -type f -exec sha256sum {} + | sort)" ] || { echo "FAIL refused import changed files"; fail=1; }
set +e
"$TPSREPORT" import postgresbench "$co/package.json" -o "$tmp/x" > /dev/null 2> "$tmp/err"; rc=$?
set -e
[ $rc -eq 2 ] && grep -q "not a PostgresBench result file" "$tmp/err" || { echo "FAIL non-PostgresBench file: $rc"; fail=1; }

# a broken member: a warning with its line, the other files still read
cp -r "$tmp/study" "$tmp/broken"
f=$tmp/broken/results/beta-cloud-aws/100gb/beta_4cpu_16gb_6849.json
line=$(grep -n '"clients"' "$f" | cut -d: -f1)
sed -i 's/"clients": 256/"clients": "many"/' "$f"
"$TPSREPORT" summary --json "$tmp/broken" > "$tmp/broken.json" 2>/dev/null
python3 - "$tmp/broken.json" "$line" <<'PY' || fail=1
import json, sys
R = json.load(open(sys.argv[1])); line = int(sys.argv[2])
w = [x for x in R["warnings"] if x["path"] and x["path"].endswith("beta_4cpu_16gb_6849.json")]
ok = len(w) == 1 and w[0]["line"] == line and '"clients"' in w[0]["message"] and \
     not any(r["provider"] == "beta-cloud-aws" for r in R["runs"])
print(("ok  " if ok else "FAIL") + f" broken member: {w}")
sys.exit(0 if ok else 1)
PY

"$TPSREPORT" summary --json "$tmp/study" > "$tmp/r.json"
python3 - "$tmp/r.json" "$tmp/study" <<'PY' || fail=1
import glob, json, os, sys
R = json.load(open(sys.argv[1])); study = sys.argv[2]
bad = []
runs = {(r["provider"], r["scenario"], r["id"]): r for r in R["runs"]}
inits = {(i["provider"], i["scenario"]): i for i in R["init"]}
provs = {p["id"]: p for p in R["providers"]}
n = 0
for f in sorted(glob.glob(study + "/results/*/*/*.json")):
    p, s = f.split("/")[-3:-1]
    d = json.load(open(f))
    stem = os.path.basename(f)[:-5]
    for x in d["results"]:
        r = runs.get((p, s, f"{stem}-run{x['run']}"))
        if not r:
            bad.append(f"missing run {p} {s} {stem} {x['run']}"); continue
        n += 1
        for k, j in (("tps", "tps"), ("transactions", "transactions"), ("failed", "failed_transactions"),
                     ("latency_avg_ms", "latency_avg_ms"), ("latency_stddev_ms", "latency_stddev_ms"),
                     ("initial_connection_ms", "initial_connection_time_ms")):
            if r[k] != x[j]:
                bad.append(f"{p} {s} run{x['run']} {k}: {r[k]} != {x[j]}")
        b = d["benchmark"]
        if (r["scale"], r["clients"], r["threads"], r["duration_s"], r["query_mode"]) != \
           (b["scale_factor"], b["clients"], b["threads"], b["duration"], b["query_mode"]):
            bad.append(f"{p} {s} workload {r}")
        pl = r["postgresbench_latency"]
        if not pl or pl["p95_ms"] != x["latency_p95_ms"] or pl["p99_ms"] != x["latency_p99_ms"] \
           or pl["source"] != "PostgresBench's percentiles":
            bad.append(f"{p} {s} postgresbench_latency {pl}")
        if r["latency"] is not None or r["excluded"]:
            bad.append(f"{p} {s} latency/excluded {r['latency']} {r['excluded']}")
    i = inits.get((p, s))
    if not i or i["wall_s"] != d["load"]["load_time_seconds"] or i["source"] != "postgresbench" \
       or i["scale"] != d["benchmark"]["scale_factor"]:
        bad.append(f"init {p} {s}: {i}")
    facts = provs[p]["facts"]
    if facts.get("postgres") != d["postgres_version"] or d["instance"]["type"] not in facts.get("instance", ""):
        bad.append(f"facts {p}: {facts}")
want_cells = {("alpha-db", "100gb"), ("alpha-db", "500gb"), ("beta-cloud-aws", "100gb")}
got_cells = {(c["provider"], c["scenario"]) for c in R["cells"]}
if got_cells != want_cells or n != 9:
    bad.append(f"cells {got_cells}, {n} runs")
if provs["beta-cloud-aws"]["label"] != "Beta Cloud (aws)":
    bad.append("label")
print(f"postgresbench: {n} runs checked, {len(bad)} problem(s)")
for b in bad:
    print("  FAIL", b)
sys.exit(1 if bad else 0)
PY
"$TPSREPORT" build "$tmp/study" -o "$tmp/site" > /dev/null 2>&1 || { echo "FAIL build"; fail=1; }
[ $fail = 0 ] && echo "postgresbench: all good"
exit $fail
