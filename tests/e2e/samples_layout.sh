# labels: static
# shellcheck shell=bash
# tests/e2e/samples_layout.sh: the committed sample studies (samples/*/) are
# well-formed pgbench output, checked with grep and awk only, independently
# of tpsreport's C code (no PostgreSQL needed):
#  - tpsreport.ini has [study] and a [provider X] per results/X; every
#    provider has the same scenarios;
#  - every scenario has init.txt with pgbench's "done in" line and bash's
#    "real" line (but *-select ones, which read another scenario's
#    database);
#  - every run file (*.txt but init.txt) is a complete pgbench summary with
#    a tps line and no abort;
#  - each run has exactly one PID's log files, one per thread, in the
#    intended format (per-transaction for scenarios named *-txlog, 6 fields,
#    one line per processed transaction; else aggregate, 15 fields, equal
#    steps, at most the processed count); NAME.progress holds -P lines only;
#    nothing else lies in a scenario;
#  - each study stays under its size budget (apparent bytes).
# Then it breaks copies of a study in several ways and requires that each
# breakage is caught, so that the check itself is known to be able to fail.
#
#   bash tests/e2e/samples_layout.sh [SAMPLES_DIR]   (default $TR_SOURCE_DIR/samples)

set -uo pipefail

src=${TR_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
samples=${1:-$src/samples}

# Size budgets in KiB; every study listed here must exist.
BUDGETS="stock-vs-tuned:5120 client-sweep:2048"
DEFAULT_BUDGET=5120

problems=0
bad() {
	echo "samples_layout: $*" >&2
	problems=$((problems + 1))
}

# check_run DIR RUN KIND: RUN (DIR/STEM.txt) is a complete pgbench 15
# summary; its logs are one PID's, one file per thread, in format KIND.
check_run() {
	local dir=$1 run=$2 kind=$3 stem out line threads=0 processed=0
	stem=${run##*/}
	stem=${stem%.txt}
	out=$(awk -v f="$run" '
		BEGIN {
			n = split("^pgbench \\(;^transaction type: ;^scaling factor: [0-9]+$;" \
				"^query mode: (simple|extended|prepared)$;^number of clients: [0-9]+$;" \
				"^number of threads: [0-9]+$;^duration: [0-9]+ s$;" \
				"^number of transactions actually processed: [0-9]+$;" \
				"^number of failed transactions: 0 \\(;^latency average = [0-9.]+ ms$;" \
				"^initial connection time = [0-9.]+ ms$;" \
				"^tps = [0-9]+\\.[0-9]+ \\(without initial connection time\\)$", want, ";")
		}
		{ for (i = 1; i <= n; i++) if ($0 ~ want[i]) seen[i] = 1 }
		/aborted|^pgbench: error/ { print "ERR " f ": the run was aborted: " $0 }
		/^number of threads: / { threads = $4 }
		/^number of transactions actually processed: / { processed = $6 }
		END {
			for (i = 1; i <= n; i++) if (!seen[i]) print "ERR " f ": no line /" want[i] "/"
			print "VAL " threads + 0 " " processed + 0
		}' "$run") || bad "$run: awk failed"
	while IFS= read -r line; do
		case "$line" in
		"ERR "*) bad "${line#ERR }" ;;
		"VAL "*) read -r threads processed <<< "${line#VAL }" ;;
		esac
	done <<< "$out"
	if [ -e "$dir/$stem.progress" ]; then
		if [ ! -s "$dir/$stem.progress" ]; then
			bad "$dir/$stem.progress: empty"
		elif grep -vq '^progress: ' "$dir/$stem.progress"; then
			bad "$dir/$stem.progress: a line that is not a -P line"
		fi
	fi

	# Log files: STEM.PID (thread 0) and STEM.PID.N; exactly one PID.
	local f b rest pids=() pid t files=()
	for f in "$dir/$stem".*; do
		b=${f##*/}
		rest=${b#"$stem".}
		[[ $rest =~ ^([0-9]+)(\.[0-9]+)?$ ]] || continue
		[[ " ${pids[*]} " == *" ${BASH_REMATCH[1]} "* ]] || pids+=("${BASH_REMATCH[1]}")
		files+=("$f")
	done
	if [ "${#pids[@]}" != 1 ]; then
		bad "$run: expected the log files of one pgbench PID, found ${#pids[@]}"
		return
	fi
	pid=${pids[0]}
	if [ "${#files[@]}" != "$threads" ]; then
		bad "$run: $threads threads but ${#files[@]} log files"
	fi
	files=()
	for ((t = 0; t < threads; t++)); do
		f=$dir/$stem.$pid
		[ "$t" = 0 ] || f=$f.$t
		if [ -s "$f" ]; then
			files+=("$f")
		else
			bad "$f: missing or empty (thread $t of $threads)"
		fi
	done
	[ "${#files[@]}" = "$threads" ] || return

	# pgbench 15 aggregate lines: 15 integer fields, interval starts an
	# equal step apart, and (the last partial interval is never written)
	# at most the summary's count. Per-transaction lines without -R or
	# retries: 6 integer fields (client xact latency_us script epoch_s
	# epoch_us), one line per processed transaction.
	out=$(awk -v kind="$kind" -v run="$run" -v processed="$processed" '
		FNR == 1 { nr = 0 }
		{ nr++; where = FILENAME ":" FNR ": " }
		kind == "agg" && NF != 15 { print "ERR " where NF " fields, aggregate logs have 15"; next }
		kind == "tx" && NF != 6 { print "ERR " where NF " fields, per-transaction logs have 6 here"; next }
		{ for (i = 1; i <= NF; i++) if ($i !~ /^[0-9]+$/) { print "ERR " where "field " i " is not an integer"; next } }
		kind == "agg" {
			if (nr == 2) { step = $1 - prev; if (step <= 0) print "ERR " where "interval start does not advance" }
			else if (nr > 2 && $1 - prev != step) print "ERR " where "interval step " $1 - prev ", expected " step
			prev = $1
			count += $2
		}
		kind == "tx" { count++ }
		END {
			if (kind == "agg" && (count <= 0 || count > processed))
				print "ERR " run ": aggregate logs count " count " transactions, summary " processed
			if (kind == "tx" && count != processed)
				print "ERR " run ": per-transaction logs have " count " lines, summary " processed " transactions"
		}' "${files[@]}")
	while IFS= read -r line; do
		[ -z "$line" ] || bad "${line#ERR }"
	done <<< "$out"
}

check_scenario() {
	local dir=$1 kind=agg f b runs=0
	case "$(basename "$dir")" in *-txlog) kind=tx ;; esac
	if [ ! -f "$dir/init.txt" ]; then
		# scenarios named *-select run select-only against the database
		# of the scenario of the same scale (samples/generate.sh): they
		# loaded nothing, so they have nothing to show of pgbench -i
		case "$(basename "$dir")" in
		*-select) ;;
		*) bad "$dir: no init.txt" ;;
		esac
	else
		grep -Eq '^done in [0-9]+\.[0-9]+ s \(' "$dir/init.txt" || bad "$dir/init.txt: no 'done in' line"
		grep -Eq $'^real\t[0-9]+m[0-9]+\\.[0-9]+s$' "$dir/init.txt" || bad "$dir/init.txt: no 'real' line of bash's time"
	fi
	for f in "$dir"/*; do
		b=${f##*/}
		case "$b" in
		init.txt) ;;
		*.txt) runs=$((runs + 1)); check_run "$dir" "$f" "$kind" ;;
		*.progress) [ -f "$dir/${b%.progress}.txt" ] || bad "$f: no run ${b%.progress}.txt" ;;
		*)
			# a log file: STEM.PID.N or STEM.PID of an existing run
			# (bash's own regex: two seds a file cost most of the time)
			local s1= s2=
			[[ $b =~ ^(.*)\.[0-9]+\.[0-9]+$ ]] && s1=${BASH_REMATCH[1]}
			[[ $b =~ ^(.*)\.[0-9]+$ ]] && s2=${BASH_REMATCH[1]}
			if ! { [ -n "$s1" ] && [ -f "$dir/$s1.txt" ]; } &&
				! { [ -n "$s2" ] && [ -f "$dir/$s2.txt" ]; }; then
				bad "$f: neither a run, its log, nor init.txt"
			fi
			;;
		esac
	done
	[ "$runs" -gt 0 ] || bad "$dir: no runs"
}

check_study() {
	local study=$1 budget=$2 p s bytes provs scen0 scen
	[ -f "$study/tpsreport.ini" ] || bad "$study: no tpsreport.ini"
	[ -f "$study/tpsreport.ini" ] && { grep -q '^\[study\]' "$study/tpsreport.ini" || bad "$study/tpsreport.ini: no [study]"; }
	provs=$(find "$study/results" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' 2>/dev/null | sort)
	[ -n "$provs" ] || bad "$study: no results/<provider>/"
	scen0=
	for p in $provs; do
		grep -q "^\[provider $p\]" "$study/tpsreport.ini" 2>/dev/null || bad "$study/tpsreport.ini: no [provider $p]"
		scen=$(find "$study/results/$p" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort | tr '\n' ' ')
		[ -n "$scen" ] || bad "$study/results/$p: no scenarios"
		[ -z "$scen0" ] && scen0=$scen
		[ "$scen" = "$scen0" ] || bad "$study/results/$p: scenarios '$scen' differ from '$scen0'"
		for s in "$study/results/$p"/*/; do
			check_scenario "${s%/}"
		done
	done
	bytes=$(find "$study" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
	if [ "$bytes" -gt $((budget * 1024)) ]; then
		bad "$study: $bytes bytes, over the budget of $budget KiB"
	fi
	echo "samples_layout: $(basename "$study"): $bytes bytes (budget $budget KiB)"
}

check_samples() {
	local dir=$1 d name budget entry
	problems=0
	for entry in $BUDGETS; do
		[ -f "$dir/${entry%%:*}/tpsreport.ini" ] || bad "$dir: the study ${entry%%:*} is missing"
	done
	for d in "$dir"/*/; do
		d=${d%/}
		[ -f "$d/tpsreport.ini" ] || [ -d "$d/results" ] || continue
		name=$(basename "$d")
		budget=$DEFAULT_BUDGET
		for entry in $BUDGETS; do
			[ "${entry%%:*}" = "$name" ] && budget=${entry#*:}
		done
		check_study "$d" "$budget"
	done
	return "$problems"
}

# 1. The committed samples must pass.
if ! check_samples "$samples"; then
	echo "samples_layout: FAIL: $problems problem(s) in $samples" >&2
	exit 1
fi

# 2. Each breakage of a copy must be caught.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tr-samples-layout.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
base=stock-vs-tuned
agg_run=$(find "$samples/$base/results" \( -path '*-txlog' -o -path '*-select' \) -prune -o -name 'run1.txt' -print | sort | head -n 1)
agg_dir=${agg_run%/*}; agg_dir=${agg_dir#"$samples/$base/"}
tx_run=$(find "$samples/$base/results" -path '*-txlog/run1.txt' | sort | head -n 1)
tx_dir=${tx_run%/*}; tx_dir=${tx_dir#"$samples/$base/"}

breakages=(
	"tps line removed|sed -i '/^tps = /d' \$S/$agg_dir/run2.txt"
	"summary cut after the clients line|sed -i '/^number of threads/,\$d' \$S/$agg_dir/run3.txt"
	"a thread's log file removed|rm \$S/$agg_dir/run1.*.1"
	"an orphan log of a second PID|cp \$(ls \$S/$agg_dir/run1.[0-9]* | head -n 1) \$S/$agg_dir/run1.1"
	"aggregate line with a 16th field|sed -i '2s/\$/ 0/' \$(ls \$S/$agg_dir/run2.[0-9]* | head -n 1)"
	"aggregate interval gap|sed -i '2d' \$(ls \$S/$agg_dir/run2.[0-9]* | head -n 1)"
	"per-transaction line dropped|sed -i '5d' \$(ls \$S/$tx_dir/run1.[0-9]* | head -n 1)"
	"per-transaction log in aggregate format|cp \$(ls \$S/$agg_dir/run1.[0-9]* | head -n 1) \$(ls \$S/$tx_dir/run1.[0-9]* | head -n 1)"
	"init.txt without 'done in'|sed -i '/^done in/d' \$S/$agg_dir/init.txt"
	"init.txt without bash's real|sed -i '/^real/d' \$S/$agg_dir/init.txt"
	"init.txt missing|rm \$S/$agg_dir/init.txt"
	"a stray file|echo x > \$S/$agg_dir/notes.md"
	"an aborted run|echo 'pgbench: error: Run was aborted; the above results are incomplete.' >> \$S/$agg_dir/run1.txt"
	"a provider without ini section|sed -i 's/^\[provider tuned\]/[provider other]/' \$S/tpsreport.ini"
	"over the size budget|head -c 6000000 /dev/zero | tr '\\0' x | fold -w 99 >> \$S/$agg_dir/init.txt"
	"a study missing|true"
)
caught=0
for b in "${breakages[@]}"; do
	what=${b%%|*}
	rm -rf "$tmp/s"
	mkdir -p "$tmp/s"
	cp -R "$samples/$base" "$tmp/s/"
	S=$tmp/s/$base
	export S
	# the breakages touch two scenarios and the ini: the other scenarios
	# of the copy would only make each check longer
	for d in "$S"/results/*/*; do
		case ${d##*/} in "${agg_dir##*/}"|"${tx_dir##*/}") ;; *) rm -rf "$d" ;; esac
	done
	if ! bash -c "${b#*|}"; then
		echo "samples_layout: FAIL: could not break the copy: $what" >&2
		exit 1
	fi
	# Only the broken study is checked again (time), except for the
	# missing study, which needs the whole directory.
	problems=0
	if [ "$what" = "a study missing" ]; then
		check_samples "$tmp/s" >/dev/null 2>"$tmp/err"
	else
		check_study "$S" 5120 >/dev/null 2>"$tmp/err"
	fi
	if [ "$problems" = 0 ]; then
		echo "samples_layout: FAIL: not caught: $what" >&2
		exit 1
	fi
	echo "samples_layout: caught: $what ($(head -n 1 "$tmp/err"))"
	caught=$((caught + 1))
done
echo "samples_layout: ok ($caught breakages caught)"
