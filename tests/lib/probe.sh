# tests/lib/probe.sh: helpers for the probe's tests (source after pg.sh).
#
#   probe_fingerprint DB   row count and md5 of every row, per pgbench table
#   probe_schema DB        pg_dump --schema-only, normalised
#   probe_messages FILE    stderr of pgbench -i or the probe, numbers masked
#   fail MESSAGE           print and exit 1

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Every column of every row, in key order; NULL told apart from ''.
# (char(n) reads back without its padding, the same for both loaders.)
probe_fingerprint() {
  psql -d "$1" -AtX -v ON_ERROR_STOP=1 <<'SQL'
select 'pgbench_branches', count(*), md5(coalesce(string_agg(
  format('%s|%s|%s', bid, bbalance, coalesce(filler, '<NULL>')), ',' order by bid), ''))
  from pgbench_branches;
select 'pgbench_tellers', count(*), md5(coalesce(string_agg(
  format('%s|%s|%s|%s', tid, bid, tbalance, coalesce(filler, '<NULL>')), ',' order by tid), ''))
  from pgbench_tellers;
select 'pgbench_accounts', count(*), md5(coalesce(string_agg(
  format('%s|%s|%s|%s', aid, bid, abalance, coalesce(filler, '<NULL>')), ',' order by aid), ''))
  from pgbench_accounts;
select 'pgbench_history', count(*), md5(coalesce(string_agg(
  format('%s|%s|%s|%s|%s|%s', tid, bid, aid, delta, mtime, coalesce(filler, '<NULL>')),
  ',' order by tid, bid, aid, delta, mtime), ''))
  from pgbench_history;
SQL
}

# pg_dump 15.14+ writes "\restrict KEY" / "\unrestrict KEY" with a random
# key each time: the only lines that differ between two identical schemas.
probe_schema() {
  pg_dump --schema-only "$1" | grep -v -E '^\\(un)?restrict '
}

# The messages, with the numbers of the done line masked and pgbench's
# tuple progress lines left out (the probe prints progress only on a
# terminal).
probe_messages() {
  tr '\r' '\n' < "$1" | sed -e 's/ *$//' -e '/^$/d' \
    -e '/^[0-9]* of [0-9]* tuples /d' \
    -e 's/[0-9][0-9]*\.[0-9][0-9] s/N s/g'
}

# The shape of pgbench 15+'s done line (checked against a real capture).
PROBE_PHASE='(drop tables|create tables|client-side generate|server-side generate|vacuum|primary keys|foreign keys) [0-9]+\.[0-9]{2} s'
PROBE_DONE_RE="^done in [0-9]+\.[0-9]{2} s \\($PROBE_PHASE(, $PROBE_PHASE)*\\)\\.\$"
