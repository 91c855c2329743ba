#!/usr/bin/env bash
# libpq and cairo are loaded when first needed (probe/pq.c, chart/cairo_dl.c,
# util/dl.h), not at every start: linked in, they cost each command 10.7 ms
# (14 ms against 3.5). tpsreport must not be linked with them; the commands
# that do not connect or draw must work when neither can be loaded; and
# chart must say that cairo is missing (libpq's message: probe_cli.sh).
set -euo pipefail
src=${TR_SOURCE_DIR:?TR_SOURCE_DIR not set}
bin=${TPSREPORT:?TPSREPORT not set}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
say() { echo "FAIL: $*"; fail=1; }
study=$src/samples/stock-vs-tuned

ldd "$bin" >"$work/ldd"
for lib in libpq libcairo; do
  if grep -q "$lib" "$work/ldd"; then say "tpsreport is linked with $lib"; fi
done

# Neither library loadable: summary and check work, and summary says the
# same as with them.
export TPSREPORT_LIBPQ=/nonexistent/libpq.so.5 TPSREPORT_CAIRO=/nonexistent/libcairo.so.2
"$bin" summary --json "$study" >"$work/without.json" || say "summary without libpq and cairo: exit $?"
env -u TPSREPORT_LIBPQ -u TPSREPORT_CAIRO "$bin" summary --json "$study" >"$work/with.json"
cmp -s "$work/without.json" "$work/with.json" || say "summary differs without the libraries"
rc=0; "$bin" check "$study" >"$work/check.out" 2>&1 || rc=$?
[ "$rc" -le 1 ] || say "check without libpq and cairo: exit $rc"

# Drawing needs cairo (text is measured with it, PNG and PDF drawn): the
# message names it, and nothing is written.
rc=0
"$bin" chart "$study" --kind tps -o "$work/tps.svg" >"$work/out" 2>"$work/err" || rc=$?
[ "$rc" = 2 ] || say "chart without cairo: exit $rc, not 2"
grep -q "cairo (the library that measures and draws the charts' text and PNG/PDF) could not be loaded: /nonexistent/libcairo.so.2" "$work/err" ||
  { cat "$work/err"; say "chart without cairo: message"; }
grep -q "apt-get install libcairo2" "$work/err" || say "chart without cairo: hint"
[ ! -e "$work/tps.svg" ] || say "chart without cairo wrote a file"

# And with it (the default names), the same chart is drawn.
env -u TPSREPORT_CAIRO "$bin" chart "$study" --kind tps -o "$work/tps.svg" ||
  say "chart with cairo: exit $?"
[ -s "$work/tps.svg" ] || say "chart with cairo: no file"

[ "$fail" = 0 ] && echo "ok: libpq and cairo loaded only when needed"
exit "$fail"
