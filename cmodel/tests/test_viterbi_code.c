/* Convolutional codes (fecforge/viterbi.h): a hand-computed codeword of the (7,5) code, the encoder against
 * a shift register written here from the generators' taps, the three stream endings (a tail-biting code is
 * quasi-cyclic: rotating the input rotates the codeword), the standards' puncturing patterns and their
 * rates, depuncturing, the code checks (catastrophic codes, constraint length) and the text forms. */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/viterbi.h"

#include <stdlib.h>
#include <string.h>

static fg_vit_code code_of(int K, const char *gen, const char *punct)
{
    fg_vit_code c = fg_vit_code_default();
    c.K = K;
    CU_ASSERT_FATAL(fg_vit_parse_gen(gen, &c) == 0);
    CU_ASSERT_FATAL(fg_vit_parse_punct(punct, &c) == 0);
    CU_ASSERT_FATAL(fg_vit_code_check(&c) == 0);
    return c;
}

/* (7,5), K 3, input 1011, terminated: 11 10 00 01 01 11 (the textbook example). */
static void test_hand_codeword(void)
{
    const fg_vit_code c = code_of(3, "7,5", "none");
    const uint8_t in[4] = {1, 0, 1, 1}, want[12] = {1, 1, 1, 0, 0, 0, 0, 1, 0, 1, 1, 1};
    uint8_t out[12];
    CU_ASSERT_EQUAL(fg_vit_sent_len(&c, FG_VIT_TERMINATED, 4), 12);
    CU_ASSERT_FATAL(fg_vit_encode(&c, FG_VIT_TERMINATED, 4, in, out) == 0);
    CU_ASSERT(memcmp(out, want, 12) == 0);
    CU_ASSERT_EQUAL(fg_vit_sent_len(&c, FG_VIT_TRUNCATED, 4), 8);
    CU_ASSERT_FATAL(fg_vit_encode(&c, FG_VIT_TRUNCATED, 4, in, out) == 0);
    CU_ASSERT(memcmp(out, want, 8) == 0);
}

/* Output b of stage t from the taps: sum over m of g_b[K-1-m] in_{t-m} (in_{<0} = start). */
static int tap_output(const fg_vit_code *c, const uint8_t *hist, int t, int b)
{
    int o = 0;
    for (int m = 0; m < c->K; m++)
        o ^= (int)((c->gen[b] >> (c->K - 1 - m)) & 1u) & hist[t - m + FG_VIT_K_MAX];
    return o;
}

/* The encoder against the taps, every ending, several codes, random inputs. */
static void test_against_taps(void)
{
    static const struct {
        int K;
        const char *gen;
    } codes[] = {{3, "7,5"}, {7, "171,133"}, {7, "133,171,165"}, {9, "561,753"}, {15, "46321,51271,63667,70535"}};
    enum { k = 100 };
    for (size_t i = 0; i < sizeof codes / sizeof *codes; i++)
        for (int e = 0; e < 3; e++) {
            const fg_vit_code c = code_of(codes[i].K, codes[i].gen, "none");
            uint8_t bits[k], out[(k + FG_VIT_K_MAX) * FG_VIT_N_MAX], hist[k + 2 * FG_VIT_K_MAX];
            CU_ASSERT_FATAL(fg_channel_random_bits(k, 3, i * 3 + e, bits) == 0);
            const int T = fg_vit_stages(&c, (fg_vit_ending)e, k);
            memset(hist, 0, sizeof hist);
            for (int t = 0; t < T; t++)
                hist[t + FG_VIT_K_MAX] = t < k ? bits[t] : 0;
            if (e == FG_VIT_TAILBITING) /* before stage 0: the last K-1 inputs */
                for (int m = 1; m < c.K; m++)
                    hist[FG_VIT_K_MAX - m] = bits[k - m];
            CU_ASSERT_FATAL(fg_vit_encode(&c, (fg_vit_ending)e, k, bits, out) == 0);
            int bad = 0;
            for (int t = 0; t < T; t++)
                for (int b = 0; b < c.n; b++)
                    bad += out[t * c.n + b] != tap_output(&c, hist, t, b);
            CU_ASSERT_EQUAL(bad, 0);
        }
}

/* Tail-biting: rotating the input by r stages rotates the codeword by r stages. */
static void test_tailbiting_cyclic(void)
{
    const fg_vit_code c = code_of(7, "171,133", "none");
    enum { k = 40, r = 13 };
    uint8_t bits[k], rot[k], a[2 * k], b2[2 * k];
    CU_ASSERT_FATAL(fg_channel_random_bits(k, 5, 0, bits) == 0);
    for (int i = 0; i < k; i++)
        rot[i] = bits[(i + r) % k];
    CU_ASSERT_FATAL(fg_vit_encode(&c, FG_VIT_TAILBITING, k, bits, a) == 0);
    CU_ASSERT_FATAL(fg_vit_encode(&c, FG_VIT_TAILBITING, k, rot, b2) == 0);
    int bad = 0;
    for (int i = 0; i < 2 * k; i++)
        bad += b2[i] != a[(i + 2 * r) % (2 * k)];
    CU_ASSERT_EQUAL(bad, 0);
}

/* The standards' patterns: rates, what each stage sends, and the generator order they need. */
static void test_punct_standards(void)
{
    static const struct {
        const char *name, *gen, *text;
        int num, den;
    } p[] = {{"dvbs-2/3", "171,133", "10,11", 2, 3},           {"dvbs-3/4", "171,133", "101,110", 3, 4},
             {"dvbs-5/6", "171,133", "10101,11010", 5, 6},     {"dvbs-7/8", "171,133", "1000101,1111010", 7, 8},
             {"wifi-2/3", "133,171", "11,10", 2, 3},           {"wifi-3/4", "133,171", "110,101", 3, 4}};
    for (size_t i = 0; i < sizeof p / sizeof *p; i++) {
        const fg_vit_code c = code_of(7, p[i].gen, p[i].name);
        char buf[64];
        fg_vit_print_punct(&c, buf, sizeof buf);
        CU_ASSERT_STRING_EQUAL(buf, p[i].text);
        /* 840 stages (a multiple of every period): k / sent = num / den */
        CU_ASSERT_EQUAL(fg_vit_sent_len(&c, FG_VIT_TRUNCATED, 840) * p[i].num, 840 * p[i].den);
        fg_vit_code wrong = fg_vit_code_default();
        CU_ASSERT_FATAL(fg_vit_parse_gen(strcmp(p[i].gen, "171,133") ? "171,133" : "133,171", &wrong) == 0);
        CU_ASSERT_EQUAL(fg_vit_parse_punct(p[i].name, &wrong), FG_EINVAL);
        CU_ASSERT(strstr(fg_last_error(), "--gen") != NULL);
    }
    /* DVB-S 3/4 sends X1 Y1 Y2 X3: stage 0 both, stage 1 Y only, stage 2 X only */
    const fg_vit_code c = code_of(7, "171,133", "dvbs-3/4");
    CU_ASSERT(fg_vit_sent(&c, 0, 0) && fg_vit_sent(&c, 0, 1) && !fg_vit_sent(&c, 1, 0) && fg_vit_sent(&c, 1, 1) &&
              fg_vit_sent(&c, 2, 0) && !fg_vit_sent(&c, 2, 1) && fg_vit_sent(&c, 3, 0));
}

/* Depuncturing puts each sent symbol back at its output and 0 elsewhere; the punctured codeword is the
 * full one without the dropped outputs. */
static void test_depuncture(void)
{
    const fg_vit_code full = code_of(7, "171,133", "none"), c = code_of(7, "171,133", "dvbs-7/8");
    enum { k = 61 };
    uint8_t bits[k], cw_full[2 * (k + 6)], cw[2 * (k + 6)];
    CU_ASSERT_FATAL(fg_channel_random_bits(k, 9, 1, bits) == 0);
    CU_ASSERT_FATAL(fg_vit_encode(&full, FG_VIT_TERMINATED, k, bits, cw_full) == 0);
    CU_ASSERT_FATAL(fg_vit_encode(&c, FG_VIT_TERMINATED, k, bits, cw) == 0);
    const int n_sent = fg_vit_sent_len(&c, FG_VIT_TERMINATED, k), T = k + 6;
    double rx[2 * (k + 6)], llr[2 * (k + 6)];
    int32_t rq[2 * (k + 6)], q[2 * (k + 6)];
    for (int i = 0; i < n_sent; i++) {
        rx[i] = cw[i] ? -1.0 - i : 1.0 + i;
        rq[i] = cw[i] ? -1 - i : 1 + i;
    }
    CU_ASSERT_FATAL(fg_vit_depuncture(&c, FG_VIT_TERMINATED, k, rx, llr) == 0);
    CU_ASSERT_FATAL(fg_vit_depuncture_q(&c, FG_VIT_TERMINATED, k, rq, q) == 0);
    int bad = 0, zeros = 0;
    for (int t = 0; t < T; t++)
        for (int b = 0; b < 2; b++) {
            const double v = llr[2 * t + b];
            if (!fg_vit_sent(&c, t, b)) {
                zeros++;
                bad += v != 0.0 || q[2 * t + b] != 0;
            } else
                bad += (v < 0) != cw_full[2 * t + b] || q[2 * t + b] != (int32_t)v;
        }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(zeros, 2 * T - n_sent);
}

static void test_checks(void)
{
    fg_vit_code c = fg_vit_code_default();
    CU_ASSERT_EQUAL(fg_vit_code_check(&c), 0);
    c.K = 3;
    CU_ASSERT_FATAL(fg_vit_parse_gen("6,3", &c) == 0); /* 1 + D and D + D^2 share 1 + D */
    CU_ASSERT_EQUAL(fg_vit_code_check(&c), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "catastrophic") != NULL);
    CU_ASSERT_FATAL(fg_vit_parse_gen("6,4", &c) == 0); /* nothing taps the input 2 stages back */
    CU_ASSERT_EQUAL(fg_vit_code_check(&c), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "constraint length") != NULL);
    CU_ASSERT_FATAL(fg_vit_parse_gen("17,5", &c) == 0); /* 4 bits for K 3 */
    CU_ASSERT_EQUAL(fg_vit_code_check(&c), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "generator 1") != NULL);
    c = fg_vit_code_default();
    c.K = 16;
    CU_ASSERT_EQUAL(fg_vit_code_check(&c), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "K=16") != NULL);
    c = fg_vit_code_default();
    CU_ASSERT_EQUAL(fg_vit_parse_gen("171", &c), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_vit_parse_gen("171,138", &c), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "generator 2") != NULL);
    CU_ASSERT_EQUAL(fg_vit_parse_gen("171,,133", &c), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_vit_parse_punct("10,1", &c), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_vit_parse_punct("00,00", &c), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "sends no output") != NULL);
    CU_ASSERT_EQUAL(fg_vit_parse_punct("10,11,11", &c), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_vit_parse_punct("10120,11", &c), FG_EINVAL);
    uint8_t bits[8] = {0}, out[64];
    CU_ASSERT_EQUAL(fg_vit_encode(&c, FG_VIT_TAILBITING, 5, bits, out), FG_EINVAL); /* k < K - 1 */
    CU_ASSERT(strstr(fg_last_error(), "k=5") != NULL);
    CU_ASSERT_EQUAL(fg_vit_encode(&c, (fg_vit_ending)3, 8, bits, out), FG_EINVAL);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"hand_codeword", test_hand_codeword},
        {"against_taps", test_against_taps},
        {"tailbiting_cyclic", test_tailbiting_cyclic},
        {"punct_standards", test_punct_standards},
        {"depuncture", test_depuncture},
        {"checks", test_checks},
        {NULL, NULL},
    };
    fg_add_suite("viterbi_code", cases);
}
