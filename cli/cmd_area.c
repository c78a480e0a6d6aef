/* fecforge area <design>: hardware cost of a generated design (the design registry,
 * fecforge_gen/design.h). The design is generated into a temporary directory (or --keep DIR), Yosys
 * synthesizes it to its internal gate library (cli_yosys.c: synth -top TOP, each distinct module once,
 * or with --flatten as one netlist), and the cell
 * statistics are priced here as cells, flip-flop bits and gate equivalents with the GE table below
 * (docs/rtl-area.md): the library maps parameters to Verilog and never runs external tools; the GE
 * table is a reporting convention of the command. */
#include "cli.h"
#include "cli_design.h"
#include "cli_yosys.h"
#include "commands.h"
#include "fecforge/error.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "area";

/* ---- gate equivalents ---------------------------------------------------------------------------
 * One GE = the area of a 2-input NAND. Values are the X1 cell areas of the NanGate 45 nm Open Cell
 * Library divided by NAND2_X1 (0.798 um^2), rounded to 1/100; a Yosys cell without a library twin
 * is priced as the cells a library would use for it (docs/rtl-area.md, "Gate equivalents"). Every
 * flip-flop type is one bit after techmap. */
typedef enum { K_COMB, K_FF, K_LATCH } cell_kind;
typedef struct {
    const char *type; /* Yosys internal cell type */
    double ge;
} comb_entry;

static const comb_entry GE_COMB[] = {
    {"$_BUF_", 1.00},    /* BUF_X1 0.798 */
    {"$_NOT_", 0.67},    /* INV_X1 0.532 */
    {"$_NAND_", 1.00},   /* NAND2_X1 0.798 */
    {"$_NOR_", 1.00},    /* NOR2_X1 0.798 */
    {"$_AND_", 1.33},    /* AND2_X1 1.064 */
    {"$_OR_", 1.33},     /* OR2_X1 1.064 */
    {"$_ANDNOT_", 1.33}, /* A & ~B: AND2 with an inverted input (AND2B in most libraries), priced as AND2 */
    {"$_ORNOT_", 1.33},  /* A | ~B: OR2B, priced as OR2 */
    {"$_XOR_", 2.00},    /* XOR2_X1 1.596 */
    {"$_XNOR_", 2.00},   /* XNOR2_X1 1.596 */
    {"$_MUX_", 2.33},    /* MUX2_X1 1.862 */
    {"$_NMUX_", 2.33},   /* inverting MUX2, priced as MUX2 */
    {"$_AOI3_", 1.33},   /* AOI21_X1 1.064 */
    {"$_OAI3_", 1.33},   /* OAI21_X1 1.064 */
    {"$_AOI4_", 1.67},   /* AOI22_X1 1.330 */
    {"$_OAI4_", 1.67},   /* OAI22_X1 1.330 */
};

/* Storage cells, one bit each: $_<family>_<polarity letters>_, e.g. $_DFFE_PP_, $_SDFF_PN0_. A family
 * with an asynchronous reset variant has two more letters there ($_DFF_PN0_, $_DFFE_PP0P_).
 * DFF_X1 4.522 = 5.67 GE; an enable costs a MUX2 in front (+2.33), a synchronous reset an AND2
 * (+1.33); DFFR_X1 (async reset) 5.320 = 6.67, DFFRS_X1 (set and reset) 6.384 = 8.00;
 * DLH_X1 (latch) 2.394 = 3.00. */
typedef struct {
    const char *family;
    int pol;         /* polarity letters of the plain variant */
    double ge;       /* plain variant */
    double ge_async; /* with async reset/set (pol + 2 letters); 0: no such variant */
    cell_kind kind;
} seq_entry;

static const seq_entry GE_SEQ[] = {
    {"DFF", 1, 5.67, 6.67, K_FF},     /* DFF_X1; DFFR_X1 */
    {"DFFE", 2, 8.00, 9.00, K_FF},    /* DFF + MUX2; DFFR + MUX2 */
    {"SDFF", 3, 7.00, 0, K_FF},       /* DFF + AND2 */
    {"SDFFE", 4, 9.33, 0, K_FF},      /* DFF + MUX2 + AND2 */
    {"SDFFCE", 4, 9.33, 0, K_FF},     /* DFF + MUX2 + AND2 */
    {"DFFSR", 3, 8.00, 0, K_FF},      /* DFFRS_X1 */
    {"DFFSRE", 4, 10.33, 0, K_FF},    /* DFFRS + MUX2 */
    {"ALDFF", 2, 8.00, 0, K_FF},      /* async load, priced as DFFRS */
    {"ALDFFE", 3, 10.33, 0, K_FF},    /* + MUX2 */
    {"DLATCH", 1, 3.00, 4.00, K_LATCH}, /* DLH_X1; + reset gate */
    {"DLATCHSR", 3, 4.00, 0, K_LATCH},
    {"SR", 2, 2.00, 0, K_LATCH},      /* two cross-coupled NOR2 */
};

/* GE of one cell of a Yosys internal type; returns 0 and sets *kind, or -1 if the table lacks it. */
static int ge_lookup(const char *type, double *ge, cell_kind *kind)
{
    for (size_t i = 0; i < sizeof GE_COMB / sizeof GE_COMB[0]; i++)
        if (!strcmp(type, GE_COMB[i].type)) {
            *ge = GE_COMB[i].ge;
            *kind = K_COMB;
            return 0;
        }
    if (strncmp(type, "$_", 2))
        return -1;
    const char *fam = type + 2, *sep = strchr(fam, '_');
    const size_t tl = strlen(type);
    if (!sep || tl < 2 || type[tl - 1] != '_' || sep >= type + tl - 1)
        return -1;
    const size_t flen = (size_t)(sep - fam), plen = (size_t)(type + tl - 1 - (sep + 1));
    for (size_t i = 0; i < sizeof GE_SEQ / sizeof GE_SEQ[0]; i++) {
        const seq_entry *e = &GE_SEQ[i];
        if (strlen(e->family) != flen || strncmp(fam, e->family, flen))
            continue;
        *kind = e->kind;
        if (plen == (size_t)e->pol) {
            *ge = e->ge;
            return 0;
        }
        if (e->ge_async > 0 && plen == (size_t)e->pol + 2) {
            *ge = e->ge_async;
            return 0;
        }
    }
    return -1;
}

/* ---- one area run ---------------------------------------------------------------------------------- */

/* Cells of one statistics object, priced with the GE table. */
typedef struct {
    long cells;       /* logic cells (macro and submodule instances excluded) */
    long flip_flops;  /* bits */
    long latches;
    long macros;      /* SRAM macro instances (black boxes) */
    double ge, ge_comb, ge_seq;
    long unpriced;    /* cells of a type the GE table does not know */
} area_counts;

typedef struct {
    char top[FG_DESIGN_TOP_MAX];
    fg_cli_yosys_result y;
    area_counts n;    /* the design: every instance counted */
    long mem_bits;    /* bits of the SRAM macros: not in cells, flip_flops or ge */
    long array_bits;  /* bits of the register arrays (FIFOs, buffers): in flip_flops and ge */
} area_result;

/* Price Yosys's cells (the GE table above). Types that are not Yosys gates ($_*) are instances: SRAM
 * models (black boxes, counted as macros) or, in a module of a hierarchical run, its submodules. warn:
 * name the types the table lacks on stderr. */
static void price(const fg_cli_yosys_stat *st, area_counts *c, int warn)
{
    memset(c, 0, sizeof *c);
    for (int i = 0; i < st->ntypes; i++) {
        const char *t = st->type[i];
        const long n = st->count[i];
        if (strncmp(t, "$_", 2)) {
            if (strstr(t, "fg_sram_"))
                c->macros += n;
            continue;
        }
        c->cells += n;
        double ge1;
        cell_kind kind;
        if (ge_lookup(t, &ge1, &kind)) {
            c->unpriced += n;
            if (warn)
                fprintf(stderr, "fecforge %s: warning: %ld cells of type %s have no GE value (not in the GE table)\n",
                        CMD, n, t);
            continue;
        }
        const double ge = ge1 * (double)n;
        c->ge += ge;
        if (kind == K_COMB) {
            c->ge_comb += ge;
        } else {
            c->ge_seq += ge;
            if (kind == K_FF)
                c->flip_flops += n;
            else
                c->latches += n;
        }
    }
}

static void price_design(area_result *r)
{
    r->mem_bits = r->y.mem_bits_all - r->y.mem_bits_reg;
    r->array_bits = r->y.mem_bits_reg;
    price(&r->y.st, &r->n, 1);
    if (r->n.latches)
        fprintf(stderr, "fecforge %s: warning: %ld latch cells in %s (the design should have none)\n", CMD, r->n.latches,
                r->top);
}

/* One module of a hierarchical run, as both reports show it: its name without Yosys's decoration
 * (\NAME, $paramod\NAME\P=V..., $paramod$HASH\NAME) and its own logic priced. */
static void module_row(const fg_cli_yosys_module *m, char *out, size_t n, area_counts *c)
{
    price(&m->st, c, 0);
    const char *y = m->name, *p = y;
    if (!strncmp(p, "$paramod", 8)) {
        p = strchr(p, '\\');
        p = p ? p + 1 : y;
    } else if (*p == '\\') {
        p++;
    }
    snprintf(out, n, "%.*s", (int)strcspn(p, "\\"), p);
}

/* ---- by block: the design's area_blocks over the modules of a hierarchical run ---- */

enum { BLOCKS_MAX = 16 };
typedef struct {
    const char *name;
    long cells, flip_flops, macros, mem_bits;
    double ge;
    int modules; /* modules that fell into the block */
} block_sum;

/* Does module name m start with one of the space-separated prefixes? */
static int in_block(const char *prefixes, const char *m)
{
    for (const char *p = prefixes; *p;) {
        const size_t n = strcspn(p, " ");
        if (n && !strncmp(m, p, n))
            return 1;
        p += n;
        p += strspn(p, " ");
    }
    return 0;
}

/* Each module's own logic times its instances, and the SRAM models it instantiates, into the first block
 * that names it; a last block "other" for the rest. Blocks without a module (a part this configuration
 * does not have) are left out. Returns the blocks (0: no table). */
static int blocks_of(const fg_design *d, const area_result *r, block_sum *b)
{
    if (!d->area_blocks || r->y.flatten)
        return 0;
    int n = 0;
    for (const fg_design_block *k = d->area_blocks; k->name && n < BLOCKS_MAX - 1; k++)
        b[n++] = (block_sum){.name = k->name};
    b[n] = (block_sum){.name = "other"};
    for (int i = 0; i < r->y.nmodules; i++) {
        const fg_cli_yosys_module *m = &r->y.modules[i];
        area_counts c;
        char name[FG_CLI_YOSYS_TYPE_LEN];
        module_row(m, name, sizeof name, &c);
        int k = 0;
        while (k < n && !in_block(d->area_blocks[k].modules, name))
            k++;
        block_sum *s = &b[k];
        s->modules++;
        s->cells += c.cells * m->instances;
        s->flip_flops += c.flip_flops * m->instances;
        s->ge += c.ge * (double)m->instances;
        for (int t = 0; t < m->st.ntypes; t++)
            for (int q = 0; q < r->y.nsram; q++)
                if (!strcmp(m->st.type[t], r->y.sram[q].name)) {
                    s->macros += m->st.count[t] * m->instances;
                    s->mem_bits += r->y.sram[q].bits * m->st.count[t] * m->instances;
                }
    }
    int kept = 0;
    for (int k = 0; k <= n; k++)
        if (b[k].modules)
            b[kept++] = b[k];
    return kept;
}

static void print_json(const fg_cli_design *c, const area_result *r, double total_s)
{
    fg_json j;
    fg_json_begin(&j, stdout);
    fg_json_obj_open(&j, NULL);
    fg_json_provenance(&j, NULL);
    fg_json_str(&j, "design", c->d->name);
    fg_json_obj_open(&j, "parameters");
    fg_opt_group g[2 * FG_DESIGN_PARTS_MAX];
    fg_opts o = {.groups = g, .n_groups = fg_design_groups(c->d, c->cfg, NULL, g, 2 * FG_DESIGN_PARTS_MAX)};
    fg_opts_write_json(&o, &j);
    fg_json_obj_close(&j);
    fg_json_str(&j, "top", r->top);
    fg_json_int(&j, "cells", r->n.cells);
    fg_json_int(&j, "flip_flops", r->n.flip_flops);
    fg_json_int(&j, "latches", r->n.latches);
    fg_json_num(&j, "ge", r->n.ge);
    fg_json_num(&j, "ge_comb", r->n.ge_comb);
    fg_json_num(&j, "ge_seq", r->n.ge_seq);
    fg_json_int(&j, "ge_unpriced_cells", r->n.unpriced);
    fg_json_int(&j, "array_bits", r->array_bits);
    fg_json_int(&j, "mem_bits", r->mem_bits);
    fg_json_int(&j, "macros", r->n.macros);
    fg_json_obj_open(&j, "cells_by_type");
    for (int i = 0; i < r->y.st.ntypes; i++)
        fg_json_int(&j, r->y.st.type[i], r->y.st.count[i]);
    fg_json_obj_close(&j);
    fg_json_str(&j, "synthesis", r->y.flatten ? "flat" : "hierarchical");
    if (!r->y.flatten) { /* each distinct module: its own logic per instance (submodules not included) */
        fg_json_arr_open(&j, "modules");
        for (int i = 0; i < r->y.nmodules; i++) {
            const fg_cli_yosys_module *m = &r->y.modules[i];
            area_counts mc;
            char name[FG_CLI_YOSYS_TYPE_LEN];
            module_row(m, name, sizeof name, &mc);
            fg_json_obj_open(&j, NULL);
            fg_json_str(&j, "module", name);
            fg_json_str(&j, "yosys_module", m->name);
            fg_json_int(&j, "instances", m->instances);
            fg_json_int(&j, "cells", mc.cells);
            fg_json_int(&j, "flip_flops", mc.flip_flops);
            fg_json_num(&j, "ge", mc.ge);
            fg_json_obj_close(&j);
        }
        fg_json_arr_close(&j);
        block_sum b[BLOCKS_MAX];
        const int nb = blocks_of(c->d, r, b);
        if (nb) {
            fg_json_arr_open(&j, "blocks");
            for (int i = 0; i < nb; i++) {
                fg_json_obj_open(&j, NULL);
                fg_json_str(&j, "block", b[i].name);
                fg_json_int(&j, "cells", b[i].cells);
                fg_json_int(&j, "flip_flops", b[i].flip_flops);
                fg_json_num(&j, "ge", b[i].ge);
                fg_json_int(&j, "mem_bits", b[i].mem_bits);
                fg_json_int(&j, "macros", b[i].macros);
                fg_json_obj_close(&j);
            }
            fg_json_arr_close(&j);
        }
    }
    fg_json_str(&j, "yosys", r->y.version);
    fg_json_str(&j, "yosys_script",
                r->y.flatten ? "synth -top TOP -flatten; stat (SRAM models fg_sram_* as black boxes)"
                             : "synth -top TOP (each distinct module once); stat -top TOP (every instance counted; SRAM "
                               "models fg_sram_* as black boxes)");
    fg_json_num(&j, "yosys_seconds", r->y.seconds);
    fg_json_num(&j, "seconds", total_s);
    fg_json_obj_close(&j);
    fg_json_end(&j);
}

static void print_table(const fg_design *d, const area_result *r, double total_s)
{
    const char *design = d->name;
    const area_counts *n = &r->n;
    printf("fecforge area %s: %s (%s; %s synthesis %.1f s, total %.1f s)\n\n", design, r->top, r->y.version,
           r->y.flatten ? "flat" : "hierarchical", r->y.seconds, total_s);
    printf("  %-26s %12ld\n", "cells", n->cells);
    printf("  %-26s %12ld  (register arrays: %ld bits)\n", "flip-flops (bits)", n->flip_flops, r->array_bits);
    if (n->latches)
        printf("  %-26s %12ld\n", "latches", n->latches);
    printf("  %-26s %12.1f  (combinational %.1f, sequential %.1f)\n", "gate equivalents (GE)", n->ge, n->ge_comb,
           n->ge_seq);
    printf("  %-26s %12ld  (%ld macro instances; not in cells or GE)\n", "SRAM macro bits", r->mem_bits, n->macros);
    if (n->unpriced)
        printf("  %-26s %12ld\n", "cells without a GE value", n->unpriced);
    printf("\n  %-28s %10s %8s %12s\n", "cell type", "count", "GE/cell", "GE");
    for (int i = 0; i < r->y.st.ntypes; i++) {
        double ge1;
        cell_kind kind;
        if (!ge_lookup(r->y.st.type[i], &ge1, &kind))
            printf("  %-28s %10ld %8.2f %12.1f\n", r->y.st.type[i], r->y.st.count[i], ge1,
                   ge1 * (double)r->y.st.count[i]);
        else
            printf("  %-28s %10ld %8s %12s\n", r->y.st.type[i], r->y.st.count[i], "-", "-");
    }
    if (r->y.flatten)
        return;
    printf("\n  %-28s %10s %10s %12s %12s\n", "module (own logic)", "instances", "cells", "GE each", "GE all");
    for (int i = 0; i < r->y.nmodules; i++) {
        area_counts c;
        char name[FG_CLI_YOSYS_TYPE_LEN];
        module_row(&r->y.modules[i], name, sizeof name, &c);
        printf("  %-28s %10ld %10ld %12.1f %12.1f\n", name, r->y.modules[i].instances, c.cells, c.ge,
               c.ge * (double)r->y.modules[i].instances);
    }
    block_sum b[BLOCKS_MAX];
    const int nb = blocks_of(d, r, b);
    if (nb)
        printf("\n  %-36s %12s %12s %12s %8s\n", "block", "GE", "flip-flops", "SRAM bits", "macros");
    for (int i = 0; i < nb; i++)
        printf("  %-36s %12.1f %12ld %12ld %8ld\n", b[i].name, b[i].ge, b[i].flip_flops, b[i].mem_bits, b[i].macros);
}

/* ---- area <design> ------------------------------------------------------------------------------- */

typedef struct {
    char *keep;
    int json;
    int flatten;
} area_opts;

#define O(f) offsetof(area_opts, f)
static const fg_opt area_table[] = {
    {"keep", 0, FG_OPT_TEXT, O(keep), .meta = "DIR", .flags = FG_CLI_OUTDIR,
     .help = "keep the generated design, the Yosys script, log and statistics in DIR (replaced if it holds\n"
             "an earlier output of `fecforge gen` or `area`)"},
    {"flatten", 0, FG_OPT_FLAG, O(flatten),
     .help = "synthesize the design as one flat netlist (synth -flatten: optimised across module boundaries;\n"
             "much slower on large designs) instead of each distinct module once (the default)"},
    {"json", 0, FG_OPT_FLAG, O(json),
     .help = "one JSON object on stdout: tool, design, parameters, top, cells, flip_flops, ge, mem_bits,\n"
             "cells_by_type, synthesis (hierarchical or flat), modules, yosys version, seconds"},
    {NULL}};
#undef O

static void help(void)
{
    printf("usage: fecforge area <design> [the design's options] [--config FILE] [--keep DIR] [--json]\n\n"
           "Hardware cost of a generated design: the design is generated as by `fecforge gen` into a\n"
           "temporary directory, Yosys synthesizes it (synth -top TOP: each distinct module once, every\n"
           "instance counted; --flatten: one flat netlist) and its cell statistics are\n"
           "reported: cells, flip-flop bits, gate equivalents (GE, NAND2 = 1; table in docs/rtl-area.md) and\n"
           "cells by type. Register arrays (FIFOs, buffers) are flip-flops and count in the GE; SRAM models\n"
           "(rtl/lib/fg_sram_*) are black boxes whose bits are reported separately as SRAM macro bits.\n\n"
           "designs (their options: fecforge area <design> --help):\n");
    fg_cli_design_list(stdout, 1);
    printf("\nenvironment: FG_YOSYS = the yosys executable (default: yosys on PATH; Debian package yosys).\n\n"
           "examples:\n");
    for (int i = 0; i < fg_design_count(); i++) {
        const fg_design *d = fg_design_at(i);
        if (d->generate)
            printf("  fecforge area %s %s\n", d->name, d->example_args);
    }
    printf("\nexit: 0 ok, 1 runtime failure (no yosys, a synthesis failure), 2 usage error\n");
}

/* Generate the design into --keep DIR or a temporary directory, synthesize it, price and print. */
static int area_run(const fg_cli_design *c, const char *keep, int json, int flatten, double t0)
{
    char yosys[PATH_MAX];
    const char *env = getenv("FG_YOSYS");
    if (!fg_cli_yosys_find(yosys, sizeof yosys))
        return fg_cli_fail(c->cmd, "yosys not found (%s%s): install the Debian package yosys, or set FG_YOSYS",
                           env && *env ? "FG_YOSYS=" : "searched PATH", env && *env ? env : "");
    fg_tmpdir *td = NULL;
    char dir[PATH_MAX];
    if (keep)
        snprintf(dir, sizeof dir, "%s", keep);
    else if (fg_tmpdir_create("fecforge-area", &td))
        return fg_cli_fail(c->cmd, "%s", fg_last_error());
    else if (snprintf(dir, sizeof dir, "%s/rtl", fg_tmpdir_path(td)) >= (int)sizeof dir) {
        fg_tmpdir_release(td, 0);
        return fg_cli_fail(c->cmd, "temporary directory name too long");
    }
    const int g = c->d->generate(c->cfg, dir);
    if (g) {
        fg_tmpdir_release(td, 0);
        return g == FG_EINVAL ? fg_cli_usage_error(c->cmd, "%s", fg_last_error())
                              : fg_cli_fail(c->cmd, "%s", fg_last_error());
    }
    area_result *r = calloc(1, sizeof *r);
    if (!r) {
        fg_tmpdir_release(td, 0);
        return fg_cli_fail(c->cmd, "out of memory");
    }
    c->d->top(c->cfg, r->top, sizeof r->top);
    int rc = fg_cli_yosys(c->cmd, yosys, dir, r->top, flatten, &r->y);
    if (keep && fg_outdir_mark(keep, "rtl"))
        fprintf(stderr, "fecforge %s: warning: %s\n", c->cmd, fg_last_error());
    fg_tmpdir_release(td, 0);
    if (!rc) {
        price_design(r);
        const double total = fg_cli_now() - t0;
        if (json)
            print_json(c, r, total);
        else
            print_table(c->d, r, total);
    } else if (fg_cli_stopped())
        rc = 128 + fg_cli_stopped();
    fg_cli_yosys_free(&r->y);
    free(r);
    return rc;
}

int fg_cmd_area(int argc, char **argv)
{
    const double t0 = fg_cli_now();
    const fg_design *d = NULL;
    int rc = fg_cli_design_head(CMD, argc, argv, 1, NULL, help, &d);
    if (rc >= 0)
        return rc;
    fg_cli_design c;
    area_opts v = {0};
    rc = fg_cli_design_begin(&c, CMD, d, 0);
    char about[1024], examples[256];
    snprintf(about, sizeof about,
             "%s\n\nHardware cost: the design generated as by `fecforge gen`, synthesized by Yosys (synth -top\n"
             "TOP, each distinct module once; --flatten: one netlist): cells, flip-flop bits, gate equivalents\n"
             "(docs/rtl-area.md).",
             d->about);
    snprintf(examples, sizeof examples, "fecforge area %s %s", d->name, d->example_args);
    c.spec.about = about;
    c.spec.examples = examples;
    c.spec.exits = "0 ok, 1 runtime failure (no yosys, a synthesis failure), 2 usage error";
    fg_cli_group(&c.spec, "area", area_table, &v);
    if (!rc && (rc = fg_cli_parse(&c.spec, argc - 1, argv + 1)) != 0) {
        fg_cli_design_end(&c);
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    }
    const int e = rc || !v.keep ? 0 : fg_outdir_check(v.keep, "rtl");
    if (!rc && e < 0)
        rc = fg_cli_outdir_error(c.cmd, "keep", e);
    if (!rc)
        rc = fg_cli_design_finish(&c);
    if (!rc)
        rc = area_run(&c, v.keep, v.json, v.flatten, t0);
    rc = fg_cli_finish(&c.spec, rc);
    fg_cli_design_end(&c);
    return rc;
}
