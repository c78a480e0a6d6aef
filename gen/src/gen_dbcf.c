/* fecforge gen dbcf: the DBCF write network as Verilog-2005, the twin of fg_dbcf_step
 * (cmodel/src/dbcf/dbcf.c); structure and timing in docs/rtl-dbcf.md, the Verilog in rtl/templates/fg_dbcf.vh. */
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
    d->count_w = clog2(max2(max2(b->fifo_depth, b->buf_depth + 1), d->slots) + 1);
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

/* Port list: name, direction, width; shared by the Verilog, the manifest and the testbench. */
typedef fg_gen_port port_t;

static int ports_of(const fg_gen_dbcf_cfg *c, port_t *p)
{
    const int P = c->dbcf.pllr, M = c->dbcf.banks;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(c, &d);
    const port_t all[] = {
        {"clk_i", 0, 1, "clock"},
        {"rst_ni", 0, 1, "synchronous active-low reset"},
        {"lane_valid_i", 0, P, "lane l offers a new word (bit l)"},
        {"lane_bank_i", 0, P * d.bank_w, "target bank of lane l's word ([l*BW +: BW])"},
        {"lane_row_i", 0, P * d.row_w, "row inside the bank"},
        {"lane_data_i", 0, P * d.data_w, "payload (LLR)"},
        {"bank_rd_row_i", 0, M * d.row_w, "read port: row of bank b to read ([b*RW +: RW])"},
        {"accept_new_o", 1, P, "lane's new word admitted by the router"},
        {"accept_head_o", 1, P, "lane's FIFO head admitted (popped)"},
        {"reject_o", 1, P, "lane's new word neither admitted nor queued"},
        {"fifo_level_o", 1, P * d.count_w, "registered FIFO level of lane l ([l*CW +: CW])"},
        {"bank_we_o", 1, M, "bank b writes this cycle"},
        {"bank_row_o", 1, M * d.row_w, "row of bank b's write (0 when no write)"},
        {"bank_data_o", 1, M * d.data_w, "data of bank b's write (0 when no write)"},
        {"buf_level_o", 1, M * d.count_w, "registered circular-buffer level of bank b"},
        {"bank_rd_data_o", 1, M * d.data_w, "read port: bank b's row bank_rd_row_i of the previous cycle (latency 1)"},
        {"overflow_o", 1, 1, "sticky register: a word was rejected (lost) since the reset"},
        {"done_o", 1, 1, "no word pending: every FIFO and buffer empty (registered levels)"},
    };
    int n = 0;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (!c->external_banks || strncmp(all[i].name, "bank_rd_", 8))
            p[n++] = all[i];
    return n;
}

enum { PORTS_MAX = 24 };

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
    port_t ports[PORTS_MAX];
    fg_tpl_ports(t, "PORTS", ports, ports_of(c, ports));
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

static void emit_manifest(FILE *f, const fg_gen_dbcf_cfg *c, const char *name, const fg_gen_out *o)
{
    const fg_dbcf_cfg *b = &c->dbcf;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(c, &d);
    fprintf(f,
            "{\n  \"tool\": {\"name\": \"fecforge gen\", \"version\": \"%s\", \"git\": \"%s\"},\n"
            "  \"design\": \"dbcf\",\n  \"top\": \"%s\",\n"
            "  \"parameters\": {\"pllr\": %d, \"banks\": %d, \"select\": %d, \"fifo_depth\": %d, \"buf_depth\": %d,\n"
            "    \"offer\": \"%s\", \"lfsr_seed\": %u, \"lfsr_taps\": %u, \"width\": %d, \"bank_depth\": %d},\n"
            "  \"widths\": {\"bank\": %d, \"row\": %d, \"data\": %d, \"level\": %d, \"start_slot\": %d},\n"
            "  \"latency_cycles\": 0,\n"
            "  \"bank_read_latency_cycles\": 1,\n"
            "  \"timing\": \"outputs of cycle t are combinational in the registered state and the inputs of cycle t; "
            "levels, overflow_o and done_o are the registered state; a word can reach its bank in the cycle it arrives "
            "(bypass); bank_rd_data_o in cycle t+1 is row bank_rd_row_i of cycle t before the edge ending cycle t "
            "(fg_sram_1r1w, %d x %d bits per bank)\",\n"
            "  \"ports\": [\n",
            fg_version(), fg_git_hash(), name, b->pllr, b->banks, d.select, b->fifo_depth, b->buf_depth,
            b->offer == FG_DBCF_OFFER_HEAD ? "head" : "dual", b->lfsr_seed, (unsigned)fg_dbcf_lfsr_next(1), c->width,
            c->bank_depth, d.bank_w, d.row_w, d.data_w, d.count_w, d.slot_w, c->bank_depth, c->width);
    port_t ports[PORTS_MAX];
    const int np = ports_of(c, ports);
    for (int i = 0; i < np; i++)
        fg_gen_manifest_port(f, ports[i].name, ports[i].out, ports[i].width, i + 1 == np);
    fg_gen_manifest_files(f, o);
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
static int write_testbench(fg_gen_out *o, const fg_gen_dbcf_cfg *c, const char *name)
{
    port_t ports[PORTS_MAX];
    char params[512];
    fg_vec_layout lay;
    params_text(c, params, sizeof params);
    int rc = fg_vec_layout_dbcf(&c->dbcf, c->bank_depth, c->width, &lay);
    if (!rc)
        rc = fg_gen_out_testbench(o, name, ports, ports_of(c, ports), &lay, params);
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
    FILE *f;
    if ((rc = fg_gen_dbcf_write(&o, c)) || (rc = write_testbench(&o, c, name)))
        goto fail;
    if (!(f = fg_gen_out_open(&o, "manifest.json", 0))) {
        rc = FG_EIO;
        goto fail;
    }
    emit_manifest(f, c, name, &o);
    if ((rc = fg_gen_out_close(&o, f, "manifest.json")) || (rc = fg_gen_out_commit(&o)))
        goto fail;
    return 0;
fail:
    fg_gen_out_abort(&o);
    return rc;
}
