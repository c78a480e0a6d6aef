// Checks fg_sram_1r1w against a C++ array: random writes and reads on two banks (DEPTH 24 x 13 bits
// loaded by $readmemh, DEPTH 16 x 32 bits), with a quarter of the cycles reading the address being
// written. Expected behaviour: registered read data, old word on read-during-write, rdata held while
// re_i is low. Words never written (bank 1) are not compared. Usage: rtl_sram_1r1w [--cycles N]
// [--seed S]; writes tb_sram_init.hex into the working directory. Exit 0 match, 1 mismatch, 2 usage.
#include "Vtb_sram_1r1w.h"
#include "verilated.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

namespace {

// One bank's ports in the Verilated top and its reference model.
template <typename T> struct Bank {
    const char *name;
    int depth, dw;
    CData *we, *waddr, *re, *raddr;
    T *wdata, *rdata;
    std::vector<uint32_t> mem;
    std::vector<bool> known;   // written (or initialised) since time 0
    uint32_t exp = 0;          // expected rdata_o after the edge
    bool exp_known = false;
    long compared = 0, rdw = 0; // reads compared; of them read-during-write with a different new word
    bool rdw_now = false;

    uint32_t mask() const { return dw == 32 ? 0xffffffffu : (1u << dw) - 1; }

    // Drive one cycle's inputs and update the model as the edge will.
    void drive(bool w, int wa, uint32_t wd, bool r, int ra)
    {
        *we = w;
        *waddr = (CData)wa;
        *wdata = (T)wd;
        *re = r;
        *raddr = (CData)ra;
        rdw_now = false;
        if (r) { // sample before the write: the old word
            exp = mem[ra];
            exp_known = known[ra];
            rdw_now = w && wa == ra && mem[ra] != wd;
        }
        if (w) {
            mem[wa] = wd;
            known[wa] = true;
        }
    }
    bool check(long cycle) // after the rising edge
    {
        if (!exp_known)
            return true;
        compared++;
        rdw += rdw_now;
        if ((uint32_t)*rdata == exp)
            return true;
        std::printf("MISMATCH fg_sram_1r1w %s cycle %ld: re=%d raddr=%d we=%d waddr=%d: rdata rtl 0x%x, expected 0x%x%s\n",
                    name, cycle, *re, *raddr, *we, *waddr, (unsigned)*rdata, exp,
                    rdw_now ? " (read-during-write: old word expected)" : "");
        return false;
    }
    void random_cycle(std::mt19937_64 &rng)
    {
        const bool w = rng() % 10 < 6, r = rng() % 10 < 7;
        const int wa = (int)(rng() % (unsigned)depth);
        const int ra = rng() % 4 == 0 ? wa : (int)(rng() % (unsigned)depth);
        drive(w, wa, (uint32_t)rng() & mask(), r, ra);
    }
};

void clock(Vtb_sram_1r1w *top)
{
    top->clk_i = 1;
    top->eval();
    top->clk_i = 0;
    top->eval();
}

} // namespace

int main(int argc, char **argv)
{
    long cycles = 200000;
    unsigned long seed = 1;
    for (int i = 1; i < argc; i++) {
        char *end = nullptr;
        if (i + 1 < argc && !std::strcmp(argv[i], "--cycles")) {
            cycles = std::strtol(argv[++i], &end, 10);
            if (*end || cycles < 1 || cycles > 1000000000L) {
                std::fprintf(stderr, "--cycles %s: expected an integer in [1, 1000000000]\n", argv[i]);
                return 2;
            }
        } else if (i + 1 < argc && !std::strcmp(argv[i], "--seed")) {
            seed = std::strtoul(argv[++i], &end, 10);
            if (*end || !*argv[i]) {
                std::fprintf(stderr, "--seed %s: expected a non-negative integer\n", argv[i]);
                return 2;
            }
        } else if (argv[i][0] != '+') {
            std::fprintf(stderr, "unknown option %s; usage: %s [--cycles N] [--seed S]\n", argv[i], argv[0]);
            return 2;
        }
    }
    std::mt19937_64 rng(seed);
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto top = std::make_unique<Vtb_sram_1r1w>(ctx.get());
    Bank<SData> b0{"bank0(24x13,init)", 24, 13, &top->b0_we_i, &top->b0_waddr_i, &top->b0_re_i,
                   &top->b0_raddr_i, &top->b0_wdata_i, &top->b0_rdata_o, std::vector<uint32_t>(24),
                   std::vector<bool>(24, true)};
    Bank<IData> b1{"bank1(16x32)", 16, 32, &top->b1_we_i, &top->b1_waddr_i, &top->b1_re_i,
                   &top->b1_raddr_i, &top->b1_wdata_i, &top->b1_rdata_o, std::vector<uint32_t>(16),
                   std::vector<bool>(16, false)};

    // Bank 0's $readmemh file: random words, written before the first eval runs the initial blocks.
    FILE *f = std::fopen("tb_sram_init.hex", "w");
    if (!f) {
        std::printf("cannot write tb_sram_init.hex in the working directory\n");
        return 1;
    }
    for (auto &w : b0.mem) {
        w = (uint32_t)rng() & b0.mask();
        std::fprintf(f, "%04x\n", w);
    }
    if (std::fclose(f) != 0)
        return 1;

    const auto t0 = std::chrono::steady_clock::now();
    top->clk_i = 0;
    top->eval();
    long cyc = 0;
    for (int a = 0; a < b0.depth; a++, cyc++) { // read back the init contents
        b0.drive(false, 0, 0, true, a);
        b1.drive(false, 0, 0, false, 0);
        clock(top.get());
        if (!b0.check(cyc))
            return 1;
    }
    for (; cyc < cycles; cyc++) {
        b0.random_cycle(rng);
        b1.random_cycle(rng);
        clock(top.get());
        if (!b0.check(cyc) || !b1.check(cyc))
            return 1;
    }
    top->final();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("fg_sram_1r1w matches the C++ array over %ld cycles, seed %lu (%.0f ms):\n", cycles, seed, ms);
    std::printf("  %s: %ld cycles compared, %ld read-during-write returned the old word\n", b0.name, b0.compared, b0.rdw);
    std::printf("  %s: %ld cycles compared, %ld read-during-write returned the old word\n", b1.name, b1.compared, b1.rdw);
    // Too short a run would not exercise read-during-write at all.
    if (b0.rdw == 0 || b1.rdw == 0) {
        std::printf("no read-during-write with a changed word was exercised: run more cycles\n");
        return 1;
    }
    return 0;
}
