/* Port tables (fecforge/ports.h): packing a model's structs into stream lines and back, element order and
 * struct rows, counts, lane groups, the module's order, the checks; the Viterbi and
 * LDPC decoders', the DBCF's, the write path's and the IAG's tables against their vector-set layouts. */
#include "fg_cunit.h"

#include "fecforge/error.h"
#include "fecforge/iag.h"
#include "fecforge/ldpc_arch.h"
#include "fecforge/ports.h"
#include "fecforge/subsystem.h"
#include "fecforge/turbo_arch.h"
#include "fecforge/vectors.h"
#include "fecforge/viterbi_hw.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    int a;
    uint8_t flags[3][5]; /* rows of 5, 2 used: element e at [e / 2][e % 2] */
    int32_t s[4];
} in_t;

static const fg_port table[] = {
    {"clk_i", FG_VEC_IN, FG_PORT_CLOCK, 1, 1, .doc = "clock"},
    {"a_i", FG_VEC_IN, FG_PORT_DATA, 1, 3, 0, 0, "a", FG_PORT_INT, offsetof(in_t, a), 0, 0, .group = 0},
    {"f_i", FG_VEC_IN, FG_PORT_DATA, 6, 1, 0, 1, "flags", FG_PORT_U8, offsetof(in_t, flags), 2, 5, .group = 0},
    {"s_i", FG_VEC_IN, FG_PORT_DATA, 4, 7, 1, 1, "signed", FG_PORT_I32, offsetof(in_t, s), 0, 0, .group = 0},
    {"o_o", FG_VEC_OUT, FG_PORT_DATA, 1, 2, 0, 0, "out", FG_PORT_INT, offsetof(in_t, a), 0, 0, .group = 0},
};
enum { NP = sizeof table / sizeof *table };

static void test_pack_unpack(void)
{
    CU_ASSERT_EQUAL(fg_ports_check(table, NP), 0);
    CU_ASSERT_EQUAL(fg_ports_count(table, NP, FG_VEC_IN), 1 + 6 + 4);
    CU_ASSERT_EQUAL(fg_ports_count(table, NP, FG_VEC_OUT), 1);
    CU_ASSERT_EQUAL(fg_port_bits(&table[3]), 28);
    in_t in;
    memset(&in, 0x55, sizeof in);
    in.a = 5;
    for (int e = 0; e < 6; e++)
        in.flags[e / 2][e % 2] = (uint8_t)(e & 1);
    for (int e = 0; e < 4; e++)
        in.s[e] = -60 + 40 * e;
    int64_t v[11];
    fg_ports_pack(table, NP, FG_VEC_IN, &in, v);
    const int64_t want[11] = {5, 0, 1, 0, 1, 0, 1, -60, -20, 20, 60};
    CU_ASSERT(!memcmp(v, want, sizeof v));
    in_t back;
    fg_ports_unpack(table, NP, FG_VEC_IN, v, &back, sizeof back);
    CU_ASSERT_EQUAL(back.a, 5);
    CU_ASSERT(!memcmp(back.flags[0], (uint8_t[]){0, 1, 0, 0, 0}, 5)); /* the unused columns zeroed */
    CU_ASSERT(back.flags[2][1] == 1 && back.s[0] == -60 && back.s[3] == 60);
}

static void test_checks(void)
{
    fg_port bad[2] = {table[1], table[1]};
    CU_ASSERT_EQUAL(fg_ports_check(bad, 2), FG_EINVAL); /* a name twice */
    CU_ASSERT(strstr(fg_last_error(), "a_i: declared twice") != NULL);
    bad[1].name = "b_i";
    bad[1].width = 65;
    CU_ASSERT_EQUAL(fg_ports_check(bad, 2), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "b_i") != NULL);
    bad[1].width = 1;
    bad[1].ctype = FG_PORT_NONE; /* one data port bound, the other not */
    CU_ASSERT_EQUAL(fg_ports_check(bad, 2), FG_EINVAL);
}

/* A lane group streams lane by lane; a state port sits in the output side but not in the module. */
typedef struct {
    int we[3], row[3], level;
} out_t;

static void test_groups_and_state(void)
{
    const fg_port t[] = {
        {"we_o", FG_VEC_OUT, FG_PORT_DATA, 3, 1, 0, 0, "we", FG_PORT_INT, offsetof(out_t, we), 0, 0, .group = 1},
        {"row_o", FG_VEC_OUT, FG_PORT_DATA, 3, 4, 0, 0, "row", FG_PORT_INT, offsetof(out_t, row), 0, 0, .group = 1},
        {"level_o", FG_VEC_STATE, FG_PORT_DATA, 1, 3, 0, 0, "level", FG_PORT_INT, offsetof(out_t, level), 0, 0, .group = 0},
    };
    CU_ASSERT_EQUAL(fg_ports_check(t, 3), 0);
    CU_ASSERT_EQUAL(fg_ports_group_end(t, 3, 0), 2);
    CU_ASSERT_EQUAL(fg_ports_group_end(t, 3, 2), 3);
    CU_ASSERT_EQUAL(fg_ports_count(t, 3, FG_VEC_OUT), 7);
    CU_ASSERT_EQUAL(fg_ports_count(t, 3, FG_VEC_IN), 0);
    const out_t o = {{1, 0, 1}, {9, 8, 7}, 5};
    int64_t v[7];
    fg_ports_pack(t, 3, FG_VEC_OUT, &o, v);
    const int64_t want[7] = {1, 9, 0, 8, 1, 7, 5};
    CU_ASSERT(!memcmp(v, want, sizeof v));
    out_t back;
    fg_ports_unpack(t, 3, FG_VEC_OUT, v, &back, sizeof back);
    CU_ASSERT(!memcmp(&back, &o, sizeof o));
    fg_vec_layout l;
    CU_ASSERT_EQUAL_FATAL(fg_vec_layout_begin(&l, 7), 0);
    fg_vec_layout_stream(&l, "expected", FG_VEC_CYCLES, "", 0, 0);
    fg_vec_layout_ports(&l, t, 3, FG_VEC_OUT);
    CU_ASSERT_EQUAL(l.stream[0].n_ports, 7);
    CU_ASSERT(!strcmp(l.stream[0].ports[1].name, "row_o") && l.stream[0].ports[1].index == 0);
    CU_ASSERT(!strcmp(l.stream[0].ports[4].name, "we_o") && l.stream[0].ports[4].index == 2);
    CU_ASSERT(l.stream[0].ports[6].dir == FG_VEC_STATE && l.stream[0].ports[6].index == -1);
    fg_vec_layout_free(&l);
    fg_port bad[3];
    memcpy(bad, t, sizeof bad);
    bad[1].lanes = 2; /* a group of unequal lanes */
    CU_ASSERT_EQUAL(fg_ports_check(bad, 3), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "row_o") != NULL);
    memcpy(bad, t, sizeof bad);
    bad[2].group = 1, bad[1].group = 2; /* group 1 split by group 2 */
    bad[2].lanes = 3;
    CU_ASSERT_EQUAL(fg_ports_check(bad, 3), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "not consecutive") != NULL);
    memcpy(bad, t, sizeof bad);
    bad[2].role = FG_PORT_CLOCK, bad[2].ctype = FG_PORT_NONE; /* a state clock */
    CU_ASSERT_EQUAL(fg_ports_check(bad, 3), FG_EINVAL);
}

/* The table in the streams' order, rtl_order the module's; an unstreamed port in the module only. */
typedef struct {
    int a, late, b[2];
} pos_t;

static void test_module_order(void)
{
    const fg_port t[] = {
        {"a_o", FG_VEC_OUT, FG_PORT_DATA, 1, 3, 0, 0, "a", FG_PORT_INT, offsetof(pos_t, a), .rtl_order = 2},
        {"b_o", FG_VEC_OUT, FG_PORT_DATA, 2, 1, 0, 1, "b", FG_PORT_INT, offsetof(pos_t, b), .bus = 1, .rtl_order = 3},
        {"ready_o", FG_VEC_OUT, FG_PORT_UNSTREAMED, 1, 1, .rtl_order = 1, .doc = "not modelled"},
        {"late_o", FG_VEC_OUT, FG_PORT_DATA, 1, 2, 0, 0, "late", FG_PORT_INT, offsetof(pos_t, late), .rtl_order = 0},
        {"s_o", FG_VEC_STATE, FG_PORT_DATA, 1, 2, 0, 0, "state", FG_PORT_INT, offsetof(pos_t, late), .rtl_order = 0},
    };
    CU_ASSERT_EQUAL(fg_ports_check(t, 5), 0);
    CU_ASSERT_EQUAL(fg_ports_count(t, 5, FG_VEC_OUT), 5); /* a, b[2], late, s: not ready_o */
    const pos_t o = {5, 3, {1, 0}};
    int64_t v[5];
    fg_ports_pack(t, 5, FG_VEC_OUT, &o, v);
    const int64_t want[5] = {5, 1, 0, 3, 3};
    CU_ASSERT(!memcmp(v, want, sizeof v));
    fg_port m[5];
    CU_ASSERT_EQUAL_FATAL(fg_ports_module_order(t, 5, m), 4); /* the state port is not the module's */
    CU_ASSERT(!strcmp(m[0].name, "late_o") && !strcmp(m[1].name, "ready_o") && !strcmp(m[2].name, "a_o") &&
              !strcmp(m[3].name, "b_o"));
    fg_port bad[5];
    memcpy(bad, t, sizeof bad);
    bad[2].ctype = FG_PORT_INT; /* an unstreamed port bound to a member */
    CU_ASSERT_EQUAL(fg_ports_check(bad, 5), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "ready_o") != NULL);
}

/* The LDPC decoder's vector-set streams are its port table's: the stimulus the LLR words, then the configuration
 * inputs; the expected stream the trace's ports, then the word outputs; llr_ready_o in neither; the module's order
 * is another (the configuration inputs first). */
static void test_ldpc_layout(void)
{
    fg_ldpc_code *code;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-648-1/2", &code), 0);
    const fg_ldpc_arch_cfg cfg = fg_ldpc_arch_cfg_default();
    fg_ldpc_arch *a;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_arch_create(code, &cfg, &a), 0);
    fg_vec_layout l;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_arch_vec_layout(a, code, &cfg, 30, 2, 1, 1, &l), 0);
    const fg_vec_stream_def *in = &l.stream[1], *ex = &l.stream[2];
    const int NL = 2 * 30, n_tr = fg_ldpc_arch_trace_fields(a);
    CU_ASSERT_EQUAL(in->n_ports, 1 + NL + 3);
    CU_ASSERT(!strcmp(in->ports[1].name, "llr_i") && in->ports[1].index == 0 && in->ports[NL].index == NL - 1);
    CU_ASSERT(!strcmp(in->ports[NL + 1].name, "code_sel_i") && in->ports[NL + 1].width == 2);
    CU_ASSERT_EQUAL(ex->n_ports, n_tr + 2 * NL + 1);
    for (int i = 0; i < n_tr; i++) { /* the trace's names and widths */
        int idx, w;
        char name[FG_VEC_NAME_MAX];
        snprintf(name, sizeof name, "%s_o", fg_ldpc_arch_trace_field(a, i, &idx, &w));
        CU_ASSERT(!strcmp(ex->ports[i].name, name) && ex->ports[i].index == idx && ex->ports[i].width == w);
    }
    CU_ASSERT(!strcmp(ex->ports[n_tr].name, "wdata_o") && ex->ports[n_tr].is_signed);
    CU_ASSERT_STRING_EQUAL(ex->ports[n_tr + NL].name, "out_bits_o");
    CU_ASSERT_STRING_EQUAL(ex->ports[n_tr + 2 * NL].name, "iterations_o");
    fg_vec_layout_free(&l);
    fg_ldpc_arch_port_dims d;
    fg_ldpc_arch_port_dims_of(a, 30, 2, &d);
    fg_port t[FG_LDPC_ARCH_PORT_COUNT], m[FG_LDPC_ARCH_PORT_COUNT];
    const int np = fg_ldpc_arch_port_table(&d, t);
    CU_ASSERT_EQUAL(fg_ports_check(t, np), 0);
    CU_ASSERT_EQUAL_FATAL(fg_ports_module_order(t, np, m), np);
    CU_ASSERT(!strcmp(m[2].name, "code_sel_i") && !strcmp(m[5].name, "llr_valid_i") && !strcmp(m[7].name, "llr_ready_o"));
    fg_ldpc_arch_destroy(a);
    fg_ldpc_code_destroy(code);
}

/* The Viterbi decoder's vector-set layout is its port table's data ports, element by element. */
static void test_viterbi_layout(void)
{
    for (int radix = 2; radix <= 4; radix += 2) {
        fg_vit_code code = fg_vit_code_default();
        fg_vit_dec_cfg fmt = fg_vit_dec_cfg_default();
        fg_vit_hw_dims d;
        const fg_vit_hw_cfg c = fg_vit_hw_cfg_of(&code, &fmt, radix, FG_VIT_HW_MEMORY, 0, 0);
        CU_ASSERT_EQUAL_FATAL(fg_vit_hw_resolve(&c, &d), 0);
        fg_port p[FG_VIT_HW_PORTS];
        const int np = fg_vit_hw_ports(&d, p);
        CU_ASSERT_EQUAL(fg_ports_check(p, np), 0);
        fg_vec_layout l;
        CU_ASSERT_EQUAL_FATAL(fg_vec_layout_viterbi(&d, 1, 8, &l), 0);
        CU_ASSERT_EQUAL(l.stream[0].n_ports, fg_ports_count(p, np, FG_VEC_IN));
        CU_ASSERT_EQUAL(l.stream[1].n_ports, fg_ports_count(p, np, FG_VEC_OUT));
        const int S = radix / 2, n = code.n;
        CU_ASSERT_EQUAL(l.stream[0].n_ports, S + 3 + 2 * S * n);
        CU_ASSERT_EQUAL(l.stream[1].n_ports, 3 + 2 * S);
        const fg_vec_port *sym = &l.stream[0].ports[S + 3 + n]; /* in_sym_i[n]: slot 1 (radix 4) or in_era_i[0] */
        CU_ASSERT_STRING_EQUAL(sym->name, S == 2 ? "in_sym_i" : "in_era_i");
        /* a radix-4 input packs slot s symbol b as element s*n + b */
        fg_vit_hw_in in;
        memset(&in, 0, sizeof in);
        in.sym[S - 1][1] = -3;
        int64_t v[64];
        fg_ports_pack(p, np, FG_VEC_IN, &in, v);
        CU_ASSERT_EQUAL(v[S + 3 + (S - 1) * n + 1], -3);
        fg_vec_layout_free(&l);
    }
}

/* Port k of stream s is name[index] of width bits. */
static int is_port(const fg_vec_stream_def *s, int k, const char *name, int index, int width)
{
    return k < s->n_ports && !strcmp(s->ports[k].name, name) && s->ports[k].index == index &&
           s->ports[k].width == width;
}

/* The DBCF's sets: lanes and banks lane by lane, the levels after the bank ports (their own widths, CW in the
 * module), the state ports, rst_ni only in the random traffic's stimulus; the write path shares the rows. */
static void test_dbcf_layout(void)
{
    fg_dbcf_cfg c = fg_dbcf_cfg_default();
    c.pllr = 8, c.banks = 16, c.fifo_depth = 4, c.buf_depth = 2;
    const int P = 8, M = 16, CW = fg_dbcf_level_width(&c);
    CU_ASSERT_EQUAL(CW, 5); /* holds the 16 slots */
    fg_port p[FG_SUBSYS_PORTS_MAX];
    int np = fg_dbcf_ports(&c, 300, 6, 0, p);
    CU_ASSERT_EQUAL(fg_ports_check(p, np), 0);
    fg_vec_layout l;
    for (int random = 0; random < 2; random++) {
        CU_ASSERT_EQUAL_FATAL((random ? fg_vec_layout_dbcf_random : fg_vec_layout_dbcf)(&c, 300, 6, &l), 0);
        const fg_vec_stream_def *in = &l.stream[0], *ex = &l.stream[1];
        CU_ASSERT_EQUAL(l.n, 3 - random);
        CU_ASSERT_EQUAL(in->n_ports, 4 * P + M + random);
        CU_ASSERT(is_port(in, 4 * P - 1, "lane_data_i", P - 1, 6) && is_port(in, 4 * P, "bank_rd_row_i", 0, 9));
        CU_ASSERT(!random || is_port(in, 4 * P + M, "rst_ni", -1, 1));
        CU_ASSERT_EQUAL(ex->n_ports, 3 * P + 3 * M + P + M + 4 + M);
        CU_ASSERT(is_port(ex, 3 * P + 2, "bank_data_o", 0, 6) && is_port(ex, 3 * P + 3 * M, "fifo_level_o", 0, 3));
        CU_ASSERT(is_port(ex, 4 * P + 3 * M, "buf_level_o", 0, 2) && is_port(ex, 4 * P + 4 * M, "lfsr_o", -1, 16));
        CU_ASSERT(ex->ports[4 * P + 4 * M + 1].dir == FG_VEC_STATE && is_port(ex, 4 * P + 4 * M + 3, "done_o", -1, 1));
        fg_vec_layout_free(&l);
    }
    CU_ASSERT_EQUAL(fg_port_bits(&p[13]), P * CW); /* fifo_level_o */
    CU_ASSERT_EQUAL(fg_dbcf_ports(&c, 300, 6, FG_DBCF_PORTS_XB, p), np - 2); /* no read port */
    np = fg_subsys_ports(&c, 300, 6, p);
    CU_ASSERT_EQUAL(fg_ports_check(p, np), 0);
    CU_ASSERT_EQUAL(fg_ports_count(p, np, FG_VEC_IN), 3 + 3 * P + M); /* not the lane programs */
    CU_ASSERT_EQUAL_FATAL(fg_vec_layout_subsys(&c, 300, 6, &l), 0);
    const fg_vec_stream_def *ex = &l.stream[2];
    CU_ASSERT(is_port(ex, 1, "lane_err_o", 0, 1) && is_port(ex, 2, "accept_new_o", 0, 1) &&
              is_port(ex, 5, "lane_err_o", 1, 1));
    CU_ASSERT_EQUAL(ex->n_ports, 1 + 4 * P + 3 * M + P + M + 3 + M);
    fg_vec_layout_free(&l);
}

/* The IAG: the module's table and its streams (XMAP sets a prefix of the traffic sets') are the layouts. */
static void test_iag_layout(void)
{
    const int P = 8;
    fg_port x[FG_IAG_PORTS], t[FG_IAG_PORTS], mod[FG_IAG_PORTS];
    const int nx = fg_iag_ports(P, 0, x), nt = fg_iag_ports(P, 1, t);
    CU_ASSERT_EQUAL(nx, FG_IAG_PORTS);
    CU_ASSERT_EQUAL(fg_ports_check(x, nx), 0);
    CU_ASSERT_EQUAL(fg_ports_check(t, nt), 0);
    CU_ASSERT_EQUAL(fg_ports_count(t, nt, FG_VEC_IN), 4 + 4 * P); /* every input but the clock */
    /* the module's order: clock, reset, k_i, the lane programs, then the streams' order */
    static const char *const module[] = {"clk_i",     "rst_ni",       "k_i",      "lane_start_i", "lane_stride_i",
                                         "start_i",   "inverse_i",    "lane_valid_i", "lane_x_i", "ready_o",
                                         "lane_valid_o", "lane_err_o", "lane_addr_o"};
    CU_ASSERT_EQUAL_FATAL(fg_ports_module_order(t, nt, mod), FG_IAG_PORTS);
    for (int i = 0; i < FG_IAG_PORTS; i++)
        CU_ASSERT_STRING_EQUAL(mod[i].name, module[i]);
    fg_vec_layout lx, lt;
    CU_ASSERT_EQUAL_FATAL(fg_vec_layout_iag(P, &lx), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vec_layout_iag_traffic(P, &lt), 0);
    CU_ASSERT_EQUAL(lx.stream[1].n_ports, 3 + 2 * P); /* after the lane_prog table */
    CU_ASSERT_EQUAL(lt.stream[0].n_ports, 4 + 4 * P);
    CU_ASSERT_EQUAL(lx.stream[2].n_ports, 1 + 3 * P);
    CU_ASSERT_EQUAL(fg_ports_count(x, nx, FG_VEC_IN), lx.stream[1].n_ports);
    CU_ASSERT_STRING_EQUAL(lt.stream[0].ports[3 + 2 * P].name, "rst_ni");
    CU_ASSERT_STRING_EQUAL(lt.stream[0].ports[4 + 2 * P + 1].name, "lane_stride_i"); /* lane 0's program */
    CU_ASSERT_EQUAL(lt.stream[0].ports[4 + 2 * P + 1].index, 0);
    /* a traffic line packs from the port struct and back */
    static fg_iag_port_in in, back;
    memset(&in, 0, sizeof in);
    in.k = 40;
    in.rst_n = 1;
    in.lane[P - 1] = (fg_iag_lane_in){1, 33};
    in.prog[2] = (fg_iag_lane_prog){-1, -2};
    int64_t v[4 + 4 * 8];
    fg_ports_pack(t, nt, FG_VEC_IN, &in, v);
    CU_ASSERT(v[0] == 40 && v[3 + 2 * (P - 1)] == 1 && v[4 + 2 * (P - 1)] == 33 && v[3 + 2 * P] == 1);
    CU_ASSERT(v[4 + 2 * P + 4] == -1 && v[4 + 2 * P + 5] == -2);
    fg_ports_unpack(t, nt, FG_VEC_IN, v, &back, sizeof back);
    CU_ASSERT(back.k == 40 && back.rst_n == 1 && back.lane[P - 1].valid == 1 && back.lane[P - 1].x == 33);
    CU_ASSERT(back.prog[2].start == -1 && back.prog[2].stride == -2 && back.prog[1].stride == 0);
    fg_vec_layout_free(&lx);
    fg_vec_layout_free(&lt);
}

/* The turbo decoder's table: valid for one and both standards; its streams' order ends the stimulus with umts_i
 * and the expected stream with hard_rd_data_o, the module's lists them after k_i and k_ok_o; the layout holds it. */
static void test_turbo_layout(void)
{
    for (int both = 0; both < 2; both++) {
        fg_turbo_arch_cfg a = fg_turbo_arch_cfg_default();
        a.P = 2;
        a.path = both ? FG_TURBO_ARCH_PATH_SHARED : FG_TURBO_ARCH_PATH_FIT;
        fg_vec_turbo_arch_dims d;
        fg_vec_turbo_arch_dims_of(&a, 32, &d);
        fg_port m[FG_TURBO_RTL_PORTS], s[FG_TURBO_RTL_PORTS];
        const int ns = fg_turbo_arch_rtl_ports(&d, &a.fmt, s), nm = fg_ports_module_order(s, ns, m);
        CU_ASSERT_EQUAL(nm, FG_TURBO_RTL_PORTS - !both);
        CU_ASSERT_EQUAL(ns, nm);
        CU_ASSERT_EQUAL(fg_ports_check(m, nm), 0);
        CU_ASSERT_STRING_EQUAL(m[3].name, both ? "umts_i" : "half_iters_i");
        CU_ASSERT_STRING_EQUAL(s[ns - 1].name, "hard_rd_data_o");
        fg_vec_layout l;
        CU_ASSERT_EQUAL_FATAL(fg_vec_layout_turbo_arch(&d, &a.fmt, 1, 40, &l), 0);
        const fg_vec_stream_def *st = &l.stream[0], *ex = &l.stream[1];
        CU_ASSERT_EQUAL(st->n_ports, 22 + both);
        CU_ASSERT_STRING_EQUAL(st->ports[st->n_ports - 1].name, both ? "umts_i" : "hard_rd_pos_i");
        CU_ASSERT_EQUAL(ex->n_ports, 6 + 20 * d.nl + 1);
        CU_ASSERT(!strcmp(ex->ports[6 + 17].name, "rd_valid_o") && ex->ports[6 + 17].index == 1);
        CU_ASSERT_STRING_EQUAL(ex->ports[ex->n_ports - 1].name, "hard_rd_data_o");
        fg_vec_layout_free(&l);
    }
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"pack and unpack: element order, struct rows", test_pack_unpack},
        {"checks name the port", test_checks},
        {"lane groups and state ports: stream order, checks", test_groups_and_state},
        {"the module's order (rtl_order) and unstreamed ports", test_module_order},
        {"ldpc: the streams are the port table's", test_ldpc_layout},
        {"viterbi: the layout is the port table", test_viterbi_layout},
        {"dbcf and subsystem: the layouts are the port tables", test_dbcf_layout},
        {"iag: the layouts are the port table's streams", test_iag_layout},
        {"turbo: the layout is the port table in the streams' order", test_turbo_layout},
        {NULL, NULL},
    };
    fg_add_suite("ports", cases);
}
