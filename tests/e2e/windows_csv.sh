#!/usr/bin/env bash
# build --windows writes data/windows.csv: every counted window of every
# run. Checked against the raw aggregate logs of the sample, read here in
# Python: per interval start present in every thread file (the first one
# left out, docs/metrics.md), TPS = transactions / interval, mean latency
# = sum of latencies / transactions. Without --windows there is no file.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample
"$bin" build "$sample" -o "$work/out" --no-png --windows >/dev/null 2>&1 || fail "build --windows"
"$bin" build "$sample" -o "$work/plain" --no-png >/dev/null 2>&1 || fail "build"
[ ! -e "$work/plain/data/windows.csv" ] || fail "windows.csv written without --windows"
python3 - "$sample/results" "$work/out/data/windows.csv" <<'PY' || fail "windows.csv"
import csv, glob, os, re, sys
results, path = sys.argv[1:3]
rows = list(csv.DictReader(open(path, encoding="utf-8", newline="")))
checked = 0
for prov in ("stock", "tuned"):
    for scen in ("bench1", "bench10", "bench100"):
        for run in ("run1", "run2", "run3"):
            files = [f for f in glob.glob(os.path.join(results, prov, scen, run + ".*"))
                     if re.search(r"\.\d+(\.\d+)?$", f)]
            if not files:
                continue
            per = []
            for f in files:
                d = {}
                for line in open(f):
                    p = line.split()
                    d[int(p[0])] = (int(p[1]), int(p[2]))
                per.append(d)
            starts = sorted(set.intersection(*(set(d) for d in per)))[1:]
            want = []
            for s in starts:
                n = sum(d[s][0] for d in per)
                lat = sum(d[s][1] for d in per)
                want.append((s, n / 2.0, lat / n / 1000.0))
            got = [(int(float(r["window_start_s"])), float(r["tps"]), float(r["latency_avg_ms"]))
                   for r in rows if (r["provider"], r["scenario"], r["run"]) == (prov, scen, run)]
            assert all(r["source"] == "aggregate" and r["window_s"] == "2" for r in rows
                       if (r["provider"], r["scenario"], r["run"]) == (prov, scen, run))
            assert len(got) == len(want), (prov, scen, run, len(got), len(want))
            for g, w in zip(got, want):
                assert g[0] == w[0] and abs(g[1] - w[1]) < 1e-9 and abs(g[2] - w[2]) < 1e-9, (prov, scen, run, g, w)
            checked += 1
assert checked >= 12, checked
print("ok:", checked, "runs' windows equal to the raw logs'")
PY
finish
