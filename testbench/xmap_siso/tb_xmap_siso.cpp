// Checks fg_xmap_siso (rtl/lib, docs/rtl-turbo.md) cycle by cycle against the SISOs of the turbo
// architecture step model fg_turbo_arch (data FIXED). Per configuration (standard, K, P, formats'
// normalisation, Lmap, NII, frame) and per SISO p < P the model decodes one frame (the SISOs are
// independent within a half-iteration, so one RTL SISO per variant of tb_xmap_siso.v serves every
// p in turn; Verilator's build time grows with each instance). Every cycle the model's observer
// drives the RTL SISO with the model's read ports (rd_valid_L, rd_sys_L, rd_par_L, rd_apr_L of
// lanes 4p..4p+3) and, at tau = 0, the half-iteration start (C0; the initial alpha and beta: block
// start, tail, 0, or the neighbours' stakes of two half-iterations before, from
// fg_turbo_arch_stakes, as the model uses them), and compares:
//   every cycle        out_valid and the extrinsic LLR of lanes 4p..4p+3 with out_valid_L / out_llr_L;
//   half-iteration end the hard decisions the RTL emitted for the sub-block (with out_valid, at the
//                      position out_x_L) with fg_turbo_arch_hard (natural bit order: the second
//                      decoder's position x is bit pi(x)), each position emitted once; the
//                      recursion registers (alpha_o, beta_o) with SISO p's fg_turbo_arch_stakes.
// Frames: a codeword through BPSK/AWGN, quantised (fg_llr_quantize), or a saturated stress frame
// (every channel LLR +-max, random signs). The configurations cover LTE and UMTS (odd K: the
// radix-2 step in either half of the last sub-block), P 1 to 4 and 16 (LTE K 6144), both
// normalisations, NII on and off, Lmap 6 (default) and 4 (the RTL's minimum).
// Usage: rtl_xmap_siso. Exit 0 when all match, 1 on the first mismatch (configuration, half, tau,
// SISO, lane, port, expected, actual) or an error, 2 on a usage error.
// rtl_xmap_siso --vectors DIR...: the `xmap` vector sets instead (xmap_vectors.cpp).
#include "Vtb_xmap_siso.h"
#include "verilated.h"
#include "xmap_vectors.h"

#include "../turbo_frame.h"
#include "../verilated_bits.h"

extern "C" {
#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_arch.h"
#include "fecforge/turbo_fixed.h"
}

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr int LMAX = FG_TB_XMAP_LMAX;
constexpr int LMAP_MIN = 4;

struct Config {
    fg_std std;
    int K, P;
    int norm;    // 0 modulo, 1 subtract
    int lmap;    // 6, or LMAP_MIN with modulo (the variants of tb_xmap_siso.v)
    int nii;
    int stress;  // 1: saturated channel LLRs
    int halves;
};

const Config kConfigs[] = {
    //  std       K    P  norm lmap nii stress halves
    {FG_STD_LTE, 40, 1, 1, 6, 1, 0, 5},
    {FG_STD_LTE, 40, 1, 0, 4, 1, 1, 5},
    {FG_STD_LTE, 512, 4, 0, 6, 1, 0, 5},
    {FG_STD_LTE, 512, 4, 1, 6, 1, 1, 5},
    {FG_STD_LTE, 512, 4, 0, 4, 0, 0, 5},
    {FG_STD_LTE, 512, 2, 1, 6, 1, 1, 4},
    // n 17: the radix-2 step in the beta half (beta2, then ext2 by the alpha unit)
    {FG_STD_UMTS, 41, 2, 1, 6, 1, 0, 5},
    {FG_STD_UMTS, 41, 2, 0, 4, 1, 1, 5},
    // n 9 <= L/2: the radix-2 step in the alpha half (beta2 and ext2 by the beta unit after the crossing)
    {FG_STD_UMTS, 49, 3, 0, 6, 1, 0, 5},
    {FG_STD_UMTS, 49, 3, 1, 6, 0, 1, 5},
    {FG_STD_UMTS, 997, 4, 0, 4, 1, 0, 5},
    {FG_STD_UMTS, 997, 4, 1, 6, 1, 1, 4},
    {FG_STD_UMTS, 997, 3, 1, 6, 0, 0, 4},
    {FG_STD_UMTS, 997, 3, 0, 6, 1, 1, 3},
    {FG_STD_LTE, 6144, 16, 0, 6, 1, 0, 3}, // the thesis's LTE configuration; C0 96 = LMAX/4: full stores
};

int32_t sext(uint32_t v, int w) { return (int32_t)(v << (32 - w)) >> (32 - w); }

std::string cfg_name(const Config &c)
{
    char b[160];
    std::snprintf(b, sizeof b, "%s K=%d P=%d %s Lmap=%d nii=%d %s frame", c.std == FG_STD_LTE ? "LTE" : "UMTS", c.K,
                  c.P, c.norm ? "subtract" : "modulo", c.lmap, c.nii, c.stress ? "saturated" : "AWGN 0.5 dB");
    return b;
}

int make_frame(const Config &c, uint64_t stream, std::vector<int32_t> &q)
{
    return fg_tb_turbo_frame(c.std, c.K, c.stress, stream, q);
}

struct Bench {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vtb_xmap_siso> top;
    fg_xmap_fmt fmt;
    // the running configuration
    const Config *cfg = nullptr;
    std::string name;
    fg_turbo_arch_geometry geo{};
    std::vector<int32_t> q, pi;
    int siso = 0;                   // the SISO p under test
    std::vector<int> hard;          // RTL hard decisions of this half-iteration per position, -1 = not emitted
    long outputs = 0;               // valid outputs compared
    bool failed = false;

    void clock()
    {
        top->clk_i = 0;
        top->eval();
        top->clk_i = 1;
        top->eval();
    }

    void mismatch(const fg_turbo_arch_ports *p, int k, int lane, const char *port, long exp, long act)
    {
        if (failed)
            return;
        failed = true;
        std::printf("MISMATCH %s: half %d tau %d (cycle %ld) SISO %d lane %d port %s: expected %ld, RTL %ld\n",
                    name.c_str(), p->half, p->tau, p->cycle, k, lane, port, exp, act);
    }

    // The inputs of the cycle the model just stepped.
    void drive(const fg_turbo_arch *a, const fg_turbo_arch_ports *p)
    {
        const int P = cfg->P, k = siso, half = p->half, s = half & 1;
        top->start_i = 0;
        if (p->state == FG_TURBO_ARCH_HALF && p->tau == 0) {
            const fg_turbo_layout lay = fg_turbo_layout_of(cfg->K);
            const int stakes = cfg->nii && half >= 2;
            std::vector<int32_t> sa((size_t)(8 * P)), sb((size_t)(8 * P));
            fg_turbo_arch_stakes(a, s, sa.data(), sb.data()); /* saved by half - 2 */
            top->start_i = 1;
            top->c0_i = (uint8_t)geo.C0;
            top->alpha_sel_i = k >= geo.active ? 0 : k == 0 ? 1 : stakes ? 2 : 0;
            top->beta_sel_i = k >= geo.active ? 0 : k == geo.active - 1 ? 1 : stakes ? 2 : 0;
            for (int j = 0; j < 6; j++)
                fg_vl_put(top->tail_i, j * fmt.w_ch, fmt.w_ch, (uint32_t)q[(size_t)(s ? lay.tail2 : lay.tail1) + j]);
            for (int i = 0; i < 8; i++) {
                const int32_t av = k > 0 ? sa[(size_t)(8 * (k - 1) + i)] : 0;
                const int32_t bv = k + 1 < P ? sb[(size_t)(8 * (k + 1) + i)] : 0;
                fg_vl_put(top->alpha_stake_i, i * fmt.w_sm, fmt.w_sm, (uint32_t)av);
                fg_vl_put(top->beta_stake_i, i * fmt.w_sm, fmt.w_sm, (uint32_t)bv);
            }
        }
        top->rd_valid_i = 0;
        for (int r = 0; r < 4; r++) {
            const int l = 4 * k + r;
            const bool v = p->rd_valid_L[l] != 0;
            top->rd_valid_i |= (uint8_t)((v ? 1u : 0u) << r);
            fg_vl_put(top->rd_sys_i, r * fmt.w_ch, fmt.w_ch, v ? (uint32_t)p->rd_sys_L[l] : 0u);
            fg_vl_put(top->rd_par_i, r * fmt.w_ch, fmt.w_ch, v ? (uint32_t)p->rd_par_L[l] : 0u);
            fg_vl_put(top->rd_apr_i, r * fmt.w_ext, fmt.w_ext, v ? (uint32_t)p->rd_apr_L[l] : 0u);
        }
    }

    // The RTL's registered outputs in this cycle against the model's ports.
    void compare(const fg_turbo_arch *a, const fg_turbo_arch_ports *p)
    {
        const int P = cfg->P, K = cfg->K, k = siso, s = p->half & 1;
        for (int r = 0; r < 4; r++) {
            const int l = 4 * k + r;
            const int v = (int)fg_vl_get(top->out_valid_o, r, 1);
            const int32_t e = sext(fg_vl_get(top->out_ext_o, r * fmt.w_ext, fmt.w_ext), fmt.w_ext);
            if (v != p->out_valid_L[l])
                mismatch(p, k, l, "out_valid", p->out_valid_L[l], v);
            else if (e != p->out_llr_L[l])
                mismatch(p, k, l, "out_llr", p->out_llr_L[l], e);
            if (v && p->out_valid_L[l]) {
                const int x = p->out_x_L[l];
                if (hard[(size_t)x] >= 0)
                    mismatch(p, k, l, "out_valid (position emitted twice)", -1, x);
                hard[(size_t)x] = (int)fg_vl_get(top->out_hard_o, r, 1);
                outputs++;
            }
        }
        if (!p->half_end)
            return;
        std::vector<uint8_t> ref((size_t)K);
        fg_turbo_arch_hard(a, ref.data());
        for (int x = k * geo.L; x < K && x < (k + 1) * geo.L; x++) {
            const int bit = s ? pi[(size_t)x] : x;
            if (hard[(size_t)x] != ref[(size_t)bit]) {
                mismatch(p, k, -1, ("out_hard of position " + std::to_string(x)).c_str(), ref[(size_t)bit],
                         hard[(size_t)x]);
                break;
            }
        }
        hard.assign((size_t)K, -1);
        std::vector<int32_t> sa((size_t)(8 * P)), sb((size_t)(8 * P));
        fg_turbo_arch_stakes(a, s, sa.data(), sb.data());
        for (int i = 0; i < 8; i++) {
            const int32_t ra = sext(fg_vl_get(top->alpha_o, i * fmt.w_sm, fmt.w_sm), fmt.w_sm);
            const int32_t rb = sext(fg_vl_get(top->beta_o, i * fmt.w_sm, fmt.w_sm), fmt.w_sm);
            const int32_t ea = sa[(size_t)(8 * k + i)], eb = sb[(size_t)(8 * k + i)];
            if (ra != ea)
                mismatch(p, k, -1, ("alpha_o (stake), state " + std::to_string(i)).c_str(), ea, ra);
            if (rb != eb)
                mismatch(p, k, -1, ("beta_o (stake), state " + std::to_string(i)).c_str(), eb, rb);
        }
    }
};

void observe(void *user, const fg_turbo_arch *a, const fg_turbo_arch_ports *p)
{
    Bench *b = static_cast<Bench *>(user);
    b->drive(a, p);
    b->top->clk_i = 0;
    b->top->eval();
    b->compare(a, p);
    b->top->clk_i = 1;
    b->top->eval();
}

// One configuration: 0 on a full match, 1 otherwise.
int run_config(Bench &b, const Config &c, uint64_t stream)
{
    b.cfg = &c;
    b.name = cfg_name(c);
    b.fmt = fg_xmap_fmt_default();
    b.fmt.norm = c.norm ? FG_XMAP_NORM_SUBTRACT : FG_XMAP_NORM_MODULO;
    fg_turbo_arch_cfg ac = fg_turbo_arch_cfg_default();
    ac.std = c.std;
    ac.K = c.K;
    ac.P = c.P;
    ac.half_iters = c.halves;
    ac.siso_latency = c.lmap;
    ac.data = FG_TURBO_ARCH_DATA_FIXED;
    ac.fmt = b.fmt;
    ac.nii = c.nii;
    fg_turbo_arch *a = nullptr;
    int rc;
    b.pi.assign((size_t)c.K, 0);
    if ((rc = make_frame(c, stream, b.q)) || (rc = fg_interleaver_table(c.std, c.K, b.pi.data())) ||
        (rc = fg_turbo_arch_create(&ac, &a)) || (rc = fg_turbo_arch_load(a, b.q.data()))) {
        std::printf("ERROR %s: %s\n", b.name.c_str(), fg_last_error());
        fg_turbo_arch_destroy(a);
        return 1;
    }
    fg_turbo_arch_get_geometry(a, &b.geo);
    if (b.geo.L > LMAX || (c.lmap != 6 && c.lmap != LMAP_MIN) || (c.lmap == LMAP_MIN && c.norm)) {
        std::printf("ERROR %s: not a variant of the test top (L <= %d; Lmap 6, or %d with modulo)\n", b.name.c_str(),
                    LMAX, LMAP_MIN);
        fg_turbo_arch_destroy(a);
        return 1;
    }
    // Variant of tb_xmap_siso.v: 0 modulo, 1 subtract (Lmap 6), 2 modulo with the minimum Lmap.
    b.top->var_i = (uint8_t)(c.lmap == LMAP_MIN ? 2 : c.norm);
    b.outputs = 0;
    b.failed = false;
    fg_turbo_arch_result res{};
    for (int k = 0; k < c.P && !b.failed && !rc; k++) {
        b.siso = k;
        b.top->start_i = 0;
        b.top->rd_valid_i = 0;
        b.top->rst_ni = 0;
        b.clock();
        b.clock();
        b.top->rst_ni = 1;
        b.hard.assign((size_t)c.K, -1);
        rc = fg_turbo_arch_run(a, observe, &b, &res);
    }
    fg_turbo_arch_destroy(a);
    if (rc) {
        std::printf("ERROR %s: %s\n", b.name.c_str(), fg_last_error());
        return 1;
    }
    // Every position must have been compared once per half-iteration (a test that saw nothing fails).
    if (!b.failed && b.outputs != (long)c.K * c.halves) {
        std::printf("MISMATCH %s: %ld outputs compared, expected K * halves = %ld\n", b.name.c_str(), b.outputs,
                    (long)c.K * c.halves);
        b.failed = true;
    }
    std::printf("%s %s: L %d C0 %d, %d half-iterations, %ld cycles a run (one per SISO), %ld LLRs\n",
                b.failed ? "FAIL" : "ok  ", b.name.c_str(), b.geo.L, b.geo.C0, c.halves, res.cycles_total, b.outputs);
    return b.failed ? 1 : 0;
}

} // namespace

int main(int argc, char **argv)
{
    const bool vectors = argc > 2 && !std::strcmp(argv[1], "--vectors");
    if (argc != 1 && !vectors) {
        std::fprintf(stderr, "usage: %s [--vectors DIR...]\n", argv[0]);
        return 2;
    }
    const auto t0 = std::chrono::steady_clock::now();
    Bench b;
    b.ctx.reset(new VerilatedContext);
    b.top.reset(new Vtb_xmap_siso(b.ctx.get()));
    if (vectors) {
        int rc = 0;
        for (int i = 2; i < argc && !rc; i++)
            rc = fg_tb_xmap_vectors(*b.top, argv[i]);
        b.top->final();
        std::printf("%s: %d vector sets\n", rc ? "FAIL" : "PASS", argc - 2);
        return rc;
    }
    int fails = 0;
    uint64_t stream = 1;
    for (const Config &c : kConfigs)
        if (run_config(b, c, stream++)) {
            fails++;
            break;  // the first mismatch ends the test
        }
    b.top->final();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s: %zu configurations, %.1f s\n", fails ? "FAIL" : "PASS", sizeof kConfigs / sizeof kConfigs[0], s);
    return fails ? 1 : 0;
}
