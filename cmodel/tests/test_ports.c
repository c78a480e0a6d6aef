/* Port tables (fecforge/ports.h): packing a model's structs into stream lines and back, element order and
 * struct rows, counts, the checks; the Viterbi decoder's table against its vector-set layout. */
#include "fg_cunit.h"

#include "fecforge/error.h"
#include "fecforge/ports.h"
#include "fecforge/turbo_arch.h"
#include "fecforge/vectors.h"
#include "fecforge/viterbi_hw.h"

#include <stddef.h>
#include <string.h>

typedef struct {
    int a;
    uint8_t flags[3][5]; /* rows of 5, 2 used: element e at [e / 2][e % 2] */
    int32_t s[4];
} in_t;

static const fg_port table[] = {
    {"clk_i", FG_VEC_IN, FG_PORT_CLOCK, 1, 1, .doc = "clock"},
    {"a_i", FG_VEC_IN, FG_PORT_DATA, 1, 3, 0, 0, "a", FG_PORT_INT, offsetof(in_t, a), 0, 0, 0},
    {"f_i", FG_VEC_IN, FG_PORT_DATA, 6, 1, 0, 1, "flags", FG_PORT_U8, offsetof(in_t, flags), 2, 5, 0},
    {"s_i", FG_VEC_IN, FG_PORT_DATA, 4, 7, 1, 1, "signed", FG_PORT_I32, offsetof(in_t, s), 0, 0, 0},
    {"o_o", FG_VEC_OUT, FG_PORT_DATA, 1, 2, 0, 0, "out", FG_PORT_INT, offsetof(in_t, a), 0, 0, 0},
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
    bad[1].ctype = FG_PORT_NONE; /* a data port bound to nothing */
    CU_ASSERT_EQUAL(fg_ports_check(bad, 2), FG_EINVAL);
}

/* A lane group streams lane by lane; a state port sits in the output side but not in the module. */
typedef struct {
    int we[3], row[3], level;
} out_t;

static void test_groups_and_state(void)
{
    const fg_port t[] = {
        {"we_o", FG_VEC_OUT, FG_PORT_DATA, 3, 1, 0, 0, "we", FG_PORT_INT, offsetof(out_t, we), 0, 0, 1},
        {"row_o", FG_VEC_OUT, FG_PORT_DATA, 3, 4, 0, 0, "row", FG_PORT_INT, offsetof(out_t, row), 0, 0, 1},
        {"level_o", FG_VEC_STATE, FG_PORT_DATA, 1, 3, 0, 0, "level", FG_PORT_INT, offsetof(out_t, level), 0, 0, 0},
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
        const int nm = fg_turbo_arch_rtl_ports(&d, &a.fmt, 0, m), ns = fg_turbo_arch_rtl_ports(&d, &a.fmt, 1, s);
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
        {"viterbi: the layout is the port table", test_viterbi_layout},
        {"turbo: the layout is the port table in the streams' order", test_turbo_layout},
        {NULL, NULL},
    };
    fg_add_suite("ports", cases);
}
