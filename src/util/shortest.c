/* shortest.c: the shortest digits that read back as the same double, by
 * Grisu3 (Florian Loitsch, "Printing Floating-Point Numbers Quickly and
 * Accurately with Integers", PLDI 2010), written here from the paper.
 *
 * Grisu3 works in 64-bit integers and knows when it cannot be sure of the
 * shortest closest digits (about 0.5% of doubles); it then says so, and
 * tr_fmt_shortest falls back on its exact search with printf. Where it
 * answers, the digits are the fewest that read back as v, and of those
 * the closest to v: what the search finds, at a fraction of its cost. */

#include "shortest.h"

#include <stdint.h>
#include <string.h>

/* A floating point number f x 2^e with a 64-bit significand ("do-it-
 * yourself floating point", the paper's diy_fp). */
typedef struct {
	uint64_t f;
	int e;
} S_diy;

/* 10^k for k = -348, -340, ... 340, normalized (top bit set) and rounded to
 * nearest: f x 2^e. Computed exactly (Python's fractions) for this file. */
static const struct {
	uint64_t f;
	int e, k;
} S_powers[] = {
	{ 0xfa8fd5a0081c0288ULL, -1220, -348 }, { 0xbaaee17fa23ebf76ULL, -1193, -340 },
	{ 0x8b16fb203055ac76ULL, -1166, -332 }, { 0xcf42894a5dce35eaULL, -1140, -324 },
	{ 0x9a6bb0aa55653b2dULL, -1113, -316 }, { 0xe61acf033d1a45dfULL, -1087, -308 },
	{ 0xab70fe17c79ac6caULL, -1060, -300 }, { 0xff77b1fcbebcdc4fULL, -1034, -292 },
	{ 0xbe5691ef416bd60cULL, -1007, -284 }, { 0x8dd01fad907ffc3cULL, -980, -276 },
	{ 0xd3515c2831559a83ULL, -954, -268 }, { 0x9d71ac8fada6c9b5ULL, -927, -260 },
	{ 0xea9c227723ee8bcbULL, -901, -252 }, { 0xaecc49914078536dULL, -874, -244 },
	{ 0x823c12795db6ce57ULL, -847, -236 }, { 0xc21094364dfb5637ULL, -821, -228 },
	{ 0x9096ea6f3848984fULL, -794, -220 }, { 0xd77485cb25823ac7ULL, -768, -212 },
	{ 0xa086cfcd97bf97f4ULL, -741, -204 }, { 0xef340a98172aace5ULL, -715, -196 },
	{ 0xb23867fb2a35b28eULL, -688, -188 }, { 0x84c8d4dfd2c63f3bULL, -661, -180 },
	{ 0xc5dd44271ad3cdbaULL, -635, -172 }, { 0x936b9fcebb25c996ULL, -608, -164 },
	{ 0xdbac6c247d62a584ULL, -582, -156 }, { 0xa3ab66580d5fdaf6ULL, -555, -148 },
	{ 0xf3e2f893dec3f126ULL, -529, -140 }, { 0xb5b5ada8aaff80b8ULL, -502, -132 },
	{ 0x87625f056c7c4a8bULL, -475, -124 }, { 0xc9bcff6034c13053ULL, -449, -116 },
	{ 0x964e858c91ba2655ULL, -422, -108 }, { 0xdff9772470297ebdULL, -396, -100 },
	{ 0xa6dfbd9fb8e5b88fULL, -369, -92 }, { 0xf8a95fcf88747d94ULL, -343, -84 },
	{ 0xb94470938fa89bcfULL, -316, -76 }, { 0x8a08f0f8bf0f156bULL, -289, -68 },
	{ 0xcdb02555653131b6ULL, -263, -60 }, { 0x993fe2c6d07b7facULL, -236, -52 },
	{ 0xe45c10c42a2b3b06ULL, -210, -44 }, { 0xaa242499697392d3ULL, -183, -36 },
	{ 0xfd87b5f28300ca0eULL, -157, -28 }, { 0xbce5086492111aebULL, -130, -20 },
	{ 0x8cbccc096f5088ccULL, -103, -12 }, { 0xd1b71758e219652cULL, -77, -4 },
	{ 0x9c40000000000000ULL, -50, 4 }, { 0xe8d4a51000000000ULL, -24, 12 },
	{ 0xad78ebc5ac620000ULL, 3, 20 }, { 0x813f3978f8940984ULL, 30, 28 },
	{ 0xc097ce7bc90715b3ULL, 56, 36 }, { 0x8f7e32ce7bea5c70ULL, 83, 44 },
	{ 0xd5d238a4abe98068ULL, 109, 52 }, { 0x9f4f2726179a2245ULL, 136, 60 },
	{ 0xed63a231d4c4fb27ULL, 162, 68 }, { 0xb0de65388cc8ada8ULL, 189, 76 },
	{ 0x83c7088e1aab65dbULL, 216, 84 }, { 0xc45d1df942711d9aULL, 242, 92 },
	{ 0x924d692ca61be758ULL, 269, 100 }, { 0xda01ee641a708deaULL, 295, 108 },
	{ 0xa26da3999aef774aULL, 322, 116 }, { 0xf209787bb47d6b85ULL, 348, 124 },
	{ 0xb454e4a179dd1877ULL, 375, 132 }, { 0x865b86925b9bc5c2ULL, 402, 140 },
	{ 0xc83553c5c8965d3dULL, 428, 148 }, { 0x952ab45cfa97a0b3ULL, 455, 156 },
	{ 0xde469fbd99a05fe3ULL, 481, 164 }, { 0xa59bc234db398c25ULL, 508, 172 },
	{ 0xf6c69a72a3989f5cULL, 534, 180 }, { 0xb7dcbf5354e9beceULL, 561, 188 },
	{ 0x88fcf317f22241e2ULL, 588, 196 }, { 0xcc20ce9bd35c78a5ULL, 614, 204 },
	{ 0x98165af37b2153dfULL, 641, 212 }, { 0xe2a0b5dc971f303aULL, 667, 220 },
	{ 0xa8d9d1535ce3b396ULL, 694, 228 }, { 0xfb9b7cd9a4a7443cULL, 720, 236 },
	{ 0xbb764c4ca7a44410ULL, 747, 244 }, { 0x8bab8eefb6409c1aULL, 774, 252 },
	{ 0xd01fef10a657842cULL, 800, 260 }, { 0x9b10a4e5e9913129ULL, 827, 268 },
	{ 0xe7109bfba19c0c9dULL, 853, 276 }, { 0xac2820d9623bf429ULL, 880, 284 },
	{ 0x80444b5e7aa7cf85ULL, 907, 292 }, { 0xbf21e44003acdd2dULL, 933, 300 },
	{ 0x8e679c2f5e44ff8fULL, 960, 308 }, { 0xd433179d9c8cb841ULL, 986, 316 },
	{ 0x9e19db92b4e31ba9ULL, 1013, 324 }, { 0xeb96bf6ebadf77d9ULL, 1039, 332 },
	{ 0xaf87023b9bf0ee6bULL, 1066, 340 },
};

#define S_FIRST_K (-348)
#define S_STEP_K 8
#define S_ALPHA (-60)
#define S_GAMMA (-32)

static S_diy S_normalize(S_diy x)
{
	while (!(x.f & 0xffc0000000000000ULL)) {
		x.f <<= 10;
		x.e -= 10;
	}
	while (!(x.f & 0x8000000000000000ULL)) {
		x.f <<= 1;
		x.e -= 1;
	}
	return x;
}

/* x * y rounded to 64 bits (the upper half of the 128-bit product, with
 * the lower half rounded into it). */
static S_diy S_multiply(S_diy x, S_diy y)
{
	const uint64_t m32 = 0xffffffffULL;
	uint64_t a = x.f >> 32, b = x.f & m32, c = y.f >> 32, d = y.f & m32;
	uint64_t ac = a * c, bc = b * c, ad = a * d, bd = b * d;
	uint64_t mid = (bd >> 32) + (ad & m32) + (bc & m32) + (1ULL << 31);
	S_diy r = { ac + (ad >> 32) + (bc >> 32) + (mid >> 32), x.e + y.e + 64 };
	return r;
}

/* Step a digit down towards w while that stays inside the safe interval,
 * then say whether the result is certainly the closest shortest one. The
 * distances are in units of 2^e of the scaled numbers; unit is the error
 * bound of each. */
static bool S_round_weed(char *digits, size_t n, uint64_t dist_high_w,
                         uint64_t unsafe, uint64_t rest, uint64_t ten_kappa,
                         uint64_t unit)
{
	uint64_t small = dist_high_w - unit, big = dist_high_w + unit;
	while (rest < small && unsafe - rest >= ten_kappa &&
	       (rest + ten_kappa < small || small - rest >= rest + ten_kappa - small)) {
		digits[n - 1]--;
		rest += ten_kappa;
	}
	if (rest < big && unsafe - rest >= ten_kappa &&
	    (rest + ten_kappa < big || big - rest > rest + ten_kappa - big))
		return false;
	return 2 * unit <= rest && rest <= unsafe - 4 * unit;
}

/* The number of decimal digits of x (< 2^32) and 10^(that - 1). */
static int S_digits_of(uint32_t x, uint32_t *power)
{
	uint32_t p = 1;
	int n = 1;
	while (n < 10 && x / p >= 10) {
		p *= 10;
		n++;
	}
	*power = p;
	return n;
}

/* The digits of the scaled w between low and high (all of one exponent);
 * *kappa gets the power of ten of the last digit's place. */
static bool S_digit_gen(char *digits, size_t *n, int *kappa, S_diy low, S_diy w, S_diy high)
{
	uint64_t unit = 1;
	S_diy too_low = { low.f - unit, low.e }, too_high = { high.f + unit, high.e };
	uint64_t unsafe = too_high.f - too_low.f;
	int shift = -w.e;
	uint64_t one = 1ULL << shift;
	uint32_t integrals = (uint32_t)(too_high.f >> shift), divisor;
	uint64_t fractionals = too_high.f & (one - 1);
	*kappa = S_digits_of(integrals, &divisor);
	*n = 0;
	while (*kappa > 0) {
		uint64_t rest;
		digits[(*n)++] = (char)('0' + integrals / divisor);
		integrals %= divisor;
		(*kappa)--;
		rest = ((uint64_t)integrals << shift) + fractionals;
		if (rest < unsafe)
			return S_round_weed(digits, *n, too_high.f - w.f, unsafe, rest,
			                    (uint64_t)divisor << shift, unit);
		divisor /= 10;
	}
	for (;;) {
		fractionals *= 10;
		unit *= 10;
		unsafe *= 10;
		digits[(*n)++] = (char)('0' + (fractionals >> shift));
		fractionals &= one - 1;
		(*kappa)--;
		if (fractionals < unsafe)
			return S_round_weed(digits, *n, (too_high.f - w.f) * unit, unsafe,
			                    fractionals, one, unit);
		if (*n >= 18)
			return false;
	}
}

bool tr_shortest_digits(char digits[20], size_t *ndigits, int *exp10, double v)
{
	uint64_t bits, frac;
	int bexp;
	S_diy w, plus, minus, c;
	int kappa, index;
	double dk;
	memcpy(&bits, &v, sizeof(bits));
	bits &= 0x7fffffffffffffffULL;
	frac = bits & 0xfffffffffffffULL;
	bexp = (int)(bits >> 52);
	if (bits == 0 || bexp == 0x7ff)
		return false;
	if (bexp == 0) {
		w.f = frac;
		w.e = 1 - 1075;
	} else {
		w.f = frac | 0x10000000000000ULL;
		w.e = bexp - 1075;
	}
	/* the boundaries halfway to the neighbours; the lower one is closer
	 * at a power of two (the spacing halves below it) */
	plus = S_normalize((S_diy){ (w.f << 1) + 1, w.e - 1 });
	if (frac == 0 && bexp > 1)
		minus = (S_diy){ (w.f << 2) - 1, w.e - 2 };
	else
		minus = (S_diy){ (w.f << 1) - 1, w.e - 1 };
	minus.f <<= minus.e - plus.e;
	minus.e = plus.e;
	w = S_normalize(w);
	if (w.e != plus.e)
		return false;
	/* the cached power that brings the exponent into [alpha, gamma] */
	dk = (S_ALPHA - 1 - w.e) * 0.30102999566398114 - S_FIRST_K - 1;
	index = (int)dk;
	if (dk - index > 0)
		index++;
	index = index / S_STEP_K + 1;
	if (index < 0 || (size_t)index >= sizeof(S_powers) / sizeof(*S_powers))
		return false;
	c = (S_diy){ S_powers[index].f, S_powers[index].e };
	if (w.e + c.e + 64 < S_ALPHA || w.e + c.e + 64 > S_GAMMA)
		return false;
	if (!S_digit_gen(digits, ndigits, &kappa, S_multiply(minus, c), S_multiply(w, c),
	                 S_multiply(plus, c)))
		return false;
	*exp10 = kappa - S_powers[index].k;
	return true;
}
