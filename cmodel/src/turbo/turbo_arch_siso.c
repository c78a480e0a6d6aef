/* The SISOs' datapath in the turbo architecture step model (FIXED data; fecforge/turbo_arch.h).
 * Per SISO p (sub-block of n positions, n <= L): the alpha unit runs radix-4 steps i = 0, 1, ...
 * and the beta unit steps i = L/2-1, L/2-2, ... (step i covers positions 2i, 2i+1), one each per
 * cycle, in the cycle after the step's inputs were read; both store what the other half needs (alpha
 * at 2i, beta at 2i+2, the branch metrics, the systematic and a-priori LLRs). After the crossing the
 * alpha unit continues with steps L/4 + c and the beta unit with L/4 - 1 - c, each computing the two
 * extrinsic LLRs of its step. Steps on padding positions (>= n) hold the registers; the step that
 * holds only position n - 1 (odd n, the last sub-block of an odd K) is the radix-2 step. All values
 * come from the per-step functions of fecforge/turbo_fixed.h. */
#include "fecforge/error.h"
#include "turbo_arch_internal.h"

#include <stdlib.h>
#include <string.h>

int fg_turbo_arch_siso_alloc(fg_turbo_arch *a)
{
    const size_t P = (size_t)a->cfg.P, S = (size_t)a->L / 2, lanes = (size_t)a->pllr, K = (size_t)a->cfg.K;
    a->ch = calloc(4 * K, sizeof *a->ch);
    a->rd_sys = calloc(lanes, sizeof *a->rd_sys);
    a->rd_par = calloc(lanes, sizeof *a->rd_par);
    a->rd_apr = calloc(lanes, sizeof *a->rd_apr);
    a->A = calloc(P * 8, sizeof *a->A);
    a->B = calloc(P * 8, sizeof *a->B);
    a->alpha_st = calloc(P * S * 8, sizeof *a->alpha_st);
    a->beta_st = calloc(P * S * 8, sizeof *a->beta_st);
    a->gamma_st = calloc(P * S * 16, sizeof *a->gamma_st);
    a->sys_st = calloc(P * (size_t)a->L, sizeof *a->sys_st);
    a->apr_st = calloc(P * (size_t)a->L, sizeof *a->apr_st);
    a->stake_a = calloc(2 * P * 8, sizeof *a->stake_a);
    a->stake_b = calloc(2 * P * 8, sizeof *a->stake_b);
    a->ext_new = calloc(lanes, sizeof *a->ext_new);
    a->hard_K = calloc(K, 1);
    if (!a->ch || !a->rd_sys || !a->rd_par || !a->rd_apr || !a->A || !a->B || !a->alpha_st || !a->beta_st ||
        !a->gamma_st || !a->sys_st || !a->apr_st || !a->stake_a || !a->stake_b || !a->ext_new || !a->hard_K)
        return fg_set_error(FG_ENOMEM, "out of memory for the SISO datapath (K=%d, P=%d)", a->cfg.K, a->cfg.P);
    return 0;
}

void fg_turbo_arch_siso_free(fg_turbo_arch *a)
{
    free(a->ch);
    free(a->rd_sys);
    free(a->rd_par);
    free(a->rd_apr);
    free(a->A);
    free(a->B);
    free(a->alpha_st);
    free(a->beta_st);
    free(a->gamma_st);
    free(a->sys_st);
    free(a->apr_st);
    free(a->stake_a);
    free(a->stake_b);
    free(a->ext_new);
    free(a->hard_K);
}

int fg_turbo_arch_load(fg_turbo_arch *a, const int32_t *q_N)
{
    const int K = a->cfg.K, N = 3 * K + FG_TURBO_TAIL;
    const int32_t max = (1 << (a->cfg.fmt.w_ch - 1)) - 1;
    if (a->cfg.data != FG_TURBO_ARCH_DATA_FIXED)
        return fg_set_error(FG_ESTATE, "turbo arch: load needs data=FIXED");
    for (int i = 0; i < N; i++)
        if (q_N[i] < -max || q_N[i] > max)
            return fg_set_error(FG_EINVAL, "q_N[%d]=%d out of range [%d, %d] (w_ch=%d)", i, (int)q_N[i], (int)-max,
                                (int)max, a->cfg.fmt.w_ch);
    const fg_turbo_layout lay = fg_turbo_layout_of(K);
    for (int k = 0; k < K; k++) {
        a->ch[4 * k + 0] = q_N[lay.sys + k];
        a->ch[4 * k + 1] = q_N[lay.par1 + k];
        a->ch[4 * k + 2] = q_N[lay.sys + a->pi_K[k]];
        a->ch[4 * k + 3] = q_N[lay.par2 + k];
    }
    memcpy(a->tail[0], q_N + lay.tail1, sizeof a->tail[0]);
    memcpy(a->tail[1], q_N + lay.tail2, sizeof a->tail[1]);
    a->loaded = 1;
    return 0;
}

void fg_turbo_arch_stakes(const fg_turbo_arch *a, int siso, int32_t *alpha_P8, int32_t *beta_P8)
{
    const size_t n = (size_t)a->cfg.P * 8, o = (size_t)(siso & 1) * n;
    memcpy(alpha_P8, a->stake_a + o, sizeof *alpha_P8 * n);
    memcpy(beta_P8, a->stake_b + o, sizeof *beta_P8 * n);
}

void fg_turbo_arch_hard(const fg_turbo_arch *a, uint8_t *bits_K) { memcpy(bits_K, a->hard_K, (size_t)a->cfg.K); }

/* Positions of SISO p's sub-block. */
static int sub_len(const fg_turbo_arch *a, int p)
{
    const int n = a->cfg.K - p * a->L;
    return n <= 0 ? 0 : n > a->L ? a->L : n;
}

void fg_turbo_arch_siso_start(fg_turbo_arch *a, int half)
{
    const int s = half & 1, P = a->cfg.P, stakes = a->cfg.nii && half >= 2;
    for (int p = 0; p < P; p++) {
        int32_t *A = a->A + 8 * p, *B = a->B + 8 * p;
        memset(A, 0, sizeof *A * 8);
        memset(B, 0, sizeof *B * 8);
        if (p >= a->n_sub)
            continue;
        if (p == 0)
            fg_xmap_alpha_start(&a->cfg.fmt, A);
        else if (stakes)
            memcpy(A, a->stake_a + ((size_t)s * P + (size_t)(p - 1)) * 8, sizeof *A * 8);
        if (p == a->n_sub - 1)
            fg_xmap_beta_tail(&a->cfg.fmt, a->tail[s], B);
        else if (stakes)
            memcpy(B, a->stake_b + ((size_t)s * P + (size_t)(p + 1)) * 8, sizeof *B * 8);
    }
}

void fg_turbo_arch_siso_read(fg_turbo_arch *a, int l, int x, int half, int32_t apr)
{
    const int s = half & 1;
    a->rd_sys[l] = x >= 0 ? a->ch[4 * x + 2 * s] : 0;
    a->rd_par[l] = x >= 0 ? a->ch[4 * x + 2 * s + 1] : 0;
    a->rd_apr[l] = x >= 0 ? apr : 0;
}

/* Inputs of step i of SISO p: the branch metrics from the read registers of lanes (lo, hi) = the
 * lanes that read positions 2i and 2i+1, kept for the output phase. Returns the step's kind:
 * 2 radix-4, 1 radix-2 (position 2i only), 0 padding. */
static int step_in(fg_turbo_arch *a, int p, int i, int lo, int hi)
{
    const int n = sub_len(a, p), S = a->L / 2;
    if (2 * i >= n)
        return 0;
    int32_t *g = a->gamma_st + ((size_t)p * S + (size_t)i) * 16;
    int32_t *sys = a->sys_st + (size_t)p * a->L + 2 * i, *apr = a->apr_st + (size_t)p * a->L + 2 * i;
    sys[0] = a->rd_sys[lo];
    apr[0] = a->rd_apr[lo];
    if (2 * i + 1 == n) {
        fg_xmap_gamma2(&a->cfg.fmt, sys[0], a->rd_par[lo], apr[0], g);
        return 1;
    }
    sys[1] = a->rd_sys[hi];
    apr[1] = a->rd_apr[hi];
    const int32_t par[2] = {a->rd_par[lo], a->rd_par[hi]};
    fg_xmap_gamma4(&a->cfg.fmt, sys, par, apr, g);
    return 2;
}

void fg_turbo_arch_siso_recursion(fg_turbo_arch *a, int t)
{
    const int P = a->cfg.P, S = a->L / 2;
    int32_t nxt[8];
    for (int p = 0; p < P; p++) {
        int32_t *A = a->A + 8 * p, *B = a->B + 8 * p;
        const int ia = t, ib = S - 1 - t;
        /* alpha unit: step t, lanes 4p (2t) and 4p+1 (2t+1) */
        memcpy(a->alpha_st + ((size_t)p * S + (size_t)ia) * 8, A, sizeof nxt);
        if (step_in(a, p, ia, 4 * p, 4 * p + 1) == 2) {
            fg_xmap_alpha4(&a->cfg.fmt, A, a->gamma_st + ((size_t)p * S + (size_t)ia) * 16, nxt);
            memcpy(A, nxt, sizeof nxt);
        }
        /* beta unit: step S-1-t, lanes 4p+3 (2i) and 4p+2 (2i+1) */
        memcpy(a->beta_st + ((size_t)p * S + (size_t)ib) * 8, B, sizeof nxt);
        const int kind = step_in(a, p, ib, 4 * p + 3, 4 * p + 2);
        const int32_t *g = a->gamma_st + ((size_t)p * S + (size_t)ib) * 16;
        if (kind == 2)
            fg_xmap_beta4(&a->cfg.fmt, B, g, nxt);
        else if (kind == 1)
            fg_xmap_beta2(&a->cfg.fmt, B, g, nxt);
        if (kind)
            memcpy(B, nxt, sizeof nxt);
    }
}

/* The LLRs of step i from alpha at 2i and beta at 2i+2 into lanes lo (2i) and hi (2i+1); the
 * hard decisions into the output memory. Returns the step's kind (as step_in). */
static int step_out(fg_turbo_arch *a, int p, int i, const int32_t *alpha, const int32_t *beta, int lo, int hi, int half)
{
    const int n = sub_len(a, p), S = a->L / 2, base = p * a->L + 2 * i;
    if (2 * i >= n)
        return 0;
    const int32_t *g = a->gamma_st + ((size_t)p * S + (size_t)i) * 16;
    const int32_t *sys = a->sys_st + (size_t)p * a->L + 2 * i, *apr = a->apr_st + (size_t)p * a->L + 2 * i;
    int32_t app[2], ext[2];
    const int kind = 2 * i + 1 == n ? 1 : 2;
    if (kind == 1)
        fg_xmap_ext2(&a->cfg.fmt, alpha, g, beta, sys[0], apr[0], &app[0], &ext[0]);
    else
        fg_xmap_ext4(&a->cfg.fmt, alpha, g, beta, sys, apr, app, ext);
    for (int j = 0; j < kind; j++) {
        a->ext_new[j ? hi : lo] = ext[j];
        const int pos = base + j;
        a->hard_K[(half & 1) ? a->pi_K[pos] : pos] = (uint8_t)fg_fx_hard(app[j]);
    }
    return kind;
}

void fg_turbo_arch_siso_output(fg_turbo_arch *a, int c, int half)
{
    const int P = a->cfg.P, S = a->L / 2, Q = a->L / 4;
    int32_t nxt[8];
    for (int p = 0; p < P; p++) {
        int32_t *A = a->A + 8 * p, *B = a->B + 8 * p;
        const int ia = Q + c, ib = Q - 1 - c;
        if (step_out(a, p, ia, A, a->beta_st + ((size_t)p * S + (size_t)ia) * 8, 4 * p, 4 * p + 1, half) == 2) {
            fg_xmap_alpha4(&a->cfg.fmt, A, a->gamma_st + ((size_t)p * S + (size_t)ia) * 16, nxt);
            memcpy(A, nxt, sizeof nxt);
        }
        const int kind = step_out(a, p, ib, a->alpha_st + ((size_t)p * S + (size_t)ib) * 8, B, 4 * p + 3, 4 * p + 2, half);
        const int32_t *g = a->gamma_st + ((size_t)p * S + (size_t)ib) * 16;
        if (kind == 2)
            fg_xmap_beta4(&a->cfg.fmt, B, g, nxt);
        else if (kind == 1)
            fg_xmap_beta2(&a->cfg.fmt, B, g, nxt);
        if (kind)
            memcpy(B, nxt, sizeof nxt);
    }
}

void fg_turbo_arch_siso_end(fg_turbo_arch *a, int half)
{
    const size_t n = (size_t)a->cfg.P * 8, o = (size_t)(half & 1) * n;
    memcpy(a->stake_a + o, a->A, sizeof *a->A * n);
    memcpy(a->stake_b + o, a->B, sizeof *a->B * n);
}
