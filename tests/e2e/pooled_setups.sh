#!/usr/bin/env bash
# pooled_setups.sh: PostgresBench result files placed by hand (not by
# import) in one provider folder pool into one cell when their machine is
# the same; `check` names each file whose setup differs from the cell's
# first (pooled-setups, docs/check.md). Files written here by Python from
# PostgresBench's format (not copied):
#  - pooled/100gb: a single node, the same node with HA (1 async standby)
#    and one in another region: two findings, naming both setups;
#  - same/100gb: two files of one setup (runs 1-3 and 4-6): none;
#  - the HA file alone: none.
set -euo pipefail
: "${TPSREPORT:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
python3 - "$tmp/study" <<'PY'
import json, os, sys
out = sys.argv[1]
def f(first_run, ha=None, region=None):
    d = {"system": "Sys", "instance": {"type": "r8gd.xlarge", "vcpus": 4, "ram_gb": 32},
         "machine": "4vCPU, 32GB RAM", "postgres_version": "17.4",
         "benchmark": {"tool": "pgbench", "scale_factor": 6849, "clients": 256, "threads": 16,
                       "duration": 600, "query_mode": "prepared"},
         "results": [{"run": first_run + i, "tps": 5000.0 + 10 * i, "transactions": 3000000,
                      "failed_transactions": 0, "latency_avg_ms": 51.2, "latency_stddev_ms": 9.1,
                      "initial_connection_time_ms": 480.1} for i in range(3)]}
    if ha:
        d["ha"] = ha
    if region:
        d["cloud"], d["region"] = "aws", region
    return d
HA = {"mode": "async", "standbys": 1, "label": "HA - 1 standby - async"}
files = {"pooled/100gb/sys_4cpu.json": f(1),
         "pooled/100gb/sys_4cpu_ha-1s-async.json": f(1, ha=HA),
         "pooled/100gb/sys_4cpu_eu.json": f(1, region="eu-west-1"),
         "same/100gb/a.json": f(1), "same/100gb/b.json": f(4),
         "haonly/100gb/sys_4cpu_ha-1s-async.json": f(1, ha=HA)}
for rel, d in files.items():
    os.makedirs(os.path.dirname(os.path.join(out, "results", rel)), exist_ok=True)
    json.dump(d, open(os.path.join(out, "results", rel), "w"), indent=2)
open(os.path.join(out, "tpsreport.ini"), "w").write("[study]\ntitle = pooled\n")
PY
rc=0
"$TPSREPORT" check --verbose "$tmp/study" > "$tmp/out" 2>&1 || rc=$?
grep 'pooled-setups' "$tmp/out" | sort > "$tmp/got" || true
# by hand: the cell's first file is sys_4cpu.json (natural order of the
# folder: sys_4cpu.json < sys_4cpu_eu.json < sys_4cpu_ha-1s-async.json)
cat > "$tmp/want" <<'W'
finding: results/pooled/100gb/sys_4cpu_eu.json: states another setup (instance: r8gd.xlarge (4 vCPU, 32 GB RAM); ha: no HA; region: aws eu-west-1; postgres: 17.4) than results/pooled/100gb/sys_4cpu.json (instance: r8gd.xlarge (4 vCPU, 32 GB RAM); ha: no HA; postgres: 17.4), yet both are runs of pooled / 100gb / TPC-B, 256 clients, 16 threads, prepared, 4 vCPU / 32 GB, pooled into one cell; give each setup its own provider folder (tpsreport import postgresbench does) [pooled-setups]
finding: results/pooled/100gb/sys_4cpu_ha-1s-async.json: states another setup (instance: r8gd.xlarge (4 vCPU, 32 GB RAM); ha: HA, 1 async standby; postgres: 17.4) than results/pooled/100gb/sys_4cpu.json (instance: r8gd.xlarge (4 vCPU, 32 GB RAM); ha: no HA; postgres: 17.4), yet both are runs of pooled / 100gb / TPC-B, 256 clients, 16 threads, prepared, 4 vCPU / 32 GB, pooled into one cell; give each setup its own provider folder (tpsreport import postgresbench does) [pooled-setups]
W
if ! diff "$tmp/want" "$tmp/got"; then echo "FAIL pooled-setups findings"; cat "$tmp/out"; fail=1; fi
[ "$rc" = 1 ] || { echo "FAIL check exit $rc, want 1"; fail=1; }
# the grouped form (and the report) carry the code too
"$TPSREPORT" check "$tmp/study" > "$tmp/grouped" 2>&1 || true
grep -q '^finding: pooled-setups: 2 files: .*; in pooled/100gb (sys_4cpu_eu.json, sys_4cpu_ha-1s-async.json)$' "$tmp/grouped" ||
  { echo "FAIL grouped line"; fail=1; }
[ $fail = 0 ] && echo "pooled_setups: ok"
exit $fail
