#!/usr/bin/env python3
"""one_name.py OUT: one name, one figure (issue 25, item 4), read from a
built report as a reader sees it, independently of tpsreport's code.

From report.md's tables (the scenario from a Scenario column or the
heading above the table; a row's short name, the ini's short = that
results.json repeats, read as the label it stands for) and from the charts' SVG (a bar's provider and
scenario from its <title>, its printed value from the value label after
it, the figure's name from the value axis's title and the chart's title),
every (name, provider, scenario) gets the set of values printed for it.
It is a problem when

- one name prints two different values for the same provider and scenario
  (a chart of the median run and a table of the worst run under one name,
  or 6.67% in a chart beside 6.7% in a table);
- a name of a figure taken from one run among several (window CoV, the
  p95 of window averages) does not say which run: "worst run", "median
  run" or "all windows" (a dip is named "deepest" or says its run);
- an init chart's total is not the init table's Total for that cell, or a
  timeline's "deepest dip" is no provider's Deepest dip in its scenario.

Names are compared without units in parentheses, case, "the", and a
trailing "by scenario" / "in SCENARIO". Prints each problem; exit 1 when
there is one.
"""

import html
import json
import os
import re
import sys

problems = []


def problem(msg):
    problems.append(msg)
    print("FAIL " + msg)


def norm_name(s):
    s = html.unescape(s).replace("\\", "").strip().lower()
    s = re.sub(r"\s*\([^)]*\)", "", s)           # units: (ms), (%), (EUR)
    s = re.sub(r",?\s+(by scenario|in .*)$", "", s)
    s = re.sub(r"\bthe\s+", "", s)
    return re.sub(r"\s+", " ", s).strip(" ,")


def norm_value(s):
    s = html.unescape(s).replace("\\", "").replace("*", "").strip()
    s = re.sub(r"\s*\(run\w*\)$", "", s)          # "76.5% (run1)"
    s = re.sub(r"\s*~$", "", s)                   # "not significant" mark
    return s.strip()


# A table row names a provider or scenario by the ini's short = (in
# results.json beside its label), a chart by its label: one name to a
# reader, who met both in the setup table and the headings.
ALIAS = {}


def norm_label(s):
    s = html.unescape(s).replace("\\", "").replace("*", "").strip()
    return ALIAS.get(s, s)


def read_aliases(out):
    doc = json.load(open(os.path.join(out, "data", "results.json"), encoding="utf-8"))
    for item in doc["providers"] + doc["scenarios"]:
        if "short" in item:
            ALIAS[item["short"]] = item["label"]


seen = {}      # (name, provider, scenario) -> {value: [where]}


def record(name, provider, scenario, value, where):
    if not value or value in ("\u2013", "baseline", "n/a"):
        return
    key = (norm_name(name), norm_label(provider), norm_label(scenario))
    seen.setdefault(key, {}).setdefault(norm_value(value), []).append(where)


def split_row(line):
    cells = line.strip().strip("|").split("|")
    return [c.strip() for c in cells]


def read_tables(md):
    tables = []   # (heading, headers, rows)
    heading = ""
    lines = md.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if line.startswith("|") and i + 1 < len(lines) and \
                re.match(r"^\|\s*:?-", lines[i + 1]):
            headers = split_row(line)
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(split_row(lines[i]))
                i += 1
            tables.append((heading, headers, rows))
            continue
        i += 1
    return tables


def check_tables(md, scenarios):
    tables = read_tables(md)
    for heading, headers, rows in tables:
        if "Provider" not in headers:
            continue
        pi = headers.index("Provider")
        si = headers.index("Scenario") if "Scenario" in headers else -1
        for row in rows:
            if len(row) != len(headers):
                continue
            scen = row[si] if si >= 0 else norm_label(heading)
            if norm_label(scen) not in scenarios:
                continue
            for h, v in zip(headers, row):
                if h in ("Provider", "Scenario"):
                    continue
                record(h, row[pi], scen, v, "report.md table under %r" % heading)
    return tables


TEXT = re.compile(r'<text class="([a-z ]+)"[^>]*>(.*?)</text>', re.S)
BAR = re.compile(r'<rect id="[^"]*-bar-[^"]*"[^>]*>\s*<title>([^<]*)</title>\s*</rect>'
                 r'(?:\s*<line class="whisker"[^>]*/>)*\s*'
                 r'<text class="value"[^>]*>([^<]*)</text>')
BOLD = re.compile(r'<text class="label"[^>]*font-weight="bold"[^>]*>([^<]*)</text>')


def svg_texts(t):
    return [(c, html.unescape(re.sub(r"<[^>]+>", "", x))) for c, x in TEXT.findall(t)]


def chart_title(texts):
    """The chart's title, joined where a narrow chart wraps it."""
    return " ".join(x.strip() for c, x in texts if c == "title")


def check_bar_chart(path, t):
    texts = svg_texts(t)
    title = chart_title(texts)
    axis = [html.unescape(x) for x in BOLD.findall(t)]
    bars = BAR.findall(t)
    if not bars:
        return
    names = [title] + axis[-1:]
    for tip, value in bars:
        who, _, _ = html.unescape(tip).partition(": ")
        if " \u00b7 " not in who:
            continue
        provider, scenario = who.split(" \u00b7 ", 1)
        # "scenario · workload" where the study's scenarios run different
        # workloads: the tables give the workload a column of its own
        scenario = scenario.split(" \u00b7 ")[0]
        for n in names:
            record(n, provider, scenario, value, os.path.basename(path))
    for n in names:
        check_run_named(n, os.path.basename(path))


def check_run_named(name, where):
    n = norm_name(name)
    if re.search(r"\bcov\b", n) or ("p95" in n and "window" in n):
        if not re.search(r"worst run|median run|all windows", n):
            problem("%s: %r does not say which run its figure is" % (where, name))
    if re.search(r"\bdip\b", n) and not re.search(r"deepest|worst|median run|all windows", n):
        problem("%s: %r does not say which run its dip is" % (where, name))


def check_init(path, t, tables):
    totals = {}
    for heading, headers, rows in tables:
        if "Total (s)" in headers and "Provider" in headers and "Scenario" in headers:
            for row in rows:
                totals[(norm_label(row[headers.index("Provider")]),
                        norm_label(row[headers.index("Scenario")]))] = \
                    row[headers.index("Total (s)")]
    scenario, provider = None, None
    for c, x in svg_texts(t):
        x = x.strip()
        if c in ("label", "title") and any(s == x for (_, s) in totals):
            scenario = x
        elif c == "label" and any(p == x for (p, _) in totals):
            provider = x
        elif c == "value" and provider and scenario:
            want = totals.get((provider, scenario))
            got = re.sub(r"\s*s$", "", x)
            if want is not None and got != want:
                problem("%s: %s / %s total %s, the init table's Total %s" %
                        (os.path.basename(path), provider, scenario, got, want))
            provider = None


def check_timeline(path, t, tables, scenario_of):
    scen = scenario_of(path)
    dips = set()
    for heading, headers, rows in tables:
        if "Deepest dip" in headers:
            for row in rows:
                s = row[headers.index("Scenario")] if "Scenario" in headers else heading
                if norm_label(s) == scen:
                    dips.add(norm_label(row[headers.index("Deepest dip")]))
    for c, x in svg_texts(t):
        m = re.match(r"deepest dip (\S+ \(run\w*\))", x.strip())
        if m and dips and m.group(1) not in dips:
            problem("%s: deepest dip %s is no provider's Deepest dip in %s (%s)" %
                    (os.path.basename(path), m.group(1), scen, sorted(dips)))


def main():
    out = sys.argv[1]
    read_aliases(out)
    md = open(os.path.join(out, "report.md"), encoding="utf-8").read()
    scenarios = set()
    for line in md.split("\n"):
        if line.startswith("### "):
            scenarios.add(norm_label(line[4:]))
    for m in re.finditer(r"^\| ([^|]+) \| [^|]+ \|", md, re.M):
        scenarios.add(norm_label(m.group(1)))
    tables = check_tables(md, scenarios)
    for heading, headers, rows in tables:
        for h in headers:
            check_run_named(h, "report.md")
    titles = {}
    chart_dir = os.path.join(out, "charts")
    for f in sorted(os.listdir(chart_dir)):
        if not f.endswith(".svg"):
            continue
        p = os.path.join(chart_dir, f)
        t = open(p, encoding="utf-8").read()
        titles[f] = chart_title(svg_texts(t))
        check_bar_chart(p, t)
        if f.startswith("init"):
            check_init(p, t, tables)
        if f.startswith("timeline-"):
            check_timeline(p, t, tables, lambda q: norm_label(
                re.sub(r"^Window TPS over time in ", "", titles[os.path.basename(q)])))
    compared = 0
    for (name, provider, scenario), values in sorted(seen.items()):
        wheres = {w for ws in values.values() for w in ws}
        if len(wheres) > 1:
            compared += 1
        if len(values) > 1:
            problem("%r names %s for %s in %s" % (
                name, " and ".join("%s (%s)" % (v, ", ".join(sorted(set(w))))
                                   for v, w in sorted(values.items())), provider, scenario))
    print("%d names x cells, %d printed in more than one place" % (len(seen), compared))
    if compared == 0:
        problem("no figure is printed in two places: the reader found nothing to compare")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
