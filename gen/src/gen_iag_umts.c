/* fecforge gen iag --std umts: the HSPA+/UMTS unified interleaver/deinterleaver address generator
 * as Verilog-2005, the cycle-exact twin of fg_iag_step for UMTS (cmodel/src/iag/iag_umts.c);
 * structure, timing and storage in docs/rtl-iag-umts.md.
 *
 * One top module (the caller names it): the preprocessing unit (prime ROM, tROM, q/m ROM as case
 * tables whose contents this file computes from libfecforge, the SEARCH/ROWS/SFILL/CORR state
 * machine with one fg_mulmod kernel, the row register files, the per-lane seed latches) and PLLR
 * runtime lanes in a generate loop (counters, 3-stage pipeline, one fg_mulmod and one multiply-add
 * per lane shared by both modes, an fg_sram_1r1w s/log RAM holding half of s and half of log_v, and a
 * pruning RAM). forward_only drops the inverse path (the log half, the m ROM and file, the rank file,
 * the inverse seeds, cnt of the pruning RAM); a start with inverse_i = 1 then makes every valid input
 * an err. The Verilog is rtl/templates/fg_iag_umts.vh, its tables filled here. */
#include "fecforge_gen/gen.h"
#include "gen_internal.h"
#include "fecforge/error.h"
#include "fecforge/iag.h"
#include "fecforge/interleaver.h"

#include <stdio.h>
#include <string.h>

enum { RMAX = FG_UMTS_R_MAX, NPAT = 4, NRUN_MAX = 32 };

/* The K decoding of the SEARCH phase, derived from the library (row patterns, R, and the K range
 * where C = p regardless of the generic rule), plus a replica check of the emitted search. */
typedef struct {
    int nrun;
    int lo[NRUN_MAX], hi[NRUN_MAX], pat[NRUN_MAX]; /* K in [lo, hi] uses pattern pat */
    int R[NPAT];
    int sp_lo, sp_hi;                               /* K in [sp_lo, sp_hi]: C = p */
} kdec_t;

/* The generic rule the RTL implements: first prime p with K <= R(p+1), C from K against R(p-1), Rp. */
static void generic_search(const kdec_t *kd, int K, int *pidx, int *C)
{
    int pat = 3;
    for (int i = 0; i < kd->nrun; i++)
        if (K >= kd->lo[i] && K <= kd->hi[i])
            pat = kd->pat[i];
    const int R = kd->R[pat];
    int i = 0;
    while (i < FG_UMTS_NUM_PRIMES - 1 && K > R * (fg_umts_primes[i] + 1))
        i++;
    const int p = fg_umts_primes[i];
    *pidx = i;
    if (K >= kd->sp_lo && K <= kd->sp_hi)
        *C = p;
    else
        *C = K <= R * (p - 1) ? p - 1 : K <= R * p ? p : p + 1;
}

static int kdec_build(kdec_t *kd)
{
    memset(kd, 0, sizeof *kd);
    kd->sp_lo = 1;
    kd->sp_hi = 0;
    for (int q = 0; q < NPAT; q++)
        kd->R[q] = -1;
    for (int K = FG_UMTS_K_MIN; K <= FG_UMTS_K_MAX; K++) {
        const int pat = fg_umts_row_pattern_index(K);
        fg_umts_params u;
        if (pat < 0 || pat >= NPAT || fg_umts_params_compute(K, &u))
            return fg_set_error(FG_ESTATE, "UMTS K=%d: no row pattern or parameters", K);
        if (kd->R[pat] < 0)
            kd->R[pat] = u.R;
        if (kd->R[pat] != u.R)
            return fg_set_error(FG_ESTATE, "UMTS row pattern %d has R=%d and R=%d", pat, kd->R[pat], u.R);
        if (kd->nrun && kd->pat[kd->nrun - 1] == pat && kd->hi[kd->nrun - 1] == K - 1)
            kd->hi[kd->nrun - 1] = K;
        else {
            if (kd->nrun == NRUN_MAX)
                return fg_set_error(FG_ESTATE, "UMTS row patterns: more than %d K ranges", NRUN_MAX);
            kd->lo[kd->nrun] = kd->hi[kd->nrun] = K;
            kd->pat[kd->nrun++] = pat;
        }
    }
    /* The K where the generic rule's C differs from the standard's: one range, with C = p. */
    for (int K = FG_UMTS_K_MIN; K <= FG_UMTS_K_MAX; K++) {
        fg_umts_params u;
        int pidx, C;
        fg_umts_params_compute(K, &u);
        generic_search(kd, K, &pidx, &C);
        if (C != u.C) {
            if (u.C != u.p || (kd->sp_lo <= kd->sp_hi && kd->sp_hi != K - 1))
                return fg_set_error(FG_ESTATE, "UMTS K=%d: C=%d is not the generic rule's %d nor p", K, u.C, C);
            if (kd->sp_lo > kd->sp_hi)
                kd->sp_lo = K;
            kd->sp_hi = K;
        }
    }
    /* Extend the range over neighbours where C = p holds anyway (the standard's 481..530). */
    for (;;) {
        fg_umts_params u;
        if (kd->sp_hi < FG_UMTS_K_MAX && !fg_umts_params_compute(kd->sp_hi + 1, &u) && u.C == u.p &&
            fg_umts_row_pattern_index(kd->sp_hi + 1) == fg_umts_row_pattern_index(kd->sp_hi))
            kd->sp_hi++;
        else
            break;
    }
    /* Replica of the emitted search against the library, for every K. */
    for (int K = FG_UMTS_K_MIN; K <= FG_UMTS_K_MAX; K++) {
        fg_umts_params u;
        int pidx, C;
        fg_umts_params_compute(K, &u);
        generic_search(kd, K, &pidx, &C);
        if (fg_umts_primes[pidx] != u.p || fg_umts_primitive_roots[pidx] != u.v || C != u.C || K > u.R * C)
            return fg_set_error(FG_ESTATE, "UMTS K=%d: search replica p=%d C=%d, library p=%d C=%d", K,
                                fg_umts_primes[pidx], C, u.p, u.C);
    }
    return 0;
}

/* q_i mod (p-1) and q_i^-1 mod (p-1) of prime index pi, i < RMAX (the model's qROM/mROM). */
static void qm_row(int pi, int *q_mod, int *m_mod)
{
    const int n = fg_umts_primes[pi] - 1;
    int q[RMAX];
    fg_umts_prime_sequence(fg_umts_primes[pi], RMAX, q);
    for (int i = 0; i < RMAX; i++) {
        q_mod[i] = q[i] % n;
        int inv = 1;
        while ((inv * q_mod[i]) % n != 1 % n)
            inv++;
        m_mod[i] = inv % n;
    }
}

/* ---- Storage of the generated RTL (for gen_iag.c's manifest; declared in gen_internal.h) ----
 * The unified design has the items of fg_iag_memory_size(FG_STD_UMTS) except that the lane programs
 * are input ports, not registers; the forward-only one, the thesis's interleave-only organisation, has
 * the whole of s in its RAM, dm alone in the pruning RAM, and no mROM, original-row file or inverse
 * seeds. */
int fg_gen_iag_umts_memory(const fg_gen_iag_cfg *c, fg_iag_memory *out)
{
    int rc = fg_iag_check_pllr(c->pllr);
    if (rc)
        return rc;
    const int P = c->pllr, fo = c->forward_only != 0;
    memset(out, 0, sizeof *out);
    out->pllr = P;
    fg_iag_memory_add(out, "prime ROM (p 9b, v 5b)", "ROM", FG_UMTS_NUM_PRIMES, 14, 1);
    fg_iag_memory_add(out, "tROM (T(i), 4 patterns x 20)", "ROM", NPAT * RMAX, 5, 1);
    fg_iag_memory_add(out, "qROM (q_i mod (p-1), 52 primes x 20)", "ROM", FG_UMTS_NUM_PRIMES * RMAX, 8, 1);
    if (!fo)
        fg_iag_memory_add(out, "mROM (q_i^-1 mod (p-1), 52 primes x 20)", "ROM", FG_UMTS_NUM_PRIMES * RMAX, 8, 1);
    if (fo) {
        fg_iag_memory_add(out, "s RAM (s(j)-1), one per lane", "RAM", 256, 8, P);
        fg_iag_memory_add(out, "pruning RAM {dm(j)}, one per lane", "RAM", 256, 1, P);
    } else {
        fg_iag_memory_add(out, "s/log RAM (s(a)-1, a < (p-1)/2; log_v(y), y <= (p-1)/2), one per lane", "RAM", 256, 8, P);
        fg_iag_memory_add(out, "pruning RAM {cnt, dm} per 16 columns, one per lane", "RAM", 16, 8 + 16, P);
    }
    fg_iag_memory_add(out, "permuted-row file {T, r, vrow}", "REG", RMAX, 5 + 8 + 5, 1);
    if (!fo)
        fg_iag_memory_add(out, "original-row file {m, rank}", "REG", RMAX, 8 + 5, 1);
    fg_iag_memory_add(out,
                      "scalars {pattern, prime index, R, p, v, C, rows_used, K mod C, partial row, its rank, flags, r_partial}",
                      "REG", 1, 2 + 6 + 5 + 9 + 5 + 9 + 5 + 8 + 5 + 5 + 2 + 8, 1);
    fg_iag_memory_add(out, fo ? "lane seeds {ok, j, m, dm, dmn}" : "lane seeds {ok, j, m, dm, dmn, row, col}", "REG", P,
                      fo ? 1 + 8 + 5 + 1 + 1 : 1 + 8 + 5 + 1 + 1 + 5 + 8, 1);
    out->total_bits = out->rom_bits + out->ram_bits + out->reg_bits;
    out->runtime_bits = out->ram_bits + out->reg_bits;
    return 0;
}

/* ---- The Verilog: rtl/templates/fg_iag_umts.vh ----
 * Its section UNI is the unified design (the `else parts the forward-only one); the tables are sections
 * whose rows this file computes: KPAT the K ranges of the row patterns but the last, KR the R of each
 * pattern, PRIME the prime ROM, TROM the non-zero T(c), QMU / QMF the non-zero q/m ROM words. */
int fg_gen_iag_umts_emit(FILE *f, const fg_gen_iag_cfg *c, const char *top)
{
    int rc = fg_iag_check_pllr(c->pllr);
    if (rc)
        return rc;
    kdec_t kd;
    if ((rc = kdec_build(&kd)))
        return rc;
    const int fo = c->forward_only != 0;
    fg_tpl *t = fg_tpl_new("fg_iag_umts");
    fg_gen_iag_tpl_head(t, c, top);
    fg_tpl_int(t, "P", c->pllr);
    if (!fo) {
        fg_tpl_begin(t, "UNI");
        fg_tpl_end(t);
    }
    fg_tpl_int(t, "PAT_LAST", kd.pat[kd.nrun - 1]);
    for (int i = 0; i < kd.nrun; i++)
        if (kd.pat[i] != kd.pat[kd.nrun - 1]) {
            fg_tpl_begin(t, "KPAT");
            fg_tpl_int(t, "LO", kd.lo[i]);
            fg_tpl_int(t, "HI", kd.hi[i]);
            fg_tpl_int(t, "PAT", kd.pat[i]);
            fg_tpl_end(t);
        }
    for (int q = 0; q < NPAT; q++) {
        fg_tpl_begin(t, "KR");
        fg_tpl_int(t, "Q", q);
        fg_tpl_int(t, "R", kd.R[q] < 0 ? 0 : kd.R[q]);
        fg_tpl_end(t);
    }
    fg_tpl_int(t, "SP_LO", kd.sp_lo);
    fg_tpl_int(t, "SP_HI", kd.sp_hi);
    fg_tpl_int(t, "PRIME_LAST", FG_UMTS_NUM_PRIMES - 1);
    for (int i = 0; i < FG_UMTS_NUM_PRIMES; i++) {
        fg_tpl_begin(t, "PRIME");
        fg_tpl_int(t, "I", i);
        fg_tpl_int(t, "PR", fg_umts_primes[i]);
        fg_tpl_int(t, "V", fg_umts_primitive_roots[i]);
        fg_tpl_end(t);
    }
    for (int q = 0; q < NPAT; q++)
        for (int r = 0; r < RMAX; r++)
            if (fg_umts_row_patterns[q][r]) {
                fg_tpl_begin(t, "TROM");
                fg_tpl_int(t, "A", q * 32 + r);
                fg_tpl_int(t, "T", fg_umts_row_patterns[q][r]);
                fg_tpl_end(t);
            }
    for (int pi = 0; pi < FG_UMTS_NUM_PRIMES; pi++) {
        int q[RMAX], m[RMAX];
        qm_row(pi, q, m);
        for (int r = 0; r < RMAX; r++)
            if (q[r] || (!fo && m[r])) {
                fg_tpl_begin(t, fo ? "QMF" : "QMU");
                fg_tpl_int(t, "A", pi * 32 + r);
                fg_tpl_int(t, "Q", q[r]);
                if (!fo)
                    fg_tpl_int(t, "M", m[r]);
                fg_tpl_end(t);
            }
    }
    return fg_tpl_write(t, f);
}
