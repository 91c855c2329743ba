#ifndef TR_PROBE_SAMPLER_INTERNAL_H
#define TR_PROBE_SAMPLER_INTERNAL_H

/*
 * The sampler's state, shared by sampler.c (the thread and its SQL),
 * sampler_record.c (what a sample adds, and runN.server.json) and
 * sampler_client.c (this machine's CPU). src/probe only.
 */

#include "probe_internal.h"

#include <stdint.h>

typedef struct tr_smp_wait {
	char *type;              /* wait_event_type, or "CPU" */
	char *event;             /* wait_event, or "CPU" */
	int64_t samples;         /* active backends seen so, over all samples */
} tr_smp_wait;

typedef struct tr_smp_point {
	double t_s;              /* since the sampler started */
	double cpu_pct;          /* this machine, NaN for the first sample */
	double pgbench_cpu_pct;  /* pgbench's share of the machine, NaN unknown */
	int backends;            /* client backends of the database, -1 unknown */
	int active;
	int autovacuum;          /* workers, -1 unknown */
} tr_smp_point;

typedef struct tr_smp_event {
	double t_s;              /* the first sample that saw it */
	double to_s;             /* autovacuum: the sample that saw it end */
	bool requested;          /* checkpoint: requested, else timed */
} tr_smp_event;

/* Counter readings of /proc for CPU shares between two samples. */
typedef struct tr_smp_cpu {
	uint64_t busy, total;    /* /proc/stat "cpu" jiffies */
	bool have;
	long pid;                /* pgbench's, whose ticks follow */
	uint64_t pid_ticks;      /* its utime + stime */
	int64_t at_us;
} tr_smp_cpu;

struct tr_sampler {
	char *conninfo;
	char *run;
	double interval_s;
	atomic_int *pid;
	pthread_t thread;
	bool started;
	atomic_int stop;
	int rc;                  /* TR_ENOMEM seen on the thread */

	PGconn *conn;
	char *secret;
	int version;             /* PQserverVersion */
	bool checkpointer;       /* pg_stat_checkpointer (17+) */
	bool off_activity, off_database, off_checkpoints, off_wal;
	bool off_io;             /* no pg_stat_io (before 16), or refused */

	int64_t t0_us;
	double start_unix_s;
	int cpus;
	size_t late;             /* samples that came after their time */
	size_t hidden;           /* backends whose state the role cannot see */

	char **notes;
	size_t nnotes, notes_cap;
	tr_smp_wait *waits;
	size_t nwaits, waits_cap;
	int64_t active_samples;
	tr_smp_point *points;
	size_t npoints, points_cap;
	tr_smp_event *checkpoints;
	size_t ncheckpoints, checkpoints_cap;
	tr_smp_event *autovacuum;
	size_t nautovacuum, autovacuum_cap;
	bool vacuuming;          /* the last autovacuum span is open */

	double first[TR_SRV_NCOUNTERS], last[TR_SRV_NCOUNTERS];
	bool seen[TR_SRV_NCOUNTERS];
	tr_smp_cpu cpu;
};

/* ---- sampler_record.c ------------------------------------------------ */

/* A note for the file, once per distinct text (the sampler's own). */
void tr_smp_note(tr_sampler *s, const char *fmt, ...) TR_PRINTF(2, 3);
/* One active backend seen waiting on type/event (NULL: "CPU"). */
void tr_smp_wait_add(tr_sampler *s, const char *type, const char *event);
/* A reading of counter c at time t_s: the first is the baseline; a
 * checkpoint counter that grew adds that many checkpoints at t_s. */
void tr_smp_counter_set(tr_sampler *s, tr_server_counter c, double v, double t_s);
/* The autovacuum worker count at t_s opens or closes a span. */
void tr_smp_autovacuum(tr_sampler *s, int workers, double t_s);
void tr_smp_point_add(tr_sampler *s, const tr_smp_point *p);
/* runN.server.json of what was recorded. */
int tr_smp_write_json(tr_buf *out, const tr_sampler *s);
void tr_smp_free(tr_sampler *s);

/* ---- sampler.c ------------------------------------------------------- */

/* The statement that reads pg_stat_io (16+): one row, the columns in the
 * order of TR_SRV_IO_READS .. TR_SRV_IO_BACKEND_WRITES. */
extern const char tr_smp_io_sql[];

/* ---- sampler_client.c ------------------------------------------------ */

/* This machine's CPU use and pgbench's share of it since the last call,
 * into p (NaN when there is no earlier reading, or /proc says nothing). */
void tr_smp_client_cpu(tr_sampler *s, tr_smp_point *p);

#endif
