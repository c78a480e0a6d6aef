/* Benchmark: DBCF model speed in simulated LLR writes per second (one core).
 * Prints one JSON object. Usage: bench_dbcf [repeats] */
#include "fecforge/dbcf.h"
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
    const int repeats = argc > 1 ? atoi(argv[1]) : 1;
    fg_dbcf_cfg cfg = fg_dbcf_cfg_default(); /* PLLR 32, M 32, S 3, F 8, B 12 */
    cfg.banks = 64;
    cfg.fifo_depth = 4;
    cfg.buf_depth = 7;
    const int n = fg_interleaver_num_sizes(FG_STD_UMTS);
    int *K = malloc(sizeof *K * (size_t)n);
    if (!K)
        return 1;
    long words = 0;
    for (int i = 0; i < n; i++) {
        K[i] = fg_interleaver_size(FG_STD_UMTS, i);
        words += 2L * K[i];
    }
    double best = 1e30;
    fg_dbcf_worst w;
    for (int r = 0; r < (repeats > 0 ? repeats : 1); r++) {
        double t0 = now();
        if (fg_dbcf_worst_case(&cfg, FG_STD_UMTS, K, n, FG_DIRS_BOTH, FG_MAP_XMAP_XOR, 0, NULL, NULL, &w)) {
            fprintf(stderr, "bench_dbcf: %s\n", fg_last_error());
            return 1;
        }
        double dt = now() - t0;
        if (dt < best)
            best = dt;
    }
    printf("{\"bench\": \"dbcf\", \"what\": \"fecforge dbcf --K all --pllr 32 --banks 64 --select 3 --fifo-depth 4 "
           "--buf-depth 7 --mapping xmap-xor (both directions)\", \"block_sizes\": %d, \"llr_writes\": %ld, "
           "\"seconds\": %.4f, \"writes_per_s\": %.0f, \"worst_dC\": %d, \"version\": \"%s\", \"git\": \"%s\"}\n",
           n, words, best, (double)words / best, w.all.dC, fg_version(), fg_git_hash());
    free(K);
    return 0;
}
