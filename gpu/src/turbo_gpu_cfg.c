/* The default configuration of the GPU turbo decoder (both builds). */
#include "fecforge_gpu/turbo_gpu.h"

#include <string.h>

fg_gpu_turbo_cfg fg_gpu_turbo_cfg_default(void)
{
    fg_gpu_turbo_cfg c;
    memset(&c, 0, sizeof c);
    c.kernel = FG_GPU_TURBO_FUSED;
    c.mode = FG_GPU_TURBO_FIXED;
    c.fx = fg_turbo_fixed_cfg_default();
    c.fl = fg_turbo_dec_cfg_default();
    c.streams = 4;
    c.seg = 4;
    c.lanes = 1;
    return c;
}
