/* The GPU turbo decoder without CUDA: the same API, every entry point reports FG_ENODEV (gpu_none.c). */
#include "fecforge_gpu/turbo_gpu.h"

#include "gpu_internal.h"

int fg_gpu_turbo_create(fg_std std, int K, const fg_gpu_turbo_cfg *cfg, fg_gpu_turbo **out)
{
    (void)std, (void)K, (void)cfg;
    if (out)
        *out = NULL;
    return fg_gpu_no_cuda();
}

void fg_gpu_turbo_destroy(fg_gpu_turbo *dec) { (void)dec; }

int fg_gpu_turbo_batch(const fg_gpu_turbo *dec)
{
    (void)dec;
    return 0;
}

int fg_gpu_turbo_decode(fg_gpu_turbo *dec, int count, const int32_t *q, uint8_t *bits, int32_t *app, int *half_iters)
{
    (void)dec, (void)count, (void)q, (void)bits, (void)app, (void)half_iters;
    return fg_gpu_no_cuda();
}

int fg_gpu_turbo_decode_float(fg_gpu_turbo *dec, int count, const double *llr, uint8_t *bits, double *app,
                              int *half_iters)
{
    (void)dec, (void)count, (void)llr, (void)bits, (void)app, (void)half_iters;
    return fg_gpu_no_cuda();
}

int fg_gpu_turbo_bench(fg_gpu_turbo *dec, double ebn0_db, int batches, fg_impl_timing *out)
{
    (void)dec, (void)ebn0_db, (void)batches, (void)out;
    return fg_gpu_no_cuda();
}

int fg_gpu_turbo_host_decode(fg_std std, int K, const fg_turbo_fixed_cfg *fx, int seg, int lanes, int count,
                             const int32_t *q, uint8_t *bits, int32_t *app, int *half_iters)
{
    (void)std, (void)K, (void)fx, (void)seg, (void)lanes, (void)count, (void)q, (void)bits, (void)app, (void)half_iters;
    return fg_gpu_no_cuda();
}

int fg_gpu_turbo_host_decode_float(fg_std std, int K, const fg_turbo_dec_cfg *fl, fg_gpu_turbo_kernel kernel, int seg,
                                   int count, const double *llr, uint8_t *bits, double *app, int *half_iters)
{
    (void)std, (void)K, (void)fl, (void)kernel, (void)seg, (void)count, (void)llr, (void)bits, (void)app, (void)half_iters;
    return fg_gpu_no_cuda();
}
