/* fecforge_gpu without CUDA (nvcc absent, or -DFG_WITH_CUDA=OFF): the same API, every entry point
 * reports FG_ENODEV, so the command and the tests know that the GPU path is not available and the
 * CPU path works as before. */
#include "fecforge_gpu/ldpc_gpu.h"

#include "gpu_internal.h"

int fg_gpu_ldpc_create(const fg_ldpc_code *code, const fg_gpu_ldpc_cfg *cfg, fg_gpu_ldpc **out)
{
    (void)code;
    (void)cfg;
    if (out)
        *out = NULL;
    return fg_gpu_no_cuda();
}

void fg_gpu_ldpc_destroy(fg_gpu_ldpc *dec) { (void)dec; }

int fg_gpu_ldpc_batch(const fg_gpu_ldpc *dec)
{
    (void)dec;
    return fg_gpu_no_cuda();
}

int fg_gpu_ldpc_decode_fixed(fg_gpu_ldpc *dec, int count, const int32_t *llr_q, uint8_t *bits, int32_t *app,
                             int *iterations)
{
    (void)dec, (void)count, (void)llr_q, (void)bits, (void)app, (void)iterations;
    return fg_gpu_no_cuda();
}

int fg_gpu_ldpc_decode_float(fg_gpu_ldpc *dec, int count, const float *llr_f, uint8_t *bits, float *app_f,
                             int *iterations)
{
    (void)dec, (void)count, (void)llr_f, (void)bits, (void)app_f, (void)iterations;
    return fg_gpu_no_cuda();
}

int fg_gpu_ldpc_frames(fg_gpu_ldpc *dec, uint64_t seed, long long first, int count, double sigma,
                       const fg_gpu_ldpc_frames_out *out)
{
    (void)dec, (void)seed, (void)first, (void)count, (void)sigma, (void)out;
    return fg_gpu_no_cuda();
}


int fg_gpu_ldpc_bench(fg_gpu_ldpc *dec, double ebn0_db, int batches, fg_gpu_ldpc_timing *out)
{
    (void)dec, (void)ebn0_db, (void)batches, (void)out;
    return fg_gpu_no_cuda();
}
