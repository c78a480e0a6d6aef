// SystemC co-simulation of the DBCF write network (docs/cosim.md): the Verilated RTL of a
// generated configuration and the step model fg_dbcf_step (DbcfCModel, dbcf_cmodel_sc.h) are two
// SC_MODULEs on the same clock, reset and input signals, driven by one stimulus module; a
// scoreboard module compares every output port of both at every rising edge (the values the
// ports hold during the cycle), and with a golden vector set also the set's expected stream
// against both. The first mismatch prints simulation time, phase, cycle, port, expected (C
// model) and actual (RTL), replays the run with a VCD of every signal, and exits 1; a full match
// prints a summary and exits 0. Exit 2: usage or configuration error.
//
// Compile time: the Verilated class FG_SC_CLASS (verilator --sc --prefix V<top>; its header
// FG_SC_HEADER, default "<FG_SC_CLASS>.h"). Everything else is read at run time, from the vector
// set's manifest (--vectors DIR) or the generator's manifest (--rtl DIR), or taken from the
// optional compile definitions FG_SC_P, FG_SC_M, FG_SC_S, FG_SC_F, FG_SC_B, FG_SC_HEAD, FG_SC_W
// (and FG_SC_D, FG_SC_SEED); every source given must agree, and the result is checked against
// the Verilated ports' widths and the top module's name.
#define FG_SC_STR_(x) #x
#define FG_SC_STR(x) FG_SC_STR_(x)
#ifndef FG_SC_HEADER
#define FG_SC_HEADER FG_SC_STR(FG_SC_CLASS.h)
#endif
#include FG_SC_HEADER

#include "../dbcf/dbcf_traffic.h"
#include "dbcf_cmodel_sc.h"
#include "sc_bits.h"

extern "C" {
#include "fecforge/dbcf.h"
#include "fecforge/error.h"
#include "fecforge/vectors.h"
#include "fecforge_gen/gen.h"
}

#include <systemc>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using Top = FG_SC_CLASS;
using Ty = fg_sc::DbcfPortTypes<Top>;
using fg_sc::get_bits;

namespace {

// ---------------------------------------------------------------- configuration

struct Config {
    fg_gen_dbcf_cfg g{};
    std::string source;      // where it came from, for messages
    bool rtl_widths = true;  // width and bank_depth are the RTL's (a vector set's may be smaller)
};

void usage(const char *argv0)
{
    std::fprintf(stderr,
                 "usage: %s [--vectors DIR] [--rtl DIR] [--seed N] [--cycles N] [--vcd NAME] [--no-replay]\n"
                 "          [--inject-fault N]\n"
                 "  --vectors DIR   replay golden vector set DIR (fecforge vectors dbcf); configuration from its manifest\n"
                 "  --rtl DIR       the generated design's directory (fecforge gen dbcf): configuration from DIR/manifest.json\n"
                 "  --seed N        random-traffic seed (default 12345); --cycles N its length (default 20000)\n"
                 "  --vcd NAME      write every signal into NAME.vcd\n"
                 "  --no-replay     on a mismatch, do not rerun with --vcd cosim_mismatch\n"
                 "  --inject-fault N  invert the C model's reject_o[0] in cycle N (from 0) after each reset: tests the scoreboard\n"
                 "Without --vectors: the half-iterations and random traffic of tb_dbcf. Top module: %s\n",
                 argv0, FG_SC_STR(FG_SC_CLASS) + 1);
}

// Flat "key": value pairs of the "parameters" object of a generator manifest (no nesting there).
bool gen_manifest_param(const std::string &params, const std::string &key, std::string *val)
{
    const std::string pat = "\"" + key + "\"";
    size_t p = params.find(pat);
    if (p == std::string::npos)
        return false;
    p = params.find(':', p + pat.size());
    if (p == std::string::npos)
        return false;
    p = params.find_first_not_of(" \t\r\n", p + 1);
    if (p == std::string::npos)
        return false;
    if (params[p] == '"') {
        const size_t e = params.find('"', p + 1);
        *val = params.substr(p + 1, e - p - 1);
    } else {
        const size_t e = params.find_first_of(",} \t\r\n", p);
        *val = params.substr(p, e - p);
    }
    return true;
}

bool read_gen_manifest(const std::string &dir, Config *c, std::string *top, std::string *err)
{
    const std::string path = dir + "/manifest.json";
    std::ifstream f(path);
    if (!f) {
        *err = path + ": cannot read";
        return false;
    }
    std::stringstream ss;
    ss << f.rdbuf();
    const std::string text = ss.str();
    const size_t p = text.find("\"parameters\"");
    const size_t b = p == std::string::npos ? p : text.find('{', p);
    const size_t e = b == std::string::npos ? b : text.find('}', b);
    if (e == std::string::npos || text.find("\"design\": \"dbcf\"") == std::string::npos) {
        *err = path + ": not a DBCF generator manifest (no \"design\": \"dbcf\" and \"parameters\" object)";
        return false;
    }
    const std::string params = text.substr(b, e - b + 1);
    c->g = fg_gen_dbcf_cfg_default();
    fg_dbcf_cfg &d = c->g.dbcf;
    struct {
        const char *key;
        int *dst;
    } ints[] = {{"pllr", &d.pllr},          {"banks", &d.banks}, {"select", &d.select},
                {"fifo_depth", &d.fifo_depth}, {"buf_depth", &d.buf_depth}, {"width", &c->g.width},
                {"bank_depth", &c->g.bank_depth}};
    std::string v;
    for (auto &i : ints) {
        if (!gen_manifest_param(params, i.key, &v)) {
            *err = path + ": parameter '" + i.key + "' missing";
            return false;
        }
        *i.dst = std::atoi(v.c_str());
    }
    if (!gen_manifest_param(params, "lfsr_seed", &v)) {
        *err = path + ": parameter 'lfsr_seed' missing";
        return false;
    }
    d.lfsr_seed = (uint16_t)std::strtoul(v.c_str(), nullptr, 0);
    if (!gen_manifest_param(params, "offer", &v) || (v != "dual" && v != "head")) {
        *err = path + ": parameter 'offer' missing or not dual|head";
        return false;
    }
    d.offer = v == "head" ? FG_DBCF_OFFER_HEAD : FG_DBCF_OFFER_DUAL;
    const size_t t = text.find("\"top\"");
    std::string tv;
    if (t != std::string::npos && gen_manifest_param(text.substr(t), "top", &tv))
        *top = tv;
    c->source = path;
    return true;
}

bool read_vec_manifest(fg_vec_set *s, Config *c, std::string *err)
{
    c->g = fg_gen_dbcf_cfg_default();
    fg_dbcf_cfg &d = c->g.dbcf;
    struct {
        const char *key;
        int *dst;
    } ints[] = {{"pllr", &d.pllr},          {"banks", &d.banks},         {"select", &d.select},
                {"fifo_depth", &d.fifo_depth}, {"buf_depth", &d.buf_depth}, {"stall", &d.stall},
                {"data_width", &c->g.width}, {"bank_depth", &c->g.bank_depth}};
    long long v;
    for (auto &i : ints) {
        if (fg_vec_get_param_int(s, i.key, &v)) {
            *err = fg_last_error();
            return false;
        }
        *i.dst = (int)v;
    }
    if (fg_vec_get_param_int(s, "lfsr_seed", &v)) {
        *err = fg_last_error();
        return false;
    }
    d.lfsr_seed = (uint16_t)v;
    const char *offer;
    if (fg_vec_get_param_str(s, "offer", &offer)) {
        *err = fg_last_error();
        return false;
    }
    d.offer = std::strcmp(offer, "head") == 0 ? FG_DBCF_OFFER_HEAD : FG_DBCF_OFFER_DUAL;
    if (std::strcmp(fg_vec_design(s), "dbcf") != 0) {
        *err = std::string(fg_vec_dir_path(s)) + ": design '" + fg_vec_design(s) + "', expected 'dbcf'";
        return false;
    }
    c->source = std::string(fg_vec_dir_path(s)) + "/manifest.json";
    c->rtl_widths = false;
    return true;
}

std::optional<Config> compiled_config()
{
#if defined(FG_SC_P) && defined(FG_SC_M) && defined(FG_SC_S) && defined(FG_SC_F) && defined(FG_SC_B)
    Config c;
    c.g = fg_gen_dbcf_cfg_default();
    c.g.dbcf.pllr = FG_SC_P;
    c.g.dbcf.banks = FG_SC_M;
    c.g.dbcf.select = FG_SC_S;
    c.g.dbcf.fifo_depth = FG_SC_F;
    c.g.dbcf.buf_depth = FG_SC_B;
#ifdef FG_SC_HEAD
    c.g.dbcf.offer = FG_SC_HEAD ? FG_DBCF_OFFER_HEAD : FG_DBCF_OFFER_DUAL;
#endif
#ifdef FG_SC_SEED
    c.g.dbcf.lfsr_seed = FG_SC_SEED;
#endif
#ifdef FG_SC_W
    c.g.width = FG_SC_W;
#endif
#ifdef FG_SC_D
    c.g.bank_depth = FG_SC_D;
#else
    c.g.bank_depth = fg_gen_dbcf_default_bank_depth(c.g.dbcf.pllr, c.g.dbcf.banks);
#endif
    c.source = "compile definitions FG_SC_*";
    return c;
#else
    return std::nullopt;
#endif
}

// Every parameter of the network must agree between two sources, and the port widths (data width,
// bank depth) between two descriptions of the RTL.
bool same_config(const Config &a, const Config &b, std::string *err)
{
    const fg_dbcf_cfg &x = a.g.dbcf, &y = b.g.dbcf;
    const int sx = x.select ? x.select : 2 * x.pllr, sy = y.select ? y.select : 2 * y.pllr;
    struct {
        const char *name;
        long va, vb;
    } f[] = {{"pllr", x.pllr, y.pllr},
             {"banks", x.banks, y.banks},
             {"select", sx, sy},
             {"fifo_depth", x.fifo_depth, y.fifo_depth},
             {"buf_depth", x.buf_depth, y.buf_depth},
             {"offer (0 dual, 1 head)", x.offer, y.offer},
             {"lfsr_seed", x.lfsr_seed, y.lfsr_seed},
             {"data width", a.g.width, b.g.width},
             {"bank_depth", a.g.bank_depth, b.g.bank_depth}};
    const bool widths = a.rtl_widths && b.rtl_widths;
    for (auto &i : f)
        if (i.va != i.vb && (widths || (std::strcmp(i.name, "data width") && std::strcmp(i.name, "bank_depth")))) {
            *err = std::string(i.name) + " = " + std::to_string(i.va) + " in " + a.source + ", " +
                   std::to_string(i.vb) + " in " + b.source;
            return false;
        }
    return true;
}

// The configuration must be the one the Verilated class was generated for.
bool check_against_rtl(const Config &c, const fg_gen_dbcf_dims &d, std::string *err)
{
    char name[128];
    fg_gen_dbcf_name(&c.g, name, sizeof name);
    const char *top = FG_SC_STR(FG_SC_CLASS) + 1; // V<top>
    if (std::strcmp(name, top) != 0) {
        *err = std::string("configuration of ") + c.source + " is " + name + ", the Verilated model is " + top;
        return false;
    }
    const int P = c.g.dbcf.pllr, M = c.g.dbcf.banks;
    struct {
        const char *port;
        int want, exact, cap;
    } w[] = {
        {"lane_valid_i", P, fg_sc::port_width<Ty::valid_t>::value, fg_sc::port_capacity<Ty::valid_t>()},
        {"lane_bank_i", P * d.bank_w, fg_sc::port_width<Ty::bank_t>::value, fg_sc::port_capacity<Ty::bank_t>()},
        {"lane_row_i", P * d.row_w, fg_sc::port_width<Ty::row_t>::value, fg_sc::port_capacity<Ty::row_t>()},
        {"lane_data_i", P * d.data_w, fg_sc::port_width<Ty::data_in_t>::value, fg_sc::port_capacity<Ty::data_in_t>()},
        {"accept_new_o", P, fg_sc::port_width<Ty::accept_new_t>::value, fg_sc::port_capacity<Ty::accept_new_t>()},
        {"accept_head_o", P, fg_sc::port_width<Ty::accept_head_t>::value, fg_sc::port_capacity<Ty::accept_head_t>()},
        {"reject_o", P, fg_sc::port_width<Ty::reject_t>::value, fg_sc::port_capacity<Ty::reject_t>()},
        {"fifo_level_o", P * d.count_w, fg_sc::port_width<Ty::fifo_level_t>::value,
         fg_sc::port_capacity<Ty::fifo_level_t>()},
        {"bank_we_o", M, fg_sc::port_width<Ty::bank_we_t>::value, fg_sc::port_capacity<Ty::bank_we_t>()},
        {"bank_row_o", M * d.row_w, fg_sc::port_width<Ty::bank_row_t>::value, fg_sc::port_capacity<Ty::bank_row_t>()},
        {"bank_data_o", M * d.data_w, fg_sc::port_width<Ty::bank_data_t>::value,
         fg_sc::port_capacity<Ty::bank_data_t>()},
        {"buf_level_o", M * d.count_w, fg_sc::port_width<Ty::buf_level_t>::value,
         fg_sc::port_capacity<Ty::buf_level_t>()},
        {"bank_rd_row_i", M * d.row_w, fg_sc::port_width<Ty::rd_row_t>::value, fg_sc::port_capacity<Ty::rd_row_t>()},
        {"bank_rd_data_o", M * d.data_w, fg_sc::port_width<Ty::rd_data_t>::value,
         fg_sc::port_capacity<Ty::rd_data_t>()},
    };
    for (auto &i : w)
        if ((i.exact && i.exact != i.want) || (!i.exact && i.want > i.cap)) {
            *err = std::string("port ") + i.port + ": the configuration of " + c.source + " needs " +
                   std::to_string(i.want) + " bits, the Verilated port has " +
                   (i.exact ? std::to_string(i.exact) : "at most " + std::to_string(i.cap));
            return false;
        }
    return true;
}

// ---------------------------------------------------------------- shared log

// One stimulus phase: what the stimulus knows (the model's counts) and what the scoreboard saw.
struct Phase {
    std::string name;
    bool vectors = false, stall = false, random = false;
    // expected: from fg_dbcf_half_iteration's result or the vector manifest (-1: none)
    long C0 = -1, C1 = -1, written = -1, overflow = -1, exp_fifo = -1, exp_buf = -1;
    // observed at the ports, cycles with rst_ni high
    long cycles = 0, writes = 0, rejects = 0, heads = 0, last_valid = -1, last_write = -1;
    int max_fifo = 0, max_buf = 0;
};

struct Log {
    std::vector<Phase> phases;
    bool setup_failed = false;
};

// ---------------------------------------------------------------- stimulus

class Stimulus : public sc_core::sc_module {
  public:
    sc_core::sc_in<bool> clk_i{"clk_i"};
    sc_core::sc_out<bool> rst_ni{"rst_ni"};
    sc_core::sc_out<Ty::valid_t> lane_valid_i{"lane_valid_i"};
    sc_core::sc_out<Ty::bank_t> lane_bank_i{"lane_bank_i"};
    sc_core::sc_out<Ty::row_t> lane_row_i{"lane_row_i"};
    sc_core::sc_out<Ty::data_in_t> lane_data_i{"lane_data_i"};
    sc_core::sc_out<Ty::rd_row_t> bank_rd_row_i{"bank_rd_row_i"}; // the vectors' rows, else a walk
    sc_core::sc_out<int> cycle_o{"cycle_o"}; // cycle of the phase driven now, -1 in reset cycles
    sc_core::sc_out<int> phase_o{"phase_o"}; // index into Log::phases

    SC_HAS_PROCESS(Stimulus);
    Stimulus(sc_core::sc_module_name name, const Config &c, const fg_gen_dbcf_dims &dim, Log &log, fg_vec_set *vec,
             unsigned seed, long random_cycles)
        : sc_core::sc_module(name), cfg_(c.g.dbcf), dim_(dim), log_(log), vec_(vec), seed_(seed),
          random_cycles_(random_cycles), codec_{c.g.dbcf.pllr, dim.bank_w, dim.row_w, dim.data_w},
          lane_((size_t)c.g.dbcf.pllr), depth_(c.g.bank_depth > 0 ? c.g.bank_depth : 1),
          rows_((size_t)c.g.dbcf.banks, 0)
    {
        SC_THREAD(run);
        sensitive << clk_i.pos();
        set_stack_size(1 << 20); // fg_dbcf_half_iteration runs on this thread's stack
    }

  private:
    fg_dbcf_cfg cfg_;
    fg_gen_dbcf_dims dim_;
    Log &log_;
    fg_vec_set *vec_;
    unsigned seed_;
    long random_cycles_;
    fg_sc::LaneCodec<Ty> codec_;
    std::vector<fg_dbcf_word> lane_;
    int depth_;                  // rows per bank
    std::vector<uint64_t> rows_; // bank read rows of the cycle
    bool rows_given_ = false;    // rows_ from the vector set; else each bank walks its rows

    void drive(const fg_dbcf_word *lane, int cycle)
    {
        auto rr = fg_sc::zero<Ty::rd_row_t>();
        for (int b = 0; b < cfg_.banks; b++) {
            const uint64_t row = rows_given_ ? rows_[(size_t)b] : (uint64_t)(((long)cycle * 5 + b * 3) % depth_);
            fg_sc::set_bits(rr, b * dim_.row_w, dim_.row_w, row);
        }
        bank_rd_row_i.write(rr);
        auto v = fg_sc::zero<Ty::valid_t>();
        auto b = fg_sc::zero<Ty::bank_t>();
        auto r = fg_sc::zero<Ty::row_t>();
        auto d = fg_sc::zero<Ty::data_in_t>();
        codec_.encode(lane, v, b, r, d);
        lane_valid_i.write(v);
        lane_bank_i.write(b);
        lane_row_i.write(r);
        lane_data_i.write(d);
        rst_ni.write(true);
        cycle_o.write(cycle);
        wait(); // the rising edge that ends this cycle
    }
    // One cycle with rst_ni low; the lane inputs keep their last values (words in flight).
    void reset_cycle()
    {
        rst_ni.write(false);
        cycle_o.write(-1);
        wait();
    }
    int begin_phase(Phase p)
    {
        log_.phases.push_back(std::move(p));
        phase_o.write((int)log_.phases.size() - 1);
        reset_cycle();
        return (int)log_.phases.size() - 1;
    }
    static void observe(void *user, int cycle, const fg_dbcf *, const fg_dbcf_word *lane, const fg_dbcf_out *)
    {
        static_cast<Stimulus *>(user)->drive(lane, cycle);
    }
    void fail(const char *what, const char *msg)
    {
        std::printf("stimulus: %s failed: %s\n", what, msg);
        log_.setup_failed = true;
        sc_core::sc_stop();
        wait();
    }
    void run()
    {
        reset_cycle(); // the first edge may come before the first write: hold reset for two
        if (vec_)
            run_vectors();
        else {
            for (const fg_tb::HalfIterationRun &r : fg_tb::half_iteration_runs())
                for (int dir = 0; dir < 2; dir++) {
                    Phase p;
                    p.name = fg_tb::half_iteration_name(r, dir);
                    p.stall = r.stall != 0;
                    const int id = begin_phase(p);
                    fg_dbcf_result res;
                    const char *what = "";
                    if (fg_tb::run_half_iteration(cfg_, r, dir, observe, this, &res, &what))
                        return fail(what, fg_last_error());
                    Phase &ph = log_.phases[(size_t)id];
                    ph.C0 = res.C0;
                    ph.C1 = res.C1;
                    ph.written = res.written;
                    ph.overflow = res.overflow;
                    ph.exp_fifo = res.max_fifo;
                    ph.exp_buf = res.max_buf;
                }
            run_random();
        }
        reset_cycle(); // the last cycle has been sampled at the edge that ended it
        sc_core::sc_stop();
        wait();
    }
    void run_random()
    {
        Phase p;
        p.name = "random traffic with overload";
        p.random = true;
        begin_phase(p);
        fg_tb::RandomTraffic traffic(cfg_, dim_.row_w, dim_.data_w, seed_, random_cycles_);
        for (long c = 0; c < traffic.cycles(); c++) {
            if (traffic.reset_before(c))
                reset_cycle();
            traffic.next(c, lane_.data());
            drive(lane_.data(), (int)c);
        }
    }
    void run_vectors()
    {
        Phase p;
        const std::string path = fg_vec_dir_path(vec_);
        const size_t slash = path.find_last_of('/', path.size() > 1 ? path.size() - 2 : 0);
        p.name = "vectors " + (slash == std::string::npos ? path : path.substr(slash + 1));
        p.vectors = true;
        long long v;
        if (!fg_vec_get_count(vec_, "C0", &v))
            p.C0 = v;
        if (!fg_vec_get_count(vec_, "C1", &v))
            p.C1 = v;
        if (!fg_vec_get_count(vec_, "written", &v))
            p.written = v;
        if (!fg_vec_get_count(vec_, "overflow", &v))
            p.overflow = v;
        if (!fg_vec_get_count(vec_, "max_fifo", &v))
            p.exp_fifo = v;
        if (!fg_vec_get_count(vec_, "max_buf", &v))
            p.exp_buf = v;
        p.stall = cfg_.stall != 0;
        begin_phase(p);
        const fg_vec_stream *st;
        fg_vec_cursor *cur;
        if (fg_vec_find_stream(vec_, "stimulus", &st) || fg_vec_cursor_open(vec_, st, &cur))
            return fail("stimulus stream", fg_last_error());
        const int P = cfg_.pllr;
        std::vector<int> pos((size_t)(4 * P));
        const char *names[4] = {"lane_valid_i", "lane_bank_i", "lane_row_i", "lane_data_i"};
        for (int l = 0; l < P; l++)
            for (int k = 0; k < 4; k++)
                if ((pos[(size_t)(4 * l + k)] = fg_vec_find_port(st, names[k], l)) < 0) {
                    fg_vec_cursor_close(cur);
                    return fail("stimulus stream", fg_last_error());
                }
        std::vector<int> rpos((size_t)cfg_.banks, -1); // the bank read rows, where the set has them
        for (int b = 0; b < cfg_.banks; b++)
            rpos[(size_t)b] = fg_vec_find_port(st, "bank_rd_row_i", b);
        fg_clear_error();
        rows_given_ = true;
        std::vector<int64_t> val((size_t)st->n_ports);
        int r, c = 0;
        while ((r = fg_vec_cursor_next(cur, val.data(), nullptr)) == 1) {
            for (int b = 0; b < cfg_.banks; b++)
                rows_[(size_t)b] = rpos[(size_t)b] >= 0 ? (uint64_t)val[(size_t)rpos[(size_t)b]] : 0;
            for (int l = 0; l < P; l++) {
                fg_dbcf_word &w = lane_[(size_t)l];
                w.valid = (uint8_t)val[(size_t)pos[(size_t)(4 * l)]];
                w.bank = (int32_t)val[(size_t)pos[(size_t)(4 * l + 1)]];
                w.row = (int32_t)val[(size_t)pos[(size_t)(4 * l + 2)]];
                w.data = (int32_t)val[(size_t)pos[(size_t)(4 * l + 3)]];
            }
            drive(lane_.data(), c++);
        }
        fg_vec_cursor_close(cur);
        if (r < 0)
            return fail("stimulus stream", fg_last_error());
    }
};

// ---------------------------------------------------------------- scoreboard

// The output ports of one model, as signals.
struct Outputs {
    sc_core::sc_signal<Ty::accept_new_t> accept_new;
    sc_core::sc_signal<Ty::accept_head_t> accept_head;
    sc_core::sc_signal<Ty::reject_t> reject;
    sc_core::sc_signal<Ty::fifo_level_t> fifo_level;
    sc_core::sc_signal<Ty::bank_we_t> bank_we;
    sc_core::sc_signal<Ty::bank_row_t> bank_row;
    sc_core::sc_signal<Ty::bank_data_t> bank_data;
    sc_core::sc_signal<Ty::buf_level_t> buf_level;
    sc_core::sc_signal<Ty::rd_data_t> bank_rd_data;
    sc_core::sc_signal<Ty::overflow_t> overflow;
    sc_core::sc_signal<Ty::done_t> done;
    explicit Outputs(const std::string &p)
        : accept_new((p + "accept_new_o").c_str()), accept_head((p + "accept_head_o").c_str()),
          reject((p + "reject_o").c_str()), fifo_level((p + "fifo_level_o").c_str()),
          bank_we((p + "bank_we_o").c_str()), bank_row((p + "bank_row_o").c_str()),
          bank_data((p + "bank_data_o").c_str()), buf_level((p + "buf_level_o").c_str()),
          bank_rd_data((p + "bank_rd_data_o").c_str()), overflow((p + "overflow_o").c_str()),
          done((p + "done_o").c_str())
    {
    }
    template <class M> void bind(M &m)
    {
        m.accept_new_o(accept_new);
        m.accept_head_o(accept_head);
        m.reject_o(reject);
        m.fifo_level_o(fifo_level);
        m.bank_we_o(bank_we);
        m.bank_row_o(bank_row);
        m.bank_data_o(bank_data);
        m.buf_level_o(buf_level);
        m.bank_rd_data_o(bank_rd_data);
        m.overflow_o(overflow);
        m.done_o(done);
    }
    void trace(sc_core::sc_trace_file *tf) const
    {
        sc_core::sc_trace(tf, accept_new, accept_new.name());
        sc_core::sc_trace(tf, accept_head, accept_head.name());
        sc_core::sc_trace(tf, reject, reject.name());
        sc_core::sc_trace(tf, fifo_level, fifo_level.name());
        sc_core::sc_trace(tf, bank_we, bank_we.name());
        sc_core::sc_trace(tf, bank_row, bank_row.name());
        sc_core::sc_trace(tf, bank_data, bank_data.name());
        sc_core::sc_trace(tf, buf_level, buf_level.name());
        sc_core::sc_trace(tf, bank_rd_data, bank_rd_data.name());
        sc_core::sc_trace(tf, overflow, overflow.name());
        sc_core::sc_trace(tf, done, done.name());
    }
};

// Input ports of the scoreboard for one model's outputs.
struct OutputPorts {
    sc_core::sc_in<Ty::accept_new_t> accept_new;
    sc_core::sc_in<Ty::accept_head_t> accept_head;
    sc_core::sc_in<Ty::reject_t> reject;
    sc_core::sc_in<Ty::fifo_level_t> fifo_level;
    sc_core::sc_in<Ty::bank_we_t> bank_we;
    sc_core::sc_in<Ty::bank_row_t> bank_row;
    sc_core::sc_in<Ty::bank_data_t> bank_data;
    sc_core::sc_in<Ty::buf_level_t> buf_level;
    sc_core::sc_in<Ty::rd_data_t> bank_rd_data;
    sc_core::sc_in<Ty::overflow_t> overflow;
    sc_core::sc_in<Ty::done_t> done;
    explicit OutputPorts(const std::string &p)
        : accept_new((p + "accept_new").c_str()), accept_head((p + "accept_head").c_str()),
          reject((p + "reject").c_str()), fifo_level((p + "fifo_level").c_str()), bank_we((p + "bank_we").c_str()),
          bank_row((p + "bank_row").c_str()), bank_data((p + "bank_data").c_str()),
          buf_level((p + "buf_level").c_str()), bank_rd_data((p + "bank_rd_data").c_str()),
          overflow((p + "overflow").c_str()), done((p + "done").c_str())
    {
    }
    void bind(Outputs &o)
    {
        accept_new(o.accept_new);
        accept_head(o.accept_head);
        reject(o.reject);
        fifo_level(o.fifo_level);
        bank_we(o.bank_we);
        bank_row(o.bank_row);
        bank_data(o.bank_data);
        buf_level(o.buf_level);
        bank_rd_data(o.bank_rd_data);
        overflow(o.overflow);
        done(o.done);
    }
};

// Value of element `index` of output port `port` in a model's outputs (port names as in the RTL).
struct PortReader {
    int P, M, RW, W, CW;
    bool read(const OutputPorts &o, const std::string &port, int index, uint64_t *v) const
    {
        if (port == "accept_new_o")
            *v = get_bits(o.accept_new.read(), index, 1);
        else if (port == "accept_head_o")
            *v = get_bits(o.accept_head.read(), index, 1);
        else if (port == "reject_o")
            *v = get_bits(o.reject.read(), index, 1);
        else if (port == "fifo_level_o")
            *v = get_bits(o.fifo_level.read(), index * CW, CW);
        else if (port == "bank_we_o")
            *v = get_bits(o.bank_we.read(), index, 1);
        else if (port == "bank_row_o")
            *v = get_bits(o.bank_row.read(), index * RW, RW);
        else if (port == "bank_data_o")
            *v = get_bits(o.bank_data.read(), index * W, W);
        else if (port == "buf_level_o")
            *v = get_bits(o.buf_level.read(), index * CW, CW);
        else if (port == "bank_rd_data_o")
            *v = get_bits(o.bank_rd_data.read(), index * W, W);
        else if (port == "overflow_o")
            *v = get_bits(o.overflow.read(), 0, 1);
        else if (port == "done_o")
            *v = get_bits(o.done.read(), 0, 1);
        else
            return false;
        return true;
    }
};

class Scoreboard : public sc_core::sc_module {
  public:
    sc_core::sc_in<bool> clk_i{"clk_i"};
    sc_core::sc_in<bool> rst_ni{"rst_ni"};
    sc_core::sc_in<Ty::valid_t> lane_valid_i{"lane_valid_i"};
    sc_core::sc_in<Ty::bank_t> lane_bank_i{"lane_bank_i"};
    sc_core::sc_in<Ty::row_t> lane_row_i{"lane_row_i"};
    sc_core::sc_in<Ty::data_in_t> lane_data_i{"lane_data_i"};
    sc_core::sc_in<int> cycle_i{"cycle_i"};
    sc_core::sc_in<int> phase_i{"phase_i"};
    OutputPorts c{"c_"};     // expected: the C model
    OutputPorts rtl{"rtl_"}; // actual: the Verilated RTL
    sc_core::sc_in<sc_dt::sc_uint<16>> c_lfsr{"c_lfsr"};
    sc_core::sc_in<bool> c_empty{"c_empty"};
    sc_core::sc_in<Ty::rd_data_t> c_rd_known{"c_rd_known"}; // bank_rd_data_o bits with a value

    SC_HAS_PROCESS(Scoreboard);
    Scoreboard(sc_core::sc_module_name name, const Config &cfg, const fg_gen_dbcf_dims &dim, Log &log, fg_vec_set *vec)
        : sc_core::sc_module(name), cfg_(cfg.g.dbcf), dim_(dim), log_(log), vec_(vec),
          rd_{cfg.g.dbcf.pllr, cfg.g.dbcf.banks, dim.row_w, dim.data_w, dim.count_w},
          codec_{cfg.g.dbcf.pllr, dim.bank_w, dim.row_w, dim.data_w}, lane_((size_t)cfg.g.dbcf.pllr)
    {
        SC_METHOD(sample);
        sensitive << clk_i.pos();
        dont_initialize();
    }
    ~Scoreboard() override
    {
        if (cur_)
            fg_vec_cursor_close(cur_);
    }
    Scoreboard(const Scoreboard &) = delete;
    Scoreboard &operator=(const Scoreboard &) = delete;

    bool failed() const { return failed_; }
    long compared() const { return compared_; }
    long reads() const { return reads_; }
    // After the run: the vector set's end, final bank contents and counts. False on a difference.
    bool finish_vectors();
    void set_bank_depth(int rows) { vec_depth_ = rows; }

  private:
    fg_dbcf_cfg cfg_;
    fg_gen_dbcf_dims dim_;
    Log &log_;
    fg_vec_set *vec_;
    PortReader rd_;
    fg_sc::LaneCodec<Ty> codec_;
    std::vector<fg_dbcf_word> lane_;
    bool armed_ = false, failed_ = false;
    long compared_ = 0, reads_ = 0;
    // vectors
    fg_vec_cursor *cur_ = nullptr;
    const fg_vec_stream *exp_ = nullptr;
    std::vector<int64_t> val_;
    std::vector<uint8_t> x_;
    std::vector<int64_t> mem_; // RTL bank writes of the vector phase, bank*depth+row; -1 never written
    int vec_depth_ = 0;        // rows per bank

    std::string where(int phase, int cycle) const
    {
        char t[64];
        std::snprintf(t, sizeof t, "%s", sc_core::sc_time_stamp().to_string().c_str());
        const std::string pn = phase >= 0 && phase < (int)log_.phases.size() ? log_.phases[(size_t)phase].name : "?";
        return std::string("at ") + t + ", " + (cycle < 0 ? std::string("reset cycle") : "cycle " + std::to_string(cycle)) +
               " of '" + pn + "'";
    }
    void mismatch(const std::string &msg)
    {
        std::printf("MISMATCH %s\n", msg.c_str());
        std::printf("inputs of the cycle (lane: valid bank row data), registered levels (C model):\n");
        codec_.decode(lane_valid_i.read(), lane_bank_i.read(), lane_row_i.read(), lane_data_i.read(), lane_.data());
        for (int l = 0; l < cfg_.pllr; l++) {
            uint64_t f = 0;
            rd_.read(c, "fifo_level_o", l, &f);
            std::printf("  lane %d: %u %d %d %d  fifo %llu\n", l, lane_[(size_t)l].valid, lane_[(size_t)l].bank,
                        lane_[(size_t)l].row, lane_[(size_t)l].data, (unsigned long long)f);
        }
        for (int b = 0; b < cfg_.banks; b++) {
            uint64_t f = 0;
            rd_.read(c, "buf_level_o", b, &f);
            std::printf("  bank %d: buffer %llu\n", b, (unsigned long long)f);
        }
        std::fflush(stdout);
        failed_ = true;
        sc_core::sc_stop();
    }
    // First differing element of one port, in the order lanes/banks.
    template <class T>
    bool compare_port(const sc_core::sc_in<T> &exp, const sc_core::sc_in<T> &act, const char *port, int n, int w,
                      int phase, int cycle)
    {
        const T &e = exp.read(), &a = act.read();
        if (e == a)
            return true;
        for (int i = 0; i < n; i++) {
            const uint64_t ve = get_bits(e, i * w, w), va = get_bits(a, i * w, w);
            if (ve != va) {
                mismatch(where(phase, cycle) + ": " + port + "[" + std::to_string(i) + "] expected " +
                         std::to_string(ve) + " (C model), actual " + std::to_string(va) + " (RTL)");
                return false;
            }
        }
        mismatch(where(phase, cycle) + ": " + port + " differs outside its elements");
        return false;
    }
    bool compare_models(int phase, int cycle)
    {
        const int P = cfg_.pllr, M = cfg_.banks, RW = dim_.row_w, W = dim_.data_w, CW = dim_.count_w;
        return compare_port(c.accept_new, rtl.accept_new, "accept_new_o", P, 1, phase, cycle) &&
               compare_port(c.accept_head, rtl.accept_head, "accept_head_o", P, 1, phase, cycle) &&
               compare_port(c.reject, rtl.reject, "reject_o", P, 1, phase, cycle) &&
               compare_port(c.fifo_level, rtl.fifo_level, "fifo_level_o", P, CW, phase, cycle) &&
               compare_port(c.bank_we, rtl.bank_we, "bank_we_o", M, 1, phase, cycle) &&
               compare_port(c.bank_row, rtl.bank_row, "bank_row_o", M, RW, phase, cycle) &&
               compare_port(c.bank_data, rtl.bank_data, "bank_data_o", M, W, phase, cycle) &&
               compare_port(c.buf_level, rtl.buf_level, "buf_level_o", M, CW, phase, cycle) &&
               compare_port(c.overflow, rtl.overflow, "overflow_o", 1, 1, phase, cycle) &&
               compare_port(c.done, rtl.done, "done_o", 1, 1, phase, cycle) && compare_reads(phase, cycle);
    }
    // bank_rd_data_o where the C model knows the cell (a written one); the RTL's SRAM holds an
    // undefined value elsewhere.
    bool compare_reads(int phase, int cycle)
    {
        const int W = dim_.data_w;
        const auto &known = c_rd_known.read(), &e = c.bank_rd_data.read(), &a = rtl.bank_rd_data.read();
        for (int b = 0; b < cfg_.banks; b++) {
            if (!get_bits(known, b * W, 1))
                continue;
            const uint64_t ve = get_bits(e, b * W, W), va = get_bits(a, b * W, W);
            reads_++;
            if (ve != va) {
                mismatch(where(phase, cycle) + ": bank_rd_data_o[" + std::to_string(b) + "] expected " +
                         std::to_string(ve) + " (C model), actual " + std::to_string(va) + " (RTL)");
                return false;
            }
        }
        return true;
    }
    // The vector set's expected line of this cycle against both models.
    bool compare_vectors(int phase, int cycle)
    {
        if (!cur_) {
            if (fg_vec_find_stream(vec_, "expected", &exp_) || fg_vec_cursor_open(vec_, exp_, &cur_)) {
                mismatch(where(phase, cycle) + ": " + fg_last_error());
                return false;
            }
            val_.resize((size_t)exp_->n_ports);
            x_.resize((size_t)exp_->n_ports);
        }
        const int r = fg_vec_cursor_next(cur_, val_.data(), x_.data());
        if (r != 1) {
            mismatch(where(phase, cycle) + ": " +
                     (r < 0 ? std::string(fg_last_error()) : std::string("expected stream ended before the stimulus")));
            return false;
        }
        char label[96];
        for (int i = 0; i < exp_->n_ports; i++) {
            if (x_[(size_t)i])
                continue;
            const fg_vec_port &p = exp_->ports[i];
            const uint64_t want = (uint64_t)val_[(size_t)i] & fg_sc::low_mask(p.width);
            fg_vec_port_label(&p, label, sizeof label);
            uint64_t vc = 0, vr = 0;
            if (std::strcmp(p.name, "lfsr_o") == 0)
                vc = c_lfsr.read().to_uint64();
            else if (std::strcmp(p.name, "empty_o") == 0)
                vc = c_empty.read();
            else if (!rd_.read(c, p.name, p.index, &vc) || !rd_.read(rtl, p.name, p.index, &vr)) {
                mismatch(where(phase, cycle) + ": expected stream port " + label + " is not a port of the design");
                return false;
            }
            const bool state = p.dir == FG_VEC_STATE; // not an RTL port: the C model only
            if (vc != want || (!state && vr != want)) {
                mismatch(where(phase, cycle) + ": " + label + " expected " + std::to_string(want) +
                         " (vector set, line " + std::to_string(fg_vec_cursor_line(cur_)) + " of " + exp_->file +
                         "), C model " + std::to_string(vc) + (state ? "" : ", RTL " + std::to_string(vr)));
                return false;
            }
        }
        return true;
    }
    void record(Phase &ph, int cycle)
    {
        const int P = cfg_.pllr, M = cfg_.banks, RW = dim_.row_w, W = dim_.data_w, CW = dim_.count_w;
        const auto &we = rtl.bank_we.read();
        const auto &vl = lane_valid_i.read();
        const auto &rj = rtl.reject.read();
        const auto &hd = rtl.accept_head.read();
        const auto &fl = rtl.fifo_level.read();
        const auto &bl = rtl.buf_level.read();
        ph.cycles++;
        for (int l = 0; l < P; l++) {
            if (get_bits(vl, l, 1))
                ph.last_valid = cycle;
            ph.rejects += (long)get_bits(rj, l, 1);
            ph.heads += (long)get_bits(hd, l, 1);
            ph.max_fifo = std::max(ph.max_fifo, (int)get_bits(fl, l * CW, CW));
        }
        for (int b = 0; b < M; b++) {
            ph.max_buf = std::max(ph.max_buf, (int)get_bits(bl, b * CW, CW));
            if (!get_bits(we, b, 1))
                continue;
            ph.writes++;
            ph.last_write = cycle;
            if (ph.vectors) {
                const uint64_t row = get_bits(rtl.bank_row.read(), b * RW, RW);
                const uint64_t data = get_bits(rtl.bank_data.read(), b * W, W);
                const size_t cell = (size_t)b * (size_t)vec_depth_ + (size_t)row;
                if (mem_.empty())
                    mem_.assign((size_t)M * (size_t)vec_depth_, -1);
                if (row < (uint64_t)vec_depth_)
                    mem_[cell] = (int64_t)data;
            }
        }
    }
    void sample()
    {
        if (failed_)
            return;
        const bool rst = rst_ni.read();
        if (!armed_) { // compare from the first cycle after a reset edge
            armed_ = !rst;
            return;
        }
        const int cycle = rst ? cycle_i.read() : -1, phase = phase_i.read();
        if (!compare_models(phase, cycle))
            return;
        compared_++;
        if (!rst || phase < 0 || phase >= (int)log_.phases.size())
            return;
        Phase &ph = log_.phases[(size_t)phase];
        if (ph.vectors && !compare_vectors(phase, cycle))
            return;
        record(ph, cycle);
    }
};

bool Scoreboard::finish_vectors()
{
    bool ok = true;
    if (cur_) {
        const int r = fg_vec_cursor_next(cur_, val_.data(), x_.data());
        if (r != 0) {
            std::printf("vectors: %s\n", r < 0 ? fg_last_error() : "expected stream has more lines than the stimulus");
            ok = false;
        }
    }
    // Final bank contents (RTL writes) against the set's banks stream.
    const fg_vec_stream *st;
    fg_vec_cursor *cur;
    if (fg_vec_find_stream(vec_, "banks", &st) || fg_vec_cursor_open(vec_, st, &cur)) {
        std::printf("vectors: %s\n", fg_last_error());
        return false;
    }
    if (st->depth != vec_depth_ || st->banks != cfg_.banks) {
        std::printf("vectors: banks stream is %d x %d, the design %d x %d\n", st->banks, st->depth, cfg_.banks,
                    vec_depth_);
        fg_vec_cursor_close(cur);
        return false;
    }
    if (mem_.empty())
        mem_.assign((size_t)cfg_.banks * (size_t)vec_depth_, -1);
    int64_t v;
    uint8_t x;
    int r;
    long cell = 0, cells_checked = 0;
    while ((r = fg_vec_cursor_next(cur, &v, &x)) == 1) {
        const int64_t want = x ? -1 : (int64_t)((uint64_t)v & fg_sc::low_mask(st->ports[0].width));
        if (mem_[(size_t)cell] != want && ok) {
            std::printf("MISMATCH vectors %s line %ld: bank %ld row %ld expected %s, RTL wrote %s\n", st->file,
                        cell + 1, cell / vec_depth_, cell % vec_depth_,
                        want < 0 ? "never written" : std::to_string(want).c_str(),
                        mem_[(size_t)cell] < 0 ? "nothing" : std::to_string(mem_[(size_t)cell]).c_str());
            ok = false;
        }
        cell++;
        cells_checked++;
    }
    if (r < 0) {
        std::printf("vectors: %s\n", fg_last_error());
        ok = false;
    }
    fg_vec_cursor_close(cur);
    if (ok)
        std::printf("  final bank contents: %ld cells match %s\n", cells_checked, st->file);
    return ok;
}

// Rerun this program with a VCD of every signal; its output is discarded (the run is deterministic,
// so it stops at the same mismatch).
void replay_with_vcd(int argc, char **argv)
{
    std::vector<std::string> args(argv, argv + argc);
    args.push_back("--vcd");
    args.push_back("cosim_mismatch");
    args.push_back("--no-replay");
    std::vector<char *> av;
    for (std::string &a : args)
        av.push_back(a.data());
    av.push_back(nullptr);
    std::fflush(stdout);
    const pid_t pid = fork();
    if (pid == 0) {
        if (!std::freopen("/dev/null", "w", stdout))
            _exit(127);
        execv("/proc/self/exe", av.data());
        _exit(127);
    }
    int status = 0;
    if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 1)
        std::printf("waveform of every signal up to the mismatch: cosim_mismatch.vcd\n");
    else
        std::printf("replay with a waveform failed\n");
}

} // namespace

int sc_main(int argc, char **argv)
{
    std::string vec_dir, rtl_dir, vcd;
    unsigned seed = 12345;
    long cycles = 20000, fault = -1;
    bool replay = true;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        const bool has = i + 1 < argc;
        if (a == "--vectors" && has)
            vec_dir = argv[++i];
        else if (a == "--rtl" && has)
            rtl_dir = argv[++i];
        else if (a == "--seed" && has)
            seed = (unsigned)std::strtoul(argv[++i], nullptr, 0);
        else if (a == "--cycles" && has)
            cycles = std::strtol(argv[++i], nullptr, 0);
        else if (a == "--vcd" && has)
            vcd = argv[++i];
        else if (a == "--inject-fault" && has)
            fault = std::strtol(argv[++i], nullptr, 0);
        else if (a == "--no-replay")
            replay = false;
        else if (a == "--help" || a == "-h") {
            usage(argv[0]);
            return 0;
        } else {
            usage(argv[0]);
            return 2;
        }
    }
    if (cycles < 2) {
        std::fprintf(stderr, "--cycles %ld: at least 2\n", cycles);
        return 2;
    }

    // Configuration: the vector manifest, the generator's manifest, the compile definitions, in
    // that order of precedence; every one given must agree with the first.
    std::vector<Config> sources;
    std::string err, gen_top;
    fg_vec_set *vec = nullptr;
    if (!vec_dir.empty()) {
        Config c;
        if (fg_vec_open(vec_dir.c_str(), &vec) || !read_vec_manifest(vec, &c, &err)) {
            std::fprintf(stderr, "%s\n", vec ? err.c_str() : fg_last_error());
            fg_vec_close(vec);
            return 2;
        }
        sources.push_back(c);
    }
    if (!rtl_dir.empty()) {
        Config c;
        if (!read_gen_manifest(rtl_dir, &c, &gen_top, &err)) {
            std::fprintf(stderr, "%s\n", err.c_str());
            fg_vec_close(vec);
            return 2;
        }
        if (!gen_top.empty() && gen_top != FG_SC_STR(FG_SC_CLASS) + 1) {
            std::fprintf(stderr, "%s: top %s, the Verilated model is %s\n", c.source.c_str(), gen_top.c_str(),
                         FG_SC_STR(FG_SC_CLASS) + 1);
            fg_vec_close(vec);
            return 2;
        }
        sources.push_back(c);
    }
    if (std::optional<Config> c = compiled_config())
        sources.push_back(*c);
    if (sources.empty()) {
        std::fprintf(stderr, "no configuration: give --vectors DIR or --rtl DIR (or build with -DFG_SC_P=... )\n");
        usage(argv[0]);
        return 2;
    }
    for (size_t i = 1; i < sources.size(); i++)
        if (!same_config(sources[0], sources[i], &err)) {
            std::fprintf(stderr, "configurations differ: %s\n", err.c_str());
            fg_vec_close(vec);
            return 2;
        }
    // The port layout is the RTL's: from --rtl or the compile definitions; with a vector set alone,
    // from the Verilated ports where their widths are exact. A vector set's words may be narrower
    // than the RTL's ports (FORMAT.md: values are compared, zero-extended).
    Config cfg = sources[0];
    int vec_depth = 0;
    if (vec) {
        vec_depth = cfg.g.bank_depth;
        const Config *rtl_src = nullptr;
        for (const Config &c : sources)
            if (c.rtl_widths && !rtl_src)
                rtl_src = &c;
        if (rtl_src) {
            cfg.g.width = rtl_src->g.width;
            cfg.g.bank_depth = rtl_src->g.bank_depth;
            cfg.source += " + widths of " + rtl_src->source;
        } else if (fg_sc::port_width<Ty::data_in_t>::value && fg_sc::port_width<Ty::row_t>::value) {
            const int P = cfg.g.dbcf.pllr;
            const int rw = fg_sc::port_width<Ty::row_t>::value / P;
            cfg.g.width = fg_sc::port_width<Ty::data_in_t>::value / P;
            if (fg_vec_width_for(cfg.g.bank_depth) != rw)
                cfg.g.bank_depth = 1 << rw;
            cfg.source += " + widths of the Verilated ports";
        }
        const int vw = sources[0].g.width;
        if (vw > cfg.g.width || vec_depth > cfg.g.bank_depth) {
            std::fprintf(stderr, "the vector set needs data width %d and bank depth %d, the RTL has %d and %d\n", vw,
                         vec_depth, cfg.g.width, cfg.g.bank_depth);
            fg_vec_close(vec);
            return 2;
        }
    }
    fg_gen_dbcf_dims dim;
    if (fg_gen_dbcf_check(&cfg.g)) {
        std::fprintf(stderr, "%s: %s\n", cfg.source.c_str(), fg_last_error());
        fg_vec_close(vec);
        return 2;
    }
    fg_gen_dbcf_dims_of(&cfg.g, &dim);
    if (!check_against_rtl(cfg, dim, &err)) {
        std::fprintf(stderr, "%s\n", err.c_str());
        fg_vec_close(vec);
        return 2;
    }
    const fg_dbcf_cfg &d = cfg.g.dbcf;
    std::printf("DBCF co-simulation (SystemC %s): RTL %s vs fg_dbcf_step\n", sc_core::sc_release(),
                FG_SC_STR(FG_SC_CLASS) + 1);
    std::printf("  PLLR=%d M=%d S=%d F=%d B=%d offer %s lfsr_seed 0x%04X width %d bank depth %d (from %s)\n", d.pllr,
                d.banks, d.select, d.fifo_depth, d.buf_depth, d.offer == FG_DBCF_OFFER_HEAD ? "head" : "dual",
                d.lfsr_seed, cfg.g.width, cfg.g.bank_depth, cfg.source.c_str());

    // Elaboration.
    sc_core::sc_clock clk("clk", 10, sc_core::SC_NS);
    sc_core::sc_signal<bool> rst_n("rst_ni");
    sc_core::sc_signal<Ty::valid_t> lane_valid("lane_valid_i");
    sc_core::sc_signal<Ty::bank_t> lane_bank("lane_bank_i");
    sc_core::sc_signal<Ty::row_t> lane_row("lane_row_i");
    sc_core::sc_signal<Ty::data_in_t> lane_data("lane_data_i");
    sc_core::sc_signal<int> cycle_sig("cycle"), phase_sig("phase");
    sc_core::sc_signal<sc_dt::sc_uint<16>> c_lfsr("c_lfsr_o");
    sc_core::sc_signal<bool> c_empty("c_empty_o");
    sc_core::sc_signal<Ty::rd_row_t> rd_row("bank_rd_row_i");
    sc_core::sc_signal<Ty::rd_data_t> c_rd_known("c_bank_rd_known_o");
    Outputs rtl_out("rtl_"), c_out("c_");
    Log log;

    Top rtl("rtl");
    rtl.clk_i(clk);
    rtl.rst_ni(rst_n);
    rtl.lane_valid_i(lane_valid);
    rtl.lane_bank_i(lane_bank);
    rtl.lane_row_i(lane_row);
    rtl.lane_data_i(lane_data);
    rtl.bank_rd_row_i(rd_row);
    rtl_out.bind(rtl);

    std::unique_ptr<fg_sc::DbcfCModel<Ty>> model;
    try {
        model.reset(new fg_sc::DbcfCModel<Ty>("cmodel", d, dim, cfg.g.bank_depth));
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s\n", e.what());
        fg_vec_close(vec);
        return 2;
    }
    model->clk_i(clk);
    model->rst_ni(rst_n);
    model->lane_valid_i(lane_valid);
    model->lane_bank_i(lane_bank);
    model->lane_row_i(lane_row);
    model->lane_data_i(lane_data);
    model->bank_rd_row_i(rd_row);
    c_out.bind(*model);
    model->lfsr_o(c_lfsr);
    model->empty_o(c_empty);
    model->bank_rd_known_o(c_rd_known);
    model->inject_fault(fault);

    Stimulus stim("stimulus", cfg, dim, log, vec, seed, cycles);
    stim.clk_i(clk);
    stim.rst_ni(rst_n);
    stim.lane_valid_i(lane_valid);
    stim.lane_bank_i(lane_bank);
    stim.lane_row_i(lane_row);
    stim.lane_data_i(lane_data);
    stim.bank_rd_row_i(rd_row);
    stim.cycle_o(cycle_sig);
    stim.phase_o(phase_sig);

    Scoreboard sb("scoreboard", cfg, dim, log, vec);
    sb.clk_i(clk);
    sb.rst_ni(rst_n);
    sb.lane_valid_i(lane_valid);
    sb.lane_bank_i(lane_bank);
    sb.lane_row_i(lane_row);
    sb.lane_data_i(lane_data);
    sb.cycle_i(cycle_sig);
    sb.phase_i(phase_sig);
    sb.c.bind(c_out);
    sb.rtl.bind(rtl_out);
    sb.c_lfsr(c_lfsr);
    sb.c_empty(c_empty);
    sb.c_rd_known(c_rd_known);
    sb.set_bank_depth(vec_depth);

    sc_core::sc_trace_file *tf = nullptr;
    if (!vcd.empty()) {
        tf = sc_core::sc_create_vcd_trace_file(vcd.c_str());
        tf->set_time_unit(1, sc_core::SC_NS);
        sc_core::sc_trace(tf, clk, "clk");
        sc_core::sc_trace(tf, rst_n, rst_n.name());
        sc_core::sc_trace(tf, lane_valid, lane_valid.name());
        sc_core::sc_trace(tf, lane_bank, lane_bank.name());
        sc_core::sc_trace(tf, lane_row, lane_row.name());
        sc_core::sc_trace(tf, lane_data, lane_data.name());
        sc_core::sc_trace(tf, cycle_sig, cycle_sig.name());
        sc_core::sc_trace(tf, phase_sig, phase_sig.name());
        rtl_out.trace(tf);
        c_out.trace(tf);
        sc_core::sc_trace(tf, c_lfsr, c_lfsr.name());
        sc_core::sc_trace(tf, c_empty, c_empty.name());
    }

    // sc_stop() ends every run: not worth a line.
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    const auto t0 = std::chrono::steady_clock::now();
    sc_core::sc_start();
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (tf)
        sc_core::sc_close_vcd_trace_file(tf);
    rtl.final();

    int rc = 0;
    if (log.setup_failed)
        rc = 2;
    else if (sb.failed()) {
        if (replay && vcd.empty())
            replay_with_vcd(argc, argv);
        rc = 1;
    }
    if (rc == 0) {
        // Counts observed at the RTL's ports against the model's (or the vector set's).
        std::printf("  %-40s %6s %7s %5s %5s %6s %7s %4s %4s\n", "phase", "cycles", "written", "C0", "C1", "RTL C1",
                    "rejects", "FIFO", "buf");
        for (const Phase &p : log.phases) {
            const long c1 = p.last_write + 1;
            std::printf("  %-40s %6ld %7ld %5s %5s %6ld %7ld %4d %4d\n", p.name.c_str(), p.cycles, p.writes,
                        p.C0 < 0 ? "-" : std::to_string(p.C0).c_str(), p.C1 < 0 ? "-" : std::to_string(p.C1).c_str(),
                        c1, p.rejects, p.max_fifo, p.max_buf);
            // The model's counts (fg_dbcf_result, or the vector manifest) seen at the RTL's ports:
            // C1 = the last write's cycle + 1, C0 = the last input cycle + 1 (free-running SISOs),
            // overflow = rejected words (free-running), the largest registered levels.
            if ((p.C1 >= 0 && c1 != p.C1) || (p.written >= 0 && p.writes != p.written) ||
                (p.C0 >= 0 && !p.stall && p.last_valid + 1 != p.C0) ||
                (p.overflow >= 0 && !p.stall && p.rejects != p.overflow) ||
                (p.exp_fifo >= 0 && p.max_fifo != p.exp_fifo) || (p.exp_buf >= 0 && p.max_buf != p.exp_buf)) {
                std::printf("COUNTS DIFFER in '%s': model C0 %ld C1 %ld written %ld overflow %ld max FIFO %ld max "
                            "buffer %ld; RTL ports: last input cycle + 1 = %ld, last write cycle + 1 = %ld, %ld writes, "
                            "%ld rejects, max FIFO %d, max buffer %d\n",
                            p.name.c_str(), p.C0, p.C1, p.written, p.overflow, p.exp_fifo, p.exp_buf, p.last_valid + 1,
                            c1, p.writes, p.rejects, p.max_fifo, p.max_buf);
                rc = 1;
            }
            if (p.random && !fg_tb::random_coverage_ok(d, p.rejects, p.max_fifo, p.max_buf)) {
                std::printf("random traffic did not fill every FIFO / buffer and reject words: weak test "
                            "(rejects %ld, max FIFO %d, max buffer %d)\n",
                            p.rejects, p.max_fifo, p.max_buf);
                rc = 1;
            }
        }
        if (vec && !sb.finish_vectors())
            rc = 1;
    }
    if (rc == 0)
        std::printf("co-simulation match: %ld cycles compared on all 11 output ports (%ld bank reads of written "
                    "cells; %.0f cycles/s, %.2f s), %ld model re-evaluations\n",
                    sb.compared(), sb.reads(), sb.compared() / (secs > 0 ? secs : 1e-9), secs, model->reevaluations());
    fg_vec_close(vec);
    return rc;
}
