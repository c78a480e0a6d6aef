// bench_rtl_subsys: simulation speed of the PLLR 32 HSPA+ write-path subsystem (IAG + LLR delay +
// bank mapper + DBCF + banks; `fecforge gen subsystem --std umts --pllr 32 --banks 64 --select 3
// --fifo-depth 4 --buf-depth 7 --width 6 --mapping xmap-xor`, the design of `make demo`) under
// Verilator, next to the C step model fg_subsys_step on the same inputs.
// Traffic: the forward and inverse K = 5114 half-iterations from reset (IAG preprocessing, start,
// C0 input cycles, drain), recorded from fg_subsys_half_iteration and replayed into the RTL
// `repeats` times (reset in between). Prints one JSON object; exit 1 if the RTL does not write
// every LLR of every half-iteration (a sanity check: `fecforge verify subsystem` is the proof).
// Usage: bench_rtl_subsys [repeats] (default 20).
#include "Vfg_subsys_umts_p32_m64_s3_f4_b7_xmapxor.h"
#include "verilated.h"
#include "../../testbench/verilated_bits.h"
#include "bench_rtl_common.h"

extern "C" {
#include "fecforge/error.h"
#include "fecforge/subsystem.h"
}

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace {

constexpr int P = 32, M = 64, K = 5114, W = 6;
constexpr int POS_W = 13, START_W = 14, STRIDE_W = 3; // element widths of the generated ports

struct Cycle {
    uint8_t start, inverse;
    std::vector<fg_subsys_lane_in> lanes; // empty: all idle
};

void record(void *user, long, const fg_subsys *, const fg_subsys_in *in, const fg_subsys_out *)
{
    Cycle c{in->start, in->inverse, {}};
    if (in->lane_in)
        c.lanes.assign(in->lane_in, in->lane_in + P);
    static_cast<std::vector<Cycle> *>(user)->push_back(std::move(c));
}

fg_subsys_cfg config()
{
    fg_subsys_cfg c = fg_subsys_cfg_default(); // UMTS 5114, PLLR 32, M 64, S 3, F 4, B 7, xmap-xor
    c.K = K;
    return c;
}

// One half-iteration of the model (recording its inputs if rec); the model's seconds.
double half_iteration(int inverse, std::vector<Cycle> *rec, long *written)
{
    const fg_subsys_cfg cfg = config();
    fg_subsys *s = nullptr;
    fg_subsys_result res;
    if (fg_subsys_create(&cfg, &s)) {
        std::fprintf(stderr, "bench_rtl_subsys: %s\n", fg_last_error());
        std::exit(1);
    }
    const auto t0 = std::chrono::steady_clock::now();
    const int rc = fg_subsys_half_iteration(s, inverse, W, rec ? record : nullptr, rec, &res);
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    fg_subsys_destroy(s);
    if (rc || res.misplaced || res.rejected) {
        std::fprintf(stderr, "bench_rtl_subsys: the model's half-iteration failed: %s\n", fg_last_error());
        std::exit(1);
    }
    *written = res.written;
    return t;
}

} // namespace

int main(int argc, char **argv)
{
    const long repeats = argc > 1 ? std::atol(argv[1]) : 20;
    if (repeats < 1) {
        std::fprintf(stderr, "usage: bench_rtl_subsys [repeats >= 1]\n");
        return 2;
    }
    std::vector<Cycle> rec[2];
    long written = 0;
    fg_bench_counts model, rtl;
    for (int m = 0; m < 2; m++)
        half_iteration(m, &rec[m], &written);
    for (long r = 0; r < repeats; r++)
        for (int m = 0; m < 2; m++) {
            model.seconds += half_iteration(m, nullptr, &written);
            model.cycles += (long)rec[m].size();
            model.writes += written;
        }

    fg_xmap_schedule sch;
    fg_iag_lane_prog prog[P];
    fg_xmap_schedule_init(&sch, K, P);
    fg_iag_xmap_program(&sch, prog);
    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vfg_subsys_umts_p32_m64_s3_f4_b7_xmapxor>(ctx.get());
    top->k_i = K;
    for (int l = 0; l < P; l++) {
        fg_vl_put(top->lane_start_i, l * START_W, START_W, (uint32_t)prog[l].start);
        fg_vl_put(top->lane_stride_i, l * STRIDE_W, STRIDE_W, (uint32_t)prog[l].stride);
    }
    long not_done = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (long r = 0; r < repeats; r++)
        for (int m = 0; m < 2; m++) {
            fg_bench_reset(*top);
            for (const Cycle &c : rec[m]) {
                top->start_i = c.start;
                top->inverse_i = c.inverse;
                uint32_t valid = 0;
                for (int l = 0; l < P; l++) {
                    const fg_subsys_lane_in in = c.lanes.empty() ? fg_subsys_lane_in{0, 0, 0} : c.lanes[(size_t)l];
                    valid |= (uint32_t)(in.valid != 0) << l;
                    fg_vl_put(top->lane_x_i, l * POS_W, POS_W, (uint32_t)in.x);
                    fg_vl_put(top->lane_llr_i, l * W, W, (uint32_t)in.llr);
                }
                top->lane_valid_i = valid;
                fg_bench_cycle(*top, M, &rtl);
            }
            // The trace ends with the DBCF empty: done_o, and no word lost (overflow_o).
            not_done += fg_bench_not_done(*top);
        }
    rtl.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    top->final();
    fg_bench_report("rtl_subsys", "fg_subsys_umts_p32_m64_s3_f4_b7_xmapxor", K, repeats, rtl, model);
    return rtl.writes == 2L * repeats * K && not_done == 0 ? 0 : 1;
}
