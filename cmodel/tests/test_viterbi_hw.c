/* The streaming Viterbi decoder's step model (fecforge/viterbi_hw.h) against the bit-accurate decoder: frame by
 * frame on random noisy frames, its bits equal fg_vit_fixed_run with the tiling fg_vit_hw_dec_cfg (f = D, v2 = L,
 * v1 past the frame, f0 = 0), for radix 2 and 4, the traceback memory and register exchange, K 3 to 9, rates 1/2
 * and 1/3, punctured or not (garbage on the erased symbols), both normalisations, minimum and wider path
 * metrics, coarse symbols full of ties, terminated and truncated frames of any length, back to back in one
 * decoder; radix 4 equals radix 2 bit for bit; no timing fault; the throughput at steady state; parameter
 * errors. */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/rng.h"
#include "fecforge/viterbi_hw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int K;
    const char *gen, *punct;
    int w_llr, w_pm_extra;
    fg_vit_norm norm;
    int radix;
    fg_vit_hw_tb tb;
    int depth, block;
} hw_case;

/* A frame of k bits through the channel at ebn0 into the decoder's inputs: q_sn (0 where erased) for the fixed
 * decoder, in_sn the hardware's symbols (erased ones random garbage), era_sn. Returns the stages. */
static int make_frame(const fg_vit_code *c, fg_vit_ending e, int k, int w_llr, double ebn0, uint64_t f, int32_t *rx,
                      int32_t *q_sn, int32_t *in_sn, uint8_t *era_sn)
{
    const int N = fg_vit_sent_len(c, e, k), T = fg_vit_stages(c, e, k);
    uint8_t *bits = malloc((size_t)k), *cw = malloc((size_t)N);
    double *llr = malloc(sizeof *llr * (size_t)N), s;
    CU_ASSERT_FATAL(bits && cw && llr);
    CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(k, 7, f, bits), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vit_encode(c, e, k, bits, cw), 0);
    CU_ASSERT_EQUAL_FATAL(fg_channel_sigma(ebn0, (double)k / N, &s), 0);
    CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(cw, N, s, 7, f, llr), 0);
    CU_ASSERT_EQUAL_FATAL(fg_channel_llr(llr, N, s, llr), 0);
    CU_ASSERT_EQUAL_FATAL(fg_llr_quantize(llr, N, w_llr, 1, rx), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vit_depuncture_q(c, e, k, rx, q_sn), 0);
    const int32_t qmax = fg_fx_max(w_llr);
    for (int t = 0; t < T; t++)
        for (int b = 0; b < c->n; b++) {
            const size_t i = (size_t)t * (size_t)c->n + (size_t)b;
            era_sn[i] = (uint8_t)!fg_vit_sent(c, t, b);
            const uint32_t r = fg_rng_u32_at(99, f, (uint64_t)i);
            in_sn[i] = era_sn[i] ? (int32_t)(r % (uint32_t)(2 * qmax + 1)) - qmax : q_sn[i];
        }
    free(bits), free(cw), free(llr);
    return T;
}

static fg_vit_hw_cfg cfg_of(const hw_case *x, fg_vit_code *code)
{
    fg_vit_hw_cfg h = fg_vit_hw_cfg_default();
    *code = fg_vit_code_default();
    code->K = x->K;
    CU_ASSERT_EQUAL_FATAL(fg_vit_parse_gen(x->gen, code), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vit_parse_punct(x->punct, code), 0);
    h.code = *code;
    h.w_llr = x->w_llr;
    h.w_pm = x->w_pm_extra ? fg_vit_pm_min_width(code, x->w_llr) + x->w_pm_extra : 0;
    h.norm = x->norm;
    h.radix = x->radix;
    h.tb = x->tb;
    h.depth = x->depth;
    h.block = x->block;
    return h;
}

/* frames of random lengths and both endings through one decoder, back to back; each against the fixed
 * decoder. Returns the bit errors against the sent bits (so that a test can tell the frames were noisy). */
static long run_case(const hw_case *x, int frames, double ebn0, uint64_t seed)
{
    fg_vit_code code;
    const fg_vit_hw_cfg hc = cfg_of(x, &code);
    fg_vit_hw *h = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_vit_hw_create(&hc, &h), 0);
    const fg_vit_hw_dims *d = fg_vit_hw_dims_of(h);
    const int kmax = 400, n = code.n, T = kmax + code.K;
    int32_t *rx = malloc(sizeof *rx * (size_t)T * (size_t)n), *q = malloc(sizeof *q * (size_t)T * (size_t)n);
    int32_t *in = malloc(sizeof *in * (size_t)T * (size_t)n);
    uint8_t *era = malloc((size_t)T * (size_t)n), *ref = malloc((size_t)T), *got = malloc((size_t)T);
    uint8_t *sent = malloc((size_t)T);
    CU_ASSERT_FATAL(rx && q && in && era && ref && got && sent);
    long errors = 0;
    for (int f = 0; f < frames; f++) {
        const uint32_t r = fg_rng_u32_at(seed, (uint64_t)f, 0);
        const fg_vit_ending e = (r >> 16) & 1 ? FG_VIT_TRUNCATED : FG_VIT_TERMINATED;
        /* short frames (below K, below L, below L + D) and long ones */
        const int k = 1 + (int)(r % (f % 3 == 0 ? 24u : (uint32_t)kmax));
        const int stages = make_frame(&code, e, k, x->w_llr, ebn0, seed * 1000 + (uint64_t)f, rx, q, in, era);
        const fg_vit_dec_cfg g = fg_vit_hw_dec_cfg(d, e);
        fg_vit_dec *dec = NULL;
        CU_ASSERT_EQUAL_FATAL(fg_vit_dec_create(&code, k, &g, &dec), 0);
        CU_ASSERT_EQUAL_FATAL(fg_vit_fixed_run(dec, rx, ref), 0);
        fg_vit_dec_destroy(dec);
        long cycles = 0;
        const int rc = fg_vit_hw_decode(h, in, era, stages, e == FG_VIT_TERMINATED, got, &cycles);
        CU_ASSERT_EQUAL(rc, 0);
        if (rc)
            fprintf(stderr, "%s\n", fg_last_error());
        if (rc || memcmp(ref, got, (size_t)k)) {
            int i = 0;
            while (i < k && ref[i] == got[i])
                i++;
            fprintf(stderr, "K=%d radix %d %s L=%d D=%d %s norm %d frame %d k=%d %s: first difference at bit %d\n",
                    x->K, x->radix, x->tb ? "exchange" : "memory", d->L, d->D, x->punct, (int)x->norm, f, k,
                    e == FG_VIT_TERMINATED ? "terminated" : "truncated", i);
            CU_FAIL("step model differs from fg_vit_fixed_run");
            break;
        }
        CU_ASSERT_EQUAL(fg_channel_random_bits(k, 7, seed * 1000 + (uint64_t)f, sent), 0);
        for (int i = 0; i < k; i++)
            errors += sent[i] != got[i];
    }
    CU_ASSERT_EQUAL(fg_vit_hw_faults(h), 0);
    fg_vit_hw_destroy(h);
    free(rx), free(q), free(in), free(era), free(ref), free(got), free(sent);
    return errors;
}

static const hw_case cases[] = {
    {3, "7,5", "none", 4, 0, FG_VIT_NORM_MODULO, 2, FG_VIT_HW_MEMORY, 4, 4},
    {3, "7,5", "none", 3, 0, FG_VIT_NORM_SUBTRACT, 4, FG_VIT_HW_EXCHANGE, 6, 0},
    {3, "7,5", "101,110", 3, 1, FG_VIT_NORM_MODULO, 2, FG_VIT_HW_EXCHANGE, 2, 0},
    {5, "23,35", "none", 5, 0, FG_VIT_NORM_MODULO, 4, FG_VIT_HW_MEMORY, 12, 6},
    {5, "25,33,37", "none", 4, 0, FG_VIT_NORM_SUBTRACT, 2, FG_VIT_HW_MEMORY, 9, 3},
    {5, "23,35", "10,11", 5, 2, FG_VIT_NORM_SUBTRACT, 4, FG_VIT_HW_EXCHANGE, 10, 0},
    {7, "171,133", "none", 5, 0, FG_VIT_NORM_MODULO, 2, FG_VIT_HW_MEMORY, 0, 0},
    {7, "171,133", "101,110", 5, 0, FG_VIT_NORM_MODULO, 4, FG_VIT_HW_MEMORY, 30, 10},
    {7, "171,133", "none", 3, 0, FG_VIT_NORM_SUBTRACT, 2, FG_VIT_HW_EXCHANGE, 20, 0},
    {7, "133,171", "110,101", 4, 3, FG_VIT_NORM_MODULO, 4, FG_VIT_HW_EXCHANGE, 0, 0},
    {7, "171,133", "none", 5, 0, FG_VIT_NORM_SUBTRACT, 2, FG_VIT_HW_MEMORY, 6, 1},
    {9, "561,753", "none", 5, 0, FG_VIT_NORM_MODULO, 2, FG_VIT_HW_MEMORY, 40, 16},
    {9, "561,753", "10,11", 4, 0, FG_VIT_NORM_SUBTRACT, 4, FG_VIT_HW_MEMORY, 0, 0},
    {9, "561,753", "none", 5, 1, FG_VIT_NORM_MODULO, 4, FG_VIT_HW_EXCHANGE, 16, 0},
    {9, "561,753", "none", 5, 0, FG_VIT_NORM_SUBTRACT, 2, FG_VIT_HW_EXCHANGE, 8, 0},
};

static void test_equals_fixed(void)
{
    long errors = 0;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        errors += run_case(&cases[i], 12, i % 2 ? 1.0 : 2.5, 100 + i);
    CU_ASSERT(errors > 0); /* noisy frames: the decoders had something to decide */
}

/* Radix 4 decides what radix 2 does with the same L and D (the same frame through both; register exchange of
 * radix 4 has D = 2, so its radix-2 twin is the traceback memory with D = 2). */
static void test_radix4_is_radix2(void)
{
    for (int tb = 0; tb < 2; tb++) {
        hw_case a = {7, "171,133", "none", 3, 0, FG_VIT_NORM_MODULO, 2, (fg_vit_hw_tb)tb, 12, tb ? 0 : 8};
        for (int r = 0; r < 2; r++) {
            a.radix = r ? 4 : 2;
            a.tb = r ? (fg_vit_hw_tb)tb : FG_VIT_HW_MEMORY;
            a.block = tb ? (r ? 0 : 2) : 8;
            fg_vit_code code;
            const fg_vit_hw_cfg hc = cfg_of(&a, &code);
            fg_vit_hw *h = NULL;
            CU_ASSERT_EQUAL_FATAL(fg_vit_hw_create(&hc, &h), 0);
            const int k = 301, T = k + 6, n = 2;
            int32_t rx[2 * 307], q[2 * 307], in[2 * 307];
            uint8_t era[2 * 307], got[2][307];
            static uint8_t first[2][307];
            make_frame(&code, FG_VIT_TERMINATED, k, 3, 1.5, 5, rx, q, in, era);
            (void)n;
            CU_ASSERT_EQUAL(fg_vit_hw_decode(h, in, era, T, 1, got[0], NULL), 0);
            if (r == 0)
                memcpy(first[tb], got[0], (size_t)k);
            else
                CU_ASSERT_EQUAL(memcmp(first[tb], got[0], (size_t)k), 0);
            fg_vit_hw_destroy(h);
        }
    }
}

/* At full rate a long frame takes stages / S cycles plus a latency of at most the end's flush. */
static void test_throughput(void)
{
    for (int r = 2; r <= 4; r += 2)
        for (int tb = 0; tb < 2; tb++) {
            hw_case a = {7, "171,133", "none", 5, 0, FG_VIT_NORM_MODULO, r, (fg_vit_hw_tb)tb, 36, 0};
            fg_vit_code code;
            const fg_vit_hw_cfg hc = cfg_of(&a, &code);
            fg_vit_hw *h = NULL;
            CU_ASSERT_EQUAL_FATAL(fg_vit_hw_create(&hc, &h), 0);
            const fg_vit_hw_dims *d = fg_vit_hw_dims_of(h);
            enum { KB = 2000 };
            const int T = KB + 6;
            int32_t *rx = malloc(sizeof *rx * 2 * T), *q = malloc(sizeof *q * 2 * T), *in = malloc(sizeof *in * 2 * T);
            uint8_t *era = malloc((size_t)2 * T), *got = malloc((size_t)T);
            CU_ASSERT_FATAL(rx && q && in && era && got);
            make_frame(&code, FG_VIT_TERMINATED, KB, 5, 4.0, 3, rx, q, in, era);
            long cycles = 0;
            CU_ASSERT_EQUAL(fg_vit_hw_decode(h, in, era, T, 1, got, &cycles), 0);
            const long feed = (T + d->S - 1) / d->S, flush = cycles - feed;
            printf("  K 7 radix %d %s L %d D %d: %d stages in %ld cycles (feed %ld, end %ld)\n", r,
                   tb ? "exchange" : "memory", d->L, d->D, T, cycles, feed, flush);
            CU_ASSERT(flush > 0);
            CU_ASSERT(flush <= 2 + (d->L + 2 * d->D) / d->S + (d->R ? (d->L + 2 * d->D) / d->R + 2 : 0));
            fg_vit_hw_destroy(h);
            free(rx), free(q), free(in), free(era), free(got);
        }
}

static void test_errors(void)
{
    fg_vit_hw_cfg c = fg_vit_hw_cfg_default();
    fg_vit_hw *h = NULL;
    c.depth = 5;
    CU_ASSERT_EQUAL(fg_vit_hw_create(&c, &h), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "depth=5 out of range [6, 512]") != NULL);
    c = fg_vit_hw_cfg_default();
    c.radix = 4;
    c.depth = 31;
    CU_ASSERT_EQUAL(fg_vit_hw_create(&c, &h), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "even for radix 4") != NULL);
    c = fg_vit_hw_cfg_default();
    c.tb = FG_VIT_HW_EXCHANGE;
    c.block = 4;
    CU_ASSERT_EQUAL(fg_vit_hw_create(&c, &h), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "block=4 out of range [1, 1]") != NULL);
    c = fg_vit_hw_cfg_default();
    c.code.K = 11;
    c.code.gen[0] = 02671, c.code.gen[1] = 03175;
    CU_ASSERT_EQUAL(fg_vit_hw_create(&c, &h), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "K=11 out of range [3, 9]") != NULL);
    c = fg_vit_hw_cfg_default();
    c.radix = 3;
    CU_ASSERT_EQUAL(fg_vit_hw_create(&c, &h), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "radix=3") != NULL);
    CU_ASSERT(h == NULL);
}

void fg_test_register(void)
{
    static const fg_test_case tc[] = {
        {"step model = fg_vit_fixed_run (f D, v2 L) frame by frame, K 3..9, radix 2/4, memory/exchange",
         test_equals_fixed},
        {"radix 4 = radix 2", test_radix4_is_radix2},
        {"full-rate throughput and end latency (printed)", test_throughput},
        {"parameter errors", test_errors},
        {NULL, NULL},
    };
    fg_add_suite("viterbi_hw", tc);
}
