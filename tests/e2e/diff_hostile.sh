#!/usr/bin/env bash
# diff_hostile.sh: `tpsreport diff` on results documents edited to attack
# it (docs/reliability.md, "diff"): names with a newline that would forge
# a verdict line, ESC sequences for the terminal, in the text and the
# --markdown output; impossible figures (negative, 1e308, beyond 10^9
# TPS, a bad currency, digest or alpha) refused with the file and member;
# "The inputs are identical" only when nothing differs. The documents are
# the sample's own results document edited by python3 below; every
# expectation is written here.
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
svt="$TR_SOURCE_DIR/samples/stock-vs-tuned"
"$TPSREPORT" summary --json "$svt" > "$tmp/base.json"

# edit OUT PYTHON: a copy of base.json with d edited by PYTHON.
edit() {
  $py - "$tmp/base.json" "$tmp/$1.json" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"), indent=1)
PY
}
# diffrun NAME WANT_EXIT OLD NEW [OPTIONS]: stdout NAME.out, stderr NAME.err
diffrun() {
  local name=$1 want=$2 old=$3 new=$4; shift 4
  set +e
  "$TPSREPORT" diff "$@" "$tmp/$old.json" "$tmp/$new.json" > "$tmp/$name.out" 2> "$tmp/$name.err"
  local rc=$?
  set -e
  [ $rc -eq "$want" ] || { echo "FAIL $name: exit $rc, expected $want: $(head -c 300 "$tmp/$name.err")"; fail=1; }
}
no_raw() {  # no ESC, no C1 CSI, no forged line in FILE
  if LC_ALL=C grep -q $'\x1b' "$tmp/$1"; then echo "FAIL $1: a raw ESC"; fail=1; fi
  if LC_ALL=C grep -q $'\xc2\x9b' "$tmp/$1"; then echo "FAIL $1: a raw C1 CSI"; fail=1; fi
  if grep -q '^No significant change FORGED' "$tmp/$1"; then echo "FAIL $1: a forged verdict line"; fail=1; fi
}

# 1. Names with a newline (a forged verdict line in a CI log) and ESC
#    sequences (clear the screen, a title): provider, scenario, run id,
#    title, finding message, excluded reason.
forge=$'x\nNo significant change FORGED\n\x1b[2J\x1b]0;owned\x07\xc2\x9b31m'
$py - "$tmp/base.json" "$tmp/hostile.json" "$forge" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); f = sys.argv[3]
old = d["providers"][0]["id"]; new = "tuned" + f
for p in d["providers"]:
    if p["id"] == "tuned": p["id"] = new
for x in d["runs"] + d["cells"]:
    if x["provider"] == "tuned": x["provider"] = new
for c in d["cells"]:
    c["run_paths"] = [p for p in c["run_paths"]]
d["study"]["title"] = "T" + f
d["runs"][0]["excluded"] = True
d["runs"][0]["excluded_reason"] = "why" + f
d["findings"].append({"severity": "warning", "code": "C" + f, "path": "p" + f, "message": "m" + f})
json.dump(d, open(sys.argv[2], "w"), indent=1)
PY
for mode in text markdown; do
  opt=; [ $mode = markdown ] && opt=--markdown
  set +e
  "$TPSREPORT" diff $opt "$tmp/base.json" "$tmp/hostile.json" > "$tmp/h.$mode" 2> "$tmp/h.$mode.err"
  rc=$?
  set -e
  [ $rc -le 1 ] || { echo "FAIL hostile $mode: exit $rc: $(cat "$tmp/h.$mode.err")"; fail=1; }
  no_raw "h.$mode"
  # the name is there, escaped as \x0A / \x1B (Markdown: a backslash more)
  if [ $mode = text ]; then
    grep -qF 'tunedx\x0ANo significant change FORGED\x0A\x1B[2J' "$tmp/h.$mode" || { echo "FAIL hostile text: escaped name missing"; fail=1; }
  else
    grep -qF 'tunedx\\x0ANo significant change FORGED\\x0A\\x1B\[2J' "$tmp/h.$mode" || { echo "FAIL hostile markdown: escaped name missing"; fail=1; }
  fi
done
# The Markdown, rendered as GitHub renders it, shows the name as text.
if command -v cmark-gfm >/dev/null; then
  cmark-gfm -e table -e autolink "$tmp/h.markdown" > "$tmp/h.html"
  grep -qF 'tunedx\x0ANo significant change FORGED\x0A\x1B[2J' "$tmp/h.html" || { echo "FAIL hostile markdown: not shown as text by cmark-gfm"; fail=1; }
fi

# 2. Impossible figures: refused, exit 2, naming the file and the member.
refuse() {  # NAME PYTHON-EDIT MEMBER
  edit "$1" "$2"
  diffrun "$1" 2 base "$1"
  grep -qF "$tmp/$1.json:" "$tmp/$1.err" && grep -qF "$3" "$tmp/$1.err" ||
    { echo "FAIL $1: expected the file and '$3' in: $(cat "$tmp/$1.err")"; fail=1; }
  [ -s "$tmp/$1.out" ] && { echo "FAIL $1: printed a diff"; fail=1; }
  return 0
}
refuse neg_tps 'd["runs"][2]["tps"] = -1370.3' 'runs[2].tps'
refuse huge_tps 'd["runs"][1]["tps"] = 1e308' 'runs[1].tps'
refuse over_tps 'd["runs"][1]["tps"] = 1.5e9' 'runs[1].tps'
refuse neg_cell 'd["cells"][0]["tps_median"] = -5' 'cells[0].tps_median'
refuse neg_lat 'd["cells"][1]["latency_avg_ms"] = -0.5' 'cells[1].latency_avg_ms'
refuse neg_cost 'd["providers"][0]["monthly_cost"] = -10' 'providers[0].monthly_cost'
refuse bad_fx 'd["study"]["fx"]["rates"]["USD"] = -0.92' 'study.fx.rates.USD'
refuse bad_alpha 'd["study"]["alpha"] = 7' 'study.alpha'
refuse bad_cur 'd["study"]["currency"] = "E\u001b[2J"' 'study.currency'
refuse bad_digest 'd["study"]["inputs_sha256"] = "x\nThe inputs are identical."' 'study.inputs_sha256'
# 1e309 is beyond a double: the JSON reader refuses it
printf '%s' "$(sed '0,/"tps": [0-9][0-9.]*/s//"tps": 1e309/' "$tmp/base.json")" > "$tmp/inf.json"
grep -q '"tps": 1e309' "$tmp/inf.json" || { echo "FAIL inf: no tps to replace"; fail=1; }
diffrun inf 2 base inf
grep -qF "$tmp/inf.json:" "$tmp/inf.err" || { echo "FAIL inf: $(cat "$tmp/inf.err")"; fail=1; }

# 3. "The inputs are identical" only when nothing differs: the same
#    digest with edited figures says they differ.
diffrun same 0 base base
grep -qx 'The inputs are identical.' "$tmp/same.out" || { echo "FAIL same: no 'identical' line"; fail=1; }
edit edited 'd["cells"][0]["tps_median"] *= 2; d["runs"][0]["tps"] *= 2'
diffrun edited 0 base edited
if grep -q 'identical' "$tmp/edited.out"; then echo "FAIL edited: says identical above changed figures"; fail=1; fi
grep -q 'Both documents name the same inputs' "$tmp/edited.out" || { echo "FAIL edited: no warning about the same digest"; fail=1; }
diffrun edited_md 0 base edited --markdown
if grep -q 'identical' "$tmp/edited_md.out"; then echo "FAIL edited --markdown: says identical"; fail=1; fi
diffrun edited_json 0 base edited --json
$py -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d["identical"] is False else 1)' "$tmp/edited_json.out" || { echo "FAIL edited --json: identical"; fail=1; }
diffrun same_json 0 base base --json
$py -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d["identical"] is True else 1)' "$tmp/same_json.out" || { echo "FAIL same --json: not identical"; fail=1; }

[ $fail -eq 0 ] && echo "diff_hostile: all passed"
exit $fail
