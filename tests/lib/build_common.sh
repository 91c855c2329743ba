# Sourced by the tests/e2e/build_*.sh scripts: paths, a work folder, and
# checks shared by them. Not a test itself (ctest runs tests/e2e/*.sh).

src=${TR_SOURCE_DIR:?TR_SOURCE_DIR not set}
bin=${TPSREPORT:?TPSREPORT not set}
sample="$src/samples/stock-vs-tuned"
work=$(mktemp -d "${TMPDIR:-/tmp}/tpsreport-e2e.XXXXXX")
trap 'rm -rf "$work"' EXIT
fails=0

fail() {
  echo "FAIL: $*" >&2
  fails=$((fails + 1))
}

finish() {
  if [ "$fails" -gt 0 ]; then
    echo "$fails failure(s)" >&2
    exit 1
  fi
  echo "ok"
}

need_sample() {
  if [ ! -d "$sample/results" ]; then
    echo "FAIL: $sample is missing (samples/ not in this tree)" >&2
    exit 1
  fi
}

# libxml2's HTML parser knows HTML 4: it calls HTML5 and SVG elements
# "invalid", which is all it may say about a page of ours.
html_parses() {
  local errs
  errs=$(xmllint --html --noout "$1" 2>&1 |
         grep -E '^[^ ]+:[0-9]+: (HTML )?parser (error|warning)' |
         grep -v -E 'Tag [A-Za-z:]+ invalid' || true)
  if [ -n "$errs" ]; then
    fail "$1 does not parse cleanly: $(echo "$errs" | head -3)"
  fi
}

# The files of a complete report.
report_complete() {
  local out=$1 f
  for f in index.html report.html report.md assets/style.css assets/sort.js \
           data/results.json data/results.csv data/runs.csv .tpsreport; do
    [ -s "$out/$f" ] || fail "$out/$f is missing or empty"
  done
  ls "$out"/charts/*.svg >/dev/null 2>&1 || fail "$out/charts has no SVG"
}

# A listing of everything under a folder but OUT: path, size, mtime.
snapshot() {
  (cd "$1" && find . -mindepth 1 -path "./$2" -prune -o -printf '%p %s %T@ %m\n' | sort)
}
