// bench_rtl_dbcf: simulation speed of the checked-in thesis DBCF (rtl/generated/dbcf-p32-m64-s3-f4-b7,
// PLLR 32, M 64, S 3, F 4, B 7) under Verilator, next to the C step model on the same traffic.
// Traffic: the two HSPA+ K = 5114 half-iterations (xmap-xor mapping) recorded from the model,
// replayed into the RTL `repeats` times (reset in between), twice: evaluated before and at each edge
// ("rtl"), and through fg_bench_dbcf_inreg, which registers every input so that Verilator evaluates
// the network once per edge ("rtl_inputs_registered"). Prints one JSON object.
// Usage: bench_rtl_dbcf [repeats] (default 200).
#include "Vfg_bench_dbcf_inreg.h"
#include "Vfg_dbcf_p32_m64_s3_f4_b7.h"
#include "verilated.h"
#include "../../testbench/verilated_bits.h"
#include "bench_rtl_common.h"

extern "C" {
#include "fecforge/dbcf.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge/xmap_schedule.h"
}

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace {

constexpr int P = 32, M = 64, K = 5114;

struct Recording {
    std::vector<std::vector<fg_dbcf_word>> cycles; // lane inputs per cycle
};

void record(void *user, int, const fg_dbcf *, const fg_dbcf_word *lane_P, const fg_dbcf_out *)
{
    static_cast<Recording *>(user)->cycles.emplace_back(lane_P, lane_P + P);
}

fg_dbcf_cfg config()
{
    fg_dbcf_cfg c = fg_dbcf_cfg_default();
    c.pllr = P;
    c.banks = M;
    c.select = 3;
    c.fifo_depth = 4;
    c.buf_depth = 7;
    return c;
}

// One half-iteration of the model with its observer; returns the C model's seconds.
double half_iteration(fg_direction dir, Recording *rec, long *written)
{
    fg_xmap_schedule s;
    fg_bank_map map;
    std::vector<int32_t> addr(K);
    const fg_dbcf_cfg c = config();
    fg_dbcf_result res;
    if (fg_xmap_schedule_init(&s, K, P) || fg_bank_map_init(&map, FG_MAP_XMAP_XOR, M, &s) ||
        fg_write_addresses(FG_STD_UMTS, K, dir, addr.data())) {
        std::fprintf(stderr, "bench_rtl_dbcf: %s\n", fg_last_error());
        std::exit(1);
    }
    const auto t0 = std::chrono::steady_clock::now();
    if (fg_dbcf_half_iteration(&c, &map, addr.data(), rec ? record : nullptr, rec, &res)) {
        std::fprintf(stderr, "bench_rtl_dbcf: %s\n", fg_last_error());
        std::exit(1);
    }
    *written = res.written;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Replays the recorded half-iterations `repeats` times into a fresh Verilated Top. ahead: Top is
// fg_bench_dbcf_inreg, driven one cycle ahead (fg_bench_cycle_ahead); else the DBCF itself, evaluated
// before and at each edge (fg_bench_cycle). Adds the runs that did not drain to *not_done.
template <class Top>
fg_bench_counts run_rtl(VerilatedContext *ctx, const Recording rec[2], long repeats, bool ahead, long *not_done)
{
    auto top = std::make_unique<Top>(ctx);
    // Element widths of the generated module (its manifest.json: widths bank, row, data).
    const int bw = 6, row_w = 7, data_w = 6;
    fg_bench_counts rtl;
    const auto t0 = std::chrono::steady_clock::now();
    for (long r = 0; r < repeats; r++)
        for (int d = 0; d < 2; d++) {
            fg_bench_reset(*top);
            if (ahead)
                top->eval(); // Verilator sees clk_i low again: the loop's first eval is an edge
            const size_t n = rec[d].cycles.size();
            for (size_t c = 0; c < n + 8; c++) {
                uint32_t valid = 0;
                for (int l = 0; l < P; l++) {
                    const fg_dbcf_word w = c < n ? rec[d].cycles[c][(size_t)l] : fg_dbcf_word{0, 0, 0, 0};
                    valid |= (uint32_t)(w.valid != 0) << l;
                    fg_vl_put(top->lane_bank_i, l * bw, bw, (uint32_t)w.bank);
                    fg_vl_put(top->lane_row_i, l * row_w, row_w, (uint32_t)w.row);
                    fg_vl_put(top->lane_data_i, l * data_w, data_w, (uint32_t)w.data);
                }
                top->lane_valid_i = valid;
                if (ahead)
                    fg_bench_cycle_ahead(*top, M, &rtl);
                else
                    fg_bench_cycle(*top, M, &rtl);
            }
            if (ahead) { // the edge that ends the last cycle (its inputs, all idle, are already set)
                top->clk_i = 1;
                top->eval();
                top->clk_i = 0;
            }
            // 8 idle cycles after the last input: the network has drained, nothing was lost.
            *not_done += fg_bench_not_done(*top);
        }
    rtl.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    top->final();
    return rtl;
}

} // namespace

int main(int argc, char **argv)
{
    const long repeats = argc > 1 ? std::atol(argv[1]) : 200;
    if (repeats < 1) {
        std::fprintf(stderr, "usage: bench_rtl_dbcf [repeats >= 1]\n");
        return 2;
    }
    Recording rec[2];
    long written = 0;
    const fg_direction dirs[2] = {FG_DIR_INTERLEAVE, FG_DIR_DEINTERLEAVE};
    fg_bench_counts model;
    for (int d = 0; d < 2; d++)
        half_iteration(dirs[d], &rec[d], &written);
    for (long r = 0; r < repeats; r++)
        for (int d = 0; d < 2; d++) {
            model.seconds += half_iteration(dirs[d], nullptr, &written);
            model.cycles += (long)rec[d].cycles.size();
            model.writes += written;
        }

    auto ctx = std::make_unique<VerilatedContext>();
    long not_done = 0;
    const fg_bench_counts rtl = run_rtl<Vfg_dbcf_p32_m64_s3_f4_b7>(ctx.get(), rec, repeats, false, &not_done);
    const fg_bench_counts inreg = run_rtl<Vfg_bench_dbcf_inreg>(ctx.get(), rec, repeats, true, &not_done);
    fg_bench_report("rtl_dbcf", "fg_dbcf_p32_m64_s3_f4_b7", K, repeats, rtl, model, &inreg);
    // The RTL must have written every LLR of every half-iteration, drained (done_o) and lost nothing
    // (overflow_o), and both harnesses must have seen the same bank writes in every cycle: no timing
    // assert, a sanity check.
    return rtl.writes == 2L * repeats * K && inreg.we_hash == rtl.we_hash && not_done == 0 ? 0 : 1;
}
