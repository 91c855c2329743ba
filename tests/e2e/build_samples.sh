#!/usr/bin/env bash
# The report of every sample study: every file is there, every file parses
# (libxml2 for HTML and SVG, cmark-gfm for Markdown, Python for JSON and CSV),
# every chart is placed, and every number shown equals results.json
# (build_numbers.py: each against results.json by the documented rules,
# after check_summary.py has checked that JSON against the raw files).
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample

n=0
for study in "$src"/samples/*/; do
  study=${study%/}
  [ -d "$study/results" ] || continue
  name=$(basename "$study")
  out="$work/$name"
  if ! "$bin" build "$study" -o "$out" >"$work/$name.out" 2>"$work/$name.err"; then
    fail "$name: build failed: $(cat "$work/$name.err")"
    continue
  fi
  n=$((n + 1))
  grep -q "^wrote $out: index.html" "$work/$name.out" || fail "$name: no 'wrote' line: $(cat "$work/$name.out")"
  report_complete "$out"
  html_parses "$out/index.html"
  html_parses "$out/report.html"
  for svg in "$out"/charts/*.svg; do
    xmllint --noout "$svg" 2>/dev/null || fail "$svg does not parse"
    c=$(basename "$svg")
    # a phone's rendition: in index.html beside its chart, not in report.md
    # (GitHub shows the 800-px chart); PNGs only with --png (build_png.sh)
    if [[ $svg == *.narrow.svg ]]; then
      [ -s "${svg%.narrow.svg}.svg" ] || fail "$c has no chart"
      grep -q "src=\"charts/$c\"" "$out/index.html" || fail "$name: chart $c is not in index.html"
      continue
    fi
    [ ! -e "${svg%.svg}.png" ] || fail "${svg%.svg}.png written without --png"
    [ -s "${svg%.svg}.narrow.svg" ] || fail "$c has no narrow rendition"
    grep -q "src=\"charts/$c\"" "$out/index.html" || fail "$name: chart $c is not in index.html"
    grep -q "](charts/$c)" "$out/report.md" || fail "$name: chart $c is not in report.md"
  done
  # Markdown: cmark-gfm reads it; headings and no placeholder left.
  html=$(cmark-gfm "$out/report.md")
  [ "$(grep -c '<h2>' <<<"$html")" -ge 5 ] || fail "$name: report.md has few ## headings"
  grep -q '<h1>' <<<"$html" || fail "$name: report.md has no # title"
  ! grep -q 'tpsreport:block' "$out/report.md" "$out/index.html" "$out/report.html" ||
    fail "$name: a placeholder was left"
  python3 - "$out" "$study/tpsreport.ini" <<'PY' || fail "$name: data files"
import configparser, csv, json, sys
out = sys.argv[1]
ini = configparser.ConfigParser(interpolation=None)
ini.read(sys.argv[2], encoding="utf-8")
doc = json.load(open(out + "/data/results.json", encoding="utf-8"))
cells = list(csv.DictReader(open(out + "/data/results.csv", encoding="utf-8", newline="")))
runs = list(csv.DictReader(open(out + "/data/runs.csv", encoding="utf-8", newline="")))
assert len(cells) == len(doc["cells"]), (len(cells), len(doc["cells"]))
assert len(runs) == len(doc["runs"]), (len(runs), len(doc["runs"]))
for c, j in zip(cells, doc["cells"]):
    assert float(c["tps_median"]) == j["tps_median"], (c["tps_median"], j["tps_median"])
    # the labels of the ini, beside the ids (a section without a label: its id)
    for kind in ("provider", "scenario"):
        sec = f"{kind} {c[kind]}"
        want = ini[sec].get("label", c[kind]) if ini.has_section(sec) else c[kind]
        assert c[kind + "_label"] == want, (kind, c[kind + "_label"], want)
PY
  /usr/bin/python3 "$src/tests/e2e/build_numbers.py" "$study" "$out" >"$work/$name.numbers" ||
    fail "$name: numbers: $(grep FAIL "$work/$name.numbers" | head -5)"
  # report.html loads nothing.
  ! grep -E -q '<(script|link|img|iframe)\b|\ssrc=' "$out/report.html" ||
    fail "$name: report.html refers to something outside itself"
done
[ "$n" -ge 1 ] || fail "no sample study was built"
finish
