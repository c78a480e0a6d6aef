/* The BER/FER engine of every decoder family and implementation (docs/architecture.md "Families"):
 * frames in batches, decoded by workers (CPU threads, or one per GPU) that take frame ranges from a
 * shared counter, per-frame results counted in frame order. A point ends at the first frame (in frame
 * order) at which the frame errors reach min_fe, or after max_frames frames; its counts are exactly
 * those of the frames up to there. Frame f draws everything random from Philox stream f of the seed,
 * so every count is a pure function of (family, configuration, seed, point, min_fe, max_frames),
 * whatever the number of workers and however the frames were split among them. */
#ifndef FECFORGE_BER_H
#define FECFORGE_BER_H

#include <stdint.h>

#include "fecforge/channel.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_BER_WORKERS_MAX = 256 };
#define FG_BER_FRAMES_MAX (1ll << 40)

/* What one frame contributes. */
typedef struct {
    int32_t bit_errors;  /* information bits decided wrongly */
    int32_t work;        /* the family's work counter: iterations, half-iterations, node visits */
    int8_t frame_error;  /* 1: the frame was not decoded correctly (an erasure counts as one) */
    int8_t erasure;      /* 1: the decoder gave up on the frame (counted, not guessed); its bit_errors are k */
} fg_ber_frame;

/* Why a point ended. */
typedef enum { FG_BER_STOP_MIN_FE = 0, FG_BER_STOP_MAX_FRAMES = 1, FG_BER_STOP_INTERRUPTED = 2 } fg_ber_stop;

/* The result of one point (or, in a progress callback, of the frames counted so far). */
typedef struct {
    double x;                 /* the point on the channel's axis (Eb/N0 in dB for AWGN) */
    double rate;              /* information bits per channel symbol of the code */
    double param[FG_CHANNEL_PARAMS_MAX]; /* the channel's parameters at x (AWGN: sigma; its param_keys) */
    long long frames;         /* frames counted (0 .. the stopping frame) */
    long long frame_errors;   /* frames not decoded correctly, erasures included */
    long long erasures;       /* frames the decoder gave up on */
    long long bit_errors;     /* information-bit errors */
    long long work;           /* the work counter, summed over the frames */
    long long work_erased;    /* ... over the erased frames */
    double fer, ber, avg_work; /* frame_errors / frames, bit_errors / (frames k), work / (frames work_div) */
    /* the same over the frames decoded (not erased: an erasure counts its k bits as lost in ber) */
    double ber_decoded, avg_work_decoded;
    double seconds;           /* wall-clock time of the point */
    fg_ber_stop stop;
} fg_ber_point;

/* The workers of a run: slot s in [0, workers) gets its own worker (its buffers and decoder, on device
 * s for a GPU implementation). run decodes frames first .. first + count - 1 into res_count. */
typedef struct {
    int workers;                   /* [1, FG_BER_WORKERS_MAX] */
    long long min_fe, max_frames;  /* [1, FG_BER_FRAMES_MAX] */
    int info_bits;                 /* k, for the BER */
    double work_div;               /* avg_work = work / (frames work_div): 1, or 2 for half-iterations */
    void *ctx;
    int (*worker_create)(void *ctx, int slot, void **worker); /* error code + message */
    void (*worker_destroy)(void *worker);                     /* accepts NULL */
    /* Frames a worker takes at a time (GPU: its batch); NULL: 1 (CPU threads pull frame by frame). */
    int (*worker_chunk)(void *worker);
    int (*run)(void *worker, long long first, int count, fg_ber_frame *res_count);
    /* After each round, by the calling thread, with the frame-ordered counts so far (x, rate, param
     * filled in by the caller's own struct if it wants them). Returning non-zero stops the run: the
     * point keeps the frames counted so far and ends FG_BER_STOP_INTERRUPTED. May be NULL. */
    int (*progress)(void *progress_ctx, const fg_ber_point *so_far);
    void *progress_ctx;
} fg_ber_engine;

/* Run one point until its stop rule. out->x, rate and param are left as the caller set them in *out
 * (the engine fills the counts, rates, seconds and stop). FG_EINVAL for bad settings, FG_ENOMEM, or
 * a worker's failure with "frame F: <message>". */
int fg_ber_engine_run(const fg_ber_engine *e, fg_ber_point *out);

/* The point on the axis at which a curve (x_n ascending, fer_n) reaches fer_target, interpolated
 * linearly in log10(FER) between the first two consecutive points with fer[i] >= fer_target >=
 * fer[i+1] > 0. FG_EINVAL when not bracketed, fer_target outside (0, 1), or x not ascending. */
int fg_ber_x_at_fer(const fg_ber_point *points_n, int n, double fer_target, double *x);

/* Monotonic wall-clock seconds. */
double fg_ber_now(void);

#ifdef __cplusplus
}
#endif
#endif
