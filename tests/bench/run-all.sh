#!/usr/bin/env bash
# run-all.sh TPSREPORT: every benchmark script (make bench).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tps=${1:-$here/../../build/tpsreport}
"$here/ingest.sh" "$tps"
[ -x "$here/build.sh" ] && "$here/build.sh" "$tps"
"$here/grid.sh" "$tps"
"$here/pairs.sh" "$tps"
[ -x "$here/probe.sh" ] && "$here/probe.sh" "$tps"
[ -x "$here/run_plan.sh" ] && "$here/run_plan.sh" "$tps"
[ -x "$here/sampler.sh" ] && "$here/sampler.sh" "$tps"
"$here/scale.sh" "$tps"
exit 0
