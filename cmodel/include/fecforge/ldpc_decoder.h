/* QC-LDPC decoders (docs/ldpc.md): float reference decoders and the bit-accurate fixed-point model
 * of the multi-layer parallel decoder of thesis 3.8.
 *
 * Schedules. Flooding: all checks from the same APP/Q values, then all variables. Layered: block
 * rows (layers) one after another, each updating the APP values it touches (thesis 3.2). Multi-layer
 * (thesis 3.8.1, eq. 3.11-3.14): layers grouped into macro-layers of K consecutive layers
 * (0..K-1, K..2K-1, ...; the last one holds mb mod K layers when K does not divide mb); every layer
 * of a macro-layer computes its Q and R' from the APP values as they were at the start of the
 * macro-layer, then L' = L + sum over the macro-layer's layers of (R' - R). K = 1 is the layered
 * decoder.
 *
 * Iterations: one iteration processes every layer once. With early termination the decoder stops
 * after the first iteration whose hard decisions (bit = APP < 0) satisfy every check; the count
 * reported is the number of iterations run (1 .. max_iter). */
#ifndef FECFORGE_LDPC_DECODER_H
#define FECFORGE_LDPC_DECODER_H

#include <stdint.h>

#include "fecforge/ldpc_code.h"
#include "fecforge/options.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { FG_LDPC_SCHED_FLOODING = 0, FG_LDPC_SCHED_LAYERED = 1, FG_LDPC_SCHED_MULTILAYER = 2 } fg_ldpc_schedule;

/* Check-node rules: sum-product (log domain, exact), min-sum, normalised (scaled) min-sum
 * (R = factor * min), offset min-sum (R = max(min - offset, 0)). */
typedef enum { FG_LDPC_ALG_SPA = 0, FG_LDPC_ALG_MS = 1, FG_LDPC_ALG_NMS = 2, FG_LDPC_ALG_OMS = 3 } fg_ldpc_alg;

/* ---- float reference decoders ---- */

typedef struct {
    fg_ldpc_schedule schedule; /* default FG_LDPC_SCHED_LAYERED */
    int layers;                /* K of the multi-layer schedule, [1, mb]; default 2 (ignored otherwise) */
    fg_ldpc_alg alg;           /* default FG_LDPC_ALG_NMS */
    double nms_factor;         /* (0, 1], default 0.75 */
    double oms_offset;         /* >= 0, default 0.5 */
    int max_iter;              /* [1, 1000], default 15 */
    int early_term;            /* syndrome early termination, default 1 */
} fg_ldpc_dec_cfg;

fg_ldpc_dec_cfg fg_ldpc_dec_cfg_default(void);

typedef struct fg_ldpc_dec fg_ldpc_dec;

/* The decoder keeps a pointer to code, which must outlive it. One decoder per thread. */
int fg_ldpc_dec_create(const fg_ldpc_code *code, const fg_ldpc_dec_cfg *cfg, fg_ldpc_dec **out);

/* Decode channel LLRs llr_n (log P(0)/P(1); a NaN is FG_EINVAL). bits_n gets the hard decisions;
 * app_n (may be NULL) the final APP LLRs; *iterations (may be NULL) the iterations run. */
int fg_ldpc_dec_decode(fg_ldpc_dec *dec, const double *llr_n, uint8_t *bits_n, double *app_n, int *iterations);

void fg_ldpc_dec_destroy(fg_ldpc_dec *dec);

/* ---- bit-accurate fixed-point multi-layer scaled min-sum (the golden model of the LDPC RTL) ----
 *
 * All arithmetic through fecforge/fixed.h. With A = app_width, R = r_width, Amax = 2^(A-1) - 1,
 * Rmax = 2^(R-1) - 1 (docs/ldpc.md, "Fixed-point arithmetic", says why each choice):
 *  - channel LLRs arrive quantised to llr_width bits with llr_frac fractional bits
 *    (fg_llr_quantize); APP L starts as the channel LLR in the APP format,
 *    L = fg_fx_rshift_rnd(llr, in_shift) (rounded to nearest, halves away from zero; in_shift = 0:
 *    L = llr); R starts at 0. L, Q and R share one LSB, 2^(in_shift - llr_frac): the APP and R have
 *    llr_frac - in_shift fractional bits (negative: an LSB above 1).
 *  - R_old is the block's R from the R-Regfile; with app_keep it is replaced by
 *    fg_fx_rold_keep(L, R_old, A): 0 when L = +-Amax and R_old has L's sign (a saturated APP is not
 *    drained by R_old), R_old otherwise. This R_old is the one of Q and of the update below.
 *  - Q = fg_fx_sub(L, R_old, A) (saturated to A bits).
 *  - per row, the min finder sees m = min(|Q|, mcap): mcap = Rmax when r_sat_late = 0 (|Q|
 *    saturated to R - 1 magnitude bits before the min), mcap = Amax when r_sat_late = 1 (the full
 *    |Q|). It keeps min0 (smallest m), min1 (second smallest, may equal min0), pos (the block index,
 *    within the layer, of the first minimum: ties keep the lower index, i.e. the earlier block in
 *    ascending column order) and the sign bit of every Q (sign = Q < 0).
 *  - R' for block j of the row: magnitude mag(j == pos ? min1 : min0), sign the XOR of the signs of
 *    all the row's Q except block j's, with mag(x) = scale(x), saturated to Rmax when r_sat_late
 *    (fg_fx_sat(scale(x), R)); scale(x) = fg_fx_scale(x, scale_num, scale_shift) = (num * x) >> shift
 *    (floor) when scale_round = 0, fg_fx_scale_rnd(x, num, shift) = (num * x + 2^(shift-1)) >> shift
 *    (nearest, halves up) when scale_round = 1; 3 and 2 give 0.75. The R-Regfile stores (min0, min1,
 *    pos, signs) and regenerates the stored R_old the same way (hardware may store mag(min0) and
 *    mag(min1), R - 1 bits each, instead: the same values).
 *  - L' = fg_fx_sat(L + sum over the macro-layer's layers touching the column of (R' - R_old), A):
 *    the deltas are summed exactly and saturated once.
 * Defaults (the thesis's widths LLR 6/2, R 6, APP 7): in_shift = 1 (APP and R with 1 fractional
 * bit), scale_round = 1, r_sat_late = 1, app_keep = 1. in_shift = scale_round = r_sat_late =
 * app_keep = 0 is the earlier arithmetic (APP and R with the channel's LSB, floor scaling, |Q|
 * saturated to R bits before the min finder, plain R_old), which has an error floor with these
 * widths.
 * Outputs: hard decisions (L < 0), final APP values (in the APP format), iterations. */

typedef struct {
    int layers;      /* K, [1, mb]; default 2 (the thesis's double-layer decoder) */
    int llr_width;   /* [2, 16], default 6 */
    int llr_frac;    /* [0, llr_width - 1], default 2 */
    int r_width;     /* [2, 16], default 6 */
    int app_width;   /* [llr_width, 24], default 7 */
    int in_shift;    /* [0, llr_width - 1]: APP/R LSB = 2^in_shift channel LSBs; default 1 */
    int scale_num;   /* [1, 2^scale_shift], default 3 */
    int scale_shift; /* [0, 8], default 2 */
    int scale_round; /* 0: scale floors, 1: rounds to nearest (halves up); default 1 */
    int r_sat_late;  /* 0: |Q| saturated to r_width before the min finder, 1: R saturated after
                        scaling; default 1 */
    int app_keep;    /* 1: a saturated APP keeps an R_old of its sign (fg_fx_rold_keep); default 1 */
    int max_iter;    /* [1, 1000], default 15 */
    int early_term;  /* default 1 */
} fg_ldpc_fixed_cfg;

fg_ldpc_fixed_cfg fg_ldpc_fixed_cfg_default(void);

/* The arithmetic above as options (fecforge/options.h; offsets into fg_ldpc_fixed_cfg): --llr-width,
 * --llr-frac, --r-width, --app-width, --in-shift, --scale-round 0|1, --r-sat-late 0|1, --app-keep 0|1.
 * No defaults: the command's struct holds them before parsing (the help shows them). */
/* --scale X as an option value (CUSTOM) into int[2] {scale_num, scale_shift} (adjacent in
 * fg_ldpc_fixed_cfg): X = num/2^shift exactly with shift <= 8 ("0.75", "3/4"); and back as "3/4". */
int fg_ldpc_fixed_parse_scale(const char *text, void *field);
void fg_ldpc_fixed_print_scale(const void *field, char *buf, size_t n);
extern const fg_opt fg_ldpc_fixed_options[];

typedef struct fg_ldpc_fixed fg_ldpc_fixed;

int fg_ldpc_fixed_create(const fg_ldpc_code *code, const fg_ldpc_fixed_cfg *cfg, fg_ldpc_fixed **out);

/* Start a codeword: L = fg_fx_rshift_rnd(llr_n, in_shift) (llr_n quantised, each within llr_width
 * bits, else FG_EINVAL), R = 0. */
int fg_ldpc_fixed_load(fg_ldpc_fixed *dec, const int32_t *llr_n);

/* One full iteration (every macro-layer once). Returns the syndrome weight of the hard decisions
 * after it (0: a codeword), or < 0 on error. */
int fg_ldpc_fixed_iterate(fg_ldpc_fixed *dec);

/* The current APP values (n of them, app_width bits each). */
const int32_t *fg_ldpc_fixed_app(const fg_ldpc_fixed *dec);

/* load, then iterate until the syndrome is zero (if early_term) or max_iter iterations. bits_n,
 * app_n and iterations as for fg_ldpc_dec_decode (app_n and iterations may be NULL). */
int fg_ldpc_fixed_decode(fg_ldpc_fixed *dec, const int32_t *llr_n, uint8_t *bits_n, int32_t *app_n,
                         int *iterations);

void fg_ldpc_fixed_destroy(fg_ldpc_fixed *dec);

/* ---- the ldpc family's instance (fecforge/family.h), for implementations outside the library ---- */

struct fg_family_inst;
typedef struct {
    const fg_ldpc_code *code;
    int fixed;             /* 1: the bit-accurate arithmetic (fx), 0: float (dec) */
    fg_ldpc_dec_cfg dec;
    fg_ldpc_fixed_cfg fx;
} fg_ldpc_family_view;
/* FG_EINVAL if fi is not an instance of the ldpc family. */
int fg_ldpc_family_view_of(const struct fg_family_inst *fi, fg_ldpc_family_view *v);

#ifdef __cplusplus
}
#endif
#endif
