/* Turbo codes (fecforge/turbo.h): termination of both encoders for every block size, against an
 * RSC written here from the generator polynomials; a hand-computed impulse response; linearity; the
 * UMTS and LTE transmission orders; CRC-24A/B against polynomial long division and the catalogue
 * check values; parameter errors. */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/turbo.h"

#include <stdlib.h>
#include <string.h>

/* The constituent encoder from the polynomials (g0 = 1 + D^2 + D^3 feedback, g1 = 1 + D + D^3),
 * register (r1, r2, r3): a = u + r2 + r3, z = a + r1 + r3. Independent of rsc.h. */
typedef struct { int r1, r2, r3; } reg3;
static int reg_step(reg3 *r, int u)
{
    const int a = u ^ r->r2 ^ r->r3, z = a ^ r->r1 ^ r->r3;
    r->r3 = r->r2;
    r->r2 = r->r1;
    r->r1 = a;
    return z;
}

/* Check one codeword: systematic part, both parities, both tails (input, parity, final state 0). */
static int check_codeword(fg_std std, int K, const uint8_t *bits, const uint8_t *cw, const int32_t *pi)
{
    const fg_turbo_layout l = fg_turbo_layout_of(K);
    reg3 e1 = {0, 0, 0}, e2 = {0, 0, 0};
    (void)std;
    for (int k = 0; k < K; k++) {
        if (cw[l.sys + k] != bits[k] || cw[l.par1 + k] != reg_step(&e1, bits[k]) ||
            cw[l.par2 + k] != reg_step(&e2, bits[pi[k]]))
            return 0;
    }
    for (int t = 0; t < 3; t++) {
        /* the tail input empties the register: u = r2 + r3 makes a = 0 */
        const int u1 = e1.r2 ^ e1.r3, u2 = e2.r2 ^ e2.r3;
        if (cw[l.tail1 + 2 * t] != u1 || cw[l.tail1 + 2 * t + 1] != reg_step(&e1, u1) ||
            cw[l.tail2 + 2 * t] != u2 || cw[l.tail2 + 2 * t + 1] != reg_step(&e2, u2))
            return 0;
    }
    return e1.r1 == 0 && e1.r2 == 0 && e1.r3 == 0 && e2.r1 == 0 && e2.r2 == 0 && e2.r3 == 0;
}

static void test_every_k_terminates(void)
{
    uint8_t *bits = malloc(FG_K_MAX), *cw = malloc(3 * FG_K_MAX + FG_TURBO_TAIL);
    int32_t *pi = malloc(sizeof *pi * FG_K_MAX);
    CU_ASSERT_FATAL(bits && cw && pi);
    for (int s = 0; s < 2; s++) {
        const fg_std std = s ? FG_STD_LTE : FG_STD_UMTS;
        const int n = fg_interleaver_num_sizes(std);
        int bad = 0;
        for (int i = 0; i < n; i++) {
            const int K = fg_interleaver_size(std, i);
            CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(K, 5, (uint64_t)K, bits), 0);
            CU_ASSERT_EQUAL_FATAL(fg_interleaver_table(std, K, pi), 0);
            CU_ASSERT_EQUAL_FATAL(fg_turbo_encode(std, K, bits, cw), 0);
            bad += !check_codeword(std, K, bits, cw, pi);
        }
        CU_ASSERT_EQUAL(bad, 0);
    }
    free(bits);
    free(cw);
    free(pi);
}

/* Impulse at bit 0, LTE K = 40 (pi(0) = 0): both parities are the impulse response of
 * (1 + D + D^3) / (1 + D^2 + D^3), worked out by hand: z_0 = 1, then the register cycles through 7
 * states from step 1 on, z = 1 1 1 0 0 1 0 repeated; after 40 steps the register is (1, 1, 1) and the
 * tail is x z = 0 0, 0 1, 1 1. */
static void test_impulse_by_hand(void)
{
    enum { K = 40, N = 3 * K + 12 };
    static const uint8_t period[7] = {1, 1, 1, 0, 0, 1, 0}; /* z_1 .. z_7, z_8 = z_1, ... */
    static const uint8_t tail[6] = {0, 0, 0, 1, 1, 1};
    uint8_t bits[K] = {1}, cw[N];
    CU_ASSERT_EQUAL_FATAL(fg_turbo_encode(FG_STD_LTE, K, bits, cw), 0);
    const fg_turbo_layout l = fg_turbo_layout_of(K);
    for (int k = 0; k < K; k++) {
        CU_ASSERT_EQUAL(cw[l.sys + k], k == 0);
        const int z = k == 0 ? 1 : period[(k - 1) % 7];
        CU_ASSERT_EQUAL(cw[l.par1 + k], z);
        CU_ASSERT_EQUAL(cw[l.par2 + k], z);
    }
    CU_ASSERT_EQUAL(memcmp(cw + l.tail1, tail, 6), 0);
    CU_ASSERT_EQUAL(memcmp(cw + l.tail2, tail, 6), 0);
}

static void test_linearity(void)
{
    const fg_std stds[2] = {FG_STD_UMTS, FG_STD_LTE};
    const int Ks[2] = {1237, 2048};
    for (int s = 0; s < 2; s++) {
        const int K = Ks[s], N = 3 * K + 12;
        uint8_t *a = malloc(K), *b = malloc(K), *c = malloc(K), *ea = malloc(N), *eb = malloc(N), *ec = malloc(N);
        CU_ASSERT_FATAL(a && b && c && ea && eb && ec);
        fg_channel_random_bits(K, 1, 1, a);
        fg_channel_random_bits(K, 1, 2, b);
        for (int k = 0; k < K; k++)
            c[k] = a[k] ^ b[k];
        CU_ASSERT_EQUAL_FATAL(fg_turbo_encode(stds[s], K, a, ea), 0);
        CU_ASSERT_EQUAL_FATAL(fg_turbo_encode(stds[s], K, b, eb), 0);
        CU_ASSERT_EQUAL_FATAL(fg_turbo_encode(stds[s], K, c, ec), 0);
        int lin = 1, ones = 0;
        for (int i = 0; i < N; i++) {
            lin &= ec[i] == (ea[i] ^ eb[i]);
            ones += ea[i];
        }
        CU_ASSERT(lin);
        CU_ASSERT(ones > N / 4 && ones < 3 * N / 4);
        for (int k = 0; k < K; k++)
            a[k] = 0;
        CU_ASSERT_EQUAL_FATAL(fg_turbo_encode(stds[s], K, a, ea), 0);
        ones = 0;
        for (int i = 0; i < N; i++)
            ones += ea[i];
        CU_ASSERT_EQUAL(ones, 0);
        free(a), free(b), free(c), free(ea), free(eb), free(ec);
    }
}

static void test_tx_orders(void)
{
    for (int s = 0; s < 2; s++) {
        const fg_std std = s ? FG_STD_LTE : FG_STD_UMTS;
        const int K = s ? 6144 : 5114, N = 3 * K + 12;
        int32_t *o = malloc(sizeof *o * N);
        uint8_t *seen = calloc(N, 1), *cw = malloc(N), *tx = malloc(N), *bits = malloc(K);
        double *y = malloc(sizeof *y * N), *back = malloc(sizeof *back * N);
        CU_ASSERT_FATAL(o && seen && cw && tx && bits && y && back);
        CU_ASSERT_EQUAL_FATAL(fg_turbo_tx_order(std, K, o), 0);
        int perm = 1;
        for (int i = 0; i < N; i++) {
            perm &= o[i] >= 0 && o[i] < N && !seen[o[i]];
            if (o[i] >= 0 && o[i] < N)
                seen[o[i]] = 1;
        }
        CU_ASSERT(perm);
        const fg_turbo_layout l = fg_turbo_layout_of(K);
        if (std == FG_STD_UMTS) {
            CU_ASSERT(o[0] == l.sys && o[1] == l.par1 && o[2] == l.par2 && o[3] == l.sys + 1);
            CU_ASSERT(o[3 * K] == l.tail1 && o[3 * K + 6] == l.tail2 && o[N - 1] == l.tail2 + 5);
        } else {
            const int D = K + 4;
            CU_ASSERT(o[0] == l.sys && o[D] == l.par1 && o[2 * D] == l.par2);
            /* d(0)_K = x_K, d(0)_{K+1} = z_{K+1}, d(1)_{K+1} = x_{K+2}, d(2)_{K+3} = z'_{K+2} */
            CU_ASSERT(o[K] == l.tail1 && o[K + 1] == l.tail1 + 3 && o[D + K + 1] == l.tail1 + 4);
            CU_ASSERT(o[K + 2] == l.tail2 && o[2 * D + K + 3] == l.tail2 + 5 && o[D + K + 3] == l.tail2 + 4);
        }
        /* bits to transmission order and LLRs back: the round trip is the identity */
        fg_channel_random_bits(K, 3, 0, bits);
        CU_ASSERT_EQUAL_FATAL(fg_turbo_encode(std, K, bits, cw), 0);
        CU_ASSERT_EQUAL_FATAL(fg_turbo_to_tx(std, K, cw, tx), 0);
        CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk(tx, N, y), 0);
        CU_ASSERT_EQUAL_FATAL(fg_turbo_llr_from_tx(std, K, y, back), 0);
        int same = 1;
        for (int i = 0; i < N; i++)
            same &= (back[i] < 0) == cw[i];
        CU_ASSERT(same);
        free(o), free(seen), free(cw), free(tx), free(bits), free(y), free(back);
    }
}

/* Remainder of m(D) D^24 divided by g(D) by long division over GF(2) on an explicit bit array
 * (first bit = highest power), independent of the library's register and table. */
static uint32_t crc_long_division(const uint8_t *bits, int n, const uint8_t g[25])
{
    uint8_t *r = calloc((size_t)n + 24, 1);
    memcpy(r, bits, (size_t)n);
    for (int i = 0; i < n; i++)
        if (r[i])
            for (int j = 0; j <= 24; j++)
                r[i + j] ^= g[j];
    uint32_t c = 0;
    for (int j = 0; j < 24; j++)
        c = (c << 1) | r[n + j];
    free(r);
    return c;
}

static void test_crc(void)
{
    /* g[j] = coefficient of D^(24-j), from TS 36.212 5.1.1 */
    static const int powA[] = {24, 23, 18, 17, 14, 11, 10, 7, 6, 5, 4, 3, 1, 0};
    static const int powB[] = {24, 23, 6, 5, 1, 0};
    uint8_t g[2][25] = {{0}};
    for (size_t i = 0; i < sizeof powA / sizeof powA[0]; i++)
        g[0][24 - powA[i]] = 1;
    for (size_t i = 0; i < sizeof powB / sizeof powB[0]; i++)
        g[1][24 - powB[i]] = 1;
    uint8_t bits[1100], blk[1124];
    for (int p = 0; p < 2; p++) {
        int agree = 1;
        for (int n = 0; n <= 1100; n += 1 + n / 7) {
            fg_channel_random_bits(n, 9, (uint64_t)n, bits);
            uint32_t c;
            CU_ASSERT_EQUAL_FATAL(fg_crc24((fg_crc24_poly)p, bits, n, &c), 0);
            agree &= c == crc_long_division(bits, n, g[p]);
        }
        CU_ASSERT(agree);
        /* attach / check; every single-bit error is detected */
        fg_channel_random_bits(1000, 4, 0, bits);
        CU_ASSERT_EQUAL_FATAL(fg_crc24_attach((fg_crc24_poly)p, bits, 1000, blk), 0);
        CU_ASSERT_EQUAL(memcmp(blk, bits, 1000), 0);
        CU_ASSERT_EQUAL(fg_crc24_check((fg_crc24_poly)p, blk, 1024), 1);
        int caught = 1;
        for (int i = 0; i < 1024; i++) {
            blk[i] ^= 1;
            caught &= fg_crc24_check((fg_crc24_poly)p, blk, 1024) == 0;
            blk[i] ^= 1;
        }
        CU_ASSERT(caught);
    }
    /* the CRC catalogue's check values of "123456789": CRC-24/LTE-A 0xCDE703, CRC-24/LTE-B 0x23EF52 */
    const char *msg = "123456789";
    uint8_t mb[72];
    for (int i = 0; i < 72; i++)
        mb[i] = (uint8_t)((msg[i / 8] >> (7 - i % 8)) & 1);
    uint32_t c;
    CU_ASSERT_EQUAL(fg_crc24(FG_CRC24A, mb, 72, &c), 0);
    CU_ASSERT_EQUAL(c, 0xCDE703u);
    CU_ASSERT_EQUAL(fg_crc24(FG_CRC24B, mb, 72, &c), 0);
    CU_ASSERT_EQUAL(c, 0x23EF52u);
}

static void test_errors(void)
{
    uint8_t bits[48] = {0}, cw[3 * 48 + 12];
    int32_t o[200];
    CU_ASSERT_EQUAL(fg_turbo_encode(FG_STD_LTE, 41, bits, cw), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "K=41"));
    CU_ASSERT_EQUAL(fg_turbo_encode(FG_STD_UMTS, 39, bits, cw), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "[40, 5114]"));
    bits[7] = 2;
    CU_ASSERT_EQUAL(fg_turbo_encode(FG_STD_LTE, 48, bits, cw), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "bits_K[7]=2"));
    CU_ASSERT_EQUAL(fg_turbo_tx_order(FG_STD_LTE, 6145, o), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_crc24((fg_crc24_poly)2, bits, 8, NULL), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "crc_poly=2"));
    CU_ASSERT_EQUAL(fg_crc24_check(FG_CRC24A, bits, 23), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "B=23"));
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"every K of UMTS and LTE: parities and termination", test_every_k_terminates},
        {"impulse response and tail by hand", test_impulse_by_hand},
        {"linearity, all-zero codeword", test_linearity},
        {"UMTS/LTE transmission orders, round trip", test_tx_orders},
        {"CRC-24A/B: long division, check values, detection", test_crc},
        {"parameter errors", test_errors},
        {NULL, NULL},
    };
    fg_add_suite("turbo_code", cases);
}
