/* The CUDA devices (fecforge_gpu/gpu.h). */
#include "fecforge_gpu/gpu.h"

#include <stdio.h>

#include "gpu_util.cuh"

int fg_gpu_device_count(void)
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return n;
}

int fg_gpu_device_describe(int dev, char *buf, int len)
{
    const int n = fg_gpu_device_count();
    if (n == 0)
        return fg_set_error(FG_ENODEV, "no CUDA device present");
    if (dev < 0 || dev >= n)
        return fg_set_error(FG_EINVAL, "device=%d out of range [0, %d]", dev, n - 1);
    cudaDeviceProp pr;
    CU(cudaGetDeviceProperties(&pr, dev));
    if (buf && len > 0)
        snprintf(buf, (size_t)len, "%s, %d SMs, sm_%d%d, %.0f GiB", pr.name, pr.multiProcessorCount, pr.major,
                 pr.minor, (double)pr.totalGlobalMem / (1024.0 * 1024.0 * 1024.0));
    return 0;
}
