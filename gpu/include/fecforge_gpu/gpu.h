/* What the CUDA decoders share (docs/gpu-ldpc.md, docs/gpu-turbo.md, docs/viterbi.md): the devices, and the registration of
 * every GPU implementation with its family. Built with and without CUDA (without it there are no
 * devices and every decoder reports FG_ENODEV). */
#ifndef FECFORGE_GPU_GPU_H
#define FECFORGE_GPU_GPU_H

#include "fecforge/json.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Number of CUDA devices (0 when none, or when built without CUDA; never an error). */
int fg_gpu_device_count(void);

/* "NVIDIA H100 80GB HBM3, 132 SMs, sm_90" of device dev, or an error (FG_ENODEV). */
int fg_gpu_device_describe(int dev, char *buf, int len);

/* What a GPU implementation's describe hook writes first: "device": "gpu", then opens the object "gpu" with the
 * description of device 0 and the kernel's name; the caller adds its batch shape and closes it. */
void fg_gpu_json_open(fg_json *j, const char *kernel);

/* Add the GPU implementations to the library's families (fecforge/family.h): ldpc's and turbo's gpu-fixed and
 * gpu-float, viterbi's gpu-fixed (the kernel and batch shape are their options). The BER engine then runs them
 * like any implementation, one worker per GPU; the counts do not depend on how many GPUs ran.
 * Idempotent; 0 or the registry's error. */
int fg_gpu_register(void);

#ifdef __cplusplus
}
#endif
#endif
