/* fecforge gen ldpc: the multi-layer MB-serial QC-LDPC decoder of thesis 3.8 as Verilog-2005, the
 * twin of fg_ldpc_arch_step (cmodel/src/ldpc_arch, docs/rtl-ldpc.md). The code set's constants and
 * static schedules come from the model itself (fg_ldpc_arch_schedule) and fill the template
 * rtl/templates/fg_ldpc.vh: the ports, the constants and the ROM functions of the code index; the
 * architecture (fg_ldpc_body.vh, which it includes) is written once in terms of them. */
#include "design_internal.h"
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

int fg_gen_ldpc_check(const fg_gen_ldpc_cfg *c)
{
    if (!c || !c->codes)
        return fg_set_error(FG_EINVAL, "gen ldpc: no code set");
    if (c->n_codes < 1 || c->n_codes > FG_GEN_LDPC_CODES_MAX)
        return fg_set_error_at(FG_EINVAL, &c->n_codes,
                               "number of codes=%d out of range [1, %d]", c->n_codes, FG_GEN_LDPC_CODES_MAX);
    const fg_ldpc_arch_cfg *a = &c->arch;
    if (a->s1_depth != 2 || a->s2_depth != 1 || a->et_depth != 1 || a->forward != 1 || a->overlap != 1)
        return fg_set_error_at(FG_EINVAL, &a->s1_depth,
                               "pipeline s1_depth=%d s2_depth=%d et_depth=%d forward=%d overlap=%d unsupported: the "
                               "generated decoder has the model's default pipeline (2, 1, 1, 1, 1)",
                               a->s1_depth, a->s2_depth, a->et_depth, a->forward, a->overlap);
    if (a->fx.max_iter < 1 || a->fx.max_iter > FG_GEN_LDPC_ITER_MAX)
        return fg_set_error_at(FG_EINVAL, &a->fx.max_iter,
                               "max_iter=%d out of range [1, %d]", a->fx.max_iter, FG_GEN_LDPC_ITER_MAX);
    if (a->fx.r_width > a->fx.app_width)
        return fg_set_error_at(FG_EINVAL, &a->fx.r_width,
                               "r_width=%d out of range [2, %d] (app_width: R_old is subtracted in the APP format)",
                               a->fx.r_width, a->fx.app_width);
    for (int i = 0; i < c->n_codes; i++) {
        const fg_ldpc_code *code = c->codes[i];
        if (!code)
            return fg_set_error(FG_EINVAL, "code %d is NULL", i);
        if (code->family != c->codes[0]->family)
            return fg_set_error_at(FG_EINVAL, &c->codes,
                                   "code set mixes families: %s (%s) and %s (%s); one generated decoder serves one "
                                   "family",
                                   c->codes[0]->name, family_name(c->codes[0]->family), code->name,
                                   family_name(code->family));
        if (code->z > FG_GEN_LDPC_ZMAX)
            return fg_set_error_at(FG_EINVAL, &c->codes,
                                   "Z=%d of %s out of range [1, %d]", code->z, code->name, FG_GEN_LDPC_ZMAX);
        const fg_ldpc_arch_cfg ca = code_arch(c, i);
        int rc = fg_ldpc_arch_cfg_check(code, &ca);
        if (rc) { /* the model's message on a copy, its field as c's; with the code's name where it has none */
            const void *f = fg_field_in(fg_last_error_field(), &ca, &c->arch, sizeof ca);
            return f == &c->arch.fx.layers ? fg_error_at(rc, f)
                                           : fg_set_error_at(rc, f, "%s (code %s)", fg_last_error(), code->name);
        }
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

/* ---- the values of the template rtl/templates/fg_ldpc.vh ---- */

static void wide_set(wide *v, int at, int width, long val)
{
    for (int b = 0; b < width; b++)
        v->bit[at + b] = (uint8_t)((val >> b) & 1);
}

/* The hex digits of v, most significant first. */
static void wide_hex(const wide *v, char *buf)
{
    int at = 0;
    for (int nib = (v->w + 3) / 4 - 1; nib >= 0; nib--) {
        int x = 0;
        for (int b = 0; b < 4; b++)
            if (nib * 4 + b < v->w && v->bit[nib * 4 + b])
                x |= 1 << b;
        buf[at++] = "0123456789abcdef"[x];
    }
    buf[at] = 0;
}

/* An entry of a ROM of the code index (an instance of its section): the second argument at, the value v
 * (w: a wide one, in hex). */
static void rom_entry(fg_tpl *t, const char *section, int at, long v, const wide *w)
{
    char hex[sizeof w->bit / 4 + 1];
    fg_tpl_begin(t, section);
    fg_tpl_int(t, "AT", at);
    if (w) {
        wide_hex(w, hex);
        fg_tpl_set(t, "V", "%s", hex);
    } else
        fg_tpl_int(t, "V", v);
    fg_tpl_end(t);
}

/* Banks of the words of an MB column, port p at [p*BKW +: BKW] (bank NULL: bank p, the ROM's default). */
static void bank_word(const ldpc_tabs *T, const int *bank, wide *v)
{
    memset(v, 0, sizeof *v);
    v->w = T->n2 * T->bkw;
    for (int p = 0; p < T->n2; p++)
        wide_set(v, p * T->bkw, T->bkw, bank ? bank[p] : p);
}

/* Code i's instance of section CODE: its entries of every ROM (those equal to the ROM's default left out). */
static void code_roms(fg_tpl *t, const ldpc_tabs *T, int i, wide *v)
{
    const code_tab *ct = &T->t[i];
    const fg_ldpc_arch_sched *s = &ct->s;
    const fg_ldpc_code *code = ct->code;
    const int N2 = T->n2;
    fg_tpl_begin(t, "CODE");
    if (i) {
        fg_tpl_begin(t, "IDX");
        fg_tpl_int(t, "I", i);
        fg_tpl_end(t);
    }
    fg_tpl_int(t, "Z", code->z);
    fg_tpl_int(t, "NB", code->nb);
    fg_tpl_int(t, "KC", code->nb - code->mb);
    fg_tpl_int(t, "NML", s->n_ml);
    for (int m = 0; m < s->n_ml; m++) {
        rom_entry(t, "MLBASE", m, s->ml_mb_start[m], NULL);
        rom_entry(t, "MLCNT", m, s->ml_mb_start[m + 1] - s->ml_mb_start[m], NULL);
        if (s->s2_late[m])
            rom_entry(t, "S2LATE", m, 1, NULL);
    }
    for (int g = 0; g < s->mbs_per_iter; g++) {
        if (s->s1_ord[g])
            rom_entry(t, "S1LOC", g, s->s1_ord[g], NULL);
        if (s->s2_ord[g])
            rom_entry(t, "S2LOC", g, s->s2_ord[g], NULL);
        /* MB word: mbc, rd mask, then per (row r, port p) {valid, shift, position in the layer} */
        memset(v, 0, sizeof *v);
        v->w = T->mbw;
        wide_set(v, 0, T->d.mbc_w, s->mb_mbc[g]);
        for (int p = 0; p < N2; p++)
            wide_set(v, T->d.mbc_w + p, 1, s->mb_rd[g * N2 + p]);
        for (int r = 0; r < T->k; r++)
            for (int p = 0; p < N2; p++) {
                const int b = s->mb_blk[(g * T->k + r) * N2 + p];
                if (b < 0)
                    continue;
                const int at = T->d.mbc_w + N2 + (r * N2 + p) * T->be;
                wide_set(v, at, 1, 1);
                wide_set(v, at + 1, T->zw, code->blk_shift[b]);
                wide_set(v, at + 1 + T->zw, T->pw, s->blk_pidx[b]);
            }
        rom_entry(t, "MB", g, 0, v);
    }
    for (int a = 0; a < code->nb; a++) {
        if (s->inv_col[a])
            rom_entry(t, "INVCOL", a, s->inv_col[a], NULL);
        /* column blocks of memory word a: DV x {valid, layer, shift} */
        memset(v, 0, sizeof *v);
        v->w = T->cbw;
        int e = 0;
        for (int l = 0; l < code->mb; l++)
            for (int b = code->row_start[l]; b < code->row_start[l + 1]; b++)
                if (code->blk_col[b] == s->col_order[a]) {
                    wide_set(v, e * T->ce, 1, 1);
                    wide_set(v, e * T->ce + 1, T->lw, l);
                    wide_set(v, e * T->ce + 1 + T->lw, T->zw, code->blk_shift[b]);
                    e++;
                }
        rom_entry(t, "COLBLK", a, 0, v);
    }
    for (int m = 0; m < s->n_mbc; m++) {
        int bank[FG_LDPC_ARCH_PORTS_MAX], id = 1;
        for (int p = 0; p < N2; p++) {
            bank[p] = m * N2 + p < code->nb ? s->word_bank[m * N2 + p] : p;
            id &= bank[p] == p;
        }
        if (!id) {
            bank_word(T, bank, v);
            rom_entry(t, "MBBANK", m, 0, v);
        }
    }
    fg_tpl_end(t);
}

/* The decoder's ports: the model's table (fg_ldpc_arch_port_table) with the RTL's widths. */
static int ports_of(const fg_gen_ldpc_cfg *c, const fg_gen_ldpc_dims *d, fg_port *p)
{
    const fg_ldpc_arch_port_dims pd = {.N2 = c->arch.mb_cols,
                                       .lanes = d->zmax,
                                       .llr_width = c->arch.fx.llr_width,
                                       .app_width = c->arch.fx.app_width,
                                       .code_w = d->code_w,
                                       .iter_w = d->iter_w,
                                       .seq_w = d->seq_w,
                                       .mbc_w = d->mbc_w,
                                       .addr_w = d->addr_w};
    return fg_ldpc_arch_port_table(&pd, p);
}

/* The decoder module: rtl/templates/fg_ldpc.vh (ports, constants, ROMs) around fg_ldpc_body.vh. */
static int emit_top(FILE *f, const fg_gen_ldpc_cfg *c, const ldpc_tabs *T, const char *top)
{
    const fg_ldpc_fixed_cfg *x = &c->arch.fx;
    const fg_gen_ldpc_dims *d = &T->d;
    fg_port table[FG_LDPC_ARCH_PORT_COUNT], ports[FG_LDPC_ARCH_PORT_COUNT];
    const int np = fg_ports_module_order(table, ports_of(c, d, table), ports);
    fg_tpl *t = fg_tpl_new("fg_ldpc");
    fg_tpl_set(t, "TOP", "%s", top);
    for (int i = 0; i < np; i++) { /* a bus keeps its range at one bit ([0:0]) */
        fg_tpl_begin(t, "PORT");
        fg_tpl_flag(t, "OUT", ports[i].dir == FG_VEC_OUT);
        if (ports[i].bus) {
            fg_tpl_begin(t, "VEC");
            fg_tpl_int(t, "W1", fg_port_bits(&ports[i]) - 1);
            fg_tpl_end(t);
        }
        fg_tpl_flag(t, "MORE", i + 1 < np);
        fg_tpl_set(t, "NAME", "%s", ports[i].name);
        fg_tpl_set(t, "WHAT", "%s", ports[i].doc);
        fg_tpl_end(t);
    }
    const int bbw = T->n2 * T->bkw; /* a word of f_mbbank */
    const fg_tpl_iv iv[] = {
        {"CW", d->code_w}, {"NCODES", c->n_codes}, {"ZMAX", d->zmax}, {"ZW", T->zw}, {"N2", T->n2}, {"K", T->k},
        {"W", x->llr_width}, {"A", x->app_width}, {"RW", x->r_width}, {"MW", T->mw}, {"NUM", x->scale_num},
        {"SHIFT", x->scale_shift}, {"ROUND", x->scale_round != 0}, {"SATLATE", x->r_sat_late != 0},
        {"KEEP", x->app_keep != 0}, {"INSHIFT", x->in_shift}, {"PW", T->pw}, {"DCMAX", d->dc_max}, {"DV", d->dv_max},
        {"LW", T->lw}, {"MBMAX", d->mb_max}, {"NW", T->nw}, {"AW", d->addr_w}, {"CNW", T->cnw},
        {"NMLMAX", d->n_ml_max}, {"MLW", T->mlw}, {"MBSMAX", d->mbs_max}, {"LOCW", T->locw}, {"GW", T->gw},
        {"MBCW", d->mbc_w}, {"SQW", d->seq_w}, {"ITW", d->iter_w}, {"BE", T->be}, {"MBW", T->mbw}, {"CE", T->ce},
        {"CBW", T->cbw}, {"DSW", T->dsw}, {"DDW", T->ddw}, {"SUMW", T->sumw}, {"BKW", T->bkw}, {"TOTMAX", T->tot_max},
        {"LBAW", T->lbaw}, {"RFAW", T->rfaw}, {"RSAW", T->rsaw}, {"BBW", bbw},
        /* the ROMs' ranges [W-1:0] */
        {"ZW1", T->zw - 1}, {"CNW1", T->cnw - 1}, {"MLW1", T->mlw - 1}, {"GW1", T->gw - 1}, {"LOCW1", T->locw - 1},
        {"MBW1", T->mbw - 1}, {"AW1", d->addr_w - 1}, {"CBW1", T->cbw - 1}, {"MBCW1", d->mbc_w - 1}, {"BBW1", bbw - 1}};
    fg_tpl_ints(t, iv, (int)(sizeof iv / sizeof iv[0]));
    wide v;
    char hex[sizeof v.bit / 4 + 1];
    bank_word(T, NULL, &v);
    wide_hex(&v, hex);
    fg_tpl_set(t, "BANKID", "%s", hex);
    for (int i = T->n - 1; i >= 0; i--)
        code_roms(t, T, i, &v);
    return fg_tpl_write(t, f);
}

/* The manifest's keys beside the parameters (fg_gen_out_manifest): the family, the pipeline, the widths, the
 * timing and per code its facts and the model's cycle counts. */
typedef struct {
    const fg_gen_ldpc_cfg *c;
    const ldpc_tabs *T;
} ldpc_facts;

static void manifest_facts(const void *arg, fg_json *j)
{
    const fg_gen_ldpc_cfg *c = ((const ldpc_facts *)arg)->c;
    const ldpc_tabs *T = ((const ldpc_facts *)arg)->T;
    const fg_gen_ldpc_dims *d = &T->d;
    fg_json_str(j, "family", family_name(c->codes[0]->family));
    fg_json_obj_open(j, "pipeline");
    fg_json_int(j, "s1_depth", c->arch.s1_depth);
    fg_json_int(j, "s2_depth", c->arch.s2_depth);
    fg_json_int(j, "et_depth", c->arch.et_depth);
    fg_json_int(j, "forward", c->arch.forward);
    fg_json_obj_close(j);
    const fg_tpl_iv widths[] = {{"zmax", d->zmax},       {"code", d->code_w},        {"iter", d->iter_w},
                                {"seq", d->seq_w},       {"addr", d->addr_w},        {"mbc", d->mbc_w},
                                {"words", T->nw},        {"layers", d->mb_max},      {"macro_layers", d->n_ml_max},
                                {"row_degree", d->dc_max}, {"col_degree", d->dv_max}};
    fg_json_obj_open(j, "widths");
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++)
        fg_json_int(j, widths[i].name, widths[i].v);
    fg_json_obj_close(j);
    fg_json_int(j, "latency_cycles", 0);
    fg_json_str(j, "timing", "outputs of cycle t are combinational in the registered state and the inputs of cycle t; "
                             "code_sel_i, max_iter_i and et_en_i are sampled with the first LLR word; the decoder starts "
                             "after the last LLR word and presents the hard decisions of the information columns N2 "
                             "words per cycle, one cycle after their read (docs/rtl-ldpc.md)");
    fg_json_arr_open(j, "codes");
    for (int i = 0; i < T->n; i++) {
        const code_tab *t = &T->t[i];
        fg_json_obj_open(j, NULL);
        fg_json_int(j, "index", i);
        fg_json_str(j, "name", t->code->name); /* a user's code is named after its file */
        const fg_tpl_iv v[] = {{"n", t->code->n},   {"k", t->code->k},    {"z", t->code->z},
                               {"nb", t->code->nb}, {"mb", t->code->mb},
                               {"reordered", (c->col_order && c->col_order[i]) || (c->layer_order && c->layer_order[i])},
                               {"macro_layers", t->s.n_ml}, {"mbs_per_iter", t->s.mbs_per_iter}};
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
            fg_json_int(j, v[k].name, v[k].v);
        fg_json_num(j, "cycles_per_iter", (double)t->cyc_iter_x100 / 100.0);
        fg_json_int(j, "cycles_decode", t->cyc_decode);
        fg_json_int(j, "cycles_per_codeword", t->cyc_word);
        fg_json_obj_close(j);
    }
    fg_json_arr_close(j);
}

/* tb_<top>.v for the vector sets of this decoder (fg_ldpc_arch_vec_layout: Zmax lanes per word, code_sel_i
 * up to the last code; the layout's word widths are those of the first code, at most the RTL's), README.md and
 * manifest.json. */
static int write_rest(fg_gen_out *o, const void *design_cfg, const fg_gen_ldpc_cfg *c, const ldpc_tabs *T,
                      const char *top, const char *params)
{
    fg_port ports[FG_LDPC_ARCH_PORT_COUNT];
    fg_gen_port gp[FG_LDPC_ARCH_PORT_COUNT];
    const int np = ports_of(c, &T->d, ports), ngp = fg_gen_ports_from(ports, np, gp);
    fg_vec_layout lay;
    int rc = fg_ldpc_arch_vec_layout(T->t[0].arch, T->t[0].code, &c->arch, T->d.zmax, c->n_codes - 1, 1, 1, &lay);
    if (!rc)
        rc = fg_gen_out_testbench(o, top, gp, ngp, &lay, params);
    fg_vec_layout_free(&lay);
    if (!rc)
        rc = fg_gen_out_page(o, &fg_design_ldpc, design_cfg, ports, np);
    return rc ? rc : fg_gen_out_manifest(o, &fg_design_ldpc, design_cfg, top, gp, ngp, manifest_facts,
                                         &(ldpc_facts){c, T});
}

int fg_gen_ldpc(const fg_gen_ldpc_cfg *c, const void *design_cfg, const char *dir)
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
    const int rc_top = emit_top(f, c, &T, top), rc_close = fg_gen_out_close(&o, f, file);
    if ((rc = rc_top ? rc_top : rc_close))
        goto fail;
    static const char *const prims[] = {"fg_rot_lanes", "fg_ldpc_rgen", "fg_sext", "fg_scale", "fg_scale_rnd",
                                        "fg_sat", "fg_sat_sub", "fg_rold_keep", "fg_rshift_rnd", "fg_sram_1r1w"};
    for (size_t i = 0; i < sizeof prims / sizeof prims[0]; i++)
        if ((rc = fg_gen_out_primitive_once(&o, prims[i])))
            goto fail;
    if ((rc = write_rest(&o, design_cfg, c, &T, top, params)) || (rc = fg_gen_out_commit(&o)))
        goto fail;
    tabs_free(&T);
    return 0;
fail:
    fg_gen_out_abort(&o);
    tabs_free(&T);
    return rc;
}
