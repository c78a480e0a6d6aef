/* Helpers of the viterbi suites (test_viterbi_dec.c, test_viterbi_bcjr.c): the three endings, a checked code, a
 * noisy frame, and the check that a call fails with FG_EINVAL naming its parameter. */
#ifndef FG_VITERBI_TESTS_H
#define FG_VITERBI_TESTS_H

#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/viterbi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const fg_vit_ending endings[3] = {FG_VIT_TERMINATED, FG_VIT_TRUNCATED, FG_VIT_TAILBITING};

/* A code from K, "g0,g1,..." and a puncturing pattern ("none" or masks). */
static inline fg_vit_code make_code(int K, const char *gen, const char *punct)
{
    fg_vit_code c = fg_vit_code_default();
    c.K = K;
    CU_ASSERT_EQUAL_FATAL(fg_vit_parse_gen(gen, &c), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vit_parse_punct(punct, &c), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vit_code_check(&c), 0);
    return c;
}

/* Frame `f` (seed 11): random bits, the codeword, BPSK over AWGN at ebn0 (dB, per information bit), LLRs into
 * llr (fg_vit_sent_len of them). */
static inline void make_frame(const fg_vit_code *c, fg_vit_ending e, int k, double ebn0, uint64_t f, uint8_t *bits,
                              double *llr)
{
    const int N = fg_vit_sent_len(c, e, k);
    uint8_t *cw = malloc((size_t)N);
    CU_ASSERT_FATAL(cw != NULL);
    CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(k, 11, f, bits), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vit_encode(c, e, k, bits, cw), 0);
    double s;
    CU_ASSERT_EQUAL_FATAL(fg_channel_sigma(ebn0, (double)k / N, &s), 0);
    CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(cw, N, s, 11, f, llr), 0);
    CU_ASSERT_EQUAL_FATAL(fg_channel_llr(llr, N, s, llr), 0);
    free(cw);
}

static inline void expect_einval(int rc, const char *needle)
{
    CU_ASSERT_EQUAL(rc, FG_EINVAL);
    if (!strstr(fg_last_error(), needle)) {
        fprintf(stderr, "\nexpected \"%s\" in \"%s\"\n", needle, fg_last_error());
        CU_FAIL("error message does not name the parameter");
    }
}

#endif
