/* pending.c: commands not built yet (temporary while the tree grows). */

#include "cli.h"

static int S_pending(const char *name)
{
	tr_cli_error("'%s' is not built yet", name);
	return TR_EXIT_FAILURE;
}

int tr_cmd_chart(int argc, char **argv) { (void)argc; (void)argv; return S_pending("chart"); }
