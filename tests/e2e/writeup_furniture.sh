#!/usr/bin/env bash
# writeup_furniture.sh: the seeds' article furniture from data (issue 25,
# item 7) on samples/stock-vs-tuned with fact.kind in [provider]: headline
# cards restricted by providers= and group=, {{chart rank badge=}} and
# {{journey}}'s step cards (note = in [provider tuned]);
# writeup_furniture.py checks the HTML cards and the badges in the SVGs
# against figures it reads from the raw pgbench files. Then: a provider
# without the fact has no badge (and no "null"), and every wrong name is
# an error naming writeup.md:LINE and what exists. Two builds with
# --no-png, a few seconds.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample
st="$work/st"
cp -a "$sample" "$st"
sed -i 's/^\[provider stock\]$/[provider stock]\nfact.kind = Bare metal/;
        s/^\[provider tuned\]$/[provider tuned]\nfact.kind = Managed\nnote = Bigger buffers, fewer checkpoints/' "$st/tpsreport.ini"
cat >"$st/writeup.md" <<'MD'
# Furniture

{{headline tps_median bench100 "Managed peak" group="fact.kind:Managed"}}
{{headline tps_median bench100 "Stock peak" providers=stock}}

{{chart rank tps_median bench100 badge=fact.kind}}

{{journey stock tuned bench100}}
MD
"$bin" build "$st" -o "$work/out" --no-png >/dev/null 2>"$work/err" ||
  { cat "$work/err" >&2; fail "build"; finish; }
python3 "$src/tests/e2e/writeup_furniture.py" "$st" "$work/out" || fail "figures"

# a provider without the fact: its bar has no badge, and nothing reads null
sed -i '/^fact.kind = Managed$/d' "$st/tpsreport.ini"
printf '# F\n\n{{chart rank tps_median bench100 badge=fact.kind}}\n' >"$st/writeup.md"
"$bin" build "$st" -o "$work/out2" --no-png >/dev/null 2>"$work/err" ||
  { cat "$work/err" >&2; fail "build without tuned's fact"; }
for f in rank-tps-median-bench100.svg rank-tps-median-bench100.narrow.svg; do
  svg="$work/out2/charts/$f"
  [ "$(grep -c 'class="badge ' "$svg")" = 1 ] || fail "$f: not one badge"
  grep -q '>Bare metal</text>' "$svg" || fail "$f: no 'Bare metal'"
  grep -qi 'null' "$svg" && fail "$f: says null"
done

# wrong names: one error at writeup.md:LINE, listing what exists
bad() {
  printf '# F\n\nWords.\n\n%s\n' "$1" >"$st/writeup.md"
  rc=0
  "$bin" build "$st" -o "$work/bad" --no-png >/dev/null 2>"$work/err" || rc=$?
  [ "$rc" = 2 ] || fail "$1: exit $rc, expected 2"
  grep -qF "writeup.md:5: $2" "$work/err" || fail "$1: $(cat "$work/err")"
  [ "$(grep -c 'writeup.md:' "$work/err")" = 1 ] || fail "$1: not one error"
}
bad '{{chart rank tps_median bench100 badge=fact.region}}' \
  '{{chart rank}}: badge=: no provider has fact.region (the facts are: kind)'
bad '{{headline tps_median bench100 "Peak" providers=stock,gcp}}' \
  "{{headline}}: providers=: no provider 'gcp' (there are: stock, tuned)"
bad '{{headline tps_median bench100 "Peak" group="fact.kind:Managed"}}' \
  '{{headline}}: group=: no provider has fact.kind = Managed (its values are: Bare metal)'
bad '{{headline tps_median bench100 "Peak" title="Mine"}}' \
  '{{headline tps_median}}: title= is not for a headline'
bad '{{table rank tps_median bench100 badge=fact.kind}}' \
  "{{table}}: unknown option 'badge='"
finish
