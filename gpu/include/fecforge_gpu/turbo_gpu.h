/* GPU turbo decoder (docs/gpu-turbo.md): a C host API over CUDA kernels, in fixed point or in float.
 *
 * Fixed mode is bit-exact with the C model fg_turbo_fixed (fecforge/turbo_fixed.h): for the same
 * quantised channel LLRs, formats, sub-blocks (P), NII stakes, half-iterations and early-termination
 * rule it gives the same hard decisions, the same count of half-iterations and the same final
 * a-posteriori LLRs. Its state metrics are exact integers (docs/gpu-turbo.md "Exactness" proves the
 * model's saturating and modulo arithmetic never departs from them); the end of every LLR is the model's
 * own fg_xmap_finish_llr.
 *
 * Float mode runs the algorithm of the C float decoder fg_turbo_dec (fecforge/turbo.h: max-log-MAP with
 * extrinsic scaling or log-MAP; its sub-blocks, NII, tail and early-termination rules) in
 * float32; its results equal the C decoder's up to float rounding (verify compares them statistically).
 * Radix 4 is a partition there (sub-blocks of even length), the arithmetic stays radix 2: max* is
 * associative, so a radix-4 step computes the same metrics. No sliding window (window 0 only).
 *
 * FG_GPU_TURBO_FUSED, the decoder: one launch decodes every half-iteration of a batch. A thread runs
 * one sub-block of one codeword (NCW codewords of P threads per thread block): its forward recursion
 * keeps alpha in registers and leaves a checkpoint every 8 positions in device memory, its backward
 * recursion recomputes the SEG alphas of a segment from the checkpoint and emits the LLRs with beta. The
 * extrinsics of a codeword live in shared memory in the sub-block-major order of the threads (both
 * SISOs' arrays); the interleaver is a table of those addresses. The channel LLRs are rearranged once
 * per batch into the same order, so every global access of the half-iterations is coalesced.
 *
 * Work is issued in batches of NS x NCW x NMCW codewords: NS CUDA streams, each with NMCW thread blocks
 * of NCW codewords, issued depth first (per stream: copy in, rearrange, decode, copy out) from pinned
 * host memory. LLRs travel as bytes when the channel and extrinsic widths are at most 8 bits.
 *
 * Errors (fecforge/error.h): FG_ENODEV without a CUDA device or CUDA; FG_ENOMEM when device or pinned
 * memory runs out; FG_EINVAL for a configuration the C model rejects or a batch shape out of range (the
 * message names the parameter and its valid range), for an LLR outside its format, and for more frames
 * than one batch holds. A failed call writes no partial results. */
#ifndef FECFORGE_GPU_TURBO_GPU_H
#define FECFORGE_GPU_TURBO_GPU_H

#include <stdint.h>

#include "fecforge/family.h"
#include "fecforge/turbo_fixed.h"
#include "fecforge_gpu/gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* FG_GPU_TURBO_THESIS (float mode only): the design of the thesis's section 4.8, for its Table 4.8: a thread
 * block of 128 threads is 16 sub-blocks of 8 threads, one per trellis state; one launch per half-iteration;
 * alpha spilled to device memory at every stage, beta and 8 stages of the LLR's maxima in shared memory; the
 * LTE interleaver computed on the fly (its eq. 4.19). It follows the C float decoder in every operation, so it
 * also runs linear-log-MAP (docs/gpu-turbo.md). */
typedef enum { FG_GPU_TURBO_FUSED = 0, FG_GPU_TURBO_THESIS = 1 } fg_gpu_turbo_kernel;
typedef enum { FG_GPU_TURBO_FIXED = 0, FG_GPU_TURBO_FLOAT = 1 } fg_gpu_turbo_mode;

enum {
    FG_GPU_TURBO_STREAMS_MAX = 64,
    FG_GPU_TURBO_THREADS_MAX = 256, /* NCW x P threads per thread block */
    FG_GPU_TURBO_NMCW_MAX = 65535
};

typedef struct {
    int device;                 /* CUDA device index, default 0 */
    fg_gpu_turbo_kernel kernel; /* default FG_GPU_TURBO_FUSED */
    fg_gpu_turbo_mode mode;     /* default FG_GPU_TURBO_FIXED */
    fg_turbo_fixed_cfg fx;      /* fixed mode: the decoder (fg_turbo_fixed_cfg_default(); the observer is not called) */
    fg_turbo_dec_cfg fl;        /* float mode: the decoder (fg_turbo_dec_cfg_default(); alg maxlog or log,
                                   window 0) */
    int streams;                /* NS, [1, 64], default 4 */
    int ncw;                    /* fused: codewords per thread block, NCW x P <= 256; 0 (default): 128 / P, at
                                   least 1. thesis: codewords per unit of a stream's batch, [1, 256]; 0: 16 */
    int nmcw;                   /* thread blocks per stream, [1, 65535]; 0 (default): batches of about
                                   2^24 / K codewords (at least 256), rounded up to whole waves of thread
                                   blocks over the device (thesis: at least 2^24 / K codewords) */
    int seg;                    /* positions between two alpha checkpoints: 4 (default: 128 registers, so
                                   16 warps per SM) or 8 (half the checkpoint traffic; faster for small
                                   batches, docs/gpu-turbo.md) */
    int lanes;                  /* codewords per thread: 1 (default), or 2 in the 16-bit halves of the
                                   metric registers (fixed mode with 8-bit storage only; ncw even) */
} fg_gpu_turbo_cfg;

fg_gpu_turbo_cfg fg_gpu_turbo_cfg_default(void);

typedef struct fg_gpu_turbo fg_gpu_turbo;

int fg_gpu_turbo_create(fg_std std, int K, const fg_gpu_turbo_cfg *cfg, fg_gpu_turbo **out);
void fg_gpu_turbo_destroy(fg_gpu_turbo *dec);

/* Codewords per batch: NS x NCW x NMCW. */
int fg_gpu_turbo_batch(const fg_gpu_turbo *dec);

/* Fixed mode: decode `count` codewords (1 <= count <= batch) of quantised channel LLRs in the natural layout
 * (N = 3K + 12 each, codeword after codeword; each within the channel format, else FG_EINVAL naming the
 * index). bits (count x K), app (count x K, may be NULL) and half_iters (count, may be NULL) as
 * fg_turbo_fixed_decode and fg_turbo_fixed_app give them. */
int fg_gpu_turbo_decode(fg_gpu_turbo *dec, int count, const int32_t *q, uint8_t *bits, int32_t *app,
                        int *half_iters);
/* Float mode: the same for channel LLRs as fg_turbo_dec_run takes them (finite, else FG_EINVAL naming the
 * index; clipped at +-FG_TURBO_LLR_CLIP), the APPs as it gives them. */
int fg_gpu_turbo_decode_float(fg_gpu_turbo *dec, int count, const double *llr, uint8_t *bits, double *app,
                              int *half_iters);

/* Throughput and latency of full batches of the channel at ebn0_db (frames of the turbo family, seed 1,
 * made once on the host): `batches` timed repetitions after a warm-up; the kernels alone (events) and
 * with transfers. */
int fg_gpu_turbo_bench(fg_gpu_turbo *dec, double ebn0_db, int batches, fg_impl_timing *out);

/* The fused kernel's own code (the same source, compiled for the host) run on the CPU thread after thread,
 * for checks on machines without a device: count codewords of q with the C model's configuration fx, seg
 * positions between alpha checkpoints and `lanes` codewords per thread, results as fg_gpu_turbo_decode's. Needs no device; FG_ENODEV only in a build without CUDA. */
int fg_gpu_turbo_host_decode(fg_std std, int K, const fg_turbo_fixed_cfg *fx, int seg, int lanes, int count,
                             const int32_t *q, uint8_t *bits, int32_t *app, int *half_iters);
/* The same in float mode (the decoder fl on kernel, results as fg_gpu_turbo_decode_float's). */
int fg_gpu_turbo_host_decode_float(fg_std std, int K, const fg_turbo_dec_cfg *fl, fg_gpu_turbo_kernel kernel, int seg,
                                   int count, const double *llr, uint8_t *bits, double *app, int *half_iters);

#ifdef __cplusplus
}
#endif
#endif
