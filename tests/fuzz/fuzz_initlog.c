/* fuzz_initlog.c: pgbench -i output. */

#include "fuzz.h"
#include "ingest/ingest.h"
#include "util/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tr_init init;
	int rc = tr_initlog_parse(&init, (const char *)data, size, "init.txt");
	if (rc == TR_EINVALID)
		FUZZ_ASSERT(strncmp(tr_error_last(), "init.txt", 8) == 0);
	if (rc == 0)
		for (size_t i = 0; i < init.nphases; i++)
			FUZZ_ASSERT(init.phases[i].name != NULL);
	tr_init_free(&init);
	return 0;
}
