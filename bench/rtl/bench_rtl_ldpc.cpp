// bench_rtl_ldpc: throughput and Verilator speed of the generated multi-code 802.11n LDPC decoder
// (the design ldpc; the thesis configuration: K 2, MB 2 x 2, default widths, 15 iterations, LTR MB
// order; bench_ldpc_design.h), built with the standard column order (bench_rtl_ldpc) or with every
// code's columns reordered (bench_rtl_ldpc_reorder). docs/rtl-ldpc-throughput.md has the results.
//
// Part 1, per code: one noisy frame with max_iter_i = 15, et_en_i = 0. From the RTL's own ports:
// cycles from the first llr_valid_i cycle to done_o (inclusive), the first read cycle of every
// iteration (iteration_o == i with a read port active), iter_done_o pulses, iterations_o, the hard
// decisions of the unload port. Compared with the step model (fg_ldpc_arch_timing at 15 iterations
// and fg_ldpc_arch_decode on the same frame, same configuration): any difference fails (exit 1).
// Throughput at 815 MHz, information bits as thesis Table 3.5 (docs/ldpc-table-3-5.md):
// decode only k * f / (15 * cycles per iteration), with I/O k * f / cycles per codeword.
//
// Part 2, per code: noisy frames (frame f: Philox stream f of seed 1, BPSK/AWGN at Eb/N0, quantised
// like the vector sets) with et_en_i = 1, decoded back to back for `seconds` of Verilator time;
// every frame's hard decisions, iteration count and cycle count are checked against
// fg_ldpc_arch_decode (not timed). Prints one JSON object.
// Usage: bench_rtl_ldpc [seconds per code (default 2)] [Eb/N0 dB (default 2)]
#include "Vfg_bench_ldpc.h"
#include "verilated.h"
#include "../../testbench/verilated_bits.h"
#include "bench_rtl_common.h"

extern "C" {
#include "bench_ldpc_design.h"
#include "fecforge/channel.h"
#include "fecforge/fixed.h"
#include "fecforge_gen/gen.h"
}

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr double FCLK = 815e6;
constexpr int ITERS = 15;
constexpr uint64_t SEED = 1;

using Clock = std::chrono::steady_clock;

// Thesis Table 3.5 (information throughput at 815 MHz, 15 iterations), Mbps.
double thesis_mbps(const char *name)
{
    static const struct {
        const char *name;
        double mbps;
    } t[] = {{"wifi-648-1/2", 380},   {"wifi-648-2/3", 520},   {"wifi-648-3/4", 760},   {"wifi-648-5/6", 1000},
             {"wifi-1296-1/2", 750},  {"wifi-1296-2/3", 1100}, {"wifi-1296-3/4", 1300}, {"wifi-1296-5/6", 2000},
             {"wifi-1944-1/2", 1100}, {"wifi-1944-2/3", 1700}, {"wifi-1944-3/4", 2200}, {"wifi-1944-5/6", 3000}};
    for (const auto &e : t)
        if (!std::strcmp(e.name, name))
            return e.mbps;
    return 0;
}

[[noreturn]] void die(const char *what)
{
    std::fprintf(stderr, "bench_rtl_ldpc: %s: %s\n", what, fg_last_error());
    std::exit(1);
}

struct Design {
    fg_bench_ldpc_design d;
    fg_gen_ldpc_dims dims;
    char top[128];
    int N2, W;
};

// What the RTL did with one frame.
struct RtlFrame {
    long cycles = 0;                 // first llr_valid_i cycle .. done_o, inclusive
    std::vector<long> iter_start;    // [i]: first read cycle of iteration i (relative), -1 if none
    int iter_done = 0;               // iter_done_o pulses
    int iterations = -1;             // iterations_o at done_o
    std::vector<uint8_t> bits;       // k hard decisions from the unload port (code order)
    std::vector<int> seen;           // times each information column came out
    int lanes_dirty = 0;             // out_bits_o lanes >= Z that were not 0
};

class Rtl {
  public:
    explicit Rtl(const Design &ds) : ds_(ds), ctx_(std::make_unique<VerilatedContext>())
    {
        top_ = std::make_unique<Vfg_bench_ldpc>(ctx_.get());
        top_->llr_valid_i = 0;
        top_->code_sel_i = 0;
        top_->max_iter_i = 0;
        top_->et_en_i = 0;
        fg_bench_reset(*top_);
    }
    ~Rtl() { top_->final(); }

    // Drives one frame (llr: n quantised LLRs, code order) from the current state to done_o.
    long cycles_total = 0;
    void frame(int ci, const int32_t *llr, int max_iter, int et, RtlFrame *r)
    {
        const fg_ldpc_code *code = ds_.d.codes[ci];
        const int nb = code->nb, z = code->z, kc = nb - code->mb, Zm = ds_.dims.zmax, N2 = ds_.N2, W = ds_.W;
        const int aw = ds_.dims.addr_w;
        Vfg_bench_ldpc &t = *top_;
        r->cycles = 0;
        r->iter_start.assign((size_t)max_iter + 2, -1);
        r->iter_done = 0;
        r->iterations = -1;
        r->bits.assign((size_t)code->k, 0);
        r->seen.assign((size_t)kc, 0);
        r->lanes_dirty = 0;
        t.code_sel_i = (uint32_t)ci;
        t.max_iter_i = (uint32_t)max_iter;
        t.et_en_i = (uint8_t)et;
        int pos = 0;              // next block column to present
        bool started = false;
        const long bound = 100000; // far above any frame (< 2000 cycles at 15 iterations)
        for (long c = 0;; c++) {
            if (c > bound) {
                std::fprintf(stderr, "bench_rtl_ldpc: %s: no done_o after %ld cycles\n", code->name, bound);
                std::exit(1);
            }
            const bool valid = pos < nb;
            t.llr_valid_i = valid;
            if (valid)
                for (int p = 0; p < N2; p++)
                    for (int j = 0; j < Zm; j++) {
                        const int col = pos + p;
                        const int32_t v = col < nb && j < z ? llr[(size_t)col * z + (size_t)j] : 0;
                        fg_vl_put(t.llr_i, (p * Zm + j) * W, W, (uint32_t)v & ((1u << W) - 1u));
                    }
            t.eval();
            if (valid && t.llr_ready_o) {
                started = true;
                pos += N2;
            }
            if (started) {
                observe(code, kc, z, Zm, N2, aw, r);
                r->cycles++;
            }
            const bool done = started && t.done_o;
            if (done)
                r->iterations = (int)t.iterations_o;
            t.clk_i = 1;
            t.eval();
            t.clk_i = 0;
            cycles_total++;
            if (done)
                break;
        }
        if (!started) {
            std::fprintf(stderr, "bench_rtl_ldpc: %s: llr_ready_o never high\n", code->name);
            std::exit(1);
        }
        t.llr_valid_i = 0;
    }

  private:
    void observe(const fg_ldpc_code *code, int kc, int z, int Zm, int N2, int aw, RtlFrame *r)
    {
        Vfg_bench_ldpc &t = *top_;
        const long rel = r->cycles;
        const int it = (int)t.iteration_o;
        if (t.phase_o == FG_LDPC_ARCH_DECODE && t.ren_o && it >= 1 && it < (int)r->iter_start.size() &&
            r->iter_start[(size_t)it] < 0)
            r->iter_start[(size_t)it] = rel;
        r->iter_done += t.iter_done_o != 0;
        if (!t.out_valid_o)
            return;
        for (int p = 0; p < N2; p++) {
            if (!((t.out_v_o >> p) & 1u))
                continue;
            const int col = (int)fg_vl_get(t.out_col_o, p * aw, aw);
            if (col < 0 || col >= kc) {
                std::fprintf(stderr, "bench_rtl_ldpc: %s: out_col_o[%d] = %d outside the %d information columns\n",
                             code->name, p, col, kc);
                std::exit(1);
            }
            r->seen[(size_t)col]++;
            for (int j = 0; j < Zm; j++) {
                const uint32_t b = fg_vl_get(t.out_bits_o, p * Zm + j, 1);
                if (j < z)
                    r->bits[(size_t)col * z + (size_t)j] = (uint8_t)b;
                else
                    r->lanes_dirty += (int)b;
            }
        }
    }

    const Design &ds_;
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vfg_bench_ldpc> top_;
};

// Noisy frame f of code (as cmodel/src/vectors/vectors_ldpc.c): random information bits, encoder,
// BPSK/AWGN at ebn0, channel LLRs, quantised to the design's LLR format.
void noisy_frame(const fg_ldpc_code *code, const fg_ldpc_arch_cfg &cfg, double ebn0, int f, std::vector<uint8_t> &cw,
                 std::vector<int32_t> &q)
{
    const int n = code->n;
    std::vector<uint8_t> u((size_t)code->k);
    std::vector<double> y((size_t)n);
    cw.resize((size_t)n);
    q.resize((size_t)n);
    double sigma;
    if (fg_channel_sigma(ebn0, (double)code->k / n, &sigma) ||
        fg_channel_random_bits(code->k, SEED, (uint64_t)f, u.data()) || fg_ldpc_encode(code, u.data(), cw.data()) ||
        fg_channel_bpsk_awgn(cw.data(), n, sigma, SEED, (uint64_t)f, y.data()) ||
        fg_channel_llr(y.data(), n, sigma, y.data()) ||
        fg_llr_quantize(y.data(), n, cfg.fx.llr_width, cfg.fx.llr_frac, q.data()))
        die("frame");
}

// The model's decode of a frame; returns its seconds.
double model_decode(const fg_ldpc_code *code, fg_ldpc_arch_cfg cfg, int max_iter, int et, const int32_t *q,
                    std::vector<uint8_t> &bits, int *iters, fg_ldpc_arch_stats *st)
{
    cfg.fx.max_iter = max_iter;
    cfg.fx.early_term = et;
    fg_ldpc_arch *a = nullptr;
    if (fg_ldpc_arch_create(code, &cfg, &a))
        die("fg_ldpc_arch_create");
    bits.resize((size_t)code->n);
    const auto t0 = Clock::now();
    const int rc = fg_ldpc_arch_decode(a, q, bits.data(), nullptr, iters, st, nullptr, nullptr);
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    fg_ldpc_arch_destroy(a);
    if (rc)
        die("fg_ldpc_arch_decode");
    return s;
}

// RTL against the model on one frame: a message for each difference, their count.
int compare(const fg_ldpc_code *code, const RtlFrame &r, const std::vector<uint8_t> &bits, int iters,
            const fg_ldpc_arch_stats &st, bool timing, int frame)
{
    int bad = 0;
    auto fail = [&](const char *what, long rtl, long model) {
        if (bad++ < 4)
            std::fprintf(stderr, "bench_rtl_ldpc: %s frame %d: %s: RTL %ld, model %ld\n", code->name, frame, what, rtl,
                         model);
    };
    if (r.cycles != st.cycles_total)
        fail("cycles per codeword", r.cycles, st.cycles_total);
    if (r.iterations != iters)
        fail("iterations_o", r.iterations, iters);
    if (r.iter_done != iters)
        fail("iter_done_o pulses", r.iter_done, iters);
    if (timing) {
        if (r.iter_start[1] != st.iter_start[0])
            fail("first read of iteration 1 (cycle)", r.iter_start[1], st.iter_start[0]);
        if (r.iter_start[(size_t)iters] != st.iter_start[1])
            fail("first read of the last iteration (cycle)", r.iter_start[(size_t)iters], st.iter_start[1]);
    }
    for (size_t c = 0; c < r.seen.size(); c++)
        if (r.seen[c] != 1)
            fail("times an information column came out", r.seen[c], 1);
    if (r.lanes_dirty)
        fail("out_bits_o lanes >= Z set", r.lanes_dirty, 0);
    long diff = 0;
    for (int j = 0; j < code->k; j++)
        diff += r.bits[(size_t)j] != bits[(size_t)j];
    if (diff)
        fail("hard decisions differing", diff, 0);
    return bad;
}

std::string jnum(double v, int prec)
{
    char b[64];
    std::snprintf(b, sizeof b, "%.*f", prec, v);
    return b;
}

} // namespace

int main(int argc, char **argv)
{
    const double seconds = argc > 1 ? std::atof(argv[1]) : 2.0;
    const double ebn0 = argc > 2 ? std::atof(argv[2]) : 2.0;
    if (argc > 3 || !(seconds > 0 && seconds <= 3600) || !(ebn0 >= -10 && ebn0 <= 20)) {
        std::fprintf(stderr, "usage: bench_rtl_ldpc [seconds per code in (0, 3600], default 2] "
                             "[Eb/N0 dB in [-10, 20], default 2]\n");
        return 2;
    }
    Design ds;
    if (fg_bench_ldpc_design_make(FG_BENCH_LDPC_CODES, FG_BENCH_LDPC_REORDER, &ds.d))
        die("design");
    {
        fg_gen_ldpc_cfg g = fg_gen_ldpc_cfg_default();
        g.arch = ds.d.arch;
        g.codes = ds.d.codes;
        g.n_codes = ds.d.n_codes;
        g.col_order = ds.d.col_order;
        if (fg_gen_ldpc_dims_of(&g, &ds.dims))
            die("dims");
        fg_gen_ldpc_name(&g, ds.top, sizeof ds.top);
    }
    ds.N2 = ds.d.arch.mb_cols;
    ds.W = ds.d.arch.fx.llr_width;
    const int nc = ds.d.n_codes;
    int mismatches = 0;
    Rtl rtl(ds);

    // ---- part 1: cycles per codeword and per iteration, 15 iterations without ET ----
    std::string p1;
    for (int ci = 0; ci < nc; ci++) {
        const fg_ldpc_code *code = ds.d.codes[ci];
        const fg_ldpc_arch_cfg cfg = fg_bench_ldpc_arch_of(&ds.d, ci);
        fg_ldpc_arch_cfg tcfg = cfg;
        tcfg.fx.early_term = 0;
        tcfg.fx.max_iter = ITERS;
        fg_ldpc_arch *a = nullptr;
        fg_ldpc_arch_stats tim, dec;
        if (fg_ldpc_arch_create(code, &tcfg, &a) || fg_ldpc_arch_timing(a, ITERS, &tim, nullptr, nullptr))
            die("fg_ldpc_arch_timing");
        fg_ldpc_arch_destroy(a);
        std::vector<uint8_t> cw, bits;
        std::vector<int32_t> q;
        noisy_frame(code, cfg, ebn0, 0, cw, q);
        int iters = 0;
        model_decode(code, cfg, ITERS, 0, q.data(), bits, &iters, &dec);
        int bad = 0;
        if (dec.cycles_total != tim.cycles_total || dec.iter_start[0] != tim.iter_start[0] ||
            dec.iter_start[1] != tim.iter_start[1] || iters != ITERS) {
            std::fprintf(stderr, "bench_rtl_ldpc: %s: fg_ldpc_arch_decode and fg_ldpc_arch_timing disagree\n",
                         code->name);
            bad++;
        }
        RtlFrame r;
        rtl.frame(ci, q.data(), ITERS, 0, &r);
        bad += compare(code, r, bits, iters, tim, true, 0);
        mismatches += bad;
        const double cpi = (double)(r.iter_start[ITERS] - r.iter_start[1]) / (ITERS - 1);
        const double k = code->k, n = code->n;
        p1 += std::string(ci ? ",\n" : "") + "  {\"index\": " + std::to_string(ci) + ", \"code\": \"" + code->name +
              "\", \"n\": " + std::to_string(code->n) + ", \"k\": " + std::to_string(code->k) +
              ", \"mbs_per_iter\": " + std::to_string(tim.mbs_per_iter) + ", \"thesis_mbps\": " +
              jnum(thesis_mbps(code->name), 0) + ",\n   \"rtl\": {\"cycles_per_codeword\": " +
              std::to_string(r.cycles) + ", \"iter_start\": [" + std::to_string(r.iter_start[1]) + ", " +
              std::to_string(r.iter_start[ITERS]) + "], \"cycles_per_iter\": " + jnum(cpi, 3) +
              ", \"iterations\": " + std::to_string(r.iterations) + "},\n   \"model\": {\"cycles_per_codeword\": " +
              std::to_string(tim.cycles_total) + ", \"iter_start\": [" + std::to_string(tim.iter_start[0]) + ", " +
              std::to_string(tim.iter_start[1]) + "], \"cycles_per_iter\": " + jnum(tim.cycles_per_iter, 3) +
              ", \"load\": " + std::to_string(tim.cycles_load) + ", \"decode\": " + std::to_string(tim.cycles_decode) +
              ", \"unload\": " + std::to_string(tim.cycles_unload) + "},\n   \"match\": " +
              (bad ? "false" : "true") + ", \"mbps_info_decode\": " + jnum(k * FCLK / (ITERS * cpi) / 1e6, 1) +
              ", \"mbps_info_io\": " + jnum(k * FCLK / (double)r.cycles / 1e6, 1) +
              ", \"mbps_coded_decode\": " + jnum(n * FCLK / (ITERS * cpi) / 1e6, 1) +
              ", \"mbps_coded_io\": " + jnum(n * FCLK / (double)r.cycles / 1e6, 1) + "}";
        std::fprintf(stderr, "bench_rtl_ldpc: %-14s %s: %ld cycles/codeword, %.2f cycles/iteration\n", code->name,
                     bad ? "MISMATCH" : "ok", r.cycles, cpi);
    }

    // ---- part 2: Verilator speed, noisy frames with early termination ----
    std::string p2;
    long all_frames = 0, all_cycles = 0;
    double all_rtl_s = 0, all_model_s = 0;
    for (int ci = 0; ci < nc; ci++) {
        const fg_ldpc_code *code = ds.d.codes[ci];
        const fg_ldpc_arch_cfg cfg = fg_bench_ldpc_arch_of(&ds.d, ci);
        long frames = 0, cycles = 0, iters_sum = 0, frame_errors = 0;
        double rtl_s = 0, model_s = 0;
        int bad = 0;
        std::vector<uint8_t> cw, bits;
        std::vector<int32_t> q;
        RtlFrame r;
        while (rtl_s < seconds) {
            noisy_frame(code, cfg, ebn0, (int)frames, cw, q);
            int iters = 0;
            fg_ldpc_arch_stats st;
            model_s += model_decode(code, cfg, ITERS, 1, q.data(), bits, &iters, &st);
            const auto t0 = Clock::now();
            rtl.frame(ci, q.data(), ITERS, 1, &r);
            rtl_s += std::chrono::duration<double>(Clock::now() - t0).count();
            bad += compare(code, r, bits, iters, st, false, (int)frames);
            cycles += r.cycles;
            iters_sum += r.iterations;
            frame_errors += std::memcmp(bits.data(), cw.data(), (size_t)code->n) != 0;
            frames++;
        }
        mismatches += bad;
        all_frames += frames;
        all_cycles += cycles;
        all_rtl_s += rtl_s;
        all_model_s += model_s;
        p2 += std::string(ci ? ",\n" : "") + "  {\"code\": \"" + code->name + "\", \"frames\": " +
              std::to_string(frames) + ", \"mismatched_frames\": " + std::to_string(bad) + ", \"frame_errors\": " +
              std::to_string(frame_errors) + ", \"mean_iterations\": " + jnum((double)iters_sum / frames, 2) +
              ", \"cycles\": " + std::to_string(cycles) + ", \"rtl_seconds\": " + jnum(rtl_s, 3) +
              ", \"rtl_frames_per_s\": " + jnum(frames / rtl_s, 1) + ", \"rtl_cycles_per_s\": " +
              jnum(cycles / rtl_s, 0) + ", \"model_frames_per_s\": " + jnum(frames / model_s, 1) + "}";
        std::fprintf(stderr, "bench_rtl_ldpc: %-14s %ld frames in %.2f s (%.0f frames/s), %s\n", code->name, frames,
                     rtl_s, frames / rtl_s, bad ? "MISMATCH" : "all equal to the model");
    }

    std::printf("{\"bench\": \"rtl_ldpc\", \"design\": \"%s\", \"codes\": \"%s\", \"reordered\": %d,\n"
                " \"verilator\": \"%s\", \"fecforge\": \"%s\", \"git\": \"%s\",\n"
                " \"config\": {\"layers\": %d, \"mb\": \"%dx%d\", \"llr_width\": %d, \"llr_frac\": %d, "
                "\"r_width\": %d, \"app_width\": %d, \"mb_order\": \"ltr\"},\n"
                " \"fclk_mhz\": %.0f, \"iterations\": %d,\n"
                " \"throughput\": [\n%s],\n"
                " \"speed\": {\"ebn0_db\": %g, \"seed\": %llu, \"early_term\": 1, \"seconds_per_code\": %g,\n"
                "  \"total\": {\"frames\": %ld, \"cycles\": %ld, \"rtl_seconds\": %.3f, \"rtl_frames_per_s\": %.1f, "
                "\"rtl_cycles_per_s\": %.0f, \"model_seconds\": %.3f, \"model_frames_per_s\": %.1f},\n"
                "  \"per_code\": [\n%s]},\n"
                " \"mismatches\": %d}\n",
                ds.top, FG_BENCH_LDPC_CODES, FG_BENCH_LDPC_REORDER, Verilated::productVersion(), fg_version(),
                fg_git_hash(), ds.d.arch.fx.layers, ds.d.arch.mb_rows, ds.d.arch.mb_cols, ds.d.arch.fx.llr_width,
                ds.d.arch.fx.llr_frac, ds.d.arch.fx.r_width, ds.d.arch.fx.app_width, FCLK / 1e6, ITERS, p1.c_str(), ebn0,
                (unsigned long long)SEED, seconds, all_frames, all_cycles, all_rtl_s, all_frames / all_rtl_s,
                all_cycles / all_rtl_s, all_model_s, all_frames / all_model_s, p2.c_str(), mismatches);
    fg_bench_ldpc_design_free(&ds.d);
    return mismatches ? 1 : 0;
}
