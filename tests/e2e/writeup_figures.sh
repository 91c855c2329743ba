#!/usr/bin/env bash
# The figure directives ({{value}} with * and agg=, {{compare}} vs= metric=
# fmt=, {{best}}/{{worst}}, {{headline}}, {{table journey|pivot|rank|setup}},
# [cell] sections) on the client-sweep sample, checked by
# writeup_figures.py against figures it computes from the raw pgbench files;
# then every kind of wrong name is an error naming FILE:LINE.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
sweep="$src/samples/client-sweep"
[ -d "$sweep/results" ] || { echo "FAIL: $sweep is missing" >&2; exit 1; }

st="$work/study"
cp -a "$sweep" "$st"
rm -f "$st/writeup.md"
# A missing cell: stock's TPC-B runs at 8 clients are gone.
rm -f "$st"/results/stock/tpcb-like/c8-*
sed -i 's/^notes  = Price illustrative. -c/fact.pg = 15\nnotes  = Price illustrative. -c/' "$st/tpsreport.ini"
cat >> "$st/tpsreport.ini" <<'INI'

[cell tuned tpcb-like]
ram_gb = 0.1
fact.pg = 15.18
fact.disk = tmpfs

[cell stock tpcb-like]
fact.disk = ext4
fact.pg = 15
INI
cat > "$st/writeup.md" <<'MD'
# Figures

{{headline tps_median * * "peak TPS"}}
{{headline latency_avg_ms * * "best latency"}}

[[V1:{{value tuned select-only tps_median *}}]]
[[V2:{{value tuned select-only tps_median * agg=median}}]]
[[V3:{{value tuned tpcb-like tps_median * agg=min}}]]
[[V4:{{value tuned tpcb-like tps_median * agg=max}}]]
[[V5:{{value tuned * tps_median *}}]]
[[V6:{{value stock tpcb-like latency_avg_ms *}}]]
[[V7:{{compare tuned tpcb-like * fmt=words}}]]
[[V8:{{compare tuned tpcb-like * fmt=x1}}]]
[[V9:{{compare tuned * * metric=latency_avg_ms fmt=words}}]]
[[V10:{{compare stock tpcb-like * vs=tuned}}]]
[[V11:{{value tuned select-only tps_median * fmt=k}}]]
[[V12:{{best tps_median}}]]
[[V13:{{worst tps_median tpcb-like}}]]
[[V14:{{best latency_avg_ms}}]]
[[V15:{{best tps_median * * agg=mean}}]]
[[V16:{{value tuned select-only latency.p99_ms *}}]]

{{table pivot rows=provider cols=scenario metric=tps_median agg=mean}}

{{table pivot rows=clients cols=provider metric=tps_median scenario=tpcb-like}}

{{table journey tuned stock select-only *}}

{{table rank latency_avg_ms * * agg=mean}}

{{table setup tpcb-like}}

{{table tps tpcb-like vs=tuned}}

{{chart rank latency_avg_ms * * agg=mean}}

{{chart journey tuned stock select-only *}}

| Seed | Figure |
|---|--:|
| a | 1 |

~~gone~~
MD
"$bin" build "$st" -o "$work/out" >"$work/log" 2>&1 || { cat "$work/log" >&2; fail "build"; }
/usr/bin/python3 "$src/tests/e2e/writeup_figures.py" "$st" "$work/out" || fail "figures differ"
html_parses "$work/out/index.html"
html_parses "$work/out/report.html"

# Bad input: each an error naming the line, and what exists (on a smaller
# study, SVG only, to keep the test short).
rm -rf "$st"/results/*/select-only
bad() {
  local text=$1 want=$2
  printf '# T\n\n%s\n' "$text" > "$st/writeup.md"
  if "$bin" build "$st" -o "$work/bad" --no-png >"$work/err" 2>&1; then
    fail "accepted: $text"
  elif ! grep -qF -- "writeup.md:3: " "$work/err" || ! grep -qF -- "$want" "$work/err"; then
    fail "$text: expected '$want' at line 3, got: $(cat "$work/err")"
  fi
}
bad '{{value tuned tpcb-like speed *}}' "unknown metric 'speed'"
bad '{{value tuned tpcb-like tps_median * agg=avg}}' "unknown aggregate agg=avg (mean, median, min, max, sum)"
bad '{{value tuned tpcb-like tps_median * fmt=xx}}' "unknown format fmt=xx"
bad '{{value stock tpcb-like tps_median fmt=words *}}' "fmt=words compares with the baseline"
bad '{{value tuned tpcb-like tps_median * fmt=duration}}' "fmt=duration is for durations"
bad '{{value tuned tpcb-like tps_median * ag=mean}}' "unknown option 'ag=' (it takes: agg fmt vs runs)"
bad '{{value tuned tpcb-like tps_median tpc-b-c9}}' "has no workload 'tpc-b-c9' (it has: tpc-b-c1-j1-prepared"
bad '{{compare tuned tpcb-like * vs=azure}}' "no provider 'azure' (there are: stock, tuned)"
bad '{{compare tuned tpcb-like * metric=p_value}}' "metric=p_value cannot be compared"
bad '{{best p_value}}' "p_value has no better side"
bad '{{table journey tuned azure tpcb-like *}}' "'azure' is not a provider (there are: stock, tuned)"
bad '{{table journey tuned tpcb-like *}}' "at least two PROVIDERs"
bad '{{table pivot rows=provider cols=scenario metric=tps_median}}' "give agg=mean|median|min|max"
bad '{{table pivot rows=provider cols=disk metric=tps_median}}' "cols=disk: expected provider, scenario, workload, machine, clients or threads"
bad '{{table pivot rows=provider cols=provider metric=tps_median}}' "rows and cols are both provider"
bad '{{table pivot rows=provider cols=clients metric=latency.p99_ms scenario=tpcb-like}}' "nothing to show"
bad '{{table rank tps_median nowhere}}' "no scenario 'nowhere' (there are: simple-update, tpcb-like)"
bad '{{headline tps_median}}' "expected METRIC"
bad '{{table tps vs=azure}}' "no provider 'azure'"
bad '{{chart rank p_value *}}' "{{chart rank}}: p_value cannot rank providers"
bad '{{chart journey tuned nowhere *}}' "{{chart journey}}: 'nowhere' is not a provider"
# A [cell] naming a scenario that does not exist: the ini's line.
printf '# T\n' > "$st/writeup.md"
printf '\n[cell tuned nowhere]\nfact.x = 1\n' >> "$st/tpsreport.ini"
if "$bin" build "$st" -o "$work/bad" --no-png >"$work/err" 2>&1; then
  fail "accepted [cell tuned nowhere]"
elif ! grep -qE "tpsreport.ini:[0-9]+: \[cell tuned nowhere\]: no scenario 'nowhere'" "$work/err"; then
  fail "[cell] error: $(cat "$work/err")"
fi
finish
