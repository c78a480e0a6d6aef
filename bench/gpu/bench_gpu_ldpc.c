/* GPU LDPC decoder throughput and latency of full batches (fg_gpu_ldpc_bench), one JSON object per
 * configuration. Usage: bench_gpu_ldpc CODE fused|edge|thesis fixed|float LAYERS ITER NS NCW NMCW [BATCHES]
 * (LAYERS 0 = mb, the flooding schedule). No early termination: every codeword runs ITER iterations.
 * The command-line front end is `fecforge bench ldpc --device gpu` (docs/gpu-ldpc.md). */
#include "fecforge/error.h"
#include "fecforge_gpu/ldpc_gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 9) {
        fprintf(stderr, "usage: %s CODE fused|edge|thesis fixed|float LAYERS ITER NS NCW NMCW [BATCHES]\n", argv[0]);
        return 2;
    }
    fg_ldpc_code *c;
    if (fg_ldpc_code_create(argv[1], &c)) {
        fprintf(stderr, "%s\n", fg_last_error());
        return 2;
    }
    fg_gpu_ldpc_cfg g = fg_gpu_ldpc_cfg_default();
    g.kernel = strcmp(argv[2], "thesis") == 0 ? FG_GPU_LDPC_THESIS
               : strcmp(argv[2], "edge") == 0 ? FG_GPU_LDPC_EDGE
                                               : FG_GPU_LDPC_FUSED;
    g.fixed = strcmp(argv[3], "float") != 0;
    const int K = atoi(argv[4]) > 0 ? atoi(argv[4]) : c->mb, iter = atoi(argv[5]);
    g.fx.layers = K;
    g.fx.max_iter = iter;
    g.fx.early_term = 0;
    g.dec.schedule = K == 1 ? FG_LDPC_SCHED_LAYERED : K == c->mb ? FG_LDPC_SCHED_FLOODING : FG_LDPC_SCHED_MULTILAYER;
    g.dec.layers = K;
    g.dec.max_iter = iter;
    g.dec.early_term = 0;
    g.streams = atoi(argv[6]);
    g.ncw = atoi(argv[7]);
    g.nmcw = atoi(argv[8]);
    const int batches = argc > 9 ? atoi(argv[9]) : 20;
    fg_gpu_ldpc *d;
    fg_gpu_ldpc_timing t;
    char dev[128] = "";
    if (fg_gpu_ldpc_create(c, &g, &d) || fg_gpu_ldpc_bench(d, 2.0, batches, &t)) {
        fprintf(stderr, "%s\n", fg_last_error());
        fg_ldpc_code_destroy(c);
        return 1;
    }
    fg_gpu_device_describe(g.device, dev, sizeof dev);
    printf("{\"code\": \"%s\", \"kernel\": \"%s\", \"mode\": \"%s\", \"layers\": %d, \"iter\": %d, \"ns\": %d, "
           "\"ncw\": %d, \"nmcw\": %d, \"batch\": %d, \"kernel_ms\": %.4f, \"total_ms\": %.4f, \"latency_ms\": %.4f, "
           "\"coded_mbps_kernel\": %.1f, \"info_mbps_kernel\": %.1f, \"coded_mbps_total\": %.1f, "
           "\"info_mbps_total\": %.1f, \"device\": \"%s\"}\n",
           c->name, argv[2], g.fixed ? "fixed" : "float", K, iter, g.streams, g.ncw, g.nmcw, t.batch, t.kernel_ms,
           t.total_ms, t.latency_ms, t.coded_mbps_kernel, t.info_mbps_kernel, t.coded_mbps_total, t.info_mbps_total,
           dev);
    fg_gpu_ldpc_destroy(d);
    fg_ldpc_code_destroy(c);
    return 0;
}
