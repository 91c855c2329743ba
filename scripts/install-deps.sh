#!/usr/bin/env bash
# Install the Debian packages tpsreport needs to build (and, with --test,
# to run its whole test suite), skipping those already installed.
# Runs as root on Debian 12; elsewhere it only says what is missing.
set -euo pipefail

build_pkgs=(build-essential cmake pkg-config libpq-dev libcairo2-dev libpango1.0-dev
            libxml2-dev libcmark-gfm-dev libcmark-gfm-extensions-dev cmark-gfm zlib1g-dev libxxhash-dev fonts-dejavu-core)
# (dpkg-dev and lintian: tests/e2e/package_deb.sh builds and checks the .deb;
# fonts-droid-fallback: a CJK font for tests/e2e/chart_scripts.sh, the
# smallest Debian has, 1.8 MB against fonts-noto-cjk's 57 MB)
test_pkgs=(postgresql postgresql-client python3 python3-pil python3-scipy xxhash clang libclang-rt-14-dev
           dpkg-dev lintian man-db fonts-droid-fallback)

want=("${build_pkgs[@]}")
case "${1:-}" in
  --test) want+=("${test_pkgs[@]}") ;;
  --browser)
    want+=("${test_pkgs[@]}" chromium)
    # Node.js, npm and Java are often there from elsewhere (NodeSource's
    # nodejs brings its own npm, whose files Debian's npm package would
    # clash with): install Debian's only when the command is missing.
    command -v node >/dev/null || want+=(nodejs)
    command -v npm >/dev/null || want+=(npm)
    command -v java >/dev/null || want+=(default-jre-headless)
    ;;
esac

missing=()
for p in "${want[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "tpsreport: missing packages: ${missing[*]} (install them as root)" >&2
  exit 1
fi
echo "installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null; then
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
fi
