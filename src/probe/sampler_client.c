/* sampler_client.c: the client's side of a sample, from /proc: this
 * machine's CPU use and pgbench's own, so that a report can tell whether
 * the numbers measure the server or the machine that drove it. */

#include "probe_sampler_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The "cpu " line of /proc/stat: busy and total jiffies. */
static bool S_machine(uint64_t *busy, uint64_t *total)
{
	unsigned long long v[8] = { 0 };
	FILE *f = fopen("/proc/stat", "r");
	int n;
	if (!f)
		return false;
	n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1],
	           &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
	fclose(f);
	if (n < 4)
		return false;
	/* user nice system idle iowait irq softirq steal: idle and iowait are
	 * not busy; guest time is already inside user. */
	*busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
	*total = *busy + v[3] + v[4];
	return true;
}

/* utime + stime of pid in clock ticks (fields 14 and 15 of
 * /proc/PID/stat, counted after the command's closing parenthesis, which
 * may itself hold spaces and parentheses). */
static bool S_process(uint64_t *ticks, long pid)
{
	char path[64], buf[1024];
	unsigned long long ut, st;
	const char *p;
	FILE *f;
	size_t n;
	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	if (!(f = fopen(path, "r")))
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	if (!(p = strrchr(buf, ')')))
		return false;
	/* state ppid pgrp session tty tpgid flags minflt cminflt majflt
	 * cmajflt, then utime stime. */
	if (sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
	           &ut, &st) != 2)
		return false;
	*ticks = ut + st;
	return true;
}

void tr_smp_client_cpu(tr_sampler *s, tr_smp_point *p)
{
	tr_smp_cpu now = { 0 };
	long pid = s->pid ? (long)atomic_load(s->pid) : 0;
	long hz = sysconf(_SC_CLK_TCK);
	double dt;

	p->cpu_pct = p->pgbench_cpu_pct = NAN;
	now.at_us = tr_probe_now_us();
	now.have = S_machine(&now.busy, &now.total);
	if (pid > 0 && S_process(&now.pid_ticks, pid))
		now.pid = pid;
	dt = (double)(now.at_us - s->cpu.at_us) / 1e6;
	if (now.have && s->cpu.have && now.total > s->cpu.total)
		p->cpu_pct = 100.0 * (double)(now.busy - s->cpu.busy) /
		             (double)(now.total - s->cpu.total);
	if (now.pid && now.pid == s->cpu.pid && dt > 0 && hz > 0 && s->cpus > 0 &&
	    now.pid_ticks >= s->cpu.pid_ticks)
		p->pgbench_cpu_pct = 100.0 * (double)(now.pid_ticks - s->cpu.pid_ticks) /
		                     (double)hz / dt / s->cpus;
	if (now.have)
		s->cpu = now;
	else
		s->cpu.pid = 0;
}
