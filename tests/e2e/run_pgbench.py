#!/usr/bin/env python3
"""Check a study made by `tpsreport run` (run_pgbench.sh) and its build,
from the raw files pgbench wrote and from what psql says of the servers,
never from tpsreport's own code.

usage: run_pgbench.py STUDY OUT SERVERS.txt PORT_A PORT_B
SERVERS.txt: per cluster (a, then b) server_version, shared_buffers,
synchronous_commit, one a line (psql -At).
"""
import glob
import json
import os
import re
import sys

study, out, servers, port_a, port_b = sys.argv[1:6]
lines = open(servers).read().split("\n")
server = {"a": lines[0:3], "b": lines[3:6]}


def fail(msg):
    print("FAIL:", msg, file=sys.stderr)
    sys.exit(1)


# The plan of the test, by hand: stem -> clients, threads.
plan = {
    "sweep": {"c1-run1": (1, 1), "c2-run1": (2, 1)},
    "steady": {"run1": (2, 2), "run2": (2, 2)},
}
scale = {"sweep": 1, "steady": 2}

expected_tps = {}
wall = {}
for p in ("a", "b"):
    for s, runs in plan.items():
        d = os.path.join(study, "results", p, s)
        for stem, (clients, threads) in runs.items():
            text = open(os.path.join(d, stem + ".txt")).read()
            if f"number of clients: {clients}\n" not in text:
                fail(f"{p}/{s}/{stem}: clients")
            if f"number of threads: {threads}\n" not in text:
                fail(f"{p}/{s}/{stem}: threads")
            if "duration: 2 s\n" not in text:
                fail(f"{p}/{s}/{stem}: duration")
            if f"scaling factor: {scale[s]}\n" not in text:
                fail(f"{p}/{s}/{stem}: scale")
            m = re.search(r"^tps = ([0-9.]+) \(without initial connection time\)$",
                          text, re.M)
            if not m:
                fail(f"{p}/{s}/{stem}: no tps line")
            expected_tps[(p, s, stem)] = float(m.group(1))
            # Aggregate logs named as tpsreport reads them: stem.PID(.N),
            # one per thread, 1-second intervals.
            logs = sorted(glob.glob(os.path.join(d, stem + ".*")))
            logs = [f for f in logs
                    if re.fullmatch(re.escape(stem) + r"\.\d+(\.\d+)?",
                                    os.path.basename(f))]
            if len(logs) != threads:
                fail(f"{p}/{s}/{stem}: {len(logs)} log files, want {threads}")
            for f in logs:
                starts = [int(l.split()[0]) for l in open(f) if l.strip()]
                if not starts or any(b - a != 1 for a, b in zip(starts, starts[1:])):
                    fail(f"{f}: not 1-second aggregate windows")
        init = open(os.path.join(d, "init.txt")).read()
        if f"{100000 * scale[s]} of {100000 * scale[s]} tuples" not in init:
            fail(f"{p}/{s}/init.txt: not scale {scale[s]}")
        # `time`'s lines after pgbench's own: the wall clock includes
        # pgbench's "done in" total.
        done = float(re.search(r"^done in ([0-9.]+) s", init, re.M).group(1))
        real = re.search(r"^real\t(\d+)m([0-9.]+)s$", init, re.M)
        if not real:
            fail(f"{p}/{s}/init.txt: no real line")
        wall[(p, s)] = int(real.group(1)) * 60 + float(real.group(2))
        if wall[(p, s)] + 0.0015 < done:
            fail(f"{p}/{s}/init.txt: real {wall[(p, s)]} < done in {done}")
    warm = open(os.path.join(study, "results", p, "steady", "warmup.txt")).read()
    if "duration: 1 s\n" not in warm:
        fail(f"{p}: warm-up of 1 s")
    if glob.glob(os.path.join(study, "results", p, "sweep", "warmup*")):
        fail(f"{p}/sweep: a warm-up without warmup =")

    facts = json.load(open(os.path.join(study, "results", p, "facts.json")))
    version, shared_buffers, sync = server[p]
    port = port_a if p == "a" else port_b
    if facts["schema"] != 1 or facts["server"]["version"] != version:
        fail(f"{p}: facts.json version {facts['server']['version']!r} != {version!r}")
    st = facts["server"]["settings"]
    if st["shared_buffers"] != shared_buffers or st["synchronous_commit"] != sync:
        fail(f"{p}: facts.json settings {st}")
    if f"port={port}" not in facts["conninfo"] or "password" in facts["conninfo"]:
        fail(f"{p}: facts.json conninfo {facts['conninfo']}")
    if not facts["pgbench"]["version"].startswith("pgbench (PostgreSQL) "):
        fail(f"{p}: pgbench version")

# The report: every run, the warm-ups listed as warm-ups only (never
# counted), tps as pgbench printed it.
res = json.load(open(os.path.join(out, "data", "results.json")))
warmups = {(r["provider"], r["scenario"], r["id"]) for r in res["runs"]
           if r.get("warmup")}
if warmups != {(p, "steady", "warmup") for p in ("a", "b")}:
    fail(f"warm-up runs in results.json: {sorted(warmups)}")
runs = {(r["provider"], r["scenario"], r["id"]): r for r in res["runs"]
        if not r.get("warmup")}
if set(runs) != set(expected_tps):
    fail(f"runs in results.json: {sorted(runs)} != {sorted(expected_tps)}")
for key, tps in expected_tps.items():
    if abs(runs[key]["tps"] - tps) > 1e-9 * max(1, tps):
        fail(f"{key}: tps {runs[key]['tps']} != {tps}")
inits = {(i["provider"], i["scenario"]): i for i in res["init"]}
for key, w in wall.items():
    if abs(inits[key]["wall_s"] - w) > 1e-9:
        fail(f"{key}: init wall_s {inits[key]['wall_s']} != {w}")
provs = {p["id"]: p for p in res["providers"]}
for p in ("a", "b"):
    sb = provs[p]["server"]["settings"]["shared_buffers"]
    if sb != server[p][1]:
        fail(f"results.json {p} shared_buffers {sb}")
md = open(os.path.join(out, "report.md")).read()
# Markdown escapes the underscore: **shared\_buffers**.
row = re.search(r"^\|\s*\*\*shared\\_buffers\*\*\s*\|(.*)\|\s*$", md, re.M)
if not row or [c.strip() for c in row.group(1).split("|")] != [server["a"][1], server["b"][1]]:
    fail("report.md: no setup row shared_buffers | 32MB | 16MB")
cells = re.search(r"^\|\s*\*\*PostgreSQL\*\*\s*\|(.*)\|\s*$", md, re.M)
if not cells or [c.strip() for c in cells.group(1).split("|")] != [server["a"][0], server["b"][0]]:
    fail("report.md: no PostgreSQL version row")
print("run_pgbench.py: ok,", len(expected_tps), "runs checked")
