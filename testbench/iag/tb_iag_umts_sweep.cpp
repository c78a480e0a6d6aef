// HSPA+/UMTS IAG: the generated RTL (Verilated) against fg_iag_step over many block sizes, cycle by
// cycle on every output port (docs/rtl-iag-umts.md "Tests"). Complements tb_iag.cpp (the
// standard-agnostic harness, five sizes) with a K list or every K of the standard, lane programs
// other than XMAP, and the forward-only variant.
//
//   tb [--forward-only] (--all | K...)
//
// Per K, from reset: preprocessing with valid inputs and a start before ready (both ignored:
// err / no effect); an exact XMAP half-iteration in forward mode, then one in inverse mode started
// right after its last input (other programs: each lane's whole progression); then a half-iteration in each mode with per-lane bubbles, wrong x
// and inputs past the lane's end. The lane programs rotate over the K: XMAP (stride +-2), strides
// +-1 from spread starts with one unused lane, and +-2 from random starts (XMAP when the model
// rejects those for a tiny column). --forward-only: the RTL has no inverse path: only forward
// mode is compared with the model, and after an inverse start every valid input must give err.
// Exit 0 on a full match (with a summary), 1 on the first mismatch (K, cycle, port, lane,
// expected, actual), 2 on a usage error.
#include FG_TB_HEADER
#include "verilated.h"
#include "../verilated_bits.h"

extern "C" {
#include "fecforge/error.h"
#include "fecforge/iag.h"
#include "fecforge/interleaver.h"
#include "fecforge/xmap_schedule.h"
}

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <type_traits>
#include <vector>

namespace {

constexpr int P = FG_TB_P;

struct Stats {
    long cycles = 0, addresses = 0, errors = 0, pre_max = 0;
    int pre_max_K = 0, sizes = 0;
};

struct Sweep {
    std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    std::unique_ptr<FG_TB_CLASS> top{new FG_TB_CLASS{ctx.get()}};
    bool forward_only = false;
    fg_iag *g = nullptr;
    int K = 0;
    std::vector<fg_iag_lane_prog> prog = std::vector<fg_iag_lane_prog>((size_t)P);
    std::vector<fg_iag_lane_in> in = std::vector<fg_iag_lane_in>((size_t)P);
    long cycle = 0;
    int ready = 0; // the model's ready output of the last cycle
    Stats st;

    ~Sweep() { fg_iag_destroy(g); }
    void clock()
    {
        top->clk_i = 1;
        top->eval();
        top->clk_i = 0;
        top->eval();
    }
    void idle()
    {
        for (auto &i : in)
            i = fg_iag_lane_in{0, 0};
    }
    void drive(int start, int inverse)
    {
        top->start_i = (uint8_t)start;
        top->inverse_i = (uint8_t)inverse;
        for (int l = 0; l < P; l++) {
            fg_vl_put(top->lane_valid_i, l, 1, in[(size_t)l].valid);
            fg_vl_put(top->lane_x_i, l * 13, 13, (uint32_t)in[(size_t)l].x & 0x1fffu);
        }
        top->eval();
    }
    bool mismatch(const char *port, int lane, long want, long got)
    {
        std::printf("MISMATCH K=%d cycle %ld: %s", K, cycle, port);
        if (lane >= 0)
            std::printf("[%d] (program start %d stride %d)", lane, (int)prog[(size_t)lane].start,
                        (int)prog[(size_t)lane].stride);
        std::printf(" expected %ld, actual %ld\n", want, got);
        return false;
    }
    // One cycle in lock step with the model: drive, compare every output port, clock.
    bool step(int start, int inverse)
    {
        drive(start, inverse);
        fg_iag_in mi = {(uint8_t)start, (uint8_t)inverse, in.data()};
        fg_iag_out mo;
        fg_iag_step(g, &mi, &mo);
        ready = mo.ready;
        if (top->ready_o != mo.ready)
            return mismatch("ready_o", -1, mo.ready, top->ready_o);
        for (int l = 0; l < P; l++) {
            const fg_iag_lane_out &o = mo.lane_out[l];
            const uint32_t v = fg_vl_get(top->lane_valid_o, l, 1), e = fg_vl_get(top->lane_err_o, l, 1),
                           a = fg_vl_get(top->lane_addr_o, l * 13, 13);
            if (v != o.valid)
                return mismatch("lane_valid_o", l, o.valid, v);
            if (e != o.err)
                return mismatch("lane_err_o", l, o.err, e);
            if (a != (uint32_t)o.addr)
                return mismatch("lane_addr_o", l, o.addr, a);
            st.addresses += o.valid;
            st.errors += o.err;
        }
        clock();
        cycle++;
        st.cycles++;
        return true;
    }
    // Forward-only RTL after an inverse start: no comparison with the model (which serves both
    // modes); every valid input must come back as err LAT cycles later, never as an address.
    bool inverse_refused()
    {
        idle();
        drive(1, 1);
        clock();
        long pending = 0;
        for (int c = 0; c < 24; c++) {
            for (int l = 0; l < P; l++)
                in[(size_t)l] = fg_iag_lane_in{(uint8_t)(c < 16), c == 0 ? prog[(size_t)l].start : c};
            drive(0, 0);
            for (int l = 0; l < P; l++) {
                const uint32_t v = fg_vl_get(top->lane_valid_o, l, 1), e = fg_vl_get(top->lane_err_o, l, 1);
                const uint32_t want_err = c >= FG_IAG_LATENCY_UMTS && c < 16 + FG_IAG_LATENCY_UMTS;
                if (v || e != want_err) {
                    std::printf("forward-only K=%d: after an inverse start, cycle %d lane %d gave valid=%u err=%u, "
                                "expected valid=0 err=%u\n", K, c, l, v, e, want_err);
                    return false;
                }
                pending += e;
            }
            clock();
        }
        return pending == 16L * P;
    }
};

// Lane programs: 0 XMAP, 1 strides +-1 from spread starts with the last lane unused, 2 +-2 from
// random starts.
void programs(Sweep &s, const fg_xmap_schedule &x, int variant, std::mt19937 &rng)
{
    fg_iag_xmap_program(&x, s.prog.data());
    if (variant == 1) {
        for (int l = 0; l < P; l++) {
            const long a = (long)s.K * l / P, b = (long)s.K * (l + 1) / P - 1;
            s.prog[(size_t)l].start = (int32_t)(l & 1 ? b : a);
            s.prog[(size_t)l].stride = l & 1 ? -1 : 1;
        }
        s.prog[(size_t)P - 1].start = -1;
    } else if (variant == 2) {
        for (int l = 0; l < P; l++) {
            s.prog[(size_t)l].start = (int32_t)(rng() % (uint32_t)s.K);
            s.prog[(size_t)l].stride = rng() & 1 ? 2 : -2;
        }
    }
}

// A half-iteration without bubbles, its start cycle first: XMAP programs follow the XMAP schedule,
// the others issue their whole progression, one position per cycle; every input must be served.
bool full_half(Sweep &s, const fg_xmap_schedule &x, bool xmap, int inverse)
{
    s.idle();
    if (!s.step(1, inverse))
        return false;
    const long before = s.st.addresses;
    long inputs = 0;
    std::vector<int> pos((size_t)P);
    for (int l = 0; l < P; l++)
        pos[(size_t)l] = s.prog[(size_t)l].start;
    for (int c = 0, busy = 1; busy; c++) {
        busy = 0;
        for (int l = 0; l < P; l++) {
            int p = -1;
            if (xmap)
                p = c < x.cycles ? fg_xmap_position(&x, c, l) : -1;
            else if (pos[(size_t)l] >= 0 && pos[(size_t)l] < s.K) {
                p = pos[(size_t)l];
                pos[(size_t)l] += s.prog[(size_t)l].stride;
            }
            s.in[(size_t)l] = fg_iag_lane_in{(uint8_t)(p >= 0), p >= 0 ? p : 0};
            inputs += p >= 0;
            busy |= p >= 0 || (xmap && c < x.cycles);
        }
        if (!s.step(0, inverse))
            return false;
    }
    s.idle();
    for (int i = 0; i < FG_IAG_LATENCY_UMTS; i++)
        if (!s.step(0, inverse))
            return false;
    if (s.st.addresses - before != inputs || (xmap && inputs != s.K)) {
        std::printf("K=%d %s: %ld addresses for %ld inputs: weak test\n", s.K, inverse ? "inverse" : "forward",
                    s.st.addresses - before, inputs);
        return false;
    }
    return true;
}

// Each lane walks its program with bubbles, wrong x and inputs past its end.
bool walk(Sweep &s, int inverse, int cycles, std::mt19937 &rng)
{
    s.idle();
    if (!s.step(1, inverse))
        return false;
    std::vector<int> pos((size_t)P);
    for (int l = 0; l < P; l++)
        pos[(size_t)l] = s.prog[(size_t)l].start;
    std::uniform_int_distribution<int> pct(0, 99);
    for (int c = 0; c < cycles; c++) {
        for (int l = 0; l < P; l++) {
            fg_iag_lane_in &li = s.in[(size_t)l];
            li = fg_iag_lane_in{0, 0};
            const int r = pct(rng);
            if (r < 75 && pos[(size_t)l] >= 0 && pos[(size_t)l] < s.K) {
                li = fg_iag_lane_in{1, pos[(size_t)l]};
                pos[(size_t)l] += s.prog[(size_t)l].stride;
            } else if (r < 80) {
                li = fg_iag_lane_in{1, (int32_t)(rng() % 8192u)};
            }
        }
        if (!s.step(0, inverse))
            return false;
    }
    return true;
}

bool run_k(Sweep &s, int K, int variant, std::mt19937 &rng)
{
    fg_xmap_schedule x;
    if (fg_xmap_schedule_init(&x, K, P)) {
        std::printf("K=%d: %s\n", K, fg_last_error());
        return false;
    }
    s.K = K;
    programs(s, x, variant, rng);
    fg_iag_destroy(s.g);
    s.g = nullptr;
    fg_iag_cfg cfg = {FG_STD_UMTS, K, P, s.prog.data()};
    bool fell_back = false;
    if (fg_iag_create(&cfg, &s.g)) { // a stride of 2 needs columns of >= 4 cells
        fg_iag_xmap_program(&x, s.prog.data());
        fell_back = true;
        if (fg_iag_create(&cfg, &s.g)) {
            std::printf("K=%d: %s\n", K, fg_last_error());
            return false;
        }
    }
    s.top->k_i = (uint16_t)K;
    for (int l = 0; l < P; l++) {
        fg_vl_put(s.top->lane_start_i, l * 14, 14, (uint32_t)s.prog[(size_t)l].start & 0x3fffu);
        fg_vl_put(s.top->lane_stride_i, l * 3, 3, (uint32_t)s.prog[(size_t)l].stride & 7u);
    }
    s.idle();
    s.drive(0, 0);
    s.top->rst_ni = 0;
    s.clock();
    s.top->rst_ni = 1;
    s.cycle = 0;
    s.ready = 0;
    // Preprocessing: valid inputs (err) and a start in cycle 3 (ignored: not ready).
    long pre = 0;
    for (; !s.ready; pre++) {
        for (int l = 0; l < P; l++)
            s.in[(size_t)l] = fg_iag_lane_in{(uint8_t)(rng() % 8 == 0), (int32_t)(rng() % (uint32_t)K)};
        if (!s.step(pre == 3, 1) || pre > 1000) {
            if (pre > 1000)
                std::printf("K=%d: not ready after 1000 cycles\n", K);
            return false;
        }
    }
    pre--; // cycles from reset until ready
    if (pre > s.st.pre_max) {
        s.st.pre_max = pre;
        s.st.pre_max_K = K;
    }
    const int inv = s.forward_only ? 0 : 1;
    const bool xmap = variant == 0 || fell_back;
    if (!full_half(s, x, xmap, 0) || !full_half(s, x, xmap, inv) || !walk(s, 0, x.cycles + 8, rng) ||
        !walk(s, inv, x.cycles + 8, rng))
        return false;
    s.idle();
    for (int i = 0; i < FG_IAG_LATENCY_UMTS; i++)
        if (!s.step(0, 0))
            return false;
    if (s.forward_only && !s.inverse_refused())
        return false;
    s.st.sizes++;
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    Sweep s;
    std::vector<int> ks;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--forward-only"))
            s.forward_only = true;
        else if (!std::strcmp(argv[i], "--all"))
            for (int K = FG_UMTS_K_MIN; K <= FG_UMTS_K_MAX; K++)
                ks.push_back(K);
        else {
            char *end;
            const long K = std::strtol(argv[i], &end, 10);
            if (*end || fg_interleaver_check_k(FG_STD_UMTS, (int)K)) {
                std::printf("usage: %s [--forward-only] (--all | K...): bad argument %s\n", argv[0], argv[i]);
                return 2;
            }
            ks.push_back((int)K);
        }
    }
    if (ks.empty()) {
        std::printf("usage: %s [--forward-only] (--all | K...)\n", argv[0]);
        return 2;
    }
    std::printf("UMTS IAG RTL (PLLR=%d%s) vs fg_iag_step: %zu block sizes\n", P,
                s.forward_only ? ", forward-only" : "", ks.size());
    std::mt19937 rng(2014);
    for (size_t i = 0; i < ks.size(); i++)
        if (!run_k(s, ks[i], (int)(i % 3), rng)) {
            std::printf("FAILED at K=%d (lane programs: %s)\n", ks[i],
                        i % 3 == 0 ? "XMAP" : i % 3 == 1 ? "+-1 spread" : "+-2 random");
            return 1;
        }
    s.top->final();
    std::printf("all %ld cycles match on every port: %d sizes, %s, %ld addresses, %ld errors; preprocessing at "
                "most %ld cycles (K=%d)\n",
                s.st.cycles, s.st.sizes, s.forward_only ? "forward mode" : "both modes", s.st.addresses, s.st.errors,
                s.st.pre_max, s.st.pre_max_K);
    return 0;
}
