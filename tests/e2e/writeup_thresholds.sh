#!/usr/bin/env bash
# The writeup's rounding thresholds and a multi-metric pivot with a
# baseline (issue 28), on a study of pgbench 15 summaries written here from
# SPEC.md (section 1; numbers invented, one run a cell). Expected strings by
# hand, from docs/writeup.md's rules:
#  - fmt=words: whole percents from 9.95% up ("10% faster": TPS's words), one decimal
#    below ("9.9% faster"); a wildcard that matches one workload is that
#    cell, not "the mean of 1 workloads", with its verdict: one run against
#    one, the exact Mann-Whitney p is 1 (two orderings, equally likely),
#    and Holm keeps 1; gaps 9.96% (s1), 9.94% (s2) and
#    1099.5/1000 - 1 = 9.9499999...% in binary (s3: one decimal);
#  - fmt=k: thousands from 999.5 up: 999.4 -> "999", 999.5 -> "1.0K",
#    1000 -> "1.0K", 999,499 -> "999K" (3 significant digits), 999,500 -> "1.0M";
#  - {{table pivot}} of tps_median and tps_gap_pct: the baseline's gap
#    says "baseline" (its TPS is in the column beside), never "0.0%" nor
#    "–"; TPS whole
#    from 100 up (issue 25): 1099.6 -> "1,100".
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
st=$work/study
python3 - "$st" <<'PY'
import os, sys
root = sys.argv[1]
# scenario -> (p's TPS, q's TPS); p is the baseline
tps = {"s1": (1000, 1099.6), "s2": (1000, 1099.4), "s3": (1000, 1099.5),
       "s4": (999.4, 500), "s5": (999.5, 500), "s6": (1000, 500),
       "s7": (999499, 500), "s8": (999500, 500)}
for s, pair in tps.items():
    for prov, t in zip("pq", pair):
        d = os.path.join(root, "results", prov, s)
        os.makedirs(d)
        open(os.path.join(d, "run1.txt"), "w").write(
            "pgbench (15.18 (Debian 15.18-0+deb12u1))\n"
            "transaction type: <builtin: select only>\nscaling factor: 1\n"
            "query mode: prepared\nnumber of clients: 4\nnumber of threads: 2\n"
            "maximum number of tries: 1\nduration: 10 s\n"
            f"number of transactions actually processed: {int(t * 10)}\n"
            "number of failed transactions: 0 (0.000%)\n"
            f"latency average = {4000 / t:.3f} ms\n"
            "initial connection time = 5.000 ms\n"
            f"tps = {t:.6f} (without initial connection time)\n")
open(os.path.join(root, "tpsreport.ini"), "w").write("[study]\nbaseline = p\n")
open(os.path.join(root, "writeup.md"), "w").write("""# T

[[W1:{{compare q s1 * fmt=words}}]]
[[W2:{{compare q s2 * fmt=words}}]]
[[W3:{{compare q s3 * fmt=words}}]]
[[K4:{{value p s4 tps_median * fmt=k}}]]
[[K5:{{value p s5 tps_median * fmt=k}}]]
[[K6:{{value p s6 tps_median * fmt=k}}]]
[[K7:{{value p s7 tps_median * fmt=k}}]]
[[K8:{{value p s8 tps_median * fmt=k}}]]

{{table pivot rows=provider cols=scenario metric=tps_median,tps_gap_pct scenario=s1}}
""")
PY
"$bin" build "$st" -o "$work/out" --no-png >"$work/log" 2>&1 || { cat "$work/log"; fail "build"; }
md=$work/out/report.md
want() {  # TAG EXPECTED
  local got
  got=$(grep -o "\[\[$1:[^]]*\]\]" "$md" | sed "s/^\[\[$1://; s/\]\]\$//")
  [ "$got" = "$2" ] || fail "$1: '$got', expected '$2'"
}
want W1 "10% faster (not significant, p=1.000)"
want W2 "9.9% faster (not significant, p=1.000)"
want W3 "9.9% faster (not significant, p=1.000)"
want K4 "999"
want K5 "1.0K"
want K6 "1.0K"
want K7 "999K"
want K8 "1.0M"
# The pivot: one row per provider; p's gap says baseline, q's +10.0% (s1).
grep -q '^| p | 1,000 | baseline |$' "$md" || { grep '^| [pq] |' "$md"; fail "pivot: the baseline's gap does not say baseline"; }
grep -q '^| q | 1,100 | +10.0% |$' "$md" || { grep '^| [pq] |' "$md"; fail "pivot: q's row"; }
finish
