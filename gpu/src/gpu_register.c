/* fg_gpu_register and fg_gpu_json_open (fecforge_gpu/gpu.h): every family's GPU implementations, and the start
 * of their JSON description. */
#include "fecforge_gpu/gpu.h"

#include "gpu_internal.h"

#include <stddef.h>

int fg_gpu_register(void)
{
    static int (*const add_impls[])(void) = {
#define FG_REG(name) fg_gpu_##name##_add_impls,
#include "fg_gpu_registry.h"
#undef FG_REG
    };
    int rc = 0;
    for (size_t i = 0; i < sizeof add_impls / sizeof *add_impls && !rc; i++)
        rc = add_impls[i]();
    return rc;
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
