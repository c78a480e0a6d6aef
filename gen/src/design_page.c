/* The reference page of a design's configuration (fg_design_page, fecforge_gen/block.h): README.md of every
 * `fecforge gen` output of a design with a port table, rendered from its option tables and its ports. */
#include "gen_internal.h"

#include "fecforge/error.h"
#include "fecforge/vectors.h"

#include <string.h>

/* text as a table cell: newlines as blanks, '|', '`' and '<' escaped. */
static void cell(FILE *f, const char *text)
{
    for (const char *c = text ? text : ""; *c; c++) {
        if (*c == '\n' || *c == '\r' || *c == '\t')
            fputc(' ', f);
        else if (*c == '|' || *c == '`')
            fprintf(f, "\\%c", *c);
        else if (*c == '<')
            fputs("&lt;", f);
        else
            fputc(*c, f);
    }
}

/* The range of option o: "[lo, hi]" for numbers, the words of a choice. */
static void range(FILE *f, const fg_opt *o)
{
    switch (o->type) {
    case FG_OPT_INT:
    case FG_OPT_LLONG:
    case FG_OPT_INTS: fprintf(f, "[%.0f, %.0f]%s", o->lo, o->hi, o->type == FG_OPT_INTS ? " (a list)" : ""); break;
    case FG_OPT_REAL:
    case FG_OPT_SWEEP:
        fprintf(f, "%c%g, %g%c", o->flags & FG_OPT_LO_OPEN ? '(' : '[', o->lo, o->hi, o->flags & FG_OPT_HI_OPEN ? ')' : ']');
        break;
    case FG_OPT_CHOICE:
        for (const char *w = o->words, *first = w; w && *w;) { /* the canonical words (not "x=a" synonyms) */
            const size_t len = strcspn(w, "|");
            if (!memchr(w, '=', len))
                fprintf(f, "%s%.*s", w == first ? "" : ", ", (int)len, w);
            w += len + (w[len] == '|');
        }
        break;
    case FG_OPT_FLAG: fputs("on, off", f); break;
    default: break;
    }
}

static void parameters(FILE *f, const fg_opts *o)
{
    fprintf(f, "\n## Parameters\n\n| option | value | range | default | meaning |\n|---|---|---|---|---|\n");
    for (int g = 0; g < o->n_groups; g++)
        for (const fg_opt *op = o->groups[g].opts; op && op->name; op++) {
            if (!fg_opt_in_json(o, op))
                continue;
            const void *field = (const char *)o->groups[g].base + op->offset;
            char v[256];
            fg_opt_value_text(op, field, v, sizeof v);
            fprintf(f, "| `--%s` | ", op->name);
            cell(f, op->type == FG_OPT_FLAG ? (*(const int *)field ? "on" : "off")
                    : op->type == FG_OPT_TEXT ? *(char *const *)field
                                              : v);
            fputs(" | ", f);
            range(f, op);
            fputs(" | ", f);
            cell(f, op->def_text ? op->def_text : op->def);
            fputs(" | ", f);
            cell(f, op->help);
            fputs(" |\n", f);
        }
}

static void ports(FILE *f, const fg_port *p, int np)
{
    fprintf(f, "\n## Ports\n\n| port | direction | bits | elements | meaning |\n|---|---|---|---|---|\n");
    int grouped = 0, state = 0, unstreamed = 0, reset = 0;
    for (int i = 0; i < np; i++) {
        static const char *const dir[] = {"input", "output", "state"};
        reset |= p[i].role == FG_PORT_RESET; /* not streamed (a reset of role data is: the IAG's traffic sets) */
        grouped |= p[i].group != 0;
        state |= p[i].dir == FG_VEC_STATE;
        unstreamed |= p[i].role == FG_PORT_UNSTREAMED;
        fprintf(f, "| `%s` | %s | %d | ", p[i].name, dir[p[i].dir], fg_port_bits(&p[i]));
        const int ew = fg_port_rtl_width(&p[i]);
        if (ew == 1 && (p[i].lanes > 1 || p[i].lanes_vector))
            fprintf(f, "%d x 1 bit", p[i].lanes);
        else if (p[i].lanes > 1 || p[i].lanes_vector)
            fprintf(f, "%d x %d bits%s, element e at [e*%d +: %d]", p[i].lanes, ew, p[i].is_signed ? " signed" : "",
                    ew, ew);
        else if (p[i].is_signed)
            fputs("signed", f);
        if (ew > p[i].width) /* a narrower count, zero-extended in the module */
            fprintf(f, "; %d bits in the vector sets", p[i].width);
        fputs(" | ", f);
        cell(f, p[i].doc);
        fputs(" |\n", f);
    }
    fprintf(f, "\nIn the vector sets (vectors/FORMAT.md) a line of `stimulus.hex` holds the input elements of one cycle "
               "and a line of `expected.hex` the outputs during it, in the order of this table (element 0 first; the "
               "clock%s in neither).\n", reset ? " and the reset" : "");
    if (grouped)
        fprintf(f, "Ports of one lane group stream lane by lane: lane 0 of each of them, then lane 1, and so on.\n");
    if (unstreamed)
        fprintf(f, "An unstreamed port is in neither: an input held from the reset on whose values are a table stream "
                   "of the vector sets (one line per element), or an output the step model does not drive.\n");
    if (state)
        fprintf(f, "A state port is a register inside the module, not one of its ports: `expected.hex` records its value "
                   "and the RTL testbenches, which see the ports only, skip it.\n");
}

/* An indented code line: fecforge VERB NAME ARGS TAIL (a newline in a quoted value continues the block). */
static void command(FILE *f, const char *verb, const char *name, const char *args, const char *tail)
{
    fprintf(f, "    fecforge %s %s ", verb, name);
    for (const char *c = args; *c; c++)
        if (*c == '\n')
            fputs("\n    ", f);
        else
            fputc(*c, f);
    fprintf(f, "%s%s\n", tail && tail[0] ? " " : "", tail ? tail : "");
}

int fg_design_page(const fg_design *d, const void *cfg, const fg_port *p, int np, FILE *f)
{
    fg_opt_group g[FG_DESIGN_PARTS_MAX];
    fg_opts o = {.groups = g, .n_groups = fg_design_groups(d, (void *)cfg, NULL, g, FG_DESIGN_PARTS_MAX)};
    char top[FG_DESIGN_TOP_MAX], args[2048];
    d->top(cfg, top, sizeof top);
    const int rc = fg_opts_args(&o, args, sizeof args);
    if (rc)
        return rc;
    fprintf(f, "# %s\n\nDesign `%s`: %s.\n\nGenerated by fecforge gen %s (git %s); do not edit, regenerate instead:\n\n",
            top, d->name, d->summary, fg_version(), fg_git_hash());
    command(f, "gen", d->name, args, "-o DIR");
    fputc('\n', f);
    if (d->about)
        fprintf(f, "%s\n", d->about);
    parameters(f, &o);
    ports(f, p, np);
    fprintf(f, "\n## Files\n\n`files.f` lists the Verilog sources in compile order, `manifest.json` the parameters "
               "(under the option names: `--config manifest.json` reads them back) and the ports, `tb_%s.v` is the "
               "self-checking testbench of the vector sets (docs/testbench.md).\n\n## Commands\n\n"
               "Vector sets of the step model, and the RTL against them under Verilator:\n\n",
            top);
    command(f, "vectors", d->name, args, d->example_run);
    command(f, "verify", d->name, args, d->example_run);
    if (d->doc)
        fprintf(f, "\nThe design: %s.\n", d->doc);
    return 0;
}
