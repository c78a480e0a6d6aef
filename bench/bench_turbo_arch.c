/* Benchmark: speed of the turbo decoder step model (fecforge/turbo_arch.h) in simulated clock cycles
 * per second and decoded information bits per second, one core, for the thesis's two points (LTE
 * K=6144 P=16, HSPA+ K=5114 P=8, 5.5 iterations), with the fixed-point datapath and address-only
 * (TAG). Prints one JSON object. Usage: bench_turbo_arch [repeats] */
#include "fecforge/error.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_arch.h"

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
    static const struct { fg_std std; int K, P; } pts[] = {{FG_STD_LTE, 6144, 16}, {FG_STD_UMTS, 5114, 8}};
    printf("{\"bench\": \"turbo_arch\", \"what\": \"fecforge arch turbo step model, 5.5 iterations, one core\", "
           "\"repeats\": %d, \"version\": \"%s\", \"git\": \"%s\", \"runs\": [", repeats, fg_version(), fg_git_hash());
    for (int i = 0; i < 2; i++)
        for (int data = 0; data < 2; data++) {
            fg_turbo_arch_cfg c = fg_turbo_arch_cfg_default();
            c.std = pts[i].std;
            c.K = pts[i].K;
            c.P = pts[i].P;
            c.data = data ? FG_TURBO_ARCH_DATA_FIXED : FG_TURBO_ARCH_DATA_TAG;
            fg_turbo_arch *a;
            if (fg_turbo_arch_create(&c, &a)) {
                fprintf(stderr, "bench_turbo_arch: %s\n", fg_last_error());
                return 1;
            }
            const int N = 3 * c.K + FG_TURBO_TAIL;
            int32_t *q = malloc(sizeof *q * (size_t)N);
            if (!q)
                return 1;
            for (int n = 0; n < N; n++) /* an arbitrary but fixed channel word */
                q[n] = (int32_t)((n * 7919u) % 31u) - 15;
            if (data && fg_turbo_arch_load(a, q)) {
                fprintf(stderr, "bench_turbo_arch: %s\n", fg_last_error());
                return 1;
            }
            fg_turbo_arch_result r;
            double best = 1e30;
            for (int k = 0; k < repeats; k++) {
                const double t0 = now();
                if (fg_turbo_arch_run(a, NULL, NULL, &r)) {
                    fprintf(stderr, "bench_turbo_arch: %s\n", fg_last_error());
                    return 1;
                }
                const double dt = now() - t0;
                best = dt < best ? dt : best;
            }
            printf("%s{\"std\": \"%s\", \"K\": %d, \"P\": %d, \"data\": \"%s\", \"cycles\": %ld, \"seconds\": %.6f, "
                   "\"cycles_per_s\": %.0f, \"info_bits_per_s\": %.0f}",
                   i || data ? ", " : "", fg_std_name(c.std), c.K, c.P, data ? "fixed" : "tag", r.cycles_total, best,
                   (double)r.cycles_total / best, c.K / best);
            free(q);
            fg_turbo_arch_destroy(a);
        }
    printf("]}\n");
    return 0;
}
