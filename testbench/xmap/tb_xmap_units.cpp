// Checks the radix-4 XMAP datapath units of rtl/lib (fg_xmap_*.v, docs/turbo-fixed.md "RTL datapath
// units") against their C twins in fecforge/turbo_fixed.h, for every format of tb_xmap_units.v (read
// back from its fmt_o port). Each evaluation drives every unit of every format at once; the inputs:
//   corners    every combination of sys, par, apr in {-max, 0, +max} (both trellis steps; the tail
//              from the same digits), each with alpha at every one of 28 patterns of +-max, 0 and
//              -2^(w-1) (uniform, one state against the others) and beta and the normalisation
//              input at patterns that rotate with the LLRs (every alpha/beta pair 26 times).
//   reachable  --samples steps of simulated sub-blocks: LLRs in range (uniform noise, saturated and
//              agreeing with a random codeword path, or agreeing noisily), gamma from fg_xmap_gamma4
//              and fg_xmap_gamma2, alpha from fg_xmap_alpha_start / all 0 / the previous sub-block's
//              end through fg_xmap_alpha4, beta from fg_xmap_beta_tail (optionally one fg_xmap_beta2
//              step) / all 0 / the previous sub-block's start through fg_xmap_beta4: the metrics
//              the datapath produces, within the spread bound that modulo exactness assumes.
//   arbitrary  --samples evaluations with alpha, beta any w_sm-bit values and the normalisation
//              input any (w_sm + 1)-bit value (a quarter of the elements at a corner), LLRs and
//              gamma as the datapath produces them: the C functions are defined there too.
// Usage: rtl_xmap_units [--samples N] [--seed S]. Exit 0 on a full match, 1 on the first mismatch
// (unit, format, inputs, RTL and C values), 2 on a usage error.
#include "Vtb_xmap_units.h"
#include "verilated.h"

extern "C" {
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/rsc.h"
#include "fecforge/turbo_fixed.h"
}

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

namespace {

constexpr int NF = sizeof(Vtb_xmap_units::fmt_o) / sizeof(EData) / 5; // formats of the top

// One format's inputs of one evaluation (the C index order; radix-2 units use step 0).
struct In {
    int32_t sys[2], par[2], apr[2], gamma[16], gamma2[4], alpha[8], beta[8], norm[8], tail[6];
};
// Every unit's outputs.
struct Out {
    int32_t g4[16], g2[4], alpha4[8], beta4[8], beta2[8], app4[2], ext4[2], app2[1], ext2[1], norm[8],
        astart[8], btail[8];
};

// A port of the top: n 32-bit slots per format, the struct member at off.
struct Port {
    WData *slots;
    int n;
    size_t off;
};

int32_t *field(void *s, size_t off) { return reinterpret_cast<int32_t *>(static_cast<char *>(s) + off); }
const int32_t *field(const void *s, size_t off)
{
    return reinterpret_cast<const int32_t *>(static_cast<const char *>(s) + off);
}

// Inputs a unit reads, for the mismatch report.
enum : unsigned { IN_LLR = 1, IN_LLR0 = 2, IN_G16 = 4, IN_G4 = 8, IN_ALPHA = 16, IN_BETA = 32, IN_NORM = 64, IN_TAIL = 128 };

struct Unit {
    const char *name;
    size_t off;
    int n;
    unsigned in;
};

const Unit kUnits[] = {
    {"fg_xmap_gamma4", offsetof(Out, g4), 16, IN_LLR},
    {"fg_xmap_gamma2", offsetof(Out, g2), 4, IN_LLR0},
    {"fg_xmap_alpha4", offsetof(Out, alpha4), 8, IN_ALPHA | IN_G16},
    {"fg_xmap_beta4", offsetof(Out, beta4), 8, IN_BETA | IN_G16},
    {"fg_xmap_beta2", offsetof(Out, beta2), 8, IN_BETA | IN_G4},
    {"fg_xmap_ext4 app", offsetof(Out, app4), 2, IN_ALPHA | IN_G16 | IN_BETA | IN_LLR},
    {"fg_xmap_ext4 ext", offsetof(Out, ext4), 2, IN_ALPHA | IN_G16 | IN_BETA | IN_LLR},
    {"fg_xmap_ext2 app", offsetof(Out, app2), 1, IN_ALPHA | IN_G4 | IN_BETA | IN_LLR0},
    {"fg_xmap_ext2 ext", offsetof(Out, ext2), 1, IN_ALPHA | IN_G4 | IN_BETA | IN_LLR0},
    {"fg_xmap_norm", offsetof(Out, norm), 8, IN_NORM},
    {"fg_xmap_alpha_start", offsetof(Out, astart), 8, 0},
    {"fg_xmap_beta_tail", offsetof(Out, btail), 8, IN_TAIL},
};

struct Fmt {
    fg_xmap_fmt f;
    int32_t mch, mext, msm; // largest magnitudes of w_ch, w_ext, w_sm
    int wi;                 // fg_xmap_norm's input width in the top: w_sm + 1
};

Out c_model(const Fmt &F, const In &in)
{
    const fg_xmap_fmt *f = &F.f;
    Out o;
    fg_xmap_gamma4(f, in.sys, in.par, in.apr, o.g4);
    fg_xmap_gamma2(f, in.sys[0], in.par[0], in.apr[0], o.g2);
    fg_xmap_alpha4(f, in.alpha, in.gamma, o.alpha4);
    fg_xmap_beta4(f, in.beta, in.gamma, o.beta4);
    fg_xmap_beta2(f, in.beta, in.gamma2, o.beta2);
    fg_xmap_ext4(f, in.alpha, in.gamma, in.beta, in.sys, in.apr, o.app4, o.ext4);
    fg_xmap_ext2(f, in.alpha, in.gamma2, in.beta, in.sys[0], in.apr[0], o.app2, o.ext2);
    std::memcpy(o.norm, in.norm, sizeof o.norm);
    fg_xmap_normalize(f, o.norm);
    fg_xmap_alpha_start(f, o.astart);
    fg_xmap_beta_tail(f, in.tail, o.btail);
    return o;
}

void print_vec(const char *name, const int32_t *v, int n)
{
    std::printf("  %-7s", name);
    for (int i = 0; i < n; i++)
        std::printf(" %d", v[i]);
    std::printf("\n");
}

void report(const Unit &u, int fi, const Fmt &F, const char *phase, long sample, unsigned long seed, const In &in,
            const Out &rtl, const Out &want)
{
    const fg_xmap_fmt &f = F.f;
    std::printf("MISMATCH %s, format %d (w_ch=%d w_ext=%d w_bm=%d w_sm=%d %s), %s sample %ld (--seed %lu):\n",
                u.name, fi, f.w_ch, f.w_ext, f.w_bm, f.w_sm, f.norm == FG_XMAP_NORM_MODULO ? "modulo" : "subtract",
                phase, sample, seed);
    if (u.in & (IN_LLR | IN_LLR0)) {
        const int n = (u.in & IN_LLR) ? 2 : 1;
        print_vec("sys", in.sys, n);
        print_vec("par", in.par, n);
        print_vec("apr", in.apr, n);
    }
    if (u.in & IN_ALPHA)
        print_vec("alpha", in.alpha, 8);
    if (u.in & IN_G16)
        print_vec("gamma", in.gamma, 16);
    if (u.in & IN_G4)
        print_vec("gamma", in.gamma2, 4);
    if (u.in & IN_BETA)
        print_vec("beta", in.beta, 8);
    if (u.in & IN_NORM)
        print_vec("m", in.norm, 8);
    if (u.in & IN_TAIL)
        print_vec("tail", in.tail, 6);
    print_vec("RTL", field(&rtl, u.off), u.n);
    print_vec("C", field(&want, u.off), u.n);
}

class Bench {
  public:
    Bench(Vtb_xmap_units *top, unsigned long seed) : top_(top), seed_(seed)
    {
        // Element i of format f sits in slot f * n + i of its port (tb_xmap_units.v).
        in_ports_ = {
            {top->sys_i, 2, offsetof(In, sys)},       {top->par_i, 2, offsetof(In, par)},
            {top->apr_i, 2, offsetof(In, apr)},       {top->gamma_i, 16, offsetof(In, gamma)},
            {top->gamma2_i, 4, offsetof(In, gamma2)}, {top->alpha_i, 8, offsetof(In, alpha)},
            {top->beta_i, 8, offsetof(In, beta)},     {top->norm_i, 8, offsetof(In, norm)},
            {top->tail_i, 6, offsetof(In, tail)},
        };
        out_ports_ = {
            {top->g4_o, 16, offsetof(Out, g4)},       {top->g2_o, 4, offsetof(Out, g2)},
            {top->alpha4_o, 8, offsetof(Out, alpha4)}, {top->beta4_o, 8, offsetof(Out, beta4)},
            {top->beta2_o, 8, offsetof(Out, beta2)},   {top->app4_o, 2, offsetof(Out, app4)},
            {top->ext4_o, 2, offsetof(Out, ext4)},     {top->app2_o, 1, offsetof(Out, app2)},
            {top->ext2_o, 1, offsetof(Out, ext2)},     {top->norm_o, 8, offsetof(Out, norm)},
            {top->astart_o, 8, offsetof(Out, astart)}, {top->btail_o, 8, offsetof(Out, btail)},
        };
    }

    // The formats as the top reports them; false (with a message) if C rejects one.
    bool read_formats(Fmt fmts[NF])
    {
        top_->eval();
        for (int fi = 0; fi < NF; fi++) {
            const WData *s = top_->fmt_o.data() + 5 * fi;
            Fmt &F = fmts[fi];
            F.f.w_ch = (int)s[0];
            F.f.f_ch = F.f.w_ch / 2; // the quantiser's: no datapath unit depends on it
            F.f.w_ext = (int)s[1];
            F.f.w_bm = (int)s[2];
            F.f.w_sm = (int)s[3];
            F.f.norm = s[4] ? FG_XMAP_NORM_SUBTRACT : FG_XMAP_NORM_MODULO;
            if (fg_xmap_fmt_check(&F.f)) {
                std::printf("format %d of the top is invalid: %s\n", fi, fg_last_error());
                return false;
            }
            F.mch = fg_fx_max(F.f.w_ch);
            F.mext = fg_fx_max(F.f.w_ext);
            F.msm = fg_fx_max(F.f.w_sm);
            F.wi = F.f.w_sm + 1;
        }
        return true;
    }

    // Drive in[f] for every format, evaluate, compare every unit; false after reporting a mismatch.
    bool check(const Fmt fmts[NF], const In in[NF], const char *phase, long sample)
    {
        for (const Port &p : in_ports_)
            for (int fi = 0; fi < NF; fi++)
                for (int i = 0; i < p.n; i++)
                    p.slots[fi * p.n + i] = (uint32_t)field(&in[fi], p.off)[i];
        top_->eval();
        for (int fi = 0; fi < NF; fi++) {
            Out rtl;
            for (const Port &p : out_ports_)
                for (int i = 0; i < p.n; i++)
                    field(&rtl, p.off)[i] = (int32_t)p.slots[fi * p.n + i];
            const Out want = c_model(fmts[fi], in[fi]);
            for (const Unit &u : kUnits)
                if (std::memcmp(field(&rtl, u.off), field(&want, u.off), sizeof(int32_t) * (size_t)u.n)) {
                    report(u, fi, fmts[fi], phase, sample, seed_, in[fi], rtl, want);
                    return false;
                }
        }
        evals_++;
        return true;
    }

    long evals() const { return evals_; }

  private:
    Vtb_xmap_units *top_;
    unsigned long seed_;
    std::vector<Port> in_ports_, out_ports_;
    long evals_ = 0;
};

using Rng = std::mt19937_64;
int32_t uni(Rng &r, int32_t lo, int32_t hi) { return lo + (int32_t)(r() % (uint64_t)(hi - lo + 1)); }

// Gamma as the datapath computes it from the LLRs of an In.
void datapath_gamma(const Fmt &F, In &in)
{
    fg_xmap_gamma4(&F.f, in.sys, in.par, in.apr, in.gamma);
    fg_xmap_gamma2(&F.f, in.sys[0], in.par[0], in.apr[0], in.gamma2);
}

// Corner pattern p (0..27) of 8 metrics of w bits: all +max, -max, 0 or -2^(w-1) (p < 4); one state
// at +max, the others at -max (p < 12); the reverse (p < 20); one state at -2^(w-1), the others at
// +max, the largest modulo distance (p < 28).
constexpr int kPatterns = 28;
void pattern(int p, int w, int32_t m_8[8])
{
    const int32_t mx = fg_fx_max(w), mn = -mx - 1;
    const int32_t all[4] = {mx, -mx, 0, mn};
    for (int s = 0; s < 8; s++) {
        if (p < 4)
            m_8[s] = all[p];
        else if (p < 12)
            m_8[s] = s == p - 4 ? mx : -mx;
        else if (p < 20)
            m_8[s] = s == p - 12 ? -mx : mx;
        else
            m_8[s] = s == p - 20 ? mn : mx;
    }
}

bool run_corners(Bench &b, const Fmt fmts[NF])
{
    long sample = 0;
    for (int c = 0; c < 729; c++) { // 3^6: sys0, sys1, par0, par1, apr0, apr1 in {-max, 0, +max}
        int d[6];
        for (int j = 0, x = c; j < 6; j++, x /= 3)
            d[j] = x % 3 - 1;
        for (int pa = 0; pa < kPatterns; pa++, sample++) {
            // beta's pattern rotates with the LLRs: every (pa, pb) pair meets 26 LLR combinations.
            const int pb = (pa + c) % kPatterns;
            In in[NF];
            for (int fi = 0; fi < NF; fi++) {
                const Fmt &F = fmts[fi];
                In &x = in[fi];
                for (int j = 0; j < 2; j++) {
                    x.sys[j] = d[j] * F.mch;
                    x.par[j] = d[2 + j] * F.mch;
                    x.apr[j] = d[4 + j] * F.mext;
                }
                for (int j = 0; j < 6; j++)
                    x.tail[j] = d[j] * F.mch;
                datapath_gamma(F, x);
                pattern(pa, F.f.w_sm, x.alpha);
                pattern(pb, F.f.w_sm, x.beta);
                pattern((pa + pb) % kPatterns, F.wi, x.norm);
            }
            if (!b.check(fmts, in, "corner", sample))
                return false;
        }
    }
    return true;
}

// Simulated sub-blocks of one format: the inputs each radix-4 step of an XMAP sees.
class Reachable {
  public:
    explicit Reachable(const Fmt &F) : F_(F) {}

    In next(Rng &r)
    {
        if (pos_ == cases_.size())
            refill(r);
        return cases_[pos_++];
    }

  private:
    // A channel or a-priori LLR of bit `bit` with magnitude bound mx, by the sub-block's mode.
    int32_t llr(Rng &r, int bit, int32_t mx) const
    {
        switch (mode_) {
        case 0: // noise: uniform over the range
            return uni(r, -mx, mx);
        case 1: // saturated, agreeing with the path (the largest metric spread)
            return bit ? -mx : mx;
        default: { // agreeing 4 times in 5, any magnitude
            const int32_t m = uni(r, 0, mx);
            return (bit ^ (r() % 5 == 0)) ? -m : m;
        }
        }
    }

    void refill(Rng &r)
    {
        const fg_xmap_fmt *f = &F_.f;
        const int S = 4 + (int)(r() % 29); // radix-4 steps
        const bool odd = r() % 2;          // a radix-2 last position before the tail
        const int n = 2 * S + odd;
        mode_ = (int)(r() % 3);
        std::vector<int32_t> sys(n), par(n), apr(n);
        int32_t tail[6];
        int st = (int)(r() % 8); // encoder state along a random path
        for (int p = 0; p < n; p++) {
            const int u = (int)(r() & 1), z = fg_rsc_parity(st, u);
            st = fg_rsc_next(st, u);
            sys[p] = llr(r, u, F_.mch);
            par[p] = llr(r, z, F_.mch);
            apr[p] = llr(r, u ^ (r() % 4 == 0), F_.mext); // a-priori disagrees now and then
        }
        for (int t = 0; t < 3; t++) { // the termination steps, from the path's last state
            const int u = fg_rsc_tail_input(st), z = fg_rsc_parity(st, u);
            st = fg_rsc_next(st, u);
            tail[2 * t] = llr(r, u, F_.mch);
            tail[2 * t + 1] = llr(r, z, F_.mch);
        }
        std::vector<In> c(S);
        for (int i = 0; i < S; i++) {
            for (int j = 0; j < 2; j++) {
                c[i].sys[j] = sys[2 * i + j];
                c[i].par[j] = par[2 * i + j];
                c[i].apr[j] = apr[2 * i + j];
            }
            std::memcpy(c[i].tail, tail, sizeof tail);
            datapath_gamma(F_, c[i]);
        }
        // alpha at step i's start: from the block start, uniform (0) or the previous sub-block's end.
        const int a0 = (int)(r() % 4);
        if (a0 < 2 || !carry_)
            fg_xmap_alpha_start(f, c[0].alpha);
        else if (a0 == 2)
            std::memset(c[0].alpha, 0, sizeof c[0].alpha);
        else
            std::memcpy(c[0].alpha, alpha_end_, sizeof alpha_end_);
        int32_t a[8];
        for (int i = 0; i < S; i++) {
            fg_xmap_alpha4(f, c[i].alpha, c[i].gamma, a);
            std::memcpy(i + 1 < S ? c[i + 1].alpha : alpha_end_, a, sizeof a);
        }
        // beta at the end: the tail (then the radix-2 step for odd n), uniform, or the next
        // sub-block's start (the previous sub-block's beta_0 here).
        int32_t b[8], nb[8];
        const int b0 = (int)(r() % 4);
        if (b0 < 2 || !carry_) {
            fg_xmap_beta_tail(f, tail, b);
            if (odd) {
                int32_t g2[4];
                fg_xmap_gamma2(f, sys[n - 1], par[n - 1], apr[n - 1], g2);
                fg_xmap_beta2(f, b, g2, nb);
                std::memcpy(b, nb, sizeof b);
            }
        } else if (b0 == 2) {
            std::memset(b, 0, sizeof b);
        } else {
            std::memcpy(b, beta_start_, sizeof b);
        }
        for (int i = S - 1; i >= 0; i--) {
            std::memcpy(c[i].beta, b, sizeof b);
            fg_xmap_beta4(f, b, c[i].gamma, nb);
            std::memcpy(b, nb, sizeof b);
        }
        std::memcpy(beta_start_, b, sizeof b);
        carry_ = true;
        for (int i = 0; i < S; i++) // fg_xmap_norm: a reachable metric vector (w_sm bits)
            std::memcpy(c[i].norm, i % 2 ? c[i].beta : c[i].alpha, sizeof c[i].norm);
        cases_ = std::move(c);
        pos_ = 0;
    }

    const Fmt &F_;
    std::vector<In> cases_;
    size_t pos_ = 0;
    int mode_ = 0;
    bool carry_ = false;
    int32_t alpha_end_[8] = {0}, beta_start_[8] = {0};
};

bool run_reachable(Bench &b, const Fmt fmts[NF], long samples, Rng &r)
{
    std::vector<Reachable> gen;
    for (int fi = 0; fi < NF; fi++)
        gen.emplace_back(fmts[fi]);
    for (long s = 0; s < samples; s++) {
        In in[NF];
        for (int fi = 0; fi < NF; fi++)
            in[fi] = gen[fi].next(r);
        if (!b.check(fmts, in, "reachable", s))
            return false;
    }
    return true;
}

// Any w-bit value (full two's complement range), a corner one time in four.
int32_t any_value(Rng &r, int w)
{
    const int32_t mx = fg_fx_max(w);
    if (r() % 4 == 0) {
        const int32_t corner[4] = {mx, -mx, 0, -mx - 1};
        return corner[r() % 4];
    }
    return uni(r, -mx - 1, mx);
}

bool run_arbitrary(Bench &b, const Fmt fmts[NF], long samples, Rng &r)
{
    for (long s = 0; s < samples; s++) {
        In in[NF];
        for (int fi = 0; fi < NF; fi++) {
            const Fmt &F = fmts[fi];
            In &x = in[fi];
            for (int j = 0; j < 2; j++) {
                x.sys[j] = uni(r, -F.mch, F.mch);
                x.par[j] = uni(r, -F.mch, F.mch);
                x.apr[j] = uni(r, -F.mext, F.mext);
            }
            for (int j = 0; j < 6; j++)
                x.tail[j] = uni(r, -F.mch, F.mch);
            datapath_gamma(F, x);
            for (int st = 0; st < 8; st++) {
                x.alpha[st] = any_value(r, F.f.w_sm);
                x.beta[st] = any_value(r, F.f.w_sm);
                x.norm[st] = any_value(r, F.wi);
            }
        }
        if (!b.check(fmts, in, "arbitrary", s))
            return false;
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    long samples = 200000;
    unsigned long seed = 1;
    for (int i = 1; i < argc; i++) {
        char *end = nullptr;
        if (i + 1 < argc && !std::strcmp(argv[i], "--samples")) {
            samples = std::strtol(argv[++i], &end, 10);
            if (*end || !*argv[i] || samples < 0 || samples > 1000000000L) {
                std::fprintf(stderr, "--samples %s: expected an integer in [0, 1000000000]\n", argv[i]);
                return 2;
            }
        } else if (i + 1 < argc && !std::strcmp(argv[i], "--seed")) {
            seed = std::strtoul(argv[++i], &end, 10);
            if (*end || !*argv[i] || argv[i][0] == '-') {
                std::fprintf(stderr, "--seed %s: expected a non-negative integer\n", argv[i]);
                return 2;
            }
        } else if (argv[i][0] != '+') { // +verilator+... plusargs pass through
            std::fprintf(stderr, "unknown option %s; usage: %s [--samples N] [--seed S]\n", argv[i], argv[0]);
            return 2;
        }
    }
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto top = std::make_unique<Vtb_xmap_units>(ctx.get());
    const auto t0 = std::chrono::steady_clock::now();

    Bench bench(top.get(), seed);
    Fmt fmts[NF];
    if (!bench.read_formats(fmts))
        return 1;
    Rng rng(seed);
    long n[3];
    if (!run_corners(bench, fmts))
        return 1;
    n[0] = bench.evals();
    if (!run_reachable(bench, fmts, samples, rng))
        return 1;
    n[1] = bench.evals() - n[0];
    if (!run_arbitrary(bench, fmts, samples, rng))
        return 1;
    n[2] = bench.evals() - n[0] - n[1];
    top->final();

    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("all XMAP units match their C twins (%.0f ms, seed %lu):\n", ms, seed);
    for (int fi = 0; fi < NF; fi++) {
        const fg_xmap_fmt &f = fmts[fi].f;
        std::printf("  format %d: w_ch=%d w_ext=%d w_bm=%d w_sm=%d %s\n", fi, f.w_ch, f.w_ext, f.w_bm, f.w_sm,
                    f.norm == FG_XMAP_NORM_MODULO ? "modulo" : "subtract");
    }
    std::printf("  every unit, every format: %ld corner + %ld reachable + %ld arbitrary input sets\n", n[0], n[1], n[2]);
    std::printf("  units:");
    for (const Unit &u : kUnits)
        std::printf(" %s", u.name);
    std::printf("\n");
    return 0;
}
