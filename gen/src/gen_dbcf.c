/* fecforge gen dbcf: the DBCF write network as Verilog-2005, the twin of fg_dbcf_step
 * (cmodel/src/dbcf/dbcf.c); structure and timing in docs/rtl-dbcf.md, the Verilog in rtl/templates/fg_dbcf.vh. */
#include "design_internal.h"
#include "fecforge_gen/gen.h"
#include "gen_internal.h"
#include "fecforge/error.h"

#include <stdio.h>
#include <string.h>

static int clog2(long n) /* bits to index n things, at least 1 */
{
    int b = 0;
    while ((1L << b) < n)
        b++;
    return b ? b : 1;
}

static int max2(int a, int b) { return a > b ? a : b; }
static int min2(int a, int b) { return a < b ? a : b; }

int fg_gen_dbcf_default_bank_depth(int pllr, int banks)
{
    static const fg_bank_mapping maps[] = {FG_MAP_XMAP, FG_MAP_XMAP_XOR, FG_MAP_MOD, FG_MAP_BLOCK};
    enum { K_LARGEST = 6144 }; /* LTE; every UMTS block (<= 5114) is smaller */
    int depth = (K_LARGEST + banks - 1) / banks;
    fg_xmap_schedule s;
    if (fg_xmap_schedule_init(&s, K_LARGEST, pllr))
        return depth;
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
        fg_bank_map m;
        if (!fg_bank_map_init(&m, maps[i], banks, &s))
            depth = max2(depth, m.depth);
    }
    fg_clear_error();
    return depth;
}

fg_gen_dbcf_cfg fg_gen_dbcf_cfg_default(void)
{
    fg_gen_dbcf_cfg c = {.dbcf = fg_dbcf_cfg_default(), .width = 8};
    c.bank_depth = fg_gen_dbcf_default_bank_depth(c.dbcf.pllr, c.dbcf.banks);
    return c;
}

int fg_gen_dbcf_check(const fg_gen_dbcf_cfg *c)
{
    int rc = fg_dbcf_cfg_check(&c->dbcf);
    if (rc)
        return rc;
    if (c->width < 1 || c->width > FG_GEN_WIDTH_MAX)
        return fg_set_error_at(FG_EINVAL, &c->width, "width=%d out of range [1, %d]", c->width, FG_GEN_WIDTH_MAX);
    if (c->bank_depth < 1 || c->bank_depth > FG_GEN_BANK_DEPTH_MAX)
        return fg_set_error_at(FG_EINVAL, &c->bank_depth,
                               "bank_depth=%d out of range [1, %d]", c->bank_depth, FG_GEN_BANK_DEPTH_MAX);
    return 0;
}

void fg_gen_dbcf_dims_of(const fg_gen_dbcf_cfg *c, fg_gen_dbcf_dims *d)
{
    const fg_dbcf_cfg *b = &c->dbcf;
    d->slots = 2 * b->pllr;
    d->select = b->select == FG_DBCF_SELECT_ALL ? d->slots : b->select;
    d->bank_w = clog2(b->banks);
    d->row_w = clog2(c->bank_depth);
    d->data_w = c->width;
    /* One width for every level, limit and rank: holds F, B + 1 and the 2*PLLR slots. */
    d->count_w = fg_dbcf_level_width(b);
    d->slot_w = clog2(d->slots);
}

void fg_gen_dbcf_name(const fg_gen_dbcf_cfg *c, char *buf, size_t n)
{
    const fg_dbcf_cfg *b = &c->dbcf;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(c, &d);
    snprintf(buf, n, "fg_dbcf_p%d_m%d_s%d_f%d_b%d%s%s", b->pllr, b->banks, d.select, b->fifo_depth, b->buf_depth,
             b->offer == FG_DBCF_OFFER_HEAD ? "_head" : "", c->external_banks ? "_xb" : "");
}

static void params_text(const fg_gen_dbcf_cfg *c, char *buf, size_t n)
{
    const fg_dbcf_cfg *b = &c->dbcf;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(c, &d);
    snprintf(buf, n,
             "pllr=%d banks=%d select=%d fifo_depth=%d buf_depth=%d offer=%s lfsr_seed=0x%04X width=%d bank_depth=%d%s",
             b->pllr, b->banks, d.select, b->fifo_depth, b->buf_depth, b->offer == FG_DBCF_OFFER_HEAD ? "head" : "dual",
             b->lfsr_seed, c->width, c->bank_depth, c->external_banks ? " external_banks=1" : "");
}

/* The module's ports: the network's port table (fg_dbcf_ports), declared once. */
static int ports_of(const fg_gen_dbcf_cfg *c, fg_port *p)
{
    return fg_dbcf_ports(&c->dbcf, c->bank_depth, c->width, c->external_banks ? FG_DBCF_PORTS_XB : 0, p);
}

/* The top module (rtl/templates/fg_dbcf.vh): sections XB (the bank SRAMs outside), HEAD (offer head), FIFO
 * (F > 0), FPAD / BPAD (a FIFO's / a buffer's level narrower than CW: zero-extended). */
static int emit_top(FILE *f, const fg_gen_dbcf_cfg *c, const char *name)
{
    const fg_dbcf_cfg *b = &c->dbcf;
    const int P = b->pllr, M = b->banks, F = b->fifo_depth, B = b->buf_depth;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(c, &d);
    const int S = d.select, NR = min2(S, B + 1);
    const int FCW = clog2(F + 1), BCW = clog2(B + 1); /* the FIFO's and the buffer's own level widths */
    char params[512];
    params_text(c, params, sizeof params);
    fg_gen_header(f, c->external_banks ? "DBCF write network: lane FIFOs, LFSR priority, sorting router, bank circular "
                                         "buffers with bypass; the bank SRAMs are the owner's (docs/rtl-dbcf.md; "
                                         "cycle-exact twin of fg_dbcf_step)"
                                       : "DBCF write network: lane FIFOs, LFSR priority, sorting router, bank circular "
                                         "buffers with bypass + bank SRAMs (docs/rtl-dbcf.md; cycle-exact twin of "
                                         "fg_dbcf_step)",
                  params);
    fg_tpl *t = fg_tpl_new("fg_dbcf");
    fg_tpl_set(t, "TOP", "%s", name);
    fg_port ports[FG_DBCF_PORTS_MAX];
    fg_gen_port gp[FG_DBCF_PORTS_MAX];
    fg_tpl_ports(t, "PORTS", gp, fg_gen_ports_from(ports, ports_of(c, ports), gp));
    const struct { const char *name; long v; } ints[] = {
        {"P", P}, {"M", M}, {"NS", d.slots}, {"BW", d.bank_w}, {"RW", d.row_w}, {"W", d.data_w}, {"CW", d.count_w},
        {"SW", d.slot_w}, {"NR", NR}, {"S", S}, {"DW", clog2((long)M * NR)}, {"B", B}, {"BCW", BCW}, {"BCW1", BCW - 1}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        fg_tpl_int(t, ints[i].name, ints[i].v);
    fg_tpl_set(t, "SEED", "%04X", b->lfsr_seed);
    fg_tpl_set(t, "TAPS", "%04X", fg_dbcf_lfsr_next(1)); /* the model's tap mask: next(1) = taps */
    if (c->external_banks)
        fg_tpl_flag(t, "XB", 1);
    else
        fg_tpl_int(t, "D", c->bank_depth);
    fg_tpl_flag(t, "HEAD", b->offer == FG_DBCF_OFFER_HEAD);
    if (F > 0) {
        fg_tpl_begin(t, "FIFO");
        fg_tpl_int(t, "F", F);
        fg_tpl_int(t, "FCW", FCW);
        fg_tpl_int(t, "FCW1", FCW - 1);
        if (FCW < d.count_w) {
            fg_tpl_begin(t, "FPAD");
            fg_tpl_int(t, "FPADW", d.count_w - FCW);
            fg_tpl_end(t);
        }
        fg_tpl_end(t);
    }
    if (BCW < d.count_w) {
        fg_tpl_begin(t, "BPAD");
        fg_tpl_int(t, "BPADW", d.count_w - BCW);
        fg_tpl_end(t);
    }
    return fg_tpl_write(t, f);
}

/* The manifest's keys beside the parameters (fg_gen_out_manifest): the widths, timing and LFSR taps they imply. */
static void manifest_facts(const void *arg, fg_json *j)
{
    const fg_gen_dbcf_cfg *c = arg;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(c, &d);
    char timing[512];
    snprintf(timing, sizeof timing,
             "outputs of cycle t are combinational in the registered state and the inputs of cycle t; levels, "
             "overflow_o and done_o are the registered state; a word can reach its bank in the cycle it arrives "
             "(bypass); bank_rd_data_o in cycle t+1 is row bank_rd_row_i of cycle t before the edge ending cycle t "
             "(fg_sram_1r1w, %d x %d bits per bank)", c->bank_depth, c->width);
    fg_json_int(j, "lfsr_taps", fg_dbcf_lfsr_next(1));
    fg_json_obj_open(j, "widths");
    const struct { const char *key; int v; } w[] = {
        {"bank", d.bank_w}, {"row", d.row_w}, {"data", d.data_w}, {"level", d.count_w}, {"start_slot", d.slot_w}};
    for (size_t i = 0; i < sizeof w / sizeof *w; i++)
        fg_json_int(j, w[i].key, w[i].v);
    fg_json_obj_close(j);
    fg_json_int(j, "latency_cycles", 0);
    fg_json_int(j, "bank_read_latency_cycles", 1);
    fg_json_str(j, "timing", timing);
}

int fg_gen_dbcf_write(fg_gen_out *o, const fg_gen_dbcf_cfg *c)
{
    char name[96], file[112];
    fg_gen_dbcf_name(c, name, sizeof name);
    snprintf(file, sizeof file, "%s.v", name);
    FILE *f = fg_gen_out_open(o, file, 1);
    if (!f)
        return FG_EIO;
    int rc = emit_top(f, c, name), rc_close = fg_gen_out_close(o, f, file);
    if (rc || (rc = rc_close))
        return rc;
    /* Primitives the top instantiates. */
    if ((rc = fg_gen_out_primitive_once(o, "fg_lfsr16")) ||
        (c->dbcf.fifo_depth > 0 && (rc = fg_gen_out_primitive_once(o, "fg_fifo"))) ||
        (rc = fg_gen_out_primitive_once(o, "fg_sort_net")) || (rc = fg_gen_out_primitive_once(o, "fg_sort_ce")) ||
        (rc = fg_gen_out_primitive_once(o, "fg_dbcf_dest")) || (rc = fg_gen_out_primitive_once(o, "fg_route_shift")) ||
        (rc = fg_gen_out_primitive_once(o, "fg_dbcf_bank")) ||
        (c->dbcf.buf_depth > 0 && (rc = fg_gen_out_primitive_once(o, "fg_circ_buf"))) ||
        (!c->external_banks && (rc = fg_gen_out_primitive_once(o, "fg_sram_1r1w"))))
        return rc;
    return 0;
}

/* tb_<name>.v for the vector sets of this network (fg_vec_layout_dbcf: the configuration's depth and width). */
static int write_testbench(fg_gen_out *o, const fg_gen_dbcf_cfg *c, const char *name, const fg_gen_port *gp, int ngp)
{
    char params[512];
    fg_vec_layout lay;
    params_text(c, params, sizeof params);
    int rc = fg_vec_layout_dbcf(&c->dbcf, c->bank_depth, c->width, &lay);
    if (!rc)
        rc = fg_gen_out_testbench(o, name, gp, ngp, &lay, params);
    fg_vec_layout_free(&lay);
    return rc;
}

int fg_gen_dbcf(const fg_gen_dbcf_cfg *c, const char *dir)
{
    int rc = fg_gen_dbcf_check(c);
    if (rc)
        return rc;
    char name[96];
    fg_gen_dbcf_name(c, name, sizeof name);
    fg_gen_out o;
    rc = fg_gen_out_begin(&o, dir);
    if (rc)
        return rc;
    fg_port ports[FG_DBCF_PORTS_MAX];
    fg_gen_port gp[FG_DBCF_PORTS_MAX];
    const int np = ports_of(c, ports), ngp = fg_gen_ports_from(ports, np, gp);
    if ((rc = fg_gen_dbcf_write(&o, c)) || (rc = write_testbench(&o, c, name, gp, ngp)) ||
        (rc = fg_gen_out_page(&o, &fg_design_dbcf, c, ports, np)) ||
        (rc = fg_gen_out_manifest(&o, &fg_design_dbcf, c, name, gp, ngp, manifest_facts, c)) ||
        (rc = fg_gen_out_commit(&o)))
        goto fail;
    return 0;
fail:
    fg_gen_out_abort(&o);
    return rc;
}
