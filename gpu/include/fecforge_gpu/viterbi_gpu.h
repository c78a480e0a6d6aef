/* GPU Viterbi decoder (docs/viterbi.md "GPU decoder"), bit-exact with the C fixed-point decoder fg_vit_fixed_run
 * for the same code, tiling and formats, with two kernels:
 * - unified: the paper's (a thread block per tile, a thread per state, survivors in shared memory, forward pass
 *   and parallel traceback in one launch; the proof of exactness in gpu/src/viterbi_gpu_kernels.cuh). K 3 to 11;
 *   without tiling a frame is one tile, as long as its survivors fit a block's shared memory.
 * - fast: a thread per tile with the trellis in registers, two 16-bit metrics per register, one DPX instruction
 *   per add-compare-select pair (gpu/src/viterbi_gpu_fast.cuh). Rate-1/2 codes built in: K 7 (171,133) and
 *   (133,171) (any puncturing), K 5 (23,35), K 3 (7,5); tiles and subframes of multiples of 32 stages; channel
 *   LLRs of at most 8 bits (int8 in, decided bits packed 32 to a word out).
 * Terminated or truncated streams (tail-biting is decoded by the C reference only).
 *
 * Errors (fecforge/error.h): FG_ENODEV without a device or CUDA; FG_ENOMEM; FG_EINVAL naming the parameter and
 * its range (the C decoder's checks first). A failed call writes no partial results. */
#ifndef FECFORGE_GPU_VITERBI_GPU_H
#define FECFORGE_GPU_VITERBI_GPU_H

#include <stdint.h>

#include "fecforge/family.h"
#include "fecforge/viterbi.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    FG_GPU_VIT_AUTO = 0,    /* fast where it applies, else unified */
    FG_GPU_VIT_UNIFIED = 1,
    FG_GPU_VIT_FAST = 2
} fg_gpu_vit_kernel;

typedef struct {
    int device;         /* CUDA device, default 0 */
    int kernel;         /* fg_gpu_vit_kernel, default AUTO */
    fg_vit_dec_cfg dec; /* the decoder (fg_vit_dec_cfg_default()) */
    int batch;          /* frames per call, [1, 1 << 20]; 0 (default): about 2^24 decoded bits */
} fg_gpu_viterbi_cfg;

fg_gpu_viterbi_cfg fg_gpu_viterbi_cfg_default(void);

typedef struct fg_gpu_viterbi fg_gpu_viterbi;

int fg_gpu_viterbi_create(const fg_vit_code *c, int k, const fg_gpu_viterbi_cfg *cfg, fg_gpu_viterbi **out);
void fg_gpu_viterbi_destroy(fg_gpu_viterbi *d);
int fg_gpu_viterbi_batch(const fg_gpu_viterbi *d);
/* Why the fast kernel cannot decode (c, k, dec): NULL when it can, else a message naming the option. */
const char *fg_gpu_viterbi_fast_refusal(const fg_vit_code *c, int k, const fg_vit_dec_cfg *dec);

/* count frames (1 <= count <= batch) of quantised received symbols (fg_vit_sent_len each, within the channel
 * format) into bits (count x k), as fg_vit_fixed_run decides them. */
int fg_gpu_viterbi_decode(fg_gpu_viterbi *d, int count, const int32_t *rx, uint8_t *bits);

/* Throughput of full batches of the family's frames (seed 1) at ebn0_db, made and staged once: `batches` timed
 * repetitions after two warm-ups, the kernel alone (events) and with the transfers (LLRs in: int16 for the unified
 * kernel, int8 for the fast one; decisions out: a byte per bit, or packed 32 to a word; the host's depuncturing not
 * included). */
int fg_gpu_viterbi_bench(fg_gpu_viterbi *d, double ebn0_db, int batches, fg_impl_timing *out);

/* The kernel's own code (cfg->kernel, cfg->dec) run on the host (for checks without a device): the same results.
 * FG_ENODEV only in a build without CUDA. */
int fg_gpu_viterbi_host_decode(const fg_vit_code *c, int k, const fg_gpu_viterbi_cfg *cfg, int count,
                               const int32_t *rx, uint8_t *bits);

#ifdef __cplusplus
}
#endif
#endif
