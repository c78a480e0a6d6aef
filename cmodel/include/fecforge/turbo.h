/* Turbo codes of UMTS/HSPA+ (TS 25.212 4.2.3.2) and LTE (TS 36.212 5.1.3.2): rate-1/3 PCCC
 * encoders, float reference decoders and early termination (docs/turbo.md).
 *
 * Natural layout. Encoders and decoders exchange a codeword of N = 3K + 12 values in one order for
 * both standards (fg_turbo_layout gives the offsets):
 *   [0, K)          systematic x[k]
 *   [K, 2K)         parity z[k] of encoder 1 (natural order)
 *   [2K, 3K)        parity z'[k] of encoder 2 (fed with the interleaved bits c'[k] = c[pi(k)])
 *   [3K, 3K+6)      encoder 1 termination: x[K], z[K], x[K+1], z[K+1], x[K+2], z[K+2]
 *   [3K+6, 3K+12)   encoder 2 termination: x'[K], z'[K], x'[K+1], z'[K+1], x'[K+2], z'[K+2]
 * The standards' transmission orders (UMTS output multiplexing with its tail order; LTE streams
 * d(0), d(1), d(2) of K+4 bits each) are conversions of this layout. The RSC trellis is
 * fecforge/rsc.h. */
#ifndef FECFORGE_TURBO_H
#define FECFORGE_TURBO_H

#include "fecforge/options.h"
#include <stdint.h>

#include "fecforge/interleaver.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_TURBO_TAIL = 12 };

/* Offsets of the natural layout for block size K. */
typedef struct {
    int K, N;           /* N = 3K + 12 */
    int sys, par1, par2; /* 0, K, 2K */
    int tail1, tail2;    /* 3K, 3K + 6 */
} fg_turbo_layout;

static inline fg_turbo_layout fg_turbo_layout_of(int K)
{
    fg_turbo_layout l = { K, 3 * K + FG_TURBO_TAIL, 0, K, 2 * K, 3 * K, 3 * K + 6 };
    return l;
}

/* Early termination, checked after every half-iteration (thesis 4.8.4; docs/turbo.md):
 *   NONE     run all half-iterations;
 *   MIN_LLR  stop when min_k |L(k)| of the a-posteriori LLRs >= threshold;
 *   AVG_LLR  stop when mean_k |L(k)| >= threshold;
 *   CRC      LTE: stop when the hard decisions pass the CRC-24 the block carries (its last 24
 *            bits; gCRC24A, or gCRC24B for code-block segments, chosen by crc_poly). */
typedef enum { FG_TURBO_ET_NONE = 0, FG_TURBO_ET_MIN_LLR = 1, FG_TURBO_ET_AVG_LLR = 2, FG_TURBO_ET_CRC = 3 } fg_turbo_et_kind;
typedef enum { FG_CRC24A = 0, FG_CRC24B = 1 } fg_crc24_poly;

typedef struct {
    fg_turbo_et_kind kind;  /* default NONE */
    double threshold;       /* MIN_LLR / AVG_LLR, in the decoder's LLR units (fixed: LSBs) */
    fg_crc24_poly crc_poly; /* CRC: default FG_CRC24A */
} fg_turbo_et;

/* --et as an option value (fecforge/options.h CUSTOM) into an fg_turbo_et: none, minllr:T or avgllr:T
 * (T >= 0), crc (LTE: CRC-24A), crc:a, crc:b; and the value back as text. */
int fg_turbo_parse_et(const char *text, void *field);
void fg_turbo_print_et(const void *field, char *buf, size_t n);

/* A block and its decoding schedule as options, declared once for every command that takes them (ber
 * turbo and the other verbs of the turbo family, vectors turbo-fixed|xmap): --std, --K, --iter I (a multiple
 * of 0.5), --parallel P, --nii on|off (--no-nii), --et. No defaults: the caller sets them in its
 * struct (the help shows them). */
typedef struct {
    int std;        /* fg_std */
    int K;
    double iter;    /* iterations */
    int parallel;   /* sub-blocks P */
    int nii;        /* 0: on, 1: off */
    fg_turbo_et et;
} fg_turbo_block_arg;
extern const fg_opt fg_turbo_block_options[];
/* The checks of a block argument after parsing: K a size of the standard, iter a multiple of 0.5 (its
 * half-iterations into *half_iters); FG_EINVAL naming the option. */
int fg_turbo_block_check(const fg_turbo_block_arg *b, int *half_iters);

/* What one decode reports besides the hard decisions. */
typedef struct {
    int half_iters;   /* half-iterations run (2 per full iteration) */
    int early_stop;   /* 1 if early termination ended the decode before the limit */
} fg_turbo_result;


/* ---- Encoding and transmission orders (turbo_code.c) ---- */

/* out_N (N = 3K + 12, natural layout) = the rate-1/3 codeword of bits_K (0/1 values). K must be a
 * block size of std (fg_interleaver_check_k); both encoders start in state 0 and are terminated
 * to state 0 (rsc.h). */
int fg_turbo_encode(fg_std std, int K, const uint8_t *bits_K, uint8_t *out_N);

/* The standard's transmission order as a permutation of the natural layout: the i-th transmitted
 * value is natural value order_N[i].
 *   UMTS (TS 25.212 4.2.3.2.2): x1 z1 z'1 x2 z2 z'2 ... xK zK z'K, then the tail
 *        x_{K+1} z_{K+1} x_{K+2} z_{K+2} x_{K+3} z_{K+3} x'_{K+1} z'_{K+1} ... z'_{K+3} (1-based).
 *   LTE (TS 36.212 5.1.3.2.2): the streams d(0), d(1), d(2) of K + 4 bits each, one after the
 *        other; d(0)_k = x_k, d(1)_k = z_k, d(2)_k = z'_k for k < K and the tail (0-based)
 *        d(0): x_K z_{K+1} x'_K z'_{K+1}, d(1): z_K x_{K+2} z'_K x'_{K+2}, d(2): x_{K+1} z_{K+2} x'_{K+1} z'_{K+2}. */
int fg_turbo_tx_order(fg_std std, int K, int32_t *order_N);
/* tx_N[i] = nat_N[order_N[i]]: a natural-layout codeword in transmission order. */
int fg_turbo_to_tx(fg_std std, int K, const uint8_t *nat_N, uint8_t *tx_N);
/* nat_N[order_N[i]] = tx_N[i]: received LLRs in transmission order back to the natural layout. */
int fg_turbo_llr_from_tx(fg_std std, int K, const double *tx_N, double *nat_N);

/* ---- CRC-24 of TS 36.212 5.1.1 (turbo_crc.c) ---- */
/* gCRC24A(D) = D^24+D^23+D^18+D^17+D^14+D^11+D^10+D^7+D^6+D^5+D^4+D^3+D+1 (0x864CFB),
 * gCRC24B(D) = D^24+D^23+D^6+D^5+D+1 (0x800063); register starts at 0, bits enter first bit
 * first, no final xor; bit 23 of *crc is the first parity bit p_0. */
int fg_crc24(fg_crc24_poly poly, const uint8_t *bits_n, int n, uint32_t *crc);
/* out_B = bits_A followed by the 24 parity bits p_0 .. p_23 (B = A + 24). A >= 0. */
int fg_crc24_attach(fg_crc24_poly poly, const uint8_t *bits_A, int A, uint8_t *out_B);
/* 1 if the last 24 of the B bits are the CRC of the first B - 24 (B >= 24), 0 if not; < 0 on
 * invalid arguments. */
int fg_crc24_check(fg_crc24_poly poly, const uint8_t *bits_B, int B);

/* ---- Float reference decoders (turbo_dec.c; docs/turbo.md "Decoders") ----
 *
 * Two SISO decoders exchange extrinsic LLRs: SISO 1 decodes the natural-order trellis, SISO 2 the
 * interleaved one. A half-iteration is one SISO run; half-iteration 1 is SISO 1, 2 is SISO 2, 3 is
 * SISO 1 again, ... so half_iters = 11 is 5.5 iterations ending with SISO 1. The hard decisions
 * (bit = 1 where L < 0, 0 where L >= 0) and the optional APP output come from the a-posteriori LLRs
 * of the last SISO run, deinterleaved to natural order if it was SISO 2. Early termination is
 * checked on those LLRs after every half-iteration.
 *
 * State metrics are kept in float (SoA arrays, normalised to state 0 at every step); channel LLRs
 * are clipped to +-FG_TURBO_LLR_CLIP before use so that sums of metrics stay finite. */
enum { FG_TURBO_HALF_ITERS_MAX = 1000, FG_TURBO_P_MAX = 256 };
#define FG_TURBO_LLR_CLIP 1.0e6

typedef enum {
    FG_TURBO_ALG_MAXLOG = 0, /* max-log-MAP: max* = max, extrinsic scaled by ext_scale */
    FG_TURBO_ALG_LOG = 1,    /* log-MAP: max*(a,b) = max(a,b) + log(1 + exp(-|a-b|)) exactly */
    FG_TURBO_ALG_LINLOG = 2  /* linear-log-MAP: max(a,b) + max(0, FG_TURBO_LINLOG_A * (FG_TURBO_LINLOG_T - |a-b|)) */
} fg_turbo_alg;
/* The linear approximation of log(1 + exp(-x)) by Valenti and Sun (2001): slope -0.24904 and
 * intercept at x = 2.5068 (the least-squares fit on [0, inf)); 0.624 at x = 0 against ln 2 = 0.693. */
#define FG_TURBO_LINLOG_A 0.24904
#define FG_TURBO_LINLOG_T 2.5068

typedef struct {
    fg_turbo_alg alg;  /* default FG_TURBO_ALG_MAXLOG */
    double ext_scale;  /* extrinsic LLRs are multiplied by it, (0, 1]; default 0.75 (max-log);
                        * log-MAP and linear-log-MAP are normally run with 1 */
    int half_iters;    /* half-iterations, [1, FG_TURBO_HALF_ITERS_MAX]; default 11 (5.5 iterations) */
    int radix;         /* 2 or 4 (two trellis steps merged, thesis 4.2.1); default 2 */
    int P;             /* parallel sub-blocks, [1, FG_TURBO_P_MAX]: sub-block p covers steps
                        * [p L, min((p+1) L, K)) with L = ceil(K/P) (radix 4: rounded up to even, and K
                        * must be even); none may be empty, (P-1) L < K; default 1 */
    int nii;           /* 1 (default): next-iteration initialisation of the sub-block boundary metrics
                        * (the neighbour's boundary values of this SISO's previous run, uniform in its
                        * first); 0: uniform at every run */
    int window;        /* sliding window W in trellis steps, >= 1 (radix 4: even); 0 (default): no
                        * window, each sub-block is one window */
    int training;      /* beta warm-up length beyond each window, >= 0 (radix 4: even), clipped at the
                        * sub-block end where the true boundary beta is used; -1 (default): = window */
    fg_turbo_et et;    /* default FG_TURBO_ET_NONE */
} fg_turbo_dec_cfg;

fg_turbo_dec_cfg fg_turbo_dec_cfg_default(void);

typedef struct fg_turbo_dec fg_turbo_dec;

/* Check cfg for block size K of std and allocate a decoder (no allocation per frame after this).
 * FG_EINVAL names the parameter and its valid range (for P: the values that fit K). */
int fg_turbo_dec_create(fg_std std, int K, const fg_turbo_dec_cfg *cfg, fg_turbo_dec **out);
/* Decode one codeword of channel LLRs in the natural layout (llr_N, N = 3K + 12, finite; a NaN or
 * Inf is FG_EINVAL naming its index). bits_K gets the hard decisions, app_K (may be NULL) the final
 * a-posteriori LLRs, res (may be NULL) the half-iterations run. */
int fg_turbo_dec_run(fg_turbo_dec *d, const double *llr_N, uint8_t *bits_K, double *app_K, fg_turbo_result *res);
void fg_turbo_dec_destroy(fg_turbo_dec *d);

#ifdef __cplusplus
}
#endif
#endif
