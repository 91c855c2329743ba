#!/usr/bin/env bash
# libpq, cairo, libxml2 and cmark-gfm are loaded when first needed
# (probe/pq.c, chart/cairo_dl.c, chart/xml_dl.c, writeup/html_dl.c,
# util/dl.h), not at every start: linked in, they cost each command 9.6 ms
# (10.7 ms against 1.1). tpsreport must not be linked with them; the
# commands that do not connect, draw or render must work when none can be
# loaded; and chart and build must say which is missing (libpq's message:
# probe_cli.sh), writing nothing.
set -euo pipefail
src=${TR_SOURCE_DIR:?TR_SOURCE_DIR not set}
bin=${TPSREPORT:?TPSREPORT not set}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
say() { echo "FAIL: $*"; fail=1; }
study=$src/samples/stock-vs-tuned

ldd "$bin" >"$work/ldd"
for lib in libpq libcairo libxml2 libcmark; do
  if grep -q "$lib" "$work/ldd"; then say "tpsreport is linked with $lib"; fi
done

# None of the four loadable: summary and check work, and summary says
# the same as with them.
export TPSREPORT_LIBPQ=/nonexistent/libpq.so.5 TPSREPORT_CAIRO=/nonexistent/libcairo.so.2
export TPSREPORT_LIBXML2=/nonexistent/libxml2.so.2 TPSREPORT_CMARK=/nonexistent/libcmark-gfm.so
"$bin" summary --json "$study" >"$work/without.json" || say "summary without the libraries: exit $?"
env -u TPSREPORT_LIBPQ -u TPSREPORT_CAIRO -u TPSREPORT_LIBXML2 -u TPSREPORT_CMARK \
  "$bin" summary --json "$study" >"$work/with.json"
cmp -s "$work/without.json" "$work/with.json" || say "summary differs without the libraries"
rc=0; "$bin" check "$study" >"$work/check.out" 2>&1 || rc=$?
[ "$rc" -le 1 ] || say "check without the libraries: exit $rc"

# Drawing needs cairo (text is measured with it, PNG and PDF drawn): the
# message names it, and nothing is written.
rc=0
"$bin" chart "$study" --kind tps -o "$work/tps.svg" >"$work/out" 2>"$work/err" || rc=$?
[ "$rc" = 2 ] || say "chart without cairo: exit $rc, not 2"
grep -q "cairo (the library that measures and draws the charts' text and PNG/PDF) could not be loaded: /nonexistent/libcairo.so.2" "$work/err" ||
  { cat "$work/err"; say "chart without cairo: message"; }
grep -q "apt-get install libcairo2" "$work/err" || say "chart without cairo: hint"
[ ! -e "$work/tps.svg" ] || say "chart without cairo wrote a file"

# With cairo but not libxml2, which writes the SVG: the same, naming it.
rc=0
env -u TPSREPORT_CAIRO "$bin" chart "$study" --kind tps -o "$work/tps.svg" >"$work/out" 2>"$work/err" || rc=$?
[ "$rc" = 2 ] || say "chart without libxml2: exit $rc, not 2"
grep -q "libxml2 (the library that writes the charts' SVG) could not be loaded: /nonexistent/libxml2.so.2" "$work/err" ||
  { cat "$work/err"; say "chart without libxml2: message"; }
grep -q "apt-get install libxml2" "$work/err" || say "chart without libxml2: hint"
[ ! -e "$work/tps.svg" ] || say "chart without libxml2 wrote a file"

# And with both (the default names), the same chart is drawn.
env -u TPSREPORT_CAIRO -u TPSREPORT_LIBXML2 "$bin" chart "$study" --kind tps -o "$work/tps.svg" ||
  say "chart with cairo and libxml2: exit $?"
[ -s "$work/tps.svg" ] || say "chart with cairo and libxml2: no file"

# The report's pages need cmark-gfm (the Markdown) and libxml2 (the
# HTML): build says which is missing, and leaves no OUT behind.
rc=0
env -u TPSREPORT_CAIRO -u TPSREPORT_LIBXML2 "$bin" build "$study" -o "$work/site" >"$work/out" 2>"$work/err" || rc=$?
[ "$rc" = 2 ] || say "build without cmark-gfm: exit $rc, not 2"
grep -q "cmark-gfm (the library that reads the writeup's Markdown) could not be loaded: /nonexistent/libcmark-gfm.so" "$work/err" ||
  { cat "$work/err"; say "build without cmark-gfm: message"; }
[ ! -e "$work/site" ] || say "build without cmark-gfm wrote OUT"
env -u TPSREPORT_CAIRO -u TPSREPORT_LIBXML2 -u TPSREPORT_CMARK "$bin" build "$study" -o "$work/site" \
  >"$work/out" 2>"$work/err" || say "build with every library: exit $?"
[ -s "$work/site/index.html" ] && [ -s "$work/site/report.md" ] || say "build with every library: no pages"

[ "$fail" = 0 ] && echo "ok: libpq, cairo, libxml2 and cmark-gfm loaded only when needed"
exit "$fail"
