#!/usr/bin/env bash
# hostile_studies.sh: broken and hostile studies (see hostile_studies.py).
set -euo pipefail
: "${TPSREPORT:?}" "${TR_SOURCE_DIR:?}"
exec python3 "$(dirname "$0")/hostile_studies.py"
