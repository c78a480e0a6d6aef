/* BPSK over AWGN along Eb/N0, and the BSC of its hard decisions (fecforge/channel.h, docs/channels.md). */
#include "fecforge/channel.h"
#include "fecforge/error.h"

#include <math.h>

/* The axis of both: Eb/N0 in dB. */
#define EBN0_AXIS                                                                                                      \
    .axis = "ebn0", .axis_label = "Eb/N0", .axis_unit = "dB", .axis_plot = "E_b/N_0 [dB]", .axis_format = "%.3f",    \
    .lo = -50, .hi = 100, .axis_point = "2", .axis_points = "1,2,3"

static int awgn_point(const void *cfg, double x, double rate, fg_channel_point *pt)
{
    (void)cfg;
    return fg_channel_sigma(x, rate, &pt->v[0]);
}

/* The samples y = BPSK(sent) + sigma n of frame f: Gaussian i of Philox stream f (fg_channel_bpsk_awgn). */
static int awgn_transmit(const fg_channel_point *pt, const uint8_t *sent_n, int n, int n_rx_max, uint64_t seed,
                         long long f, int q_width, int q_frac, fg_frame *fr)
{
    (void)n_rx_max;
    const double sigma = pt->v[0];
    int rc;
    if ((rc = fg_channel_bpsk_awgn(sent_n, n, sigma, seed, (uint64_t)f, fr->llr)) ||
        (rc = fg_channel_llr(fr->llr, n, sigma, fr->llr)))
        return rc;
    fr->n_rx = n;
    return q_width ? fg_llr_quantize(fr->llr, n, q_width, q_frac, fr->llr_q) : 0;
}

const fg_channel fg_channel_awgn = {
    .name = "bpsk-awgn",
    .summary = "BPSK over additive white Gaussian noise: channel LLRs 2y/sigma^2",
    EBN0_AXIS,
    .param_keys = {"sigma", NULL},
    .rx = FG_RX_LLR,
    .point = awgn_point,
    .transmit = awgn_transmit,
};

/* ---- the BSC: hard decisions of the same samples ---- */

/* sigma, then the crossover probability p = Q(1/sigma) of a hard decision on y. */
static int bsc_point(const void *cfg, double x, double rate, fg_channel_point *pt)
{
    (void)cfg;
    const int rc = fg_channel_sigma(x, rate, &pt->v[0]);
    pt->v[1] = rc ? 0 : 0.5 * erfc(1.0 / (pt->v[0] * sqrt(2.0)));
    return rc;
}

/* Bit i is 1 where y_i < 0 (y_i = 0 decides 0, the lower index); its LLR is +-log((1-p)/p), p at least
 * 1e-300 (Eb/N0 beyond 40 dB gives p = 0: the LLR saturates at about 690 instead of growing to inf). */
static int bsc_transmit(const fg_channel_point *pt, const uint8_t *sent_n, int n, int n_rx_max, uint64_t seed,
                        long long f, int q_width, int q_frac, fg_frame *fr)
{
    (void)n_rx_max;
    const int rc = fg_channel_bpsk_awgn(sent_n, n, pt->v[0], seed, (uint64_t)f, fr->llr);
    if (rc)
        return rc;
    const double p = pt->v[1] > 1e-300 ? pt->v[1] : 1e-300, lc = log((1.0 - p) / p);
    for (int i = 0; i < n; i++) {
        fr->rx[i] = fr->llr[i] < 0;
        fr->llr[i] = fr->rx[i] ? -lc : lc;
    }
    fr->n_rx = n;
    return q_width ? fg_llr_quantize(fr->llr, n, q_width, q_frac, fr->llr_q) : 0;
}

const fg_channel fg_channel_bsc = {
    .name = "bsc",
    .summary = "the binary symmetric channel of hard decisions on BPSK/AWGN: crossover p = Q(sqrt(2 R Eb/N0))",
    EBN0_AXIS,
    .param_keys = {"sigma", "p", NULL},
    .rx = FG_RX_BITS,
    .with_llr = 1,
    .point = bsc_point,
    .transmit = bsc_transmit,
};
