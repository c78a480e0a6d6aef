#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/rng.h"

#include <limits.h>
#include <math.h>
#include <stddef.h>

/* Shared argument checks: a length and the buffers it names. */
static int check_len(const char *fn, int N, const void *in, const void *out)
{
    if (N < 0)
        return fg_set_error(FG_EINVAL, "N=%d out of range [0, %d]", N, INT_MAX);
    if (N > 0 && (!in || !out))
        return fg_set_error(FG_EINVAL, "%s: NULL buffer for N=%d", fn, N);
    return 0;
}

/* sigma must be finite and > 0 (positive) or >= 0 (noise may be off). */
static int check_sigma(double sigma, int positive)
{
    if (!isfinite(sigma) || sigma < 0.0 || (positive && sigma == 0.0))
        return fg_set_error(FG_EINVAL, "sigma=%g out of range %s0, inf)", sigma, positive ? "(" : "[");
    return 0;
}

int fg_channel_sigma(double ebn0_db, double rate, double *sigma)
{
    if (!isfinite(ebn0_db) || ebn0_db < -50.0 || ebn0_db > 100.0)
        return fg_set_error(FG_EINVAL, "ebn0_db=%g out of range [-50, 100]", ebn0_db);
    if (!(rate > 0.0 && rate <= 1.0))
        return fg_set_error(FG_EINVAL, "rate=%g out of range (0, 1]", rate);
    if (!sigma)
        return fg_set_error(FG_EINVAL, "fg_channel_sigma: sigma is NULL");
    *sigma = sqrt(1.0 / (2.0 * rate * pow(10.0, ebn0_db / 10.0)));
    return 0;
}

int fg_channel_bpsk(const uint8_t *bits_N, int N, double *x_N)
{
    int rc = check_len("fg_channel_bpsk", N, bits_N, x_N);
    if (rc)
        return rc;
    for (int i = 0; i < N; i++) {
        if (bits_N[i] > 1)
            return fg_set_error(FG_EINVAL, "bits_N[%d]=%u is not a bit (0 or 1)", i,
                                (unsigned)bits_N[i]);
        x_N[i] = bits_N[i] ? -1.0 : 1.0;
    }
    return 0;
}

int fg_channel_bpsk_awgn(const uint8_t *bits_N, int N, double sigma, uint64_t seed, uint64_t stream,
                         double *y_N)
{
    int rc = check_sigma(sigma, 0);
    if (rc || (rc = fg_channel_bpsk(bits_N, N, y_N)))
        return rc;
    /* Gaussian i of the stream is element i % 2 of pair i / 2 (block i / 2). */
    for (int i = 0; i < N; i += 2) {
        double z[2];
        fg_rng_normal2_at(seed, stream, FG_RNG_SUB_NOISE + (uint64_t)(i / 2), z);
        y_N[i] += sigma * z[0];
        if (i + 1 < N)
            y_N[i + 1] += sigma * z[1];
    }
    return 0;
}

int fg_channel_random_bits(int N, uint64_t seed, uint64_t stream, uint8_t *bits_N)
{
    int rc = check_len("fg_channel_random_bits", N, bits_N, bits_N);
    if (rc)
        return rc;
    fg_rng r;
    fg_rng_init_at(&r, seed, stream, FG_RNG_SUB_BITS);
    uint32_t w = 0;
    for (int i = 0; i < N; i++) {
        if (i % 32 == 0)
            w = fg_rng_next_u32(&r);
        bits_N[i] = (uint8_t)((w >> (i % 32)) & 1u);
    }
    return 0;
}

int fg_channel_llr(const double *y_N, int N, double sigma, double *llr_N)
{
    int rc = check_len("fg_channel_llr", N, y_N, llr_N);
    if (rc || (rc = check_sigma(sigma, 1)))
        return rc;
    const double g = 2.0 / (sigma * sigma);
    for (int i = 0; i < N; i++)
        llr_N[i] = g * y_N[i];
    return 0;
}

int fg_llr_quantize(const double *llr_N, int N, int width, int frac, int32_t *q_N)
{
    int rc = check_len("fg_llr_quantize", N, llr_N, q_N);
    if (rc)
        return rc;
    if (width < FG_LLR_WIDTH_MIN || width > FG_LLR_WIDTH_MAX)
        return fg_set_error(FG_EINVAL, "width=%d out of range [%d, %d]", width, FG_LLR_WIDTH_MIN,
                            FG_LLR_WIDTH_MAX);
    if (frac < 0 || frac > width - 1)
        return fg_set_error(FG_EINVAL, "frac=%d out of range [0, %d] for width=%d", frac, width - 1, width);
    for (int i = 0; i < N; i++)
        if (isnan(llr_N[i]))
            return fg_set_error(FG_EINVAL, "llr_N[%d]=nan is not a number", i);
    for (int i = 0; i < N; i++)
        q_N[i] = fg_fx_quantize(llr_N[i], width, frac);
    return 0;
}
