/* fuzz_initjson.c: init.json (and the JSON reader under it). */

#include "fuzz.h"
#include "ingest/ingest.h"
#include "util/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tr_init init;
	int rc = tr_initjson_parse(&init, (const char *)data, size, "init.json");
	if (rc == TR_EINVALID)
		FUZZ_ASSERT(strncmp(tr_error_last(), "init.json", 9) == 0);
	tr_init_free(&init);
	return 0;
}
