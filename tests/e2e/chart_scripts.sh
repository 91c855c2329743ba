#!/usr/bin/env bash
# Labels in any script (issue 29): a provider labelled in Japanese and one
# in Arabic. In the PNG each label's box holds its glyphs (Japanese from a
# CJK fallback font, Arabic shaped right to left), compared with the same
# string drawn by Pillow (chart_scripts.py); the SVG's layout leaves room
# for the glyphs' real width; the PDF embeds the CJK font; PNG and PDF are
# byte-identical when drawn twice. Without a CJK font (a fontconfig setup
# holding DejaVu only) the chart is still made, the Japanese label drawn
# as boxes (the check sees them as boxes, so it can tell); without any
# font, a clear message and exit status 2.
# Needs fonts-droid-fallback (or fonts-noto-cjk) and python3-pil
# (scripts/install-deps.sh --test).
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample
check="/usr/bin/python3 $src/tests/e2e/chart_scripts.py"
# stderr is checked below: under LeakSanitizer, not its list of the
# suppressions it used (fontconfig's, src/chart/font.c)
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
ja='さくらのクラウド'
ar='مزود عربي'

study=$work/study
for p in stock tuned; do
  mkdir -p "$study/results/$p"
  cp -r "$sample/results/$p/bench1" "$study/results/$p/"
done
cat >"$study/tpsreport.ini" <<EOF
[provider stock]
label = $ja
[provider tuned]
label = $ar
EOF

for f in tps.svg tps.png tps.pdf again.png again.pdf; do
  "$bin" chart "$study" --kind tps -o "$work/$f" || fail "chart -o $f"
done
$check "$work/tps.svg" "$work/tps.png" glyphs "$ja" "$ar" || fail "labels in the PNG"
cmp -s "$work/tps.png" "$work/again.png" || fail "two PNGs of the same chart differ"
cmp -s "$work/tps.pdf" "$work/again.pdf" || fail "two PDFs of the same chart differ"

# The PDF's fonts are subsets named TAG+PostScriptName (uncompressed font
# dictionaries): one of them is a font that has the Japanese characters.
cjk_names=$(fc-list ':charset=3055 304f 3089' postscriptname | sed 's/^:postscriptname=//')
[ -n "$cjk_names" ] || fail "no CJK font installed (fonts-droid-fallback)"
found=
for n in $cjk_names; do
  grep -a -q -E "/BaseFont /[A-Z]{6}\\+$n\b" "$work/tps.pdf" && found=$n
done
[ -n "$found" ] || fail "the PDF embeds none of the CJK fonts ($cjk_names)"

# Only DejaVu: the Japanese label becomes boxes, the Arabic one is still
# DejaVu's, and nothing fails.
dejavu=$(fc-match -f '%{file}' 'DejaVu Sans')
mkdir -p "$work/fc" "$work/nofonts"
cat >"$work/fc/dejavu.conf" <<EOF
<?xml version="1.0"?>
<fontconfig><dir>$(dirname "$dejavu")</dir><cachedir>$work/fc/cache1</cachedir></fontconfig>
EOF
cat >"$work/fc/none.conf" <<EOF
<?xml version="1.0"?>
<fontconfig><dir>$work/nofonts</dir><cachedir>$work/fc/cache2</cachedir></fontconfig>
EOF
for f in boxes.svg boxes.png boxes.pdf; do
  FONTCONFIG_FILE=$work/fc/dejavu.conf "$bin" chart "$study" --kind tps -o "$work/$f" 2>"$work/err" ||
    fail "without a CJK font, chart -o $f failed: $(head -3 "$work/err")"
  [ ! -s "$work/err" ] || fail "without a CJK font, chart -o $f said: $(head -3 "$work/err")"
done
$check "$work/boxes.svg" "$work/boxes.png" boxes "$ja" || fail "Japanese without a CJK font"
$check "$work/boxes.svg" "$work/boxes.png" glyphs "$ar" || fail "Arabic with DejaVu only"

# No font at all: refused with a message, nothing written.
set +e
FONTCONFIG_FILE=$work/fc/none.conf "$bin" chart "$study" --kind tps -o "$work/none.png" 2>"$work/err"
rc=$?
set -e
[ "$rc" = 2 ] || fail "without fonts: exit $rc, want 2"
grep -q '^tpsreport: .*fonts-dejavu-core' "$work/err" || fail "without fonts: $(head -3 "$work/err")"
[ "$(wc -l <"$work/err")" = 1 ] || fail "without fonts, more than one line: $(head -5 "$work/err")"
[ ! -e "$work/none.png" ] || fail "without fonts a PNG was written"
finish
