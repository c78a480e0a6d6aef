/* Command-line helpers of the GPU paths shared by verify, ber and bench (cli.h): --device, the
 * fixed-point option checks, the batch-shape options, the no-device failure. */
#include "cli.h"
#include "cli_ldpc.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_decoder.h"
#include "fecforge_gpu/ldpc_gpu.h"

#include <stdlib.h>
#include <string.h>


int fg_cli_take_device(const char *cmd, int *argc, char **argv)
{
    int dev = 0, seen = 0;
    for (int i = 1; i < *argc;) {
        const char *a = argv[i], *val = NULL;
        int used = 0;
        if (!strcmp(a, "--"))
            break;
        if (!strcmp(a, "--device")) {
            if (i + 1 >= *argc)
                return fg_cli_usage_error(cmd, "--device needs a value: cpu or gpu"), -1;
            val = argv[i + 1];
            used = 2;
        } else if (!strncmp(a, "--device=", 9)) {
            val = a + 9;
            used = 1;
        }
        if (!used) {
            i++;
            continue;
        }
        if (!strcmp(val, "cpu"))
            dev = 0;
        else if (!strcmp(val, "gpu"))
            dev = 1;
        else
            return fg_cli_usage_error(cmd, "--device=%s invalid: expected cpu or gpu", val), -1;
        if (seen++)
            return fg_cli_usage_error(cmd, "--device given more than once"), -1;
        for (int j = i; j + used <= *argc; j++) /* keeps argv[argc] = NULL */
            argv[j] = argv[j + used];
        *argc -= used;
    }
    return dev;
}

int fg_cli_ldpc_fixed_finish(const char *cmd, const fg_ldpc_fixed_cfg *o, fg_ldpc_fixed_cfg *x)
{
    x->llr_width = o->llr_width;
    x->llr_frac = o->llr_frac;
    x->r_width = o->r_width;
    x->app_width = o->app_width;
    x->in_shift = o->in_shift;
    x->scale_round = o->scale_round;
    x->r_sat_late = o->r_sat_late;
    x->app_keep = o->app_keep;
    if (x->in_shift > x->llr_width - 1)
        return fg_cli_usage_error(cmd, "--in-shift=%d out of range [0, %d] for --llr-width=%d", x->in_shift,
                                  x->llr_width - 1, x->llr_width), -1;
    if (x->llr_frac > x->llr_width - 1)
        return fg_cli_usage_error(cmd, "--llr-frac=%d out of range [0, %d] for --llr-width=%d", x->llr_frac,
                                  x->llr_width - 1, x->llr_width), -1;
    if (x->app_width < x->llr_width)
        return fg_cli_usage_error(cmd, "--app-width=%d out of range [%d, 24] (at least --llr-width=%d)", x->app_width,
                                  x->llr_width, x->llr_width), -1;
    return 0;
}

const char *fg_cli_gpu_kernel_name(fg_gpu_ldpc_kernel k)
{
    return k == FG_GPU_LDPC_THESIS ? "thesis" : k == FG_GPU_LDPC_EDGE ? "edge" : "fused";
}

int fg_cli_gpu_option(const char *cmd, const char *name, const char *arg, fg_gpu_ldpc_cfg *g, int *gpus, int *given)
{
    int r = 1;
    if (!strcmp(name, "kernel")) {
        if (!strcmp(arg, "fused"))
            g->kernel = FG_GPU_LDPC_FUSED;
        else if (!strcmp(arg, "thesis"))
            g->kernel = FG_GPU_LDPC_THESIS;
        else if (!strcmp(arg, "edge"))
            g->kernel = FG_GPU_LDPC_EDGE;
        else
            return fg_cli_usage_error(cmd, "--kernel=%s invalid: expected fused, edge or thesis", arg), -1;
    } else if (!strcmp(name, "ns"))
        r = fg_cli_int(cmd, name, arg, 1, FG_GPU_LDPC_STREAMS_MAX, &g->streams) ? -1 : 1;
    else if (!strcmp(name, "ncw"))
        r = fg_cli_int(cmd, name, arg, 1, FG_GPU_LDPC_NCW_MAX, &g->ncw) ? -1 : 1;
    else if (!strcmp(name, "nmcw"))
        r = fg_cli_int(cmd, name, arg, 1, FG_GPU_LDPC_NMCW_MAX, &g->nmcw) ? -1 : 1;
    else if (gpus && !strcmp(name, "gpus"))
        r = fg_cli_int(cmd, name, arg, 0, 64, gpus) ? -1 : 1;
    else
        return 0;
    if (r > 0 && given)
        *given = 1;
    return r;
}

int fg_cli_gpu_require(const char *cmd)
{
    if (fg_gpu_device_count() > 0)
        return 0;
    char d[256];
    if (fg_gpu_device_describe(0, d, (int)sizeof d) == 0) /* a device after all: let the decoder say more */
        return 0;
    return fg_cli_fail(cmd, "no CUDA device: %s", fg_last_error());
}

/* ---- options ---- */

