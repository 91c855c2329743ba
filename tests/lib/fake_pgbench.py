#!/usr/bin/env python3
"""A pgbench stand-in for the tests of `tpsreport run` (issue 24): the real
pgbench does the work unless the scenario needs pgbench to misbehave.

Every call but --version appends one JSON line to $FAKE_LOG: its argv,
pid, process group, and whether PGPASSWORD reached it. $FAKE_CTL (a file,
optional) holds lines "STEM MODE"; the call whose --log-prefix ends in
/STEM then:
  hang    prints pgbench's first lines and sleeps (a run that never ends);
  orphan  the same, after clearing its parent-death signal (as a pgbench
          on a system without one would outlive a killed tpsreport);
  fail    says "pgbench: error: fake failure" and exits 1.
FAKE_VERSION_HANG=1: --version never answers (it records its pid in
$FAKE_LOG.version first). Otherwise the real pgbench ($REAL_PGBENCH) runs.
"""
import ctypes
import json
import os
import sys
import time

real = os.environ.get("REAL_PGBENCH", "/usr/bin/pgbench")
args = sys.argv[1:]
if args == ["--version"]:
    if os.environ.get("FAKE_VERSION_HANG"):
        with open(os.environ["FAKE_LOG"] + ".version", "a") as f:
            f.write("%d\n" % os.getpid())
        time.sleep(3600)
    os.execv(real, [real] + args)

stem = ""
for a in args:
    if a.startswith("--log-prefix="):
        stem = a.rsplit("/", 1)[-1]
if not stem and "-i" in args:
    stem = "init"
mode = None
ctl = os.environ.get("FAKE_CTL")
if ctl and os.path.exists(ctl):
    for line in open(ctl):
        w = line.split()
        if len(w) == 2 and w[0] == stem:
            mode = w[1]
if mode == "orphan":
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, 0, 0, 0, 0)  # PR_SET_PDEATHSIG, 0: none
# Recorded once it is what it will be (the tests act on the record).
with open(os.environ["FAKE_LOG"], "a") as f:
    f.write(json.dumps({"argv": sys.argv, "pid": os.getpid(),
                        "pgid": os.getpgid(0), "stem": stem,
                        "pgpassword": "PGPASSWORD" in os.environ}) + "\n")
if mode == "fail":
    print("pgbench: error: fake failure", file=sys.stderr)
    sys.exit(1)
if mode in ("hang", "orphan"):
    print("pgbench (15, fake) starting vacuum...end.", flush=True)
    time.sleep(3600)
    sys.exit(0)
os.execv(real, [real] + args)
