/* The devices without CUDA (nvcc absent, or -DFG_WITH_CUDA=OFF): none; every decoder's entry points
 * report FG_ENODEV through fg_gpu_no_cuda, so the command and the tests know that the GPU path is not
 * available and the CPU path works as before. */
#include "fecforge_gpu/gpu.h"

#include "fecforge/error.h"
#include "gpu_internal.h"

#include <stdio.h>

int fg_gpu_no_cuda(void)
{
    return fg_set_error(FG_ENODEV, "this fecforge was built without CUDA (configure with nvcc on the PATH, "
                                   "or -DFG_WITH_CUDA=ON)");
}

int fg_gpu_device_count(void) { return 0; }

int fg_gpu_device_describe(int dev, char *buf, int len)
{
    (void)dev;
    if (buf && len > 0)
        snprintf(buf, (size_t)len, "none (built without CUDA)");
    return fg_gpu_no_cuda();
}
