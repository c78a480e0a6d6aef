/* What the GPU library's own files share (not installed). */
#ifndef FECFORGE_GPU_INTERNAL_H
#define FECFORGE_GPU_INTERNAL_H

#ifdef __cplusplus
extern "C" {
#endif

/* FG_ENODEV with the message of a build without CUDA (gpu_none.c). */
int fg_gpu_no_cuda(void);

/* Each family's GPU implementations added to it: fg_gpu_NAME_add_impls of every src/NAME_gpu_family.c
 * (fg_gpu_register calls them; the list is generated from those files, gpu/CMakeLists.txt). */
#define FG_REG(name) int fg_gpu_##name##_add_impls(void);
#include "fg_gpu_registry.h"
#undef FG_REG

#ifdef __cplusplus
}
#endif
#endif
