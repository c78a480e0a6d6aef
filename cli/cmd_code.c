/* fecforge code ldpc: the QC-LDPC code library (list, show a base matrix, export base/alist files). */
#include "cli.h"
#include "cli_opts.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_code.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "code ldpc";

static void help_top(void)
{
    printf("usage: fecforge code ldpc [--options]   (fecforge code ldpc --help)\n\n"
           "Channel codes of the library:\n"
           "  ldpc   QC-LDPC codes: list, show base matrices and degrees, export base-matrix and alist files\n");
}

static int edges(const fg_ldpc_code *c) { return c->n_blocks * c->z; }

static int list_codes(int json)
{
    const int n = fg_ldpc_code_count();
    fg_json j;
    if (json) {
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, NULL);
        fg_json_int(&j, "count", n);
        fg_json_arr_open(&j, "codes");
    } else {
        printf("%-16s %5s %5s %4s %3s %3s %7s %6s\n", "name", "n", "k", "z", "mb", "nb", "rate", "edges");
    }
    for (int i = 0; i < n; i++) {
        fg_ldpc_code *c;
        if (fg_ldpc_code_create(fg_ldpc_code_name(i), &c) < 0)
            return fg_cli_fail(CMD, "%s", fg_last_error());
        if (json) {
            fg_json_obj_open(&j, NULL);
            j.pretty = 0;
            fg_json_str(&j, "name", c->name);
            fg_json_str(&j, "family", c->family == FG_LDPC_FAMILY_WIFI ? "802.11n" : "802.16e");
            fg_json_int(&j, "n", c->n);
            fg_json_int(&j, "k", c->k);
            fg_json_int(&j, "z", c->z);
            fg_json_int(&j, "mb", c->mb);
            fg_json_int(&j, "nb", c->nb);
            fg_json_num(&j, "rate", (double)c->k / c->n);
            fg_json_int(&j, "edges", edges(c));
            fg_json_obj_close(&j);
            j.pretty = 1;
        } else {
            printf("%-16s %5d %5d %4d %3d %3d %7.4f %6d\n", c->name, c->n, c->k, c->z, c->mb, c->nb,
                   (double)c->k / c->n, edges(c));
        }
        fg_ldpc_code_destroy(c);
    }
    if (json) {
        fg_json_arr_close(&j);
        fg_json_obj_close(&j);
        fg_json_end(&j);
    }
    return FG_EXIT_OK;
}

static const char *family_name(fg_ldpc_family f)
{
    return f == FG_LDPC_FAMILY_WIFI ? "802.11n" : f == FG_LDPC_FAMILY_WIMAX ? "802.16e" : "user";
}

static int show_code(const fg_ldpc_code *c, int json)
{
    int *cdeg = calloc((size_t)c->nb, sizeof *cdeg);
    if (!cdeg)
        return fg_cli_fail(CMD, "out of memory");
    for (int l = 0; l < c->mb; l++)
        for (int b = 0; b < c->nb; b++)
            cdeg[b] += c->shift[l * c->nb + b] >= 0;
    if (json) {
        fg_json j;
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, NULL);
        fg_json_str(&j, "name", c->name);
        fg_json_str(&j, "family", family_name(c->family));
        fg_json_int(&j, "n", c->n);
        fg_json_int(&j, "k", c->k);
        fg_json_int(&j, "z", c->z);
        fg_json_int(&j, "mb", c->mb);
        fg_json_int(&j, "nb", c->nb);
        fg_json_num(&j, "rate", (double)c->k / c->n);
        fg_json_int(&j, "blocks", c->n_blocks);
        fg_json_int(&j, "edges", edges(c));
        fg_json_int(&j, "max_row_degree", c->max_row_deg);
        fg_json_arr_open(&j, "base");
        for (int l = 0; l < c->mb; l++) {
            fg_json_arr_open(&j, NULL);
            j.pretty = 0;
            for (int b = 0; b < c->nb; b++)
                fg_json_int(&j, NULL, c->shift[l * c->nb + b]);
            fg_json_arr_close(&j);
            j.pretty = 1;
        }
        fg_json_arr_close(&j);
        fg_json_arr_open(&j, "row_degrees");
        j.pretty = 0;
        for (int l = 0; l < c->mb; l++)
            fg_json_int(&j, NULL, c->row_start[l + 1] - c->row_start[l]);
        fg_json_arr_close(&j);
        j.pretty = 1;
        fg_json_arr_open(&j, "column_degrees");
        j.pretty = 0;
        for (int b = 0; b < c->nb; b++)
            fg_json_int(&j, NULL, cdeg[b]);
        fg_json_arr_close(&j);
        j.pretty = 1;
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else {
        printf("%s (%s): n=%d k=%d z=%d, base %d x %d, rate %.4f, %d blocks, %d edges, max row degree %d\n", c->name,
               family_name(c->family), c->n, c->k, c->z, c->mb, c->nb, (double)c->k / c->n, c->n_blocks, edges(c),
               c->max_row_deg);
        printf("base matrix (-1: zero block; s: identity shifted right by s), row degree on the right:\n");
        for (int l = 0; l < c->mb; l++) {
            for (int b = 0; b < c->nb; b++)
                printf("%4d", c->shift[l * c->nb + b]);
            printf("  | %d\n", c->row_start[l + 1] - c->row_start[l]);
        }
        printf("column degrees:\n");
        for (int b = 0; b < c->nb; b++)
            printf("%4d", cdeg[b]);
        printf("\n");
    }
    free(cdeg);
    return FG_EXIT_OK;
}

typedef struct {
    fg_ldpc_code_arg code;
    int list, show, json;
    char *base, *alist;
} code_opts;

#define O(f) FG_CLI_OFF(code_opts, f)
static const fg_opt opts[] = {
    {"list", 0, FG_OPT_FLAG, O(list), .help = "every built-in code: name, n, k, z, mb, nb, rate, edges"},
    {"show", 0, FG_OPT_FLAG, O(show),
     .help = "the code's parameters, base matrix and degrees (the default with --code)"},
    {"json", 0, FG_OPT_FLAG, O(json), .help = "a JSON object instead of the tables"},
    {"export-base", 0, FG_OPT_TEXT, O(base), .meta = "FILE", .help = "write the base matrix (the format --code reads)",
     .flags = FG_CLI_OUTPUT},
    {"export-alist", 0, FG_OPT_TEXT, O(alist), .meta = "FILE", .help = "write the expanded H as a MacKay alist file",
     .flags = FG_CLI_OUTPUT},
    {NULL}};
#undef O

/* Into an output opened before any work (fecforge/output.h). */
static int export_file(const fg_ldpc_code *c, fg_out *o, int alist)
{
    FILE *f = fg_out_stream(o);
    const int rc = alist ? fg_ldpc_code_print_alist(c, f) : fg_ldpc_code_print_base(c, f);
    return rc ? fg_cli_fail(CMD, "--export-%s: %s", alist ? "alist" : "base", fg_last_error()) : FG_EXIT_OK;
}

static int code_ldpc(int argc, char **argv)
{
    code_opts v = {0};
    fg_cli_spec spec = {
        .cmd = CMD,
        .usage = "--list [--json]\n"
                 "       fecforge code ldpc --code NAME|FILE [--z Z] [--show] [--json] [--export-base FILE]\n"
                 "                          [--export-alist FILE]",
        .about = "Channel codes of the library. ldpc: the quasi-cyclic LDPC codes of IEEE 802.11n (12) and\n"
                 "IEEE 802.16e (114), and user codes from base-matrix or alist files (docs/ldpc-codes.md).",
        .examples = "fecforge code ldpc --list\n"
                    "fecforge code ldpc --code wimax-576-3/4A --show\n"
                    "fecforge code ldpc --code wifi-648-1/2 --export-alist h.alist\n"
                    "fecforge code ldpc --code h.alist --z 27 --export-base h.txt"};
    fg_cli_group(&spec, "options", opts, &v);
    fg_cli_group(&spec, "the code", fg_ldpc_code_options, &v.code);
    int rc = fg_cli_parse(&spec, argc, argv);
    if (rc)
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    fg_out *base = fg_cli_out(&spec, &v.base), *alist = fg_cli_out(&spec, &v.alist);
    if (v.list) {
        if (v.code.code || v.show || base || alist || fg_cli_given(&spec, &v.code.z))
            return fg_cli_finish(&spec, fg_cli_opt_error(&spec, &v.list, " goes alone (with --json)"));
        return fg_cli_finish(&spec, list_codes(v.json));
    }
    if (!v.code.code)
        return fg_cli_finish(&spec, fg_cli_usage_error(CMD, "--code NAME|FILE or --list is required"));
    fg_ldpc_code *code;
    if (fg_ldpc_code_open(v.code.code, v.code.z, &code))
        return fg_cli_finish(&spec, fg_cli_usage_error(CMD, "--code %s", fg_last_error()));
    if (base)
        rc = export_file(code, base, 0);
    if (!rc && alist)
        rc = export_file(code, alist, 1);
    if (!rc && (v.show || v.json || (!base && !alist)))
        rc = show_code(code, v.json);
    fg_ldpc_code_destroy(code);
    return fg_cli_finish(&spec, rc);
}

int fg_cmd_code(int argc, char **argv)
{
    if (argc < 2)
        return fg_cli_usage_error("code", "a code family is required: ldpc (see fecforge code --help)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        help_top();
        return FG_EXIT_OK;
    }
    if (!strcmp(argv[1], "ldpc"))
        return code_ldpc(argc - 1, argv + 1);
    return fg_cli_usage_error("code", "code family '%s' unknown: valid is ldpc", argv[1]);
}
