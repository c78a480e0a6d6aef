/* Benchmark: memory-conflict study speed in simulated LLR writes per second (one core), the
 * equivalent of `fecforge conflicts --std umts --K all --pllr 32` (both directions, mapping xmap,
 * natural-order reads included). Prints one JSON object. Usage: bench_conflicts [repeats] */
#include "fecforge/conflicts.h"
#include "fecforge/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    const int repeats = argc > 1 && atoi(argv[1]) > 0 ? atoi(argv[1]) : 3;
    const int n = fg_interleaver_num_sizes(FG_STD_UMTS);
    fg_conflicts *ctx;
    fg_conflicts_result *r = malloc(sizeof *r);
    if (!r || fg_conflicts_create(&ctx)) {
        fprintf(stderr, "bench_conflicts: out of memory\n");
        return 1;
    }
    fg_conflicts_cfg cfg = fg_conflicts_cfg_default(); /* UMTS, PLLR 32, M = PLLR, xmap */
    long writes = 0, conflict_cycles = 0, cycles = 0;
    double best = 1e30;
    for (int rep = 0; rep < repeats; rep++) {
        writes = conflict_cycles = cycles = 0;
        const double t0 = now();
        for (int i = 0; i < n; i++) {
            cfg.K = fg_interleaver_size(FG_STD_UMTS, i);
            if (fg_conflicts_run_ctx(ctx, &cfg, r)) {
                fprintf(stderr, "bench_conflicts: %s\n", fg_last_error());
                return 1;
            }
            writes += r->both.accesses;
            cycles += r->both.cycles;
            conflict_cycles += r->both.conflict_cycles;
        }
        const double dt = now() - t0;
        best = dt < best ? dt : best;
    }
    printf("{\"bench\": \"conflicts\", \"what\": \"fecforge conflicts --std umts --K all --pllr 32 (both directions, "
           "mapping xmap, M = 32)\", \"block_sizes\": %d, \"llr_writes\": %ld, \"cycles\": %ld, "
           "\"conflict_cycles\": %ld, \"repeats\": %d, \"seconds\": %.4f, \"writes_per_s\": %.0f, "
           "\"version\": \"%s\", \"git\": \"%s\"}\n",
           n, writes, cycles, conflict_cycles, repeats, best, (double)writes / best, fg_version(), fg_git_hash());
    fg_conflicts_destroy(ctx);
    free(r);
    return 0;
}
