/* GPU QC-LDPC decoders (docs/gpu-ldpc.md): a C host API over CUDA kernels.
 *
 * Two decoders, each in two arithmetic modes:
 *  - FG_GPU_LDPC_THESIS: the GPU decoder of thesis 3.4-3.6, faithfully: a CNP kernel (grid = layers
 *    x NMCW, block = Z padded to a warp multiple x NCW, two-min check nodes, Q = L - R on the fly)
 *    and a VNP kernel (grid = block columns x NMCW) that adds the R' - R deltas to L; only R (one
 *    value per edge) and L live in device memory ("loosely coupled"); the compact H sits in constant
 *    memory; L and the deltas pass through shared memory so every global access is coalesced; a
 *    third kernel checks the syndrome and sets a per-codeword tag (tag-based early termination).
 *    With the schedule's K layers per macro-layer the two kernels run once per macro-layer; K = mb is
 *    the thesis's flooding decoder.
 *  - FG_GPU_LDPC_FUSED: one thread block owns NCW codewords and runs every iteration of them in one
 *    launch: one thread per (codeword, check row), APP values and the compressed R-Regfile (two
 *    scaled minima, the position of the first, one sign bit per block) in shared memory, the row's
 *    edges in registers.
 *  - FG_GPU_LDPC_EDGE: the fused decoder with one thread per edge instead of per row: a row is a
 *    group of 8, 16 or 32 lanes of a warp, the two-min search a shuffle butterfly and the sign bits a
 *    ballot, so a layer's critical path is one edge's work: the lowest latency for small batches.
 * Fixed mode (cfg.fixed = 1) is bit-exact with the C model fg_ldpc_fixed (fecforge/ldpc_decoder.h):
 * the same fecforge/fixed.h primitives in the same schedule, so hard decisions, iteration counts and
 * final APP values are equal. Float mode runs the float reference algorithm (min-sum rules MS, NMS,
 * OMS; K-layer schedule) in float32.
 *
 * Work is issued in batches of streams x ncw x nmcw codewords: NS CUDA streams, each with NMCW
 * thread blocks of NCW codewords, issued depth first (per stream: copy in, every iteration, copy
 * out) from pinned host memory.
 *
 * Errors (fecforge/error.h): FG_ENODEV when no CUDA device is present or the library was built
 * without CUDA; FG_ENOMEM when device or pinned memory runs out; FG_EINVAL for an unsupported code or
 * configuration (the message names the parameter and its valid range) and for more frames than one
 * batch holds. A failed call writes no partial results. */
#ifndef FECFORGE_GPU_LDPC_GPU_H
#define FECFORGE_GPU_LDPC_GPU_H

#include <stdint.h>

#include "fecforge/ldpc_code.h"
#include "fecforge/ldpc_decoder.h"
#include "fecforge_gpu/gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { FG_GPU_LDPC_FUSED = 0, FG_GPU_LDPC_THESIS = 1, FG_GPU_LDPC_EDGE = 2 } fg_gpu_ldpc_kernel;

/* Limits of the GPU decoders (checked at create). */
enum {
    FG_GPU_LDPC_ROW_DEG_MAX = 32,   /* blocks per layer (the sign bits of a row fill one word) */
    FG_GPU_LDPC_APP_WIDTH_MAX = 16, /* fixed mode: APP and LLR values are kept in 16 bits */
    FG_GPU_LDPC_R_WIDTH_MAX = 11,   /* fixed mode: scaled minima are packed in 10 bits each */
    FG_GPU_LDPC_STREAMS_MAX = 64,
    FG_GPU_LDPC_NCW_MAX = 32,
    FG_GPU_LDPC_NMCW_MAX = 65535,
    FG_GPU_LDPC_THESIS_BLOCKS_MAX = 1024 /* non-zero blocks of a code in one constant-memory slot */
};

typedef struct {
    int device;                /* CUDA device index, default 0 */
    fg_gpu_ldpc_kernel kernel; /* default FG_GPU_LDPC_FUSED */
    int fixed;                 /* 1 (default): bit-exact fixed mode with fx; 0: float mode with dec */
    fg_ldpc_fixed_cfg fx;      /* default fg_ldpc_fixed_cfg_default() */
    fg_ldpc_dec_cfg dec;       /* float mode: alg MS/NMS/OMS (SPA is CPU only), schedule/layers,
                                  max_iter, early_term; default fg_ldpc_dec_cfg_default() */
    int streams;               /* NS, [1, 64], default 1 */
    int ncw;                   /* codewords per thread block (NCW), [1, 32], default 2; the fused
                                  decoder also needs ncw * z <= 1024 */
    int nmcw;                  /* thread blocks (macro-codewords) per stream (NMCW), [1, 65535],
                                  default 64 */
} fg_gpu_ldpc_cfg;

fg_gpu_ldpc_cfg fg_gpu_ldpc_cfg_default(void);

typedef struct fg_gpu_ldpc fg_gpu_ldpc;

/* The decoder keeps a pointer to code, which must outlive it. */
int fg_gpu_ldpc_create(const fg_ldpc_code *code, const fg_gpu_ldpc_cfg *cfg, fg_gpu_ldpc **out);
void fg_gpu_ldpc_destroy(fg_gpu_ldpc *dec);

/* Codewords per batch: streams * ncw * nmcw. */
int fg_gpu_ldpc_batch(const fg_gpu_ldpc *dec);

/* Decode `count` codewords (1 <= count <= batch) from host LLRs, codeword after codeword (n values
 * each). Fixed mode: llr_q quantised channel LLRs (within llr_width bits, else FG_EINVAL), app as
 * int32; float mode: llr_f floats, app_f. bits (count * n), app (may be NULL) and iterations (count,
 * may be NULL) as for fg_ldpc_fixed_decode / fg_ldpc_dec_decode. */
int fg_gpu_ldpc_decode_fixed(fg_gpu_ldpc *dec, int count, const int32_t *llr_q, uint8_t *bits, int32_t *app,
                             int *iterations);
int fg_gpu_ldpc_decode_float(fg_gpu_ldpc *dec, int count, const float *llr_f, uint8_t *bits, float *app_f,
                             int *iterations);

/* Frames generated on the GPU: frame f (first <= f < first + count, count <= batch) is exactly the
 * frame of the ldpc family (fecforge/family.h) for (seed, f): information bits fg_channel_random_bits, the systematic
 * codeword, BPSK + AWGN of standard deviation sigma (fg_channel_bpsk_awgn), LLR 2y/sigma^2, quantised
 * with fg_llr_quantize in fixed mode or rounded to float. Always filled: bit_errors (information bits
 * wrong), frame_error (any of the n bits wrong) and iterations, count each. Optional (NULL: not
 * copied back): llr_q / llr_f (the decoder's inputs, count * n), bits (count * n hard decisions),
 * app / app_f (count * n). */
typedef struct {
    int32_t *bit_errors;
    uint8_t *frame_error;
    int *iterations;
    int32_t *llr_q;
    float *llr_f;
    uint8_t *bits;
    int32_t *app;
    float *app_f;
} fg_gpu_ldpc_frames_out;

int fg_gpu_ldpc_frames(fg_gpu_ldpc *dec, uint64_t seed, long long first, int count, double sigma,
                       const fg_gpu_ldpc_frames_out *out);


/* Throughput and latency of full batches (random LLRs of the channel at ebn0_db, generated once on the
 * host). `batches` timed repetitions after one warm-up. */
typedef struct {
    int batch;                /* codewords per batch */
    double kernel_ms;         /* median device time of one batch's decoding, no transfers (events) */
    double total_ms;          /* median wall time of one batch with transfers (host LLRs in, bits out) */
    double latency_ms;        /* median time from a stream's first copy-in to its last copy-out */
    double coded_mbps_kernel, info_mbps_kernel; /* batch * n (k) bits / kernel_ms */
    double coded_mbps_total, info_mbps_total;   /* ... / total_ms */
} fg_gpu_ldpc_timing;

int fg_gpu_ldpc_bench(fg_gpu_ldpc *dec, double ebn0_db, int batches, fg_gpu_ldpc_timing *out);

#ifdef __cplusplus
}
#endif
#endif
