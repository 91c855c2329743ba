#!/usr/bin/python3
"""server_report.py make STUDY SRC | check STUDY OUT WITHWRITEUP

make: a study of two providers (aws, local), scenario bench1, three runs
each, whose pgbench summaries are copies of real pgbench 15 output (the
stock-vs-tuned sample's bench1 runs, progress lines dropped), and beside
aws's runs hand-written runN.server.json files (docs/run.md, schema 1);
local has none. Run 3 of aws has a client CPU at >= 90% in 2 of 10 samples
(client-bound: the first, pgbench's start, never counts, and 1 of the 9
after it is a tenth); the others stay below.

check: the figures of results.json, report.md and a writeup quoting them,
each worked out here from the files written by `make` (sums, shares,
medians by hand in Python), never from tpsreport's own figures."""
import json, os, re, shutil, sys
from statistics import median

# per aws run: waits (type, event, samples), active samples, checkpoints,
# counters, client CPU series, pgbench CPU series
RUNS = {
    "run1": dict(waits=[("LWLock", "WALWrite", 30), ("CPU", "CPU", 20), ("IO", "DataFileRead", 10)],
                 active=60, checkpoints=[(12.0, "timed")], wal=4_000_000, blks=80_000,
                 cpu=[20, 30, 40, 35, 30, 25, 20, 30, 40, 20], pg=[5, 10, 12, 11, 10, 9, 8, 10, 12, 7]),
    "run2": dict(waits=[("CPU", "CPU", 25), ("LWLock", "WALWrite", 10), ("IO", "WalSync", 5)],
                 active=40, checkpoints=[(5.0, "requested"), (25.0, "timed")], wal=6_000_000,
                 blks=10_000, cpu=[10, 20, 30, 20, 10, 20, 30, 20, 10, 20], pg=[4, 6, 8, 6, 4, 6, 8, 6, 4, 34]),
    "run3": dict(waits=[("CPU", "CPU", 50), ("LWLock", "WALWrite", 20)],
                 active=70, checkpoints=[], wal=5_000_000, blks=5_000,
                 cpu=[95, 92, 50, 40, 30, 20, 30, 40, 50, 60], pg=[20, 25, 10, 10, 10, 10, 10, 10, 10, 10]),
}
CPUS = 16


def server_json(run, d):
    n = len(d["cpu"])
    return {
        "schema": 1, "source": "sampler", "run": run, "interval_s": 3,
        "start_unix_s": 1796354680.0, "server_version_num": 150018, "cpus": CPUS,
        "notes": [], "active_samples": d["active"],
        "waits": [{"type": t, "event": e, "samples": s} for t, e, s in d["waits"]],
        "checkpoints": [{"t_s": t, "kind": k} for t, k in d["checkpoints"]],
        "autovacuum": [],
        "counters": {"xact_commit": 1000, "blks_read": d["blks"], "wal_bytes": d["wal"],
                     "buffers_checkpoint": 10},
        "samples": {"t_s": [3.0 * (i + 1) for i in range(n)], "cpu_pct": d["cpu"],
                    "pgbench_cpu_pct": d["pg"], "backends": [8] * n},
    }


def make(study, src):
    for prov, side in (("aws", "stock"), ("local", "tuned")):
        d = os.path.join(study, "results", prov, "bench1")
        os.makedirs(d)
        for run in RUNS:
            text = open(os.path.join(src, "results", side, "bench1", run + ".txt")).read()
            open(os.path.join(d, run + ".txt"), "w").write(
                re.sub(r"^progress: .*\n", "", text, flags=re.M))
            if prov == "aws":
                json.dump(server_json(run, RUNS[run]),
                          open(os.path.join(d, run + ".server.json"), "w"), indent=1)
    open(os.path.join(study, "tpsreport.ini"), "w").write(
        "[study]\ntitle = server samples\n\n[provider aws]\nlabel = AWS\n\n"
        "[provider local]\nlabel = Local\n\n[scenario bench1]\nlabel = bench1\n")


def transactions(study, prov, run):
    text = open(os.path.join(study, "results", prov, "bench1", run + ".txt")).read()
    return int(re.search(r"^number of transactions actually processed: (\d+)", text, re.M).group(1))


def pct(v):
    return "%.1f%%" % v


def readable(v):
    """3 significant digits, at most 1 decimal, grouped (the report's)."""
    digits = max(0, min(1, 2 - len(str(int(abs(v)))) + 1)) if v else 0
    s = "{:,.{}f}".format(round(v, -(len(str(int(abs(v)))) - 3)) if abs(v) >= 1000 else v, digits)
    return s


def check(study, out, writeup):
    errors = []
    R = json.load(open(os.path.join(out, "data", "results.json")))
    md = open(os.path.join(out, "report.md")).read()
    # expected, by hand
    samples, active = {}, 0
    for d in RUNS.values():
        active += d["active"]
        for t, e, s in d["waits"]:
            samples[(t, e)] = samples.get((t, e), 0) + s
    top = sorted(samples.items(), key=lambda kv: (-kv[1], kv[0]))
    wal = median(RUNS[r]["wal"] / transactions(study, "aws", r) for r in RUNS)
    blks = median(RUNS[r]["blks"] / transactions(study, "aws", r) for r in RUNS)
    ckpt = sum(len(d["checkpoints"]) for d in RUNS.values()) / len(RUNS)
    pgmax = max(max(d["pg"]) for d in RUNS.values())
    cpumax = max(max(d["cpu"]) for d in RUNS.values())
    cells = {c["provider"]: c for c in R["cells"]}
    srv = cells["aws"].get("server")
    if not srv:
        errors.append("cells[aws].server missing")
    else:
        got = [(w["type"], w["event"], w["samples"], w["share"]) for w in srv["waits"]]
        want = [(t, e, s, s / active) for (t, e), s in top]
        if [g[:3] for g in got] != [w[:3] for w in want] or any(
                abs(g[3] - w[3]) > 1e-12 for g, w in zip(got, want)):
            errors.append(f"waits {got} != {want}")
        for key, v in (("wal_bytes_per_tx", wal), ("blocks_read_per_tx", blks),
                       ("checkpoints_per_run", ckpt), ("pgbench_cpu_pct_max", pgmax),
                       ("client_cpu_pct_max", cpumax), ("client_cpus", CPUS)):
            if srv.get(key) is None or abs(srv[key] - v) > 1e-9 * max(1, abs(v)):
                errors.append(f"server.{key}: {srv.get(key)!r}, expected {v!r}")
    if "server" in cells["local"]:
        errors.append("cells[local] has server figures without any sampler file")
    # the report
    want_md = [] if writeup else [
        "#### What the server was waiting on",
        "pgbench used at most %s of the client's %d CPUs" % (pct(pgmax), CPUS),
        "whose CPU was at 90% or more, with pgbench itself using a tenth of it, in at least a tenth of the samples"]
    for (t, e), s in top:
        label = t if t == "CPU" else f"{t}:{e}"
        want_md.append(f"{label} {pct(100 * s / active)}")
    want_md.append("| AWS | %s | %s | %s |" % (readable(wal), readable(blks), readable(ckpt)))
    for w in want_md:
        if w not in md:
            errors.append(f"report.md lacks {w!r}")
    if "| Local |" in md.split("#### What the server was waiting on")[-1].split("\n## ")[0]:
        errors.append("report.md: Local in the server tables without samples")
    if writeup:
        want = "WAL %s; Local %s." % (readable(wal), "\u2013")
        if want not in md:
            errors.append(f"report.md lacks the writeup's {want!r}")
    for e in errors:
        print("FAIL", e)
    print(f"{'FAIL' if errors else 'ok'}: server figures ({len(errors)} errors)")
    return 1 if errors else 0


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3])
    else:
        sys.exit(check(sys.argv[2], sys.argv[3], sys.argv[4] == "1"))
