/* fecforge gen viterbi: the streaming Viterbi decoder as Verilog-2005, the twin of the step model fg_vit_hw
 * (cmodel/src/viterbi/viterbi_hw.c; docs/rtl-viterbi.md). Generated here: the top's ports and parameters, its
 * ACS stage(s) and the stage module (branch metrics of the code's output patterns and one fg_vit_acs per
 * state); the rest of the top is the templates rtl/templates/fg_viterbi_{regs,body,mem|exch,tail}.vh, the
 * units the rtl/lib primitives fg_vit_acs and fg_vit_tree. */
#include "design_internal.h"
#include "gen_viterbi.h"

#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/vectors.h"
#include "fecforge_gen/gen.h"
#include "gen_internal.h"

#include <stdio.h>
#include <string.h>

int fg_gen_viterbi_resolve(fg_gen_viterbi_cfg *c)
{
    int rc = fg_vit_code_of(&c->code, &c->c);
    if (rc)
        return rc;
    return fg_vit_hw_resolve_arg(&c->c, &c->code.K, &c->fx, &c->hw, &c->d); /* refusals name c's fields */
}

static void gen_text(const fg_vit_code *c, const char *sep, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = 0;
    for (int b = 0; b < c->n && at < n; b++)
        at += (size_t)snprintf(buf + at, n - at, "%s%o", b ? sep : "", (unsigned)c->gen[b]);
}

void fg_gen_viterbi_name(const fg_gen_viterbi_cfg *c, char *buf, size_t n)
{
    const fg_vit_hw_dims *d = &c->d;
    char g[96], blk[24] = "";
    gen_text(&d->cfg.code, "_", g, sizeof g);
    if (d->cfg.tb == FG_VIT_HW_MEMORY)
        snprintf(blk, sizeof blk, "_d%d", d->D);
    snprintf(buf, n, "fg_viterbi_k%d_g%s_r%d_%s_l%d%s_q%dp%d%s", d->cfg.code.K, g, 2 * d->S,
             d->cfg.tb == FG_VIT_HW_MEMORY ? "tb" : "re", d->L, blk, d->cfg.w_llr, d->cfg.w_pm,
             d->cfg.norm == FG_VIT_NORM_SUBTRACT ? "_sub" : "");
}

static void params_text(const fg_vit_hw_dims *d, char *buf, size_t n)
{
    char g[96];
    gen_text(&d->cfg.code, ",", g, sizeof g);
    const int at = snprintf(buf, n, "K=%d gen=%s radix=%d traceback=%s tb_depth=%d tb_block=%d llr_width=%d "
                            "sm_width=%d norm=%s bm_width=%d", d->cfg.code.K, g, 2 * d->S,
                            d->cfg.tb == FG_VIT_HW_MEMORY ? "memory" : "exchange", d->L, d->D, d->cfg.w_llr,
                            d->cfg.w_pm, d->cfg.norm == FG_VIT_NORM_MODULO ? "modulo" : "subtract", d->w_bm);
    if (d->cfg.tb == FG_VIT_HW_MEMORY && at > 0 && (size_t)at < n)
        snprintf(buf + at, n - (size_t)at, " memory_banks=%d bank_rows=%d tb_rate=%d", d->R, d->rb, d->R);
}

/* The top's ports: those of the step model (fg_vit_hw_ports), declared once. */
static int ports_of(const fg_vit_hw_dims *d, fg_gen_port *p)
{
    fg_port ports[FG_VIT_HW_PORTS];
    return fg_gen_ports_from(ports, fg_vit_hw_ports(d, ports), p);
}

static int bits_for(int v) /* bits of an unsigned counter of 0 .. v */
{
    int b = 1;
    while ((1 << b) < v + 1)
        b++;
    return b;
}

/* The stage module's name: fg_vit_stage_ and the top's parameters (its own prefix, so that `area` tells it from the
 * top). */
static void stage_name(const char *top, char *buf, size_t n)
{
    snprintf(buf, n, "fg_vit_stage_%s", top + strlen("fg_viterbi_"));
}

/* The stage module (rtl/templates/fg_vit_stage.vh): branch metrics of every output pattern the trellis uses,
 * one fg_vit_acs per state. */
static int emit_stage(FILE *f, const fg_vit_hw_dims *d, const char *stage, const char *params)
{
    const fg_vit_code *c = &d->cfg.code;
    const int M = d->M, n = c->n, WL = d->cfg.w_llr, W = d->cfg.w_pm, WB = d->w_bm, K = c->K;
    fg_gen_header(f, "One trellis stage of the streaming Viterbi decoder: branch metrics and the ACS array "
                     "(docs/rtl-viterbi.md; acs() of cmodel/src/viterbi/viterbi_hw.c)", params);
    fg_tpl *t = fg_tpl_new("fg_vit_stage");
    fg_tpl_set(t, "TOP", "%s", stage);
    char w0[64], w1[64];
    snprintf(w0, sizeof w0, "%d states x %d-bit metrics, state j at [j*%d +: %d]", M, W, W, W);
    snprintf(w1, sizeof w1, "%d symbols of %d bits", n, WL);
    const fg_gen_port ports[] = {{"pm_i", 0, M * W, w0},
                                 {"sym_i", 0, n * WL, w1},
                                 {"era_i", 0, n, "erasure flags: an erased symbol contributes 0"},
                                 {"force_i", 0, 1, "the first K-1 stages of a frame: every survivor from x = 0"},
                                 {"sub_i", 0, W, "subtract normalisation: the value taken off every metric"},
                                 {"pm_o", 1, M * W, "the new metrics"},
                                 {"dec_o", 1, M, "the decisions: state j's survivor from ((j << 1) | x) mod M"}};
    fg_tpl_ports(t, "PORTS", ports, 7);
    fg_tpl_int(t, "WB", WB);
    fg_tpl_int(t, "WB1", WB - 1);
    fg_tpl_int(t, "W", W);
    fg_tpl_int(t, "W1", W - 1);
    fg_tpl_int(t, "WX", WB - WL);
    fg_tpl_int(t, "WXB", W - WB);
    fg_tpl_int(t, "NORM", d->cfg.norm == FG_VIT_NORM_SUBTRACT);
    for (int b = 0; b < n; b++) {
        fg_tpl_begin(t, "SYM");
        fg_tpl_int(t, "B", b);
        fg_tpl_int(t, "HI", b * WL + WL - 1);
        fg_tpl_int(t, "LO", b * WL);
        fg_tpl_end(t);
    }
    uint8_t used[1 << FG_VIT_N_MAX] = {0};
    for (int j = 0; j < M; j++)
        for (int x = 0; x < 2; x++)
            used[fg_vit_out(c, ((j << 1) | x) & (M - 1), j >> (K - 2))] = 1;
    for (int o = 0; o < (1 << n); o++) {
        if (!used[o])
            continue;
        char e[16 * FG_VIT_N_MAX];
        size_t at = 0;
        for (int b = 0; b < n; b++) /* the sum of the symbols, -l_b where bit b of o is 1 */
            at += (size_t)snprintf(e + at, sizeof e - at, "%s%sl%d", b ? " " : "", (o >> b) & 1 ? "- " : (b ? "+ " : ""), b);
        fg_tpl_begin(t, "BM");
        fg_tpl_int(t, "O", o);
        fg_tpl_set(t, "EXPR", "%s", e);
        fg_tpl_end(t);
    }
    for (int j = 0; j < M; j++) {
        const int p0 = (j << 1) & (M - 1), p1 = ((j << 1) | 1) & (M - 1), u = j >> (K - 2);
        fg_tpl_begin(t, "ACS");
        fg_tpl_int(t, "J", j);
        fg_tpl_int(t, "P0", p0 * W);
        fg_tpl_int(t, "P1", p1 * W);
        fg_tpl_int(t, "BM0", fg_vit_out(c, p0, u));
        fg_tpl_int(t, "BM1", fg_vit_out(c, p1, u));
        fg_tpl_int(t, "PO", j * W);
        fg_tpl_end(t);
    }
    return fg_tpl_write(t, f);
}

/* The top module (rtl/templates/fg_viterbi_top.vh and the fragments it includes). */
static int emit_top(FILE *f, const fg_vit_hw_dims *d, const char *top, const char *params)
{
    char stage[180];
    stage_name(top, stage, sizeof stage);
    const int S = d->S, K = d->cfg.code.K, EW = d->w_em, TW = FG_VIT_HW_STAGE_BITS;
    fg_gen_header(f, "Streaming Viterbi decoder: ACS array, best-state tree, traceback memory or register exchange "
                     "(docs/rtl-viterbi.md; cycle-exact twin of fg_vit_hw, cmodel/src/viterbi/viterbi_hw.c)",
                  params);
    fg_tpl *t = fg_tpl_new("fg_viterbi_top");
    fg_tpl_set(t, "TOP", "%s", top);
    fg_tpl_set(t, "STAGE", "%s", stage);
    fg_gen_port ports[FG_VIT_HW_PORTS];
    fg_tpl_ports(t, "PORTS", ports, ports_of(d, ports));
    const struct { const char *name; int v; } ints[] = {
        {"K", K}, {"L", d->L}, {"D", d->D}, {"MB", K - 1}, {"M", d->M}, {"S", S}, {"N", d->cfg.code.n},
        {"WL", d->cfg.w_llr}, {"W", d->cfg.w_pm}, {"NORM", d->cfg.norm == FG_VIT_NORM_SUBTRACT},
        {"MEM", d->cfg.tb == FG_VIT_HW_MEMORY}, {"LD", d->L + d->D}, {"TW", TW}, {"EW", EW}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        fg_tpl_int(t, ints[i].name, ints[i].v);
    const struct { const char *name; int w, v; } sized[] = { /* localparams as w'dv */
        {"E_S", EW, S}, {"E_D", EW, d->D}, {"E_LD", EW, d->L + d->D}, {"E_K1", EW, K - 1}, {"T_MB", TW, K - 1},
        {"T_LD", TW, d->L + d->D}, {"T_D", TW, d->D}, {"T_ONE", TW, 1}, {"T_TWO", TW, 2}};
    for (size_t i = 0; i < sizeof sized / sizeof sized[0]; i++)
        fg_tpl_set(t, sized[i].name, "%d'd%d", sized[i].w, sized[i].v);
    if (d->cfg.tb == FG_VIT_HW_MEMORY) {
        fg_tpl_begin(t, "MEMORY");
        fg_tpl_int(t, "R", d->R);
        fg_tpl_int(t, "RB", d->rb);
        fg_tpl_int(t, "BW", bits_for(d->R - 1));
        fg_tpl_int(t, "RBW", bits_for(d->rb - 1));
        fg_tpl_int(t, "IW", bits_for(d->L + d->D - 1));
        fg_tpl_set(t, "B_LAST", "%d'd%d", bits_for(d->R - 1), d->R - 1);
        fg_tpl_set(t, "R_LAST", "%d'd%d", bits_for(d->rb - 1), d->rb - 1);
        fg_tpl_set(t, "E_L", "%d'd%d", EW, d->L);
        fg_tpl_end(t);
    }
    fg_tpl_set(t, "ACS_TEXT", "%s", S == 2 ? "two trellis stages per cycle, the second reading the first's metrics "
                                             "(the two compare levels of a radix-4 ACS)" : "one trellis stage per cycle");
    if (S == 2) {
        fg_tpl_begin(t, "TWO");
        if (d->cfg.norm == FG_VIT_NORM_SUBTRACT) {
            fg_tpl_begin(t, "SUB");
            fg_tpl_end(t);
        }
        fg_tpl_end(t);
    }
    return fg_tpl_write(t, f);
}

/* The manifest's keys beside the parameters (fg_gen_out_manifest): the modules and what the parameters imply. */
typedef struct {
    const fg_vit_hw_dims *d;
    const char *stage;
} vit_facts;

static void manifest_facts(const void *arg, fg_json *j)
{
    const vit_facts *v = arg;
    const fg_vit_hw_dims *d = v->d;
    fg_json_obj_open(j, "modules");
    fg_json_str(j, "stage", v->stage);
    fg_json_str(j, "acs", "fg_vit_acs");
    fg_json_str(j, "tree", "fg_vit_tree");
    fg_json_obj_close(j);
    fg_json_int(j, "states", d->M);
    fg_json_int(j, "stages_per_cycle", d->S);
    fg_json_int(j, "bm_width", d->w_bm);
    if (d->cfg.tb == FG_VIT_HW_MEMORY) {
        fg_json_int(j, "memory_banks", d->R);
        fg_json_int(j, "memory_rows", d->rows);
        fg_json_int(j, "memory_bits", (long long)d->rows * d->M);
        fg_json_int(j, "tb_rate", d->R);
    } else
        fg_json_int(j, "survivor_bits", (long long)d->M * (d->L + d->D));
    fg_json_int(j, "latency_cycles", 0);
    fg_json_str(j, "timing", "cycle-exact with fg_vit_hw and the viterbi vector sets; every output a function of the "
                             "registers");
}

/* Module `name` into <name>.v of o by emit, with the rtl/lib primitives it instantiates. */
static int write_verilog(fg_gen_out *o, int (*emit)(FILE *, const fg_vit_hw_dims *, const char *, const char *),
                         const fg_vit_hw_dims *d, const char *name, const char *params)
{
    char file[200];
    snprintf(file, sizeof file, "%s.v", name);
    FILE *f = fg_gen_out_open(o, file, 1);
    if (!f)
        return FG_EIO;
    const int rc = emit(f, d, name, params), rc_close = fg_gen_out_close(o, f, file);
    return rc ? rc : rc_close ? rc_close : fg_gen_out_primitives_of(o, file);
}

int fg_gen_viterbi(const fg_gen_viterbi_cfg *c, const char *dir)
{
    const fg_vit_hw_dims *d = &c->d;
    char top[160], params[400];
    fg_gen_viterbi_name(c, top, sizeof top);
    params_text(d, params, sizeof params);
    fg_gen_out o;
    int rc = fg_gen_out_begin(&o, dir);
    if (rc)
        return rc;
    char stage[180];
    stage_name(top, stage, sizeof stage);
    if ((rc = write_verilog(&o, emit_top, d, top, params)) || (rc = write_verilog(&o, emit_stage, d, stage, params)))
        goto fail;
    fg_port ports[FG_VIT_HW_PORTS];
    fg_gen_port gp[FG_VIT_HW_PORTS];
    const int np = fg_vit_hw_ports(d, ports), ngp = fg_gen_ports_from(ports, np, gp);
    fg_vec_layout lay;
    if ((rc = fg_vec_layout_viterbi(d, 1, 1, &lay)))
        goto fail;
    rc = fg_gen_out_testbench(&o, top, gp, ngp, &lay, params);
    fg_vec_layout_free(&lay);
    if (rc || (rc = fg_gen_out_page(&o, &fg_design_viterbi, c, ports, np)) ||
        (rc = fg_gen_out_manifest(&o, &fg_design_viterbi, c, top, gp, ngp, manifest_facts, &(vit_facts){d, stage})) ||
        (rc = fg_gen_out_commit(&o)))
        goto fail;
    return 0;
fail:
    fg_gen_out_abort(&o);
    return rc;
}
