#!/usr/bin/env python3
"""Check the numbers of a built report against its data, independently.

    build_numbers.py STUDY OUT

First OUT/data/results.json is checked against the raw files of STUDY by
check_summary.py (every figure recomputed with the oracle module,
tests/lib/oracle.py): so the figures below, read from that JSON, are the
ones the raw files give, not merely what the program wrote.

Reads OUT/data/results.json, the tables of OUT/index.html, OUT/report.html
and the pipe tables of OUT/report.md, and checks that:

- every number shown in a table is its exact value (the cell's data-sort
  attribute) formatted by the rules of docs/writeup.md ("Numbers"), written
  here again from that description, not taken from the C code;
- those exact values are the ones in results.json, for the tables whose
  rows can be told apart (TPS, stability, latency, value, closing,
  providers);
- report.html and report.md show the same tables, cell for cell;
- the summary's "leads with N median TPS" sentences agree with the JSON.

Exits 1 with one line per problem.
"""

import json
import math
import os
import re
import subprocess
import sys
from decimal import Decimal
from html.parser import HTMLParser

# ---- formatting, after docs/writeup.md ---------------------------------

DASH = "\u2013"


def fixed(v, d):
    s = "%.*f" % (d, v)  # the exact binary value, ties to even: as printf
    if s.startswith("-") and set(s[1:]) <= set("0."):
        s = s[1:]
    return s


def grouped(v, d):
    s = fixed(v, d)
    neg = s.startswith("-")
    if neg:
        s = s[1:]
    i, _, f = s.partition(".")
    parts = []
    while len(i) > 3:
        parts.insert(0, i[-3:])
        i = i[:-3]
    parts.insert(0, i)
    return ("-" if neg else "") + ",".join(parts) + ("." + f if f else "")


def readable(v, maxdec):
    a = abs(v)
    if a >= 100 or a == 0:
        d = 0
    elif a >= 10:
        d = 1
    elif a >= 1:
        d = 2
    else:
        d = 2 - math.floor(math.log10(a))
    return grouped(v, min(d, maxdec))


def exact(v):
    for d in range(17):
        s = fixed(v, d)
        if float(s) == v:
            return s
    return fixed(v, 17)


def fmt(v, unit):
    if v is None or not math.isfinite(v):
        return DASH
    if unit == "tps":   # whole from 100 up, one decimal below (issue 25)
        return grouped(v, 0 if abs(v) >= 99.95 else 1)
    if unit == "ms":
        return readable(v, 3)
    if unit == "us":   # a per-transaction latency: exact microseconds
        return grouped(v, 3)
    if unit == "pct":
        return fixed(v, 1) + "%"
    if unit == "gap":
        s = fixed(v, 1)
        return ("+" if v > 0 and set(s) - set("0.") else "") + s + "%"
    if unit == "ratio":
        return fixed(v, 2) + "\u00d7"
    if unit == "p":
        return "<0.001" if v < 0.001 else fixed(v, 3)
    if unit == "money":
        return grouped(v, 2)
    if unit == "cost":
        return readable(v, 4)
    if unit == "per100":
        return readable(v, 1)
    if unit == "count":
        return grouped(v, 0)
    if unit == "seconds":
        return readable(v, 2)
    if unit == "exact":
        return exact(v)
    raise ValueError(unit)


# What each column shows, by its header; None: a column without numbers.
def unit_of(header):
    h = header
    if h in ("Runs", "Windows (all runs)", "Transactions", "Scale", "Generate jobs"):
        return "count"
    if h in ("Median TPS", "Slowest run (TPS)", "Fastest run (TPS)", "TPS"):
        return "tps"
    if h in ("p50 (ms)", "p90 (ms)", "p95 of transactions (ms)", "p99 (ms)",
             "p99.9 (ms)", "Max (ms)"):
        return "us"
    if h.endswith("(ms)"):
        return "ms"
    if h.startswith("CoV") or h == "Deepest dip":
        return "pct"
    if h == "vs baseline":
        return "gap"
    if h == "p (n)":
        return "p"
    if h.startswith("Per month"):
        return "money"
    if h.endswith(" per TPS"):
        return "cost"
    if h.startswith("TPS per 100"):
        return "per100"
    if h.startswith("Transactions per"):
        return "ratio"
    if h.endswith("(s)"):
        return "seconds"
    if h in ("vCPU", "RAM (GB)", "Window"):
        return "exact"
    return None


# ---- reading the HTML --------------------------------------------------

class Tables(HTMLParser):
    """Every <table>: caption (the figcaption before it), headers, and
    rows of (text, data-sort) cells."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables = []
        self.cur = None
        self.cell = None
        self.caption = None
        self.in_caption = False
        self.in_head = False
        self.groups, self.groups_row = [], []
        self.text = []  # every text of the page, for the summary check

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "figcaption":
            self.in_caption = True
            self.caption = ""
        elif tag == "table":
            self.cur = {"caption": self.caption or "", "headers": [], "rows": []}
            self.caption = None
        elif tag == "thead":
            self.in_head = True
        elif tag == "tr" and self.cur is not None and self.in_head:
            # a row above the last header row groups columns: each
            # column's header is then "GROUP HEADER", as report.md has it
            if self.groups_row:
                self.groups = self.groups_row
            self.groups_row = []
            self.cur["headers"] = []
        elif tag == "tr" and self.cur is not None:
            self.cur["rows"].append([])
        elif tag in ("td", "th") and self.cur is not None:
            self.cell = {"tag": tag, "text": "", "sort": a.get("data-sort"),
                         "span": int(a.get("colspan") or 1),
                         "group": a.get("scope") == "colgroup"}

    def handle_endtag(self, tag):
        if tag == "figcaption":
            self.in_caption = False
        elif tag == "thead":
            self.in_head = False
            if self.groups:
                self.cur["headers"] = [g + " " + h if g else h for g, h in
                                       zip(self.groups, self.cur["headers"])]
            self.groups, self.groups_row = [], []
        elif tag in ("td", "th") and self.cell is not None and self.in_head:
            c = self.cell
            self.groups_row += [c["text"].strip() if c["group"] else None] * c["span"]
            if c["tag"] == "th" and not c["group"]:
                self.cur["headers"].append(c["text"].strip())
            self.cell = None
        elif tag in ("td", "th") and self.cell is not None:
            c = self.cell
            c["text"] = c["text"].strip()
            if c["tag"] == "th":
                self.cur["headers"].append(c["text"])
            else:
                self.cur["rows"][-1].append(c)
            self.cell = None
        elif tag == "table" and self.cur is not None:
            self.cur["rows"] = [r for r in self.cur["rows"] if r]
            self.tables.append(self.cur)
            self.cur = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell["text"] += data
        elif self.in_caption and self.caption is not None:
            self.caption += data
        self.text.append(data)


def read_tables(path):
    p = Tables()
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    return p


# ---- the checks --------------------------------------------------------

problems = []


def problem(msg):
    problems.append(msg)


def check_cell_format(where, header, cell):
    """The shown text is the data-sort value as the header's unit shows it."""
    unit = unit_of(header)
    text, sort = cell["text"], cell["sort"]
    if unit is None or sort is None:
        return
    v = float(sort)
    if unit == "gap" and text == "baseline":
        return
    if unit == "ratio" and text == "baseline":
        return
    want = fmt(v, unit)
    if unit == "p":  # "0.016 (5+5)"
        m = re.fullmatch(r"(\S+) \((\d+)\+(\d+)\)", text)
        got = m.group(1) if m else text
    elif unit in ("pct", "count"):  # "10.7% (run3)", "3 (+1 left out)"
        got = text.split(" (")[0]
    elif unit == "gap":  # "+9.0% ~": the magnitude, then ~ when not significant
        got = text[:-2] if text.endswith(" ~") else text
    elif header == "Window":
        got = text[:-2] if text.endswith(" s") else text
    else:
        got = text
    if got != want:
        problem("%s, column %r: shows %r, its value %s reads %r" % (where, header, text, sort, want))


def close(a, b):
    return a == b or (a is not None and b is not None and float(a) == float(b))


def main():
    study, out = sys.argv[1], sys.argv[2]
    here = os.path.dirname(os.path.abspath(__file__))
    vetted = subprocess.run([sys.executable, os.path.join(here, "check_summary.py"),
                             study, out + "/data/results.json"],
                            capture_output=True, text=True)
    if vetted.returncode != 0:
        problem("results.json against the raw files: " + vetted.stdout.strip()[-600:])
    with open(out + "/data/results.json", encoding="utf-8") as f:
        doc = json.load(f)
    # table rows name them by their short = where the ini gives one
    prov_by_label = {p["label"]: p for p in doc["providers"]}
    prov_by_label.update({p["short"]: p for p in doc["providers"] if "short" in p})
    scen_by_label = {s["label"]: s for s in doc["scenarios"]}
    scen_by_label.update({s["short"]: s for s in doc["scenarios"] if "short" in s})
    cells = doc["cells"]
    comps = doc["comparisons"]
    wl_by_label = {w["label"]: w for w in doc["workloads"]}

    def find_cell(prov_label, scen_label, wl_label=None):
        p = prov_by_label.get(prov_label)
        s = scen_by_label.get(scen_label)
        if p is None or s is None:
            return None
        found = [c for c in cells if c["provider"] == p["id"] and c["scenario"] == s["id"] and
                 (wl_label is None or c["workload_key"] == wl_by_label[wl_label]["key"])]
        return found[0] if len(found) == 1 else None

    def find_comp(cell):
        for k in comps:
            if k["provider"] == cell["provider"] and k["scenario"] == cell["scenario"] and \
               k["workload_key"] == cell["workload_key"]:
                return k
        return None

    page = read_tables(out + "/index.html")
    report = read_tables(out + "/report.html")
    if len(page.tables) == 0:
        problem("index.html has no tables")
    checked = 0
    for ti, t in enumerate(page.tables):
        hs = t["headers"]
        where0 = "index.html table %d (%s)" % (ti + 1, t["caption"][:50])
        # the scenario of a one-scenario table is named in its caption
        cap_scen = None
        for label in scen_by_label:
            if t["caption"].startswith(label + ": "):
                cap_scen = label
        for ri, row in enumerate(t["rows"]):
            if len(row) != len(hs):
                problem("%s row %d: %d cells for %d headers" % (where0, ri + 1, len(row), len(hs)))
                continue
            where = "%s row %d" % (where0, ri + 1)
            for h, c in zip(hs, row):
                check_cell_format(where, h, c)
                checked += 1
            by = dict(zip(hs, row))
            prov = by.get("Provider", {}).get("text")
            scen = by["Scenario"]["text"] if "Scenario" in by else cap_scen
            wl = by["Workload"]["text"] if "Workload" in by else None
            if prov is None or scen is None:
                continue
            cell = find_cell(prov, scen, wl)
            if cell is None:
                continue
            expect = {
                "Median TPS": cell["tps_median"],
                "Slowest run (TPS)": cell["tps_min"],
                "Fastest run (TPS)": cell["tps_max"],
                "Latency avg (ms)": cell["latency_avg_ms"],
                "CoV, worst run": cell["tps_cov_pct_worst"],
                "Deepest dip": cell["tps_min_pct_worst"],
            }
            if "Transactions" in by and cell.get("latency"):
                expect.update({
                    "Transactions": cell["latency"]["count"],
                    "p50 (ms)": cell["latency"]["p50_ms"],
                    "p95 of transactions (ms)": cell["latency"]["p95_ms"],
                    "p99 (ms)": cell["latency"]["p99_ms"],
                    "Max (ms)": cell["latency"]["max_ms"],
                })
            st = cell.get("stability") or {}
            if st.get("median_run"):
                expect["CoV, median run"] = st["median_run"]["tps_cov_pct"]
            if st.get("pooled"):
                expect["CoV, all windows"] = st["pooled"]["tps_cov_pct"]
            for h in hs:
                if h.startswith("p95 of") and h.endswith("window averages (ms)") and st.get("worst"):
                    expect[h] = st["worst"]["latency_p95_ms"]
                if h.endswith(" per TPS"):
                    expect[h] = cell["cost_per_tps"]
                if h.startswith("TPS per 100"):
                    expect[h] = cell["tps_per_100"]
            k = find_comp(cell)
            if k:
                expect["vs baseline"] = k["tps_gap_pct"]
                expect["p (n)"] = k["p_adjusted"]
                for h in hs:
                    if h.startswith("Transactions per"):
                        expect[h] = k["value_ratio"]
                pn = by.get("p (n)")
                if pn and not pn["text"].endswith("(%d+%d)" % (k["n_baseline"], k["n_provider"])):
                    problem("%s: p (n) %r, n=%d+%d in the JSON" % (where, pn["text"], k["n_baseline"], k["n_provider"]))
                gap = by.get("vs baseline")
                if gap and gap["text"].endswith(" ~") == k["significant"]:
                    problem("%s: %r but significant=%s" % (where, gap["text"], k["significant"]))
            for h, v in expect.items():
                if h in by and v is not None and by[h]["sort"] is not None:
                    if not close(by[h]["sort"], v):
                        problem("%s, %r: data-sort %s, results.json %r" % (where, h, by[h]["sort"], v))
                    checked += 1
    # providers: vCPU, RAM, monthly cost
    for t in page.tables:
        if t["headers"][:1] == ["Provider"] and "vCPU" in t["headers"]:
            for row in t["rows"]:
                by = dict(zip(t["headers"], row))
                p = prov_by_label.get(by["Provider"]["text"])
                if p is None:
                    problem("providers table: unknown label %r" % by["Provider"]["text"][:80])
                    continue
                for h, key in (("vCPU", "vcpu"), ("RAM (GB)", "ram_gb")):
                    if h in by and by[h]["sort"] is not None and not close(by[h]["sort"], p[key]):
                        problem("providers table %s: %s vs %r" % (h, by[h]["sort"], p[key]))
                for h in by:
                    if h.startswith("Per month") and by[h]["sort"] is not None and \
                       not close(by[h]["sort"], p["monthly_cost"]):
                        problem("providers table %s: %s vs %r" % (h, by[h]["sort"], p["monthly_cost"]))
    # report.html: the same tables, cell for cell
    if [[c["text"] for c in r] for t in report.tables for r in t["rows"]] != \
       [[c["text"] for c in r] for t in page.tables for r in t["rows"]]:
        problem("report.html's tables differ from index.html's")
    # report.md: the same tables, cell for cell (pipe tables, unescaped)
    md_rows = []
    with open(out + "/report.md", encoding="utf-8") as f:
        md_lines = f.read().split("\n")
    for line in md_lines:
        if line.startswith("| ") and not re.match(r"^\| (:---|---:)", line):
            cells_md = re.split(r"(?<!\\) \| ", line[2:-2])
            row = []
            for c in cells_md:
                c = c.strip()
                if len(c) > 4 and c.startswith("**") and c.endswith("**") and c[-3] != "\\":
                    c = c[2:-2]
                row.append(re.sub(r"\\(.)", r"\1", c))
            md_rows.append(row)
    html_rows = []
    for t in page.tables:
        html_rows.append(t["headers"])
        html_rows.extend([[c["text"] for c in r] for r in t["rows"]])
    if md_rows != html_rows:
        for a, b in zip(md_rows, html_rows):
            if a != b:
                problem("report.md table row %r differs from index.html's %r" % (a[:4], b[:4]))
                break
        else:
            problem("report.md has %d table rows, index.html %d" % (len(md_rows), len(html_rows)))
    # the summary: "LABEL leads with N median TPS."
    text = "".join(page.text)
    for m in re.finditer(r"(\S[^\n]*?) leads with ([0-9,.]+) median TPS", text):
        n = m.group(2)
        if not any(fmt(c["tps_median"], "tps") == n for c in cells):
            problem("summary: %r median TPS is no cell's median" % n)
        checked += 1
    if checked < 20:
        problem("only %d numbers checked: the tables were not recognised" % checked)
    for p in problems:
        print("FAIL: " + p)
    print("%d numbers checked, %d problems" % (checked, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
