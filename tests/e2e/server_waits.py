#!/usr/bin/python3
"""server_waits.py make STUDY SRC CASE | check STUDY OUT CASE

make: a study of two providers (aws, local), scenario bench1, three runs
each, copies of real pgbench 15 output with its aggregate logs (the
stock-vs-tuned sample's bench1 runs: stock as aws, tuned as local), and
beside every run a hand-written runN.server.json (docs/run.md, schema 1)
with the waits of WAITS. Where the events go is worked out here from the
logs themselves: the windows (common interval starts of the thread files,
the first left out), each run's TPS dip (tests/lib/oracle.py), the run
with the deepest one and its lowest window. CASE says what that window
holds:
  checkpoint  a requested checkpoint in its middle; an autovacuum span in
              another window of the run
  autovacuum  an autovacuum span from the window before it into it; a
              checkpoint in the run's first counted window
  boundary    a checkpoint exactly at its end (the next window's start:
              it belongs to the next window, not to the dip)

check: report.md's summary says what the dip's window held (the sentence
built here from the logs: the run, its lowest window's TPS and start on
the timeline), or says nothing for `boundary`; the timeline draws the
checkpoint at the window computed here; the waits chart of bench1 draws
each provider's top five waits, bar lengths proportional to the shares
computed here from the server files, named and labelled as the table
prints them ("35.3%"); the alt text lists them; report.md places the
chart after the waits table."""
import glob, json, os, re, shutil, sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import oracle  # noqa: E402

PROVIDERS = (("aws", "stock", "AWS"), ("local", "tuned", "Local"))
RUNS = ("run1", "run2", "run3")
SCEN_LABEL = "bench1"
# per provider, per run: (type, event, samples); active samples = the sum
WAITS = {
    "aws": {
        "run1": [("LWLock", "WALWrite", 30), ("CPU", "CPU", 20), ("IO", "DataFileRead", 10),
                 ("IO", "WalSync", 4), ("Lock", "transactionid", 3), ("Client", "ClientRead", 2)],
        "run2": [("CPU", "CPU", 25), ("LWLock", "WALWrite", 10), ("IO", "WalSync", 5),
                 ("LWLock", "BufferMapping", 1)],
        "run3": [("CPU", "CPU", 50), ("LWLock", "WALWrite", 20)],
    },
    "local": {
        "run1": [("IO", "WalSync", 40), ("CPU", "CPU", 12)],
        "run2": [("IO", "WalSync", 33), ("Lock", "tuple", 7)],
        "run3": [("CPU", "CPU", 9), ("IO", "WalSync", 1)],
    },
}
TOP = 5


def run_windows(cell, run):
    """(starts, length, tps) of the run's counted windows, from its logs."""
    files = sorted(f for f in glob.glob(os.path.join(cell, run + ".*"))
                   if re.search(r"\.\d+(\.\d+)?$", f))
    per = [{int(l.split()[0]) for l in open(f) if l.strip()} for f in files]
    starts = sorted(set.intersection(*per))[1:]
    steps = sorted(b - a for a, b in zip(starts, starts[1:]))
    tps, _ = oracle.agg_windows(files)
    assert len(tps) == len(starts), (run, len(tps), len(starts))
    return starts, steps[0], tps


def deepest(study):
    """(provider, run, window index, starts, length, tps) of the deepest dip."""
    best = None
    for prov, _, _ in PROVIDERS:
        cell = os.path.join(study, "results", prov, "bench1")
        for run in RUNS:
            starts, length, tps = run_windows(cell, run)
            dip = oracle.stability(tps, [1.0])["tps_min_pct"]
            if best is None or dip < best[0]:
                best = (dip, prov, run, tps.index(min(tps)), starts, length, tps)
    return best[1:]


def server_json(run, waits, origin, checkpoints, autovacuum):
    return {
        "schema": 1, "source": "sampler", "run": run, "interval_s": 1,
        "start_unix_s": origin, "server_version_num": 150018, "cpus": 2,
        "notes": [], "active_samples": sum(w[2] for w in waits),
        "waits": [{"type": t, "event": e, "samples": s} for t, e, s in waits],
        "checkpoints": [{"t_s": t, "kind": k} for t, k in checkpoints],
        "autovacuum": [{"from_s": a, "to_s": b} for a, b in autovacuum],
        "counters": {"xact_commit": 1000, "wal_bytes": 4000000, "blks_read": 100},
        "samples": {"t_s": [1.0, 2.0], "cpu_pct": [20, 30], "pgbench_cpu_pct": [5, 6],
                    "backends": [8, 8]},
    }


def make(study, src, case):
    for prov, side, label in PROVIDERS:
        d = os.path.join(study, "results", prov, "bench1")
        os.makedirs(d)
        for f in glob.glob(os.path.join(src, "results", side, "bench1", "run[123].*")):
            shutil.copy(f, d)
    open(os.path.join(study, "tpsreport.ini"), "w").write(
        "[study]\ntitle = server waits\n\n[provider aws]\nlabel = AWS\n\n"
        "[provider local]\nlabel = Local\n\n[scenario bench1]\nlabel = %s\n" % SCEN_LABEL)
    dprov, drun, k, starts, length, _ = deepest(study)
    for prov, _, _ in PROVIDERS:
        d = os.path.join(study, "results", prov, "bench1")
        for run in RUNS:
            st, ln, _ = run_windows(d, run)
            origin = st[0] - 3.0           # the sampler starts before pgbench
            ck, av = [], []
            if (prov, run) == (dprov, drun):
                at = lambda i, frac: st[i] + frac * ln - origin
                other = 0 if k > 1 else len(st) - 1
                if case == "checkpoint":
                    ck = [(at(k, 0.5), "requested")]
                    av = [(at(other, 0.1), at(other, 0.9))]
                elif case == "autovacuum":
                    av = [(at(k - 1, 0.5), at(k, 0.5))]
                    ck = [(at(other, 0.2), "timed")]
                else:
                    ck = [(at(k + 1, 0.0), "timed")]
            json.dump(server_json(run, WAITS[prov][run], origin, ck, av),
                      open(os.path.join(d, run + ".server.json"), "w"), indent=1)


def pct(share):
    return "%.1f%%" % (share * 100)


def tps_text(v):
    assert abs(v * 2 - round(v * 2)) > 1e-9 or v == round(v), v  # no .5 tie
    return "{:,.0f}".format(v) if v >= 99.95 else "{:,.1f}".format(v)


def moment(t):
    """A duration as docs/writeup.md says (fmt=duration): "42.5 s" below a
    minute, else "26 min 2 s" to the whole second."""
    if t < 59.95:
        return ("%.1f" % t).rstrip("0").rstrip(".") + " s"
    s = int(t + 0.5)
    return "%d min" % (s // 60) + (" %d s" % (s % 60) if s % 60 else "")


def top_waits(prov):
    samples, active = {}, 0
    for waits in WAITS[prov].values():
        for t, e, s in waits:
            samples[(t, e)] = samples.get((t, e), 0) + s
            active += s
    top = sorted(samples.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP]
    return [("CPU" if t == "CPU" else "%s:%s" % (t, e), s / active) for (t, e), s in top]


NS = "{http://www.w3.org/2000/svg}"


def check_waits_chart(svg, errors):
    root = ET.parse(svg).getroot()
    bars = {}
    for e in root.iter(NS + "rect"):
        if re.search(r"wait-\d+-\d+-\d+$", e.get("id") or ""):
            title = e.find(NS + "title").text
            m = re.match(r"(.*?), %s: (\S+), ([\d.]+%%) of the samples" % SCEN_LABEL, title)
            if not m:
                errors.append("waits chart: bar title %r" % title)
                continue
            bars.setdefault(m[1], []).append((m[2], m[3], float(e.get("width")),
                                             float(e.get("y"))))
    labels = [e.text for e in root.iter(NS + "text") if "label" in (e.get("class") or "").split()]
    values = [e.text for e in root.iter(NS + "text") if "value" in (e.get("class") or "").split()]
    vmax = max(s for prov, _, _ in PROVIDERS for _, s in top_waits(prov))
    longest = max(b[2] for bs in bars.values() for b in bs) if bars else 0
    for prov, _, label in PROVIDERS:
        want = top_waits(prov)
        got = sorted(bars.get(label, []), key=lambda b: b[3])
        if [(g[0], g[1]) for g in got] != [(n, pct(s)) for n, s in want]:
            errors.append("waits chart, %s: bars %r, expected %r" %
                          (label, [(g[0], g[1]) for g in got], [(n, pct(s)) for n, s in want]))
            continue
        for (n, s), g in zip(want, got):
            if abs(g[2] - longest * s / vmax) > 0.05:
                errors.append("waits chart, %s %s: bar %.2f px, expected %.2f (%s of the "
                              "longest)" % (label, n, g[2], longest * s / vmax, s / vmax))
            if n not in labels:
                errors.append("waits chart: no label %r beside its bar" % n)
            if pct(s) not in values:
                errors.append("waits chart: no value label %r" % pct(s))
    alt = root.get("aria-label") or ""
    for prov, _, label in PROVIDERS:
        want = "%s: %s" % (label, ", ".join("%s %s" % (n, pct(s)) for n, s in top_waits(prov)))
        if want not in alt:
            errors.append("waits chart: alt text lacks %r (%r)" % (want, alt))


def check(study, out, case):
    errors = []
    md = open(os.path.join(out, "report.md")).read()
    dprov, drun, k, starts, length, tps = deepest(study)
    label = dict((p, l) for p, _, l in PROVIDERS)[dprov]
    held = {"checkpoint": "held a checkpoint",
            "autovacuum": "came while autovacuum was running"}.get(case)
    sentence = "In %s, the deepest dip (%s, %s: %s TPS in the window at %s)" % (
        SCEN_LABEL, label, drun, tps_text(tps[k]), moment(starts[k] - starts[0]))
    summary = md.split("## Summary")[1].split("\n## ")[0]
    if held and sentence + " " + held + "." not in summary:
        errors.append("summary lacks %r:\n%s" % (sentence + " " + held + ".", summary))
    if not held and "the deepest dip" in summary:
        errors.append("summary speaks of the dip although its window held nothing:\n" + summary)
    # the timeline's checkpoint line at the window worked out here
    root = ET.parse(os.path.join(out, "charts", "timeline-bench1.svg")).getroot()
    lines = [e.get("id") for e in root.iter(NS + "line") if "checkpoint-" in (e.get("id") or "")]
    want_k = {"checkpoint": k, "autovacuum": 0 if k > 1 else len(starts) - 1,
              "boundary": k + 1}[case]
    if len(lines) != 1 or not lines[0].endswith("-%s-%d" % (drun, want_k)):
        errors.append("timeline: checkpoint lines %r, expected one in %s's window %d" %
                      (lines, drun, want_k))
    check_waits_chart(os.path.join(out, "charts", "waits-bench1.svg"), errors)
    part = md.split("#### What the server was waiting on")[1]
    table_at = part.find("| Top wait |")
    chart_at = part.find("charts/waits-bench1.svg")
    counters_at = part.find("WAL bytes per transaction")
    if not (0 <= table_at < chart_at < counters_at):
        errors.append("report.md: the waits chart is not between the waits table and the "
                      "counters (%d, %d, %d)" % (table_at, chart_at, counters_at))
    for e in errors:
        print("FAIL", e)
    print("%s: server waits, case %s (%d errors)" % ("FAIL" if errors else "ok", case, len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(check(sys.argv[2], sys.argv[3], sys.argv[4]))
