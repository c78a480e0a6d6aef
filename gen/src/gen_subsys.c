/* fecforge gen subsystem: the interleaver write path as Verilog-2005, the twin of fg_subsys_step
 * (cmodel/src/subsystem/subsystem.c); docs/rtl-subsystem.md. The top instantiates the IAG and the
 * DBCF exactly as their own generators write them (fg_gen_iag_write, fg_gen_dbcf_write), a per-lane
 * LLR delay of the IAG latency and a per-lane combinational bank mapper between them. */
#include "design_internal.h"
#include "fecforge_gen/gen.h"
#include "gen_internal.h"
#include "fecforge/error.h"
#include "fecforge/subsystem.h"

#include <stdio.h>
#include <string.h>

enum { AW = 13 }; /* positions, addresses, k_i, sub-block length: < 2^13 (K <= 6144) */

static int log2_exact(long n) /* log2(n) if n is a power of 2, else -1 */
{
    int b = 0;
    while ((1L << b) < n)
        b++;
    return (1L << b) == n ? b : -1;
}

int fg_gen_subsys_bank_depth(fg_std std, int pllr, int banks, fg_bank_mapping mapping)
{
    const int K = std == FG_STD_LTE ? FG_LTE_K_MAX : FG_UMTS_K_MAX; /* depth grows with K */
    fg_xmap_schedule s;
    fg_bank_map m;
    if (fg_xmap_schedule_init(&s, K, pllr) || fg_bank_map_init(&m, mapping, banks, &s)) {
        fg_clear_error();
        return 0;
    }
    return m.depth;
}

fg_gen_subsys_cfg fg_gen_subsys_cfg_default(void)
{
    fg_gen_subsys_cfg c = {.dbcf = fg_gen_dbcf_cfg_default(), .std = FG_STD_UMTS, .mapping = FG_MAP_XMAP_XOR};
    c.dbcf.dbcf.pllr = 32;
    c.dbcf.dbcf.banks = 64;
    c.dbcf.dbcf.select = 3;
    c.dbcf.dbcf.fifo_depth = 4;
    c.dbcf.dbcf.buf_depth = 7;
    c.dbcf.bank_depth = fg_gen_subsys_bank_depth(c.std, 32, 64, c.mapping);
    return c;
}

int fg_gen_subsys_check(const fg_gen_subsys_cfg *c)
{
    const fg_dbcf_cfg *d = &c->dbcf.dbcf;
    const fg_gen_iag_cfg ic = {c->std, d->pllr, 0};
    int rc = fg_gen_iag_check(&ic);
    if (rc) /* ic is a copy: its fields as c's */
        return fg_error_at(rc, fg_last_error_field() == &ic.pllr ? (const void *)&d->pllr : &c->std);
    if ((rc = fg_gen_dbcf_check(&c->dbcf)))
        return rc;
    const int P = d->pllr, M = d->banks;
    switch (c->mapping) {
    case FG_MAP_XMAP:
    case FG_MAP_XMAP_XOR:
        /* ceil(K/PLLR) is a shift, the SISO index a QW-bit quotient and the bank {lane, sub-bank}. */
        if (log2_exact(P) < 0)
            return fg_set_error_at(FG_EINVAL, &d->pllr,
                                   "pllr=%d invalid for mapping %s in RTL: must be a power of 2 in [4, %d]", P,
                                   fg_bank_mapping_name(c->mapping), FG_IAG_LANES_MAX);
        if (M % P || log2_exact(M / P) < 0)
            return fg_set_error_at(FG_EINVAL, &d->banks,
                                   "banks=%d invalid for mapping %s in RTL: must be PLLR=%d times a power of 2",
                                   M, fg_bank_mapping_name(c->mapping), P);
        break;
    case FG_MAP_MOD:
        if (M < 2 || log2_exact(M) < 0)
            return fg_set_error_at(FG_EINVAL, &d->banks,
                                   "banks=%d invalid for mapping mod in RTL: must be a power of 2 in [2, 4096] "
                                   "(bank = address bits)", M);
        break;
    default:
        return fg_set_error_at(FG_EINVAL, &c->mapping, "mapping=%s not available in RTL: valid are xmap, xmap-xor, mod",
                               fg_bank_mapping_name(c->mapping));
    }
    const int need = fg_gen_subsys_bank_depth(c->std, P, M, c->mapping);
    if (c->dbcf.bank_depth < need)
        return fg_set_error_at(FG_EINVAL, &c->dbcf.bank_depth,
                               "bank_depth=%d out of range [%d, %d]: std=%s with mapping %s, PLLR=%d, M=%d needs "
                               "%d rows",
                               c->dbcf.bank_depth, need, FG_GEN_BANK_DEPTH_MAX, fg_std_name(c->std),
                               fg_bank_mapping_name(c->mapping), P, M, need);
    return 0;
}

static const char *map_tag(fg_bank_mapping m)
{
    return m == FG_MAP_XMAP ? "xmap" : m == FG_MAP_XMAP_XOR ? "xmapxor" : m == FG_MAP_MOD ? "mod" : "block";
}

void fg_gen_subsys_name(const fg_gen_subsys_cfg *c, char *buf, size_t n)
{
    const fg_dbcf_cfg *b = &c->dbcf.dbcf;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(&c->dbcf, &d);
    snprintf(buf, n, "fg_subsys_%s_p%d_m%d_s%d_f%d_b%d%s_%s", c->std == FG_STD_LTE ? "lte" : "umts", b->pllr, b->banks,
             d.select, b->fifo_depth, b->buf_depth, b->offer == FG_DBCF_OFFER_HEAD ? "_head" : "", map_tag(c->mapping));
}

static void params_text(const fg_gen_subsys_cfg *c, char *buf, size_t n)
{
    const fg_dbcf_cfg *b = &c->dbcf.dbcf;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(&c->dbcf, &d);
    snprintf(buf, n,
             "std=%s mapping=%s pllr=%d banks=%d select=%d fifo_depth=%d buf_depth=%d offer=%s lfsr_seed=0x%04X "
             "width=%d bank_depth=%d",
             fg_std_name(c->std), fg_bank_mapping_name(c->mapping), b->pllr, b->banks, d.select, b->fifo_depth,
             b->buf_depth, b->offer == FG_DBCF_OFFER_HEAD ? "head" : "dual", b->lfsr_seed, c->dbcf.width,
             c->dbcf.bank_depth);
}

typedef fg_gen_port port_t;

/* The top's ports: the write path's port table (fg_subsys_ports, the DBCF's rows among them), declared once. */
static int ports_of(const fg_gen_subsys_cfg *c, fg_port *p)
{
    return fg_subsys_ports(&c->dbcf.dbcf, c->dbcf.bank_depth, c->dbcf.width, p);
}

/* The values of rtl/templates/fg_subsys_row.vh: row_o from a wire row_full of rf bits. */
static void row_values(fg_tpl *t, int rf, int rw)
{
    fg_tpl_int(t, "RF1", rf - 1);
    if (rf < rw) {
        fg_tpl_begin(t, "ROWPAD");
        fg_tpl_int(t, "ROWPADW", rw - rf);
        fg_tpl_end(t);
        return;
    }
    fg_tpl_int(t, "RW1", rw - 1);
    if (rf > rw) {
        fg_tpl_begin(t, "ROWHI");
        fg_tpl_int(t, "HI1", rf - rw - 1);
        fg_tpl_int(t, "RW", rw);
        fg_tpl_end(t);
    }
}

/* The bank mapper (rtl/templates/fg_subsys_map_mod.vh for mod, else fg_subsys_map.vh: sections XR for
 * xmap-xor, DIV the SISO division with a STAGE per quotient bit, SUB the sub-bank field of M/PLLR > 1). */
static int emit_map(FILE *f, const fg_gen_subsys_cfg *c, const char *top)
{
    const int P = c->dbcf.dbcf.pllr, M = c->dbcf.dbcf.banks;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(&c->dbcf, &d);
    const int BW = d.bank_w, RW = d.row_w;
    char params[512];
    params_text(c, params, sizeof params);
    fg_gen_header(f, "Bank mapper of one lane: (bank, row) = fg_bank_map_locate(address), combinational "
                     "(docs/rtl-subsystem.md)", params);
    fg_tpl *t = fg_tpl_new(c->mapping == FG_MAP_MOD ? "fg_subsys_map_mod" : "fg_subsys_map");
    fg_tpl_set(t, "TOP", "%s_map", top);
    if (c->mapping == FG_MAP_MOD) {
        const port_t ports[] = {{"addr_i", 0, AW, "address a"},
                                {"bank_o", 1, BW, "a mod M"},
                                {"row_o", 1, RW, "a / M"}};
        fg_tpl_ports(t, "PORTS", ports, 3);
        fg_tpl_int(t, "M", M);
        fg_tpl_int(t, "BW", BW);
        fg_tpl_int(t, "BW1", BW - 1);
        row_values(t, AW - BW, RW);
        return fg_tpl_write(t, f);
    }
    const int QW = log2_exact(P / 4), SW = log2_exact(M / P), DW = AW + QW;
    const port_t ports[] = {{"addr_i", 0, AW, "address a (< K)"},
                            {"len_i", 0, AW, "sub-block length L = 4*ceil(K/PLLR)"},
                            {"bank_o", 1, BW, "bank"},
                            {"row_o", 1, RW, "row"}};
    fg_tpl_ports(t, "PORTS", ports, 4);
    fg_tpl_flag(t, "XR", c->mapping == FG_MAP_XMAP_XOR);
    fg_tpl_int(t, "MP", M / P);
    fg_tpl_int(t, "SW", SW);
    fg_tpl_int(t, "LANE1", QW + 1);
    if (QW) {
        fg_tpl_begin(t, "DIV");
        fg_tpl_int(t, "QW", QW);
        fg_tpl_int(t, "QW1", QW - 1);
        fg_tpl_int(t, "P4", P / 4);
        fg_tpl_int(t, "DW1", DW - 1);
        for (int k = QW - 1; k >= 0; k--) {
            fg_tpl_begin(t, "STAGE");
            fg_tpl_int(t, "K", k);
            fg_tpl_int(t, "K1", k + 1);
            if (k) {
                fg_tpl_begin(t, "SHL");
                fg_tpl_int(t, "PADK", QW - k);
                fg_tpl_end(t);
            }
            fg_tpl_end(t);
        }
        for (int k = QW - 1; k >= 1; k--) {
            fg_tpl_begin(t, "SQ");
            fg_tpl_int(t, "K", k);
            fg_tpl_end(t);
        }
        fg_tpl_end(t);
    }
    if (SW) {
        fg_tpl_flag(t, "SUB", 1);
        fg_tpl_int(t, "SW1", SW - 1);
        if (c->mapping == FG_MAP_XMAP_XOR) {
            fg_tpl_flag(t, "WIDE", SW > 1);
            for (int j = SW; j < AW - 2; j++) { /* the last bit, t[AW-2], is the template's */
                fg_tpl_begin(t, "TERM");
                fg_tpl_int(t, "J", j);
                fg_tpl_end(t);
            }
        }
    }
    row_values(t, AW - 1 - SW, RW);
    return fg_tpl_write(t, f);
}

/* The LLR delay (rtl/templates/fg_subsys_delay.vh). */
static int emit_delay(FILE *f, const fg_gen_subsys_cfg *c, const char *top)
{
    const int P = c->dbcf.dbcf.pllr, W = c->dbcf.width, PW = P * W;
    const int L = c->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    char params[512];
    params_text(c, params, sizeof params);
    fg_gen_header(f, "Per-lane LLR delay of the IAG latency: the LLR meets its address (docs/rtl-subsystem.md)",
                  params);
    fg_tpl *t = fg_tpl_new("fg_subsys_delay");
    fg_tpl_set(t, "TOP", "%s_delay", top);
    const port_t ports[] = {{"clk_i", 0, 1, "clock"},
                            {"rst_ni", 0, 1, "synchronous active-low reset: every stage 0"},
                            {"llr_i", 0, PW, "lane l's LLR at [l*W +: W]"},
                            {"llr_o", 1, PW, "llr_i of L cycles ago"}};
    fg_tpl_ports(t, "PORTS", ports, 4);
    fg_tpl_int(t, "PW", PW);
    fg_tpl_int(t, "P", P);
    fg_tpl_int(t, "W", W);
    fg_tpl_int(t, "L", L);
    fg_tpl_flag(t, "ONE", L == 1);
    return fg_tpl_write(t, f);
}

/* The top module (rtl/templates/fg_subsys_top.vh): section LEN the sub-block length of the XMAP mappings. */
static int emit_top(FILE *f, const fg_gen_subsys_cfg *c, const char *top, const char *iag, const char *dbcf)
{
    const int P = c->dbcf.dbcf.pllr, W = c->dbcf.width;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(&c->dbcf, &d);
    const int BW = d.bank_w, RW = d.row_w, L = c->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    char params[512];
    params_text(c, params, sizeof params);
    fg_gen_header(f, "Interleaver write path: IAG -> bank mapper -> DBCF with its bank SRAMs, the LLR delayed by the IAG latency "
                     "(docs/rtl-subsystem.md; cycle-exact twin of fg_subsys_step)", params);
    fg_tpl *t = fg_tpl_new("fg_subsys_top");
    fg_tpl_set(t, "TOP", "%s", top);
    fg_port ports[FG_SUBSYS_PORTS_MAX];
    port_t gp[FG_SUBSYS_PORTS_MAX];
    fg_tpl_ports(t, "PORTS", gp, fg_gen_ports_from(ports, ports_of(c, ports), gp));
    fg_tpl_set(t, "IAG", "%s", iag);
    fg_tpl_set(t, "DBCF", "%s", dbcf);
    fg_tpl_set(t, "DELAY", "%s_delay", top);
    fg_tpl_set(t, "MAP", "%s_map", top);
    const struct { const char *name; long v; } ints[] = {
        {"L", L}, {"P", P}, {"P1", P - 1}, {"PA1", P * AW - 1}, {"PW1", P * W - 1}, {"PB1", P * BW - 1},
        {"PR1", P * RW - 1}, {"BW", BW}, {"RW", RW}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        fg_tpl_int(t, ints[i].name, ints[i].v);
    if (c->mapping != FG_MAP_MOD) {
        const int LP = log2_exact(P), LN = AW + 3 - LP; /* bits of {ceil(K/PLLR), 2'b00} */
        fg_tpl_begin(t, "LEN");
        fg_tpl_int(t, "LP", LP);
        fg_tpl_int(t, "LP1", LP - 1);
        fg_tpl_int(t, "LN1", LN - 1);
        fg_tpl_begin(t, LN > AW ? "LNHI" : LN == AW ? "LNEQ" : "LNPAD");
        if (LN > AW)
            fg_tpl_int(t, "HI1", LN - AW - 1);
        else if (LN < AW)
            fg_tpl_int(t, "PADW", AW - LN);
        fg_tpl_end(t);
        fg_tpl_end(t);
    }
    return fg_tpl_write(t, f);
}

/* The manifest's keys beside the parameters (fg_gen_out_manifest): the modules, widths and timing. */
typedef struct {
    const fg_gen_subsys_cfg *c;
    const char *top, *iag, *dbcf;
} subsys_facts;

static void manifest_facts(const void *arg, fg_json *j)
{
    const subsys_facts *v = arg;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(&v->c->dbcf, &d);
    const int L = v->c->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    char delay[160], map[160], timing[600];
    snprintf(delay, sizeof delay, "%s_delay", v->top);
    snprintf(map, sizeof map, "%s_map", v->top);
    snprintf(timing, sizeof timing,
             "cycle-exact with fg_subsys_step and the subsystem vector trace: a position on lane l in cycle t reaches "
             "the DBCF in cycle t + %d (IAG output register; LLR delay of %d stages; combinational bank mapper) and its "
             "bank in that cycle at the earliest (bypass); the DBCF's bank SRAMs answer bank_rd_row_i of cycle t on "
             "bank_rd_data_o in cycle t + 1", L, L);
    fg_json_int(j, "lfsr_taps", fg_dbcf_lfsr_next(1));
    fg_json_obj_open(j, "modules");
    fg_json_str(j, "iag", v->iag);
    fg_json_str(j, "dbcf", v->dbcf);
    fg_json_str(j, "delay", delay);
    fg_json_str(j, "mapper", map);
    fg_json_obj_close(j);
    fg_json_obj_open(j, "widths");
    const struct { const char *key; int v; } w[] = {
        {"position", AW}, {"bank", d.bank_w}, {"row", d.row_w}, {"data", d.data_w}, {"level", d.count_w}};
    for (size_t i = 0; i < sizeof w / sizeof *w; i++)
        fg_json_int(j, w[i].key, w[i].v);
    fg_json_obj_close(j);
    fg_json_int(j, "iag_latency_cycles", L);
    fg_json_int(j, "latency_cycles", 0);
    fg_json_int(j, "bank_read_latency_cycles", 1);
    fg_json_str(j, "timing", timing);
}

static int write_module(fg_gen_out *o, const char *module, int (*emit)(FILE *, const fg_gen_subsys_cfg *, const char *),
                        const fg_gen_subsys_cfg *c, const char *top)
{
    char file[200];
    snprintf(file, sizeof file, "%s.v", module);
    FILE *f = fg_gen_out_open(o, file, 1);
    if (!f)
        return FG_EIO;
    const int rc = emit(f, c, top), rc_close = fg_gen_out_close(o, f, file);
    return rc ? rc : rc_close;
}

/* tb_<top>.v for the vector sets of this write path (fg_vec_layout_subsys: the configuration's depth and
 * width). */
static int write_testbench(fg_gen_out *o, const fg_gen_subsys_cfg *c, const char *top, const port_t *gp, int ngp)
{
    char params[512];
    fg_vec_layout lay;
    params_text(c, params, sizeof params);
    int rc = fg_vec_layout_subsys(&c->dbcf.dbcf, c->dbcf.bank_depth, c->dbcf.width, &lay);
    if (!rc)
        rc = fg_gen_out_testbench(o, top, gp, ngp, &lay, params);
    fg_vec_layout_free(&lay);
    return rc;
}

int fg_gen_subsys(const fg_gen_subsys_cfg *c, const char *dir)
{
    int rc = fg_gen_subsys_check(c);
    if (rc)
        return rc;
    const fg_gen_iag_cfg ic = {c->std, c->dbcf.dbcf.pllr, 0};
    char top[128], iag[96], dbcf[96], file[160], name[150];
    fg_gen_subsys_name(c, top, sizeof top);
    fg_gen_iag_name(&ic, iag, sizeof iag);
    fg_gen_dbcf_name(&c->dbcf, dbcf, sizeof dbcf);
    fg_gen_out o;
    if ((rc = fg_gen_out_begin(&o, dir)))
        return rc;
    snprintf(file, sizeof file, "%s.v", top);
    FILE *f = fg_gen_out_open(&o, file, 1);
    if (!f) {
        rc = FG_EIO;
        goto fail;
    }
    rc = emit_top(f, c, top, iag, dbcf);
    {
        const int rc_close = fg_gen_out_close(&o, f, file);
        if (rc || (rc = rc_close))
            goto fail;
    }
    snprintf(name, sizeof name, "%s_map", top);
    if ((rc = write_module(&o, name, emit_map, c, top)))
        goto fail;
    snprintf(name, sizeof name, "%s_delay", top);
    if ((rc = write_module(&o, name, emit_delay, c, top)))
        goto fail;
    fg_port ports[FG_SUBSYS_PORTS_MAX];
    port_t gp[FG_SUBSYS_PORTS_MAX];
    const int np = ports_of(c, ports), ngp = fg_gen_ports_from(ports, np, gp);
    if ((rc = fg_gen_iag_write(&o, &ic)) || (rc = fg_gen_dbcf_write(&o, &c->dbcf)) ||
        (rc = write_testbench(&o, c, top, gp, ngp)) || (rc = fg_gen_out_page(&o, &fg_design_subsys, c, ports, np)) ||
        (rc = fg_gen_out_manifest(&o, &fg_design_subsys, c, top, gp, ngp, manifest_facts,
                                  &(subsys_facts){c, top, iag, dbcf})) ||
        (rc = fg_gen_out_commit(&o)))
        goto fail;
    return 0;
fail:
    fg_gen_out_abort(&o);
    return rc;
}
