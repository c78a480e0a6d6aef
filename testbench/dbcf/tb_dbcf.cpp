// DBCF network: the generated RTL (Verilated) against the step model fg_dbcf_step, cycle by cycle,
// every output port, the flags overflow_o / done_o and the bank SRAMs through their read port
// (bank_rd_row_i walks the rows; bank_rd_data_o is compared with a shadow of the model's bank
// writes, one cycle later). Traffic: full UMTS/LTE half-iterations (the lane schedule of
// fg_dbcf_half_iteration, driven through its observer, free-running and stalling producers) and
// random traffic with overload phases and a reset in the middle. Exit 0 on a full match, 1 on the
// first mismatch (cycle, port, expected, actual); the failing phase is then replayed from its reset
// with tracing on into dbcf_mismatch.fst (working directory) up to that cycle. The configuration
// comes from compile definitions.
#include FG_TB_HEADER
#include "dbcf_traffic.h"
#include "verilated.h"
#include "../verilated_bits.h"
#include "verilated_fst_c.h"

extern "C" {
#include "fecforge/dbcf.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge/xmap_schedule.h"
#include "fecforge_gen/gen.h"
}

#include <cstdint>
#include <functional>
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

struct Tb {
    std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    std::unique_ptr<FG_TB_CLASS> top{new FG_TB_CLASS{ctx.get()}};
    fg_dbcf_cfg cfg{};
    fg_gen_dbcf_dims dim{};
    const char *phase = "";
    long cycle = 0, compared = 0;
    std::vector<int> fifo_level, buf_level; // the model's registered levels at the start of the cycle
    int overflow = 0, done = 1;             // the model's flags at the start of the cycle
    int depth = 1;                          // rows per bank SRAM
    // Shadow of the bank SRAMs (no reset: kept across resets) and of their read registers.
    std::vector<uint32_t> mem;
    std::vector<uint8_t> written;
    std::vector<uint32_t> rd;
    std::vector<uint8_t> rd_ok; // 0: the read register has no known value
    long reads_checked = 0;
    const fg_dbcf_word *inputs = nullptr;   // this cycle's inputs, printed on a mismatch
    std::unique_ptr<VerilatedFstC> fst;     // waveform of a replayed phase
    uint64_t time = 0;

    bool failed = false; // a port differed; the phase stops driving
    void eval()
    {
        top->eval();
        if (fst)
            fst->dump(time++);
    }
    void clock()
    {
        top->clk_i = 1;
        eval();
        top->clk_i = 0;
        eval();
    }
    void reset()
    {
        top->rst_ni = 0;
        top->clk_i = 0;
        eval(); // the first edge needs a low clock seen before it
        clock();
        top->rst_ni = 1;
        fifo_level.assign((size_t)cfg.pllr, 0);
        buf_level.assign((size_t)cfg.banks, 0);
        overflow = 0;
        done = 1;
        if (mem.empty()) {
            mem.assign((size_t)cfg.banks * (size_t)depth, 0);
            written.assign(mem.size(), 0);
        }
        rd_ok.assign((size_t)cfg.banks, 0); // the reset edge read some row: not tracked
        rd.assign((size_t)cfg.banks, 0);
    }
    // The row bank b reads in this cycle: walks the rows, a different phase per bank.
    uint32_t read_row(int b) const { return (uint32_t)((cycle * 5 + b * 3) % depth); }
    void check(const char *port, int index, uint32_t want, uint32_t got)
    {
        if (want == got || failed)
            return;
        failed = true;
        if (fst) // the replay: it stops at the same place
            return;
        std::printf("MISMATCH %s, cycle %ld: %s[%d] expected %u, actual %u\n", phase, cycle, port, index, want, got);
        std::printf("inputs (lane: valid bank row data), registered levels (lane fifo, bank buffer):\n");
        for (int l = 0; l < cfg.pllr; l++)
            std::printf("  lane %d: %u %d %d %d  fifo %d\n", l, inputs[l].valid, inputs[l].bank, inputs[l].row, inputs[l].data,
                        fifo_level[(size_t)l]);
        for (int b = 0; b < cfg.banks; b++)
            std::printf("  bank %d: buffer %d\n", b, buf_level[(size_t)b]);
    }
    // One cycle: drive lane_P, compare the outputs with the model's, clock, take the new levels.
    void step(const fg_dbcf_word *lane, const fg_dbcf_out *out, const fg_dbcf *d)
    {
        if (failed)
            return;
        const int P = cfg.pllr, M = cfg.banks, BW = dim.bank_w, RW = dim.row_w, W = dim.data_w, CW = dim.count_w;
        inputs = lane;
        for (int l = 0; l < P; l++) {
            fg_vl_put(top->lane_valid_i, l, 1, lane[l].valid);
            fg_vl_put(top->lane_bank_i, l * BW, BW, (uint32_t)lane[l].bank);
            fg_vl_put(top->lane_row_i, l * RW, RW, (uint32_t)lane[l].row);
            fg_vl_put(top->lane_data_i, l * W, W, (uint32_t)lane[l].data);
        }
        eval();
        for (int l = 0; l < P; l++) {
            check("accept_new_o", l, out->accept_new_P[l], fg_vl_get(top->accept_new_o, l, 1));
            check("accept_head_o", l, out->accept_head_P[l], fg_vl_get(top->accept_head_o, l, 1));
            check("reject_o", l, out->reject_P[l], fg_vl_get(top->reject_o, l, 1));
            check("fifo_level_o", l, (uint32_t)fifo_level[(size_t)l], fg_vl_get(top->fifo_level_o, l * CW, CW));
        }
        const uint32_t wmask = W == 32 ? ~0u : (1u << W) - 1;
        check("overflow_o", 0, (uint32_t)overflow, fg_vl_get(top->overflow_o, 0, 1));
        check("done_o", 0, (uint32_t)done, fg_vl_get(top->done_o, 0, 1));
        for (int b = 0; b < M; b++) {
            fg_vl_put(top->bank_rd_row_i, b * RW, RW, read_row(b));
            if (rd_ok[(size_t)b]) {
                check("bank_rd_data_o", b, rd[(size_t)b], fg_vl_get(top->bank_rd_data_o, b * W, W));
                reads_checked++;
            }
        }
        for (int b = 0; b < M; b++) {
            const fg_dbcf_word *w = &out->bank_write_M[b];
            check("bank_we_o", b, w->valid, fg_vl_get(top->bank_we_o, b, 1));
            check("bank_row_o", b, w->valid ? (uint32_t)w->row : 0, fg_vl_get(top->bank_row_o, b * RW, RW));
            check("bank_data_o", b, w->valid ? (uint32_t)w->data & wmask : 0, fg_vl_get(top->bank_data_o, b * W, W));
            check("buf_level_o", b, (uint32_t)buf_level[(size_t)b], fg_vl_get(top->buf_level_o, b * CW, CW));
        }
        if (failed)
            return;
        clock();
        for (int l = 0; l < P; l++)
            fifo_level[(size_t)l] = fg_dbcf_fifo_level(d, l);
        for (int b = 0; b < M; b++)
            buf_level[(size_t)b] = fg_dbcf_buf_level(d, b);
        overflow = fg_dbcf_overflow(d);
        done = fg_dbcf_empty(d);
        // The SRAM edge: read (old contents), then write.
        for (int b = 0; b < M; b++) {
            const size_t cell = (size_t)b * (size_t)depth + read_row(b);
            rd[(size_t)b] = mem[cell];
            rd_ok[(size_t)b] = written[cell];
        }
        for (int b = 0; b < M; b++) {
            const fg_dbcf_word *w = &out->bank_write_M[b];
            if (w->valid && w->row >= 0 && w->row < depth) {
                mem[(size_t)b * (size_t)depth + (size_t)w->row] = (uint32_t)w->data & wmask;
                written[(size_t)b * (size_t)depth + (size_t)w->row] = 1;
            }
        }
        cycle++;
        compared++;
    }
};

static void observe(void *user, int, const fg_dbcf *d, const fg_dbcf_word *lane, const fg_dbcf_out *out)
{
    static_cast<Tb *>(user)->step(lane, out, d);
}

static int half_iterations(Tb &tb)
{
    static std::string phase;
    for (const fg_tb::HalfIterationRun &r : fg_tb::half_iteration_runs())
        for (int dir = 0; dir < 2; dir++) {
            phase = fg_tb::half_iteration_name(r, dir);
            tb.phase = phase.c_str();
            tb.cycle = 0;
            tb.reset();
            fg_dbcf_result res;
            const char *what = "";
            if (fg_tb::run_half_iteration(tb.cfg, r, dir, observe, &tb, &res, &what)) {
                std::printf("%s failed: %s\n", what, fg_last_error());
                return 1;
            }
            if (tb.failed)
                return 2;
            std::printf("  %-40s %5ld cycles match (C0=%d C1=%d overflow=%ld stalls=%ld)\n", phase.c_str(), tb.cycle,
                        res.C0, res.C1, res.overflow, res.stalls);
        }
    return 0;
}

// Random traffic: phases of different load, some with all lanes aiming at one or two hot banks
// (overload: full FIFOs and buffers, rejects); idle lanes carry random bus values; one reset.
static int random_traffic(Tb &tb, long cycles, unsigned seed)
{
    fg_dbcf *d;
    if (fg_dbcf_create(&tb.cfg, &d)) {
        std::printf("model: %s\n", fg_last_error());
        return 1;
    }
    fg_tb::RandomTraffic traffic(tb.cfg, tb.dim.row_w, tb.dim.data_w, seed, cycles);
    const int P = tb.cfg.pllr, M = tb.cfg.banks;
    std::vector<fg_dbcf_word> lane((size_t)P);
    fg_dbcf_out out;
    tb.phase = "random traffic";
    tb.cycle = 0;
    tb.reset();
    int max_fifo = 0, max_buf = 0;
    long rejects = 0, writes = 0, heads = 0;
    for (long c = 0; c < cycles; c++) {
        if (traffic.reset_before(c)) { // reset with words in flight
            fg_dbcf_reset(d);
            tb.reset();
        }
        traffic.next(c, lane.data());
        fg_dbcf_step(d, lane.data(), &out);
        tb.step(lane.data(), &out, d);
        if (tb.failed) {
            fg_dbcf_destroy(d);
            return 2;
        }
        // Coverage: the traffic must reach the corners (full FIFOs and buffers, rejects).
        for (int l = 0; l < P; l++) {
            rejects += out.reject_P[l];
            heads += out.accept_head_P[l];
            max_fifo = std::max(max_fifo, fg_dbcf_fifo_level(d, l));
        }
        for (int b = 0; b < M; b++) {
            writes += out.bank_write_M[b].valid;
            max_buf = std::max(max_buf, fg_dbcf_buf_level(d, b));
        }
    }
    fg_dbcf_destroy(d);
    std::printf("  %-40s %5ld cycles match (seed %u; %ld bank writes, %ld heads admitted, %ld rejects, "
                "max FIFO %d, max buffer %d)\n",
                "random traffic with overload", cycles, seed, writes, heads, rejects, max_fifo, max_buf);
    // With S = 1 a bank admits one word and writes one: its buffer stays empty.
    if (!fg_tb::random_coverage_ok(tb.cfg, rejects, max_fifo, max_buf)) {
        std::printf("random traffic did not fill every FIFO / buffer and reject words: weak test\n");
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    Tb tb;
    tb.ctx->commandArgs(argc, argv);
    fg_gen_dbcf_cfg g = fg_gen_dbcf_cfg_default();
    g.dbcf.pllr = FG_TB_P;
    g.dbcf.banks = FG_TB_M;
    g.dbcf.select = FG_TB_S;
    g.dbcf.fifo_depth = FG_TB_F;
    g.dbcf.buf_depth = FG_TB_B;
    g.dbcf.offer = FG_TB_HEAD ? FG_DBCF_OFFER_HEAD : FG_DBCF_OFFER_DUAL;
    g.width = FG_TB_W;
    g.bank_depth = fg_gen_dbcf_default_bank_depth(g.dbcf.pllr, g.dbcf.banks);
    tb.cfg = g.dbcf;
    tb.depth = g.bank_depth;
    fg_gen_dbcf_dims_of(&g, &tb.dim);
    unsigned seed = argc > 1 ? (unsigned)std::strtoul(argv[1], nullptr, 0) : 12345u;
    std::printf("DBCF RTL vs fg_dbcf_step: PLLR=%d M=%d S=%d F=%d B=%d offer %s\n", g.dbcf.pllr, g.dbcf.banks,
                g.dbcf.select, g.dbcf.fifo_depth, g.dbcf.buf_depth, FG_TB_HEAD ? "head" : "dual");
    tb.ctx->traceEverOn(true);
    const std::function<int(Tb &)> phases[] = {half_iterations, [seed](Tb &t) { return random_traffic(t, 20000, seed); }};
    for (const auto &phase : phases) {
        const int rc = phase(tb); // 0 match, 1 setup or coverage failure, 2 mismatch
        if (rc == 2) {
            // Replay the phase (deterministic; it starts with a reset) with the waveform on.
            tb.failed = false;
            tb.fst.reset(new VerilatedFstC);
            tb.top->trace(tb.fst.get(), 99);
            tb.fst->open("dbcf_mismatch.fst");
            phase(tb);
            tb.fst->close();
            std::printf("waveform up to the mismatch: dbcf_mismatch.fst\n");
        }
        if (rc)
            return 1;
    }
    tb.top->final();
    std::printf("all %ld cycles match on every port (%ld bank reads compared)\n", tb.compared, tb.reads_checked);
    if (tb.reads_checked == 0) {
        std::printf("no bank read was compared: weak test\n");
        return 1;
    }
    return 0;
}
