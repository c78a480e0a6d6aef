/* Turbo-code frame- and bit-error-rate simulation (docs/turbo.md "BER/FER studies"): BPSK over AWGN
 * (fecforge/channel.h) decoded by the float reference decoder (fecforge/turbo.h) or the fixed-point
 * model (fecforge/turbo_fixed.h).
 *
 * Frame f (f = 0, 1, 2, ...) of a point: K equiprobable information bits from
 * fg_channel_random_bits(K, seed, f), the codeword fg_turbo_encode in the natural layout (N = 3K + 12
 * values: the transmission order does not matter over a memoryless channel), BPSK + noise
 * fg_channel_bpsk_awgn(..., sigma, seed, f), channel LLRs fg_channel_llr (the fixed model quantises
 * them with its channel format). sigma comes from fg_channel_sigma(ebn0_db, K / (3K + 12)). A frame
 * is a frame error when any of the K decoded bits differs; bit errors are counted over the K bits.
 *
 * Stopping and threads exactly as fecforge/ldpc_ber.h: the point ends at the first frame (in frame
 * order) at which the frame errors reach min_fe, or at frame max_frames - 1, and every count is a
 * pure function of (std, K, decoder, seed, ebn0_db, min_fe, max_frames), whatever the thread count. */
#ifndef FECFORGE_TURBO_BER_H
#define FECFORGE_TURBO_BER_H

#include <stdint.h>

#include "fecforge/turbo.h"
#include "fecforge/turbo_fixed.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_TURBO_BER_THREADS_MAX = 256 };
#define FG_TURBO_BER_FRAMES_MAX (1ll << 40)

typedef enum { FG_TURBO_BER_STOP_MIN_FE = 0, FG_TURBO_BER_STOP_MAX_FRAMES = 1 } fg_turbo_ber_stop;

/* The result of one Eb/N0 point (or, in a progress callback, of the frames counted so far); the
 * fields of fg_ldpc_ber_point. */
typedef struct {
    double ebn0_db;
    double rate;              /* K / (3K + 12) */
    double sigma;             /* noise standard deviation per real dimension */
    long long frames;         /* frames simulated (0 .. the stopping frame) */
    long long frame_errors;   /* frames with at least one wrong information bit */
    long long bit_errors;     /* information-bit errors */
    long long iterations;     /* half-iterations run, summed over the frames */
    double fer, ber, avg_iter; /* frame_errors / frames, bit_errors / (frames K), iterations / (2 frames):
                                * avg_iter is in full iterations (5.5 for 11 half-iterations) */
    double seconds;           /* wall-clock time of the point */
    fg_turbo_ber_stop stop;   /* why the point ended */
} fg_turbo_ber_point;

typedef struct {
    int fixed;              /* 0 (default): float decoder with `dec`; 1: fixed-point model with `fx` */
    fg_turbo_dec_cfg dec;   /* default fg_turbo_dec_cfg_default() */
    fg_turbo_fixed_cfg fx;  /* default fg_turbo_fixed_cfg_default(); its observer must be NULL */
    uint64_t seed;          /* default 1 */
    long long min_fe;       /* [1, FG_TURBO_BER_FRAMES_MAX], default 100 */
    long long max_frames;   /* [1, FG_TURBO_BER_FRAMES_MAX], default 1000000 */
    int threads;            /* [1, FG_TURBO_BER_THREADS_MAX], default 1 */
    /* Optional: called by the calling thread after every batch with the frame-ordered counts so
     * far (fer/ber/avg_iter/seconds filled in). NULL: no calls. */
    void (*progress)(void *ctx, const fg_turbo_ber_point *so_far);
    void *progress_ctx;
} fg_turbo_ber_cfg;

fg_turbo_ber_cfg fg_turbo_ber_cfg_default(void);

/* Simulate one Eb/N0 point (ebn0_db in [-50, 100]) of block size K of std. The decoder
 * configuration is checked by the decoder's create function (its message names the parameter).
 * FG_EINVAL for bad arguments, the decoder's code if it fails on a frame, FG_ENOMEM. */
int fg_turbo_ber_run(fg_std std, int K, const fg_turbo_ber_cfg *cfg, double ebn0_db, fg_turbo_ber_point *out);

/* As fg_ldpc_ber_ebn0_at: the Eb/N0 at which the curve reaches fer_target, interpolated in
 * log10(FER) between the first bracketing pair of consecutive points (ascending Eb/N0). */
int fg_turbo_ber_ebn0_at(const fg_turbo_ber_point *points_n, int n, double fer_target, double *ebn0_db);

#ifdef __cplusplus
}
#endif
#endif
