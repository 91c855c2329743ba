/* fuzz_diff.c: the diff's reader of results documents, and the diff of a
 * document against itself rendered three ways. */

#include "fuzz.h"
#include "diff/diff.h"
#include "util/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tr_diff_doc *a = NULL, *b = NULL;
	tr_diff *d = NULL;
	tr_buf out = TR_BUF_INIT;
	int rc = tr_diff_doc_read(&a, (const char *)data, size, "r.json");
	if (rc < 0) {
		FUZZ_ASSERT(a == NULL);
		FUZZ_ASSERT(strncmp(tr_error_last(), "r.json", 6) == 0);
		return 0;
	}
	FUZZ_ASSERT(tr_diff_doc_read(&b, (const char *)data, size, "r.json") == 0);
	if (tr_diff_compute(&d, a, b) == 0) {
		/* a document against itself: nothing significant, no run changed */
		FUZZ_ASSERT(!d->significant);
		FUZZ_ASSERT(d->ncells_added == 0 && d->ncells_removed == 0);
		FUZZ_ASSERT(d->runs.count == 0 && d->prices.count == 0);
		FUZZ_ASSERT(tr_diff_text(&out, d) == 0);
		FUZZ_ASSERT(tr_diff_markdown(&out, d, 2) == 0);
		FUZZ_ASSERT(tr_diff_json(&out, d) == 0);
	}
	tr_buf_free(&out);
	tr_diff_free(d);
	tr_diff_doc_free(a);
	tr_diff_doc_free(b);
	return 0;
}
