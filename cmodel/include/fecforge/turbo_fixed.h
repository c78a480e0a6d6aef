/* Bit-accurate fixed-point radix-4 XMAP SISO and the parallel fixed-point turbo decoder that the
 * turbo RTL implements (thesis 4.2.1 XMAP with NII, 4.7 formats; docs/turbo-fixed.md).
 *
 * Formats (fg_xmap_fmt_default): channel LLRs 5 bits with 2 fractional bits, extrinsic LLRs 6 bits
 * (same LSB as the channel LLRs), branch metrics 9 bits, state metrics 10 bits, max-log-MAP with the
 * extrinsic scaled by 0.75 (fg_fx_scale075), state metrics normalised by modulo arithmetic.
 *
 * Branch metric of one trellis step (indicator form): gamma = [u=0] (Ls + La) + [z=0] Lp, with Ls the
 * systematic channel LLR, La the a-priori LLR, Lp the parity LLR. A radix-4 step (trellis steps 2i
 * and 2i+1, inputs u0 then u1, fecforge/rsc.h next2/parity2) adds the two: its 16 values are indexed
 * by g = u0 | u1 << 1 | z0 << 2 | z1 << 3 (fg_xmap_branch).
 *
 * All state-metric vectors are 8 states (rsc.h state index). Everything uses fecforge/fixed.h. */
#ifndef FECFORGE_TURBO_FIXED_H
#define FECFORGE_TURBO_FIXED_H

#include <stdint.h>

#include "fecforge/fixed.h"
#include "fecforge/interleaver.h"
#include "fecforge/options.h"
#include "fecforge/rsc.h"
#include "fecforge/turbo.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Normalisation of the state metrics (docs/turbo-fixed.md "Normalisation"):
 *   MODULO    metrics wrap at w_sm bits and are compared by modulo difference (fg_fx_mod_*);
 *             exact (equal to unnormalised arithmetic) when w_sm meets the spread bound.
 *   SUBTRACT  after each step the metric of state 0 is subtracted from all, saturating at w_sm. */
typedef enum { FG_XMAP_NORM_MODULO = 0, FG_XMAP_NORM_SUBTRACT = 1 } fg_xmap_norm;

typedef struct {
    int w_ch;  /* channel LLR bits (5) */
    int f_ch;  /* fractional bits of the channel quantiser (2): q = sat(round(L * 2^f_ch), w_ch) */
    int w_ext; /* extrinsic / a-priori LLR bits (6), LSB = the channel LLR's LSB */
    int w_bm;  /* branch-metric bits (9) */
    int w_sm;  /* state-metric bits (10); also the width of the a-posteriori LLR */
    fg_xmap_norm norm; /* MODULO */
} fg_xmap_fmt;

fg_xmap_fmt fg_xmap_fmt_default(void);

/* The formats as command-line options over an fg_xmap_fmt (--llr-width, --llr-frac, --ext-width,
 * --bm-width, --sm-width, --norm), shared by the turbo family and the turbo RTL generator; the
 * defaults are fg_xmap_fmt_default's and fg_xmap_fmt_check the cross-checks. */
extern const fg_opt fg_xmap_fmt_options[];

/* Largest branch-metric spread of one trellis step: D1 = 2 * max_ch + max_ext, where max_w =
 * 2^(w-1) - 1 (61 for the defaults). The bounds derived from it (docs/turbo-fixed.md):
 *   |gamma of a radix-4 step| <= 2 D1                     needs max(w_bm) >= 2 D1
 *   spread of alpha (or beta) <= 3 D1                     (any state reaches any in 3 steps)
 *   spread of alpha + gamma + beta over the branches <= 8 D1   MODULO needs max(w_sm) >= 8 D1
 *   SUBTRACT needs max(w_sm) >= 3 D1 (the normalised metrics themselves).
 * The block-start alpha is 0 for state 0 and -D1 for the others (fg_xmap_alpha_start). */
int32_t fg_xmap_delta1(const fg_xmap_fmt *f);

/* 0 if the formats can be represented, FG_EINVAL naming the width, its value and the minimum:
 * w_ch in [2, 16], f_ch in [0, w_ch-1], w_ext in [2, 16], w_bm <= 30, w_sm <= 29 and the bounds
 * above, norm one of the enum. */
int fg_xmap_fmt_check(const fg_xmap_fmt *f);

/* ---- Per-step datapath. stable: used by turbo_arch ----
 * These do not validate f (call fg_xmap_fmt_check once); inputs must lie in their formats:
 * sys, par, tail in w_ch bits, apr in w_ext bits, metrics as the functions below produce them. */

enum { FG_XMAP_BRANCHES = 16 };

/* Index into gamma_16 of the branch from state s with inputs (u0, u1). stable: used by turbo_arch */
static inline int fg_xmap_branch(int s, int u0, int u1)
{
    return u0 | (u1 << 1) | (fg_rsc_parity2(s, u0, u1) << 2);
}

/* Branch metrics of one radix-4 step from the LLRs of its two trellis steps (j = 0, 1):
 * gamma_16[g] = sum_j [u_j = 0] (sys[j] + apr[j]) + [z_j = 0] par[j], in w_bm bits (each step's
 * value fg_fx_add-ed in w_bm, then the two; valid formats never saturate).
 * stable: used by turbo_arch */
void fg_xmap_gamma4(const fg_xmap_fmt *f, const int32_t sys_2[2], const int32_t par_2[2], const int32_t apr_2[2],
                    int32_t gamma_16[16]);

/* Forward step: alpha at 2i+2 from alpha at 2i: out(t) = max over the 4 branches (s, u0, u1) into t
 * of alpha(s) + gamma, then normalised (fg_xmap_normalize). in and out must not overlap.
 * stable: used by turbo_arch */
void fg_xmap_alpha4(const fg_xmap_fmt *f, const int32_t alpha_8[8], const int32_t gamma_16[16], int32_t out_8[8]);

/* Backward step: beta at 2i from beta at 2i+2: out(s) = max over the 4 branches leaving s of
 * gamma + beta(next2), then normalised. in and out must not overlap. stable: used by turbo_arch */
void fg_xmap_beta4(const fg_xmap_fmt *f, const int32_t beta_8[8], const int32_t gamma_16[16], int32_t out_8[8]);

/* The two LLRs of a radix-4 step from alpha at 2i, its gamma and beta at 2i+2. For bit j:
 *   app_2[j] = max_{branches with u_j = 0} m - max_{u_j = 1} m,  m = alpha(s) + gamma + beta(next2),
 * (w_sm bits; MODULO: by modulo difference, exact under the bound; SUBTRACT: sums in w_sm + 2 bits,
 * the difference saturated to w_sm) and the extrinsic
 *   ext_2[j] = sat_{w_ext}(scale075(app_2[j] - sys[j] - apr[j]))  (the difference in w_sm + 1 bits).
 * stable: used by turbo_arch */
void fg_xmap_ext4(const fg_xmap_fmt *f, const int32_t alpha_8[8], const int32_t gamma_16[16], const int32_t beta_8[8],
                  const int32_t sys_2[2], const int32_t apr_2[2], int32_t app_2[2], int32_t ext_2[2]);

/* Normalisation of a metric vector in place: MODULO wraps each value to w_sm bits (a no-op on
 * values the datapath produced); SUBTRACT replaces m(s) by sat_{w_sm}(m(s) - m(0)).
 * stable: used by turbo_arch */
void fg_xmap_normalize(const fg_xmap_fmt *f, int32_t m_8[8]);

/* Block start: alpha(0) = 0, alpha(s != 0) = -D1 (the largest start penalty the modulo bound
 * allows). stable: used by turbo_arch */
void fg_xmap_alpha_start(const fg_xmap_fmt *f, int32_t alpha_8[8]);

/* Block end: beta at K from the three termination steps (radix-2, input forced to the tail input
 * fg_rsc_tail_input, no a-priori): beta(s) = sum over the forced path from s to state 0 of
 * [u=0] x + [z=0] z, from tail_6 = x[K], z[K], x[K+1], z[K+1], x[K+2], z[K+2] (the natural
 * layout's tail of the encoder), then normalised. stable: used by turbo_arch */
void fg_xmap_beta_tail(const fg_xmap_fmt *f, const int32_t tail_6[6], int32_t beta_8[8]);

/* Radix-2 step, used once per half-iteration for odd K: the last information step of the block
 * (position K-1) is a single trellis step between alpha at K-1 (radix-4 steps from the sub-block
 * start) and beta at K (fg_xmap_beta_tail). gamma_4[u | z << 1] = [u=0](sys + apr) + [z=0] par.
 * fg_xmap_beta2: beta at K-1 from beta at K. fg_xmap_ext2: app and ext of position K-1 as in
 * fg_xmap_ext4. stable: used by turbo_arch */
void fg_xmap_gamma2(const fg_xmap_fmt *f, int32_t sys, int32_t par, int32_t apr, int32_t gamma_4[4]);
void fg_xmap_beta2(const fg_xmap_fmt *f, const int32_t beta_8[8], const int32_t gamma_4[4], int32_t out_8[8]);
void fg_xmap_ext2(const fg_xmap_fmt *f, const int32_t alpha_8[8], const int32_t gamma_4[4], const int32_t beta_8[8],
                  int32_t sys, int32_t apr, int32_t *app, int32_t *ext);

/* The end of an LLR, shared by the C model and the CUDA decoder (FG_HD): from the two maxima of a bit
 * (max0 over the branches with u = 0, max1 over u = 1) the a-posteriori LLR
 *   app = max0 - max1 in w_sm bits (MODULO: modulo difference; SUBTRACT: saturated)
 * and the extrinsic ext = sat_{w_ext}(scale075(app - (sys + apr))) (the difference in w_sm + 1 bits).
 * MODULO gives the exact difference of any two representatives of the maxima whose true difference
 * lies in range, so the CUDA decoder may pass exact (unwrapped) maxima (docs/gpu-turbo.md). */
static inline FG_HD void fg_xmap_finish_llr(const fg_xmap_fmt *f, int32_t max0, int32_t max1, int32_t sys,
                                            int32_t apr, int32_t *app, int32_t *ext)
{
    /* 32-bit arithmetic throughout: the maxima lie within w_sm + 2 <= 31 bits, so their difference fits
     * int32; |sys + apr| < 2^17; e lies within w_sm + 1 <= 30 bits, so 3e fits int32 */
    const int32_t d = max0 - max1;
    const int32_t l = f->norm == FG_XMAP_NORM_MODULO ? fg_fx_wrap32(d, f->w_sm) : fg_fx_sat32(d, f->w_sm);
    const int32_t e = fg_fx_sat32(l - fg_fx_sat32(sys + apr, f->w_bm), f->w_sm + 1);
    *app = l;
    *ext = fg_fx_sat32(fg_fx_scale075_32(e), f->w_ext);
}

/* ---- One SISO over one sub-block (what one XMAP computes in a half-iteration) ---- */

/* Optional record of the internal values of fg_xmap_siso (for vectors and tests); arrays sized by
 * the caller for S = ceil(n / 2) steps (step i covers positions 2i, 2i+1; the last step of an odd n
 * is radix-2 and uses gamma entries 0..3 only). */
typedef struct {
    int32_t *gamma;   /* S x 16 */
    int32_t *alpha;   /* (S + 1) x 8: alpha at positions 0, 2, ..., 2S (row S: alpha at n for even n,
                         not computed (0) for odd n) */
    int32_t *beta;    /* (S + 1) x 8: beta at positions 0, 2, ..., and row S = beta at n (the input) */
} fg_xmap_trace;

/* Positions 0..n-1 (n >= 1) of a sub-block: sys_n, par_n, apr_n the inputs in processing order;
 * alpha_in_8 = alpha at 0, beta_in_8 = beta at n (stakes, the block start, or the tail beta).
 * Outputs app_n and ext_n, alpha_out_8 = alpha at n (even n; odd n: alpha at n-1), beta_out_8 =
 * beta at 0. work: scratch of (n/2 + 1) x 8 values. tr may be NULL. No validation (see the
 * per-step functions). */
void fg_xmap_siso(const fg_xmap_fmt *f, int n, const int32_t *sys_n, const int32_t *par_n, const int32_t *apr_n,
                  const int32_t alpha_in_8[8], const int32_t beta_in_8[8], int32_t *app_n, int32_t *ext_n,
                  int32_t alpha_out_8[8], int32_t beta_out_8[8], int32_t *work, const fg_xmap_trace *tr);

/* ---- The parallel fixed-point turbo decoder ---- */

/* What the observer sees after each half-iteration h (h even: SISO 1, natural order; h odd:
 * SISO 2, interleaved order: index k is interleaved position k, i.e. bit pi(k)). Arrays of the
 * decoder, valid during the call only. Sub-block p covers positions [p L, min((p+1) L, K)) of the
 * SISO's order; empty sub-blocks (n_sub <= p < P) have zero stakes. */
typedef struct {
    int half_iter;             /* h, from 0 */
    int siso;                  /* 0 or 1 (= h & 1) */
    int K, P, L, n_sub;        /* n_sub: non-empty sub-blocks */
    const int32_t *ext_K;      /* extrinsics written by this half-iteration (w_ext bits) */
    const int32_t *app_K;      /* a-posteriori LLRs of this half-iteration (w_sm bits) */
    const int32_t *alpha_in;   /* P x 8: alpha at the start of each sub-block, as used */
    const int32_t *beta_in;    /* P x 8: beta at the end of each sub-block, as used */
    const int32_t *alpha_out;  /* P x 8: alpha at the end of each sub-block (the stakes saved) */
    const int32_t *beta_out;   /* P x 8: beta at the start of each sub-block (the stakes saved) */
} fg_turbo_fixed_obs;

typedef void (*fg_turbo_fixed_observer)(void *user, const fg_turbo_fixed_obs *obs);

typedef struct {
    fg_xmap_fmt fmt;             /* fg_xmap_fmt_default() */
    int P;                       /* parallel SISOs (sub-blocks), default 1 */
    int nii;                     /* next-iteration initialisation of the stakes, default 1 */
    int half_iters;              /* default 11 (5.5 iterations) */
    fg_turbo_et et;              /* default NONE; thresholds in LSBs of the a-posteriori LLR */
    fg_turbo_fixed_observer observer; /* NULL */
    void *observer_user;
} fg_turbo_fixed_cfg;

fg_turbo_fixed_cfg fg_turbo_fixed_cfg_default(void);

typedef struct fg_turbo_fixed fg_turbo_fixed;

/* FG_EINVAL (message names the parameter, value and valid range) for K not a block size of std,
 * a P that does not fit K (P >= 1, 4P <= FG_PLLR_MAX, every non-empty sub-block of
 * L = 4 ceil(K / 4P) positions at least 8 long), half_iters <= 0, a bad fmt, an ET kind out of
 * range, CRC for UMTS, a negative threshold. */
int fg_turbo_fixed_create(fg_std std, int K, const fg_turbo_fixed_cfg *cfg, fg_turbo_fixed **out);

/* Decode one codeword: q_N = quantised channel LLRs in the natural layout (fecforge/turbo.h),
 * each within +-(2^(w_ch-1)-1) (FG_EINVAL naming the index otherwise). bits_K gets the hard
 * decisions of the last half-iteration run; res (may be NULL) its count and the ET flag. */
int fg_turbo_fixed_decode(fg_turbo_fixed *d, const int32_t *q_N, uint8_t *bits_K, fg_turbo_result *res);

/* Quantise llr_N (fmt's w_ch, f_ch, fg_llr_quantize) and decode; FG_EINVAL naming the index for
 * NaN or Inf. */
int fg_turbo_fixed_decode_llr(fg_turbo_fixed *d, const double *llr_N, uint8_t *bits_K, fg_turbo_result *res);

/* The a-posteriori LLRs (natural order, w_sm bits) of the last half-iteration of the last decode. */
const int32_t *fg_turbo_fixed_app(const fg_turbo_fixed *d);

void fg_turbo_fixed_destroy(fg_turbo_fixed *d);

/* ---- the turbo family's instance (fecforge/family.h), for implementations outside the library ---- */

struct fg_family_inst;
typedef struct {
    fg_std std;
    int K;
    int fixed;             /* 1: the bit-accurate arithmetic (fx), 0: float (dec) */
    fg_turbo_dec_cfg dec;
    fg_turbo_fixed_cfg fx;
} fg_turbo_family_view;
/* FG_EINVAL if fi is not an instance of the turbo family. */
int fg_turbo_family_view_of(const struct fg_family_inst *fi, fg_turbo_family_view *v);

#ifdef __cplusplus
}
#endif
#endif
