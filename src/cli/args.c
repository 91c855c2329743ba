/* args.c: the command-line arguments the commands share: numbers and
 * seconds with their ranges, getopt's two errors, the CONNINFO operand.
 * Each prints its usage error itself (tr_cli_usage_error). */

#include "cli.h"
#include "util/number.h"

#include <string.h>

int tr_cli_arg_int(int *out, const char *cmd, const char *name,
                   const char *arg, long min, long max)
{
	int64_t v;
	const char *next;
	size_t len = strlen(arg);
	if (tr_parse_int64(&v, arg, arg + len, &next) < 0 || next != arg + len ||
	    v < min || v > max) {
		tr_cli_usage_error(cmd, "invalid %s '%s' (%ld to %ld)", name, arg,
		                   min, max);
		return -1;
	}
	*out = (int)v;
	return 0;
}

int tr_cli_arg_seconds(double *out, const char *cmd, const char *name,
                       const char *arg, double min)
{
	const char *next;
	size_t len = strlen(arg);
	double v;
	/* !(v >= min): NaN is refused too. At most 1e7 s (four months): a
	 * longer wait is a typo. */
	if (tr_parse_double(&v, arg, arg + len, &next) < 0 || next != arg + len ||
	    !(v >= min) || v > 1e7) {
		tr_cli_usage_error(cmd, "invalid %s '%s' (seconds)", name, arg);
		return -1;
	}
	*out = v;
	return 0;
}

int tr_cli_getopt_error(const char *cmd, int c, char **argv, int next)
{
	if (c == ':')
		return tr_cli_usage_error(cmd, "option '%s' needs a value",
		                          argv[next - 1]);
	return tr_cli_usage_error(cmd, "unknown option '%s'", argv[next - 1]);
}

int tr_cli_conninfo_arg(const char **out, const char *cmd, int argc,
                        char **argv, int next)
{
	if (argc - next > 1) {
		tr_cli_usage_error(cmd, "one connection string at most ('%s' is "
		                   "one too many)", argv[next + 1]);
		return -1;
	}
	if (next < argc)
		*out = argv[next];
	return 0;
}
