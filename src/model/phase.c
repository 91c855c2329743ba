/* phase.c: the phases of `pgbench -i`, named once (model.h). */

#include "model.h"

#include <string.h>

/* pgbench's names (src/bin/pgbench/pgbench.c, the "done in" line) and
 * the -I letters, in the order of tr_phase. */
static const struct {
	char step;
	const char *name;
} S_phases[TR_PHASE_OTHER] = {
	[TR_PHASE_DROP] = { 'd', "drop tables" },
	[TR_PHASE_CREATE] = { 't', "create tables" },
	[TR_PHASE_GENERATE_CLIENT] = { 'g', "client-side generate" },
	[TR_PHASE_GENERATE_SERVER] = { 'G', "server-side generate" },
	[TR_PHASE_VACUUM] = { 'v', "vacuum" },
	[TR_PHASE_PRIMARY_KEYS] = { 'p', "primary keys" },
	[TR_PHASE_FOREIGN_KEYS] = { 'f', "foreign keys" },
};

size_t tr_phase_index(const char *name)
{
	size_t i;
	for (i = 0; i < TR_PHASE_OTHER; i++)
		if (name && strcmp(S_phases[i].name, name) == 0)
			break;
	return i;
}

const char *tr_phase_name(size_t i)
{
	return i < TR_PHASE_OTHER ? S_phases[i].name : "other";
}

char tr_phase_step(size_t i)
{
	return i < TR_PHASE_OTHER ? S_phases[i].step : '\0';
}

size_t tr_phase_of_step(char letter)
{
	size_t i;
	for (i = 0; i < TR_PHASE_OTHER; i++)
		if (letter && S_phases[i].step == letter)
			break;
	return i;
}
