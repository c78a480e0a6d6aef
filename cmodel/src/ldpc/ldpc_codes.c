/* The LDPC family's code library (fg_ldpc_codes, fg_family.codes: `fecforge code ldpc`): list the built-in
 * QC-LDPC codes, show a code's base matrix and degrees, export base-matrix and alist files. */
#include "fecforge/arch.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_code.h"

#include <stddef.h>
#include <stdlib.h>

typedef struct {
    fg_ldpc_code_arg code;
    int list, show;
    char *base, *alist;
} codes_cfg;

static int edges(const fg_ldpc_code *c) { return c->n_blocks * c->z; }

static const char *family_name(fg_ldpc_family f)
{
    return f == FG_LDPC_FAMILY_WIFI ? "802.11n" : f == FG_LDPC_FAMILY_WIMAX ? "802.16e" : "user";
}

/* The members every code's JSON starts with: name, family, n, k, z, mb, nb, rate. */
static void json_code(fg_json *j, const fg_ldpc_code *c)
{
    fg_json_str(j, "name", c->name);
    fg_json_str(j, "family", family_name(c->family));
    fg_json_int(j, "n", c->n);
    fg_json_int(j, "k", c->k);
    fg_json_int(j, "z", c->z);
    fg_json_int(j, "mb", c->mb);
    fg_json_int(j, "nb", c->nb);
    fg_json_num(j, "rate", (double)c->k / c->n);
}

static int list_codes(const fg_arch_io *io)
{
    const int n = fg_ldpc_code_count();
    fg_json *j = io->json;
    if (j) {
        fg_json_obj_open(j, NULL);
        fg_json_provenance(j, NULL);
        fg_json_int(j, "count", n);
        fg_json_arr_open(j, "codes");
    } else
        fprintf(io->text, "%-16s %5s %5s %4s %3s %3s %7s %6s\n", "name", "n", "k", "z", "mb", "nb", "rate", "edges");
    for (int i = 0; i < n; i++) {
        fg_ldpc_code *c;
        const int rc = fg_ldpc_code_create(fg_ldpc_code_name(i), &c);
        if (rc)
            return fg_arch_runtime(rc);
        if (j) {
            fg_json_obj_open(j, NULL);
            j->pretty = FG_JSON_LINE;
            json_code(j, c);
            fg_json_int(j, "edges", edges(c));
            fg_json_obj_close(j);
            j->pretty = FG_JSON_PRETTY;
        } else
            fprintf(io->text, "%-16s %5d %5d %4d %3d %3d %7.4f %6d\n", c->name, c->n, c->k, c->z, c->mb, c->nb,
                    (double)c->k / c->n, edges(c));
        fg_ldpc_code_destroy(c);
    }
    if (j) {
        fg_json_arr_close(j);
        fg_json_obj_close(j);
    }
    return 0;
}

/* A JSON array of n ints on one line (v16: int16_t values instead of v). */
static void json_ints(fg_json *j, const char *key, const int *v, const int16_t *v16, int n)
{
    fg_json_arr_open(j, key);
    j->pretty = FG_JSON_LINE;
    for (int i = 0; i < n; i++)
        fg_json_int(j, NULL, v16 ? v16[i] : v[i]);
    fg_json_arr_close(j);
    j->pretty = FG_JSON_PRETTY;
}

static int show_code(const fg_ldpc_code *c, const fg_arch_io *io)
{
    int *deg = calloc((size_t)(c->nb + c->mb), sizeof *deg), *cdeg = deg, *rdeg = deg ? deg + c->nb : NULL;
    if (!deg)
        return fg_set_error(FG_ENOMEM, "out of memory");
    for (int l = 0; l < c->mb; l++) {
        rdeg[l] = c->row_start[l + 1] - c->row_start[l];
        for (int b = 0; b < c->nb; b++)
            cdeg[b] += c->shift[l * c->nb + b] >= 0;
    }
    fg_json *j = io->json;
    if (j) {
        fg_json_obj_open(j, NULL);
        fg_json_provenance(j, NULL);
        json_code(j, c);
        fg_json_int(j, "blocks", c->n_blocks);
        fg_json_int(j, "edges", edges(c));
        fg_json_int(j, "max_row_degree", c->max_row_deg);
        fg_json_arr_open(j, "base");
        for (int l = 0; l < c->mb; l++)
            json_ints(j, NULL, NULL, c->shift + l * c->nb, c->nb);
        fg_json_arr_close(j);
        json_ints(j, "row_degrees", rdeg, NULL, c->mb);
        json_ints(j, "column_degrees", cdeg, NULL, c->nb);
        fg_json_obj_close(j);
    } else {
        FILE *f = io->text;
        fprintf(f, "%s (%s): n=%d k=%d z=%d, base %d x %d, rate %.4f, %d blocks, %d edges, max row degree %d\n", c->name,
                family_name(c->family), c->n, c->k, c->z, c->mb, c->nb, (double)c->k / c->n, c->n_blocks, edges(c),
                c->max_row_deg);
        fprintf(f, "base matrix (-1: zero block; s: identity shifted right by s), row degree on the right:\n");
        for (int l = 0; l < c->mb; l++) {
            for (int b = 0; b < c->nb; b++)
                fprintf(f, "%4d", c->shift[l * c->nb + b]);
            fprintf(f, "  | %d\n", rdeg[l]);
        }
        fprintf(f, "column degrees:\n");
        for (int b = 0; b < c->nb; b++)
            fprintf(f, "%4d", cdeg[b]);
        fprintf(f, "\n");
    }
    free(deg);
    return 0;
}

/* The code into the output of its option (opened before any work). */
static int export_file(const fg_ldpc_code *c, fg_out *o, int alist)
{
    FILE *f = fg_out_stream(o);
    const int rc = alist ? fg_ldpc_code_print_alist(c, f) : fg_ldpc_code_print_base(c, f);
    return rc ? fg_prefix_error(FG_EIO, "--export-%s: ", alist ? "alist" : "base") : 0;
}

static int codes_run(void *p, fg_arch_io *io)
{
    codes_cfg *v = p;
    fg_out *base = io->output(io->output_ctx, &v->base), *alist = io->output(io->output_ctx, &v->alist);
    if (v->list) {
        if (v->code.code || v->show || base || alist || fg_opts_given(io->given, &v->code.z))
            return fg_set_error(FG_EINVAL, "%s goes alone (with --json)", fg_opts_name(io->given, &v->list));
        return list_codes(io);
    }
    if (!v->code.code)
        return fg_set_error(FG_EINVAL, "--code NAME|FILE or --list is required");
    fg_ldpc_code *code;
    if (fg_ldpc_code_open(v->code.code, v->code.z, &code))
        return fg_prefix_error(FG_EINVAL, "--code ");
    int rc = base ? export_file(code, base, 0) : 0;
    if (!rc && alist)
        rc = export_file(code, alist, 1);
    if (!rc && (v->show || io->json || (!base && !alist)))
        rc = show_code(code, io);
    fg_ldpc_code_destroy(code);
    return rc;
}

#define O(f) offsetof(codes_cfg, f)
static const fg_opt codes_opts[] = {
    {"list", 0, FG_OPT_FLAG, O(list), .help = "every built-in code: name, n, k, z, mb, nb, rate, edges"},
    {"show", 0, FG_OPT_FLAG, O(show),
     .help = "the code's parameters, base matrix and degrees (the default with --code)"},
    {"export-base", 0, FG_OPT_TEXT, O(base), .meta = "FILE", .help = "write the base matrix (the format --code reads)",
     .flags = FG_OPT_OUTPUT},
    {"export-alist", 0, FG_OPT_TEXT, O(alist), .meta = "FILE", .help = "write the expanded H as a MacKay alist file",
     .flags = FG_OPT_OUTPUT},
    {NULL}};
#undef O

static const fg_opt_part codes_parts[] = {{"options", codes_opts, 0},
                                          {"the code", fg_ldpc_code_options, offsetof(codes_cfg, code)},
                                          {NULL, NULL, 0}};

static void codes_default(void *p) { *(codes_cfg *)p = (codes_cfg){0}; }

const fg_family_arch fg_ldpc_codes = {
    .summary = "QC-LDPC codes: list, show base matrices and degrees, export base-matrix and alist files",
    .usage = "--list [--json]\n"
             "       fecforge code ldpc --code NAME|FILE [--z Z] [--show] [--json] [--export-base FILE]\n"
             "                          [--export-alist FILE]",
    .about = "Channel codes of the library. ldpc: the quasi-cyclic LDPC codes of IEEE 802.11n (12) and\n"
             "IEEE 802.16e (114), and user codes from base-matrix or alist files (docs/ldpc-codes.md).",
    .examples = "fecforge code ldpc --list\n"
                "fecforge code ldpc --code wimax-576-3/4A --show\n"
                "fecforge code ldpc --code wifi-648-1/2 --export-alist h.alist\n"
                "fecforge code ldpc --code h.alist --z 27 --export-base h.txt",
    .parts = codes_parts,
    .cfg_size = sizeof(codes_cfg),
    .cfg_default = codes_default,
    .run = codes_run,
};
