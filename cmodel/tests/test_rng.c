/* Philox4x32-10: published known answers, the (seed, stream, counter) layout, reproducibility,
 * stream separation, and uniform/Gaussian moments inside 6-sigma bands over 1e6 draws. */
#include "fg_cunit.h"
#include "fecforge/rng.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>

/* Known-answer vectors of Random123 (D. E. Shaw Research), file tests/kat_vectors, the three
 * "philox4x32 10" lines (columns: counter[4], key[2], expected output[4]):
 *   philox4x32 10 00000000 00000000 00000000 00000000 00000000 00000000   6627e8d5 e169c58d bc57ac4c 9b00dbd8
 *   philox4x32 10 ffffffff ffffffff ffffffff ffffffff ffffffff ffffffff   408f276d 41c83b0e a20bc7c6 6d5451fd
 *   philox4x32 10 243f6a88 85a308d3 13198a2e 03707344 a4093822 299f31d0   d16cfe09 94fdcceb 5001e420 24126ea1
 * The last two below are from the longer list in the Random123 manual's examples/kat_vectors
 * (github.com/girving/random123-manual), with a single bit set in counter and key. */
static const struct {
    uint32_t ctr[4], key[2], out[4];
} kat[] = {
    {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
    {{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, {0xffffffff, 0xffffffff},
     {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
    {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, {0xa4093822, 0x299f31d0},
     {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
    {{1, 0, 0, 0}, {1, 0}, {0xac08141b, 0xdfc5ccbe, 0x79c07a47, 0xa7f66093}},
    {{0, 0, 0, 0x80000000}, {0, 0x80000000}, {0xf7a0b371, 0xe51dc93d, 0x56ce135d, 0x1d4b5580}},
};

static void test_known_answers(void)
{
    for (size_t i = 0; i < sizeof kat / sizeof kat[0]; i++) {
        uint32_t out[4];
        fg_philox4x32_10(kat[i].ctr, kat[i].key, out);
        for (int j = 0; j < 4; j++)
            if (out[j] != kat[i].out[j]) {
                fprintf(stderr, "kat %zu word %d: %08x, want %08x\n", i, j, out[j], kat[i].out[j]);
                CU_FAIL("Philox4x32-10 known answer");
            }
        /* out may alias ctr */
        uint32_t io[4] = {kat[i].ctr[0], kat[i].ctr[1], kat[i].ctr[2], kat[i].ctr[3]};
        fg_philox4x32_10(io, kat[i].key, io);
        for (int j = 0; j < 4; j++)
            CU_ASSERT_EQUAL(io[j], kat[i].out[j]);
    }
}

/* key = seed (lo, hi), counter = (block lo, block hi, stream lo, stream hi). */
static void test_layout(void)
{
    const uint64_t seed = 0x299f31d0a4093822ull, stream = 0x0370734413198a2eull,
                   block = 0x85a308d3243f6a88ull;
    uint32_t b[4];
    fg_rng_block(seed, stream, block, b);
    CU_ASSERT_EQUAL(b[0], 0xd16cfe09u); /* the third known answer */
    CU_ASSERT_EQUAL(b[3], 0x24126ea1u);
    /* word index i lies in block i / 4 (a 64-bit word index reaches blocks below 2^62) */
    const uint64_t blk = block >> 2;
    fg_rng_block(seed, stream, blk, b);
    for (int j = 0; j < 4; j++)
        CU_ASSERT_EQUAL(fg_rng_u32_at(seed, stream, blk * 4 + (uint64_t)j), b[j]);
}

static void test_sequential_matches_stateless(void)
{
    fg_rng r, s;
    fg_rng_init(&r, 42, 7);
    for (uint64_t i = 0; i < 1000; i++)
        CU_ASSERT_EQUAL_FATAL(fg_rng_next_u32(&r), fg_rng_u32_at(42, 7, i));
    /* init_at(block) starts at word 4*block */
    fg_rng_init_at(&s, 42, 7, 100);
    for (uint64_t i = 400; i < 500; i++)
        CU_ASSERT_EQUAL_FATAL(fg_rng_next_u32(&s), fg_rng_u32_at(42, 7, i));
    /* Gaussians: pair j of the stream is block j */
    fg_rng_init(&r, 42, 7);
    for (uint64_t j = 0; j < 500; j++) {
        double z[2];
        fg_rng_normal2_at(42, 7, j, z);
        CU_ASSERT_EQUAL_FATAL(fg_rng_normal(&r), z[0]);
        CU_ASSERT_EQUAL_FATAL(fg_rng_normal(&r), z[1]);
    }
    /* uniform = (first word << 32 | second word) -> open01 */
    fg_rng_init(&r, 3, 4);
    for (uint64_t i = 0; i < 100; i++) {
        uint64_t x = ((uint64_t)fg_rng_u32_at(3, 4, 2 * i) << 32) | fg_rng_u32_at(3, 4, 2 * i + 1);
        CU_ASSERT_EQUAL_FATAL(fg_rng_uniform(&r), fg_rng_u64_to_open01(x));
    }
}

static void test_reproducible(void)
{
    fg_rng a, b;
    fg_rng_init(&a, 0xdeadbeefcafef00dull, 12345);
    fg_rng_init(&b, 0xdeadbeefcafef00dull, 12345);
    int same = 1;
    for (int i = 0; i < 10000; i++) {
        /* a mixed sequence of draws repeats exactly */
        if (fg_rng_next_u32(&a) != fg_rng_next_u32(&b) || fg_rng_normal(&a) != fg_rng_normal(&b) ||
            fg_rng_uniform(&a) != fg_rng_uniform(&b))
            same = 0;
    }
    CU_ASSERT(same);
}

/* Count equal words between two streams: about 1e4 * 2^-32 expected, so 0 or 1. */
static int equal_words(uint64_t s1, uint64_t t1, uint64_t s2, uint64_t t2)
{
    int eq = 0;
    for (uint64_t i = 0; i < 10000; i++)
        eq += fg_rng_u32_at(s1, t1, i) == fg_rng_u32_at(s2, t2, i);
    return eq;
}

static void test_streams_differ(void)
{
    CU_ASSERT(equal_words(1, 0, 1, 1) <= 1);                 /* stream lo word */
    CU_ASSERT(equal_words(1, 0, 1, 1ull << 32) <= 1);        /* stream hi word */
    CU_ASSERT(equal_words(1, 5, 2, 5) <= 1);                 /* seed lo word */
    CU_ASSERT(equal_words(1, 5, 1 | (1ull << 32), 5) <= 1);  /* seed hi word */
    CU_ASSERT(equal_words(0, 0, 0, 0) == 10000);             /* and the count can see equality */
    /* block hi word: block 2^32 differs from block 0 */
    int eq = 0;
    for (uint64_t i = 0; i < 10000; i++)
        eq += fg_rng_u32_at(9, 9, i) == fg_rng_u32_at(9, 9, i + (1ull << 34));
    CU_ASSERT(eq <= 1);
}

static void test_open01_edges(void)
{
    CU_ASSERT_EQUAL(fg_rng_u64_to_open01(0), ldexp(1.0, -54));
    CU_ASSERT_EQUAL(fg_rng_u64_to_open01(0x7ff), ldexp(1.0, -54)); /* low 11 bits are dropped */
    CU_ASSERT_EQUAL(fg_rng_u64_to_open01(0x800), ldexp(1.0, -53));
    CU_ASSERT_EQUAL(fg_rng_u64_to_open01(UINT64_MAX), 1.0 - ldexp(1.0, -53));
    CU_ASSERT(fg_rng_u64_to_open01(UINT64_MAX) < 1.0);
    CU_ASSERT_EQUAL(fg_rng_u64_to_open01(1ull << 63), 0.5);
}

enum { NDRAW = 1000000 };

static void test_uniform_moments(void)
{
    fg_rng r;
    fg_rng_init(&r, 2024, 0);
    double s1 = 0, s2 = 0;
    int outside = 0;
    for (int i = 0; i < NDRAW; i++) {
        double u = fg_rng_uniform(&r);
        outside += !(u > 0.0 && u < 1.0);
        s1 += u;
        s2 += (u - 0.5) * (u - 0.5);
    }
    const double n = NDRAW, mean = s1 / n, var = s2 / n;
    /* sd(mean) = sqrt(1/12/n); sd of the mean of (u-1/2)^2 = sqrt((1/80 - 1/144)/n) */
    printf("\n  uniform: mean %.6f (0.5), var %.6f (%.6f)\n", mean, var, 1.0 / 12);
    CU_ASSERT_EQUAL(outside, 0);
    CU_ASSERT(fabs(mean - 0.5) < 6 * sqrt(1.0 / 12 / n));
    CU_ASSERT(fabs(var - 1.0 / 12) < 6 * sqrt((1.0 / 80 - 1.0 / 144) / n));
}

static void test_u32_bits(void)
{
    /* each of the 32 bit positions is 1 with probability 1/2 */
    int ones[32] = {0};
    fg_rng r;
    fg_rng_init(&r, 77, 1);
    for (int i = 0; i < NDRAW; i++) {
        uint32_t w = fg_rng_next_u32(&r);
        for (int b = 0; b < 32; b++)
            ones[b] += (w >> b) & 1u;
    }
    for (int b = 0; b < 32; b++)
        CU_ASSERT(fabs(ones[b] - NDRAW / 2.0) < 6 * sqrt(NDRAW / 4.0));
}

static void test_gaussian_moments(void)
{
    fg_rng r;
    fg_rng_init(&r, 99, 3);
    double s1 = 0, s2 = 0, s4 = 0, s12 = 0, prev = 0;
    for (int i = 0; i < NDRAW; i++) {
        double z = fg_rng_normal(&r);
        s1 += z;
        s2 += z * z;
        s4 += z * z * z * z;
        if (i & 1)
            s12 += z * prev; /* the two branches of one Box-Muller pair are uncorrelated */
        prev = z;
    }
    const double n = NDRAW, m1 = s1 / n, m2 = s2 / n, m4 = s4 / n, c = s12 / (n / 2);
    printf("  gaussian: mean %.5f (0), E z^2 %.5f (1), E z^4 %.4f (3), E z0 z1 %.5f (0)\n", m1, m2, m4, c);
    /* Var z = 1, Var z^2 = 2, Var z^4 = 105 - 9 = 96, Var z0 z1 = 1 */
    CU_ASSERT(fabs(m1) < 6 * sqrt(1.0 / n));
    CU_ASSERT(fabs(m2 - 1.0) < 6 * sqrt(2.0 / n));
    CU_ASSERT(fabs(m4 - 3.0) < 6 * sqrt(96.0 / n));
    CU_ASSERT(fabs(c) < 6 * sqrt(1.0 / (n / 2)));
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"known answers (Random123 kat_vectors)", test_known_answers},
        {"key/counter layout", test_layout},
        {"sequential reader = stateless access", test_sequential_matches_stateless},
        {"reproducible", test_reproducible},
        {"distinct seeds/streams/blocks differ", test_streams_differ},
        {"open interval (0,1) edges", test_open01_edges},
        {"uniform mean/variance", test_uniform_moments},
        {"u32 bit balance", test_u32_bits},
        {"gaussian moments", test_gaussian_moments},
        {NULL, NULL},
    };
    fg_add_suite("rng", cases);
}
