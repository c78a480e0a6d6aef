/* fg_gpu_register (fecforge_gpu/gpu.h): every family's GPU implementations. */
#include "fecforge_gpu/gpu.h"

#include "gpu_internal.h"

int fg_gpu_register(void)
{
    int rc = fg_gpu_ldpc_add_impls();
    if (!rc)
        rc = fg_gpu_turbo_add_impls();
    return rc ? rc : fg_gpu_viterbi_add_impls();
}
