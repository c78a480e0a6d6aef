/* What the GPU library's own files share (not installed). */
#ifndef FECFORGE_GPU_INTERNAL_H
#define FECFORGE_GPU_INTERNAL_H

#ifdef __cplusplus
extern "C" {
#endif

/* FG_ENODEV with the message of a build without CUDA (gpu_none.c). */
int fg_gpu_no_cuda(void);

/* Each family's GPU implementations added to it (fg_gpu_register calls them). */
int fg_gpu_ldpc_add_impls(void);
int fg_gpu_turbo_add_impls(void);
int fg_gpu_viterbi_add_impls(void);

#ifdef __cplusplus
}
#endif
#endif
