#!/usr/bin/python3
"""diff_make.py SRC OUT: the "rerun" studies of diff_cli.sh, made by editing
copies of real pgbench 15 summaries from the stock-vs-tuned sample (said so
here: these runs were not rerun, their figures were edited).

OUT/five-old: provider pg, scenarios bench1 and bench10, 5 runs each: the
  summaries of stock run1-3 and tuned run1-2 of that scenario, unchanged.
OUT/five-new: the same, but in bench1 every run is 50% faster: the TPS and
  the transaction count times 1.5, the latency average divided by 1.5.
"""
import os, re, sys

src, out = sys.argv[1:3]
runs = [("stock", "run1"), ("stock", "run2"), ("stock", "run3"), ("tuned", "run1"), ("tuned", "run2")]


def faster(text):
    text = re.sub(r"^tps = ([0-9.]+)", lambda m: "tps = %.6f" % (float(m.group(1)) * 1.5), text, flags=re.M)
    text = re.sub(r"^(number of transactions actually processed: )(\d+)",
                  lambda m: m.group(1) + str(round(int(m.group(2)) * 1.5)), text, flags=re.M)
    text = re.sub(r"^latency average = ([0-9.]+) ms",
                  lambda m: "latency average = %.3f ms" % (float(m.group(1)) / 1.5), text, flags=re.M)
    # -P progress lines would contradict the new totals: drop them
    return re.sub(r"^progress: .*\n", "", text, flags=re.M)


for side in ("five-old", "five-new"):
    for scen in ("bench1", "bench10"):
        d = os.path.join(out, side, "results", "pg", scen)
        os.makedirs(d)
        for i, (prov, run) in enumerate(runs, 1):
            text = open(os.path.join(src, "results", prov, scen, run + ".txt")).read()
            text = re.sub(r"^progress: .*\n", "", text, flags=re.M)
            if side == "five-new" and scen == "bench1":
                text = faster(text)
            open(os.path.join(d, "run%d.txt" % i), "w").write(text)
    with open(os.path.join(out, side, "tpsreport.ini"), "w") as f:
        f.write("[study]\ntitle = five runs per side (edited copies of real summaries)\n"
                "currency = EUR\n\n[provider pg]\nprice = 100 EUR/month\n")
