/* fg_gpu_register and fg_gpu_json_open (fecforge_gpu/gpu.h): every family's GPU implementations, and the start
 * of their JSON description. */
#include "fecforge_gpu/gpu.h"

#include "gpu_internal.h"

int fg_gpu_register(void)
{
    int rc = fg_gpu_ldpc_add_impls();
    if (!rc)
        rc = fg_gpu_turbo_add_impls();
    return rc ? rc : fg_gpu_viterbi_add_impls();
}

void fg_gpu_json_open(fg_json *j, const char *kernel)
{
    char desc[256] = "";
    fg_gpu_device_describe(0, desc, (int)sizeof desc);
    fg_json_str(j, "device", "gpu");
    fg_json_obj_open(j, "gpu");
    fg_json_str(j, "description", desc);
    fg_json_str(j, "kernel", kernel);
}
