/* Early termination of the GPU turbo decoders (fecforge_gpu/turbo_gpu.h): the per-codeword sums of a
 * half-iteration and the rules of the C models (fecforge/turbo.h fg_turbo_et), shared by every kernel.
 *
 * The threads of a codeword add their positions' keys into one slot with atomics, so a sum must not depend
 * on their order: the minimum |APP| is kept as the bits of a non-negative number (int32 values as they are,
 * float ones as their IEEE bits, which order like the values), the sum of |APP| as a 64-bit integer (float
 * values in units of 2^-16, each rounded: exact enough for a threshold, and deterministic). */
#ifndef FECFORGE_GPU_TURBO_ET_CUH
#define FECFORGE_GPU_TURBO_ET_CUH

#include "fecforge/turbo.h"

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace tg {

/* Per codeword: the early-termination sums of the running half-iteration. */
struct et_slot {
    unsigned long long sum;
    int mn;
    unsigned crc;
    int stop;
};

__host__ __device__ inline void et_clear(et_slot &e)
{
    e.mn = INT_MAX;
    e.sum = 0;
    e.crc = 0;
}

/* The keys of one APP value: int32 (fixed point). */
__host__ __device__ inline int et_min_key(int32_t mag) { return mag; }
__host__ __device__ inline unsigned long long et_sum_key(int32_t mag) { return (unsigned long long)mag; }
/* float: mag >= 0 (at most about 1e13: the decoders clip their channel LLRs at FG_TURBO_LLR_CLIP) */
enum { ET_FLOAT_SUM_BITS = 16 };
__host__ __device__ inline int et_min_key(float mag)
{
#ifdef __CUDA_ARCH__
    return __float_as_int(mag);
#else
    int k;
    memcpy(&k, &mag, sizeof k);
    return k;
#endif
}
__host__ __device__ inline unsigned long long et_sum_key(float mag)
{
    const float cap = 1.0e13f;
    return (unsigned long long)((double)(mag < cap ? mag : cap) * (1 << ET_FLOAT_SUM_BITS) + 0.5);
}

/* Whether the model's rule (kind, threshold) stops a codeword of K positions on its slot; FLT: float keys. */
template <bool FLT> __host__ __device__ inline int et_stops(int kind, double threshold, int K, const et_slot &e)
{
    if (kind == FG_TURBO_ET_MIN_LLR) {
        if (FLT) {
            float m;
#ifdef __CUDA_ARCH__
            m = __int_as_float(e.mn);
#else
            memcpy(&m, &e.mn, sizeof m);
#endif
            return (double)m >= threshold;
        }
        return (double)e.mn >= threshold;
    }
    if (kind == FG_TURBO_ET_AVG_LLR)
        return FLT ? (double)e.sum / (1 << ET_FLOAT_SUM_BITS) >= threshold * K : (double)e.sum >= threshold * K;
    if (kind == FG_TURBO_ET_CRC)
        return e.crc == 0;
    return 0;
}

} // namespace tg

#endif
