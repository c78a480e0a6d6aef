/* The generic part of the BER/FER simulations (ldpc_ber.c, turbo_ber.c): frames in batches, decoded
 * by a pool of threads that take frame indices from an atomic counter, per-frame results counted in
 * frame order, so the stop rule and every count are independent of the thread count. Internal. */
#ifndef FG_BER_ENGINE_H
#define FG_BER_ENGINE_H

#include <stdint.h>

/* What one frame contributes. */
typedef struct {
    int32_t bit_errors;
    int16_t iterations;
    int8_t frame_error;
} fg_ber_frame;

/* Frame-ordered counts of frames 0 .. frames - 1. */
typedef struct {
    long long frames, frame_errors, bit_errors, iterations;
    int stopped_min_fe; /* 1: ended at min_fe frame errors; 0: at max_frames */
    double seconds;     /* wall-clock time since the start of the run */
} fg_ber_counts;

typedef struct {
    int threads;                /* >= 1 */
    long long min_fe, max_frames; /* >= 1 */
    const char *what;           /* for messages: "ldpc ber", "turbo ber" */
    /* One worker per thread: its buffers and decoder, created from ctx (error code + message). */
    void *ctx;
    int (*worker_create)(void *ctx, void **worker);
    void (*worker_destroy)(void *worker); /* accepts NULL */
    /* Frame f (its own Philox stream f) into *r; error code + message on failure. */
    int (*frame)(void *worker, long long f, fg_ber_frame *r);
    /* After each batch, by the calling thread (may be NULL). Batches grow from 16 frames per thread
     * to at most 1024 frames per thread. */
    void (*progress)(void *progress_ctx, const fg_ber_counts *so_far);
    void *progress_ctx;
} fg_ber_engine;

/* Run until min_fe frame errors (at that frame) or max_frames frames. A frame's failure is
 * returned with "frame F: <message>". FG_ENOMEM, or the worker's code. */
int fg_ber_engine_run(const fg_ber_engine *e, fg_ber_counts *out);

/* The Eb/N0 at which a curve (ebn0_n ascending, fer_n) reaches fer_target, interpolated linearly in
 * log10(FER) between the first two consecutive points with fer[i] >= fer_target >= fer[i+1] > 0.
 * FG_EINVAL when not bracketed, fer_target outside (0, 1), or Eb/N0 not ascending. */
int fg_ber_ebn0_at(const double *ebn0_n, const double *fer_n, int n, double fer_target, double *ebn0_db);

/* Monotonic wall-clock seconds. */
double fg_ber_now(void);

#endif
