#!/usr/bin/env bash
# oracle_vs_r.sh: the tests' oracle (tests/lib/oracle.py: scipy and numpy)
# against R (issue 28): the exact Mann-Whitney p (wilcox.test exact, and
# every split enumerated in R where there are ties), its normal
# approximation (wilcox.test correct=TRUE), the exact signed-rank V and p
# (wilcox.test paired exact, or every sign pattern with ties and zeros),
# p.adjust(method="holm"), quantile(type=7) and the nearest rank
# (quantile(type=1)), on 1 to 8 values a side with and without ties, to
# 1e-9; then six wrong versions of those functions must each differ from R
# somewhere (oracle_vs_r.py). One Rscript call; needs r-base-core and
# python3-scipy, and fails (never skips) without them.
set -euo pipefail
: "${TR_SOURCE_DIR:?}"
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 "$here/oracle_vs_r.py" "$tmp"
