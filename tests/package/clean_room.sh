#!/usr/bin/env bash
# The release check of the .deb in a clean room: a minimal Debian made by
# debootstrap (no -dev package, no build tool, nothing of this machine's),
# where `apt-get install ./tpsreport_*.deb` must pull every runtime library
# from the mirror through the package's Depends, and the installed
# tpsreport must then print its version and build the sample study with
# PNG charts. Not a ctest test: it needs root, the network and minutes
# (`make clean-room` runs it; docs/hacking.md, "Debian package").
#
#   tests/package/clean_room.sh [DEB]
#
# DEB defaults to the one `make deb` wrote (build/tpsreport_*.deb).
# Environment: MIRROR (http://deb.debian.org/debian), SUITE (bookworm: the
# release the .deb was built on), TPSREPORT (a tpsreport of the same
# version to compare data/ and report.md with; default build/tpsreport if
# it exists), KEEP=1 keeps the chroot (it is removed otherwise).
# It writes only a new folder of its own under ${TMPDIR:-/var/tmp} and its
# log beside it (the log is removed when every step passed).
set -euo pipefail

src=$(cd "$(dirname "$0")/../.." && pwd)
mirror=${MIRROR:-http://deb.debian.org/debian}
suite=${SUITE:-bookworm}
deb=${1:-}
if [ -z "$deb" ]; then
  deb=$(ls "$src"/build/tpsreport_*.deb 2>/dev/null | head -1 || true)
fi
host=${TPSREPORT:-}
[ -n "$host" ] || { [ -x "$src/build/tpsreport" ] && host=$src/build/tpsreport; } || true

die() { echo "clean_room: $*" >&2; exit 1; }
[ -n "$deb" ] && [ -f "$deb" ] || die "no .deb (run \`make deb\`, or give its path)"
[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot)"
command -v debootstrap >/dev/null || die "debootstrap is missing (apt-get install debootstrap)"
[ -d "$src/samples/stock-vs-tuned/results" ] || die "samples/stock-vs-tuned is missing"

root=$(mktemp -d "${TMPDIR:-/var/tmp}/tpsreport-clean-room.XXXXXX")
log=$root.log
cleanup() {
  # /proc first: never remove through a mounted file system
  if mountpoint -q "$root/proc" 2>/dev/null; then
    umount "$root/proc" || { echo "clean_room: $root/proc still mounted; $root kept" >&2; return; }
  fi
  if [ "${KEEP:-0}" = 1 ]; then
    echo "clean_room: kept $root"
  else
    rm -rf --one-file-system "$root"
  fi
}
trap cleanup EXIT
in_root() {
  chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 "$@"
}
step() { printf '%-44s' "$1"; t0=$(date +%s); }
done_step() { echo "ok ($(( $(date +%s) - t0 )) s${1:+, $1})"; }

echo "clean_room: $(basename "$deb") in a $suite minbase chroot from $mirror"
echo "  Depends: $(dpkg-deb -f "$deb" Depends)"
echo "  (log: $log, kept when a step fails)"
: >"$log"
step "debootstrap --variant=minbase $suite"
debootstrap --variant=minbase "$suite" "$root" "$mirror" >>"$log" 2>&1 ||
  die "debootstrap failed (see $log)"
done_step "$(du -sm --one-file-system "$root" | cut -f1) MB"

cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
cp "$deb" "$root/root/"
cp -r "$src/samples/stock-vs-tuned" "$root/root/study"
name=$(basename "$deb")

step "apt-get install ./$name"
in_root apt-get update >>"$log" 2>&1 || die "apt-get update failed (see $log)"
in_root apt-get install -y "/root/$name" >>"$log" 2>&1 ||
  die "apt-get install failed: a dependency is missing or wrong (see $log)"
done_step "$(grep -c '^Setting up' "$log") packages"

# what a -dev package or a build tool in the chroot would mean: the
# package pulled something it should not need
if in_root dpkg-query -W -f '${Package}\n' | grep -E -- '-dev$|^gcc(-[0-9]+)?$|^cmake$' >&2; then
  die "the package pulled build-time packages (above)"
fi

want=$(dpkg-deb -f "$deb" Version)
got=$(in_root tpsreport --version) || die "tpsreport --version failed in the chroot"
[ "$got" = "tpsreport $want" ] || die "--version says '$got', the package is $want"
echo "tpsreport --version                         $got"

step "tpsreport build (PNG charts)"
in_root tpsreport build --png /root/study -o /root/out >>"$log" 2>&1 ||
  die "tpsreport build failed in the chroot (see $log)"
npng=0
for f in "$root"/root/out/charts/*.png; do
  [ "$(head -c 8 "$f" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
    die "$f is not a PNG"
  npng=$((npng + 1))
done
[ "$npng" -gt 0 ] || die "no PNG chart written"
for f in index.html report.html report.md data/results.json data/results.csv data/runs.csv; do
  [ -s "$root/root/out/$f" ] || die "$f missing or empty"
done
done_step "$npng PNG charts"

if [ -n "$host" ] && [ "$("$host" --version)" = "$got" ]; then
  step "data/, report.md as the host's tpsreport"
  out=$root/host-out
  "$host" build "$src/samples/stock-vs-tuned" -o "$out" >/dev/null 2>&1 ||
    die "$host build failed"
  diff -r "$out/data" "$root/root/out/data" >&2 || die "data/ differs from $host's"
  cmp "$out/report.md" "$root/root/out/report.md" || die "report.md differs from $host's"
  done_step
fi
[ "${KEEP:-0}" = 1 ] || rm -f "$log"
echo "clean_room: ok"
