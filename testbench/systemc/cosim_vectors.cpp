// SystemC co-simulation of a generated design driven by a golden vector set (docs/cosim.md), for
// the designs whose C step model has a port-level wrapper (fg_vec_model: dbcf, iag, subsystem, ...):
//
//   Stimulus  (SC_THREAD)  holds reset for two clock edges, then drives the set's stimulus line t
//                          on the design's input signals during cycle t;
//   dut       (the Verilated --sc model, through fg_sc_dut) on the same clock and input signals;
//   CModel    (SC_METHOD, falling edge) reads the same input signals and steps the C model once
//                          per cycle out of reset: its outputs of cycle t;
//   Scoreboard(SC_METHOD, rising edge) compares, for the cycle that edge ends, every RTL output
//                          with the C model's (lock step) and the C model's line with the set's
//                          expected line (state ports the RTL hides: C model and set only).
//
//   cosim_vectors [--vcd NAME] [--inject-fault N] [--model-fd FD] VECDIR
//
// The C model is the set's design's of this program's libfecforge, else the one `fecforge verify` (a program
// with designs of its own) serves on descriptor FD (fg_vec_model_connect).
//
// Exit 0: every cycle matches; 1: the first mismatch (simulation time, cycle, port, expected = C
// model, actual = RTL; rerun with --vcd for a waveform); 2: usage error or a set that does not fit.
// Binding of vector ports to RTL ports: as tb_vectors.cpp (fg_tb_bind).
#include "cosim_vectors.h"

extern "C" {
#include "fecforge/error.h"
#include "fecforge/vectors.h"
}

#include <systemc>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

using sc_core::sc_in;

struct Failure {
    int code;
    std::string msg;
};

[[noreturn]] void lib_fail(int rc) { throw Failure{rc == FG_EINVAL ? 2 : 1, fg_last_error()}; }

// One cycles stream of the set, bound to the design.
struct Cycles {
    const fg_vec_stream *st = nullptr;
    fg_vec_cursor *cur = nullptr;
    std::vector<fg_tb_bound> bound;
    std::vector<int64_t> val;
    std::vector<uint8_t> dc;
    ~Cycles() { fg_vec_cursor_close(cur); }
    void open(fg_vec_set *set, fg_sc_dut &dut, const char *name)
    {
        if (int rc = fg_vec_find_stream(set, name, &st))
            lib_fail(rc);
        bound = fg_tb_bind_cycles(set, st, dut);
        val.resize((size_t)st->n_ports);
        dc.resize((size_t)st->n_ports);
        if (int rc = fg_vec_cursor_open(set, st, &cur))
            lib_fail(rc);
    }
    void next()
    {
        const int r = fg_vec_cursor_next(cur, val.data(), dc.data());
        if (r < 0)
            lib_fail(r);
        if (r == 0)
            throw Failure{2, std::string(st->file) + ": ended early"};
    }
};

// What the modules share.
struct Bench {
    fg_sc_dut *dut = nullptr;
    fg_tb_port *rst = nullptr;
    Cycles in, ex;
    long lines = 0;
    std::vector<int64_t> model_v; // C model outputs of the current cycle
    std::vector<uint8_t> model_x;
    long model_cycle = -1, scored = 0, words = 0, state_words = 0;
    int status = 0; // 0 running/match, 1 mismatch, 2 error
    std::string message;
    bool started = false; // the reset before line 0 is over (a set may reset again: rst_ni in its stimulus)
    bool in_reset() const { return rst && !started; }
};

SC_MODULE(Stimulus)
{
    sc_in<bool> clk;
    Bench *b = nullptr;
    SC_CTOR(Stimulus)
    {
        SC_THREAD(run);
        sensitive << clk.pos();
    }
    void run()
    {
        b->dut->flush(); // inputs 0, the static table inputs (fg_tb_apply_tables), reset low
        wait();
        wait(); // two edges in reset
        if (b->rst)
            b->rst->set(0, 1, 1);
        b->started = true;
        for (long t = 0; t < b->lines && b->status == 0; t++) {
            b->in.next();
            for (size_t k = 0; k < b->in.bound.size(); k++) {
                const fg_tb_bound &x = b->in.bound[k];
                x.rtl->set(x.off, x.ew, x.expect(b->in.val[k]));
            }
            b->dut->flush();
            wait(); // the edge that ends cycle t
        }
        wait(sc_core::sc_time(1, sc_core::SC_NS)); // let the scoreboard see the last edge
        sc_core::sc_stop();
    }
};

SC_MODULE(CModel)
{
    sc_in<bool> clk;
    Bench *b = nullptr;
    fg_vec_model *model = nullptr;
    std::vector<int64_t> in_v;
    long fault_cycle = -1; // --inject-fault: flip bit 0 of the first RTL-visible output in this cycle
    SC_CTOR(CModel)
    {
        SC_METHOD(step);
        sensitive << clk.neg();
        dont_initialize();
    }
    ~CModel() override { fg_vec_model_destroy(model); }
    void step()
    {
        b->dut->sync(false); // the input signals as they are during this cycle
        if (b->in_reset() || b->model_cycle + 1 >= b->lines)
            return;
        for (size_t k = 0; k < b->in.bound.size(); k++) {
            const fg_tb_bound &x = b->in.bound[k];
            uint64_t v = x.rtl->get(x.off, x.ew) & fg_tb_mask(x.vw);
            if (x.is_signed && x.vw < 64 && (v >> (x.vw - 1)) & 1)
                v |= ~fg_tb_mask(x.vw);
            in_v[k] = (int64_t)v;
        }
        if (fg_vec_model_step(model, in_v.data(), b->model_v.data(), b->model_x.data())) {
            b->status = 2;
            b->message = fg_last_error();
            return sc_core::sc_stop();
        }
        b->model_cycle++;
        for (size_t k = 0; b->model_cycle == fault_cycle && k < b->ex.bound.size(); k++)
            if (b->ex.bound[k].rtl && !b->model_x[k]) {
                b->model_v[k] ^= 1;
                break;
            }
    }
};

SC_MODULE(Scoreboard)
{
    sc_in<bool> clk;
    Bench *b = nullptr;
    SC_CTOR(Scoreboard)
    {
        SC_METHOD(check);
        sensitive << clk.pos();
        dont_initialize();
    }
    void fail(int code, const std::string &what)
    {
        b->status = code;
        b->message = what;
        sc_core::sc_stop();
    }
    void check()
    {
        if (b->status || b->in_reset() || b->scored >= b->lines)
            return;
        const long t = b->scored;
        if (b->model_cycle != t)
            return fail(2, "the C model did not step in cycle " + std::to_string(t));
        b->dut->sync(true); // outputs during the cycle this edge ends
        b->ex.next();
        char buf[512];
        const std::string when = sc_core::sc_time_stamp().to_string();
        for (size_t k = 0; k < b->ex.bound.size(); k++) {
            const fg_tb_bound &x = b->ex.bound[k];
            const int64_t mv = b->model_v[k];
            const uint8_t mx = b->model_x[k];
            if (x.rtl && !mx) {
                const uint64_t want = x.expect(mv), got = x.rtl->get(x.off, x.ew);
                b->words++;
                if (want != got) {
                    std::snprintf(buf, sizeof buf,
                                  "MISMATCH at %s, cycle %ld, port %s: expected (C model) 0x%" PRIx64
                                  ", actual (RTL) 0x%" PRIx64,
                                  when.c_str(), t, x.label.c_str(), want, got);
                    return fail(1, buf);
                }
            } else if (!mx)
                b->state_words++;
            if (mx != b->ex.dc[k] || (!mx && mv != b->ex.val[k])) {
                std::snprintf(buf, sizeof buf,
                              "MISMATCH at %s, cycle %ld, port %s: the vector set has %s, the C model %s "
                              "(the set was not written by this C model?)",
                              when.c_str(), t, x.label.c_str(), b->ex.dc[k] ? "x" : std::to_string(b->ex.val[k]).c_str(),
                              mx ? "x" : std::to_string(mv).c_str());
                return fail(1, buf);
            }
        }
        b->scored++;
    }
};

void usage(FILE *f, const char *argv0)
{
    std::fprintf(f,
                 "usage: %s [--vcd NAME] [--inject-fault N] [--model-fd FD] VECDIR\n"
                 "  VECDIR            a vector set of the design (fecforge vectors DESIGN)\n"
                 "  --vcd NAME        write every port signal into NAME.vcd\n"
                 "  --inject-fault N  flip bit 0 of the C model's first RTL-visible output in cycle N: tests the scoreboard\n"
                 "  --model-fd FD     step the C model fecforge verify serves on FD (a design this program lacks)\n",
                 argv0);
}

} // namespace

int sc_main(int argc, char **argv)
{
    const char *vcd = nullptr, *dir = nullptr;
    long fault = -1, model_fd = -1;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--vcd") && i + 1 < argc)
            vcd = argv[++i];
        else if ((!std::strcmp(argv[i], "--inject-fault") || !std::strcmp(argv[i], "--model-fd")) && i + 1 < argc) {
            char *end;
            long &n = argv[i][2] == 'i' ? fault : model_fd;
            n = std::strtol(argv[++i], &end, 10);
            if (*end || n < 0 || n > INT32_MAX) {
                std::fprintf(stderr, "%s %s: expected a number >= 0\n", argv[i - 1], argv[i]);
                return 2;
            }
        }
        else if (!std::strcmp(argv[i], "--help")) {
            usage(stdout, argv[0]);
            return 0;
        } else if (argv[i][0] == '-' || dir) {
            usage(stderr, argv[0]);
            return 2;
        } else
            dir = argv[i];
    }
    if (!dir) {
        usage(stderr, argv[0]);
        return 2;
    }
    sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
    fg_vec_set *set = nullptr;
    sc_core::sc_trace_file *tf = nullptr;
    int code = 0;
    bool served = false; // the C model is the one fecforge verify serves
    try {
        if (int rc = fg_vec_open(dir, &set))
            lib_fail(rc);
        sc_core::sc_clock clk("clk", 10, sc_core::SC_NS, 0.5, 5, sc_core::SC_NS, true);
        std::unique_ptr<fg_sc_dut> dut(fg_sc_make_dut(clk));
        Bench b;
        b.dut = dut.get();
        b.rst = dut->find("rst_ni");
        fg_tb_apply_tables(set, *dut);
        b.in.open(set, *dut, "stimulus");
        b.ex.open(set, *dut, "expected");
        if (b.in.st->lines != b.ex.st->lines)
            throw fg_tb_usage{std::string(dir) + ": stimulus and expected differ in length"};
        b.lines = b.in.st->lines;
        b.model_v.resize((size_t)b.ex.st->n_ports);
        b.model_x.resize((size_t)b.ex.st->n_ports);
        Stimulus stim("stimulus");
        CModel cm("cmodel");
        Scoreboard sb("scoreboard");
        stim.clk(clk);
        cm.clk(clk);
        sb.clk(clk);
        stim.b = cm.b = sb.b = &b;
        cm.in_v.resize((size_t)b.in.st->n_ports);
        cm.fault_cycle = fault;
        served = model_fd >= 0 && !fg_vec_model_find(fg_vec_design(set));
        if (int rc = served ? fg_vec_model_connect(set, (int)model_fd, &cm.model) : fg_vec_model_create(set, &cm.model))
            lib_fail(rc);
        if (vcd) {
            tf = sc_core::sc_create_vcd_trace_file(vcd);
            sc_core::sc_trace(tf, clk, "clk");
            dut->trace(tf);
        }
        sc_core::sc_start();
        if (b.status) {
            std::printf("%s\n", b.message.c_str());
            if (!vcd && !served) // a served model has no rerun alone
                std::printf("rerun with --vcd NAME for a waveform of every port: %s --vcd mismatch %s\n", argv[0], dir);
            code = b.status;
        } else if (b.scored != b.lines) {
            std::printf("MISMATCH %s: only %ld of %ld cycles compared\n", dir, b.scored, b.lines);
            code = 1;
        } else
            std::printf("PASS %s: SystemC co-simulation, %ld cycles in lock step, %ld RTL output words and %ld "
                        "hidden state words match the C model and the set\n",
                        dir, b.scored, b.words, b.state_words);
    } catch (const fg_tb_usage &u) {
        std::fprintf(stderr, "error: %s\n", u.msg.c_str());
        code = 2;
    } catch (const Failure &f) {
        std::fprintf(stderr, "error: %s\n", f.msg.c_str());
        code = f.code;
    }
    if (tf)
        sc_core::sc_close_vcd_trace_file(tf);
    fg_vec_close(set);
    return code;
}
