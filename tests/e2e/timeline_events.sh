#!/usr/bin/env bash
# A run's checkpoints and autovacuum on its timeline (issues 30 and 31):
# a study of one run with eight 10-s aggregate windows (tests/bench/
# gen_grid.c) gets a hand-written run1.server.json: a checkpoint 3.5 s
# into the log's fifth window, one in its first window (left out of the
# timeline: not drawn) and an autovacuum span. The timeline SVG must draw
# one checkpoint line, at the x where its own x axis puts the start of
# that window (this script reads the window times from the log and the
# axis from the tick labels), and the band over the span's seconds. The
# same study with a server file that holds no event draws the same bytes
# as with none.
set -euo pipefail

src=${TR_SOURCE_DIR:?TR_SOURCE_DIR not set}
tps=${TPSREPORT:?TPSREPORT not set}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L "$src/tests/bench/gen_grid.c" -lm -o "$work/gen"
"$work/gen" "$work/st" 1 1 1 8
cell=$work/st/results/p000/s00
"$tps" chart "$work/st" --kind timeline -o "$work/none.svg"

# the server file: times from the log's own first column
python3 - "$cell" "$work" <<'PY'
import glob, json, os, sys
cell, work = sys.argv[1], sys.argv[2]
log = [f for f in glob.glob(os.path.join(cell, "run1.*")) if not f.endswith(".txt")][0]
starts = [int(l.split()[0]) for l in open(log) if l.strip()]
assert len(starts) == 8, starts
origin = starts[0] - 5.0          # the sampler starts before pgbench
doc = {"schema": 1, "source": "sampler", "run": "run1", "interval_s": 1.0,
       "start_unix_s": origin, "cpus": 2, "late_samples": 0, "notes": [],
       "active_samples": 0, "waits": [],
       "checkpoints": [], "autovacuum": [],
       "counters": {}, "samples": {"t_s": [0.5, 1.5], "cpu_pct": [10, 12],
                                   "pgbench_cpu_pct": [1, 1], "backends": [1, 1],
                                   "active": [0, 0], "autovacuum": [0, 0]}}
json.dump(doc, open(os.path.join(cell, "run1.server.json"), "w"))
doc["checkpoints"] = [{"t_s": starts[4] + 3.5 - origin, "kind": "requested"},
                      {"t_s": starts[0] + 2.0 - origin, "kind": "timed"}]
doc["autovacuum"] = [{"from_s": starts[2] + 5.0 - origin, "to_s": starts[3] + 2.5 - origin}]
json.dump(doc, open(os.path.join(work, "events.json"), "w"))
PY
"$tps" chart "$work/st" --kind timeline -o "$work/empty.svg"
cmp -s "$work/none.svg" "$work/empty.svg" ||
  { echo "FAIL: a server file without events changed the timeline"; exit 1; }
grep -q 'checkpoint' "$work/none.svg" &&
  { echo "FAIL: a timeline without server events names a checkpoint"; exit 1; }
mv "$work/events.json" "$cell/run1.server.json"
"$tps" chart "$work/st" --kind timeline -o "$work/events.svg"

python3 - "$cell" "$work/events.svg" <<'PY'
import glob, os, re, sys
import xml.etree.ElementTree as ET
cell, svg = sys.argv[1], sys.argv[2]
log = [f for f in glob.glob(os.path.join(cell, "run1.*"))
       if not f.endswith(".txt") and not f.endswith(".json")][0]
starts = [int(l.split()[0]) for l in open(log) if l.strip()]
t0 = starts[1]                      # the first window is left out
want_s = starts[4] - t0             # the window the checkpoint fell in
av_from, av_to = starts[2] + 5.0 - t0, starts[3] + 2.5 - t0
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(svg).getroot()
els = list(root.iter())
# the x axis: tick labels on the lowest row of "tick" texts
ticks = [(float(e.get("y")), float(e.get("x")), e.text) for e in els
         if e.tag == ns + "text" and "tick" in (e.get("class") or "").split()]
base = max(t[0] for t in ticks)
xs = sorted((float(t[2].replace(",", "")), t[1]) for t in ticks if t[0] == base)
assert len(xs) >= 2, xs
(v0, p0), (v1, p1) = xs[0], xs[-1]
px = lambda v: p0 + (v - v0) * (p1 - p0) / (v1 - v0)
bad = 0
lines = [e for e in els if e.tag == ns + "line" and (e.get("id") or "").find("checkpoint-") >= 0]
if len(lines) != 1:
    print("FAIL: %d checkpoint lines, 1 expected (the other falls in the left-out window)" % len(lines)); bad = 1
for e in lines:
    if abs(float(e.get("x1")) - px(want_s)) > 0.6 or e.get("x1") != e.get("x2"):
        print("FAIL: checkpoint at x=%s, the window from %g s is at x=%.2f" % (e.get("x1"), want_s, px(want_s))); bad = 1
bands = [e for e in els if e.tag == ns + "rect" and "ev1" in (e.get("class") or "").split()
         and e.find(ns + "title") is not None]
if len(bands) != 1:
    print("FAIL: %d autovacuum bands, 1 expected" % len(bands)); bad = 1
for e in bands:
    x, w = float(e.get("x")), float(e.get("width"))
    if abs(x - px(av_from)) > 0.6 or abs(x + w - px(av_to)) > 0.6:
        print("FAIL: autovacuum band %g..%g, expected %.2f..%.2f" % (x, x + w, px(av_from), px(av_to))); bad = 1
text = "".join(root.itertext())
for want in ("checkpoint", "autovacuum running"):
    if want not in text:
        print("FAIL: the legend does not say %r" % want); bad = 1
sys.exit(bad)
PY
echo "ok: checkpoint and autovacuum marked at their windows"
