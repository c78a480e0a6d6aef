// Channel LLRs of one turbo frame for the SISO harness (testbench/xmap_siso):
// a codeword through BPSK/AWGN at 0.5 dB, quantised in the default formats (fg_llr_quantize), or a
// saturated stress frame (every channel LLR +-max, random signs). Frame = Philox stream `stream`.
#ifndef FG_TB_TURBO_FRAME_H
#define FG_TB_TURBO_FRAME_H

extern "C" {
#include "fecforge/channel.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_fixed.h"
}

#include <cstdint>
#include <vector>

inline int fg_tb_turbo_frame(fg_std std, int K, int stress, uint64_t stream, std::vector<int32_t> &q)
{
    const int N = 3 * K + FG_TURBO_TAIL;
    const fg_xmap_fmt f = fg_xmap_fmt_default();
    const int32_t max = (1 << (f.w_ch - 1)) - 1;
    q.assign((size_t)N, 0);
    std::vector<uint8_t> u((size_t)K), cw((size_t)N), r((size_t)N);
    std::vector<double> y((size_t)N);
    int rc;
    if (stress) {
        if ((rc = fg_channel_random_bits(N, 5, stream, r.data())))
            return rc;
        for (int i = 0; i < N; i++)
            q[(size_t)i] = r[(size_t)i] ? -max : max;
        return 0;
    }
    double sigma;
    if ((rc = fg_channel_random_bits(K, 3, stream, u.data())) || (rc = fg_turbo_encode(std, K, u.data(), cw.data())) ||
        (rc = fg_channel_sigma(0.5, (double)K / N, &sigma)) ||
        (rc = fg_channel_bpsk_awgn(cw.data(), N, sigma, 3, stream, y.data())) ||
        (rc = fg_channel_llr(y.data(), N, sigma, y.data())))
        return rc;
    return fg_llr_quantize(y.data(), N, f.w_ch, f.f_ch, q.data());
}

#endif
