/* fecforge gen iag: the interleaver address generators (IAG) as Verilog-2005, the twins of
 * fg_iag_step (cmodel/src/iag). This file is the part both standards share: configuration, module
 * name, port list, staged output directory, header, primitives, files.f and manifest.json. The
 * module body comes from the standard's emitter: fg_gen_iag_lte_emit (gen_iag_lte.c,
 * docs/rtl-iag-lte.md) or fg_gen_iag_umts_emit (gen_iag_umts.c).
 *
 * Primitives: an emitter instantiates rtl/lib modules by name; fg_gen_iag finds every primitive
 * compiled into the generator (FG_GEN_PRIMS in gen/CMakeLists.txt) whose name appears as a word
 * in the body outside // comments, and copies it beside the top module. */
#include "fecforge_gen/gen.h"
#include "gen_internal.h"
#include "fecforge/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

fg_gen_iag_cfg fg_gen_iag_cfg_default(void)
{
    fg_gen_iag_cfg c = {FG_STD_LTE, 64, 0};
    return c;
}

int fg_gen_iag_check(const fg_gen_iag_cfg *c)
{
    if (c->std != FG_STD_LTE && c->std != FG_STD_UMTS)
        return fg_set_error_at(FG_EINVAL, &c->std, "std=%d unknown: valid are umts, lte", (int)c->std);
    int rc = fg_iag_check_pllr(c->pllr);
    if (rc)
        return fg_error_at(rc, &c->pllr);
    if (c->forward_only != 0 && c->forward_only != 1)
        return fg_set_error_at(FG_EINVAL, &c->forward_only, "forward_only=%d invalid: must be 0 or 1", c->forward_only);
    if (c->std == FG_STD_LTE && c->forward_only)
        return fg_set_error_at(FG_EINVAL, &c->forward_only,
                               "forward_only=1 not available for std=lte: the QPP IAG's modes share one difference "
                               "engine per lane, and the step model (fg_iag_step) always preprocesses both modes, "
                               "so an interleave-only variant would have no cycle-exact reference; use forward_only=0");
    return 0;
}

void fg_gen_iag_name(const fg_gen_iag_cfg *c, char *buf, size_t n)
{
    snprintf(buf, n, "fg_iag_%s_p%d%s", c->std == FG_STD_UMTS ? "umts" : "lte", c->pllr, c->forward_only ? "_fwd" : "");
}

typedef fg_gen_port iag_port;

static int iag_ports(int P, iag_port *p)
{
    const iag_port all[] = {
        {"clk_i", 0, 1, "clock"},
        {"rst_ni", 0, 1, "synchronous active-low reset (= fg_iag_reset); preprocessing starts after it"},
        {"k_i", 0, 13, "block size K, held constant from reset on"},
        {"lane_start_i", 0, P * 14, "lane l's first position, signed ([l*14 +: 14]; -1 = unused), static"},
        {"lane_stride_i", 0, P * 3, "lane l's stride, signed +-1 or +-2 ([l*3 +: 3]), static"},
        {"start_i", 0, 1, "load the lane seeds of mode inverse_i (ignored before ready_o)"},
        {"inverse_i", 0, 1, "0: forward x -> pi(x), 1: inverse x -> pi^-1(x); sampled with start_i"},
        {"lane_valid_i", 0, P, "lane l has a position this cycle"},
        {"lane_x_i", 0, P * 13, "lane l's position ([l*13 +: 13])"},
        {"ready_o", 1, 1, "preprocessing done"},
        {"lane_valid_o", 1, P, "lane l's address of the input latency cycles ago"},
        {"lane_err_o", 1, P, "that input was not served (wrong x, unused lane, not started, past the end)"},
        {"lane_addr_o", 1, P * 13, "lane l's address ([l*13 +: 13]), 0 when not valid"},
    };
    memcpy(p, all, sizeof all);
    return (int)(sizeof all / sizeof all[0]);
}

void fg_gen_iag_tpl_head(fg_tpl *t, const fg_gen_iag_cfg *c, const char *top)
{
    iag_port ports[16];
    fg_tpl_set(t, "TOP", "%s", top);
    fg_tpl_ports(t, "PORTS", ports, iag_ports(c->pllr, ports));
}

/* Preprocessing cycles of the step model: formula and the worst case over every K the design
 * supports with every lane used, measured with fg_iag_step (never from the formula). */
typedef struct {
    const char *formula;
    int worst_K;
    long worst_cycles;
} pre_info;

static int model_pre_cycles(fg_std std, int K, int P, long *cycles)
{
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    for (int l = 0; l < P; l++) {
        prog[l].start = l % K;
        prog[l].stride = 1;
    }
    fg_iag_cfg cfg = {std, K, P, prog};
    fg_iag *g;
    int rc = fg_iag_create(&cfg, &g);
    if (rc)
        return rc;
    fg_iag_out out;
    long n = 0;
    do
        fg_iag_step(g, NULL, &out);
    while (!out.ready && ++n < 1000000L);
    fg_iag_info info;
    fg_iag_get_info(g, &info);
    fg_iag_destroy(g);
    *cycles = info.preprocess_cycles;
    return info.preprocess_cycles < 0 ? fg_set_error(FG_ESTATE, "IAG model did not finish preprocessing") : 0;
}

static int preprocessing_info(const fg_gen_iag_cfg *c, pre_info *pi)
{
    if (c->std == FG_STD_LTE) {
        /* Worst case: the largest inverse degree (the first K that has it), every lane used. */
        pi->formula = "1 + U*(6 + n*(n+1)): U used lanes, n the inverse degree of K (ROM row, then per used lane "
                      "and mode (n+1) points x n Horner multiply-adds)";
        int best_deg = 0;
        for (int i = 0; i < FG_LTE_NUM_SIZES; i++) {
            const int K = fg_interleaver_size(FG_STD_LTE, i);
            fg_lte_inv_poly inv;
            int rc = fg_lte_inverse_poly(K, &inv);
            if (rc)
                return rc;
            if (inv.degree > best_deg) {
                best_deg = inv.degree;
                pi->worst_K = K;
            }
        }
    } else {
        pi->formula = "(pidx+1) + R + (p-1) + (C+1): SEARCH, ROWS, SFILL, CORR (docs/interleavers.md)";
        pi->worst_K = FG_UMTS_K_MAX;
    }
    return model_pre_cycles(c->std, pi->worst_K, c->pllr, &pi->worst_cycles);
}

static void params_text(const fg_gen_iag_cfg *c, char *buf, size_t n)
{
    snprintf(buf, n, "std=%s pllr=%d forward_only=%d latency=%d", c->std == FG_STD_UMTS ? "umts" : "lte", c->pllr,
             c->forward_only, c->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE);
}

static void emit_manifest(FILE *f, const fg_gen_iag_cfg *c, const char *name, const fg_gen_out *o, const pre_info *pi,
                          const fg_iag_memory *mem)
{
    const int lat = c->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    fprintf(f,
            "{\n  \"tool\": {\"name\": \"fecforge gen\", \"version\": \"%s\", \"git\": \"%s\"},\n"
            "  \"design\": \"iag\",\n  \"top\": \"%s\",\n"
            "  \"parameters\": {\"std\": \"%s\", \"pllr\": %d, \"forward_only\": %d},\n"
            "  \"widths\": {\"k\": 13, \"position\": 13, \"address\": 13, \"lane_start\": 14, \"lane_stride\": 3},\n"
            "  \"latency_cycles\": %d,\n"
            "  \"timing\": \"a valid (x) on lane l in cycle t gives (valid, addr) or err on lane l in cycle t + "
            "latency_cycles; every output is a register; cycle-exact with fg_iag_step from reset\",\n"
            "  \"preprocessing\": {\"cycles\": \"%s\", \"worst_case_K\": %d, \"worst_case_cycles\": %ld,\n"
            "    \"worst_case_note\": \"every lane used; measured with the step model fg_iag_step\"},\n",
            fg_version(), fg_git_hash(), name, c->std == FG_STD_UMTS ? "umts" : "lte", c->pllr, c->forward_only, lat,
            pi->formula, pi->worst_K, pi->worst_cycles);
    fprintf(f, "  \"storage_note\": \"%s; the lane programs are the static inputs lane_start_i / lane_stride_i\",\n"
               "  \"storage\": [\n",
            c->std == FG_STD_UMTS ? "the storage of this RTL (every K of the standard)"
                                  : "fg_iag_memory_size: the model's storage for every K of the standard");
    for (int i = 0; i < mem->n; i++) {
        const fg_iag_mem_item *it = &mem->item[i];
        fprintf(f,
                "    {\"name\": \"%s\", \"kind\": \"%s\", \"entries\": %d, \"width\": %d, \"copies\": %d, \"bits\": "
                "%ld}%s\n",
                it->name, it->kind, it->entries, it->width, it->copies, it->bits, i + 1 < mem->n ? "," : "");
    }
    fprintf(f, "  ],\n  \"rom_bits\": %ld, \"ram_bits\": %ld, \"reg_bits\": %ld,\n  \"ports\": [\n", mem->rom_bits,
            mem->ram_bits, mem->reg_bits);
    iag_port ports[16];
    const int np = iag_ports(c->pllr, ports);
    for (int i = 0; i < np; i++)
        fg_gen_manifest_port(f, ports[i].name, ports[i].out, ports[i].width, i + 1 == np);
    fg_gen_manifest_files(f, o);
}

int fg_gen_iag_write(fg_gen_out *o, const fg_gen_iag_cfg *c)
{
    char name[96], file[112], params[256];
    fg_gen_iag_name(c, name, sizeof name);
    params_text(c, params, sizeof params);
    snprintf(file, sizeof file, "%s.v", name);
    FILE *f = fg_gen_out_open(o, file, 1);
    if (!f)
        return FG_EIO;
    int rc;
    fg_gen_header(f,
                  c->std == FG_STD_LTE
                      ? "LTE QPP interleaver address generator: QPP ROM, Horner seed preprocessing, difference-engine "
                        "lanes (docs/rtl-iag-lte.md; cycle-exact twin of fg_iag_step)"
                      : "HSPA+/UMTS interleaver address generator (cycle-exact twin of fg_iag_step)",
                  params);
    rc = c->std == FG_STD_LTE ? fg_gen_iag_lte_emit(f, c, name) : fg_gen_iag_umts_emit(f, c, name);
    {
        const int rc2 = fg_gen_out_close(o, f, file);
        if (!rc)
            rc = rc2;
    }
    if (rc)
        return rc;
    return fg_gen_out_primitives_of(o, file); /* the primitives the body instantiates */
}

/* tb_<name>.v for the vector sets of this IAG (fg_vec_layout_iag). */
static int write_testbench(fg_gen_out *o, const fg_gen_iag_cfg *c, const char *name)
{
    iag_port ports[16];
    char params[256];
    fg_vec_layout lay;
    params_text(c, params, sizeof params);
    int rc = fg_vec_layout_iag(c->pllr, &lay);
    if (!rc)
        rc = fg_gen_out_testbench(o, name, ports, iag_ports(c->pllr, ports), &lay, params);
    fg_vec_layout_free(&lay);
    return rc;
}

int fg_gen_iag(const fg_gen_iag_cfg *c, const char *dir)
{
    int rc = fg_gen_iag_check(c);
    if (rc)
        return rc;
    pre_info pi;
    fg_iag_memory mem;
    /* Storage: the UMTS RTL's own (forward-only drops the inverse tables); LTE as the model's. */
    if ((rc = preprocessing_info(c, &pi)) ||
        (rc = c->std == FG_STD_UMTS ? fg_gen_iag_umts_memory(c, &mem) : fg_iag_memory_size(c->std, c->pllr, &mem)))
        return rc;
    char name[96];
    fg_gen_iag_name(c, name, sizeof name);
    fg_gen_out o;
    rc = fg_gen_out_begin(&o, dir);
    if (rc)
        return rc;
    FILE *f;
    if ((rc = fg_gen_iag_write(&o, c)) || (rc = write_testbench(&o, c, name)))
        goto fail;
    if (!(f = fg_gen_out_open(&o, "manifest.json", 0))) {
        rc = FG_EIO;
        goto fail;
    }
    emit_manifest(f, c, name, &o, &pi, &mem);
    if ((rc = fg_gen_out_close(&o, f, "manifest.json")) || (rc = fg_gen_out_commit(&o)))
        goto fail;
    return 0;
fail:
    fg_gen_out_abort(&o);
    return rc;
}
