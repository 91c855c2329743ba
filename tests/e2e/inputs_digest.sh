#!/usr/bin/env bash
# The digests mean what they say (issue 28): each run's `sha256` in
# results.json recomputed here from the raw files, by the recipe of
# docs/results-json.md, with sha256 and xxhsum -H3 (xxhash's own command
# line, not tpsreport's code): SHA-256 over "summary<TAB>SHA-256 of the
# summary file", then per log file in thread order "log<TAB>size=N
# xxh3=H" (H: XXH3-64 over the little-endian 8-byte XXH3-64 hashes of the
# file's 1 MiB blocks), then "stderr<TAB>SHA-256" of the -P file when there
# is one, each line ending in a newline. And the footer says which hash
# covers which files.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
command -v xxhsum >/dev/null || { fail "cannot run: xxhsum (package xxhash) is missing"; finish; }
for st in "$sample" "$src/tests/fixtures/holm/cells"; do
  "$bin" summary --json "$st" >"$work/r.json" 2>/dev/null || fail "$st: summary"
  python3 - "$st" "$work/r.json" <<'PY' || fail "$st: run digests"
import hashlib, json, os, re, subprocess, sys
study, doc = sys.argv[1], json.load(open(sys.argv[2]))

def xxh3(data):
    """XXH3-64 of data by xxhsum: "XXH3 (stdin) = <16 hex digits>"."""
    out = subprocess.run(["xxhsum", "-H3", "-"], input=data, capture_output=True, check=True)
    return re.search(rb"= ([0-9a-f]{16})$", out.stdout.strip()).group(1).decode()

def log_line(path):
    data = open(path, "rb").read()
    blocks = [data[i:i + (1 << 20)] for i in range(0, len(data), 1 << 20)]
    inner = b"".join(int(xxh3(b), 16).to_bytes(8, "little") for b in blocks)
    return f"size={len(data)} xxh3={xxh3(inner)}"

bad = checked = 0
for r in doc["runs"]:
    d = os.path.join(study, "results", r["provider"], r["scenario"])
    stem = r["id"]
    logs = [n for n in os.listdir(d) if re.fullmatch(re.escape(stem) + r"\.\d+(\.\d+)?", n)]
    if logs:
        pid = max(int(n.split(".")[1]) for n in logs)
        logs = sorted((n for n in logs if int(n.split(".")[1]) == pid),
                      key=lambda n: int(n.split(".")[2]) if n.count(".") == 2 else 0)
    text = "summary\t" + hashlib.sha256(open(os.path.join(d, stem + ".txt"), "rb").read()).hexdigest() + "\n"
    text += "".join("log\t" + log_line(os.path.join(d, n)) + "\n" for n in logs)
    for ext in (".progress", ".err", ".stderr"):
        if os.path.exists(os.path.join(d, stem + ext)):
            text += "stderr\t" + hashlib.sha256(open(os.path.join(d, stem + ext), "rb").read()).hexdigest() + "\n"
            break
    want = hashlib.sha256(text.encode()).hexdigest()
    checked += 1
    if r["sha256"] != want:
        bad += 1
        print(f"FAIL {r['provider']}/{r['scenario']}/{stem}: sha256 {r['sha256']}, recomputed {want} from\n{text}")
print(f"{checked} run digests recomputed, {bad} differ")
sys.exit(1 if bad or checked == 0 else 0)
PY
done
"$bin" build --no-png "$sample" -o "$work/out" >/dev/null 2>&1 || fail "build"
# the footer calls it a digest, never "SHA-256": pgbench logs enter it by
# their XXH3-64 hash (docs/results-json.md says which hash covers what)
d=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["study"]["inputs_sha256"])' "$work/out/data/results.json")
grep -q "from inputs with digest \`$d\`" "$work/out/report.md" || fail "the footer does not give the digest"
! grep -q "SHA-256 \`$d\`" "$work/out/report.md" || fail "the footer calls the digest SHA-256"
finish
