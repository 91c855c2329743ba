#!/usr/bin/env bash
# build --windows adds each run's window series to data/results.json
# (runs[].windows.series_origin_s and .series, docs/results-json.md). Every
# window of every run of the sample is checked against the raw files, read
# here in Python: the aggregate logs' intervals present in every thread
# file (tests/lib/oracle.py's agg_windows for TPS and latency, the starts
# computed here), and for the -P runs the .progress lines (oracle's
# progress_windows; a window starts at the line before its own). Start
# times are seconds from the run's first window, the one left out.
# Without --windows the document has no series and is otherwise the same
# document (every other member equal).
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample
"$bin" build "$sample" -o "$work/out" --no-png --windows >/dev/null 2>&1 || fail "build --windows"
"$bin" build "$sample" -o "$work/plain" --no-png >/dev/null 2>&1 || fail "build"
/usr/bin/python3 - "$TR_SOURCE_DIR/tests/lib" "$sample" "$work/out/data/results.json" \
  "$work/plain/data/results.json" <<'PY' || fail "results.json windows"
import glob, json, os, re, statistics, sys
sys.path.insert(0, sys.argv[1])
from oracle import agg_windows, progress_windows
study, with_path, plain_path = sys.argv[2:5]
doc = json.load(open(with_path, encoding="utf-8"))
plain = json.load(open(plain_path, encoding="utf-8"))
close = lambda a, b: (a is None and b is None) or (
    a is not None and b is not None and abs(a - b) <= 1e-9 * max(1.0, abs(b)))

def agg_expect(files):
    """(origin, [(start from origin, length)]): interval starts every
    thread file has; the first is the origin and is left out."""
    per = [{int(l.split()[0]) for l in open(f) if l.strip()} for f in files]
    common = sorted(set.intersection(*per))
    steps = sorted(b - a for a, b in zip(common, common[1:]))
    return common[0], [(s - common[0], steps[0]) for s in common[1:]]

def progress_expect(text):
    """(origin, [(start, length)]): the first line covers one interval (the
    median step, to 0.1 s) before it; each other line the time since the
    line before."""
    t = [float(m[1]) for m in re.finditer(r"^progress: ([0-9.]+) s,", text, re.M)]
    iv = round(statistics.median(b - a for a, b in zip(t, t[1:])), 1)
    origin = t[0] - iv
    return origin, [(round(a - origin, 3), round(b - a, 3)) for a, b in zip(t, t[1:])]

checked = windows = 0
for run in doc["runs"]:
    name = "%s/%s/%s" % (run["provider"], run["scenario"], run["id"])
    stem = os.path.join(study, run["path"])[:-len(".txt")]
    logs = [f for f in glob.glob(stem + ".*") if re.search(r"\.\d+(\.\d+)?$", f)]
    progress = stem + ".progress"
    w = run["windows"]
    if run["scenario"].endswith("-txlog"):  # the sample's -P runs (transaction logs)
        text = open(progress).read()
        origin, want = progress_expect(text)
        tps, lat = progress_windows(text)
        source = "progress"
    else:
        origin, want = agg_expect(logs)
        tps, lat = agg_windows(logs)
        source = "aggregate-log"
    assert w is not None and w["source"] == source, (name, w and w["source"])
    series = w["series"]
    assert close(w["series_origin_s"], origin), (name, w["series_origin_s"], origin)
    assert len(series) == len(want) == len(tps), (name, len(series), len(want), len(tps))
    got_lat = [x["latency_avg_ms"] for x in series if x["latency_avg_ms"] is not None]
    assert len(got_lat) == len(lat), (name, "latency count", len(got_lat), len(lat))
    for k, (x, (start, length), t) in enumerate(zip(series, want, tps)):
        assert sorted(x) == ["latency_avg_ms", "length_s", "start_s", "tps"], (name, k, x)
        assert close(x["start_s"], start) and close(x["length_s"], length), (name, k, x, start, length)
        assert close(x["tps"], t), (name, k, x["tps"], t)
    for k, (g, e) in enumerate(zip(got_lat, lat)):
        assert close(g, e), (name, "latency", k, g, e)
    checked += 1
    windows += len(series)
# every run of the sample, counted from its files
assert checked == len(glob.glob(os.path.join(study, "results", "*", "*", "run*.txt"))), checked

# without the flag: no series, and the rest of the document the same
for run in plain["runs"]:
    assert run["windows"] is None or not {"series", "series_origin_s"} & set(run["windows"]), run["id"]
for run in doc["runs"]:
    if run["windows"]:
        del run["windows"]["series"], run["windows"]["series_origin_s"]
assert doc == plain, "the documents differ beyond the series"
raw = open(plain_path, encoding="utf-8").read()
assert '"series' not in raw, "a series member without --windows"
print("ok:", checked, "runs,", windows, "windows equal to the raw files'")
PY
finish
