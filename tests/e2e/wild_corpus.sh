#!/usr/bin/env bash
# wild_corpus.sh: what users really have, as one study read by `tpsreport
# summary --json` and checked by check_summary.py (an independent
# recomputation from the raw files) plus checks of its own below:
#  - pgbench 9.2-9.5 summaries (tests/fixtures/pgbench/9: written from the
#    format, not captured): read, 9.2-9.3 with latency unknown (null);
#  - pgbench 10-14 aggregate logs of 11 fields (-R -L, with skipped
#    transactions; tests/fixtures/logs/1x/aggratelimit.*: written from the
#    format) under a summary written here from their totals: windows count
#    successful transactions only (check_summary.py subtracts column 11);
#  - interleaved stderr of aborting clients: left out as aborted;
#  - a warm-up run: read, never counted;
#  - a malformed summary: a warning whose path and line are filled in;
#  - logs that stop early: a `check` finding naming the run.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
here=$(cd "$(dirname "$0")" && pwd)
fx=$TR_SOURCE_DIR/tests/fixtures
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
st=$tmp/study
fail=0

mkdir -p "$st/results/old9/x" "$st/results/aborts/x" "$st/results/pgb/x"
n=1
for f in tpcb_T_P_94 select_R_L_95 tpcb_T_93 update_t_92 tpcb_r_94; do
  cp "$fx/pgbench/9/$f.txt" "$st/results/old9/x/run$n.txt"; n=$((n + 1))
done
cp "$fx/pgbench/16/interleaved_abort.txt" "$st/results/aborts/x/run1.txt"
cp "$fx/pgbench/9/tpcb_T_93.txt" "$st/results/aborts/x/run2.txt"
cp "$fx/pgbench/9/tpcb_T_93.txt" "$st/results/aborts/x/warmup.txt"

# An init shared by a provider's scenarios of scale 100 (a and b), not c
# (scale 50). Written from the format of pgbench 15's -i output.
for sc in a b; do
  mkdir -p "$st/results/shared/$sc"
  for i in 1 2; do cp "$fx/pgbench/9/tpcb_T_93.txt" "$st/results/shared/$sc/run$i.txt"; done
done
mkdir -p "$st/results/shared/c"
cp "$fx/pgbench/9/tpcb_T_P_94.txt" "$st/results/shared/c/run1.txt"
printf '%s\n' 'dropping old tables...' 'creating tables...' \
  'generating data (client-side)...' \
  '10000000 of 10000000 tuples (100%) done (elapsed 21.05 s, remaining 0.00 s)' \
  'vacuuming...' 'creating primary keys...' \
  'done in 30.10 s (drop tables 0.01 s, create tables 0.02 s, client-side generate 21.40 s, vacuum 3.20 s, primary keys 5.47 s).' \
  '' 'real	0m30.215s' 'user	0m3.101s' 'sys     0m0.2' > "$st/results/shared/init.txt"

# PostgresBench's run.sh layout: run_N.log (stdout of pgbench 18 -P 30 -l)
# and txlogs_<TIMESTAMP>/txlog_N.<pid>[.<thread>]; an earlier txlogs_
# folder is not read. Written from run.sh and pgbench's formats.
python3 - "$st/results/pgb/x" <<'PY'
import os, random, sys
d = sys.argv[1]
rnd = random.Random(17)
for run in (1, 2):
    lat = []
    for sub, pid in (("txlogs_20260317_101500", 7000 + run), ("txlogs_20260317_090000", 100 + run)):
        os.makedirs(os.path.join(d, sub), exist_ok=True)
        for th in (0, 1):
            name = f"txlog_{run}.{pid}" + (f".{th}" if th else "")
            with open(os.path.join(d, sub, name), "w") as f:
                for i in range(400):
                    v = int(rnd.lognormvariate(8, 0.6))
                    if sub.endswith("101500"):
                        lat.append(v)
                    f.write(f"{th * 2 + i % 2} {i // 2 + 1} {v} 0 {1773742500 + i // 40} {rnd.randrange(1000000)}\n")
    n = len(lat)
    tps = n / 10
    avg = sum(lat) / n / 1000
    open(os.path.join(d, f"run_{run}.log"), "w").write(
        "pgbench (18.3 (Ubuntu 18.3-1.pgdg22.04+1))\n"
        "transaction type: <builtin: TPC-B (sort of)>\nscaling factor: 10\n"
        "query mode: prepared\nnumber of clients: 4\nnumber of threads: 2\n"
        "maximum number of tries: 1\nduration: 10 s\n"
        f"number of transactions actually processed: {n}\n"
        "number of failed transactions: 0 (0.000%)\n"
        f"latency average = {avg:.3f} ms\nlatency stddev = 1.234 ms\n"
        f"initial connection time = 12.345 ms\ntps = {tps:f} (without initial connection time)\n")
    lat.sort()
    import math
    p95 = lat[math.ceil(0.95 * n) - 1]
    open(os.path.join(os.path.dirname(d), f"expect_run_{run}"), "w").write(f"{n} {p95}\n")
PY

# -P 1 with a slow start (first report at 2.5 s) and one report skipped
# (7.0): windows of 1 s, and no gap found. Written from pgbench 15's format.
mkdir -p "$st/results/prog/x"
{
  echo "pgbench (15.18)"; echo "starting vacuum...end."
  for t in 2.5 3.0 4.0 5.0 6.0 8.0 9.0 10.0; do
    echo "progress: $t s, 101.0 tps, lat 9.900 ms stddev 1.000, 0 failed"
  done
  printf '%s\n' "transaction type: <builtin: TPC-B (sort of)>" "scaling factor: 1" \
    "query mode: simple" "number of clients: 1" "number of threads: 1" \
    "maximum number of tries: 1" "duration: 10 s" \
    "number of transactions actually processed: 1010" \
    "number of failed transactions: 0 (0.000%)" "latency average = 9.900 ms" \
    "latency stddev = 1.000 ms" "initial connection time = 2.000 ms" \
    "tps = 101.000000 (without initial connection time)"
} > "$st/results/prog/x/run1.txt"

# 10-14: a -R -L run whose summary is written from its logs' totals, the
# way pgbench 10-14 count (10: processed includes skipped; 11-14 not).
for v in 10 11 12 13 14; do
  d=$st/results/agg$v/x
  mkdir -p "$d"
  for f in "$fx/logs/$v"/aggratelimit.*; do
    cp "$f" "$d/run1.${f##*/aggratelimit.}"
  done
  python3 - "$v" "$d" <<'PY'
import glob, sys
v, d = int(sys.argv[1]), sys.argv[2]
rows = [list(map(int, l.split())) for f in sorted(glob.glob(d + "/run1.*")) for l in open(f)]
starts = sorted({r[0] for r in rows})
dur = starts[-1] - starts[0] + 1
tx = sum(r[1] for r in rows); sk = sum(r[10] for r in rows); ok = tx - sk
lat = sum(r[2] for r in rows) / ok / 1000
processed = tx if v == 10 else ok
tps = ok / dur
out = ["starting vacuum...end.", "transaction type: <builtin: TPC-B (sort of)>",
       "scaling factor: 1", "query mode: simple", "number of clients: 2",
       "number of threads: 2", f"duration: {dur} s",
       f"number of transactions actually processed: {processed}",
       f"number of transactions skipped: {sk} ({100 * sk / tx:.3f} %)",
       f"number of transactions above the 5.0 ms latency limit: {sk} ({100 * sk / tx:.3f} %)"
       if v == 10 else
       f"number of transactions above the 5.0 ms latency limit: {sk}/{tx} ({100 * sk / tx:.3f} %)",
       f"latency average = {lat:.3f} ms", "latency stddev = 1.000 ms",
       "rate limit schedule lag: avg 0.500 (max 2.000) ms"]
if v >= 14:
    out += ["initial connection time = 3.000 ms", f"tps = {tps:f} (without initial connection time)"]
    out.insert(1, f"pgbench ({v}.0)")
else:
    out += [f"tps = {tps * 0.99:f} (including connections establishing)",
            f"tps = {tps:f} (excluding connections establishing)"]
open(d + "/run1.txt", "w").write("\n".join(out) + "\n")
PY
done

"$TPSREPORT" summary --json "$st" > "$tmp/r.json" 2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
/usr/bin/python3 "$here/check_summary.py" "$st" "$tmp/r.json" || fail=1

python3 - "$tmp/r.json" <<'PY' || fail=1
import json, sys  # r.json lies beside the study
R = json.load(open(sys.argv[1]))
runs = {(r["provider"], r["id"]): r for r in R["runs"]}
bad = []
def want(cond, what):
    if not cond:
        bad.append(what)
for i in range(1, 6):
    r = runs[("old9", f"run{i}")]
    want(not r["excluded"], f"9.x run{i} excluded: {r['excluded_reason']}")
    want(r["pgbench_major"] == 9, f"9.x run{i} major {r['pgbench_major']}")
want(runs[("old9", "run3")]["latency_avg_ms"] is None, "9.3 latency not null")
want(runs[("old9", "run1")]["latency_avg_ms"] == 9.92, "9.4 latency colon line")
want(runs[("old9", "run1")]["transaction_type"] == "<builtin: TPC-B (sort of)>", "9.4 builtin name")
want(runs[("old9", "run4")]["transactions_per_client"] == 1000, "transactions_per_client")
a = runs[("aborts", "run1")]
want(a["aborted"] and a["excluded"], "interleaved abort not aborted")
want(a["initial_connection_ms"] == 214.018, "initial_connection_ms")
w = runs[("aborts", "warmup")]
want(w["warmup"] and w["excluded"], "warm-up not excluded")
want(not runs[("aborts", "run2")]["warmup"], "run2 marked warm-up")
cell = [c for c in R["cells"] if c["provider"] == "aborts"]
want(len(cell) == 1 and cell[0]["runs"] == 1, f"aborts cell counts {cell}")
pw = runs[("prog", "run1")]["windows"]
want(pw and pw["interval_s"] == 1 and pw["count"] == 7, f"progress windows {pw}")
for v in range(10, 15):
    r = runs[(f"agg{v}", "run1")]
    want(not r["excluded"] and r["windows"] and r["windows"]["source"] == "aggregate-log",
         f"agg{v}: no windows ({r['excluded_reason']})")
    want(r["skipped"] and r["skipped"] > 0, f"agg{v}: skipped {r['skipped']}")
ins = [i for i in R["init"] if i["provider"] == "shared"]
want(len(ins) == 1 and ins[0]["scenario"] == "a" and ins[0]["shared"] and ins[0]["scale"] == 100
     and ins[0]["total_s"] == 30.10 and ins[0]["wall_s"] == 30.215 and ins[0]["sys_s"] is None,
     f"shared init: {ins}")
notes = [x for x in R["warnings"] if x["path"] == "results/shared/init.txt"]
want(any(x["code"] == "init-shared" and "a, b" in x["message"] for x in notes), f"init-shared note: {notes}")
want(any(x["code"] == "init-damaged" and x["line"] == 11 for x in notes), f"init-damaged: {notes}")
import os
for run in (1, 2):
    n, p95 = map(int, open(os.path.join(os.path.dirname(sys.argv[1]), "study", "results", "pgb",
                                        f"expect_run_{run}")).read().split())
    r = runs[("pgb", f"run_{run}")]
    want(r["latency"] and r["latency"]["count"] == n, f"PostgresBench txlogs of run_{run}: {r['latency']}")
    want(r["latency"] and abs(r["latency"]["p95_ms"] - p95 / 1000) <= 5e-4 * p95 / 1000,
         f"run_{run} p95 {r['latency'] and r['latency']['p95_ms']} != {p95 / 1000}")
print(f"wild corpus: {len(bad)} problem(s)")
for b in bad:
    print("  FAIL", b)
sys.exit(1 if bad else 0)
PY

# Almost pgbench output: read for what is sure, one warning with FILE:LINE
# (its path and line filled in results.json); left out only when its TPS,
# duration or workload cannot be known, saying which.
mkdir -p "$tmp/bad/results/p/s"
cp "$fx/pgbench/9/tpcb_T_P_94.txt" "$tmp/bad/results/p/s/run1.txt"
sed 's/^number of clients: 16$/number of clients: sixteen/' "$fx/pgbench/9/tpcb_T_93.txt" \
  > "$tmp/bad/results/p/s/run3.txt"
sed 's/^latency stddev: 3.229 ms$/latency stddev: 3.2/' "$fx/pgbench/9/tpcb_T_P_94.txt" \
  > "$tmp/bad/results/p/s/run4.txt"
sed 's/^duration: 30 s$/duration: 30 s\nsomething a tool added/' "$fx/pgbench/9/tpcb_T_P_94.txt" \
  > "$tmp/bad/results/p/s/run5.txt"
"$TPSREPORT" summary --json "$tmp/bad" > "$tmp/bad.json" 2>/dev/null
python3 - "$tmp/bad.json" <<'PY' || fail=1
import json, sys
R = json.load(open(sys.argv[1]))
runs = {r["id"]: r for r in R["runs"]}
def w(run):
    return [x for x in R["warnings"] if x["path"] == f"results/p/s/{run}.txt"]
bad = []
x = w("run3")
if not (len(x) == 1 and x[0]["line"] == 5 and x[0]["code"] == "run-excluded"
        and "number of clients: sixteen" in x[0]["message"] and "workload" in x[0]["message"]
        and not x[0]["message"].startswith("results/") and runs["run3"]["excluded"]
        and "workload" in runs["run3"]["excluded_reason"]):
    bad.append(f"run3 (clients unknown): {x} {runs['run3']['excluded_reason']}")
x = w("run4")
r = runs["run4"]
if not (len(x) == 1 and x[0]["line"] == 13 and x[0]["code"] == "summary-damaged"
        and not r["excluded"] and r["latency_stddev_ms"] is None and r["tps"] == 805.522817
        and r["latency_avg_ms"] == 9.92):
    bad.append(f"run4 (stddev cut): {x} {r['excluded_reason']}")
x = w("run5")
r = runs["run5"]
if not (len(x) == 1 and x[0]["line"] == 11 and x[0]["code"] == "summary-damaged"
        and "something a tool added" in x[0]["message"] and not r["excluded"]
        and r["transactions"] == 24162):
    bad.append(f"run5 (unknown line): {x}")
print(("ok  " if not bad else "FAIL") + " almost pgbench output")
for b in bad:
    print("  FAIL", b)
sys.exit(1 if bad else 0)
PY

# Logs that stop early: cut the last line of both thread files of agg14.
cp -r "$st" "$tmp/short"
for f in "$tmp/short/results/agg14/x"/run1.*[0-9]; do
  head -n -2 "$f" > "$f.new" && mv "$f.new" "$f"
done
set +e
"$TPSREPORT" check "$tmp/short" > "$tmp/check.out" 2>&1
set -e
# (check groups findings by code: "finding: CODE: ...; in DIR (FILES)")
if grep -Eq "results/agg14/x/run1.txt.*aggregate logs stop early|logs-short:.*stop early.*agg14/x \(run1.txt\)" "$tmp/check.out"; then
  echo "ok   logs that stop early: $(grep 'stop early' "$tmp/check.out")"
else
  echo "FAIL no logs-short finding:"; cat "$tmp/check.out"; fail=1
fi
"$TPSREPORT" check "$st" > "$tmp/check.all" 2>&1 || true
if grep -q "stop early" "$tmp/check.all"; then
  echo "FAIL logs-short on complete logs"; fail=1
fi
if grep -Eq "results/prog/.*window-gap|window-gap:.*prog/x" "$tmp/check.all"; then
  echo "FAIL one skipped -P report taken for a gap"; fail=1
fi
# two reports in a row missing: a gap
sed -i '/^progress: 5.0 s/d' "$tmp/short/results/prog/x/run1.txt"
sed -i '/^progress: 6.0 s/d' "$tmp/short/results/prog/x/run1.txt"
"$TPSREPORT" check "$tmp/short" > "$tmp/check.short" 2>&1 || true
if grep -Eq "results/prog/x/run1.txt: a gap|window-gap:.*prog/x \(run1.txt\)" "$tmp/check.short"; then
  echo "ok   two missing -P reports: a gap"
else
  echo "FAIL no window-gap for two missing reports"; fail=1
fi

[ $fail = 0 ] && echo "wild_corpus: all good"
exit $fail
