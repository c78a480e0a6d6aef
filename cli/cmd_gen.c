/* fecforge gen <design>: the RTL generator (gen/, fecforge_gen) over the design registry
 * (fecforge_gen/design.h): the design's options, Verilog + files.f + manifest.json into -o DIR. */
#include "cli.h"
#include "cli_design.h"
#include "commands.h"
#include "fecforge/error.h"

#include <string.h>

static const char *const CMD = "gen";

typedef struct {
    char *out;
    int json;
} gen_opts;

#define O(f) offsetof(gen_opts, f)
static const fg_opt gen_table[] = {
    {"out", 'o', FG_OPT_TEXT, O(out), .meta = "DIR", .flags = FG_OPT_REQUIRED | FG_CLI_OUTDIR,
     .help = "output directory: written completely or not at all; an existing one is replaced only\n"
             "if it is an earlier output of `fecforge gen`"},
    {"json", 0, FG_OPT_FLAG, O(json), .help = "one JSON object on stdout (top module, directory, ...)"},
    {NULL}};
#undef O

static void help(void)
{
    printf("usage: fecforge gen <design> [the design's options] [--config FILE] [--json] -o DIR\n\n"
           "Synthesizable Verilog-2005 for a design: one module per file, files.f (the file list) and\n"
           "manifest.json (version, git hash, parameters, ports, latency), cycle-exact with the design's\n"
           "step model, and tb_<top>.v, a self-checking testbench that replays its vector sets in any Verilog\n"
           "simulator (docs/testbench.md). `fecforge vectors` writes golden vectors for it, `fecforge verify`\n"
           "proves it equal to the model under Verilator, `fecforge area` reports its cost. `--config\n"
           "DIR/manifest.json` takes the parameters of an earlier output.\n\n"
           "designs:\n");
    fg_cli_design_list(stdout, 1);
    printf("\n'fecforge gen <design> --help' lists the design's options.\n\n"
           "examples:\n");
    for (int i = 0; i < fg_design_count(); i++) {
        const fg_design *d = fg_design_at(i);
        if (d->generate)
            printf("  fecforge gen %s %s -o rtl-%s\n", d->name, d->example_args, d->name);
    }
    printf("\nexit: 0 ok, 1 runtime failure, 2 usage error or an unusable DIR\n");
}

int fg_cmd_gen(int argc, char **argv)
{
    const fg_design *d = NULL;
    int rc = fg_cli_design_head(CMD, argc, argv, 1, NULL, help, &d);
    if (rc >= 0)
        return rc;
    fg_cli_design c;
    gen_opts v = {0};
    rc = fg_cli_design_begin(&c, CMD, d, 0);
    char about[1024], examples[512];
    snprintf(about, sizeof about, "%s\n\nWrites the design's Verilog-2005 (one module per file), files.f, manifest.json and the\n"
                                  "testbench tb_<top>.v (docs/testbench.md) into -o DIR, completely or not at all.", d->about);
    snprintf(examples, sizeof examples, "fecforge gen %s %s -o rtl-%s\nfecforge gen %s --config rtl-%s/manifest.json --json -o rtl2",
             d->name, d->example_args, d->name, d->name, d->name);
    c.spec.about = about;
    c.spec.examples = examples;
    c.spec.exits = "0 ok, 1 runtime failure, 2 usage error or an unusable DIR";
    fg_cli_group(&c.spec, "output", gen_table, &v);
    if (!rc && (rc = fg_cli_parse(&c.spec, argc - 1, argv + 1)) != 0) {
        fg_cli_design_end(&c);
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    }
    const int e = rc ? 0 : fg_outdir_check(v.out, "rtl");
    if (!rc && e < 0)
        rc = fg_cli_outdir_error(c.cmd, "o", e);
    if (!rc)
        rc = fg_cli_design_finish(&c);
    const int g = rc ? 0 : d->generate(c.cfg, v.out);
    if (g)
        rc = g == FG_EINVAL ? fg_cli_usage_error(c.cmd, "%s", fg_last_error()) : fg_cli_fail(c.cmd, "%s", fg_last_error());
    if (!rc) {
        char top[FG_DESIGN_TOP_MAX], text[160] = "";
        d->top(c.cfg, top, sizeof top);
        if (v.json) {
            fg_json j;
            fg_json_begin(&j, stdout);
            fg_json_obj_open(&j, NULL);
            fg_json_provenance(&j, NULL);
            fg_json_str(&j, "design", d->name);
            d->describe(c.cfg, top, v.out, &j);
            fg_json_obj_close(&j);
            fg_json_end(&j);
        } else {
            if (d->gen_text)
                d->gen_text(c.cfg, text, sizeof text);
            printf("fecforge gen %s: wrote %s (top %s%s%s): files.f, manifest.json, tb_%s.v\n", d->name, v.out, top,
                   text[0] ? ", " : "", text, top);
        }
    }
    rc = fg_cli_finish(&c.spec, rc);
    fg_cli_design_end(&c);
    return rc;
}
