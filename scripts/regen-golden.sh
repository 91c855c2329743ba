#!/usr/bin/env bash
# Regenerate the golden files after an intended change (`make golden`):
# runs every part in scripts/golden.d/ with the tpsreport binary, so that
# each area keeps its own part. Review the diff before committing it.
#
#   scripts/regen-golden.sh BUILD/tpsreport
set -euo pipefail

bin=${1:?usage: scripts/regen-golden.sh BUILD/tpsreport}
# Older build trees had the binary in BUILD/src/: accept that too.
if [ ! -x "$bin" ] && [ -x "$(dirname "$bin")/src/tpsreport" ]; then
  bin=$(dirname "$bin")/src/tpsreport
fi
[ -x "$bin" ] || { echo "regen-golden: no binary at $1" >&2; exit 2; }
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
cd "$(dirname "$0")/.."
for part in scripts/golden.d/*.sh; do
  echo "regen-golden: $part" >&2
  bash "$part" "$bin"
done
