/* fecforge gen turbo: the parallel radix-4 XMAP turbo decoder as Verilog-2005, the twin of fg_turbo_arch
 * (data FIXED, path FIT; cmodel/src/turbo/turbo_arch.c); docs/rtl-turbo.md. The top registers the static
 * inputs, looks K up in a generated K table (the sub-block length the model picks for it) and holds the
 * decoder core of rtl/lib (fg_turbo_core) and the standard's IAG as its own generator writes it. */
#include "design_internal.h"
#include "fecforge_gen/gen.h"
#include "gen_internal.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { AW = 13, P_MIN = 2, P_MAX = FG_IAG_LANES_MAX / 4, LATENCY_DEFAULT = 6, LATENCY_MIN = 4 };

fg_gen_turbo_cfg fg_gen_turbo_cfg_default(void)
{
    const fg_turbo_arch_cfg a = fg_turbo_arch_cfg_default();
    return (fg_gen_turbo_cfg){.std = FG_STD_LTE, .P = 16, .k_max = FG_LTE_K_MAX, .fmt = fg_xmap_fmt_default(),
                              .siso_latency = LATENCY_DEFAULT, .nii = 1, .dbcf = a.dbcf, .mapping = a.umts_mapping};
}

/* fg_turbo_core's UMTS parameter: 0 LTE, 1 HSPA+, 2 both (the fg_std values differ: UMTS 0, LTE 1). */
static int core_mode(const fg_gen_turbo_cfg *c)
{
    return c->std == FG_GEN_TURBO_BOTH ? 2 : c->std == FG_STD_UMTS;
}

static const char *std_word(const fg_gen_turbo_cfg *c)
{
    return c->std == FG_GEN_TURBO_BOTH ? "both" : c->std == FG_STD_UMTS ? "umts" : "lte";
}

int fg_gen_turbo_check(const fg_gen_turbo_cfg *c)
{
    if (c->std != FG_STD_LTE && c->std != FG_STD_UMTS && c->std != FG_GEN_TURBO_BOTH)
        return fg_set_error_at(FG_EINVAL, &c->std, "std=%d invalid: lte, umts or both", c->std);
    if (c->P < P_MIN || c->P > P_MAX)
        return fg_set_error_at(FG_EINVAL, &c->P,
                               "P=%d out of range [%d, %d] (the core's bank index has a SISO field; the IAG "
                               "serves at most %d lanes)", c->P, P_MIN, P_MAX, FG_IAG_LANES_MAX);
    if (c->std == FG_GEN_TURBO_BOTH && (c->P < 4 || c->P % 2))
        return fg_set_error_at(FG_EINVAL, &c->P,
                               "P=%d invalid with std both: an even number in [4, %d] (HSPA+ runs on P/2 of "
                               "the SISOs, their banks in pairs of the LTE banks)", c->P, P_MAX);
    const int k_lo = c->std == FG_STD_UMTS ? FG_UMTS_K_MIN : FG_LTE_K_MIN;
    const int k_hi = c->std == FG_STD_UMTS ? FG_UMTS_K_MAX : FG_LTE_K_MAX;
    if (c->k_max < k_lo || c->k_max > k_hi)
        return fg_set_error_at(FG_EINVAL, &c->k_max,
                               "k_max=%d out of range [%d, %d] for %s", c->k_max, k_lo, k_hi, std_word(c));
    if (c->siso_latency < LATENCY_MIN || c->siso_latency > FG_TURBO_ARCH_LATENCY_MAX)
        return fg_set_error_at(FG_EINVAL, &c->siso_latency,
                               "latency=%d out of range [%d, %d] (the SISO's pipeline needs %d)",
                               c->siso_latency, LATENCY_MIN, FG_TURBO_ARCH_LATENCY_MAX, LATENCY_MIN);
    if (c->nii != 0 && c->nii != 1)
        return fg_set_error_at(FG_EINVAL, &c->nii, "nii=%d invalid: 0 or 1", c->nii);
    if (c->mapping != FG_MAP_XMAP && c->mapping != FG_MAP_XMAP_XOR)
        return fg_set_error_at(FG_EINVAL, &c->mapping,
                               "mapping=%s invalid: xmap or xmap-xor (natural-order reads must be "
                               "conflict-free)", fg_bank_mapping_name(c->mapping));
    int rc = fg_xmap_fmt_check(&c->fmt);
    if (!rc) { /* the DBCF HSPA+ writes through (4 * its P lanes), or the one LTE sizes may be sent to (4P) */
        fg_gen_dbcf_cfg d = fg_gen_turbo_dbcf_cfg(c, 8);
        if (c->std == FG_STD_LTE)
            d.dbcf.pllr = d.dbcf.banks = 4 * c->P;
        if ((rc = fg_dbcf_cfg_check(&d.dbcf))) /* a copy: its fields as c's */
            fg_error_at(rc, fg_field_in(fg_last_error_field(), &d.dbcf, &c->dbcf, sizeof d.dbcf));
    }
    return rc;
}

void fg_gen_turbo_name(const fg_gen_turbo_cfg *c, char *buf, size_t n)
{
    const fg_xmap_fmt d = fg_xmap_fmt_default(), *f = &c->fmt;
    char fmt[48] = "", lat[16] = "";
    if (f->w_ch != d.w_ch || f->w_ext != d.w_ext || f->w_bm != d.w_bm || f->w_sm != d.w_sm)
        snprintf(fmt, sizeof fmt, "_c%de%db%ds%d", f->w_ch, f->w_ext, f->w_bm, f->w_sm);
    if (c->siso_latency != LATENCY_DEFAULT)
        snprintf(lat, sizeof lat, "_lat%d", c->siso_latency);
    /* the DBCF and mapping when they are not the default (HSPA+ and both) */
    char wp[64] = "";
    const fg_dbcf_cfg dd = fg_turbo_arch_cfg_default().dbcf, *b = &c->dbcf;
    if (c->std != FG_STD_LTE) {
        size_t at = 0;
        if (b->select != dd.select || b->fifo_depth != dd.fifo_depth || b->buf_depth != dd.buf_depth)
            at += (size_t)snprintf(wp + at, sizeof wp - at, "_s%df%db%d", b->select, b->fifo_depth, b->buf_depth);
        if (b->offer != dd.offer)
            at += (size_t)snprintf(wp + at, sizeof wp - at, "_head");
        if (b->lfsr_seed != dd.lfsr_seed)
            at += (size_t)snprintf(wp + at, sizeof wp - at, "_l%04x", b->lfsr_seed);
        if (c->mapping != FG_MAP_XMAP_XOR)
            snprintf(wp + at, sizeof wp - at, "_xmap");
    }
    snprintf(buf, n, "fg_turbo_%s_p%d_k%d%s%s%s%s%s", std_word(c), c->P, c->k_max, fmt,
             f->norm == FG_XMAP_NORM_SUBTRACT ? "_sub" : "", c->nii ? "" : "_nonii", lat, wp);
}

int fg_gen_turbo_umts_P(const fg_gen_turbo_cfg *c)
{
    return c->std == FG_STD_UMTS ? c->P : c->std == FG_GEN_TURBO_BOTH ? c->P / 2 : 0;
}

fg_gen_dbcf_cfg fg_gen_turbo_dbcf_cfg(const fg_gen_turbo_cfg *c, int lmax)
{
    fg_gen_dbcf_cfg d = {.dbcf = c->dbcf, .width = c->fmt.w_ext + 1, .bank_depth = lmax / 4, .external_banks = 1};
    d.dbcf.pllr = d.dbcf.banks = 4 * fg_gen_turbo_umts_P(c);
    d.dbcf.stall = 0;
    return d;
}

fg_turbo_arch_cfg fg_gen_turbo_arch_cfg(const fg_gen_turbo_cfg *c, fg_std std, int K, int half_iters)
{
    fg_turbo_arch_cfg a = fg_turbo_arch_cfg_default();
    a.std = std;
    a.K = K;
    a.P = c->P;
    a.half_iters = half_iters;
    a.siso_latency = c->siso_latency;
    a.path = c->std == FG_GEN_TURBO_BOTH ? FG_TURBO_ARCH_PATH_SHARED : FG_TURBO_ARCH_PATH_FIT;
    a.umts_P = c->std == FG_GEN_TURBO_BOTH ? c->P / 2 : 0;
    a.data = FG_TURBO_ARCH_DATA_FIXED;
    a.fmt = c->fmt;
    a.nii = c->nii;
    a.dbcf = c->dbcf;
    a.dbcf.stall = 0;
    a.umts_mapping = c->mapping;
    return a;
}

int fg_gen_turbo_sizes(const fg_gen_turbo_cfg *c, fg_gen_turbo_size *out, int *lmax)
{
    int n = 0, lm = 0;
    for (int si = 0; si < 2; si++) {
        const fg_std std = si == 0 ? FG_STD_LTE : FG_STD_UMTS;
        if (c->std != FG_GEN_TURBO_BOTH && c->std != (int)std)
            continue;
        for (int i = 0; i < fg_interleaver_num_sizes(std); i++) {
            const int K = fg_interleaver_size(std, i);
            if (K > c->k_max)
                break;
            const fg_turbo_arch_cfg a = fg_gen_turbo_arch_cfg(c, std, K, 2);
            fg_turbo_arch_cfg run;
            const int rc = fg_turbo_arch_resolve(&a, &run);
            if (rc)
                return rc;
            if (n == FG_GEN_TURBO_SIZES_MAX)
                return fg_set_error(FG_EINVAL, "more than %d block sizes", FG_GEN_TURBO_SIZES_MAX);
            const int L = 4 * ((K + 4 * run.P - 1) / (4 * run.P));
            const int dbcf = run.path == FG_TURBO_ARCH_PATH_DBCF;
            /* rows per logical bank: qpp L/4; xmap-xor ceil(C0 / sub), sub = the design's DBCF SISOs / P' */
            const int sub = std == FG_STD_UMTS ? fg_gen_turbo_umts_P(c) / run.P : 1;
            out[n++] = (fg_gen_turbo_size){std, K, run.P, L, dbcf, (L / 4 + sub - 1) / sub};
            lm = L > lm ? L : lm;
        }
    }
    if (lmax)
        *lmax = lm;
    return n;
}

/* The K table and what the RTL's geometry takes from it. */
typedef struct {
    fg_gen_turbo_size *sz;
    int n;
    int lmax;  /* largest L */
    int lmaxh; /* largest L on the SISOs past the HSPA+ side's (both) */
    int qp;    /* rows per physical bank (both: the LTE geometry, a DBCF block's logical rows in pairs) */
    int jmax;  /* most sub-banks per lane: 2^jmax */
} table;

static void table_free(table *t)
{
    free(t->sz);
    t->sz = NULL;
}

/* j of a size: an HSPA+ block runs on UP / 2^j SISOs (LTE's P' need not divide P and has no sub-banks). */
static int j_of(const fg_gen_turbo_cfg *c, const fg_gen_turbo_size *z)
{
    int j = 0;
    while (z->std == FG_STD_UMTS && (z->P << j) < fg_gen_turbo_umts_P(c))
        j++;
    return j;
}

static int table_make(const fg_gen_turbo_cfg *c, table *t)
{
    memset(t, 0, sizeof *t);
    if (!(t->sz = malloc(sizeof *t->sz * FG_GEN_TURBO_SIZES_MAX)))
        return fg_set_error(FG_ENOMEM, "out of memory for the K table");
    const int n = fg_gen_turbo_sizes(c, t->sz, &t->lmax);
    if (n < 0) {
        table_free(t);
        return n;
    }
    t->n = n;
    const int up = fg_gen_turbo_umts_P(c);
    for (int i = 0; i < n; i++) {
        const fg_gen_turbo_size *z = &t->sz[i];
        if (z->P > up && z->L > t->lmaxh)
            t->lmaxh = z->L;
        const int rows = c->std == FG_GEN_TURBO_BOTH && z->dbcf ? (z->rows + 1) / 2 : z->rows;
        t->qp = rows > t->qp ? rows : t->qp;
        t->jmax = j_of(c, z) > t->jmax ? j_of(c, z) : t->jmax;
    }
    if (c->std != FG_GEN_TURBO_BOTH || !t->lmaxh)
        t->lmaxh = t->lmax;
    if (c->std != FG_GEN_TURBO_BOTH)
        t->qp = t->lmax / 4;
    return 0;
}

static int jw_of(int jmax) /* the core's j_i bits */
{
    int b = 1;
    while ((1 << b) < jmax + 1)
        b++;
    return b;
}

static void params_text(const fg_gen_turbo_cfg *c, int lmax, char *buf, size_t n)
{
    const fg_xmap_fmt *f = &c->fmt;
    const int at = snprintf(buf, n,
                            "std=%s parallel=%d k_max=%d llr_width=%d llr_frac=%d ext_width=%d bm_width=%d sm_width=%d "
                            "norm=%s latency=%d nii=%d lmax=%d",
                            std_word(c), c->P, c->k_max, f->w_ch, f->f_ch, f->w_ext, f->w_bm, f->w_sm,
                            f->norm == FG_XMAP_NORM_MODULO ? "modulo" : "subtract", c->siso_latency, c->nii, lmax);
    const fg_dbcf_cfg *b = &c->dbcf;
    if (c->std != FG_STD_LTE && at > 0 && (size_t)at < n)
        snprintf(buf + at, n - (size_t)at, " select=%d fifo_depth=%d buf_depth=%d offer=%s lfsr_seed=0x%04X mapping=%s",
                 b->select, b->fifo_depth, b->buf_depth, b->offer == FG_DBCF_OFFER_HEAD ? "head" : "dual", b->lfsr_seed,
                 fg_bank_mapping_name(c->mapping));
}

typedef fg_gen_port port_t;

/* The top's ports: those of the port table (fg_turbo_arch_rtl_ports), declared once. */
static int ports_of(const fg_gen_turbo_cfg *c, const fg_vec_turbo_arch_dims *d, port_t *p)
{
    fg_port ports[FG_TURBO_RTL_PORTS];
    return fg_gen_ports_from(ports, fg_turbo_arch_rtl_ports(d, &c->fmt, ports), p);
}

static int cw_of(const fg_vec_turbo_arch_dims *d) /* the core's c0_i bits: clog2(QMAX + 1) */
{
    int b = 0;
    while ((1 << b) < d->qmax + 1)
        b++;
    return b;
}

/* The K table (rtl/templates/fg_turbo_ktab.vh): a section ROW per size, BLK where it sets j (J) or the DBCF (DB)
 * beside C0. */
static int emit_ktab(FILE *f, const fg_gen_turbo_cfg *c, const char *top, const fg_vec_turbo_arch_dims *d,
                     const table *t, const char *params)
{
    const int CW = cw_of(d), JW = jw_of(t->jmax), both = c->std == FG_GEN_TURBO_BOTH, KW = AW + both;
    fg_gen_header(f, "K table of the turbo decoder: per block size, C0 = L/4 of the sub-blocks the step model runs "
                     "it on, j and the write path (fg_turbo_arch_resolve, path fit or shared; docs/rtl-turbo.md)",
                  params);
    fg_tpl *tp = fg_tpl_new("fg_turbo_ktab");
    fg_tpl_set(tp, "TOP", "%s_ktab", top);
    const port_t ports[] = {{"k_i", 0, KW, both ? "{HSPA+, K}: the block's standard and size" : "block size K"},
                            {"ok_o", 1, 1, "K is a size of the design"},
                            {"c0_o", 1, CW, "C0 = L/4 (0 when not ok)"},
                            {"j_o", 1, JW, "HSPA+: the block runs on UP / 2^j SISOs, 2^j sub-banks per lane (LTE 0)"},
                            {"dbcf_o", 1, 1, "the block writes through the DBCF (HSPA+, and LTE sizes sent to it)"}};
    fg_tpl_ports(tp, "PORTS", ports, 5);
    fg_tpl_int(tp, "CW", CW);
    fg_tpl_int(tp, "CW1", CW - 1);
    fg_tpl_int(tp, "JW", JW);
    fg_tpl_int(tp, "JW1", JW - 1);
    fg_tpl_int(tp, "KW", KW);
    fg_tpl_int(tp, "UMTS", c->std == FG_STD_UMTS);
    for (int i = 0; i < t->n; i++) {
        const fg_gen_turbo_size *z = &t->sz[i];
        const int j = j_of(c, z), key = both && z->std == FG_STD_UMTS ? (1 << AW) | z->K : z->K;
        const int set_dbcf = both && z->dbcf;
        fg_tpl_begin(tp, "ROW");
        fg_tpl_int(tp, "KEY", key);
        fg_tpl_int(tp, "C0", z->L / 4);
        fg_tpl_set(tp, "STD", "%s", z->std == FG_STD_UMTS ? "HSPA+" : "LTE");
        fg_tpl_int(tp, "PP", z->P);
        fg_tpl_int(tp, "LL", z->L);
        if (j || set_dbcf) {
            fg_tpl_begin(tp, "BLK");
            fg_tpl_end(tp);
            if (set_dbcf && z->std == FG_STD_LTE) {
                fg_tpl_begin(tp, "THRU");
                fg_tpl_end(tp);
            }
            if (j) {
                fg_tpl_begin(tp, "J");
                fg_tpl_int(tp, "JV", j);
                fg_tpl_end(tp);
            }
            if (set_dbcf) {
                fg_tpl_begin(tp, "DB");
                fg_tpl_end(tp);
            }
        }
        fg_tpl_end(tp);
    }
    return fg_tpl_write(tp, f);
}

/* The generated modules' names. */
typedef struct {
    char top[128], iag_lte[96], iag_umts[96], dbcf[96];
} names;

/* One IAG instance of the top (section IAG). */
static void iag_values(fg_tpl *tp, const char *module, const char *inst, int lanes, const char *rst, const char *sfx)
{
    fg_tpl_begin(tp, "IAG");
    fg_tpl_set(tp, "MOD", "%s", module);
    fg_tpl_set(tp, "INST", "%s", inst);
    fg_tpl_set(tp, "RST", "%s", rst);
    fg_tpl_set(tp, "SFX", "%s", sfx);
    fg_tpl_int(tp, "ST1", lanes * 14 - 1);
    fg_tpl_int(tp, "SR1", lanes * 3 - 1);
    fg_tpl_int(tp, "LV1", lanes - 1);
    fg_tpl_int(tp, "LX1", lanes * AW - 1);
    fg_tpl_end(tp);
}

/* The top module (rtl/templates/fg_turbo_top.vh): sections BOTH (both standards: two IAGs, the standard an
 * input), DBCFI (the HSPA+ DBCF) and an IAG per IAG instance. */
static int emit_top(FILE *f, const fg_gen_turbo_cfg *c, const names *nm, int dbcf_level_w,
                    const fg_vec_turbo_arch_dims *d, const table *t, const char *params)
{
    const fg_xmap_fmt *x = &c->fmt;
    const int NL = d->nl, CW = cw_of(d), W_CH = x->w_ch, JW = jw_of(t->jmax), XW = x->w_ext + 1;
    const int both = c->std == FG_GEN_TURBO_BOTH, umts = c->std == FG_STD_UMTS, ND = 4 * fg_gen_turbo_umts_P(c);
    const int NDW = ND ? ND : NL, BWD = both ? d->bw - 1 : d->bw; /* the core's DBCF port widths (LTE: unused) */
    fg_gen_header(f, both ? "Parallel radix-4 XMAP turbo decoder of both standards: K table, decoder core "
                            "(rtl/lib/fg_turbo_core.v), the LTE and HSPA+ IAGs and the DBCF (docs/rtl-turbo.md; "
                            "cycle-exact twin of fg_turbo_arch, data FIXED, path shared)"
                  : umts ? "Parallel radix-4 XMAP turbo decoder: K table, decoder core (rtl/lib/fg_turbo_core.v), IAG "
                           "and DBCF (docs/rtl-turbo.md; cycle-exact twin of fg_turbo_arch, data FIXED, path fit)"
                         : "Parallel radix-4 XMAP turbo decoder: K table, decoder core (rtl/lib/fg_turbo_core.v) and "
                           "IAG (docs/rtl-turbo.md; cycle-exact twin of fg_turbo_arch, data FIXED, path fit)",
                  params);
    fg_tpl *tp = fg_tpl_new("fg_turbo_top");
    fg_tpl_set(tp, "TOP", "%s", nm->top);
    port_t ports[FG_TURBO_RTL_PORTS];
    fg_tpl_ports(tp, "PORTS", ports, ports_of(c, d, ports));
    fg_tpl_set(tp, "KTAB", "%s_ktab", nm->top);
    const struct { const char *name; long v; } ints[] = {
        {"CH1", 12 * W_CH - 1}, {"CH", 12 * W_CH}, {"UMTS", umts}, {"NSIZES", t->n}, {"KMAX", c->k_max},
        {"LMAX", t->lmax}, {"CW1", CW - 1}, {"JW1", JW - 1}, {"NL14", NL * 14 - 1}, {"NL3", NL * 3 - 1},
        {"NL1", NL - 1}, {"NLA1", NL * AW - 1}, {"NDW1", NDW - 1}, {"NDWB1", NDW * BWD - 1},
        {"NDWR1", NDW * d->rw - 1}, {"NDWX1", NDW * XW - 1}, {"P", c->P}, {"W_CH", W_CH}, {"W_EXT", x->w_ext},
        {"W_BM", x->w_bm}, {"W_SM", x->w_sm}, {"NORM", x->norm == FG_XMAP_NORM_SUBTRACT}, {"LMAP", c->siso_latency},
        {"LIAG", c->std == FG_STD_LTE ? FG_IAG_LATENCY_LTE : FG_IAG_LATENCY_UMTS}, {"NII", c->nii},
        {"MODE", core_mode(c)}, {"JMAX", t->jmax}, {"MAPXOR", c->mapping == FG_MAP_XMAP_XOR},
        {"UP", ND ? ND / 4 : c->P}, {"LMAXH", t->lmaxh}, {"QP", t->qp}, {"NL", NL}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        fg_tpl_int(tp, ints[i].name, ints[i].v);
    if (ND) {
        fg_tpl_begin(tp, "DBCFI");
        fg_tpl_set(tp, "DBCF", "%s", nm->dbcf);
        fg_tpl_int(tp, "NDL1", ND * dbcf_level_w - 1);
        fg_tpl_end(tp);
        fg_tpl_int(tp, "ND", ND);
        fg_tpl_int(tp, "ND1", ND - 1);
    } else {
        fg_tpl_int(tp, "NLR", NL * d->rw);
        fg_tpl_int(tp, "NLX", NL * XW);
    }
    if (!both)
        iag_values(tp, umts ? nm->iag_umts : nm->iag_lte, "u_iag", NL, "iag_rst_n", "");
    else {
        fg_tpl_begin(tp, "BOTH");
        fg_tpl_int(tp, "NDA1", ND * AW - 1);
        fg_tpl_int(tp, "PADV", NL - ND);
        fg_tpl_int(tp, "PADA", (NL - ND) * AW);
        fg_tpl_end(tp);
        iag_values(tp, nm->iag_lte, "u_iag_lte", NL, "rst_l_n", "_l");
        iag_values(tp, nm->iag_umts, "u_iag_umts", ND, "rst_u_n", "_u");
    }
    return fg_tpl_write(tp, f);
}

/* The manifest's keys beside the parameters (fg_gen_out_manifest): the modules and what the parameters imply. */
typedef struct {
    const fg_gen_turbo_cfg *c;
    const names *nm;
    const fg_vec_turbo_arch_dims *d;
    const table *t;
} turbo_facts;

static void manifest_facts(const void *arg, fg_json *j)
{
    const turbo_facts *v = arg;
    const fg_gen_turbo_cfg *c = v->c;
    const fg_vec_turbo_arch_dims *d = v->d;
    const table *t = v->t;
    const int both = c->std == FG_GEN_TURBO_BOTH;
    int by_p[2][P_MAX + 1] = {{0}}, dbcf_lte = 0;
    for (int i = 0; i < t->n; i++) {
        by_p[t->sz[i].std == FG_STD_UMTS][t->sz[i].P]++;
        dbcf_lte += t->sz[i].std == FG_STD_LTE && t->sz[i].dbcf;
    }
    char ktab[160];
    snprintf(ktab, sizeof ktab, "%s_ktab", v->nm->top);
    fg_json_obj_open(j, "modules");
    fg_json_str(j, "core", "fg_turbo_core");
    if (both) {
        fg_json_str(j, "iag_lte", v->nm->iag_lte);
        fg_json_str(j, "iag_umts", v->nm->iag_umts);
    } else
        fg_json_str(j, "iag", c->std == FG_STD_UMTS ? v->nm->iag_umts : v->nm->iag_lte);
    fg_json_str(j, "ktab", ktab);
    if (c->std != FG_STD_LTE)
        fg_json_str(j, "dbcf", v->nm->dbcf);
    fg_json_obj_close(j);
    fg_json_int(j, "lmax", t->lmax);
    fg_json_int(j, "bank_rows", d->qmax);
    fg_json_int(j, "physical_bank_rows", t->qp);
    fg_json_int(j, "sizes", t->n);
    for (int u = 0; u < 2; u++) {
        if (!(both || (c->std == FG_STD_UMTS) == u))
            continue;
        fg_json_obj_open(j, both ? (u ? "sisos_of_sizes_umts" : "sisos_of_sizes_lte") : "sisos_of_sizes");
        for (int p = P_MAX; p >= 1; p--)
            if (by_p[u][p]) {
                char key[16];
                snprintf(key, sizeof key, "%d", p);
                fg_json_int(j, key, by_p[u][p]);
            }
        fg_json_obj_close(j);
    }
    if (both) {
        fg_json_int(j, "umts_sisos", c->P / 2);
        fg_json_int(j, "lte_sizes_through_dbcf", dbcf_lte);
    }
    fg_json_obj_open(j, "widths");
    const struct { const char *name; int v; } w[] = {{"position", AW}, {"bank", d->bw}, {"row", d->rw},
                                                    {"tau", d->tw}, {"channel", c->fmt.w_ch}, {"extrinsic", c->fmt.w_ext}};
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
        fg_json_int(j, w[i].name, w[i].v);
    fg_json_obj_close(j);
    if (both) {
        fg_json_obj_open(j, "iag_latency_cycles");
        fg_json_int(j, "lte", FG_IAG_LATENCY_LTE);
        fg_json_int(j, "umts", FG_IAG_LATENCY_UMTS);
        fg_json_obj_close(j);
    } else
        fg_json_int(j, "iag_latency_cycles", c->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE);
    fg_json_int(j, "latency_cycles", 0);
    fg_json_str(j, "timing", both ? "cycle-exact with fg_turbo_arch (data FIXED, path shared) and the turbo vector sets: "
                                    "the static inputs are registered (set them one cycle before the first load); start_i "
                                    "in the model's cycle 0; hard_rd_data_o one cycle after hard_rd_pos_i"
                                  : "cycle-exact with fg_turbo_arch (data FIXED, path fit) and the turbo vector sets: the "
                                    "static inputs are registered (set them one cycle before the first load); start_i in "
                                    "the model's cycle 0; hard_rd_data_o one cycle after hard_rd_pos_i");
}

int fg_gen_turbo(const fg_gen_turbo_cfg *c, const char *dir)
{
    int rc = fg_gen_turbo_check(c);
    if (rc)
        return rc;
    table t;
    if ((rc = table_make(c, &t)))
        return rc;
    const fg_turbo_arch_cfg design = fg_gen_turbo_arch_cfg(c, c->std == FG_STD_UMTS ? FG_STD_UMTS : FG_STD_LTE,
                                                           t.sz[0].K, 2);
    fg_vec_turbo_arch_dims d;
    fg_vec_turbo_arch_dims_of(&design, t.lmax, &d);
    const int up = fg_gen_turbo_umts_P(c);
    const fg_gen_iag_cfg il = {FG_STD_LTE, 4 * c->P, 0}, iu = {FG_STD_UMTS, 4 * (up ? up : c->P), 0};
    const fg_gen_dbcf_cfg dc = fg_gen_turbo_dbcf_cfg(c, t.lmax);
    fg_gen_dbcf_dims dd;
    fg_gen_dbcf_dims_of(&dc, &dd);
    names nm;
    char file[160], params[512];
    fg_gen_turbo_name(c, nm.top, sizeof nm.top);
    fg_gen_iag_name(&il, nm.iag_lte, sizeof nm.iag_lte);
    fg_gen_iag_name(&iu, nm.iag_umts, sizeof nm.iag_umts);
    fg_gen_dbcf_name(&dc, nm.dbcf, sizeof nm.dbcf);
    params_text(c, t.lmax, params, sizeof params);
    fg_gen_out o;
    if ((rc = fg_gen_out_begin(&o, dir))) {
        table_free(&t);
        return rc;
    }
    snprintf(file, sizeof file, "%s.v", nm.top);
    FILE *f = fg_gen_out_open(&o, file, 1);
    if (!f) {
        rc = FG_EIO;
        goto fail;
    }
    rc = emit_top(f, c, &nm, dd.count_w, &d, &t, params);
    {
        const int rc_close = fg_gen_out_close(&o, f, file);
        if (!rc)
            rc = rc_close;
    }
    if (rc || (rc = fg_gen_out_primitives_of(&o, file)))
        goto fail;
    snprintf(file, sizeof file, "%s_ktab.v", nm.top);
    if (!(f = fg_gen_out_open(&o, file, 1))) {
        rc = FG_EIO;
        goto fail;
    }
    rc = emit_ktab(f, c, nm.top, &d, &t, params);
    {
        const int rc_close = fg_gen_out_close(&o, f, file);
        if (!rc)
            rc = rc_close;
    }
    if (rc || (c->std != FG_STD_UMTS && (rc = fg_gen_iag_write(&o, &il))) ||
        (c->std != FG_STD_LTE && ((rc = fg_gen_iag_write(&o, &iu)) || (rc = fg_gen_dbcf_write(&o, &dc)))))
        goto fail;
    {
        fg_port ports[FG_TURBO_RTL_PORTS];
        port_t gp[FG_TURBO_RTL_PORTS];
        const int ngp = ports_of(c, &d, gp), np = fg_turbo_arch_rtl_ports(&d, &c->fmt, ports);
        fg_vec_layout lay;
        if ((rc = fg_vec_layout_turbo_arch(&d, &c->fmt, 1, c->k_max, &lay)))
            goto fail;
        rc = fg_gen_out_testbench(&o, nm.top, gp, ngp, &lay, params);
        fg_vec_layout_free(&lay);
        if (rc || (rc = fg_gen_out_page(&o, &fg_design_turbo, c, ports, np)) ||
            (rc = fg_gen_out_manifest(&o, &fg_design_turbo, c, nm.top, gp, ngp, manifest_facts,
                                      &(turbo_facts){c, &nm, &d, &t})) ||
            (rc = fg_gen_out_commit(&o)))
            goto fail;
    }
    table_free(&t);
    return 0;
fail:
    fg_gen_out_abort(&o);
    table_free(&t);
    return rc;
}
