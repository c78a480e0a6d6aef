/* fecforge gen iag: the interleaver address generators (IAG) as Verilog-2005, the twins of
 * fg_iag_step (cmodel/src/iag). This file is the part both standards share: configuration, module
 * name, port list, staged output directory, header, primitives, files.f and manifest.json. The
 * module body comes from the standard's emitter: fg_gen_iag_lte_emit (gen_iag_lte.c,
 * docs/rtl-iag-lte.md) or fg_gen_iag_umts_emit (gen_iag_umts.c).
 *
 * Primitives: an emitter instantiates rtl/lib modules by name; fg_gen_iag finds every primitive
 * compiled into the generator (FG_GEN_PRIMS in gen/CMakeLists.txt) whose name appears as a word
 * in the body outside // comments, and copies it beside the top module. */
#include "design_internal.h"
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

/* The module's ports (fg_iag_ports, the one declaration) as the generator's: gp FG_IAG_PORTS entries. */
static int iag_ports(int P, fg_gen_port *gp)
{
    fg_port p[FG_IAG_PORTS];
    return fg_gen_ports_from(p, fg_iag_ports(P, 1, p), gp);
}

void fg_gen_iag_tpl_head(fg_tpl *t, const fg_gen_iag_cfg *c, const char *top)
{
    fg_gen_port ports[FG_IAG_PORTS];
    fg_tpl_set(t, "TOP", "%s", top);
    fg_tpl_ports(t, "PORTS", ports, iag_ports(c->pllr, ports));
}

/* Preprocessing cycles of the step model: formula and the worst case over every K the design
 * supports with every lane used, measured with fg_iag_step (never from the formula); and the storage. */
typedef struct {
    fg_std std;
    const char *formula;
    int worst_K;
    long worst_cycles;
    fg_iag_memory mem;
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

/* The manifest's keys beside the parameters (fg_gen_out_manifest): what the parameters imply. */
static void manifest_facts(const void *arg, fg_json *j)
{
    const pre_info *v = arg;
    const fg_iag_memory *mem = &v->mem;
    const int umts = v->std == FG_STD_UMTS;
    static const fg_tpl_iv widths[] = {{"k", FG_IAG_POS_BITS},          {"position", FG_IAG_POS_BITS},
                                       {"address", FG_IAG_POS_BITS},    {"lane_start", FG_IAG_POS_BITS + 1},
                                       {"lane_stride", 3}};
    fg_json_obj_open(j, "widths");
    for (int i = 0; i < (int)(sizeof widths / sizeof widths[0]); i++)
        fg_json_int(j, widths[i].name, widths[i].v);
    fg_json_obj_close(j);
    fg_json_int(j, "latency_cycles", umts ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE);
    fg_json_str(j, "timing", "a valid (x) on lane l in cycle t gives (valid, addr) or err on lane l in cycle t + "
                             "latency_cycles; every output is a register; cycle-exact with fg_iag_step from reset");
    fg_json_obj_open(j, "preprocessing");
    fg_json_str(j, "cycles", v->formula);
    fg_json_int(j, "worst_case_K", v->worst_K);
    fg_json_int(j, "worst_case_cycles", v->worst_cycles);
    fg_json_str(j, "worst_case_note", "every lane used; measured with the step model fg_iag_step");
    fg_json_obj_close(j);
    char note[160];
    snprintf(note, sizeof note, "%s; the lane programs are the static inputs lane_start_i / lane_stride_i",
             umts ? "the storage of this RTL (every K of the standard)"
                  : "fg_iag_memory_size: the model's storage for every K of the standard");
    fg_json_str(j, "storage_note", note);
    fg_json_arr_open(j, "storage");
    fg_iag_memory_json_items(mem, j, 0);
    fg_json_arr_close(j);
    fg_json_int(j, "rom_bits", mem->rom_bits);
    fg_json_int(j, "ram_bits", mem->ram_bits);
    fg_json_int(j, "reg_bits", mem->reg_bits);
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

int fg_gen_iag(const fg_gen_iag_cfg *c, const char *dir)
{
    int rc = fg_gen_iag_check(c);
    if (rc)
        return rc;
    pre_info pi = {.std = c->std};
    /* Storage: the UMTS RTL's own (forward-only drops the inverse tables); LTE as the model's. */
    if ((rc = preprocessing_info(c, &pi)) ||
        (rc = c->std == FG_STD_UMTS ? fg_gen_iag_umts_memory(c, &pi.mem) : fg_iag_memory_size(c->std, c->pllr, &pi.mem)))
        return rc;
    char name[96];
    fg_gen_iag_name(c, name, sizeof name);
    fg_gen_out o;
    rc = fg_gen_out_begin(&o, dir);
    if (rc)
        return rc;
    /* the page lists the ports in the traffic sets' stream order, the clock first */
    fg_port page[FG_IAG_PORTS];
    fg_gen_port gp[FG_IAG_PORTS];
    const int npage = fg_iag_ports(c->pllr, 1, page);
    const int ngp = iag_ports(c->pllr, gp);
    fg_vec_layout lay; /* tb_<name>.v for the XMAP sets */
    char params[256];
    params_text(c, params, sizeof params);
    if ((rc = fg_gen_iag_write(&o, c)) || (rc = fg_vec_layout_iag(c->pllr, &lay)))
        goto fail;
    rc = fg_gen_out_testbench(&o, name, gp, ngp, &lay, params);
    fg_vec_layout_free(&lay);
    if (rc || (rc = fg_gen_out_page(&o, &fg_design_iag, c, page, npage)) ||
        (rc = fg_gen_out_manifest(&o, &fg_design_iag, c, name, gp, ngp, manifest_facts, &pi)) ||
        (rc = fg_gen_out_commit(&o)))
        goto fail;
    return 0;
fail:
    fg_gen_out_abort(&o);
    return rc;
}
