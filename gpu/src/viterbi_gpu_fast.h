/* The fast GPU Viterbi kernel's parameters and the check of where it applies (docs/viterbi.md "The fast kernel"):
 * plain C, built with and without CUDA (viterbi_gpu_cfg.c), so that both builds refuse the same configurations
 * with the same messages; the kernel itself is gpu/src/viterbi_gpu_fast.cuh. */
#ifndef FG_VITERBI_GPU_FAST_H
#define FG_VITERBI_GPU_FAST_H

#include <stdint.h>

#include "fecforge/viterbi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The codes the fast kernel is built for: K, then the two generators in the order given. */
#define VGF_CODES(X) X(7, 0171, 0133) X(7, 0133, 0171) X(5, 023, 035) X(3, 07, 05)

enum { VGF_RING_MAX = 24 }; /* ring slots of 16 stages: 200 KB of shared memory per block at K 7 */

typedef struct {
    int k, stages, term; /* information bits, trellis stages, terminated stream */
    int F, V1, V2, F0;   /* the tiling (F and F0 multiples of 32) */
    int tiles, ns;       /* tiles per frame; ring slots of 16 stages */
    int q;               /* Q: the largest channel LLR magnitude */
    uint32_t big, bias;  /* the forced start's penalty; the metric after normalisation */
    int row, words;      /* bytes of a frame's LLR row; decided-bit words of a frame */
} vgf_params;

/* The index of c among VGF_CODES, or -1. */
int vgf_code_id(const fg_vit_code *c);
/* The fast kernel's parameters for (c, k, dec), or why it cannot decode them (a message naming the option; a
 * buffer of the calling thread). */
const char *vgf_params_of(const fg_vit_code *c, int k, const fg_vit_dec_cfg *dec, vgf_params *fp);

#ifdef __cplusplus
}
#endif

#endif
