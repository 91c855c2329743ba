#!/usr/bin/env bash
# labels: package
# `cpack -G DEB` makes a .deb that:
#  - depends on the package of every shared library the binary needs
#    (dpkg-shlibdeps; checked here independently: readelf's NEEDED entries,
#    each looked up with dpkg -S), and on no -dev package;
#  - lintian finds no error or warning in;
#  - dpkg -i installs on this machine (its Depends satisfied by the runtime
#    packages), whose /usr/bin/tpsreport builds a report with the packaged
#    data files (found relative to the binary: the build was configured
#    for another prefix), and dpkg -r removes.
# Needs root (dpkg -i), dpkg-dev (dpkg-shlibdeps) and lintian
# (scripts/install-deps.sh --test installs them).
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
build=${TR_BUILD_DIR:?TR_BUILD_DIR not set}
need_sample
for t in cpack dpkg-deb dpkg-shlibdeps lintian readelf; do
  command -v "$t" >/dev/null || { echo "FAIL: $t is missing (scripts/install-deps.sh --test)" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "FAIL: dpkg -i needs root" >&2; exit 1; }
if dpkg-query -W -f='${Status}' tpsreport 2>/dev/null | grep -q 'install ok installed'; then
  echo "FAIL: a tpsreport package is installed already; not replacing it" >&2
  exit 1
fi

(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/pkg" >"$work/cpack.log" 2>&1) ||
  { cat "$work/cpack.log" >&2; echo "FAIL: cpack" >&2; exit 1; }
deb=$(ls "$work"/pkg/tpsreport_*.deb)
version=$("$bin" --version | awk '{print $2}')
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "Version is not $version"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"

# Every NEEDED library's package is in Depends.
dpkg-deb -x "$deb" "$work/root"
ldd "$work/root/usr/bin/tpsreport" >"$work/ldd.txt"
for lib in $(readelf -d "$work/root/usr/bin/tpsreport" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
  path=$(awk -v l="$lib" '$1 == l && $2 == "=>" {print $3}' "$work/ldd.txt")
  [ -n "$path" ] || { fail "$lib: the dynamic linker does not find it"; continue; }
  # (the file as dpkg knows it: under /lib or /usr/lib, the link or its target)
  pkg=
  for cand in "$path" "/usr$path" "$(readlink -f "$path")" "/usr$(readlink -f "$path")"; do
    pkg=$(dpkg -S "$cand" 2>/dev/null | sed -n '1s/:.*//p') || true
    [ -n "$pkg" ] && break
  done
  [ -n "$pkg" ] || { fail "$lib ($path): no package owns it"; continue; }
  echo "$depends" | tr ',' '\n' | sed 's/^ *//; s/ .*//' | grep -qx "$pkg" ||
    fail "$lib comes from $pkg, which is not in Depends"
done
for p in libpq5 libcairo2 libxml2 zlib1g; do
  echo "$depends" | grep -Eq "(^|, )$p( |,|$)" || fail "Depends lacks $p"
done
echo "$depends" | grep -q -- '-dev' && fail "Depends names a -dev package"
dpkg-deb -c "$deb" >"$work/contents.txt"
grep -q '/usr/share/doc/tpsreport/copyright$' "$work/contents.txt" || fail "no copyright file"
grep -q 'MIT License' "$work/root/usr/share/doc/tpsreport/copyright" || fail "the copyright file does not carry the license"

# lintian: no error, no warning (informational tags are allowed).
lintian --no-tag-display-limit "$deb" >"$work/lintian.txt" 2>&1 || true
grep -E '^[EW]: ' "$work/lintian.txt" && fail "lintian found errors or warnings"

# Installed for real, used, removed.
trap 'dpkg -r tpsreport >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log" >&2; fail "dpkg -i"; }
[ "$(/usr/bin/tpsreport --version)" = "tpsreport $version" ] || fail "the installed tpsreport is not $version"
[ -s /usr/share/man/man1/tpsreport.1.gz ] || fail "no man page installed"
(cd "$work" && env -u TPSREPORT_DATADIR /usr/bin/tpsreport build "$sample" -o out >/dev/null 2>"$work/err") ||
  { cat "$work/err" >&2; fail "the packaged tpsreport could not build"; }
cmp -s "$work/out/assets/style.css" /usr/share/tpsreport/assets/style.css || fail "the packaged style sheet was not used"
dpkg -r tpsreport >/dev/null 2>&1 || fail "dpkg -r"
[ ! -e /usr/bin/tpsreport ] || fail "dpkg -r left /usr/bin/tpsreport"
finish
