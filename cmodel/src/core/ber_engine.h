/* The generic part of the BER/FER simulations (ldpc_ber.c, turbo_ber.c): frames in batches, decoded
 * by a pool of threads that take frame indices from an atomic counter, per-frame results counted in
 * frame order, so the stop rule and every count are independent of the thread count. Internal. */
#ifndef FG_BER_ENGINE_H
#define FG_BER_ENGINE_H

#include <stddef.h>
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

/* The checks of a run's stop rule and threads: min_fe and max_frames in [1, frames_max], threads in
 * [1, threads_max]. FG_EINVAL naming the parameter. */
int fg_ber_check_run(long long min_fe, long long max_frames, int threads, long long frames_max, int threads_max);

/* The rates of counts c (no frames count as one): fer, ber over info_bits bits a frame, avg_iter in
 * units of iter_div counted iterations (1; 2 where the decoder counts half-iterations). */
void fg_ber_rates(const fg_ber_counts *c, int info_bits, double iter_div, double *fer, double *ber, double *avg_iter);

/* The Eb/N0 at which a curve (ebn0_n ascending, fer_n) reaches fer_target, interpolated linearly in
 * log10(FER) between the first two consecutive points with fer[i] >= fer_target >= fer[i+1] > 0.
 * FG_EINVAL when not bracketed, fer_target outside (0, 1), or Eb/N0 not ascending. */
int fg_ber_ebn0_at(const double *ebn0_n, const double *fer_n, int n, double fer_target, double *ebn0_db);

/* fg_ber_ebn0_at over the n records (size bytes each) of a public point array: ebn0_db and fer are the
 * doubles at byte offsets ebn0_off and fer_off. who names the public function in messages. */
int fg_ber_points_ebn0_at(const char *who, const void *points, size_t size, size_t ebn0_off, size_t fer_off, int n,
                          double fer_target, double *ebn0_db);

/* Monotonic wall-clock seconds. */
double fg_ber_now(void);

#endif
