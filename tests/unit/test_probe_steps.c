/* test_probe_steps.c: the probe's table of init steps, no server needed:
 * a step for every -I letter of pgbench, under pgbench's own names, and
 * none for ' ' or a letter pgbench does not know. */

/* internal test of: probe */

#include "harness.h"
#include "probe/probe_internal.h"
#include "util/error.h"

#include <string.h>

/* pgbench 15-18's -I letters and the names of its "done in" line, written
 * out from src/bin/pgbench/pgbench.c (initDropTables ... "drop tables",
 * and so on), with what each step does to the data. */
static const struct {
	char letter;
	const char *name;
	bool destroys, generates, creates;
} S_pgbench[] = {
	{ 'd', "drop tables", true, false, false },
	{ 't', "create tables", false, false, true },
	{ 'g', "client-side generate", true, true, false },
	{ 'G', "server-side generate", true, true, false },
	{ 'v', "vacuum", false, false, false },
	{ 'p', "primary keys", false, false, false },
	{ 'f', "foreign keys", false, false, false },
};

static void test_every_letter(void)
{
	for (size_t i = 0; i < sizeof(S_pgbench) / sizeof(S_pgbench[0]); i++) {
		const tr_probe_step *step = tr_probe_step_of(S_pgbench[i].letter);
		CHECK(step != NULL);
		if (!step)
			continue;
		CHECK(step->run != NULL);
		CHECK_STR(tr_phase_name(step->phase), S_pgbench[i].name);
		CHECK_INT(tr_phase_step(step->phase), S_pgbench[i].letter);
		CHECK_INT(step->destroys, S_pgbench[i].destroys);
		CHECK_INT(step->generates, S_pgbench[i].generates);
		CHECK_INT(step->creates, S_pgbench[i].creates);
		/* The check's transaction is committed once, either after the
		 * drop or before the first step that runs outside it. */
		CHECK(!(step->ends_check_before && step->ends_check_after));
		CHECK(!(step->ends_check_before && step->destroys));
	}
	CHECK(tr_probe_step_of('d')->ends_check_after);
	CHECK(tr_probe_step_of('v')->ends_check_before);
	CHECK(!tr_probe_step_of('t')->ends_check_before);
}

/* Every phase the model names has a step (a phase added to model/phase.c
 * without one would be refused as a letter). */
static void test_every_phase(void)
{
	for (size_t i = 0; i < TR_PHASE_OTHER; i++) {
		const tr_probe_step *step = tr_probe_step_of(tr_phase_step(i));
		CHECK(step != NULL);
		if (step)
			CHECK_INT((int)step->phase, (int)i);
	}
}

static void test_not_steps(void)
{
	CHECK(tr_probe_step_of(' ') == NULL);
	CHECK(tr_probe_step_of('\0') == NULL);
	CHECK(tr_probe_step_of('x') == NULL);
	CHECK(tr_probe_step_of('D') == NULL);
	CHECK(tr_probe_step_of('T') == NULL);
}

/* The refusal names the letters as pgbench's does: "dtgGvpf". */
static void test_refusal(void)
{
	tr_probe_options o;
	tr_probe_options_init(&o);
	o.steps = "dq";
	CHECK(tr_probe_options_check(&o) < 0);
	CHECK_STR(tr_error_last(), "unrecognized initialization step \"q\" "
	                           "(allowed: \"dtgGvpf\")");
	o.steps = " d t g v p ";
	CHECK_INT(tr_probe_options_check(&o), 0);
}

int main(void)
{
	RUN(test_every_letter);
	RUN(test_every_phase);
	RUN(test_not_steps);
	RUN(test_refusal);
	return harness_done();
}
