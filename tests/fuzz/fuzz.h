#ifndef TR_FUZZ_H
#define TR_FUZZ_H

/*
 * One fuzz target per reader. Each file defines LLVMFuzzerTestOneInput();
 * built with clang -fsanitize=fuzzer it is a libFuzzer program (make fuzz),
 * built with replay.c it replays files (the regression inputs in
 * tests/fuzz/regressions/<target>/ and the fixtures) in the normal and
 * sanitizer builds of ctest. A target must never crash, leak or trip a
 * sanitizer on any input, and must check what it can about the output
 * (e.g. an error always has a message naming the file).
 */

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A failed property: abort, so that libFuzzer saves the input. */
#define FUZZ_ASSERT(cond)                                                    \
	do {                                                                 \
		if (!(cond))                                                 \
			abort();                                             \
	} while (0)

#endif
