/* The GPU Viterbi decoder without CUDA: the same API, every entry point reports FG_ENODEV (gpu_none.c). */
#include "fecforge_gpu/viterbi_gpu.h"

#include "gpu_internal.h"

int fg_gpu_viterbi_create(const fg_vit_code *c, int k, const fg_gpu_viterbi_cfg *cfg, fg_gpu_viterbi **out)
{
    (void)c, (void)k, (void)cfg;
    if (out)
        *out = NULL;
    return fg_gpu_no_cuda();
}

void fg_gpu_viterbi_destroy(fg_gpu_viterbi *d) { (void)d; }

int fg_gpu_viterbi_batch(const fg_gpu_viterbi *d)
{
    (void)d;
    return 0;
}

int fg_gpu_viterbi_decode(fg_gpu_viterbi *d, int count, const int32_t *rx, uint8_t *bits)
{
    (void)d, (void)count, (void)rx, (void)bits;
    return fg_gpu_no_cuda();
}

int fg_gpu_viterbi_host_decode(const fg_vit_code *c, int k, const fg_gpu_viterbi_cfg *cfg, int count,
                               const int32_t *rx, uint8_t *bits)
{
    (void)c, (void)k, (void)cfg, (void)count, (void)rx, (void)bits;
    return fg_gpu_no_cuda();
}

int fg_gpu_viterbi_bench(fg_gpu_viterbi *d, double ebn0_db, int batches, fg_impl_timing *out)
{
    (void)d, (void)ebn0_db, (void)batches, (void)out;
    return fg_gpu_no_cuda();
}
