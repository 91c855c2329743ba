# labels: static
# shellcheck shell=bash
# tests/e2e/module_graph.sh: a dependency that runs back up the pipeline
# fails the build, in each of the three ways src/CMakeLists.txt sets up:
#  1. the include check at configure time: a copy of the tree with an
#     upward include (stats -> chart) and an internal header of another
#     module (writeup_internal.h from cli) stops cmake, each reported as
#     "src/FILE:LINE: ..."; so is util/util.h, the umbrella header that
#     no longer exists;
#  2. the per-module include folders: a file compiled with the flags stats
#     is compiled with (compile_commands.json of this build) cannot include
#     chart/chart.h nor stats' own neighbours' internals, while util/buf.h
#     and model/model.h compile;
#  3. the link check: in a copy where model calls tr_median (stats) through
#     a prototype written by hand (so no include gives it away and the
#     configure-time check passes), tr_linkcheck_model does not link.
# The unchanged tree passes the check (as a control for 1).
#
#   TR_SOURCE_DIR=... TR_BUILD_DIR=... bash tests/e2e/module_graph.sh

set -uo pipefail

src=${TR_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
build=${TR_BUILD_DIR:-$src/build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pass() { echo "ok: $*"; }

copy_tree() { # a source tree with src/, cmake/, the top CMakeLists.txt and what it installs
	mkdir -p "$1"
	cp -a "$src/CMakeLists.txt" "$src/cmake" "$src/src" "$1/"
	# (what cmake/package.cmake installs and packages)
	cp -a "$src/LICENSE" "$src/README.md" "$src/CHANGELOG.md" "$1/"
	mkdir -p "$1/docs" "$1/templates" "$1/assets"
	cp -a "$src/docs/tpsreport.1.md" "$1/docs/"
}

# ---- 1. the configure-time check -----------------------------------------
tree=$work/upward
copy_tree "$tree"
# after the first include of each file, so that the line number is known
inject() { # file text -> prints the line number the text lands on
	local f=$1 text=$2 n
	n=$(grep -n '^#include' "$f" | head -1 | cut -d: -f1)
	awk -v n="$n" -v t="$text" '{ print } NR == n { print t }' "$f" > "$f.new" &&
		mv "$f.new" "$f"
	echo $((n + 1))
}
l1=$(inject "$tree/src/stats/inits.c" '#include "chart/chart.h"')
l2=$(inject "$tree/src/cli/check.c" '#include "writeup/writeup_internal.h"')
l3=$(inject "$tree/src/export/csv.c" '#include "util/util.h"')
out=$(cmake -S "$tree" -B "$work/upward-build" -DTR_TESTS=OFF 2>&1)
rc=$?
if [ $rc -eq 0 ]; then
	fail "configure accepted an upward include"
else
	pass "configure refused the tree (exit $rc)"
fi
for want in "src/stats/inits.c:$l1: stats may not include chart/chart.h" \
            "src/cli/check.c:$l2: writeup/writeup_internal.h is internal to writeup" \
            "src/export/csv.c:$l3: \"util/util.h\" no longer exists"; do
	if grep -qF "$want" <<<"$out"; then
		pass "reported: $want"
	else
		fail "not reported: $want"
		echo "$out" | sed 's/^/    /' | head -20
	fi
done

# control: the real tree passes the same check
if out=$(cmake -DGRAPH="$build/module-graph.cmake" -DSOURCE_DIR="$src" \
	-P "$src/cmake/include_check.cmake" 2>&1); then
	pass "the tree itself follows the graph"
else
	fail "the tree itself breaks the graph"
	echo "$out" | head -20
fi

# ---- 2. the include folders ----------------------------------------------
# The command stats' results.c is compiled with, run on a file of our own.
cmd=$(python3 - "$build/compile_commands.json" <<'EOF'
import json, sys, shlex
for e in json.load(open(sys.argv[1])):
    if e['file'].endswith('/src/stats/results.c'):
        args = e.get('arguments') or shlex.split(e['command'])
        out, skip = [], False
        for a in args:
            if skip:
                skip = False
                continue
            if a in ('-o', '-c', '-MF', '-MT', '-MQ'):
                skip = True
                continue
            if a.endswith('results.c') or a in ('-MD', '-MMD'):
                continue
            out.append(a)
        print(' '.join(shlex.quote(a) for a in out))
        break
EOF
)
if [ -z "$cmd" ]; then
	fail "no compile command for src/stats/results.c in $build/compile_commands.json"
else
	try() { # header -> 0 when a stats file including it compiles
		printf '#include "%s"\nint tr_probe_x(void);\nint tr_probe_x(void) { return 0; }\n' "$1" \
			> "$work/probe.c"
		# as if it were a file of src/stats: bare names resolve beside it
		eval "$cmd -iquote \"$src/src/stats\" -fsyntax-only \"$work/probe.c\"" > "$work/cc.txt" 2>&1
	}
	for ok in util/buf.h model/model.h stats/stats.h stats_internal.h; do
		if try "$ok"; then pass "stats compiles with $ok"; else fail "stats cannot include $ok"; cat "$work/cc.txt"; fi
	done
	for bad in chart/chart.h writeup/writeup.h probe/probe.h ingest/ingest.h \
	           model/../chart/chart.h chart/chart_internal.h; do
		if try "$bad"; then
			fail "stats compiled with #include \"$bad\""
		elif grep -q 'No such file' "$work/cc.txt"; then
			pass "stats cannot see $bad"
		else
			fail "stats failed on $bad for another reason"; cat "$work/cc.txt"
		fi
	done
fi

# ---- 3. the link check -----------------------------------------------------
tree=$work/call
copy_tree "$tree"
cat >> "$tree/src/model/study.c" <<'EOF'

/* module_graph.sh: model calling up into stats, no include to give it away */
double tr_median(const double *v, size_t n);
double tr_model_upward(void);
double tr_model_upward(void)
{
	double v[1] = { 1.0 };
	return tr_median(v, 1);
}
EOF
if ! out=$(cmake -S "$tree" -B "$work/call-build" -DTR_TESTS=OFF \
		-DCMAKE_BUILD_TYPE=Debug 2>&1); then
	fail "configure failed on a tree whose includes are fine"
	echo "$out" | head -20
elif out=$(cmake --build "$work/call-build" --target tr_linkcheck_model -j2 2>&1); then
	fail "tr_linkcheck_model linked a call from model up into stats"
elif grep -q "undefined reference to .tr_median" <<<"$out"; then
	pass "tr_linkcheck_model refused the call up into stats"
else
	fail "tr_linkcheck_model failed for another reason"
	echo "$out" | tail -20
fi

if [ $fails -gt 0 ]; then
	echo "$fails check(s) failed"
	exit 1
fi
echo "all module graph checks passed"
