/* Options of the generated LDPC decoder (cli_ldpc_design.h), shared by gen, area and verify. */
#include "cli_ldpc_design.h"

#include "cli.h"
#include "cli_ldpc.h"
#include "fecforge/error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void fg_cli_ldpc_design_init(fg_cli_ldpc_design *d)
{
    memset(d, 0, sizeof *d);
    d->gen = fg_gen_ldpc_cfg_default();
}

void fg_cli_ldpc_design_free(fg_cli_ldpc_design *d)
{
    for (int i = 0; d->codes && i < d->gen.n_codes; i++)
        fg_ldpc_code_destroy(d->codes[i]);
    for (int i = 0; d->col_order && i < d->gen.n_codes; i++)
        free(d->col_order[i]);
    free(d->codes);
    free(d->col_order);
    free(d->codes_text);
    fg_cli_ldpc_design_init(d);
}

/* --scale X: X = num / 2^shift exactly, shift <= 8, num in [1, 2^shift]; also "num/den". */
static int parse_scale(const char *cmd, const char *arg, fg_ldpc_fixed_cfg *fx)
{
    double x;
    char *end;
    const char *slash = strchr(arg, '/');
    if (slash) {
        const long num = strtol(arg, &end, 10), den = end == slash ? strtol(slash + 1, &end, 10) : 0;
        x = den > 0 && !*end && slash[1] ? (double)num / (double)den : NAN;
    } else {
        x = strtod(arg, &end);
        if (end == arg || *end)
            x = NAN;
    }
    if (!(x > 0 && x <= 1))
        return fg_cli_usage_error(cmd, "--scale=%s invalid: expected a value in (0, 1], num/2^shift with shift <= 8 "
                                       "(e.g. 0.75, 0.5, 0.875, 1, 3/4)", arg), -1;
    for (int shift = 0; shift <= 8; shift++) {
        const double num = x * (double)(1 << shift);
        if (num == floor(num)) {
            fx->scale_num = (int)num;
            fx->scale_shift = shift;
            return 0;
        }
    }
    return fg_cli_usage_error(cmd, "--scale=%s invalid: not num/2^shift with shift <= 8 (the nearest is %d/256)", arg,
                              (int)lround(x * 256)), -1;
}

int fg_cli_ldpc_design_option(const char *cmd, const char *name, const char *arg, fg_cli_ldpc_design *d)
{
    fg_ldpc_arch_cfg *a = &d->gen.arch;
    if (!strcmp(name, "codes")) {
        free(d->codes_text);
        if (!(d->codes_text = strdup(arg)))
            return fg_cli_fail(cmd, "out of memory"), -1;
        return 1;
    }
    if (!strcmp(name, "layers"))
        return fg_cli_int(cmd, name, arg, 1, FG_LDPC_BASE_DIM_MAX, &a->fx.layers) ? -1 : 1;
    if (!strcmp(name, "mb")) {
        if (fg_cli_ldpc_mb(cmd, arg, &a->mb_rows, &a->mb_cols))
            return -1;
        snprintf(d->mb_text, sizeof d->mb_text, "%s", arg);
        d->mb_given = 1;
        return 1;
    }
    if (!strcmp(name, "max-iter"))
        return fg_cli_int(cmd, name, arg, 1, FG_GEN_LDPC_ITER_MAX, &a->fx.max_iter) ? -1 : 1;
    if (!strcmp(name, "mb-order")) {
        if (!strcmp(arg, "ltr"))
            a->mb_order = FG_LDPC_ARCH_ORDER_LTR;
        else if (!strcmp(arg, "hazard"))
            a->mb_order = FG_LDPC_ARCH_ORDER_HAZARD;
        else
            return fg_cli_usage_error(cmd, "--mb-order=%s unknown: valid are ltr, hazard", arg), -1;
        return 1;
    }
    if (!strcmp(name, "reorder")) {
        d->reorder = 1;
        return 1;
    }
    if (!strcmp(name, "scale")) {
        if (parse_scale(cmd, arg, &a->fx))
            return -1;
        snprintf(d->scale_text, sizeof d->scale_text, "%s", arg);
        return 1;
    }
    return fg_cli_ldpc_fixed_option(cmd, name, arg, &a->fx, NULL);
}

/* Open one entry of --codes: an existing file is a base matrix, anything else a built-in name. */
static int open_code(const char *cmd, const char *tok, fg_ldpc_code **out)
{
    struct stat st;
    int rc;
    if (stat(tok, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return fg_cli_usage_error(cmd, "--codes: %s is a directory", tok);
        rc = fg_ldpc_code_read_base(tok, out);
        if (rc)
            return fg_cli_usage_error(cmd, "--codes: %s", fg_last_error()); /* the message names the path */
        return 0;
    }
    rc = fg_ldpc_code_create(tok, out);
    if (rc)
        return fg_cli_usage_error(cmd, "--codes: %s: %s; or a base-matrix file (no file of that name)", tok,
                                  fg_last_error());
    return 0;
}

/* Append code (owned from here on) to d; a duplicate name is a usage error. */
static int add_code(const char *cmd, fg_cli_ldpc_design *d, fg_ldpc_code *code, int *cap)
{
    for (int i = 0; i < d->gen.n_codes; i++)
        if (!strcmp(d->codes[i]->name, code->name)) {
            int rc = fg_cli_usage_error(cmd, "--codes: %s is listed twice", code->name);
            fg_ldpc_code_destroy(code);
            return rc;
        }
    if (d->gen.n_codes >= FG_GEN_LDPC_CODES_MAX) {
        fg_ldpc_code_destroy(code);
        return fg_cli_usage_error(cmd, "--codes: more than %d codes", FG_GEN_LDPC_CODES_MAX);
    }
    if (d->gen.n_codes == *cap) {
        const int nc = *cap ? 2 * *cap : 16;
        fg_ldpc_code **p = realloc(d->codes, sizeof *p * (size_t)nc);
        if (!p) {
            fg_ldpc_code_destroy(code);
            return fg_cli_fail(cmd, "out of memory");
        }
        d->codes = p;
        *cap = nc;
    }
    d->codes[d->gen.n_codes++] = code;
    return 0;
}

static int open_codes(const char *cmd, fg_cli_ldpc_design *d)
{
    char *text = strdup(d->codes_text), *save = NULL;
    int cap = 0, rc = 0;
    if (!text)
        return fg_cli_fail(cmd, "out of memory");
    for (char *tok = strtok_r(text, ",", &save); tok && !rc; tok = strtok_r(NULL, ",", &save)) {
        if (!strcmp(tok, "wifi") || !strcmp(tok, "wimax")) { /* a whole family of the built-in library */
            const size_t len = strlen(tok);
            for (int i = 0; i < fg_ldpc_code_count() && !rc; i++) {
                const char *nm = fg_ldpc_code_name(i);
                if (strncmp(nm, tok, len) || nm[len] != '-')
                    continue;
                fg_ldpc_code *c;
                if (fg_ldpc_code_create(nm, &c))
                    rc = fg_cli_fail(cmd, "%s", fg_last_error());
                else
                    rc = add_code(cmd, d, c, &cap);
            }
            continue;
        }
        fg_ldpc_code *c;
        rc = open_code(cmd, tok, &c);
        if (!rc)
            rc = add_code(cmd, d, c, &cap);
    }
    free(text);
    if (!rc && d->gen.n_codes == 0)
        rc = fg_cli_usage_error(cmd, "--codes=%s: no code in the list", d->codes_text);
    d->gen.codes = (const fg_ldpc_code *const *)d->codes;
    return rc;
}

int fg_cli_ldpc_design_finish(const char *cmd, fg_cli_ldpc_design *d)
{
    fg_ldpc_arch_cfg *a = &d->gen.arch;
    if (!d->codes_text)
        return fg_cli_usage_error(cmd, "ldpc: --codes LIST is required (e.g. --codes wifi, --codes wifi-648-1/2)");
    if (!d->mb_given)
        a->mb_rows = a->fx.layers;
    int rc = open_codes(cmd, d);
    if (rc)
        return rc;
    if (fg_gen_ldpc_check(&d->gen))
        return fg_cli_usage_error(cmd, "ldpc: %s", fg_last_error());
    if (!d->reorder)
        return 0;
    if (!(d->col_order = calloc((size_t)d->gen.n_codes, sizeof *d->col_order)))
        return fg_cli_fail(cmd, "out of memory");
    fg_ldpc_reorder_cfg r = fg_ldpc_reorder_cfg_default();
    r.layers = 0;
    for (int i = 0; i < d->gen.n_codes; i++) {
        const fg_ldpc_code *c = d->codes[i];
        int *lay = malloc(sizeof(int) * (size_t)c->mb);
        d->col_order[i] = malloc(sizeof(int) * (size_t)c->nb);
        if (!lay || !d->col_order[i]) {
            free(lay);
            return fg_cli_fail(cmd, "out of memory");
        }
        fg_cli_progress(cmd, "reordering the base matrices", i, d->gen.n_codes);
        fg_ldpc_arch_cfg ac = *a;
        ac.col_order = ac.layer_order = NULL;
        rc = fg_ldpc_arch_reorder(c, &ac, &r, d->col_order[i], lay);
        free(lay);
        if (rc) {
            fg_cli_progress_done();
            return fg_cli_fail(cmd, "ldpc: --reorder %s: %s", c->name, fg_last_error());
        }
    }
    fg_cli_progress_done();
    d->gen.col_order = (const int *const *)d->col_order;
    if (fg_gen_ldpc_check(&d->gen))
        return fg_cli_usage_error(cmd, "ldpc: %s", fg_last_error());
    return 0;
}

void fg_cli_ldpc_design_args(const fg_cli_ldpc_design *d, char *buf, size_t n)
{
    const fg_ldpc_arch_cfg *a = &d->gen.arch;
    const fg_ldpc_fixed_cfg *fx = &a->fx;
    snprintf(buf, n,
                      "--codes %s --layers %d --mb %dx%d --max-iter %d --mb-order %s%s --scale %d/%d --llr-width %d "
                      "--llr-frac %d --r-width %d --app-width %d --in-shift %d --scale-round %d --r-sat-late %d "
                      "--app-keep %d",
                      d->codes_text ? d->codes_text : "?", fx->layers, a->mb_rows, a->mb_cols, fx->max_iter,
                      a->mb_order == FG_LDPC_ARCH_ORDER_HAZARD ? "hazard" : "ltr", d->reorder ? " --reorder" : "",
                      fx->scale_num, 1 << fx->scale_shift, fx->llr_width, fx->llr_frac, fx->r_width, fx->app_width,
                      fx->in_shift, fx->scale_round, fx->r_sat_late, fx->app_keep);
}
