# tests/lib/browser.sh: what the browser tests (tests/e2e/*_browser.sh)
# need, installed when missing (as root on Debian). Source it, then
#
#   browser_need [java]   chromium, node and tests/browser/node_modules
#                         (playwright-core, vnu-jar, axe-core); java too if asked
#
# Sets BROWSER_NM (that node_modules folder) and VNU_JAR. Each script then
# starts one Chromium for all its pages (tests/browser/*.js, through
# playwright-core) and runs vnu once for all its files.

browser_need() {
  local src=${TR_SOURCE_DIR:?TR_SOURCE_DIR not set} want_java=${1:-}
  if ! command -v chromium >/dev/null || ! command -v node >/dev/null ||
     ! command -v npm >/dev/null || { [ -n "$want_java" ] && ! command -v java >/dev/null; }; then
    "$src/scripts/install-deps.sh" --browser || true
  fi
  command -v chromium >/dev/null || { echo "FAIL: chromium is not installed" >&2; exit 1; }
  command -v node >/dev/null || { echo "FAIL: node is not installed" >&2; exit 1; }
  if [ -n "$want_java" ]; then
    command -v java >/dev/null || { echo "FAIL: java is not installed" >&2; exit 1; }
  fi
  BROWSER_NM="$src/tests/browser/node_modules"
  VNU_JAR="$BROWSER_NM/vnu-jar/build/dist/vnu.jar"
  if [ ! -d "$BROWSER_NM/playwright-core" ] || [ ! -f "$VNU_JAR" ] ||
     [ ! -f "$BROWSER_NM/axe-core/axe.min.js" ]; then
    (cd "$src/tests/browser" && npm ci --no-audit --no-fund --ignore-scripts >/dev/null) ||
      { echo "FAIL: npm ci in tests/browser failed" >&2; exit 1; }
  fi
}
