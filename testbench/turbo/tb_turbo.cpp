// Checks the turbo decoder core (rtl/lib/fg_turbo_core.v, docs/rtl-turbo.md) with the checked-in LTE
// IAG of 64 lanes (tb_turbo.v: the thesis's LTE side, P 16, L <= 384) cycle by cycle against the step
// model fg_turbo_arch (data FIXED) of the shared design (path shared, P 16): each block size runs the
// configuration fg_turbo_arch_resolve picks for it (P' <= 16 SISOs, direct writes), the RTL gets K,
// C0 = L/4, the half-iterations and the tails as its static inputs and the channel words through
// its load port, then start_i in the model's cycle 0. Compared:
//   every cycle        state, half-iteration, tau, half_end; per lane the read (valid; position, bank,
//                      row, systematic, parity and a-priori LLR when valid), the SISO output (valid,
//                      extrinsic LLR; position when valid), the IAG's outputs (valid, err, address),
//                      the write word (valid; bank, row, LLR when valid); per bank the write port
//                      (valid; row, LLR when valid); lanes and banks beyond the run's 4P' stay idle;
//   half-iteration end the extrinsic memory image (the RTL's writes) with fg_turbo_arch_extrinsic;
//   done               the hard decisions read through the unload port with fg_turbo_arch_hard.
// Usage: rtl_turbo [--fault] [--random N [--seed S]]. --fault loads one wrong channel word into the
// RTL (not into the model): the test must then report the first mismatching cycle and port and exit
// 1. --random N runs N random configurations instead of the fixed list: an LTE size the test top can
// run (direct, L <= 384), 1 to 12 half-iterations, an AWGN or saturated frame, either variant, drawn from Philox
// seed S (default 1); each prints the line that reproduces it. Exit 0 when all match, 1 on a
// mismatch or error, 2 on a usage error.
#include "Vtb_turbo.h"
#include "verilated.h"

#include "../turbo_frame.h"
#include "../verilated_bits.h"

extern "C" {
#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge/rng.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_arch.h"
#include "fecforge/turbo_fixed.h"
}

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

// tb_turbo.v
constexpr int P = 16, NL = 4 * P, LMAX = 384, AW = 13, BW = 6, RW = 7;

struct Config {
    int K;
    int halves;
    int stress;  // 1: saturated channel LLRs
    int var;     // tb_turbo.v's variant: 0 modulo normalisation with NII, 1 subtractive without
};

// The sizes (LTE K 40, 512, 1008, 1696, 6144 on the P 16 design: P' = 9, 16, 14, 8, 16), odd
// and even half-iteration counts (the last half-iteration's hard decisions go through the natural or
// the interleaved address), AWGN and saturated frames, both variants.
const Config kConfigs[] = {
    {40, 5, 0, 0}, {40, 4, 1, 1}, {512, 5, 0, 0}, {512, 6, 1, 1}, {1008, 4, 0, 1},
    {1696, 5, 0, 0}, {6144, 11, 0, 0}, {6144, 4, 1, 1},
};

int32_t sext(uint32_t v, int w) { return (int32_t)(v << (32 - w)) >> (32 - w); }

struct Bench {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vtb_turbo> top;
    fg_xmap_fmt fmt = fg_xmap_fmt_default();
    std::string name;
    fg_turbo_arch_geometry geo{};
    std::vector<int32_t> shadow;  // the RTL's extrinsic banks, NL x 2^RW
    std::vector<int32_t> ext;
    long cycles = 0, outputs = 0;
    bool failed = false;

    void edge()
    {
        top->clk_i = 1;
        top->eval();
        top->clk_i = 0;
        top->eval();
    }

    void mismatch(const fg_turbo_arch_ports *p, const char *port, int index, long exp, long act)
    {
        if (failed)
            return;
        failed = true;
        std::printf("MISMATCH %s: cycle %ld (state %d, half %d, tau %d) port %s[%d]: expected %ld, RTL %ld\n",
                    name.c_str(), p->cycle, (int)p->state, p->half, p->tau, port, index, exp, act);
    }

    void check(const fg_turbo_arch_ports *p, const char *port, int index, long exp, long act)
    {
        if (exp != act)
            mismatch(p, port, index, exp, act);
    }

    // The RTL's outputs in this cycle (inputs set, clock low) against the model's ports.
    void compare(const fg_turbo_arch *a, const fg_turbo_arch_ports *p)
    {
        const int lanes = geo.pllr, w_ch = fmt.w_ch, w_ext = fmt.w_ext;
        const bool half = p->state == FG_TURBO_ARCH_HALF;
        check(p, "state", 0, p->state, top->state_o);
        if (half) {
            check(p, "half", 0, p->half, top->half_o);
            check(p, "tau", 0, p->tau, top->tau_o);
        }
        check(p, "half_end", 0, p->half_end, top->half_end_o);
        for (int l = 0; l < NL && !failed; l++) {
            const bool in = l < lanes;
            const long rv = fg_vl_get(top->rd_valid_o, l, 1);
            check(p, "rd_valid", l, in ? p->rd_valid_L[l] : 0, rv);
            if (rv && in) {
                check(p, "rd_pos", l, p->rd_pos_L[l], fg_vl_get(top->rd_pos_o, l * AW, AW));
                check(p, "rd_bank", l, p->rd_bank_L[l], fg_vl_get(top->rd_bank_o, l * BW, BW));
                check(p, "rd_row", l, p->rd_row_L[l], fg_vl_get(top->rd_row_o, l * RW, RW));
                check(p, "rd_sys", l, p->rd_sys_L[l], sext(fg_vl_get(top->rd_sys_o, l * w_ch, w_ch), w_ch));
                check(p, "rd_par", l, p->rd_par_L[l], sext(fg_vl_get(top->rd_par_o, l * w_ch, w_ch), w_ch));
                check(p, "rd_apr", l, p->rd_apr_L[l], sext(fg_vl_get(top->rd_apr_o, l * w_ext, w_ext), w_ext));
            }
            const long ov = fg_vl_get(top->out_valid_o, l, 1);
            check(p, "out_valid", l, in ? p->out_valid_L[l] : 0, ov);
            check(p, "out_llr", l, in ? p->out_llr_L[l] : 0, sext(fg_vl_get(top->out_llr_o, l * w_ext, w_ext), w_ext));
            if (ov && in) {
                check(p, "out_x", l, p->out_x_L[l], fg_vl_get(top->out_x_o, l * AW, AW));
                outputs++;
            }
            const fg_iag_lane_out io = in ? p->iag_L[l] : fg_iag_lane_out{};
            const long iv = fg_vl_get(top->iag_valid_o, l, 1);
            check(p, "iag_valid", l, io.valid, iv);
            check(p, "iag_err", l, io.err, fg_vl_get(top->iag_err_o, l, 1));
            if (iv)
                check(p, "iag_addr", l, io.addr, fg_vl_get(top->iag_addr_o, l * AW, AW));
            const long wv = fg_vl_get(top->word_valid_o, l, 1);
            check(p, "word_valid", l, in ? p->word_L[l].valid : 0, wv);
            if (wv && in) {
                check(p, "word_bank", l, p->word_L[l].bank, fg_vl_get(top->word_bank_o, l * BW, BW));
                check(p, "word_row", l, p->word_L[l].row, fg_vl_get(top->word_row_o, l * RW, RW));
                check(p, "word_data", l, p->word_L[l].data, sext(fg_vl_get(top->word_data_o, l * w_ext, w_ext), w_ext));
            }
            // bank l (as many banks as lanes)
            const long bv = fg_vl_get(top->wr_valid_o, l, 1);
            check(p, "wr_valid", l, in ? p->wr_M[l].valid : 0, bv);
            if (bv && in) {
                const long row = fg_vl_get(top->wr_row_o, l * RW, RW);
                const int32_t d = sext(fg_vl_get(top->wr_data_o, l * w_ext, w_ext), w_ext);
                check(p, "wr_row", l, p->wr_M[l].row, row);
                check(p, "wr_data", l, p->wr_M[l].data, d);
                shadow[(size_t)l << RW | (size_t)row] = d;
            }
        }
        if (p->half_end && !failed) {
            fg_turbo_arch_extrinsic(a, ext.data());
            const int L = geo.L;
            for (int x = 0; x < geo.K && !failed; x++) {
                const int bank = 4 * (x / L) + (x & 3), row = (x % L) >> 2;
                check(p, "extrinsic memory at address", x, ext[(size_t)x], shadow[(size_t)bank << RW | (size_t)row]);
            }
        }
    }
};

void observe(void *user, const fg_turbo_arch *a, const fg_turbo_arch_ports *p)
{
    Bench *b = static_cast<Bench *>(user);
    b->top->start_i = p->cycle == 0;
    b->top->eval();
    b->compare(a, p);
    b->edge();
    b->cycles++;
}

std::string cfg_name(const Config &c)
{
    char s[96];
    std::snprintf(s, sizeof s, "LTE K=%d, %d half-iterations, %s, %s frame", c.K, c.halves,
                  c.var ? "subtract, no NII" : "modulo, NII", c.stress ? "saturated" : "AWGN 0.5 dB");
    return s;
}

// One configuration: 0 on a full match, 1 otherwise.
int run_config(Bench &b, const Config &c, uint64_t stream, bool fault)
{
    b.name = cfg_name(c);
    b.failed = false;
    b.cycles = b.outputs = 0;
    fg_turbo_arch_cfg ac = fg_turbo_arch_cfg_default();
    ac.std = FG_STD_LTE;
    ac.K = c.K;
    ac.P = P;
    ac.path = FG_TURBO_ARCH_PATH_SHARED;
    ac.half_iters = c.halves;
    ac.data = FG_TURBO_ARCH_DATA_FIXED;
    ac.fmt.norm = c.var ? FG_XMAP_NORM_SUBTRACT : FG_XMAP_NORM_MODULO;
    ac.nii = !c.var;
    std::vector<int32_t> q, pi((size_t)c.K);
    fg_turbo_arch *a = nullptr;
    int rc;
    if ((rc = fg_tb_turbo_frame(FG_STD_LTE, c.K, c.stress, stream, q)) ||
        (rc = fg_interleaver_table(FG_STD_LTE, c.K, pi.data())) || (rc = fg_turbo_arch_create(&ac, &a)) ||
        (rc = fg_turbo_arch_load(a, q.data()))) {
        std::printf("ERROR %s: %s\n", b.name.c_str(), fg_last_error());
        fg_turbo_arch_destroy(a);
        return 1;
    }
    fg_turbo_arch_get_geometry(a, &b.geo);
    if (b.geo.dbcf_used || b.geo.L > LMAX) {
        std::printf("ERROR %s: runs through the DBCF or with L %d > %d: not in the test top\n", b.name.c_str(),
                    b.geo.L, LMAX);
        fg_turbo_arch_destroy(a);
        return 1;
    }
    Vtb_turbo &t = *b.top;
    // reset, static inputs, the load port (position k: {z', x', z, x}), as fg_turbo_arch_load
    t.var_i = (uint8_t)c.var;
    t.rst_ni = 0;
    t.start_i = 0;
    t.ld_valid_i = 0;
    b.edge();
    t.rst_ni = 1;
    t.k_i = (uint16_t)c.K;
    t.c0_i = (uint8_t)b.geo.C0;
    t.half_iters_i = (uint8_t)c.halves;
    const fg_turbo_layout lay = fg_turbo_layout_of(c.K);
    const int w = b.fmt.w_ch;
    for (int j = 0; j < 6; j++) {
        fg_vl_put(t.tail_i, j * w, w, (uint32_t)q[(size_t)lay.tail1 + (size_t)j]);
        fg_vl_put(t.tail_i, (6 + j) * w, w, (uint32_t)q[(size_t)lay.tail2 + (size_t)j]);
    }
    b.edge(); // tb_turbo.v registers the static inputs
    for (int k = 0; k < c.K; k++) {
        const int32_t v[4] = {q[(size_t)(lay.sys + k)], q[(size_t)(lay.par1 + k)], q[(size_t)(lay.sys + pi[(size_t)k])],
                              q[(size_t)(lay.par2 + k)]};
        t.ld_valid_i = 1;
        t.ld_pos_i = (uint16_t)k;
        t.ld_data_i = 0;
        for (int i = 0; i < 4; i++)
            fg_vl_put(t.ld_data_i, i * w, w, (uint32_t)v[i]);
        if (fault && k == c.K / 2)
            fg_vl_put(t.ld_data_i, 0, w, (uint32_t)(v[0] == 1 ? 2 : 1)); // a wrong systematic word
        b.edge();
    }
    t.ld_valid_i = 0;
    b.shadow.assign((size_t)NL << RW, 0);
    b.ext.assign((size_t)c.K, 0);
    fg_turbo_arch_result res{};
    rc = fg_turbo_arch_run(a, observe, &b, &res);
    if (rc) {
        std::printf("ERROR %s: %s\n", b.name.c_str(), fg_last_error());
        fg_turbo_arch_destroy(a);
        return 1;
    }
    t.start_i = 0;
    t.eval();
    if (!b.failed && !t.done_o) {
        std::printf("MISMATCH %s: done_o low after the model's %ld cycles\n", b.name.c_str(), b.cycles);
        b.failed = true;
    }
    // the unload port: natural bit j, read latency 1
    std::vector<uint8_t> hard((size_t)c.K);
    fg_turbo_arch_hard(a, hard.data());
    for (int j = 0; j < c.K && !b.failed; j++) {
        t.hard_rd_pos_i = (uint16_t)j;
        b.edge();
        if (t.hard_rd_data_o != hard[(size_t)j]) {
            std::printf("MISMATCH %s: hard decision of bit %d through the unload port: expected %d, RTL %d\n",
                        b.name.c_str(), j, hard[(size_t)j], t.hard_rd_data_o);
            b.failed = true;
        }
    }
    fg_turbo_arch_destroy(a);
    if (!b.failed && b.outputs != (long)c.K * c.halves) {
        std::printf("MISMATCH %s: %ld outputs compared, expected K * halves = %ld\n", b.name.c_str(), b.outputs,
                    (long)c.K * c.halves);
        b.failed = true;
    }
    std::printf("%s %s: P' %d, L %d, C0 %d: %ld cycles (preprocessing %ld, %.1f per half-iteration), %ld LLRs\n",
                b.failed ? "FAIL" : "ok  ", b.name.c_str(), b.geo.P, b.geo.L, b.geo.C0, b.cycles,
                res.preprocess_cycles, res.cycles_per_halfiter, b.outputs);
    return b.failed ? 1 : 0;
}

} // namespace

// Random configuration r of seed: K, half-iterations and frame kind from Philox stream r; sizes the
// test top cannot run (through the DBCF, L > 384) are drawn again.
int random_config(uint64_t seed, uint64_t r, Config *c)
{
    const int n = fg_interleaver_num_sizes(FG_STD_LTE);
    for (uint64_t i = 0; i < 1000; i++) {
        const uint32_t u = fg_rng_u32_at(seed, r, 3 * i), h = fg_rng_u32_at(seed, r, 3 * i + 1),
                       st = fg_rng_u32_at(seed, r, 3 * i + 2);
        *c = {fg_interleaver_size(FG_STD_LTE, (int)(u % (uint32_t)n)), 1 + (int)(h % 12), (int)(st & 1),
              (int)(st >> 1 & 1)};
        fg_turbo_arch_cfg ac = fg_turbo_arch_cfg_default(), run;
        ac.K = c->K;
        ac.P = P;
        ac.path = FG_TURBO_ARCH_PATH_SHARED;
        if (fg_turbo_arch_resolve(&ac, &run))
            return 1;
        if (run.path == FG_TURBO_ARCH_PATH_DIRECT && 4 * ((c->K + 4 * run.P - 1) / (4 * run.P)) <= LMAX)
            return 0;
    }
    return 1;
}

int main(int argc, char **argv)
{
    bool fault = false;
    long random = 0;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        char *end = nullptr;
        if (!std::strcmp(argv[i], "--fault"))
            fault = true;
        else if (!std::strcmp(argv[i], "--random") && i + 1 < argc &&
                 (random = std::strtol(argv[++i], &end, 10), *end == 0 && random >= 1 && random <= 100000))
            continue;
        else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc &&
                 (seed = std::strtoull(argv[++i], &end, 0), *end == 0))
            continue;
        else {
            std::fprintf(stderr, "usage: %s [--fault] [--random N (1..100000) [--seed S]]\n", argv[0]);
            return 2;
        }
    }
    const auto t0 = std::chrono::steady_clock::now();
    Bench b;
    b.ctx.reset(new VerilatedContext);
    b.top.reset(new Vtb_turbo(b.ctx.get()));
    int fails = 0;
    long runs = 0;
    if (random) {
        for (long r = 0; r < random && !fails; r++, runs++) {
            Config c;
            if (random_config(seed, (uint64_t)r, &c)) {
                std::printf("ERROR: no random configuration %ld of seed %llu\n", r, (unsigned long long)seed);
                fails++;
                break;
            }
            std::printf("random %ld of seed %llu: %s\n", r, (unsigned long long)seed, cfg_name(c).c_str());
            fails += run_config(b, c, 1000 + (uint64_t)r, fault);
        }
    } else {
        uint64_t stream = 1;
        for (const Config &c : kConfigs) {
            runs++;
            if (run_config(b, c, stream++, fault)) {
                fails++;
                break; // the first mismatch ends the test
            }
        }
    }
    b.top->final();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s: %ld configurations, %.1f s\n", fails ? "FAIL" : "PASS", runs, s);
    return fails ? 1 : 0;
}
