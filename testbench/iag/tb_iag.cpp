// Interleaver address generator: the generated RTL (Verilated) against the step model fg_iag_step,
// cycle by cycle: ready_o and every lane's valid, err and addr. Standard-agnostic: the standard
// (FG_TB_STD), the lane count (FG_TB_P) and the Verilated class come from compile definitions.
//
//   tb [SEED]             model traffic: per K, from reset, XMAP half-iterations in both modes
//                         back to back, half-iterations with per-lane bubbles, then random
//                         err-provoking traffic with a reset in flight and a new K
//   tb --vectors DIR      replay a set written by `fecforge vectors iag` (vectors/FORMAT.md): its
//                         lane programs and stimulus drive the RTL, its expected stream is compared
//
// Exit 0 on a full match, 1 on the first mismatch (phase, cycle, port, expected, actual, the
// inputs of that cycle and of the cycle before); the failing phase is then replayed from its reset
// with tracing on into iag_mismatch.fst (working directory) up to that cycle. 2: usage error.
#include FG_TB_HEADER
#include "verilated.h"
#include "../verilated_bits.h"
#include "verilated_fst_c.h"

extern "C" {
#include "fecforge/error.h"
#include "fecforge/iag.h"
#include "fecforge/interleaver.h"
#include "fecforge/vectors.h"
#include "fecforge/xmap_schedule.h"
}

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace {

constexpr int P = FG_TB_P;
constexpr fg_std STD = FG_TB_STD;
constexpr int LAT = STD == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;

struct Inputs {
    uint8_t start = 0, inverse = 0;
    std::vector<fg_iag_lane_in> lane = std::vector<fg_iag_lane_in>((size_t)P, fg_iag_lane_in{0, 0});
};

// Expected outputs of one cycle; dc = don't care (vector sets: x).
struct Expect {
    uint32_t ready = 0;
    std::vector<uint32_t> valid = std::vector<uint32_t>((size_t)P), err = valid, addr = valid;
    std::vector<uint8_t> dc_addr = std::vector<uint8_t>((size_t)P), dc_valid = dc_addr, dc_err = dc_addr;
    uint8_t dc_ready = 0;
};

struct Tb {
    std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    std::unique_ptr<FG_TB_CLASS> top{new FG_TB_CLASS{ctx.get()}};
    std::unique_ptr<VerilatedFstC> fst; // waveform of a replayed phase
    uint64_t time = 0;
    std::string phase;
    long cycle = 0, compared = 0;
    bool failed = false;
    int K = 0;
    std::vector<fg_iag_lane_prog> prog;
    fg_iag *g = nullptr; // the model (traffic mode)
    Inputs prev;         // last cycle's inputs (the ones an output of latency 1 answers)

    ~Tb() { fg_iag_destroy(g); }
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
    // Static inputs of the RTL: K and the lane programs (held from reset on).
    void drive_static(int k, const std::vector<fg_iag_lane_prog> &pr)
    {
        K = k;
        prog = pr;
        top->k_i = (uint16_t)k;
        for (int l = 0; l < P; l++) {
            fg_vl_put(top->lane_start_i, l * 14, 14, (uint32_t)prog[(size_t)l].start & 0x3fffu);
            fg_vl_put(top->lane_stride_i, l * 3, 3, (uint32_t)prog[(size_t)l].stride & 7u);
        }
    }
    // Model and RTL for (K, programs); 0 or the model's error code.
    int configure(int k, const std::vector<fg_iag_lane_prog> &pr)
    {
        fg_iag_destroy(g);
        g = nullptr;
        fg_iag_cfg cfg = {STD, k, P, pr.data()};
        int rc = fg_iag_create(&cfg, &g);
        if (rc)
            return rc;
        drive_static(k, pr);
        return 0;
    }
    // Synchronous reset of the RTL (one edge with rst_ni low) and fg_iag_reset of the model.
    void reset()
    {
        drive(Inputs{});
        top->rst_ni = 0;
        top->clk_i = 0;
        eval();
        clock();
        top->rst_ni = 1;
        if (g)
            fg_iag_reset(g);
        cycle = 0;
        prev = Inputs{};
    }
    void drive(const Inputs &in)
    {
        top->start_i = in.start;
        top->inverse_i = in.inverse;
        for (int l = 0; l < P; l++) {
            fg_vl_put(top->lane_valid_i, l, 1, in.lane[(size_t)l].valid);
            fg_vl_put(top->lane_x_i, l * 13, 13, (uint32_t)in.lane[(size_t)l].x & 0x1fffu);
        }
    }
    void print_inputs(const char *what, const Inputs &in) const
    {
        std::printf("  %s: start_i=%u inverse_i=%u; lanes with lane_valid_i=1 (lane:x):", what, in.start, in.inverse);
        int n = 0;
        for (int l = 0; l < P; l++)
            if (in.lane[(size_t)l].valid)
                std::printf("%s %d:%d", n++ % 12 == 11 ? "\n   " : "", l, (int)in.lane[(size_t)l].x);
        std::printf("%s\n", n ? "" : " none");
    }
    void mismatch(const char *port, int index, uint32_t want, uint32_t got, const Inputs &in)
    {
        failed = true;
        if (fst) // the replay stops at the same place, silently
            return;
        char name[64];
        if (index >= 0)
            std::snprintf(name, sizeof name, "%s[%d]", port, index);
        else
            std::snprintf(name, sizeof name, "%s", port);
        std::printf("MISMATCH %s, cycle %ld: %s expected %u, actual %u\n", phase.c_str(), cycle, name, want, got);
        std::printf("  K=%d, lane %d program: start %d stride %d\n", K, index < 0 ? 0 : index,
                    index < 0 ? (int)prog[0].start : (int)prog[(size_t)index].start,
                    index < 0 ? (int)prog[0].stride : (int)prog[(size_t)index].stride);
        print_inputs("inputs of this cycle", in);
        print_inputs("inputs of the cycle before", prev);
    }
    // Compare the RTL's outputs (after eval with this cycle's inputs) with e.
    void compare(const Expect &e, const Inputs &in)
    {
        if (!e.dc_ready && top->ready_o != e.ready)
            return mismatch("ready_o", -1, e.ready, top->ready_o, in);
        for (int l = 0; l < P && !failed; l++) {
            const uint32_t v = fg_vl_get(top->lane_valid_o, l, 1), r = fg_vl_get(top->lane_err_o, l, 1),
                           a = fg_vl_get(top->lane_addr_o, l * 13, 13);
            if (!e.dc_valid[(size_t)l] && v != e.valid[(size_t)l])
                mismatch("lane_valid_o", l, e.valid[(size_t)l], v, in);
            else if (!e.dc_err[(size_t)l] && r != e.err[(size_t)l])
                mismatch("lane_err_o", l, e.err[(size_t)l], r, in);
            else if (!e.dc_addr[(size_t)l] && a != e.addr[(size_t)l])
                mismatch("lane_addr_o", l, e.addr[(size_t)l], a, in);
        }
    }
    // One cycle in lock step with the model: drive, compare the outputs, clock. The model's out
    // is returned for the traffic generators.
    fg_iag_out step(const Inputs &in)
    {
        fg_iag_out out{};
        if (failed)
            return out;
        drive(in);
        eval();
        fg_iag_in min = {in.start, in.inverse, in.lane.data()};
        fg_iag_step(g, &min, &out);
        Expect e;
        e.ready = out.ready;
        for (int l = 0; l < P; l++) {
            e.valid[(size_t)l] = out.lane_out[l].valid;
            e.err[(size_t)l] = out.lane_out[l].err;
            e.addr[(size_t)l] = (uint32_t)out.lane_out[l].addr;
        }
        compare(e, in);
        if (failed)
            return out;
        clock();
        prev = in;
        cycle++;
        compared++;
        return out;
    }
};

// Result of a phase: 0 match, 1 setup or coverage failure, 2 mismatch.
int fail_setup(const char *what)
{
    std::printf("%s: %s\n", what, fg_last_error());
    return 1;
}

// Idle cycles until the model reports ready; the count is the model's preprocessing time.
long preprocess(Tb &tb)
{
    long n = 0;
    for (Inputs idle; !tb.failed; n++)
        if (tb.step(idle).ready)
            break;
    return n;
}

// XMAP traffic for K: preprocessing, four half-iterations back to back (inverse, forward, inverse,
// forward; each start right after the previous last input), then two with per-lane bubbles.
int xmap_phase(Tb &tb, int K, unsigned seed)
{
    fg_xmap_schedule s;
    if (fg_xmap_schedule_init(&s, K, P))
        return fail_setup("xmap schedule");
    std::vector<fg_iag_lane_prog> prog((size_t)P);
    fg_iag_xmap_program(&s, prog.data());
    if (tb.configure(K, prog))
        return fail_setup("model");
    tb.phase = std::string(fg_std_name(STD)) + " K=" + std::to_string(K) + " XMAP";
    tb.reset();
    const long pre = preprocess(tb);
    if (tb.failed)
        return 2;
    fg_iag_info info;
    fg_iag_get_info(tb.g, &info);
    std::mt19937 rng(seed);
    long outputs = 0, expected = 0, errs = 0;
    auto count = [&](const fg_iag_out &o) {
        for (int l = 0; l < P; l++) {
            outputs += o.lane_out[l].valid;
            errs += o.lane_out[l].err;
        }
    };
    const int modes[] = {1, 0, 1, 0, 1, 0};
    for (int h = 0; h < 6 && !tb.failed; h++) {
        const bool bubbles = h >= 4;
        Inputs in;
        in.start = 1;
        in.inverse = (uint8_t)modes[h];
        count(tb.step(in)); // start cycle
        in.start = 0;
        // Each lane's positions in XMAP order; with bubbles a lane idles at random (p = 0.3).
        std::vector<int> cur((size_t)P, 0);
        for (bool more = true; more && !tb.failed;) {
            more = false;
            for (int l = 0; l < P; l++) {
                int &c = cur[(size_t)l];
                fg_iag_lane_in &li = in.lane[(size_t)l];
                li.valid = 0;
                li.x = 0;
                if (!bubbles) { // lock step: cycle c of the schedule on every lane
                    if (c < s.cycles) {
                        const int x = fg_xmap_position(&s, c, l);
                        li.valid = x >= 0;
                        li.x = x >= 0 ? x : 0;
                        c++;
                    }
                } else {
                    while (c < s.cycles && fg_xmap_position(&s, c, l) < 0)
                        c++;
                    if (c < s.cycles && rng() % 10 >= 3) {
                        li.valid = 1;
                        li.x = fg_xmap_position(&s, c, l);
                        c++;
                    }
                    while (c < s.cycles && fg_xmap_position(&s, c, l) < 0)
                        c++;
                }
                more |= c < s.cycles || li.valid;
            }
            bool any = false;
            for (int l = 0; l < P; l++)
                any |= in.lane[(size_t)l].valid;
            if (!any && !more)
                break;
            for (int l = 0; l < P; l++)
                expected += in.lane[(size_t)l].valid;
            count(tb.step(in));
        }
    }
    Inputs idle;
    for (int d = 0; d < LAT + 2 && !tb.failed; d++)
        count(tb.step(idle));
    if (tb.failed)
        return 2;
    std::printf("  %-34s %6ld cycles match (preprocessing %ld cycles, %ld addresses)\n", tb.phase.c_str(), tb.cycle,
                pre, outputs);
    if (outputs != 6L * K || expected != 6L * K || errs) {
        std::printf("XMAP traffic gave %ld addresses for %ld inputs and %ld errors, expected %ld and none: weak test\n",
                    outputs, expected, errs, 6L * K);
        return 1;
    }
    return 0;
}

// Edge sweeps for K: lanes with strides +1, -1, +2, -2 (lane l % 4) start within 300 (or 4)
// positions of the block end they walk to, and send their progression every cycle for 320 cycles, past the end
// (err), in both modes back to back.
int sweep_phase(Tb &tb, int K, unsigned seed)
{
    std::mt19937 rng(seed);
    static const int strides[] = {1, -1, 2, -2};
    std::vector<fg_iag_lane_prog> prog((size_t)P);
    const uint32_t span = (uint32_t)std::min(K, 300);
    for (int l = 0; l < P; l++) {
        // Every other group of 4 lanes starts within 4 positions of its end and runs past it at once.
        const int d = strides[l % 4], off = (int)(rng() % ((l / 4) % 2 ? span : 4u));
        prog[(size_t)l].stride = d;
        prog[(size_t)l].start = d > 0 ? K - 1 - off : off;
    }
    if (tb.configure(K, prog))
        return fail_setup("model");
    tb.phase = std::string(fg_std_name(STD)) + " K=" + std::to_string(K) + " sweep";
    tb.reset();
    preprocess(tb);
    long outputs = 0, errs = 0;
    for (int mode = 1; mode >= 0 && !tb.failed; mode--) {
        Inputs in;
        in.start = 1;
        in.inverse = (uint8_t)mode;
        tb.step(in);
        in.start = 0;
        std::vector<int> pos((size_t)P);
        for (int l = 0; l < P; l++)
            pos[(size_t)l] = prog[(size_t)l].start;
        for (int c = 0; c < 320 && !tb.failed; c++) {
            for (int l = 0; l < P; l++) {
                int &x = pos[(size_t)l];
                in.lane[(size_t)l].valid = x >= 0 && x < 8192;
                in.lane[(size_t)l].x = in.lane[(size_t)l].valid ? x : 0;
                if (x >= 0 && x < K)
                    x += prog[(size_t)l].stride;
            }
            const fg_iag_out o = tb.step(in);
            for (int l = 0; l < P && !tb.failed; l++) {
                outputs += o.lane_out[l].valid;
                errs += o.lane_out[l].err;
            }
        }
    }
    if (tb.failed)
        return 2;
    std::printf("  %-34s %6ld cycles match (%ld addresses, %ld errors past the ends)\n", tb.phase.c_str(), tb.cycle,
                outputs, errs);
    if (!outputs || (K < 300 && !errs)) {
        std::printf("sweep gave no address or no error past the end: weak test\n");
        return 1;
    }
    return 0;
}

// Random lane programs for K (some lanes unused); the model must accept them.
std::vector<fg_iag_lane_prog> random_programs(std::mt19937 &rng, int K)
{
    std::vector<fg_iag_lane_prog> pr((size_t)P);
    static const int strides[] = {-2, -1, 1, 2};
    for (int l = 0; l < P; l++) {
        pr[(size_t)l].start = rng() % 8 == 0 ? -1 : (int32_t)(rng() % (uint32_t)K);
        pr[(size_t)l].stride = strides[rng() % 4];
    }
    return pr;
}

// Random traffic: random programs; inputs and starts during preprocessing; then starts in random
// modes (some with valid inputs in the start cycle), mostly correct positions, wrong x, inputs on
// unused lanes and past the end; a reset with work in flight switches to K2.
int random_phase(Tb &tb, int K1, int K2, unsigned seed, long cycles)
{
    std::mt19937 rng(seed);
    tb.phase = std::string(fg_std_name(STD)) + " random K=" + std::to_string(K1) + "->" + std::to_string(K2);
    long outputs = 0, errs = 0, starts = 0;
    const long first = tb.compared;
    for (int part = 0; part < 2 && !tb.failed; part++) {
        const int K = part ? K2 : K1;
        int rc = 1;
        for (int tries = 0; tries < 20 && rc; tries++)
            rc = tb.configure(K, random_programs(rng, K));
        if (rc)
            return fail_setup("model with random programs");
        tb.reset();
        std::vector<int> pos((size_t)P, -1); // shadow of the position registers
        bool running = false;
        // Preprocessing (with traffic and ignored starts), then cycles/2 cycles after ready.
        for (long c = 0, after = 0; after < cycles / 2 && !tb.failed; c++) {
            after += tb.top->ready_o ? 1 : 0;
            Inputs in;
            const bool ready = tb.top->ready_o; // registered: this cycle's value
            in.start = rng() % 40 == 0;
            in.inverse = (uint8_t)(rng() & 1);
            const bool go = in.start && ready;
            const double load = (c / 200) % 3 == 0 ? 0.95 : 0.5;
            for (int l = 0; l < P; l++) {
                fg_iag_lane_in &li = in.lane[(size_t)l];
                li.valid = std::uniform_real_distribution<double>(0, 1)(rng) < load;
                const uint32_t r = rng() % 100;
                if (r < 80 && pos[(size_t)l] >= 0)
                    li.x = pos[(size_t)l] < 8192 ? pos[(size_t)l] : 0; // the right x (maybe past the end)
                else if (r < 90)
                    li.x = (int32_t)(rng() % (uint32_t)K);     // wrong x, mostly
                else
                    li.x = (int32_t)(rng() % 8192u);           // any 13-bit value
                if (!li.valid && rng() % 2)
                    li.x = 0;
                const fg_iag_lane_prog &pr = tb.prog[(size_t)l];
                if (li.valid && !go && running && pr.start >= 0 && li.x == pos[(size_t)l] && pos[(size_t)l] < K)
                    pos[(size_t)l] += pr.stride;
            }
            if (go) {
                running = true;
                starts++;
                for (int l = 0; l < P; l++)
                    pos[(size_t)l] = tb.prog[(size_t)l].start;
            }
            const fg_iag_out o = tb.step(in);
            for (int l = 0; l < P && !tb.failed; l++) {
                outputs += o.lane_out[l].valid;
                errs += o.lane_out[l].err;
            }
        }
    }
    if (tb.failed)
        return 2;
    std::printf("  %-34s %6ld cycles match (%ld starts, %ld addresses, %ld errors)\n", tb.phase.c_str(),
                tb.compared - first, starts, outputs, errs);
    if (!starts || !outputs || !errs) {
        std::printf("random traffic gave no start, address or error: weak test\n");
        return 1;
    }
    return 0;
}

// LTE only (the model refuses such a K, so this is a property of the RTL, docs/rtl-iag-lte.md):
// a k_i that is not an LTE size reads degree 0 from the QPP ROM and ready_o never rises, whatever
// the inputs; no lane serves anything.
int bad_k_phase(Tb &tb)
{
    std::vector<fg_iag_lane_prog> prog((size_t)P);
    for (int l = 0; l < P; l++)
        prog[(size_t)l] = fg_iag_lane_prog{l, 1};
    tb.phase = "lte K=41 (not an LTE size)";
    tb.drive_static(41, prog);
    fg_iag_destroy(tb.g);
    tb.g = nullptr;
    tb.reset();
    std::mt19937 rng(7);
    for (long c = 0; c < 2000; c++) {
        Inputs in;
        in.start = rng() % 4 == 0;
        for (int l = 0; l < P; l++)
            in.lane[(size_t)l] = fg_iag_lane_in{(uint8_t)(rng() & 1), l};
        tb.drive(in);
        tb.eval();
        Expect e; // ready 0, no valid output, err for every valid input of the cycle before
        for (int l = 0; l < P; l++) {
            e.err[(size_t)l] = c > 0 && tb.prev.lane[(size_t)l].valid;
            e.dc_addr[(size_t)l] = 0;
        }
        tb.compare(e, in);
        if (tb.failed)
            return 2;
        tb.clock();
        tb.prev = in;
        tb.cycle++;
        tb.compared++;
    }
    std::printf("  %-34s %6ld cycles match (never ready)\n", tb.phase.c_str(), tb.cycle);
    return 0;
}

// ---- Vector set replay ----

struct VecRun {
    fg_vec_set *set = nullptr;
    const fg_vec_stream *stim = nullptr, *exp = nullptr;
    int i_k = -1, i_start = -1, i_inv = -1, o_ready = -1;
    std::vector<int> i_valid = std::vector<int>((size_t)P), i_x = i_valid, o_valid = i_valid, o_err = i_valid,
                     o_addr = i_valid;
    int K = 0;
    std::vector<fg_iag_lane_prog> prog = std::vector<fg_iag_lane_prog>((size_t)P);
    ~VecRun() { fg_vec_close(set); }
};

int vec_port(const fg_vec_stream *st, const char *name, int index, int *at)
{
    const int r = fg_vec_find_port(st, name, index);
    if (r < 0)
        return r;
    *at = r;
    return 0;
}

// Open the set and check it is for this harness: design iag, the standard, P lanes.
int vec_open(const char *dir, VecRun &v)
{
    const char *design = nullptr, *std = nullptr;
    long long pllr = 0, K = 0;
    if (fg_vec_open(dir, &v.set) || fg_vec_get_param_str(v.set, "std", &std) ||
        fg_vec_get_param_int(v.set, "pllr", &pllr) || fg_vec_get_param_int(v.set, "K", &K)) {
        std::printf("vector set: %s\n", fg_last_error());
        return 2;
    }
    design = fg_vec_design(v.set);
    if (std::strcmp(design, "iag") || std::strcmp(std, fg_std_name(STD)) || pllr != P) {
        std::printf("vector set %s is design %s std %s PLLR %lld; this harness is iag std %s PLLR %d\n", dir, design,
                    std, pllr, fg_std_name(STD), P);
        return 2;
    }
    v.K = (int)K;
    const fg_vec_stream *tab;
    fg_vec_cursor *cur = nullptr;
    int i_s = -1, i_d = -1;
    if (fg_vec_find_stream(v.set, "lane_prog", &tab) || vec_port(tab, "lane_start", -1, &i_s) ||
        vec_port(tab, "lane_stride", -1, &i_d) || fg_vec_find_stream(v.set, "stimulus", &v.stim) ||
        fg_vec_find_stream(v.set, "expected", &v.exp) || vec_port(v.stim, "k_i", -1, &v.i_k) ||
        vec_port(v.stim, "start_i", -1, &v.i_start) || vec_port(v.stim, "inverse_i", -1, &v.i_inv) ||
        vec_port(v.exp, "ready_o", -1, &v.o_ready) || fg_vec_cursor_open(v.set, tab, &cur)) {
        std::printf("vector set: %s\n", fg_last_error());
        fg_vec_cursor_close(cur);
        return 2;
    }
    for (int l = 0; l < P; l++)
        if (vec_port(v.stim, "lane_valid_i", l, &v.i_valid[(size_t)l]) ||
            vec_port(v.stim, "lane_x_i", l, &v.i_x[(size_t)l]) ||
            vec_port(v.exp, "lane_valid_o", l, &v.o_valid[(size_t)l]) ||
            vec_port(v.exp, "lane_err_o", l, &v.o_err[(size_t)l]) ||
            vec_port(v.exp, "lane_addr_o", l, &v.o_addr[(size_t)l])) {
            std::printf("vector set: %s\n", fg_last_error());
            fg_vec_cursor_close(cur);
            return 2;
        }
    std::vector<int64_t> row((size_t)tab->n_ports);
    for (int l = 0; l < P; l++) {
        const int r = fg_vec_cursor_next(cur, row.data(), nullptr);
        if (r != 1) {
            std::printf("vector set: %s\n", r < 0 ? fg_last_error() : "lane_prog has fewer lines than lanes");
            fg_vec_cursor_close(cur);
            return 2;
        }
        v.prog[(size_t)l].start = (int32_t)row[(size_t)i_s];
        v.prog[(size_t)l].stride = (int32_t)row[(size_t)i_d];
    }
    fg_vec_cursor_close(cur);
    return 0;
}

// Replay: reset, then line n of stimulus drives cycle n and line n of expected is compared.
int vec_phase(Tb &tb, VecRun &v)
{
    fg_vec_cursor *cs = nullptr, *ce = nullptr;
    if (fg_vec_cursor_open(v.set, v.stim, &cs) || fg_vec_cursor_open(v.set, v.exp, &ce)) {
        fg_vec_cursor_close(cs);
        return fail_setup("vector set");
    }
    tb.phase = std::string("vectors ") + fg_vec_dir_path(v.set);
    tb.drive_static(v.K, v.prog);
    tb.reset();
    std::vector<int64_t> sv((size_t)v.stim->n_ports), ev((size_t)v.exp->n_ports);
    std::vector<uint8_t> sx((size_t)v.stim->n_ports), ex((size_t)v.exp->n_ports);
    int rc = 0;
    for (;;) {
        const int a = fg_vec_cursor_next(cs, sv.data(), sx.data()), b = fg_vec_cursor_next(ce, ev.data(), ex.data());
        if (a < 0 || b < 0) {
            rc = fail_setup("vector set");
            break;
        }
        if (a != b) {
            std::printf("vector set: stimulus and expected differ in length\n");
            rc = 1;
            break;
        }
        if (!a)
            break;
        if (sv[(size_t)v.i_k] != v.K) {
            std::printf("vector set: k_i changes in cycle %ld (%lld, K=%d)\n", tb.cycle, (long long)sv[(size_t)v.i_k], v.K);
            rc = 1;
            break;
        }
        Inputs in;
        in.start = (uint8_t)sv[(size_t)v.i_start];
        in.inverse = (uint8_t)sv[(size_t)v.i_inv];
        for (int l = 0; l < P; l++) {
            in.lane[(size_t)l].valid = (uint8_t)sv[(size_t)v.i_valid[(size_t)l]];
            in.lane[(size_t)l].x = (int32_t)sv[(size_t)v.i_x[(size_t)l]];
        }
        Expect e;
        e.ready = (uint32_t)ev[(size_t)v.o_ready];
        e.dc_ready = ex[(size_t)v.o_ready];
        for (int l = 0; l < P; l++) {
            const size_t L = (size_t)l;
            e.valid[L] = (uint32_t)ev[(size_t)v.o_valid[L]];
            e.dc_valid[L] = ex[(size_t)v.o_valid[L]];
            e.err[L] = (uint32_t)ev[(size_t)v.o_err[L]];
            e.dc_err[L] = ex[(size_t)v.o_err[L]];
            e.addr[L] = (uint32_t)ev[(size_t)v.o_addr[L]];
            e.dc_addr[L] = ex[(size_t)v.o_addr[L]];
        }
        tb.drive(in);
        tb.eval();
        tb.compare(e, in);
        if (tb.failed) {
            rc = 2;
            break;
        }
        tb.clock();
        tb.prev = in;
        tb.cycle++;
        tb.compared++;
    }
    fg_vec_cursor_close(cs);
    fg_vec_cursor_close(ce);
    if (!rc)
        std::printf("  %-34s %6ld cycles match\n", tb.phase.c_str(), tb.cycle);
    return rc;
}

// Run phases; on a mismatch replay the failing one with the waveform on.
int run(Tb &tb, const std::vector<std::function<int(Tb &)>> &phases)
{
    for (const auto &phase : phases) {
        const int rc = phase(tb);
        if (rc == 2) {
            tb.failed = false;
            tb.fst.reset(new VerilatedFstC);
            tb.top->trace(tb.fst.get(), 99);
            tb.fst->open("iag_mismatch.fst");
            phase(tb);
            tb.fst->close();
            std::printf("waveform up to the mismatch: iag_mismatch.fst\n");
        }
        if (rc)
            return 1;
    }
    tb.top->final();
    std::printf("all %ld cycles match on every port\n", tb.compared);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    Tb tb;
    tb.ctx->commandArgs(argc, argv);
    tb.ctx->traceEverOn(true);
    if (argc > 1 && !std::strcmp(argv[1], "--vectors")) {
        if (argc != 3) {
            std::printf("usage: %s --vectors DIR\n", argv[0]);
            return 2;
        }
        VecRun v;
        const int rc = vec_open(argv[2], v);
        if (rc)
            return rc;
        std::printf("IAG RTL (%s, PLLR=%d) vs vector set %s (K=%d)\n", fg_std_name(STD), P, argv[2], v.K);
        return run(tb, {[&v](Tb &t) { return vec_phase(t, v); }});
    }
    const unsigned seed = argc > 1 ? (unsigned)std::strtoul(argv[1], nullptr, 0) : 12345u;
    std::printf("IAG RTL vs fg_iag_step: %s, PLLR=%d, latency %d, seed %u\n", fg_std_name(STD), P, LAT, seed);
    // Sizes: LTE the smallest, degree 1 (168), cubic (1056), quartic (4992) inverses, the largest;
    // UMTS the smallest, small/medium (p + 1 columns, exchange), the largest.
    const std::vector<int> ks = STD == FG_STD_LTE ? std::vector<int>{40, 168, 1056, 4992, 6144}
                                                  : std::vector<int>{40, 159, 530, 2281, 5114};
    std::vector<std::function<int(Tb &)>> phases;
    for (size_t i = 0; i < ks.size(); i++) {
        const int K = ks[i];
        phases.push_back([K, seed, i](Tb &t) { return xmap_phase(t, K, seed + (unsigned)i); });
        phases.push_back([K, seed, i](Tb &t) { return sweep_phase(t, K, seed + 50 + (unsigned)i); });
    }
    const long rnd = 4000;
    phases.push_back([&](Tb &t) { return random_phase(t, ks[3], ks[0], seed + 100, rnd); });
    phases.push_back([&](Tb &t) { return random_phase(t, ks[2], ks.back(), seed + 101, rnd); });
    phases.push_back([&](Tb &t) { return random_phase(t, ks[1], ks[3], seed + 102, rnd); });
    if (STD == FG_STD_LTE)
        phases.push_back(bad_k_phase);
    return run(tb, phases);
}
