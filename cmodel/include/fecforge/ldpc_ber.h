/* LDPC frame- and bit-error-rate simulation (docs/ldpc.md, "BER/FER studies"): BPSK over AWGN
 * (fecforge/channel.h) decoded by a float reference decoder or the fixed-point model
 * (fecforge/ldpc_decoder.h).
 *
 * Frame f (f = 0, 1, 2, ...) of a point: k equiprobable information bits from
 * fg_channel_random_bits(k, seed, f), the systematic codeword fg_ldpc_encode, BPSK + noise
 * fg_channel_bpsk_awgn(..., sigma, seed, f), channel LLRs fg_channel_llr (quantised with
 * fg_llr_quantize at the fixed model's llr_width / llr_frac for the fixed decoder). sigma comes from
 * fg_channel_sigma(ebn0_db, k / n). A frame is a frame error when the hard decisions differ from the
 * transmitted codeword in any of the n bits; bit errors are counted over the k information bits.
 *
 * Stopping: the point ends at the first frame (in frame order) at which the frame errors reach
 * min_fe, or at frame max_frames - 1; the counts are exactly those of frames 0 .. that frame. Frames
 * are decoded in batches by `threads` threads, and the stop rule is applied to the frame-ordered
 * results, so every count is a pure function of (code, decoder, seed, ebn0_db, min_fe, max_frames),
 * whatever the thread count. */
#ifndef FECFORGE_LDPC_BER_H
#define FECFORGE_LDPC_BER_H

#include <stdint.h>

#include "fecforge/ldpc_code.h"
#include "fecforge/ldpc_decoder.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_LDPC_BER_THREADS_MAX = 256 };
#define FG_LDPC_BER_FRAMES_MAX (1ll << 40)

typedef enum { FG_LDPC_BER_STOP_MIN_FE = 0, FG_LDPC_BER_STOP_MAX_FRAMES = 1 } fg_ldpc_ber_stop;

/* The result of one Eb/N0 point (or, in a progress callback, of the frames counted so far). */
typedef struct {
    double ebn0_db;
    double rate;              /* k / n */
    double sigma;             /* noise standard deviation per real dimension */
    long long frames;         /* frames simulated (0 .. the stopping frame) */
    long long frame_errors;   /* frames whose decoded codeword differs from the transmitted one */
    long long bit_errors;     /* information-bit errors */
    long long iterations;     /* decoder iterations, summed over the frames */
    double fer, ber, avg_iter; /* frame_errors / frames, bit_errors / (frames k), iterations / frames */
    double seconds;           /* wall-clock time of the point */
    fg_ldpc_ber_stop stop;    /* why the point ended */
} fg_ldpc_ber_point;

typedef struct {
    int fixed;              /* 0 (default): float decoder with `dec`; 1: fixed-point model with `fx` */
    fg_ldpc_dec_cfg dec;    /* default fg_ldpc_dec_cfg_default() */
    fg_ldpc_fixed_cfg fx;   /* default fg_ldpc_fixed_cfg_default() */
    uint64_t seed;          /* default 1 */
    long long min_fe;       /* [1, FG_LDPC_BER_FRAMES_MAX], default 100 */
    long long max_frames;   /* [1, FG_LDPC_BER_FRAMES_MAX], default 1000000 */
    int threads;            /* [1, FG_LDPC_BER_THREADS_MAX], default 1 */
    /* Optional: called by the calling thread after every batch with the frame-ordered counts so
     * far (fer/ber/avg_iter/seconds filled in). Batches grow from 16 frames per thread to at most
     * 1024 frames per thread. NULL: no calls. */
    void (*progress)(void *ctx, const fg_ldpc_ber_point *so_far);
    void *progress_ctx;
} fg_ldpc_ber_cfg;

fg_ldpc_ber_cfg fg_ldpc_ber_cfg_default(void);

/* Simulate one Eb/N0 point (ebn0_db in [-50, 100]). The decoder configuration is checked by the
 * decoder's create function (its message names the parameter). FG_EINVAL for bad arguments, the
 * decoder's code if it fails on a frame, FG_ENOMEM, FG_ESTATE if a thread cannot be started. */
int fg_ldpc_ber_run(const fg_ldpc_code *code, const fg_ldpc_ber_cfg *cfg, double ebn0_db, fg_ldpc_ber_point *out);

/* The Eb/N0 at which a curve reaches fer_target, interpolated linearly in log10(FER) between the
 * first two consecutive points (in the order given, which must be ascending Eb/N0) with
 * fer[i] >= fer_target >= fer[i+1] > 0. fer_target in (0, 1). FG_EINVAL when no such pair exists
 * (the curve does not cross the target, or the point below it has no frame errors). */
int fg_ldpc_ber_ebn0_at(const fg_ldpc_ber_point *points_n, int n, double fer_target, double *ebn0_db);

#ifdef __cplusplus
}
#endif
#endif
