#ifndef TR_UTIL_H
#define TR_UTIL_H

/*
 * util.h: every util header at once, kept for this round only so that code
 * written against the old single header still builds. Code in src/ includes
 * the topic headers it uses (util/buf.h, util/number.h, ...); the include
 * check (cmake/include_check.cmake) refuses this header there.
 */

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util/alloc.h"
#include "util/base.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/error.h"
#include "util/file.h"
#include "util/hash64.h"
#include "util/json.h"
#include "util/jsonread.h"
#include "util/number.h"
#include "util/pool.h"
#include "util/sha256.h"
#include "util/str.h"

#endif
