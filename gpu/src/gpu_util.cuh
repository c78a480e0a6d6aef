/* Host helpers of the CUDA decoders' .cu files: CUDA errors as fecforge errors, and timing. */
#ifndef FECFORGE_GPU_UTIL_CUH
#define FECFORGE_GPU_UTIL_CUH

#include "fecforge/error.h"

#include <cuda_runtime.h>
#include <stdlib.h>
#include <time.h>

static inline int cuda_fail(cudaError_t e, const char *what)
{
    (void)cudaGetLastError(); /* clear a non-sticky error */
    if (e == cudaErrorMemoryAllocation)
        return fg_set_error(FG_ENOMEM, "GPU out of memory (%s: %s)", what, cudaGetErrorString(e));
    if (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver)
        return fg_set_error(FG_ENODEV, "no usable CUDA device (%s: %s)", what, cudaGetErrorString(e));
    return fg_set_error(FG_ESTATE, "CUDA error in %s: %s", what, cudaGetErrorString(e));
}
#define CU(call)                                                                                                   \
    do {                                                                                                           \
        cudaError_t e_ = (call);                                                                                   \
        if (e_ != cudaSuccess)                                                                                     \
            return cuda_fail(e_, #call);                                                                           \
    } while (0)
#define CU_LAUNCH(what) CU(cudaGetLastError())

static inline double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static inline double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* The timed part of a GPU decoder's bench: a warm-up of at least 0.3 s of run() (the clocks leave their idle
 * state), then `batches` rounds of the kernels alone (launch(s) on every stream s of sb, inputs already on the
 * device, between events) and of a batch with transfers (run(), which records each stream's ev_in before its
 * copy-in and ev_out after its copy-out). SB has s, ev_in, ev_k1, ev_out. Medians in milliseconds. */
template <typename SB, typename Launch, typename Run>
static int bench_timing(SB *sb, int ns, int batches, Launch launch, Run run, double *kernel_ms, double *total_ms,
                        double *latency_ms)
{
    double *tk = (double *)malloc(sizeof(double) * batches), *tt = (double *)malloc(sizeof(double) * batches);
    double *lat = (double *)malloc(sizeof(double) * (size_t)batches * ns);
    int rc = !tk || !tt || !lat ? fg_set_error(FG_ENOMEM, "out of memory for the bench of %d batches", batches) : 0;
    const double w0 = now_s();
    while (!rc && now_s() - w0 < 0.3)
        rc = run();
    for (int r = 0; r < batches && !rc; r++) {
        cudaEvent_t e0 = sb[0].ev_in, e1 = sb[0].ev_out;
        if (cudaEventRecord(e0, sb[0].s) != cudaSuccess) {
            rc = cuda_fail(cudaGetLastError(), "cudaEventRecord");
            break;
        }
        for (int s = 1; s < ns; s++)
            cudaStreamWaitEvent(sb[s].s, e0, 0);
        for (int s = 0; s < ns && !rc; s++) {
            rc = launch(s);
            cudaEventRecord(sb[s].ev_k1, sb[s].s);
        }
        for (int s = 1; s < ns; s++)
            cudaStreamWaitEvent(sb[0].s, sb[s].ev_k1, 0);
        cudaEventRecord(e1, sb[0].s);
        for (int s = 0; s < ns && !rc; s++) {
            const cudaError_t e = cudaStreamSynchronize(sb[s].s);
            if (e != cudaSuccess)
                rc = cuda_fail(e, "cudaStreamSynchronize");
        }
        if (rc)
            break;
        float ms = 0;
        cudaEventElapsedTime(&ms, e0, e1);
        tk[r] = ms;
        const double t0 = now_s();
        if ((rc = run()))
            break;
        tt[r] = (now_s() - t0) * 1e3;
        for (int s = 0; s < ns; s++) {
            cudaEventElapsedTime(&ms, sb[s].ev_in, sb[s].ev_out);
            lat[(size_t)r * ns + s] = ms;
        }
    }
    if (!rc) {
        *kernel_ms = median(tk, batches);
        *total_ms = median(tt, batches);
        *latency_ms = median(lat, batches * ns);
    }
    free(tk);
    free(tt);
    free(lat);
    return rc;
}

#endif
