#!/usr/bin/env bash
# Never lose a user's files (docs/reliability.md, "Output folder"): one case
# per attack on `build -o OUT` and `chart -o`, each checked against files
# the test itself made (sha256 and inode lists taken before the build):
#  1 backups beside OUT (site.old-backup, site.tmp-202611) are never touched
#  2 files in OUT tpsreport did not write (.git, CNAME, ...) are kept; a
#    foreign file at an output name is an error unless --force
#  3 OUT's mode, group and setgid bit are kept
#  4 OUT holding a symlinked results/ is refused, even with --force
#  5 a symbolic link inside OUT is never followed nor linked through
#  6 a file that cannot be replaced (chattr +i) fails before anything changes
#  7 two first builds into one new OUT at once both succeed
#  8 OUT a mount point (tmpfs, bind mount): written in place, per file
#  9 chart -o into results/ or onto an input file is refused
# 10 build --probe checks OUT, the writeup and init.json before connecting
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample

# A small study: summaries only, two providers.
study=$work/study
for p in stock tuned; do
  mkdir -p "$study/results/$p/bench1"
  cp "$sample/results/$p/bench1/"run[123].txt "$study/results/$p/bench1/"
done
build() { "$bin" build --no-png "$@" >"$work/stdout" 2>"$work/stderr"; }
tree_sum() { (cd "$1" && find . \( -type f -o -type l \) -print0 | sort -z | xargs -0 sha256sum); }
ref=$work/ref
build "$study" -o "$ref" || fail "reference build"

# ---- 1. backups ----
out=$work/s1/site
mkdir -p "$work/s1"
build "$study" -o "$out" || fail "1: first build"
for b in site.old-backup site.tmp-202611 site.old-may026 site.tmp-Ab12Cd; do
  cp -a "$out" "$work/s1/$b"
done
before=$(for b in site.old-backup site.tmp-202611 site.old-may026 site.tmp-Ab12Cd; do tree_sum "$work/s1/$b"; done)
build "$study" -o "$out" || fail "1: rebuild"
after=$(for b in site.old-backup site.tmp-202611 site.old-may026 site.tmp-Ab12Cd; do
  if [ -d "$work/s1/$b" ]; then tree_sum "$work/s1/$b"; fi; done)
[ "$before" = "$after" ] || fail "1: a backup beside OUT was changed or removed"
[ "$(ls "$work/s1" | wc -l)" = 5 ] || fail "1: entries beside OUT: $(ls "$work/s1")"
echo "ok 1: backups beside OUT kept"

# ---- 2. foreign files in OUT ----
out=$work/s2
build "$study" -o "$out" || fail "2: first build"
mkdir -p "$out/.git/refs" "$out/notes" "$out/charts"
echo "ref: refs/heads/gh-pages" >"$out/.git/HEAD"
echo bench.example.org >"$out/CNAME"
: >"$out/.nojekyll"
echo "Deny from all" >"$out/.htaccess"
echo mine >"$out/notes/todo.md"
echo '<svg/>' >"$out/charts/custom.svg"
foreign=$(cd "$out" && sha256sum .git/HEAD CNAME .nojekyll .htaccess notes/todo.md charts/custom.svg)
build "$study" -o "$out" || { cat "$work/stderr"; fail "2: rebuild with foreign files"; }
[ "$(cd "$out" && sha256sum .git/HEAD CNAME .nojekyll .htaccess notes/todo.md charts/custom.svg 2>&1)" = "$foreign" ] ||
  fail "2: a file tpsreport did not write was changed or removed"
diff -r -x .git -x CNAME -x .nojekyll -x .htaccess -x notes -x custom.svg "$ref" "$out" >/dev/null ||
  fail "2: the report in OUT is not whole"
# A foreign file where tpsreport writes one: an error naming it, then --force.
out=$work/s2b
mkdir -p "$out" && echo mine >"$out/CNAME" && echo "my own" >"$out/report.md"
rc=0; build "$study" -o "$out" --force || rc=$?
[ "$rc" = 0 ] || { cat "$work/stderr"; fail "2: --force over a foreign report.md: exit $rc"; }
cmp -s "$ref/report.md" "$out/report.md" || fail "2: --force did not overwrite report.md"
[ "$(cat "$out/CNAME")" = mine ] || fail "2: CNAME lost"
out=$work/s2c
build "$study" -o "$out" || fail "2c: first build"
# SVG only so far; the author adds a PNG of their own where the next
# build (with PNG) writes one.
# the first chart's own PNG (not a phone's NAME.narrow.svg, which has none)
png=$(basename "$(ls "$out"/charts/*.svg | grep -v "\.narrow\.svg$" | head -1)" .svg).png
echo "my own" >"$out/charts/$png"
rc=0; "$bin" build --png "$study" -o "$out" >/dev/null 2>"$work/stderr" || rc=$?
[ "$rc" = 2 ] || fail "2: a foreign charts/$png was overwritten without --force (exit $rc)"
grep -q "charts/$png: exists and was not written by tpsreport" "$work/stderr" || { cat "$work/stderr"; fail "2: collision message"; }
[ "$(cat "$out/charts/$png")" = "my own" ] || fail "2: the foreign $png changed"
"$bin" build --png "$study" -o "$out" --force >/dev/null 2>"$work/stderr" || fail "2: --force over charts/$png"
[ "$(head -c 4 "$out/charts/$png" | od -An -c | tr -d ' ')" = "211PNG" ] || fail "2: --force did not write the PNG"
echo "ok 2: foreign files kept, collisions refused"

# ---- 3. mode, group, setgid ----
out=$work/s3
mkdir -p "$out" && chgrp daemon "$out" && chmod 2770 "$out"
build "$study" -o "$out" || fail "3: build into an empty folder"
[ "$(stat -c '%a %G' "$out")" = "2770 daemon" ] || fail "3: OUT became $(stat -c '%a %G' "$out")"
build "$study" -o "$out" || fail "3: rebuild"
[ "$(stat -c '%a %G' "$out")" = "2770 daemon" ] || fail "3: after a rebuild OUT is $(stat -c '%a %G' "$out")"
mkdir -p "$work/s3p" && chgrp daemon "$work/s3p" && chmod 2775 "$work/s3p"
build "$study" -o "$work/s3p/new" || fail "3: new OUT in a setgid folder"
[ "$(stat -c '%G' "$work/s3p/new")" = daemon ] && [ -g "$work/s3p/new" ] ||
  fail "3: a new OUT in a setgid folder is $(stat -c '%a %G' "$work/s3p/new")"
echo "ok 3: mode, group and setgid kept"

# ---- 4. a symlinked results/ ----
mkdir -p "$work/s4/data"
cp -a "$study/results" "$work/s4/data/results"
mkdir -p "$work/s4/study" && ln -s "$work/s4/data/results" "$work/s4/study/results"
sums=$(tree_sum "$work/s4/data")
for o in "$work/s4/data" "$work/s4/data/results" "$work/s4/data/results/stock"; do
  rc=0; build "$work/s4/study" -o "$o" --force || rc=$?
  [ "$rc" = 2 ] || fail "4: OUT=$o accepted (exit $rc)"
done
[ "$(tree_sum "$work/s4/data")" = "$sums" ] || fail "4: the study's data changed"
echo "ok 4: OUT holding the study's real results/ refused"

# ---- 5. a symbolic link inside OUT ----
out=$work/s5
build "$study" -o "$out" || fail "5: first build"
mkdir -p "$work/s5-elsewhere"
cp "$out/charts/"* "$work/s5-elsewhere/"
echo secret >"$work/s5-elsewhere/secret.txt"
rm -rf "$out/charts" && ln -s "$work/s5-elsewhere" "$out/charts"
elsewhere=$(tree_sum "$work/s5-elsewhere")
rc=0; build "$study" -o "$out" || rc=$?
[ "$rc" = 2 ] || fail "5: a link in OUT was written through (exit $rc)"
grep -q "charts: a symbolic link" "$work/stderr" || { cat "$work/stderr"; fail "5: message"; }
build "$study" -o "$out" --force || { cat "$work/stderr"; fail "5: --force"; }
[ -d "$out/charts" ] && [ ! -L "$out/charts" ] || fail "5: charts is still a link"
[ "$(tree_sum "$work/s5-elsewhere")" = "$elsewhere" ] || fail "5: files behind the link changed"
[ -z "$(find "$work/s5-elsewhere" -type f -links +1)" ] || fail "5: a file outside OUT is hard-linked into it"
grep -rq secret "$out" && fail "5: an outside file reached OUT"
echo "ok 5: links inside OUT not followed"

# ---- 6. a file that cannot be replaced ----
out=$work/s6
build "$study" -o "$out" || fail "6: first build"
echo "[study]" >"$work/s6.ini"; echo "title = Another title" >>"$work/s6.ini"
cp -a "$study" "$work/s6-study" && cp "$work/s6.ini" "$work/s6-study/tpsreport.ini"
victim=$(ls "$out/charts/" | head -1)
if chattr +i "$out/charts/$victim" 2>/dev/null; then
  sums=$(tree_sum "$out")
  rc=0; build "$work/s6-study" -o "$out" || rc=$?
  chattr -i "$out/charts/$victim"
  [ "$rc" = 2 ] || fail "6: exit $rc with an immutable file in OUT"
  [ "$(wc -l <"$work/stderr")" = 1 ] || { cat "$work/stderr"; fail "6: not one line"; }
  grep -q "charts/$victim: immutable" "$work/stderr" || { cat "$work/stderr"; fail "6: the file is not named"; }
  [ "$(tree_sum "$out")" = "$sums" ] || fail "6: OUT changed"
  [ "$(ls "$work" | grep -c '^s6')" = 3 ] || fail "6: something left beside OUT: $(ls "$work")"
else
  # Not a skip: a case that cannot run is a failure, so that a machine
  # that cannot check it (not root, a filesystem without the immutable
  # attribute) never passes it unchecked.
  fail "6 (immutable) cannot run: chattr +i refused on $work (needs root on ext4, xfs or btrfs)"
fi
# nesting deeper than 64 in a folder tpsreport did not write: kept, not a wedge
deep=$out/deep; for i in $(seq 1 70); do deep=$deep/d; done; mkdir -p "$deep"
build "$work/s6-study" -o "$out" || { cat "$work/stderr"; fail "6: deep foreign nesting wedged the build"; }
[ -d "$deep" ] || fail "6: the deep folder was removed"
grep -q "Another title" "$out/index.html" || fail "6: OUT not rebuilt"
echo "ok 6: unreplaceable files refused before any change"

# ---- 7. two first builds at once ----
for round in 1 2 3; do
  out=$work/s7-$round
  "$bin" build --no-png "$study" -o "$out" >/dev/null 2>"$work/s7a.err" & a=$!
  "$bin" build --no-png "$study" -o "$out" >/dev/null 2>"$work/s7b.err" & b=$!
  ra=0; wait $a || ra=$?; rb=0; wait $b || rb=$?
  [ "$ra$rb" = 00 ] || { cat "$work/s7a.err" "$work/s7b.err"; fail "7: concurrent first builds: exits $ra and $rb"; }
  diff -r "$ref" "$out" >/dev/null || fail "7: OUT not whole after two builds"
done
[ -z "$(ls "$work" | grep tpsreport-)" ] || fail "7: leftovers: $(ls "$work")"
echo "ok 7: two first builds both succeed"

# ---- 8. OUT a mount point ----
for kind in tmpfs bind; do
  mnt=$work/s8-$kind
  mkdir -p "$mnt" "$work/s8-src-$kind"
  if [ $kind = tmpfs ]; then m=(mount -t tmpfs tr-test "$mnt"); else m=(mount --bind "$work/s8-src-$kind" "$mnt"); fi
  if ! "${m[@]}" 2>"$work/mount.err"; then
    fail "8 ($kind) cannot run: mounting refused (needs root): $(cat "$work/mount.err")"
    continue
  fi
  echo mine >"$mnt/CNAME"
  rc=0
  build "$study" -o "$mnt" || rc=$?
  build "$work/s6-study" -o "$mnt" || rc=$?
  [ "$rc" = 0 ] || { cat "$work/stderr"; fail "8 ($kind): build into a mount point: exit $rc"; }
  grep -q "Another title" "$mnt/index.html" || fail "8 ($kind): not rebuilt"
  [ "$(cat "$mnt/CNAME")" = mine ] || fail "8 ($kind): CNAME lost"
  [ -z "$(ls -A "$mnt" | grep tpsreport-)" ] || fail "8 ($kind): leftovers $(ls -A "$mnt")"
  umount "$mnt"
done
echo "ok 8: mount points written in place"

# ---- 9. chart -o ----
sums=$(tree_sum "$study")
for o in "$study/results/stock/bench1/run1.txt" "$study/results/new.svg" "$study/tpsreport.ini"; do
  [ -e "$study/tpsreport.ini" ] || echo "[study]" >"$study/tpsreport.ini"
  sums=$(tree_sum "$study")
  rc=0; "$bin" chart "$study" --kind tps --format svg -o "$o" 2>"$work/stderr" || rc=$?
  [ "$rc" = 2 ] || fail "9: chart -o $o accepted (exit $rc)"
  [ "$(tree_sum "$study")" = "$sums" ] || fail "9: chart -o $o changed the study"
done
ln -s "$study/results/stock" "$work/s9-link"
rc=0; "$bin" chart "$study" --kind tps --format svg -o "$work/s9-link/bench1/run2.txt" 2>"$work/stderr" || rc=$?
[ "$rc" = 2 ] || fail "9: chart -o through a link into results/ accepted"
rc=0; "$bin" chart "$study" --all -o "$study/results/charts" 2>"$work/stderr" || rc=$?
[ "$rc" = 2 ] && [ ! -e "$study/results/charts" ] || fail "9: chart --all -o into results/ (exit $rc)"
[ "$(tree_sum "$study")" = "$sums" ] || fail "9: the study changed"
"$bin" chart "$study" --kind tps -o "$work/s9.svg" 2>/dev/null || fail "9: a normal chart -o"
rm -f "$study/tpsreport.ini"
echo "ok 9: chart -o never into the study"

# ---- 10. build --probe checks first ----
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
ci="host=127.0.0.1 port=$port connect_timeout=2"
mkdir -p "$work/s10-foreign" && echo mine >"$work/s10-foreign/notes.txt"
rc=0; build "$study" -o "$work/s10-foreign" --probe "stock/p1=$ci" --scale 1 || rc=$?
[ "$rc" = 2 ] && grep -q "not written by tpsreport" "$work/stderr" && ! grep -qi "connect" "$work/stderr" ||
  { cat "$work/stderr"; fail "10: a bad OUT was not found before the probe"; }
[ ! -e "$study/results/stock/p1" ] || fail "10: the probe wrote before OUT was checked"
mkdir -p "$study/results/stock/p2" && echo '{"mine": 1}' >"$study/results/stock/p2/init.json"
rc=0; build "$study" -o "$work/s10" --probe "stock/p2=$ci" --scale 1 || rc=$?
[ "$rc" = 2 ] && grep -q "init.json: exists" "$work/stderr" || { cat "$work/stderr"; fail "10: an existing init.json"; }
[ "$(cat "$study/results/stock/p2/init.json")" = '{"mine": 1}' ] || fail "10: init.json replaced"
rm -rf "$study/results/stock/p2"
rc=0; build "$study" -o "$work/s10" --probe ".hidden/p=$ci" --scale 1 || rc=$?
[ "$rc" = 2 ] && grep -q "not hidden" "$work/stderr" || { cat "$work/stderr"; fail "10: a hidden provider name"; }
[ ! -e "$study/results/.hidden" ] || fail "10: a hidden provider folder was made"
echo "ok 10: build --probe checks first"
finish
