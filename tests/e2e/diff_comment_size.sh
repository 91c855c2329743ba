#!/usr/bin/env bash
# A pull-request comment of a 300-cell diff stays under GitHub's limit of
# 65,536 characters (diff --markdown, default --max-bytes 60000): the cells
# without a significant change are folded into <details>, and what does
# not fit is cut at a line with a note. The studies: 20 providers x 15
# scenarios x 3 runs, each run a copy of a real pgbench 15 summary of the
# stock-vs-tuned sample (copied, not run; the new side's TPS edited +10%).
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample
python3 - "$sample" "$work" <<'PY'
import os, re, sys
src, out = sys.argv[1:3]
runs = [open(os.path.join(src, "results/stock/bench1", f"run{i}.txt")).read() for i in (1, 2, 3)]
for side in ("old", "new"):
    ini = ["[study]", "title = 300 cells (copies of real summaries)", "currency = EUR", ""]
    for p in range(20):
        prov = f"provider-with-a-longer-name-{p:02d}"
        ini += [f"[provider {prov}]", f"price = {100 + p} EUR/month", ""]
        for s in range(15):
            d = os.path.join(out, side, "results", prov, f"scenario-{s:02d}")
            os.makedirs(d)
            for i, text in enumerate(runs, 1):
                if side == "new":
                    text = re.sub(r"^tps = ([0-9.]+)", lambda m: "tps = %.6f" % (float(m.group(1)) * 1.1),
                                  text, flags=re.M)
                open(os.path.join(d, f"run{i}.txt"), "w").write(text)
    open(os.path.join(out, side, "tpsreport.ini"), "w").write("\n".join(ini))
PY
"$bin" diff --markdown "$work/old" "$work/new" >"$work/cut.md" 2>"$work/err" || true
"$bin" diff --markdown --max-bytes 0 "$work/old" "$work/new" >"$work/full.md" 2>/dev/null || true
python3 - "$work/cut.md" "$work/full.md" <<'PY' || fail "the comment"
import re, sys
cut = open(sys.argv[1], encoding="utf-8").read()
full = open(sys.argv[2], encoding="utf-8").read()
cells = len(set(re.findall(r"^\| (scenario-\d+ · [^|]* · provider-with-a-longer-name-\d+) \|", full, re.M)))
assert cells == 300, f"{cells} cells in the full diff, expected 300"
assert len(full) > 65536, f"the full diff is {len(full)} characters: nothing to cut, the test proves nothing"
assert len(cut) < 65536, f"the comment is {len(cut)} characters"
assert len(cut.encode()) <= 60000, f"the comment is {len(cut.encode())} bytes, over --max-bytes 60000"
note = "\n*The diff is cut here"
assert note in cut, "no note where it was cut"
kept = cut[:cut.index(note)]
# what is kept is the full diff's beginning, up to a line (a </details> added)
kept_body = kept[:-len("\n</details>\n")] if kept.endswith("\n</details>\n") else kept
assert full.startswith(kept_body) and kept_body.endswith("\n"), "the kept part is not the diff's beginning"
assert kept.count("<details>") == kept.count("</details>"), "a <details> left open"
assert "<details><summary>300 cells without a significant change</summary>" in cut, "the unchanged cells are not folded"
print("ok:", len(full), "characters in full,", len(cut), "in the comment")
PY
# A --max-bytes too small to hold anything is refused.
rc=0
"$bin" diff --markdown --max-bytes 100 "$work/old" "$work/new" >/dev/null 2>"$work/err" || rc=$?
[ "$rc" = 2 ] || fail "--max-bytes 100: exit $rc, not 2"
grep -q 'too small' "$work/err" || fail "--max-bytes 100: message"
finish
