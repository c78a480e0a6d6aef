/* Fixed-point radix-4 XMAP datapath (fecforge/turbo_fixed.h, docs/turbo-fixed.md). */
#include "fecforge/turbo_fixed.h"

#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/rsc.h"

#include <pthread.h>
#include <string.h>

/* The datapath helpers are inlined into the SISO loop, where the normalisation is a constant. */
#if defined(__GNUC__)
#define XMAP_INLINE static inline __attribute__((always_inline))
#else
#define XMAP_INLINE static inline
#endif

/* The radix-4 trellis from rsc.h as tables, built once: for state s and inputs b = u0 | u1 << 1 the
 * next state and the gamma index; for target t its 4 predecessors (s, gamma index). */
static struct {
    uint8_t next[8][4], g[8][4], pred_s[8][4], pred_g[8][4];
} T;
static pthread_once_t T_once = PTHREAD_ONCE_INIT;

static void make_tables(void)
{
    int fill[8] = {0};
    for (int s = 0; s < 8; s++)
        for (int b = 0; b < 4; b++) {
            const int t = fg_rsc_next2(s, b & 1, b >> 1), g = fg_xmap_branch(s, b & 1, b >> 1);
            T.next[s][b] = (uint8_t)t;
            T.g[s][b] = (uint8_t)g;
            T.pred_s[t][fill[t]] = (uint8_t)s;
            T.pred_g[t][fill[t]++] = (uint8_t)g;
        }
}

fg_xmap_fmt fg_xmap_fmt_default(void)
{
    fg_xmap_fmt f = {5, 2, 6, 9, 10, FG_XMAP_NORM_MODULO};
    return f;
}

int32_t fg_xmap_delta1(const fg_xmap_fmt *f) { return 2 * fg_fx_max(f->w_ch) + fg_fx_max(f->w_ext); }

/* Smallest width w with 2^(w-1) - 1 >= v. */
static int width_for(int64_t v)
{
    int w = 2;
    while ((((int64_t)1 << (w - 1)) - 1) < v)
        w++;
    return w;
}

int fg_xmap_fmt_check(const fg_xmap_fmt *f)
{
    if (!f)
        return fg_set_error(FG_EINVAL, "xmap fmt is NULL");
    if (f->w_ch < 2 || f->w_ch > 16)
        return fg_set_error_at(FG_EINVAL, &f->w_ch, "w_ch=%d out of range [2, 16]", f->w_ch);
    if (f->f_ch < 0 || f->f_ch > f->w_ch - 1)
        return fg_set_error_at(FG_EINVAL, &f->f_ch, "f_ch=%d out of range [0, %d] (w_ch - 1)", f->f_ch, f->w_ch - 1);
    if (f->w_ext < 2 || f->w_ext > 16)
        return fg_set_error_at(FG_EINVAL, &f->w_ext, "w_ext=%d out of range [2, 16]", f->w_ext);
    if (f->norm != FG_XMAP_NORM_MODULO && f->norm != FG_XMAP_NORM_SUBTRACT)
        return fg_set_error_at(FG_EINVAL, &f->norm, "norm=%d not a normalisation (0 modulo, 1 subtract)", (int)f->norm);
    const int64_t d1 = fg_xmap_delta1(f);
    const int bm_min = width_for(2 * d1);
    if (f->w_bm < bm_min || f->w_bm > 30)
        return fg_set_error_at(FG_EINVAL, &f->w_bm,
                               "w_bm=%d out of range [%d, 30]: a radix-4 branch metric reaches 2*(2*%d+%d)=%lld "
                               "with w_ch=%d, w_ext=%d",
                               f->w_bm, bm_min, fg_fx_max(f->w_ch), fg_fx_max(f->w_ext), (long long)(2 * d1), f->w_ch,
                               f->w_ext);
    const int64_t need = f->norm == FG_XMAP_NORM_MODULO ? 8 * d1 : 3 * d1;
    const int sm_min = width_for(need);
    if (f->w_sm < sm_min || f->w_sm > 29) /* the LLR sums are formed in w_sm + 2 <= 31 bits */
        return fg_set_error_at(FG_EINVAL, &f->w_sm,
                               "w_sm=%d out of range [%d, 29]: %s normalisation needs a range of %s*D1=%lld "
                               "(D1=%lld with w_ch=%d, w_ext=%d)",
                               f->w_sm, sm_min, f->norm == FG_XMAP_NORM_MODULO ? "modulo" : "subtract",
                               f->norm == FG_XMAP_NORM_MODULO ? "8" : "3", (long long)need, (long long)d1, f->w_ch,
                               f->w_ext);
    return 0;
}

XMAP_INLINE void gamma4_impl(const fg_xmap_fmt *f, const int32_t sys_2[2], const int32_t par_2[2],
                             const int32_t apr_2[2], int32_t gamma_16[16])
{
    const int w = f->w_bm;
    int32_t t[2][4]; /* one trellis step j: t[j][u | z << 1] = [u=0](sys + apr) + [z=0] par */
    for (int j = 0; j < 2; j++) {
        const int32_t a = fg_fx_add(sys_2[j], apr_2[j], w);
        t[j][0] = fg_fx_add(a, par_2[j], w);
        t[j][1] = par_2[j];
        t[j][2] = a;
        t[j][3] = 0;
    }
    for (int g = 0; g < 16; g++) /* g = u0 | u1 << 1 | z0 << 2 | z1 << 3 */
        gamma_16[g] = fg_fx_add(t[0][(g & 1) | ((g >> 1) & 2)], t[1][((g >> 1) & 1) | ((g >> 2) & 2)], w);
}

void fg_xmap_gamma2(const fg_xmap_fmt *f, int32_t sys, int32_t par, int32_t apr, int32_t gamma_4[4])
{
    const int w = f->w_bm;
    const int32_t a = fg_fx_add(sys, apr, w);
    gamma_4[0] = fg_fx_add(a, par, w); /* u = 0, z = 0 */
    gamma_4[1] = par;                  /* u = 1, z = 0 */
    gamma_4[2] = a;                    /* u = 0, z = 1 */
    gamma_4[3] = 0;                    /* u = 1, z = 1 */
}

/* Sum of two metrics of the datapath: modulo wraps at w_sm; subtract forms it exactly in
 * w_sm + 1 bits (both operands are within w_sm bits). */
XMAP_INLINE int32_t sm_add(const fg_xmap_fmt *f, int32_t a, int32_t b)
{
    return f->norm == FG_XMAP_NORM_MODULO ? fg_fx_mod_add(a, b, f->w_sm) : fg_fx_add(a, b, f->w_sm + 1);
}

/* Compare-select of two metrics (tie keeps a). */
XMAP_INLINE int32_t sm_max(const fg_xmap_fmt *f, int32_t a, int32_t b)
{
    return f->norm == FG_XMAP_NORM_MODULO ? fg_fx_mod_max2(a, b, f->w_sm) : fg_fx_max2(a, b);
}

XMAP_INLINE void normalize_impl(const fg_xmap_fmt *f, int32_t m_8[8])
{
    if (f->norm == FG_XMAP_NORM_MODULO) {
        for (int s = 0; s < 8; s++)
            m_8[s] = fg_fx_wrap(m_8[s], f->w_sm);
    } else {
        const int32_t m0 = m_8[0];
        for (int s = 0; s < 8; s++)
            m_8[s] = fg_fx_sub(m_8[s], m0, f->w_sm);
    }
}

XMAP_INLINE void alpha4_impl(const fg_xmap_fmt *f, const int32_t alpha_8[8], const int32_t gamma_16[16], int32_t out_8[8])
{
    for (int t = 0; t < 8; t++) {
        int32_t m = sm_add(f, alpha_8[T.pred_s[t][0]], gamma_16[T.pred_g[t][0]]);
        for (int i = 1; i < 4; i++)
            m = sm_max(f, m, sm_add(f, alpha_8[T.pred_s[t][i]], gamma_16[T.pred_g[t][i]]));
        out_8[t] = m;
    }
    normalize_impl(f, out_8);
}

XMAP_INLINE void beta4_impl(const fg_xmap_fmt *f, const int32_t beta_8[8], const int32_t gamma_16[16], int32_t out_8[8])
{
    for (int s = 0; s < 8; s++) {
        int32_t m = sm_add(f, beta_8[T.next[s][0]], gamma_16[T.g[s][0]]);
        for (int b = 1; b < 4; b++)
            m = sm_max(f, m, sm_add(f, beta_8[T.next[s][b]], gamma_16[T.g[s][b]]));
        out_8[s] = m;
    }
    normalize_impl(f, out_8);
}

void fg_xmap_beta2(const fg_xmap_fmt *fp, const int32_t beta_8[8], const int32_t gamma_4[4], int32_t out_8[8])
{
    const fg_xmap_fmt fl = *fp, *f = &fl; /* a local copy: the outputs cannot alias it */
    for (int s = 0; s < 8; s++) {
        const int32_t c0 = sm_add(f, beta_8[fg_rsc_next(s, 0)], gamma_4[fg_rsc_parity(s, 0) << 1]);
        const int32_t c1 = sm_add(f, beta_8[fg_rsc_next(s, 1)], gamma_4[1 | fg_rsc_parity(s, 1) << 1]);
        out_8[s] = sm_max(f, c0, c1);
    }
    normalize_impl(f, out_8);
}

/* alpha + gamma + beta of one branch: modulo wraps at w_sm; subtract is exact in w_sm + 2 bits. */
XMAP_INLINE int32_t branch_metric(const fg_xmap_fmt *f, int32_t a, int32_t g, int32_t b)
{
    if (f->norm == FG_XMAP_NORM_MODULO)
        return fg_fx_mod_add(fg_fx_mod_add(a, g, f->w_sm), b, f->w_sm);
    return fg_fx_add(fg_fx_add(a, g, f->w_sm + 2), b, f->w_sm + 2);
}

XMAP_INLINE void ext4_impl(const fg_xmap_fmt *f, const int32_t alpha_8[8], const int32_t gamma_16[16], const int32_t beta_8[8],
                  const int32_t sys_2[2], const int32_t apr_2[2], int32_t app_2[2], int32_t ext_2[2])
{
    int32_t m[8][4];
    for (int s = 0; s < 8; s++)
        for (int b = 0; b < 4; b++)
            m[s][b] = branch_metric(f, alpha_8[s], gamma_16[T.g[s][b]], beta_8[T.next[s][b]]);
    /* bit 0: b = 0, 2 (u0 = 0) against 1, 3; bit 1: b = 0, 1 (u1 = 0) against 2, 3 */
    int32_t mx[2][2] = {{m[0][0], m[0][1]}, {m[0][0], m[0][2]}};
    mx[0][0] = sm_max(f, mx[0][0], m[0][2]);
    mx[0][1] = sm_max(f, mx[0][1], m[0][3]);
    mx[1][0] = sm_max(f, mx[1][0], m[0][1]);
    mx[1][1] = sm_max(f, mx[1][1], m[0][3]);
    for (int s = 1; s < 8; s++) {
        mx[0][0] = sm_max(f, sm_max(f, mx[0][0], m[s][0]), m[s][2]);
        mx[0][1] = sm_max(f, sm_max(f, mx[0][1], m[s][1]), m[s][3]);
        mx[1][0] = sm_max(f, sm_max(f, mx[1][0], m[s][0]), m[s][1]);
        mx[1][1] = sm_max(f, sm_max(f, mx[1][1], m[s][2]), m[s][3]);
    }
    for (int j = 0; j < 2; j++)
        fg_xmap_finish_llr(f, mx[j][0], mx[j][1], sys_2[j], apr_2[j], &app_2[j], &ext_2[j]);
}

void fg_xmap_ext2(const fg_xmap_fmt *fp, const int32_t alpha_8[8], const int32_t gamma_4[4], const int32_t beta_8[8],
                  int32_t sys, int32_t apr, int32_t *app, int32_t *ext)
{
    const fg_xmap_fmt fl = *fp, *f = &fl; /* a local copy: the outputs cannot alias it */
    int32_t mx[2] = {0, 0};
    for (int s = 0; s < 8; s++)
        for (int u = 0; u < 2; u++) {
            const int32_t m = branch_metric(f, alpha_8[s], gamma_4[u | fg_rsc_parity(s, u) << 1],
                                            beta_8[fg_rsc_next(s, u)]);
            mx[u] = s == 0 ? m : sm_max(f, mx[u], m);
        }
    fg_xmap_finish_llr(f, mx[0], mx[1], sys, apr, app, ext);
}

void fg_xmap_normalize(const fg_xmap_fmt *fp, int32_t m_8[8])
{
    const fg_xmap_fmt fl = *fp; /* a local copy: the outputs cannot alias it */
    normalize_impl(&fl, m_8);
}

/* The public per-step functions: the datapath above on a local copy of the formats. */
void fg_xmap_gamma4(const fg_xmap_fmt *fp, const int32_t sys_2[2], const int32_t par_2[2], const int32_t apr_2[2],
                    int32_t gamma_16[16])
{
    const fg_xmap_fmt fl = *fp; /* a local copy: the outputs cannot alias it */
    gamma4_impl(&fl, sys_2, par_2, apr_2, gamma_16);
}

void fg_xmap_alpha4(const fg_xmap_fmt *fp, const int32_t alpha_8[8], const int32_t gamma_16[16], int32_t out_8[8])
{
    const fg_xmap_fmt fl = *fp; /* a local copy: the outputs cannot alias it */
    pthread_once(&T_once, make_tables);
    alpha4_impl(&fl, alpha_8, gamma_16, out_8);
}

void fg_xmap_beta4(const fg_xmap_fmt *fp, const int32_t beta_8[8], const int32_t gamma_16[16], int32_t out_8[8])
{
    const fg_xmap_fmt fl = *fp; /* a local copy: the outputs cannot alias it */
    pthread_once(&T_once, make_tables);
    beta4_impl(&fl, beta_8, gamma_16, out_8);
}

void fg_xmap_ext4(const fg_xmap_fmt *fp, const int32_t alpha_8[8], const int32_t gamma_16[16], const int32_t beta_8[8],
                  const int32_t sys_2[2], const int32_t apr_2[2], int32_t app_2[2], int32_t ext_2[2])
{
    const fg_xmap_fmt fl = *fp; /* a local copy: the outputs cannot alias it */
    pthread_once(&T_once, make_tables);
    ext4_impl(&fl, alpha_8, gamma_16, beta_8, sys_2, apr_2, app_2, ext_2);
}

void fg_xmap_alpha_start(const fg_xmap_fmt *f, int32_t alpha_8[8])
{
    alpha_8[0] = 0;
    for (int s = 1; s < 8; s++)
        alpha_8[s] = -fg_xmap_delta1(f);
}

void fg_xmap_beta_tail(const fg_xmap_fmt *f, const int32_t tail_6[6], int32_t beta_8[8])
{
    for (int s0 = 0; s0 < 8; s0++) {
        int32_t sum = 0;
        int s = s0;
        for (int t = 0; t < 3; t++) {
            const int u = fg_rsc_tail_input(s);
            if (u == 0)
                sum = fg_fx_add(sum, tail_6[2 * t], f->w_sm);
            if (fg_rsc_parity(s, u) == 0)
                sum = fg_fx_add(sum, tail_6[2 * t + 1], f->w_sm);
            s = fg_rsc_next(s, u);
        }
        beta_8[s0] = sum;
    }
    normalize_impl(f, beta_8);
}

XMAP_INLINE void siso_impl(const fg_xmap_fmt *f, int n, const int32_t *sys_n, const int32_t *par_n, const int32_t *apr_n,
                  const int32_t alpha_in_8[8], const int32_t beta_in_8[8], int32_t *app_n, int32_t *ext_n,
                  int32_t alpha_out_8[8], int32_t beta_out_8[8], int32_t *work, const fg_xmap_trace *tr)
{
    const int s4 = n / 2, odd = n & 1;
    int32_t *alpha = work; /* alpha at 2i in row i, i = 0..s4 */
    int32_t gamma[16], beta[8], nb[8];

    memcpy(alpha, alpha_in_8, 8 * sizeof *alpha);
    for (int i = 0; i < s4; i++) {
        gamma4_impl(f, sys_n + 2 * i, par_n + 2 * i, apr_n + 2 * i, gamma);
        alpha4_impl(f, alpha + 8 * i, gamma, alpha + 8 * (i + 1));
        if (tr)
            memcpy(tr->gamma + 16 * i, gamma, sizeof gamma);
    }
    memcpy(alpha_out_8, alpha + 8 * s4, 8 * sizeof *alpha);
    memcpy(beta, beta_in_8, sizeof beta);
    if (tr) {
        const int S = s4 + odd;
        memcpy(tr->alpha, alpha, 8 * (size_t)(s4 + 1) * sizeof *alpha);
        if (odd)
            memset(tr->alpha + 8 * S, 0, 8 * sizeof *alpha);
        memcpy(tr->beta + 8 * S, beta, sizeof beta);
    }
    if (odd) { /* the last position is a radix-2 step */
        const int k = n - 1;
        int32_t g4[4];
        fg_xmap_gamma2(f, sys_n[k], par_n[k], apr_n[k], g4);
        fg_xmap_ext2(f, alpha + 8 * s4, g4, beta, sys_n[k], apr_n[k], &app_n[k], &ext_n[k]);
        fg_xmap_beta2(f, beta, g4, nb);
        memcpy(beta, nb, sizeof beta);
        if (tr) {
            memset(tr->gamma + 16 * s4, 0, 16 * sizeof *tr->gamma);
            memcpy(tr->gamma + 16 * s4, g4, sizeof g4);
            memcpy(tr->beta + 8 * s4, beta, sizeof beta);
        }
    }
    for (int i = s4 - 1; i >= 0; i--) {
        gamma4_impl(f, sys_n + 2 * i, par_n + 2 * i, apr_n + 2 * i, gamma);
        ext4_impl(f, alpha + 8 * i, gamma, beta, sys_n + 2 * i, apr_n + 2 * i, app_n + 2 * i, ext_n + 2 * i);
        beta4_impl(f, beta, gamma, nb);
        memcpy(beta, nb, sizeof beta);
        if (tr)
            memcpy(tr->beta + 8 * i, beta, sizeof beta);
    }
    memcpy(beta_out_8, beta, sizeof beta);
}

void fg_xmap_siso(const fg_xmap_fmt *fp, int n, const int32_t *sys_n, const int32_t *par_n, const int32_t *apr_n,
                  const int32_t alpha_in_8[8], const int32_t beta_in_8[8], int32_t *app_n, int32_t *ext_n,
                  int32_t alpha_out_8[8], int32_t beta_out_8[8], int32_t *work, const fg_xmap_trace *tr)
{
    pthread_once(&T_once, make_tables);
    /* A local copy with the normalisation as a constant, so the compiler specialises the datapath. */
    if (fp->norm == FG_XMAP_NORM_MODULO) {
        const fg_xmap_fmt fl = {fp->w_ch, fp->f_ch, fp->w_ext, fp->w_bm, fp->w_sm, FG_XMAP_NORM_MODULO};
        siso_impl(&fl, n, sys_n, par_n, apr_n, alpha_in_8, beta_in_8, app_n, ext_n, alpha_out_8, beta_out_8, work, tr);
    } else {
        const fg_xmap_fmt fl = {fp->w_ch, fp->f_ch, fp->w_ext, fp->w_bm, fp->w_sm, FG_XMAP_NORM_SUBTRACT};
        siso_impl(&fl, n, sys_n, par_n, apr_n, alpha_in_8, beta_in_8, app_n, ext_n, alpha_out_8, beta_out_8, work, tr);
    }
}
