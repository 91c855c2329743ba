#!/usr/bin/env bash
# samples/generate.sh: (re)make the bundled sample studies with the real
# pgbench against two throwaway local PostgreSQL clusters.
#
#   samples/generate.sh [--study stock-vs-tuned|client-sweep] [--out DIR] [--quick]
#
#   --study   which study to make (default stock-vs-tuned):
#             stock-vs-tuned  scales 1, 10, 100 (TPC-B, -c 8 -j 2, three 30 s
#                             runs per cell, aggregate logs) plus one
#                             per-transaction-log run per provider
#                             (scenario bench1-txlog); ~15 min, < 5 MB
#             client-sweep    scale 10, clients 1/2/4/8, select-only,
#                             simple-update and TPC-B, three 10 s runs each;
#                             ~17 min, < 2 MB
#   --out     the study directory to (re)write (default samples/<study>);
#             the generation log goes beside it as <DIR>.generate.log
#   --quick   tiny scales and durations: for checking this script itself,
#             never for the committed samples
#
# The two "providers" are the same PostgreSQL 15 on this machine, two
# clusters started with tests/lib/pg.sh: "stock" (initdb's postgresql.conf)
# and "tuned" (the settings in TUNED_OPTS below). The method is a miniature
# of the seed article's (shared/seeds/aws-rds-vs-serverscamp.txt): one
# database per scale, `time pgbench -i -s N` into init.txt, a warmup per
# scenario, and before every measured run settle (CHECKPOINT, wait until no
# autovacuum worker); each run is `pgbench ... 2>&1 | tee runN.txt` with
# --log --log-prefix=runN --aggregate-interval.
#
# Unlike the seed, both clusters run at once and their runs alternate
# (stock run1, tuned run1, tuned run2, stock run2, stock run3, tuned run3:
# ABBA order), because this machine is shared: whatever else it is doing
# then weighs on both providers alike instead of on whichever ran later.
# For the same reason settle() checkpoints and waits for autovacuum on both.
#
# Everything is built in a temporary directory and moved into place only when
# the whole study succeeded, so an interrupted run leaves the old study alone.
# Re-running replaces the study; only pgbench's PIDs in log names change.

set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")

study=stock-vs-tuned
out=
quick=0
while [ $# -gt 0 ]; do
	case "$1" in
	--study) study=${2:?--study needs a name}; shift 2 ;;
	--study=*) study=${1#*=}; shift ;;
	--out) out=${2:?--out needs a directory}; shift 2 ;;
	--out=*) out=${1#*=}; shift ;;
	--quick) quick=1; shift ;;
	-h|--help) sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "generate.sh: unknown argument: $1 (try --help)" >&2; exit 2 ;;
	esac
done
case "$study" in
stock-vs-tuned|client-sweep) ;;
*) echo "generate.sh: unknown study: $study" >&2; exit 2 ;;
esac
[ -n "$out" ] || out=$here/$study
mkdir -p "$(dirname "$out")"
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")

PROVIDERS="stock tuned"
# The "tuned" provider. Each setting and why:
#  shared_buffers=1GB        8x the stock 128MB: bench10 (~160 MB) then fits
#                            in PostgreSQL's own cache, bench100 (~1.5 GB)
#                            still does not;
#  effective_cache_size=12GB planner hint only (about half this VM's RAM);
#                            set because every tuning guide sets it, not
#                            expected to change pgbench's key lookups;
#  wal_compression=on        smaller full-page images after each checkpoint;
#  max_wal_size=4GB, min_wal_size=1GB, checkpoint_timeout=15min
#                            fewer checkpoints during a run (stock: 1GB/80MB/5min);
#  checkpoint_completion_target=0.9  already PostgreSQL 15's default, written
#                            out so the list is complete.
#  synchronous_commit=off    a commit returns before its WAL is flushed:
#                            a crash can lose the last few hundred
#                            milliseconds of commits (never corrupts). This
#                            is the contrast the sample exists to show: it
#                            lifts every writing scenario, and select-only
#                            (bench1-select: no commit writes WAL) should
#                            not move.
TUNED_OPTS="-c shared_buffers=1GB -c effective_cache_size=12GB -c wal_compression=on"
TUNED_OPTS+=" -c max_wal_size=4GB -c min_wal_size=1GB -c checkpoint_timeout=15min"
TUNED_OPTS+=" -c checkpoint_completion_target=0.9 -c synchronous_commit=off"
STOCK_OPTS=""

# Durations (seconds) and sizes; --quick shrinks them to test the script.
if [ "$quick" = 1 ]; then
	SCALES="1 2 3"; WARMUP=2; RUN_T=4; RUNS=2; AGG=2; PROG=2; TX_T=2
	SWEEP_SCALE=2; SWEEP_WARMUP=2; SWEEP_T=2; SWEEP_RUNS=2
else
	SCALES="1 10 100"; WARMUP=15; RUN_T=20; RUNS=5; AGG=2; PROG=5; TX_T=10
	SWEEP_SCALE=10; SWEEP_WARMUP=10; SWEEP_T=10; SWEEP_RUNS=3
fi
CLIENTS=8
THREADS=2
SWEEP_CLIENTS="1 2 4 8"
# name:pgbench builtin option ("" = TPC-B)
SWEEP_WORKLOADS="select-only:-S simple-update:-N tpcb-like:"
# Size budgets (KiB, apparent size) of the committed study directories.
case "$study" in
stock-vs-tuned) BUDGET_KB=5120 ;;
client-sweep) BUDGET_KB=2048 ;;
esac

# shellcheck source=SCRIPTDIR/../tests/lib/pg.sh
. "$root/tests/lib/pg.sh"

log() { echo "[$(date +%H:%M:%S)] $*"; }

# The clusters: pg.sh keeps one cluster in PG_DIR/PG_DATA/PGPORT; we start
# it twice and remember each one's values, then switch with use_cluster.
declare -A C_DIR=() C_DATA=() C_PORT=()

use_cluster() {
	PG_DIR=${C_DIR[$1]} PG_DATA=${C_DATA[$1]} PGPORT=${C_PORT[$1]}
	export PG_DIR PG_DATA PGPORT
}

stop_clusters() {
	local p
	for p in $PROVIDERS; do
		[ -n "${C_DATA[$p]:-}" ] || continue
		use_cluster "$p"
		pg_stop
		C_DATA[$p]=
	done
}

start_clusters() {
	local p opts
	for p in $PROVIDERS; do
		case "$p" in
		stock) opts=$STOCK_OPTS ;;
		tuned) opts=$TUNED_OPTS ;;
		esac
		log "=== PROVIDER $p: pg_start $opts ==="
		# shellcheck disable=SC2086 # the options are words on purpose
		pg_start $opts
		C_DIR[$p]=$PG_DIR C_DATA[$p]=$PG_DATA C_PORT[$p]=$PGPORT
		trap finish EXIT	# pg_start set its own, for one cluster
		show_server
	done
	export PATH="$PG_BIN:$PATH"
}

show_server() {
	log "server: $(psql -X -d postgres -tAc 'SELECT version()') on port $PGPORT"
	log "settings not at their built-in default:"
	psql -X -d postgres -tA -F ' = ' -c "SELECT name, current_setting(name) FROM pg_settings WHERE source NOT IN ('default', 'override') AND name NOT LIKE 'lc\_%' AND name <> 'application_name' ORDER BY name" |
		sed 's/^/    /'
}

# settle P: the seed's settle() before a run on provider P: flush dirty
# buffers so that a previous run's checkpoint does not leak into this one,
# and wait until autovacuum is idle; on both clusters, as they share the
# machine. Leaves P's cluster selected.
settle() {
	local p n
	log "CHECKPOINT + waiting for autovacuum..."
	for p in $PROVIDERS; do
		use_cluster "$p"
		psql -X -q -d postgres -c "CHECKPOINT;" >/dev/null
	done
	while :; do
		n=0
		for p in $PROVIDERS; do
			use_cluster "$p"
			n=$((n + $(psql -X -d postgres -tAc "SELECT count(*) FROM pg_stat_activity WHERE backend_type='autovacuum worker'")))
		done
		[ "$n" = 0 ] && break
		log "  autovacuum still working..."
		sleep 1
	done
	use_cluster "$1"
	log "ready"
}

# init_db P DB SCALE DIR: on provider P, a fresh database loaded with
# `time pgbench -i`, its output (progress, "done in", bash's
# real/user/sys) in DIR/init.txt.
init_db() {
	local p=$1 db=$2 scale=$3 dir=$4
	use_cluster "$p"
	mkdir -p "$dir"
	createdb "$db"
	log "$p: \$ time pgbench -i -s $scale $db > init.txt 2>&1"
	unset TIMEFORMAT
	( cd "$dir" && { time pgbench -i -s "$scale" "$db"; } > init.txt 2>&1 )
	grep '^done in' "$dir/init.txt"
	log "$db: $(psql -X -d "$db" -tAc "SELECT pg_size_pretty(pg_database_size(current_database()))")"
}

# warmup P DB PGBENCH_ARGS...: an unrecorded run after settling.
warmup() {
	local p=$1 db=$2; shift 2
	settle "$p"
	log "=== WARMUP $p $db ==="
	pgbench "$@" "$db"
}

# measure P DIR STEM PGBENCH_ARGS...: settle, then one measured run in
# DIR, its output 2>&1 | tee STEM.txt as users do.
measure() {
	local p=$1 dir=$2 stem=$3; shift 3
	settle "$p"
	log "=== RUN $p $stem ==="
	log "\$ pgbench $* 2>&1 | tee $stem.txt"
	( cd "$dir" && pgbench "$@" 2>&1 | tee "$stem.txt" )
}

# ABBA: the provider order for the Nth run (1-based): odd N stock first.
order() {
	if [ $(($1 % 2)) = 1 ]; then echo "$PROVIDERS"; else echo "$PROVIDERS" | awk '{ for (i = NF; i > 0; i--) printf "%s%s", $i, (i > 1 ? " " : "\n") }'; fi
}

run_stock_vs_tuned() {
	local p scale i dir db
	for scale in $SCALES; do
		for p in $PROVIDERS; do
			init_db "$p" "bench$scale" "$scale" "$stage/results/$p/bench$scale"
		done
	done
	for scale in $SCALES; do
		db=bench$scale
		for p in $PROVIDERS; do
			warmup "$p" "$db" -c $CLIENTS -j $THREADS -T $WARMUP -M prepared --no-vacuum
		done
		for i in $(seq 1 $RUNS); do
			for p in $(order "$i"); do
				measure "$p" "$stage/results/$p/$db" "run$i" \
					-c $CLIENTS -j $THREADS -T $RUN_T -M prepared --no-vacuum \
					--log --log-prefix="run$i" --aggregate-interval=$AGG -P $PROG "$db"
			done
		done
		log "=== DONE $db ==="
	done

	# Select-only on the smallest database: it fits both buffer caches and
	# its transactions write no WAL, so neither setting of "tuned" should
	# move it: the sample's "no difference" next to the writing scenarios.
	# It loads nothing, so its folder has no init.txt.
	scale=${SCALES%% *}
	db=bench$scale
	for p in $PROVIDERS; do
		mkdir -p "$stage/results/$p/bench$scale-select"
		warmup "$p" "$db" -S -c $CLIENTS -j $THREADS -T $WARMUP -M prepared --no-vacuum
	done
	for i in $(seq 1 $RUNS); do
		for p in $(order "$i"); do
			measure "$p" "$stage/results/$p/bench$scale-select" "run$i" \
				-S -c $CLIENTS -j $THREADS -T $RUN_T -M prepared --no-vacuum \
				--log --log-prefix="run$i" --aggregate-interval=$AGG -P $PROG "$db"
		done
	done
	log "=== DONE $db select-only ==="

	# One run with per-transaction logs, in a scenario of its own (own
	# database, same workload as bench1) so that the three-run cells above
	# keep one duration and one kind of log. Its -P lines are kept apart in
	# run1.progress (the layout's other, optional convention).
	scale=${SCALES%% *}
	db=bench${scale}txlog
	for p in $PROVIDERS; do
		init_db "$p" "$db" "$scale" "$stage/results/$p/bench$scale-txlog"
	done
	for p in $PROVIDERS; do
		warmup "$p" "$db" -c $CLIENTS -j $THREADS -T $WARMUP -M prepared --no-vacuum
	done
	for p in $PROVIDERS; do
		dir=$stage/results/$p/bench$scale-txlog
		settle "$p"
		log "=== RUN $p run1 (per-transaction log) ==="
		log "\$ pgbench -c $CLIENTS -j $THREADS -T $TX_T -M prepared --no-vacuum --log --log-prefix=run1 -P 1 $db 2>run1.progress | tee run1.txt"
		( cd "$dir" && pgbench -c $CLIENTS -j $THREADS -T $TX_T -M prepared --no-vacuum \
			--log --log-prefix=run1 -P 1 "$db" 2>run1.progress | tee run1.txt )
		cat "$dir/run1.progress"
	done
	log "=== DONE $db ==="
}

# client-sweep: one database per workload; runs interleaved (run 1 of every
# client count, then run 2, ...) so that slow drifts of this shared machine
# spread over all client counts alike, and over both providers (ABBA).
run_client_sweep() {
	local p w name opt db i c j k=0
	for w in $SWEEP_WORKLOADS; do
		name=${w%%:*}
		for p in $PROVIDERS; do
			init_db "$p" "sweep_${name//-/_}" "$SWEEP_SCALE" "$stage/results/$p/$name"
		done
	done
	for w in $SWEEP_WORKLOADS; do
		name=${w%%:*}; opt=${w#*:}
		db=sweep_${name//-/_}
		for p in $PROVIDERS; do
			# shellcheck disable=SC2086 # $opt is empty or one word
			warmup "$p" "$db" $opt -c 8 -j 2 -T $SWEEP_WARMUP -M prepared --no-vacuum
		done
		for i in $(seq 1 $SWEEP_RUNS); do
			for c in $SWEEP_CLIENTS; do
				j=$(( c < 2 ? c : 2 ))
				k=$((k + 1))
				for p in $(order "$k"); do
					# shellcheck disable=SC2086
					measure "$p" "$stage/results/$p/$name" "c$c-run$i" \
						$opt -c $c -j $j -T $SWEEP_T -M prepared --no-vacuum \
						--log --log-prefix="c$c-run$i" --aggregate-interval=1 "$db"
				done
			done
		done
		log "=== DONE $name ==="
	done
}

scenario_label() {
	case "$1" in
	1) echo "bench1 (scale 1, ~20 MB)" ;;
	10) echo "bench10 (scale 10, ~160 MB)" ;;
	100) echo "bench100 (scale 100, ~1.5 GB)" ;;
	*) echo "bench$1 (scale $1)" ;;
	esac
}

write_ini() {
	local f=$stage/tpsreport.ini title scen scale ram
	ram=$(awk '/MemTotal/ {printf "%.0f", $2/1048576}' /proc/meminfo)
	local short_stock= short_tuned=
	case "$study" in
	stock-vs-tuned)
		# short =: the names of table rows (five scenarios, 40-odd rows)
		short_stock=$'short  = Stock\n' short_tuned=$'short  = Tuned\n'
		title="Stock vs tuned PostgreSQL 15 on one shared 2-core VM: pgbench TPC-B (illustrative sample)" ;;
	client-sweep)
		title="Client sweep 1-8 clients, stock vs tuned PostgreSQL 15 on one shared 2-core VM (illustrative sample)" ;;
	esac
	cat > "$f" <<EOF
; Made by samples/generate.sh --study $study on $(date -u +%Y-%m-%d)
; (pgbench $pgbench_version, $(nproc) vCPU, $ram GB RAM).
; Both "providers" are local throwaway clusters on the same machine as
; pgbench; the prices are invented to exercise the price columns.
; See samples/README.md.

[study]
title    = $title
currency = EUR
baseline = stock
notes    = A sample for trying tpsreport, not a provider comparison: pgbench and both servers share one 2-core VM (loopback TCP), so absolute figures say nothing about hosted PostgreSQL. The two clusters ran at the same time, their runs alternating (ABBA). Load average when the generation began: $load0.

[provider stock]
label  = Stock PostgreSQL 15
${short_stock}price  = 154.76 USD/month instance + 68.50 USD/month storage
vcpu   = $(nproc)
ram_gb = $ram
notes  = postgresql.conf as initdb wrote it (shared_buffers=128MB, max_wal_size=1GB, synchronous_commit=on). The price is invented.

[provider tuned]
label  = Tuned PostgreSQL 15
${short_tuned}price  = 111.36 EUR/month
vcpu   = $(nproc)
ram_gb = $ram
notes  = shared_buffers=1GB, effective_cache_size=12GB, wal_compression=on, max_wal_size=4GB, min_wal_size=1GB, checkpoint_timeout=15min and synchronous_commit=off: a commit returns before its WAL is on disk (a crash can lose the last few hundred milliseconds of commits). Same machine. The price is invented.

EOF
	case "$study" in
	stock-vs-tuned)
		# short =: the table rows' name (the label says the scale once)
		for scale in $SCALES; do
			printf '[scenario bench%s]\nlabel = %s\nshort = bench%s\n\n' "$scale" \
				"$(scenario_label "$scale")" "$scale" >> "$f"
		done
		scale=${SCALES%% *}
		printf '[scenario bench%s-select]\nlabel = %s\nshort = bench%s-select\n\n' "$scale" \
			"bench$scale-select (scale $scale, select-only)" "$scale" >> "$f"
		printf '[scenario bench%s-txlog]\nlabel = %s\nshort = bench%s-txlog\n\n' "$scale" \
			"bench$scale-txlog (scale $scale, per-transaction logs)" "$scale" >> "$f"
		;;
	client-sweep)
		for w in $SWEEP_WORKLOADS; do
			scen=${w%%:*}
			printf '[scenario %s]\nlabel = %s\n\n' "$scen" \
				"$scen (scale $SWEEP_SCALE)" >> "$f"
		done
		;;
	esac
	cat >> "$f" <<EOF
[fx]
USD    = 0.92
date   = 2026-05-05
source = illustrative: the ECB reference rate quoted in the seed article for that date, not looked up
EOF
}

pgbench_version=$("$(pg_bindir)/pgbench" --version | sed 's/^pgbench (PostgreSQL) //')
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tr-samples.XXXXXX")
stage=$tmp/$study
mkdir -p "$stage"

# Everything from here on also goes to the generation log.
exec 3>&1 4>&2
exec > >(tee "$tmp/generate.log") 2>&1
tee_pid=$!
finish() {
	local rc=$?
	stop_clusters
	exec 1>&3 2>&4
	wait "$tee_pid" 2>/dev/null || true
	if [ "$rc" = 0 ]; then
		rm -rf "$out"
		mv "$stage" "$out"
		mv "$tmp/generate.log" "$out.generate.log"
		echo "generate.sh: wrote $out and $out.generate.log"
	else
		echo "generate.sh: failed (status $rc); $out left as it was" >&2
	fi
	rm -rf "$tmp"
	exit "$rc"
}
trap finish EXIT
trap 'exit 130' INT TERM

t0=$(date +%s)
log "generate.sh --study $study$( [ "$quick" = 1 ] && echo ' --quick') into $out"
log "machine: $(uname -sr), $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)), $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
load0=$(cut -d' ' -f1-3 /proc/loadavg)
log "load average at start: $load0"
start_clusters
trap finish EXIT
case "$study" in
stock-vs-tuned) run_stock_vs_tuned ;;
client-sweep) run_client_sweep ;;
esac
stop_clusters
write_ini
log "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
size=$(find "$stage" -type f -printf '%s\n' | awk '{ s += $1 } END { printf "%d", s / 1024 }')
log "study size: $size KiB apparent, $(du -sk "$stage" | cut -f1) KiB on disk (budget $BUDGET_KB KiB apparent)"
log "total: $(( $(date +%s) - t0 )) s"
if [ "$quick" = 0 ] && [ "$size" -gt "$BUDGET_KB" ]; then
	log "the study is over its budget; not installed"
	exit 1
fi
