/* BPSK over AWGN, channel LLRs and their quantisation (docs/arithmetic.md).
 * BPSK maps bit 0 -> +1, bit 1 -> -1; y = x + sigma * n with n standard Gaussian;
 * LLR = log(P(bit=0 | y) / P(bit=1 | y)) = 2 y / sigma^2, positive means 0.
 * Noise of frame f comes from Philox stream f (fecforge/rng.h), Gaussian i of the stream
 * (pair i/2 = block i/2 of sub-stream FG_RNG_SUB_NOISE), so a frame's samples do not depend on
 * which thread computes it, nor on the order of frames, and a shorter frame is a prefix of a
 * longer one. */
#ifndef FECFORGE_CHANNEL_H
#define FECFORGE_CHANNEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_LLR_WIDTH_MIN = 2, FG_LLR_WIDTH_MAX = 16 };

/* sigma = sqrt(1 / (2 R 10^(EbN0/10))) for unit-energy BPSK symbols carrying R information
 * bits each. ebn0_db finite in [-50, 100], rate in (0, 1]. */
int fg_channel_sigma(double ebn0_db, double rate, double *sigma);

/* x_N[i] = +1 for bits_N[i] = 0, -1 for 1. Every bit must be 0 or 1. */
int fg_channel_bpsk(const uint8_t *bits_N, int N, double *x_N);

/* y_N = BPSK(bits_N) + sigma * noise, noise from (seed, stream). sigma finite, >= 0.
 * y_N must not overlap bits_N. */
int fg_channel_bpsk_awgn(const uint8_t *bits_N, int N, double sigma, uint64_t seed, uint64_t stream,
                         double *y_N);

/* N equiprobable information bits of frame `stream`, from sub-stream FG_RNG_SUB_BITS (so they are
 * independent of that frame's noise): bit i is bit (i % 32) of word i / 32. */
int fg_channel_random_bits(int N, uint64_t seed, uint64_t stream, uint8_t *bits_N);

/* llr_N[i] = 2 y_N[i] / sigma^2. sigma finite, > 0. llr_N may equal y_N. */
int fg_channel_llr(const double *y_N, int N, double sigma, double *llr_N);

/* q_N[i] = fg_fx_quantize(llr_N[i], width, frac): round(llr * 2^frac), halves away from zero,
 * saturated to +-(2^(width-1)-1). width in [2, 16], frac in [0, width-1]; a NaN LLR is an error. */
int fg_llr_quantize(const double *llr_N, int N, int width, int frac, int32_t *q_N);

#ifdef __cplusplus
}
#endif
#endif
