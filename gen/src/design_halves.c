/* The run of the interleaver write-path designs: one half-iteration per block size and kind (design_internal.h). */
#include "design_internal.h"

#include "fecforge/error.h"
#include "fecforge/interleaver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fg_design_halves_default(fg_design_halves_run *r, int all)
{
    r->std = FG_STD_UMTS;
    r->dir = all ? 2 : 0;
}

int fg_design_halves_finish(fg_design_halves_run *r)
{
    const fg_std std = (fg_std)r->std;
    const int total = fg_interleaver_num_sizes(std);
    const int n = r->K.n == FG_OPT_ALL ? total : r->K.n > 0 ? r->K.n : 1;
    free(r->Ks);
    if (!(r->Ks = malloc(sizeof *r->Ks * (size_t)n)))
        return fg_set_error(FG_ENOMEM, "out of memory");
    r->nK = n;
    for (int i = 0; i < n; i++) {
        r->Ks[i] = r->K.n == FG_OPT_ALL ? fg_interleaver_size(std, i)
                   : r->K.n > 0         ? r->K.v[i]
                                        : fg_interleaver_size(std, total - 1);
        if (fg_interleaver_check_k(std, r->Ks[i]))
            return fg_prefix_error(FG_EINVAL, "--");
    }
    return 0;
}

int fg_design_halves_sets(const fg_design_halves_run *r) { return r->nK * (r->dir == 2 ? 2 : 1); }

void fg_design_halves_one(const fg_design_halves_run *r, int i, fg_design_halves_run *one)
{
    *one = *r;
    one->K = (fg_opt_ints){1, r->Ks + i / (r->dir == 2 ? 2 : 1)};
    one->dir = r->dir == 2 ? i % 2 : r->dir;
}

void fg_design_halves_name(const fg_design_halves_run *r, int i, const char *first, const char *second, char *buf,
                           size_t n)
{
    fg_design_halves_run one;
    fg_design_halves_one(r, i, &one);
    snprintf(buf, n, "%s-k%d-%s", r->std == FG_STD_LTE ? "lte" : "umts", one.K.v[0], one.dir ? second : first);
}

void fg_design_halves_free(fg_design_halves_run *r)
{
    free(r->Ks);
    r->Ks = NULL;
    r->nK = 0;
}

void fg_design_halves_random(fg_rng *rs, int std, const char *name, char *args, size_t n)
{
    const int total = fg_interleaver_num_sizes((fg_std)std);
    const int a = fg_interleaver_size((fg_std)std, (int)(fg_rng_next_u32(rs) % (uint32_t)total));
    const int b = fg_interleaver_size((fg_std)std, (int)(fg_rng_next_u32(rs) % (uint32_t)total));
    const size_t at = strlen(args);
    snprintf(args + at, n - at, " --K %d,%d --%s both", a, b, name);
}
