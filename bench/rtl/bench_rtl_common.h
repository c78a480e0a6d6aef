// What the Verilator benchmarks of bench/rtl share: reset, one clock cycle with the bank writes
// counted, and the JSON report (RTL against the C step model on the same traffic).
#ifndef FG_BENCH_RTL_COMMON_H
#define FG_BENCH_RTL_COMMON_H

#include "verilated.h"

#include <cstdint>

extern "C" {
#include "fecforge/error.h"
}

#include <cstdio>

struct fg_bench_counts {
    long cycles = 0, writes = 0;
    uint64_t we_hash = 0; // of every cycle's bank_we_o, in order: two harnesses of one design must agree
    double seconds = 0;
};

template <class Top> void fg_bench_count_writes(Top &top, int M, fg_bench_counts *c)
{
    for (int b = 0; b < M; b++)
        c->writes += (long)((top.bank_we_o >> b) & 1);
    c->we_hash = c->we_hash * 1000003u + (uint64_t)top.bank_we_o;
    c->cycles++;
}

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
    fg_bench_count_writes(top, M, c);
    top.clk_i = 1;
    top.eval();
    top.clk_i = 0;
}

// The same cycle through a wrapper that registers every input (fg_bench_dbcf_inreg): the inputs set
// before the call are the next cycle's; the edge starts cycle c, whose bank writes are counted after it.
// The first call after fg_bench_reset is the design's reset edge (its registered rst_ni is still low).
template <class Top> void fg_bench_cycle_ahead(Top &top, int M, fg_bench_counts *c)
{
    top.clk_i = 1;
    top.eval();
    fg_bench_count_writes(top, M, c);
    top.clk_i = 0;
    top.eval();
}

// At the end of a run: 0 when the design has drained (done_o) and lost nothing (overflow_o).
template <class Top> int fg_bench_not_done(Top &top)
{
    top.eval();
    return !top.done_o || top.overflow_o;
}

inline void fg_bench_report_entry(const char *name, const fg_bench_counts &c, const char *end)
{
    std::printf(" \"%s\": {\"cycles\": %ld, \"bank_writes\": %ld, \"seconds\": %.4f, \"cycles_per_s\": %.0f, "
                "\"llr_writes_per_s\": %.0f}%s\n",
                name, c.cycles, c.writes, c.seconds, c.cycles / c.seconds, c.writes / c.seconds, end);
}

// rtl_inreg: the same design and traffic through fg_bench_dbcf_inreg (null: not measured).
inline void fg_bench_report(const char *bench, const char *design, int K, long repeats, const fg_bench_counts &rtl,
                            const fg_bench_counts &model, const fg_bench_counts *rtl_inreg = nullptr)
{
    std::printf("{\"bench\": \"%s\", \"design\": \"%s\", \"K\": %d, \"repeats\": %ld,\n"
                " \"verilator\": \"%s\", \"fecforge\": \"%s\", \"git\": \"%s\",\n",
                bench, design, K, repeats, Verilated::productVersion(), fg_version(), fg_git_hash());
    fg_bench_report_entry("rtl", rtl, ",");
    if (rtl_inreg)
        fg_bench_report_entry("rtl_inputs_registered", *rtl_inreg, ",");
    fg_bench_report_entry("c_model", model, "}");
}

#endif
