// What the Verilator benchmarks of bench/rtl share: reset, one clock cycle with the bank writes
// counted, and the JSON report (RTL against the C step model on the same traffic).
#ifndef FG_BENCH_RTL_COMMON_H
#define FG_BENCH_RTL_COMMON_H

#include "verilated.h"

extern "C" {
#include "fecforge/error.h"
}

#include <cstdio>

struct fg_bench_counts {
    long cycles = 0, writes = 0;
    double seconds = 0;
};

// One rising edge with rst_ni low, then rst_ni high (synchronous reset).
template <class Top> void fg_bench_reset(Top &top)
{
    top.rst_ni = 0;
    top.clk_i = 0;
    top.eval();
    top.clk_i = 1;
    top.eval();
    top.clk_i = 0;
    top.rst_ni = 1;
}

// The inputs of a cycle are set: evaluate, count the M bank writes of the cycle, clock.
template <class Top> void fg_bench_cycle(Top &top, int M, fg_bench_counts *c)
{
    top.eval();
    for (int b = 0; b < M; b++)
        c->writes += (long)((top.bank_we_o >> b) & 1);
    top.clk_i = 1;
    top.eval();
    top.clk_i = 0;
    c->cycles++;
}

// At the end of a run: 0 when the design has drained (done_o) and lost nothing (overflow_o).
template <class Top> int fg_bench_not_done(Top &top)
{
    top.eval();
    return !top.done_o || top.overflow_o;
}

inline void fg_bench_report(const char *bench, const char *design, int K, long repeats, const fg_bench_counts &rtl,
                            const fg_bench_counts &model)
{
    std::printf("{\"bench\": \"%s\", \"design\": \"%s\", \"K\": %d, \"repeats\": %ld,\n"
                " \"verilator\": \"%s\", \"fecforge\": \"%s\", \"git\": \"%s\",\n"
                " \"rtl\": {\"cycles\": %ld, \"bank_writes\": %ld, \"seconds\": %.4f, \"cycles_per_s\": %.0f, "
                "\"llr_writes_per_s\": %.0f},\n"
                " \"c_model\": {\"cycles\": %ld, \"bank_writes\": %ld, \"seconds\": %.4f, \"cycles_per_s\": %.0f, "
                "\"llr_writes_per_s\": %.0f}}\n",
                bench, design, K, repeats, Verilated::productVersion(), fg_version(), fg_git_hash(), rtl.cycles,
                rtl.writes, rtl.seconds, rtl.cycles / rtl.seconds, rtl.writes / rtl.seconds, model.cycles,
                model.writes, model.seconds, model.cycles / model.seconds, model.writes / model.seconds);
}

#endif
