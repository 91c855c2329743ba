#!/usr/bin/env python3
"""gen_results.py BASE OUT RUNS [PROVIDERS]: a results document with RUNS
runs, made from BASE (a real one: `tpsreport summary --json STUDY`), for
the scale benchmarks (tests/bench/scale.sh). Each run is a copy of BASE's
first run with its own provider, scenario, name, path, digest and TPS;
runs are grouped five to a cell, cells of one scenario across PROVIDERS
providers. Deterministic; written line by line (never held whole)."""
import hashlib, json, sys

base = json.load(open(sys.argv[1]))
out = open(sys.argv[2], "w")
nruns = int(sys.argv[3])
nprov = int(sys.argv[4]) if len(sys.argv) > 4 else 10
run0, cell0 = base["runs"][0], base["cells"][0]
ncells = (nruns + 4) // 5
nscen = max(1, ncells // nprov)

def cell_of(i):
    c = i // 5
    return "p%d" % (c % nprov), "s%d" % (c // nprov)

def dump(key, obj, last=False):
    out.write(' %s: %s%s\n' % (json.dumps(key), json.dumps(obj, indent=1).replace("\n", "\n "), "" if last else ","))

out.write("{\n")
dump("schema", 1)
dump("tool", base["tool"])
dump("study", base["study"])
dump("providers", [dict(base["providers"][0], id="p%d" % k) for k in range(nprov)])
dump("scenarios", [{"id": "s%d" % k, "label": "s%d" % k} for k in range(nscen + 1)])
dump("workloads", base["workloads"])
out.write(' "runs": [\n')
for i in range(nruns):
    p, s = cell_of(i)
    r = dict(run0, provider=p, scenario=s, id="run%d" % (i % 5 + 1),
             path="results/%s/%s/run%d.txt" % (p, s, i % 5 + 1),
             sha256=hashlib.sha256(b"%d" % i).hexdigest(),
             tps=1000.0 + (i * 7919) % 1000 / 10.0)
    out.write("  " + json.dumps(r, indent=1).replace("\n", "\n  ") + (",\n" if i + 1 < nruns else "\n"))
out.write(" ],\n")
out.write(' "cells": [\n')
for c in range(ncells):
    p, s = cell_of(c * 5)
    paths = ["results/%s/%s/run%d.txt" % (p, s, k + 1) for k in range(min(5, nruns - c * 5))]
    x = dict(cell0, provider=p, scenario=s, workload_key=cell0["workload_key"],
             run_ids=["run%d" % (k + 1) for k in range(len(paths))], run_paths=paths,
             tps_median=1000.0 + c % 100)
    out.write("  " + json.dumps(x, indent=1).replace("\n", "\n  ") + (",\n" if c + 1 < ncells else "\n"))
out.write(" ],\n")
dump("findings", [], last=True)
out.write("}\n")
