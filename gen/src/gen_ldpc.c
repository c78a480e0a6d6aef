/* fecforge gen ldpc: the multi-layer MB-serial QC-LDPC decoder of thesis 3.8 as Verilog-2005, the
 * twin of fg_ldpc_arch_step (cmodel/src/ldpc_arch, docs/rtl-ldpc.md). The code set's constants and
 * static schedules come from the model itself (fg_ldpc_arch_schedule) and become ROM functions of
 * the code index; the architecture (rtl/templates/fg_ldpc_body.vh) is written once in terms of them. */
#include "fecforge_gen/gen.h"
#include "gen_internal.h"
#include "fecforge/error.h"
#include "fecforge/vectors.h" /* fg_vec_width_for */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

fg_gen_ldpc_cfg fg_gen_ldpc_cfg_default(void)
{
    fg_gen_ldpc_cfg c;
    memset(&c, 0, sizeof c);
    c.arch = fg_ldpc_arch_cfg_default();
    return c;
}

static const char *family_name(fg_ldpc_family f)
{
    return f == FG_LDPC_FAMILY_WIFI ? "wifi" : f == FG_LDPC_FAMILY_WIMAX ? "wimax" : "user";
}

/* The arch configuration of code i (the shared one with that code's orders). */
static fg_ldpc_arch_cfg code_arch(const fg_gen_ldpc_cfg *c, int i)
{
    fg_ldpc_arch_cfg a = c->arch;
    a.col_order = c->col_order ? c->col_order[i] : NULL;
    a.layer_order = c->layer_order ? c->layer_order[i] : NULL;
    a.fx.early_term = 1;
    return a;
}

/* The last error message, copied (fg_set_error formats into the buffer fg_last_error returns). */
static const char *copy_error(void)
{
    static _Thread_local char buf[512];
    snprintf(buf, sizeof buf, "%s", fg_last_error());
    return buf;
}

int fg_gen_ldpc_check(const fg_gen_ldpc_cfg *c)
{
    if (!c || !c->codes)
        return fg_set_error(FG_EINVAL, "gen ldpc: no code set");
    if (c->n_codes < 1 || c->n_codes > FG_GEN_LDPC_CODES_MAX)
        return fg_set_error(FG_EINVAL, "number of codes=%d out of range [1, %d]", c->n_codes, FG_GEN_LDPC_CODES_MAX);
    const fg_ldpc_arch_cfg *a = &c->arch;
    if (a->s1_depth != 2 || a->s2_depth != 1 || a->et_depth != 1 || a->forward != 1 || a->overlap != 1)
        return fg_set_error(FG_EINVAL,
                            "pipeline s1_depth=%d s2_depth=%d et_depth=%d forward=%d overlap=%d unsupported: the "
                            "generated decoder has the model's default pipeline (2, 1, 1, 1, 1)",
                            a->s1_depth, a->s2_depth, a->et_depth, a->forward, a->overlap);
    if (a->fx.max_iter < 1 || a->fx.max_iter > FG_GEN_LDPC_ITER_MAX)
        return fg_set_error(FG_EINVAL, "max_iter=%d out of range [1, %d]", a->fx.max_iter, FG_GEN_LDPC_ITER_MAX);
    if (a->fx.r_width > a->fx.app_width)
        return fg_set_error(FG_EINVAL, "r_width=%d out of range [2, %d] (app_width: R_old is subtracted in the APP format)",
                            a->fx.r_width, a->fx.app_width);
    for (int i = 0; i < c->n_codes; i++) {
        const fg_ldpc_code *code = c->codes[i];
        if (!code)
            return fg_set_error(FG_EINVAL, "code %d is NULL", i);
        if (code->family != c->codes[0]->family)
            return fg_set_error(FG_EINVAL,
                                "code set mixes families: %s (%s) and %s (%s); one generated decoder serves one family",
                                c->codes[0]->name, family_name(c->codes[0]->family), code->name,
                                family_name(code->family));
        if (code->z > FG_GEN_LDPC_ZMAX)
            return fg_set_error(FG_EINVAL, "Z=%d of %s out of range [1, %d]", code->z, code->name, FG_GEN_LDPC_ZMAX);
        const fg_ldpc_arch_cfg ca = code_arch(c, i);
        int rc = fg_ldpc_arch_cfg_check(code, &ca);
        if (rc) /* the model's message; name the code when it does not */
            return strstr(fg_last_error(), code->name) ? rc : fg_set_error(rc, "%s (code %s)", copy_error(), code->name);
    }
    return 0;
}

void fg_gen_ldpc_name(const fg_gen_ldpc_cfg *c, char *buf, size_t n)
{
    int zmax = 0;
    for (int i = 0; i < c->n_codes; i++)
        if (c->codes[i]->z > zmax)
            zmax = c->codes[i]->z;
    snprintf(buf, n, "fg_ldpc_%s_c%d_z%d_k%d_mb%dx%d%s", family_name(c->codes[0]->family), c->n_codes, zmax,
             c->arch.fx.layers, c->arch.mb_rows, c->arch.mb_cols,
             c->arch.mb_order == FG_LDPC_ARCH_ORDER_HAZARD ? "_hz" : "");
}

/* A wide constant: bits set one field at a time, printed as W'h... */
typedef struct {
    uint8_t bit[4096];
    int w;
} wide;

/* ---- the code set's tables, from the model ---- */

typedef struct {
    const fg_ldpc_code *code;
    fg_ldpc_arch *arch;
    fg_ldpc_arch_sched s;
    int *colblk_n;   /* per memory word: blocks of its column */
    long cyc_iter_x100, cyc_word, cyc_decode;
} code_tab;

typedef struct {
    fg_gen_ldpc_dims d;
    int n2, k, nw, tot_max, zw, pw, lw, mlw, locw, gw, cnw, be, mbw, ce, cbw, mw, dsw, ddw, sumw, bkw, lbaw, rfaw, rsaw;
    code_tab *t;
    int n;
} ldpc_tabs;

static void tabs_free(ldpc_tabs *T)
{
    for (int i = 0; T->t && i < T->n; i++) {
        fg_ldpc_arch_destroy(T->t[i].arch);
        free(T->t[i].colblk_n);
    }
    free(T->t);
    T->t = NULL;
}

/* The LLR memory is N2 one-read one-write banks (the model's word_bank): every MB column (a stage-1 read,
 * a stage-2 write) and every N2 consecutive block columns (a load or unload cycle) must touch each bank
 * at most once. */
static int bank_check(const code_tab *t)
{
    const int N2 = t->s.N2, nb = t->code->nb;
    for (int g = 0; g < nb; g += N2)
        for (int i = g; i < g + N2 && i < nb; i++)
            for (int j = i + 1; j < g + N2 && j < nb; j++) {
                const int wi = t->s.inv_col[i], wj = t->s.inv_col[j];
                if (t->s.word_bank[i] == t->s.word_bank[j] || t->s.word_bank[wi] == t->s.word_bank[wj])
                    return fg_set_error(FG_ESTATE, "%s: LLR-memory bank conflict (words %d/%d or %d/%d)",
                                        t->code->name, i, j, wi, wj);
            }
    return 0;
}

static int tabs_build(const fg_gen_ldpc_cfg *c, ldpc_tabs *T)
{
    memset(T, 0, sizeof *T);
    int rc = fg_gen_ldpc_check(c);
    if (rc)
        return rc;
    T->t = calloc((size_t)c->n_codes, sizeof *T->t);
    if (!T->t)
        return fg_set_error(FG_ENOMEM, "out of memory");
    T->n = c->n_codes;
    fg_gen_ldpc_dims *d = &T->d;
    T->n2 = c->arch.mb_cols;
    T->k = c->arch.fx.layers;
    for (int i = 0; i < c->n_codes && !rc; i++) {
        code_tab *t = &T->t[i];
        t->code = c->codes[i];
        fg_ldpc_arch_cfg ca = code_arch(c, i);
        if ((rc = fg_ldpc_arch_create(t->code, &ca, &t->arch)))
            break;
        fg_ldpc_arch_schedule(t->arch, &t->s);
        const fg_ldpc_code *code = t->code;
        t->colblk_n = calloc((size_t)code->nb, sizeof(int));
        if (!t->colblk_n) {
            rc = fg_set_error(FG_ENOMEM, "out of memory");
            break;
        }
        for (int b = 0; b < code->n_blocks; b++)
            t->colblk_n[t->s.inv_col[code->blk_col[b]]]++;
        if ((rc = bank_check(t)))
            break;
        for (int a = 0; a < code->nb; a++)
            if (t->colblk_n[a] > d->dv_max)
                d->dv_max = t->colblk_n[a];
        if (code->z > d->zmax)
            d->zmax = code->z;
        if (code->nb > d->nb_max)
            d->nb_max = code->nb;
        if (code->mb > d->mb_max)
            d->mb_max = code->mb;
        if (code->max_row_deg > d->dc_max)
            d->dc_max = code->max_row_deg;
        if (t->s.n_ml > d->n_ml_max)
            d->n_ml_max = t->s.n_ml;
        if (t->s.n_mbc > d->n_mbc_max)
            d->n_mbc_max = t->s.n_mbc;
        if (t->s.mbs_per_iter > T->tot_max)
            T->tot_max = t->s.mbs_per_iter;
        for (int m = 0; m < t->s.n_ml; m++)
            if (t->s.ml_mb_start[m + 1] - t->s.ml_mb_start[m] > d->mbs_max)
                d->mbs_max = t->s.ml_mb_start[m + 1] - t->s.ml_mb_start[m];
        /* cycle counts of the model: max_iter iterations, no early termination */
        fg_ldpc_arch_stats st;
        ca.fx.early_term = 0;
        fg_ldpc_arch *timing = NULL;
        if ((rc = fg_ldpc_arch_create(code, &ca, &timing)) ||
            (rc = fg_ldpc_arch_timing(timing, ca.fx.max_iter, &st, NULL, NULL))) {
            fg_ldpc_arch_destroy(timing);
            break;
        }
        fg_ldpc_arch_destroy(timing);
        t->cyc_iter_x100 = (long)(st.cycles_per_iter * 100.0 + 0.5);
        t->cyc_word = st.cycles_total;
        t->cyc_decode = st.cycles_decode;
    }
    if (rc) {
        tabs_free(T);
        return rc;
    }
    const int maxit = c->arch.fx.max_iter;
    T->nw = d->n_mbc_max * T->n2;
    d->code_w = fg_vec_width_for(c->n_codes);
    d->iter_w = fg_vec_width_for(maxit + 1);
    d->seq_w = fg_vec_width_for((long)maxit * d->n_ml_max + 3);
    d->addr_w = fg_vec_width_for(T->nw);
    d->mbc_w = fg_vec_width_for(d->n_mbc_max);
    T->zw = fg_vec_width_for(d->zmax + 1);
    T->pw = fg_vec_width_for(d->dc_max);
    T->lw = fg_vec_width_for(d->mb_max);
    T->mlw = fg_vec_width_for(d->n_ml_max + 1);
    T->locw = fg_vec_width_for(d->mbs_max + 1);
    T->gw = fg_vec_width_for(T->tot_max + 1);
    if (T->gw <= T->locw) /* MB indices are local index + base: keep the base wider (no zero-width padding) */
        T->gw = T->locw + 1;
    if (d->seq_w <= d->iter_w)
        d->seq_w = d->iter_w + 1;
    if (d->seq_w <= T->mlw)
        d->seq_w = T->mlw + 1;
    T->cnw = fg_vec_width_for(T->nw + 2 * T->n2 + 1);
    T->be = 1 + T->zw + T->pw;
    T->mbw = d->mbc_w + T->n2 + T->k * T->n2 * T->be;
    T->ce = 1 + T->lw + T->zw;
    T->cbw = d->dv_max * T->ce;
    if (T->mbw > (int)sizeof(((wide *)0)->bit) || T->cbw > (int)sizeof(((wide *)0)->bit)) {
        tabs_free(T);
        return fg_set_error(FG_EINVAL, "K=%d x N2=%d blocks per MB make a schedule ROM word of %d bits, over the "
                            "generator's %d; use fewer layers or MB columns", T->k, T->n2, T->mbw, 4096);
    }
    const fg_ldpc_fixed_cfg *f = &c->arch.fx;
    T->mw = (f->r_sat_late ? f->app_width : f->r_width) - 1;
    T->dsw = f->r_width + fg_vec_width_for(T->k); /* a sum of K R values */
    /* D = L - sum of K R_old: |D| < 2^(A-1) + 2^(DSW-1) <= 2^max(A, DSW) */
    T->ddw = (f->app_width > T->dsw ? f->app_width : T->dsw) + 1;
    T->sumw = T->ddw + 1;
    T->bkw = fg_vec_width_for(T->n2);
    /* SRAM address widths: exactly ceil(log2(depth)) (at least 1), as an array index must be */
    T->lbaw = fg_vec_width_for(2 * d->mbs_max);
    T->rfaw = fg_vec_width_for(d->n_ml_max);
    T->rsaw = fg_vec_width_for(T->tot_max);
    return 0;
}

int fg_gen_ldpc_dims_of(const fg_gen_ldpc_cfg *c, fg_gen_ldpc_dims *d)
{
    ldpc_tabs T;
    int rc = tabs_build(c, &T);
    if (rc)
        return rc;
    *d = T.d;
    tabs_free(&T);
    return 0;
}

/* ---- Verilog text ---- */


static void wide_set(wide *v, int at, int width, long val)
{
    for (int b = 0; b < width; b++)
        v->bit[at + b] = (uint8_t)((val >> b) & 1);
}

static void wide_print(FILE *f, const wide *v)
{
    fprintf(f, "%d'h", v->w);
    for (int nib = (v->w + 3) / 4 - 1; nib >= 0; nib--) {
        int x = 0;
        for (int b = 0; b < 4; b++)
            if (nib * 4 + b < v->w && v->bit[nib * 4 + b])
                x |= 1 << b;
        fputc("0123456789abcdef"[x], f);
    }
}

/* A ROM function of the code index: `case (c)` with code 0 as the default branch (an index past the
 * set selects code 0), per code either a scalar or a case over the second argument. */
typedef void (*rom_body)(FILE *f, const ldpc_tabs *T, int code, const char *fn);

static void rom_def(FILE *f, const ldpc_tabs *T, const char *fn, int width, const char *arg2, int arg2_w, rom_body body,
                    const wide *def)
{
    fprintf(f, "  function [%d:0] %s(input [CW-1:0] c", width - 1, fn);
    if (arg2)
        fprintf(f, ", input [%d:0] %s", arg2_w - 1, arg2);
    fprintf(f, ");\n    begin\n      %s = ", fn);
    if (def)
        wide_print(f, def);
    else
        fprintf(f, "%d'd0", width);
    fprintf(f, ";\n      case (c)\n");
    for (int i = T->n - 1; i >= 0; i--) {
        if (i)
            fprintf(f, "        %d'd%d: ", T->d.code_w, i);
        else
            fprintf(f, "        default: ");
        if (arg2)
            fprintf(f, "\n          case (%s)\n", arg2);
        body(f, T, i, fn);
        if (arg2)
            fprintf(f, "            default: ;\n          endcase\n");
    }
    fprintf(f, "      endcase\n    end\n  endfunction\n");
}

static void rom(FILE *f, const ldpc_tabs *T, const char *fn, int width, const char *arg2, int arg2_w, rom_body body)
{
    rom_def(f, T, fn, width, arg2, arg2_w, body, NULL);
}

static void rom_z(FILE *f, const ldpc_tabs *T, int i, const char *fn)
{
    fprintf(f, "%s = %d;\n", fn, T->t[i].code->z);
}
static void rom_nb(FILE *f, const ldpc_tabs *T, int i, const char *fn)
{
    fprintf(f, "%s = %d;\n", fn, T->t[i].code->nb);
}
static void rom_kc(FILE *f, const ldpc_tabs *T, int i, const char *fn)
{
    fprintf(f, "%s = %d;\n", fn, T->t[i].code->nb - T->t[i].code->mb);
}
static void rom_nml(FILE *f, const ldpc_tabs *T, int i, const char *fn)
{
    fprintf(f, "%s = %d;\n", fn, T->t[i].s.n_ml);
}
static void rom_mlbase(FILE *f, const ldpc_tabs *T, int i, const char *fn)
{
    for (int m = 0; m < T->t[i].s.n_ml; m++)
        fprintf(f, "            %d: %s = %d;\n", m, fn, T->t[i].s.ml_mb_start[m]);
}
static void rom_mlcnt(FILE *f, const ldpc_tabs *T, int i, const char *fn)
{
    for (int m = 0; m < T->t[i].s.n_ml; m++)
        fprintf(f, "            %d: %s = %d;\n", m, fn, T->t[i].s.ml_mb_start[m + 1] - T->t[i].s.ml_mb_start[m]);
}
static void rom_ord(FILE *f, const ldpc_tabs *T, int i, const char *fn, const int *ord)
{
    for (int g = 0; g < T->t[i].s.mbs_per_iter; g++)
        if (ord[g])
            fprintf(f, "            %d: %s = %d;\n", g, fn, ord[g]);
}
static void rom_s1loc(FILE *f, const ldpc_tabs *T, int i, const char *fn) { rom_ord(f, T, i, fn, T->t[i].s.s1_ord); }
static void rom_s2loc(FILE *f, const ldpc_tabs *T, int i, const char *fn) { rom_ord(f, T, i, fn, T->t[i].s.s2_ord); }
static void rom_invcol(FILE *f, const ldpc_tabs *T, int i, const char *fn)
{
    for (int col = 0; col < T->t[i].code->nb; col++)
        if (T->t[i].s.inv_col[col])
            fprintf(f, "            %d: %s = %d;\n", col, fn, T->t[i].s.inv_col[col]);
}

static void rom_s2late(FILE *f, const ldpc_tabs *T, int i, const char *fn)
{
    for (int m = 0; m < T->t[i].s.n_ml; m++)
        if (T->t[i].s.s2_late[m])
            fprintf(f, "            %d: %s = 1'b1;\n", m, fn);
}

/* Banks of the words of an MB column, port p at [p*BKW +: BKW]; the default (bank p) is left out. */
static void bank_word(const ldpc_tabs *T, const int *bank, wide *v)
{
    memset(v, 0, sizeof *v);
    v->w = T->n2 * T->bkw;
    for (int p = 0; p < T->n2; p++)
        wide_set(v, p * T->bkw, T->bkw, bank ? bank[p] : p);
}
static void rom_mbbank(FILE *f, const ldpc_tabs *T, int i, const char *fn)
{
    const fg_ldpc_arch_sched *s = &T->t[i].s;
    const int nb = T->t[i].code->nb, N2 = T->n2;
    wide *v = malloc(sizeof *v);
    if (!v)
        return;
    for (int m = 0; m < s->n_mbc; m++) {
        int bank[FG_LDPC_ARCH_PORTS_MAX], id = 1;
        for (int p = 0; p < N2; p++) {
            bank[p] = m * N2 + p < nb ? s->word_bank[m * N2 + p] : p;
            id &= bank[p] == p;
        }
        if (id)
            continue;
        bank_word(T, bank, v);
        fprintf(f, "            %d: %s = ", m, fn);
        wide_print(f, v);
        fprintf(f, ";\n");
    }
    free(v);
}

/* MB word: mbc, rd mask, then per (row r, port p) {valid, shift, position in the layer}. */
static void rom_mb(FILE *f, const ldpc_tabs *T, int i, const char *fn)
{
    const code_tab *t = &T->t[i];
    const fg_ldpc_arch_sched *s = &t->s;
    wide *v = malloc(sizeof *v);
    if (!v)
        return;
    for (int g = 0; g < s->mbs_per_iter; g++) {
        memset(v, 0, sizeof *v);
        v->w = T->mbw;
        wide_set(v, 0, T->d.mbc_w, s->mb_mbc[g]);
        for (int p = 0; p < T->n2; p++)
            wide_set(v, T->d.mbc_w + p, 1, s->mb_rd[g * T->n2 + p]);
        for (int r = 0; r < T->k; r++)
            for (int p = 0; p < T->n2; p++) {
                const int b = s->mb_blk[(g * T->k + r) * T->n2 + p];
                if (b < 0)
                    continue;
                const int at = T->d.mbc_w + T->n2 + (r * T->n2 + p) * T->be;
                wide_set(v, at, 1, 1);
                wide_set(v, at + 1, T->zw, t->code->blk_shift[b]);
                wide_set(v, at + 1 + T->zw, T->pw, s->blk_pidx[b]);
            }
        fprintf(f, "            %d: %s = ", g, fn);
        wide_print(f, v);
        fprintf(f, ";\n");
    }
    free(v);
}

/* Column blocks of memory word a: DV x {valid, layer, shift}. */
static void rom_colblk(FILE *f, const ldpc_tabs *T, int i, const char *fn)
{
    const code_tab *t = &T->t[i];
    const fg_ldpc_code *code = t->code;
    wide *v = malloc(sizeof *v);
    if (!v)
        return;
    for (int a = 0; a < code->nb; a++) {
        memset(v, 0, sizeof *v);
        v->w = T->cbw;
        int e = 0;
        for (int l = 0; l < code->mb; l++)
            for (int b = code->row_start[l]; b < code->row_start[l + 1]; b++)
                if (code->blk_col[b] == t->s.col_order[a]) {
                    wide_set(v, e * T->ce, 1, 1);
                    wide_set(v, e * T->ce + 1, T->lw, l);
                    wide_set(v, e * T->ce + 1 + T->lw, T->zw, code->blk_shift[b]);
                    e++;
                }
        fprintf(f, "            %d: %s = ", a, fn);
        wide_print(f, v);
        fprintf(f, ";\n");
    }
    free(v);
}

typedef fg_gen_port ldpc_port; /* width 0: a scalar (1 bit, no range); vectors keep their range at width 1 */

enum { LDPC_PORTS_MAX = 40 };

static int ports_of(const fg_gen_ldpc_cfg *c, const fg_gen_ldpc_dims *d, ldpc_port *p)
{
    const int N2 = c->arch.mb_cols, Z = d->zmax, A = c->arch.fx.app_width, W = c->arch.fx.llr_width;
    const ldpc_port all[] = {
        {"clk_i", 0, 0, "clock"},
        {"rst_ni", 0, 0, "synchronous active-low reset: idle, ready for a codeword"},
        {"code_sel_i", 0, d->code_w, "index of the code in the set (manifest codes[]); sampled with the first LLR word"},
        {"max_iter_i", 0, d->iter_w, "iteration limit [1, max_iter]; sampled with the first LLR word"},
        {"et_en_i", 0, 0, "early termination by syndrome; sampled with the first LLR word"},
        {"llr_valid_i", 0, 0, "N2 channel-LLR words on llr_i (block columns in order, N2 per cycle)"},
        {"llr_i", 0, N2 * Z * W, "word p lane j at [(p*Zmax + j)*W +: W], signed; lanes >= Z ignored"},
        {"llr_ready_o", 1, 0, "the decoder accepts llr_valid_i (idle, done or loading)"},
        {"phase_o", 1, 3, "0 idle, 1 load, 2 decode, 3 unload, 4 done"},
        {"iteration_o", 1, d->iter_w, "1-based iteration of stage 1, 0 when it is idle"},
        {"s1_v_o", 1, 0, "stage 1 holds a macro-layer"},
        {"s1_ml_o", 1, d->seq_w, "its sequence number (iteration * macro-layers + macro-layer)"},
        {"s1_mb_o", 1, d->mbc_w, "MB column read this cycle"},
        {"s1_stall_o", 1, 2, "1 read-after-write hazard, 2 ping-pong register busy"},
        {"s2_v_o", 1, 0, "stage 2 issues an MB"},
        {"s2_ml_o", 1, d->seq_w, "its macro-layer sequence number"},
        {"s2_mb_o", 1, d->mbc_w, "its MB column"},
        {"s2_wait_et_o", 1, 0, "stage 2 waits for the syndrome verdict"},
        {"ren_o", 1, N2, "read port p reads"},
        {"raddr_o", 1, N2 * d->addr_w, "read address of port p"},
        {"fwd_o", 1, N2, "read port p takes the word written this cycle"},
        {"wen_o", 1, N2, "write port p writes"},
        {"waddr_o", 1, N2 * d->addr_w, "write address of port p"},
        {"wdata_o", 1, N2 * Z * A, "write data of port p lane j at [(p*Zmax + j)*A +: A]"},
        {"wml_v_o", 1, 0, "this cycle's writes belong to macro-layer wml_o"},
        {"wml_o", 1, d->seq_w, "their sequence number"},
        {"iter_done_o", 1, 0, "this cycle's write was the last of an iteration"},
        {"et_valid_o", 1, 0, "syndrome verdict this cycle"},
        {"et_ok_o", 1, 0, "all checks satisfied (decoding stops)"},
        {"out_valid_o", 1, 0, "hard decisions on out_bits_o"},
        {"out_v_o", 1, N2, "word p of out_bits_o is valid"},
        {"out_col_o", 1, N2 * d->addr_w, "its block column (information columns in order)"},
        {"done_o", 1, 0, "the codeword is finished (last unload cycle)"},
        {"out_bits_o", 1, N2 * Z, "hard decisions, word p lane j at [p*Zmax + j]"},
        {"iterations_o", 1, d->iter_w, "iterations run; valid from done_o until the next codeword"},
    };
    memcpy(p, all, sizeof all);
    return (int)(sizeof all / sizeof all[0]);
}

static void emit_top(FILE *f, const fg_gen_ldpc_cfg *c, const ldpc_tabs *T, const char *top)
{
    const fg_ldpc_fixed_cfg *x = &c->arch.fx;
    const fg_gen_ldpc_dims *d = &T->d;
    ldpc_port ports[LDPC_PORTS_MAX];
    const int np = ports_of(c, d, ports);
    fprintf(f, "`default_nettype none\nmodule %s (\n", top);
    for (int i = 0; i < np; i++) {
        if (ports[i].width > 0)
            fprintf(f, "    %-6s wire [%d:0] %s%s  // %s\n", ports[i].out ? "output" : "input", ports[i].width - 1,
                    ports[i].name, i + 1 < np ? "," : "", ports[i].what);
        else
            fprintf(f, "    %-6s wire %s%s  // %s\n", ports[i].out ? "output" : "input", ports[i].name,
                    i + 1 < np ? "," : "", ports[i].what);
    }
    fprintf(f, ");\n");
    fprintf(f,
            "  localparam integer CW = %d;  // code index bits (%d codes)\n"
            "  localparam integer ZMAX = %d, ZW = %d;  // lanes (largest Z), bits of z and of a shift\n"
            "  localparam integer N2 = %d, K = %d;  // MB columns (ports), layers per macro-layer\n"
            "  localparam integer W = %d, A = %d, RW = %d, MW = %d;  // LLR, APP, R, min-finder magnitude bits\n"
            "  localparam integer NUM = %d, SHIFT = %d, ROUND = %d, SATLATE = %d, KEEP = %d, INSHIFT = %d;\n"
            "  localparam integer PW = %d;  // bits of an edge position (largest layer degree %d)\n"
            "  localparam integer DV = %d, LW = %d, MBMAX = %d;  // largest column degree, layer bits, layers\n"
            "  localparam integer NW = %d, AW = %d, CNW = %d;  // memory words, address bits, column counters\n"
            "  localparam integer NMLMAX = %d, MLW = %d, MBSMAX = %d, LOCW = %d, GW = %d, MBCW = %d;\n"
            "  localparam integer SQW = %d, ITW = %d;  // macro-layer sequence numbers, iterations\n"
            "  localparam integer BE = %d, MBW = %d, CE = %d, CBW = %d;  // ROM word layouts\n"
            "  localparam integer DSW = %d, DDW = %d, SUMW = %d;  // stage-2 sums, L - sum(R_old)\n"
            "  localparam integer BKW = %d, TOTMAX = %d;  // bank bits, MBs per iteration\n"
            "  localparam integer LBAW = %d, RFAW = %d, RSAW = %d;  // SRAM address bits: L buffer, R-Regfile\n\n",
            d->code_w, c->n_codes, d->zmax, T->zw, T->n2, T->k, x->llr_width, x->app_width, x->r_width, T->mw,
            x->scale_num, x->scale_shift, x->scale_round != 0, x->r_sat_late != 0, x->app_keep != 0, x->in_shift,
            T->pw, d->dc_max, d->dv_max, T->lw, d->mb_max, T->nw, d->addr_w, T->cnw, d->n_ml_max, T->mlw, d->mbs_max,
            T->locw, T->gw, d->mbc_w, d->seq_w, d->iter_w, T->be, T->mbw, T->ce, T->cbw, T->dsw, T->ddw, T->sumw, T->bkw, T->tot_max,
            T->lbaw, T->rfaw, T->rsaw);
    fprintf(f, "  // ---------------- ROMs: the code set (from the C model's schedule) ----------------\n");
    rom(f, T, "f_z", T->zw, NULL, 0, rom_z);
    rom(f, T, "f_nb", T->cnw, NULL, 0, rom_nb);
    rom(f, T, "f_kc", T->cnw, NULL, 0, rom_kc);
    rom(f, T, "f_nml", T->mlw, NULL, 0, rom_nml);
    rom(f, T, "f_mlbase", T->gw, "m", T->mlw, rom_mlbase);
    rom(f, T, "f_mlcnt", T->locw, "m", T->mlw, rom_mlcnt);
    rom(f, T, "f_s1loc", T->locw, "g", T->gw, rom_s1loc);
    rom(f, T, "f_s2loc", T->locw, "g", T->gw, rom_s2loc);
    rom(f, T, "f_mb", T->mbw, "g", T->gw, rom_mb);
    rom(f, T, "f_invcol", d->addr_w, "col", d->addr_w, rom_invcol);
    rom(f, T, "f_colblk", T->cbw, "a", d->addr_w, rom_colblk);
    rom(f, T, "f_s2late", 1, "m", T->mlw, rom_s2late);
    wide id; /* the default of f_mbbank: bank p for port p */
    bank_word(T, NULL, &id);
    rom_def(f, T, "f_mbbank", T->n2 * T->bkw, "m", d->mbc_w, rom_mbbank, &id);
    fputs("\n", f);
    fputs(fg_gen_template("fg_ldpc_body"), f);
}

static void emit_manifest(FILE *f, const fg_gen_ldpc_cfg *c, const ldpc_tabs *T, const char *top, const fg_gen_out *o)
{
    const fg_ldpc_fixed_cfg *x = &c->arch.fx;
    const fg_gen_ldpc_dims *d = &T->d;
    fprintf(f,
            "{\n  \"tool\": {\"name\": \"fecforge gen\", \"version\": \"%s\", \"git\": \"%s\"},\n"
            "  \"design\": \"ldpc\",\n  \"top\": \"%s\",\n"
            "  \"parameters\": {\"family\": \"%s\", \"layers\": %d, \"mb_rows\": %d, \"mb_cols\": %d, \"llr_width\": %d,\n"
            "    \"llr_frac\": %d, \"r_width\": %d, \"app_width\": %d, \"scale_num\": %d, \"scale_shift\": %d,\n"
            "    \"in_shift\": %d, \"scale_round\": %d, \"r_sat_late\": %d, \"app_keep\": %d, \"max_iter\": %d,\n"
            "    \"mb_order\": \"%s\", \"s1_depth\": 2, \"s2_depth\": 1, \"et_depth\": 1, \"forward\": 1},\n"
            "  \"widths\": {\"zmax\": %d, \"code\": %d, \"iter\": %d, \"seq\": %d, \"addr\": %d, \"mbc\": %d,\n"
            "    \"words\": %d, \"layers\": %d, \"macro_layers\": %d, \"row_degree\": %d, \"col_degree\": %d},\n"
            "  \"latency_cycles\": 0,\n"
            "  \"timing\": \"outputs of cycle t are combinational in the registered state and the inputs of cycle t; "
            "code_sel_i, max_iter_i and et_en_i are sampled with the first LLR word; the decoder starts after the last "
            "LLR word and presents the hard decisions of the information columns N2 words per cycle, one cycle after "
            "their read (docs/rtl-ldpc.md)\",\n"
            "  \"codes\": [\n",
            fg_version(), fg_git_hash(), top, family_name(c->codes[0]->family), x->layers, c->arch.mb_rows,
            c->arch.mb_cols, x->llr_width, x->llr_frac, x->r_width, x->app_width, x->scale_num, x->scale_shift,
            x->in_shift, x->scale_round != 0, x->r_sat_late != 0, x->app_keep != 0, x->max_iter,
            c->arch.mb_order == FG_LDPC_ARCH_ORDER_HAZARD ? "hazard" : "ltr", d->zmax, d->code_w, d->iter_w, d->seq_w,
            d->addr_w, d->mbc_w, T->nw, d->mb_max, d->n_ml_max, d->dc_max, d->dv_max);
    for (int i = 0; i < T->n; i++) {
        const code_tab *t = &T->t[i];
        const int reordered = (c->col_order && c->col_order[i]) || (c->layer_order && c->layer_order[i]);
        fprintf(f, "    {\"index\": %d, \"name\": ", i);
        fg_json_put_str(f, t->code->name); /* a user's code is named after its file */
        fprintf(f,
                ", \"n\": %d, \"k\": %d, \"z\": %d, \"nb\": %d, \"mb\": %d, "
                "\"reordered\": %d, \"macro_layers\": %d, \"mbs_per_iter\": %d, \"cycles_per_iter\": %.2f, "
                "\"cycles_decode\": %ld, \"cycles_per_codeword\": %ld}%s\n",
                t->code->n, t->code->k, t->code->z, t->code->nb, t->code->mb, reordered, t->s.n_ml,
                t->s.mbs_per_iter, (double)t->cyc_iter_x100 / 100.0, t->cyc_decode, t->cyc_word,
                i + 1 < T->n ? "," : "");
    }
    fprintf(f, "  ],\n  \"ports\": [\n");
    ldpc_port ports[LDPC_PORTS_MAX];
    const int np = ports_of(c, d, ports);
    for (int i = 0; i < np; i++)
        fg_gen_manifest_port(f, ports[i].name, ports[i].out, ports[i].width > 0 ? ports[i].width : 1, i + 1 == np);
    fg_gen_manifest_files(f, o);
}

/* tb_<top>.v for the vector sets of this decoder (fg_ldpc_arch_vec_layout: Zmax lanes per word, code_sel_i
 * up to the last code; the layout's word widths are those of the first code, at most the RTL's). */
static int write_testbench(fg_gen_out *o, const fg_gen_ldpc_cfg *c, const ldpc_tabs *T, const char *top,
                           const char *params)
{
    ldpc_port ports[LDPC_PORTS_MAX];
    fg_vec_layout lay;
    int rc = fg_ldpc_arch_vec_layout(T->t[0].arch, T->t[0].code, &c->arch, T->d.zmax, c->n_codes - 1, 1, 1, &lay);
    if (!rc)
        rc = fg_gen_out_testbench(o, top, ports, ports_of(c, &T->d, ports), &lay, params);
    fg_vec_layout_free(&lay);
    return rc;
}

int fg_gen_ldpc(const fg_gen_ldpc_cfg *c, const char *dir)
{
    ldpc_tabs T;
    int rc = tabs_build(c, &T);
    if (rc)
        return rc;
    char top[128], file[144];
    fg_gen_ldpc_name(c, top, sizeof top);
    snprintf(file, sizeof file, "%s.v", top);
    fg_gen_out o;
    if ((rc = fg_gen_out_begin(&o, dir))) {
        tabs_free(&T);
        return rc;
    }
    FILE *f = fg_gen_out_open(&o, file, 1);
    if (!f) {
        rc = FG_EIO;
        goto fail;
    }
    char params[512];
    snprintf(params, sizeof params,
             "codes=%d (%s..%s) layers=%d mb=%dx%d llr=%d/%d r=%d app=%d scale=%d/2^%d in_shift=%d scale_round=%d "
             "r_sat_late=%d app_keep=%d max_iter=%d mb_order=%s",
             c->n_codes, c->codes[0]->name, c->codes[c->n_codes - 1]->name, c->arch.fx.layers, c->arch.mb_rows,
             c->arch.mb_cols, c->arch.fx.llr_width, c->arch.fx.llr_frac, c->arch.fx.r_width, c->arch.fx.app_width,
             c->arch.fx.scale_num, c->arch.fx.scale_shift, c->arch.fx.in_shift, c->arch.fx.scale_round,
             c->arch.fx.r_sat_late, c->arch.fx.app_keep, c->arch.fx.max_iter,
             c->arch.mb_order == FG_LDPC_ARCH_ORDER_HAZARD ? "hazard" : "ltr");
    fg_gen_header(f, "multi-layer MB-serial QC-LDPC decoder (docs/rtl-ldpc.md)", params);
    emit_top(f, c, &T, top);
    if ((rc = fg_gen_out_close(&o, f, file)))
        goto fail;
    static const char *const prims[] = {"fg_rot_lanes", "fg_ldpc_rgen", "fg_sext", "fg_scale", "fg_scale_rnd",
                                        "fg_sat", "fg_sat_sub", "fg_rold_keep", "fg_rshift_rnd", "fg_sram_1r1w"};
    for (size_t i = 0; i < sizeof prims / sizeof prims[0]; i++)
        if ((rc = fg_gen_out_primitive_once(&o, prims[i])))
            goto fail;
    if ((rc = write_testbench(&o, c, &T, top, params)))
        goto fail;
    if (!(f = fg_gen_out_open(&o, "manifest.json", 0))) {
        rc = FG_EIO;
        goto fail;
    }
    emit_manifest(f, c, &T, top, &o);
    if ((rc = fg_gen_out_close(&o, f, "manifest.json")) || (rc = fg_gen_out_commit(&o)))
        goto fail;
    tabs_free(&T);
    return 0;
fail:
    fg_gen_out_abort(&o);
    tabs_free(&T);
    return rc;
}
