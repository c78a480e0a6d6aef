/* The default configuration of the GPU Viterbi decoder (both builds). */
#include "fecforge_gpu/viterbi_gpu.h"

#include <string.h>

fg_gpu_viterbi_cfg fg_gpu_viterbi_cfg_default(void)
{
    fg_gpu_viterbi_cfg c;
    memset(&c, 0, sizeof c);
    c.dec = fg_vit_dec_cfg_default();
    return c;
}
