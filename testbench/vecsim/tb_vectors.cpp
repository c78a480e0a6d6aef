// Generic golden-vector harness (docs/verify.md): drives a Verilated design from a vector set
// (vectors/FORMAT.md) and compares every output word of every cycle, and the final memory images.
//
//   tb [--latency L] [--fst FILE] [--quiet] VECDIR...
//
// Binding of vector ports to RTL ports, by name: a port `name[i]` of a set is element i of the RTL
// port `name`, which holds the elements packed (`[i*E +: E]`, E = RTL width / element count, the
// element count being the largest index in the set + 1; a value narrower than E is compared zero-
// or, for signed ports, sign-extended). cycles streams: `in` ports are driven, `out` ports
// compared, `state` ports compared where the RTL has such an output and skipped otherwise. table
// streams: line l, port p drives element l of the static input `p_i` (or `p`). memory streams: the
// port `X_data` is the image of the RTL's write ports `X_we_o`, `X_row_o`, `X_data_o` (one element
// per bank), collected at every clock edge and compared at the end (a cell the model never writes
// must not be written). Cycle 0 is the first cycle after reset (rst_ni low for two clock edges);
// with --latency L, output line n is compared in cycle n + L.
// Exit: 0 every set matches, 1 first mismatch (cycle, port, expected, actual, inputs of that cycle;
// a model verilated with --trace-fst then replays the run into an FST waveform, FILE or
// VECDIR.mismatch.fst), 2 usage error or a set that does not fit the design.
#include "tb_vectors.h"

extern "C" {
#include "fecforge/error.h"
#include "fecforge/vectors.h"
}

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

bool g_silent = false; // the waveform replay repeats a mismatch already reported

struct Stream {
    const fg_vec_stream *st;
    fg_vec_cursor *cur = nullptr;
    std::vector<fg_tb_bound> bound; // per port; rtl == nullptr: skipped (a state port the RTL hides)
    std::vector<int64_t> val;
    std::vector<uint8_t> dc;
    ~Stream() { fg_vec_cursor_close(cur); }
};

struct Memory {
    const fg_vec_stream *st;
    fg_tb_port *we, *row, *data;
    int banks, depth, rw, dw, vw;
    std::vector<int64_t> cell; // -1: never written
};

struct Result {
    long cycles = 0, words = 0, skipped_state = 0, mem_cells = 0;
    bool mismatch = false;
    bool traced = false; // the model can write a waveform
    long fail_cycle = -1;
};

void print_inputs(const std::vector<std::unique_ptr<Stream>> &cyc)
{
    int shown = 0;
    std::printf("  inputs of that cycle (non-zero):");
    for (const auto &s : cyc)
        for (size_t i = 0; i < s->bound.size(); i++)
            if (s->bound[i].dir == FG_VEC_IN && s->val[i] && shown++ < 24)
                std::printf(" %s=0x%" PRIx64, s->bound[i].label.c_str(), (uint64_t)s->val[i] & fg_tb_mask(s->bound[i].vw));
    std::printf(shown > 24 ? " ... (%d in all)\n" : shown ? "\n" : " none\n", shown);
}

void fail(int rc)
{
    (void)rc;
    throw fg_tb_usage{fg_last_error()};
}

// One pass over the set. fst: waveform file or nullptr (with one, the run goes 2 cycles past a
// mismatch so the waveform shows it).
Result run(const char *dir, int latency, const char *fst, bool quiet)
{
    fg_vec_set *raw = nullptr;
    if (int rc = fg_vec_open(dir, &raw))
        fail(rc);
    std::unique_ptr<fg_vec_set, void (*)(fg_vec_set *)> set(raw, fg_vec_close);
    auto ctx = std::make_unique<VerilatedContext>();
    if (fst)
        ctx->traceEverOn(true);
    std::unique_ptr<fg_tb_dut> dut(fg_tb_make_dut(ctx.get()));
    fg_tb_port *clk = dut->find("clk_i"), *rst = dut->find("rst_ni");
    if (!clk)
        throw fg_tb_usage{std::string("the design has no clk_i port")};
    fg_tb_apply_tables(set.get(), *dut); // every input 0, then the lane programs

    std::vector<std::unique_ptr<Stream>> cyc;
    std::vector<Memory> mems;
    long lines = -1;
    for (int i = 0; i < fg_vec_num_streams(set.get()); i++) {
        const fg_vec_stream *st = fg_vec_stream_at(set.get(), i);
        const std::string where = std::string(dir) + "/" + st->file;
        if (st->kind == FG_VEC_CYCLES) {
            auto s = std::make_unique<Stream>();
            s->st = st;
            s->bound = fg_tb_bind_cycles(set.get(), st, *dut);
            s->val.resize((size_t)st->n_ports);
            s->dc.resize((size_t)st->n_ports);
            if (int rc = fg_vec_cursor_open(set.get(), st, &s->cur))
                fail(rc);
            if (lines >= 0 && st->lines != lines)
                throw fg_tb_usage{where + ": " + std::to_string(st->lines) + " lines, other cycle streams have " +
                            std::to_string(lines)};
            lines = st->lines;
            cyc.push_back(std::move(s));
        } else if (st->kind == FG_VEC_TABLE) {
            continue; // fg_tb_apply_tables
        } else { // memory: the image of the X_we_o / X_row_o / X_data_o write ports
            // Only a memory named X_data is the image of RTL write ports; others (the LDPC sets'
            // llr, app, hard, decoded) are reference data about the frames, checked through the
            // cycle streams (vectors/FORMAT.md).
            const std::string pn = st->ports[0].name;
            if (pn.size() < 6 || pn.compare(pn.size() - 5, 5, "_data"))
                continue;
            const std::string x = pn.substr(0, pn.size() - 5);
            Memory m{st, dut->find(x + "_we_o"), dut->find(x + "_row_o"), dut->find(x + "_data_o"), st->banks,
                     st->depth, 0, 0, st->ports[0].width, std::vector<int64_t>((size_t)st->banks * st->depth, -1)};
            if (!m.we || !m.row || !m.data)
                throw fg_tb_usage{where + ": memory " + x + " needs RTL outputs " + x + "_we_o, " + x + "_row_o, " + x +
                            "_data_o"};
            if (m.we->width != m.banks || m.row->width % m.banks || m.data->width % m.banks)
                throw fg_tb_usage{where + ": RTL write ports of " + x + " do not have " + std::to_string(m.banks) +
                            " elements"};
            m.rw = m.row->width / m.banks;
            m.dw = m.data->width / m.banks;
            if (m.dw < m.vw || m.dw > 64 || m.rw > 63)
                throw fg_tb_usage{where + ": data of " + x + " is " + std::to_string(m.vw) + " bits in the vectors, " +
                            std::to_string(m.dw) + " in the RTL"};
            mems.push_back(std::move(m));
        }
    }
    if (cyc.empty())
        throw fg_tb_usage{std::string(dir) + ": no cycles stream"};

    if (fst)
        dut->trace_open(fst);
    uint64_t time = 0;
    auto edge = [&] {
        clk->set(0, 1, 1);
        dut->eval();
        dut->trace_dump(time++);
        clk->set(0, 1, 0);
        dut->eval();
        dut->trace_dump(time++);
    };
    if (rst) {
        rst->set(0, 1, 0);
        dut->eval();
        dut->trace_dump(time++);
        edge();
        edge();
        rst->set(0, 1, 1);
    }

    Result res;
    res.traced = dut->traced();
    // Expected words of the last latency+1 lines (ring), per cycles stream.
    const int ring = latency + 1;
    std::vector<std::vector<std::vector<int64_t>>> exp_v(cyc.size(), std::vector<std::vector<int64_t>>((size_t)ring));
    std::vector<std::vector<std::vector<uint8_t>>> exp_x(cyc.size(), std::vector<std::vector<uint8_t>>((size_t)ring));
    for (long t = 0; t < lines + latency; t++) {
        for (size_t si = 0; si < cyc.size(); si++) {
            Stream &s = *cyc[si];
            if (t < lines) {
                const int r = fg_vec_cursor_next(s.cur, s.val.data(), s.dc.data());
                if (r < 0)
                    fail(r);
                if (r == 0)
                    throw fg_tb_usage{std::string(dir) + "/" + s.st->file + ": ended at line " + std::to_string(t)};
                exp_v[si][(size_t)(t % ring)] = s.val;
                exp_x[si][(size_t)(t % ring)] = s.dc;
                for (size_t k = 0; k < s.bound.size(); k++)
                    if (s.bound[k].dir == FG_VEC_IN)
                        s.bound[k].rtl->set(s.bound[k].off, s.bound[k].ew, s.bound[k].expect(s.val[k]));
            } else
                for (auto &b : s.bound) // past the stimulus: inputs idle
                    if (b.dir == FG_VEC_IN)
                        b.rtl->set(b.off, b.ew, 0);
        }
        dut->eval();
        const long line = t - latency;
        if (line >= 0 && !res.mismatch)
            for (size_t si = 0; si < cyc.size() && !res.mismatch; si++) {
                Stream &s = *cyc[si];
                const auto &v = exp_v[si][(size_t)(line % ring)];
                const auto &x = exp_x[si][(size_t)(line % ring)];
                for (size_t k = 0; k < s.bound.size(); k++) {
                    const fg_tb_bound &b = s.bound[k];
                    if (b.dir == FG_VEC_IN || x[k])
                        continue;
                    if (!b.rtl) {
                        res.skipped_state++;
                        continue;
                    }
                    const uint64_t want = b.expect(v[k]), got = b.rtl->get(b.off, b.ew);
                    res.words++;
                    if (want != got) {
                        if (!g_silent)
                            std::printf("MISMATCH %s: cycle %ld (line %ld of %s), port %s: expected 0x%" PRIx64
                                    ", actual 0x%" PRIx64 "\n",
                                    dir, t, line + 1, s.st->file, b.label.c_str(), want, got);
                        if (!g_silent)
                            print_inputs(cyc);
                        res.mismatch = true;
                        res.fail_cycle = t;
                        break;
                    }
                }
            }
        if (res.mismatch && (!fst || t >= res.fail_cycle + 2))
            break;
        for (auto &m : mems)
            for (int b = 0; b < m.banks; b++)
                if (m.we->get(b, 1)) {
                    const uint64_t row = m.row->get(b * m.rw, m.rw);
                    if ((long)row >= m.depth) {
                        if (!g_silent)
                            std::printf("MISMATCH %s: cycle %ld, bank %d writes row %" PRIu64 " beyond the depth %d of %s\n",
                                    dir, t, b, row, m.depth, m.st->file);
                        res.mismatch = true;
                        res.fail_cycle = t;
                        break;
                    }
                    m.cell[(size_t)b * m.depth + row] = (int64_t)(m.data->get(b * m.dw, m.dw) & fg_tb_mask(m.vw));
                }
        edge();
        res.cycles = t + 1;
    }
    for (auto &m : mems) {
        if (res.mismatch)
            break;
        fg_vec_cursor *c = nullptr;
        if (int rc = fg_vec_cursor_open(set.get(), m.st, &c))
            fail(rc);
        std::unique_ptr<fg_vec_cursor, void (*)(fg_vec_cursor *)> cur(c, fg_vec_cursor_close);
        int64_t v;
        uint8_t x;
        for (long a = 0; !res.mismatch; a++) {
            const int r = fg_vec_cursor_next(c, &v, &x);
            if (r < 0)
                fail(r);
            if (r == 0)
                break;
            const int64_t got = m.cell[(size_t)a];
            const uint64_t want = (uint64_t)v & fg_tb_mask(m.vw);
            if (x ? got >= 0 : got < 0 || (uint64_t)got != want) {
                char w[32] = "never written", g[32] = "never written";
                if (!x)
                    std::snprintf(w, sizeof w, "0x%" PRIx64, want);
                if (got >= 0)
                    std::snprintf(g, sizeof g, "0x%" PRIx64, (uint64_t)got);
                if (!g_silent)
                    std::printf("MISMATCH %s: %s bank %ld row %ld after the run: expected %s, actual %s\n", dir,
                                m.st->file, a / m.depth, a % m.depth, w, g);
                res.mismatch = true;
            }
            res.mem_cells++;
        }
    }
    dut->final();
    dut->trace_close();
    if (!quiet && !res.mismatch)
        std::printf("PASS %s: %ld cycles, %ld output words and %ld memory cells match (%ld state words not "
                    "exposed by the RTL)\n",
                    dir, res.cycles, res.words, res.mem_cells, res.skipped_state);
    return res;
}

} // namespace

int main(int argc, char **argv)
{
    int latency = 0;
    const char *fst = nullptr;
    bool quiet = false;
    std::vector<const char *> dirs;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--latency") && i + 1 < argc) {
            char *end;
            const long v = std::strtol(argv[++i], &end, 10);
            if (*end || v < 0 || v > 1000) {
                std::fprintf(stderr, "--latency %s: expected an integer in [0, 1000]\n", argv[i]);
                return 2;
            }
            latency = (int)v;
        } else if (!std::strcmp(argv[i], "--fst") && i + 1 < argc) {
            fst = argv[++i];
        } else if (!std::strcmp(argv[i], "--quiet")) {
            quiet = true;
        } else if (argv[i][0] == '-' || argv[i][0] == '+') {
            std::fprintf(stderr, "unknown option %s; usage: %s [--latency L] [--fst FILE] [--quiet] VECDIR...\n",
                         argv[i], argv[0]);
            return 2;
        } else {
            dirs.push_back(argv[i]);
        }
    }
    if (dirs.empty()) {
        std::fprintf(stderr, "usage: %s [--latency L] [--fst FILE] [--quiet] VECDIR...\n", argv[0]);
        return 2;
    }
    try {
        for (const char *d : dirs) {
            const Result r = run(d, latency, nullptr, quiet);
            if (r.mismatch && r.traced) {
                const std::string wave = fst ? fst : std::string(d) + ".mismatch.fst";
                g_silent = true;
                run(d, latency, wave.c_str(), true);
                std::printf("waveform of the failing run: %s\n", wave.c_str());
            }
            if (r.mismatch)
                return 1;
        }
    } catch (const fg_tb_usage &u) {
        std::fprintf(stderr, "error: %s\n", u.msg.c_str());
        return 2;
    }
    return 0;
}
