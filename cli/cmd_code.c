/* fecforge code ldpc: the QC-LDPC code library (list, show a base matrix, export base/alist files). */
#include "cli.h"
#include "cli_ldpc.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_code.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "code";

static void help(void)
{
    printf("usage: fecforge code ldpc --list [--json]\n"
           "       fecforge code ldpc --code NAME|FILE [--z Z] [--show] [--json] [--export-base FILE]\n"
           "                          [--export-alist FILE]\n\n"
           "Channel codes of the library. ldpc: the quasi-cyclic LDPC codes of IEEE 802.11n (12) and\n"
           "IEEE 802.16e (114), and user codes from base-matrix or alist files (docs/ldpc-codes.md).\n\n"
           "  --list              every built-in code: name, n, k, z, mb, nb, rate, edges\n"
           FG_CLI_LDPC_CODE_HELP
           "  --show              the code's parameters, base matrix and degrees (the default with --code)\n"
           "  --json              a JSON object instead of the tables\n"
           "  --export-base FILE  write the base matrix (the format --code reads)\n"
           "  --export-alist FILE write the expanded H as a MacKay alist file\n"
           "  -h, --help          this text\n\n"
           "examples: fecforge code ldpc --list\n"
           "          fecforge code ldpc --code wimax-576-3/4A --show\n"
           "          fecforge code ldpc --code wifi-648-1/2 --export-alist h.alist\n"
           "          fecforge code ldpc --code h.alist --z 27 --export-base h.txt\n");
}

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
        fg_json_provenance(&j, -1);
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
        fg_json_provenance(&j, -1);
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

/* The library writes the file through fecforge/output.h (atomically, or through to a device). */
static int export_file(const fg_ldpc_code *c, const char *path, int alist)
{
    const int rc = alist ? fg_ldpc_code_write_alist(c, path) : fg_ldpc_code_write_base(c, path);
    if (rc == FG_EINVAL)
        return fg_cli_usage_error(CMD, "--export-%s: %s", alist ? "alist" : "base", fg_last_error());
    return rc ? fg_cli_fail(CMD, "--export-%s: %s", alist ? "alist" : "base", fg_last_error()) : FG_EXIT_OK;
}

static int code_ldpc(int argc, char **argv)
{
    enum { O_LIST = 1000, O_CODE, O_Z, O_SHOW, O_JSON, O_BASE, O_ALIST };
    static const struct option opts[] = {{"list", no_argument, NULL, O_LIST},
                                         {"code", required_argument, NULL, O_CODE},
                                         {"z", required_argument, NULL, O_Z},
                                         {"show", no_argument, NULL, O_SHOW},
                                         {"json", no_argument, NULL, O_JSON},
                                         {"export-base", required_argument, NULL, O_BASE},
                                         {"export-alist", required_argument, NULL, O_ALIST},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *code_arg = NULL, *base_out = NULL, *alist_out = NULL;
    int list = 0, show = 0, json = 0, z = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case O_LIST: list = 1; break;
        case O_CODE: code_arg = optarg; break;
        case O_Z:
            if (fg_cli_int(CMD, "z", optarg, 1, FG_LDPC_Z_MAX, &z))
                return FG_EXIT_USAGE;
            break;
        case O_SHOW: show = 1; break;
        case O_JSON: json = 1; break;
        case O_BASE: base_out = optarg; break;
        case O_ALIST: alist_out = optarg; break;
        case 'h': help(); return FG_EXIT_OK;
        default: return fg_cli_usage_error(CMD, "unknown option");
        }
    }
    if (optind < argc)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (list) {
        if (code_arg || show || base_out || alist_out || z)
            return fg_cli_usage_error(CMD, "--list goes alone (with --json)");
        return list_codes(json);
    }
    if (!code_arg)
        return fg_cli_usage_error(CMD, "ldpc needs --list or --code NAME|FILE");
    if (base_out && alist_out && !strcmp(base_out, alist_out))
        return fg_cli_usage_error(CMD, "--export-base and --export-alist name the same file %s", base_out);
    fg_ldpc_code *code;
    if (fg_cli_ldpc_code_open(code_arg, z, &code))
        return FG_EXIT_USAGE;
    int rc = FG_EXIT_OK;
    if (base_out)
        rc = export_file(code, base_out, 0);
    if (!rc && alist_out)
        rc = export_file(code, alist_out, 1);
    if (!rc && (show || json || (!base_out && !alist_out)))
        rc = show_code(code, json);
    fg_ldpc_code_destroy(code);
    return rc;
}

int fg_cmd_code(int argc, char **argv)
{
    if (argc < 2)
        return fg_cli_usage_error(CMD, "a code family is required: ldpc (see fecforge code --help)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        help_top();
        return FG_EXIT_OK;
    }
    if (!strcmp(argv[1], "ldpc"))
        return code_ldpc(argc - 1, argv + 1);
    return fg_cli_usage_error(CMD, "code family '%s' unknown: valid is ldpc", argv[1]);
}
