/* The GPU decoders' default configuration, shared by the CUDA and the no-CUDA builds of fecforge_gpu. */
#include "fecforge_gpu/ldpc_gpu.h"

#include <string.h>

fg_gpu_ldpc_cfg fg_gpu_ldpc_cfg_default(void)
{
    fg_gpu_ldpc_cfg c;
    memset(&c, 0, sizeof c);
    c.kernel = FG_GPU_LDPC_FUSED;
    c.fixed = 1;
    c.fx = fg_ldpc_fixed_cfg_default();
    c.dec = fg_ldpc_dec_cfg_default();
    c.streams = 1;
    c.ncw = 2;
    c.nmcw = 64;
    return c;
}
