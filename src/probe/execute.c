/* execute.c: the whole probe in one call, with Ctrl-C turned into a clean
 * stop: cancel, roll back, report the phase. */

#include "probe_internal.h"

#include <string.h>

/* The running probe, for the handler; one at a time per process. */
static tr_probe *volatile S_active;
static volatile sig_atomic_t S_signalled;

static void S_handler(int sig)
{
	if (S_signalled) {
		/* A second Ctrl-C while rolling back: stop the process the
		 * default way; the server rolls back on its own. */
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	S_signalled = 1;
	if (S_active)
		tr_probe_interrupt(S_active);
}

int tr_probe_execute(tr_probe_result *out, const tr_probe_options *opts)
{
	struct sigaction sa, old_int, old_term;
	tr_probe *p = NULL;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = tr_probe_open(&p, opts)) < 0)
		return rc;
	S_signalled = 0;
	S_active = p;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = S_handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);

	rc = tr_probe_run(out, p);

	/* Handlers off before the probe (and its cancel handles) goes. */
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	S_active = NULL;
	tr_probe_close(p);
	return rc;
}
