#!/usr/bin/env bash
# fuzz.sh SECONDS [TARGET...]: build the libFuzzer targets with clang and
# run each for SECONDS (two at a time), seeded from the test fixtures.
# Crashes land in build-fuzz/crashes/<target>/ and make the script fail;
# copy each into tests/fuzz/regressions/<target>/ once fixed.
# FUZZ_SEED=N makes libFuzzer's choices repeatable (make test uses it, so
# that CI explores the same inputs each time; make fuzz explores anew).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
build=${FUZZ_BUILD:-build-fuzz}
command -v clang >/dev/null || { echo "fuzz.sh: clang is needed (apt-get install clang)" >&2; exit 2; }
CC=clang cmake -S . -B "$build" -DTR_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
# only the fuzz targets (and what they link): the tests and the CLI are
# not needed here
fuzz_targets=()
for f in tests/fuzz/fuzz_*.c; do fuzz_targets+=("$(basename "$f" .c)"); done
cmake --build "$build" -j "$(nproc)" --target "${fuzz_targets[@]}" >/dev/null

declare -A seeds=(
  [summary]=tests/fixtures/pgbench [progress]=tests/fixtures/pgbench
  [txlog]=tests/fixtures/logs [agglog]=tests/fixtures/logs
  [initlog]=tests/fixtures/init [initjson]=tests/fixtures/probe
  [config]=tests/fuzz/seeds/config [writeup]=tests/fuzz/seeds/writeup
  [diff]=tests/fuzz/seeds/diff
)
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for f in "$build"/tests/fuzz/fuzz_*; do targets+=("${f##*/fuzz_}"); done
fi

run_one() {
  local t=$1 corpus="$build/corpus/$1" crashes="$build/crashes/$1"
  mkdir -p "$corpus" "$crashes"
  for d in ${seeds[$t]:-} "tests/fuzz/regressions/$t"; do
    [ -d "$d" ] && find "$d" -type f ! -name '*.md' ! -name '*.py' ! -name '*.sh' \
      -exec sh -c 'for f; do cp "$f" "$0/seed-$(sha1sum < "$f" | cut -c1-16)"; done' "$corpus" {} +
  done
  local rc=0
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1 \
    "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -max_len=262144 \
      -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 ${FUZZ_SEED:+-seed=$FUZZ_SEED} \
      -artifact_prefix="$crashes/" "$corpus" > "$build/fuzz-$t.log" 2>&1 || rc=$?
  local runs; runs=$(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$build/fuzz-$t.log" | grep -o '[0-9]*$' || echo '?')
  if [ $rc -eq 0 ]; then
    echo "fuzz $t: $runs executions in ${seconds}s, no finding"
  else
    echo "fuzz $t: FOUND a problem (exit $rc), input in $crashes/; log: $build/fuzz-$t.log"
    tail -30 "$build/fuzz-$t.log"
  fi
  return $rc
}

status=0
pids=()
for t in "${targets[@]}"; do
  run_one "$t" & pids+=($!)
  if [ ${#pids[@]} -ge 2 ]; then
    wait "${pids[0]}" || status=1
    pids=("${pids[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
exit $status
