#!/usr/bin/env python3
"""Every per-transaction log of the repository against an exact sort.

    percentiles_exact.py TPSREPORT SOURCE_DIR WORKDIR

Finds every per-transaction log of tests/fixtures and samples (the files
<stem>.<pid>[.<n>] whose first line has 6 to 8 fields and reads as a
transaction line), puts each group of thread files into one study as a run
of its own (with the pgbench summary beside it when there is one, else a
minimal pgbench 15 summary written here from SPEC.md's format: a written
file, not a capture), runs `tpsreport summary --json` under both
`[study] percentile` rules, and compares p50, p90, p95, p99, p99.9, p99.99,
min and max of every run with the latencies sorted here: to the
microsecond. Exits 1 listing every mismatch."""
import json, os, re, shutil, subprocess, sys

# the exact rank rules are the oracle module's (tests/lib/oracle.py)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from oracle import is_txlog, latencies, nearest_rank, postgresbench

tps, src, work = sys.argv[1:4]
LOG = re.compile(r"(.+?)\.(\d+)(?:\.(\d+))?$")


def groups():
    found = {}
    for top in ("tests/fixtures", "samples"):
        for d, _, names in os.walk(os.path.join(src, top)):
            for n in names:
                m = LOG.fullmatch(n)
                if m and is_txlog(os.path.join(d, n)):
                    found.setdefault((d, m[1], m[2]), []).append(n)
    return found


def summary(nthreads, nlines):
    # pgbench 15's summary lines (SPEC.md section 2), numbers made up.
    return ("pgbench (15.18)\n"
            "transaction type: <builtin: TPC-B (sort of)>\n"
            "scaling factor: 1\nquery mode: simple\n"
            f"number of clients: {2 * nthreads}\nnumber of threads: {nthreads}\n"
            "maximum number of tries: 1\nduration: 10 s\n"
            f"number of transactions actually processed: {nlines}\n"
            "number of failed transactions: 0 (0.000%)\n"
            "latency average = 1.000 ms\ninitial connection time = 1.000 ms\n"
            f"tps = {nlines / 10:.6f} (without initial connection time)\n")


study = os.path.join(work, "study")
expect = {}
for i, ((d, stem, pid), names) in enumerate(sorted(groups().items())):
    names.sort(key=lambda n: (len(n), n))
    rel = os.path.relpath(d, src).replace(os.sep, "-")
    prov, scen = f"g{i:03d}", "s"
    out = os.path.join(study, "results", prov, scen)
    os.makedirs(out)
    for n in names:
        shutil.copy(os.path.join(d, n), os.path.join(out, "run1" + n[len(stem):]))
    txt = os.path.join(d, stem + ".txt")
    if os.path.exists(txt):
        shutil.copy(txt, os.path.join(out, "run1.txt"))
    else:
        nlines = sum(1 for n in names for _ in open(os.path.join(d, n)))
        open(os.path.join(out, "run1.txt"), "w").write(summary(len(names), nlines))
    expect[prov] = (f"{rel}/{stem}.{pid}", latencies([os.path.join(d, n) for n in names]))

PCT = (("p50_ms", 500000), ("p90_ms", 900000), ("p95_ms", 950000), ("p99_ms", 990000),
       ("p999_ms", 999000), ("p9999_ms", 999900))
errors, checked = [], 0
for rule, pick in (("nearest-rank", nearest_rank), ("postgresbench", postgresbench)):
    open(os.path.join(study, "tpsreport.ini"), "w").write(f"[study]\npercentile = {rule}\n")
    r = subprocess.run([tps, "summary", "--json", study], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"tpsreport failed: {r.stderr}")
    R = json.loads(r.stdout)
    if R["study"].get("percentile") != rule:
        errors.append(f"results.json study.percentile {R['study'].get('percentile')!r}, expected {rule}")
    runs = {run["provider"]: run for run in R["runs"]}
    for prov, (name, v) in sorted(expect.items()):
        run = runs.get(prov)
        lat = run and run.get("latency")
        if not lat:
            errors.append(f"{name}: no latency in results.json "
                          f"({run and run.get('excluded_reason')})")
            continue
        want = {k: pick(v, ppm) for k, ppm in PCT}
        want["min_ms"], want["max_ms"] = v[0], v[-1]
        if lat["count"] != len(v):
            errors.append(f"{name}: count {lat['count']}, sorted {len(v)}")
        for k, us in want.items():
            checked += 1
            got = lat[k]
            if got is None or round(got * 1000) != us or abs(got - us / 1000) > 1e-12:
                errors.append(f"{name} [{rule}] {k}: tpsreport {got}, exact {us / 1000:.3f}")
print(f"{len(expect)} per-transaction logs, {checked} percentiles checked, {len(errors)} wrong")
for e in errors[:40]:
    print("  MISMATCH", e)
sys.exit(1 if errors or not expect else 0)
