// Checks the DBCF router's networks against plain C++: fg_sort_net (64 and 13 words, unique random
// keys, also already sorted and reversed inputs) sorts and returns each output position's bit to the
// input position of its word; fg_route_shift compacts (valid words, any pattern, to 0, 1, ...) and
// expands (words at 0 .. n-1 to n increasing destinations) and returns the bits the same way.
// Invalid inputs carry random garbage (shift and data), which must not matter; an output position
// no word reaches must be invalid (its data is don't care). Usage: rtl_route [--trials N] [--seed S]. Exit 0 match, 1 mismatch, 2 usage.
#include "Vtb_route.h"
#include "verilated.h"
#include "../verilated_bits.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <random>
#include <vector>

namespace {

std::mt19937_64 rng;
long checks = 0, failures = 0;

uint32_t bits(int w) { return (uint32_t)(rng() & ((w >= 32) ? 0xffffffffu : ((1u << w) - 1))); }

void expect(const char *what, int trial, int pos, uint32_t exp, uint32_t got)
{
    checks++;
    if (exp == got)
        return;
    if (failures++ < 10)
        std::fprintf(stderr, "MISMATCH %s trial %d position %d: expected 0x%x, actual 0x%x\n", what, trial, pos, exp, got);
}

// One sort network: in/out buses of n words of kw + pw bits, return buses.
template <typename X, typename R> void sort_trial(Vtb_route &m, X &x, const X &y, R &ret, const R &reto, int n, int kw,
                                                  int pw, int trial, const char *name)
{
    const int ew = kw + pw;
    std::vector<uint32_t> keys((size_t)1 << kw);
    std::iota(keys.begin(), keys.end(), 0u);
    std::shuffle(keys.begin(), keys.end(), rng);
    keys.resize((size_t)n);
    if (trial % 7 == 1)
        std::sort(keys.begin(), keys.end());
    if (trial % 7 == 2)
        std::sort(keys.rbegin(), keys.rend());
    std::vector<uint32_t> r(n);
    for (int i = 0; i < n; i++) {
        fg_vl_put(x, i * ew, pw, (uint32_t)i);
        fg_vl_put(x, i * ew + pw, kw, keys[i]);
        r[i] = bits(1);
        fg_vl_put(ret, i, 1, r[i]);
    }
    m.eval();
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
    for (int j = 0; j < n; j++) {
        expect(name, trial, j, keys[order[j]], fg_vl_get(y, j * ew + pw, kw));
        expect(name, trial, j, (uint32_t)order[j], fg_vl_get(y, j * ew, pw));
        expect(name, trial, order[j], r[j], fg_vl_get(reto, order[j], 1));
    }
}

// One shift network. Compaction (right == 0): any valid pattern over ni positions. Expansion: n
// valid words at 0 .. n-1 to increasing destinations below no.
template <typename V, typename S, typename X, typename VO, typename XO, typename RI, typename RO>
void shift_trial(Vtb_route &m, V &valid, S &sh, X &x, const VO &valid_o, const XO &x_o, RI &ret, const RO &ret_o, int ni,
                 int no, int w, int shw, int right, int trial, const char *name)
{
    std::vector<int> dest(ni, -1);  // destination of input i, -1: invalid
    const double density = (trial % 5) / 4.0;
    if (!right) {
        int n = 0;
        for (int i = 0; i < ni; i++)
            if ((double)(rng() % 1000) < density * 1000 || density == 1.0)
                dest[i] = n++;
    } else {
        const int n = (int)(density * std::min(ni, no));
        std::vector<int> d(no);
        std::iota(d.begin(), d.end(), 0);
        std::shuffle(d.begin(), d.end(), rng);
        d.resize((size_t)n);
        std::sort(d.begin(), d.end());
        for (int j = 0; j < n; j++)
            dest[j] = d[j];
    }
    std::vector<uint32_t> data(ni), r(no);
    for (int i = 0; i < ni; i++) {
        data[i] = bits(w);
        fg_vl_put(valid, i, 1, dest[i] >= 0);
        fg_vl_put(x, i * w, w, data[i]);
        fg_vl_put(sh, i * shw, shw, dest[i] < 0 ? bits(shw) : (uint32_t)(right ? dest[i] - i : i - dest[i]));
    }
    for (int q = 0; q < no; q++) {
        r[q] = bits(1);
        fg_vl_put(ret, q, 1, r[q]);
    }
    m.eval();
    std::vector<int> src(no, -1);
    for (int i = 0; i < ni; i++)
        if (dest[i] >= 0)
            src[dest[i]] = i;
    for (int q = 0; q < no; q++) {
        expect(name, trial, q, src[q] >= 0, fg_vl_get(valid_o, q, 1));
        if (src[q] >= 0)
            expect(name, trial, q, data[src[q]], fg_vl_get(x_o, q * w, w));
    }
    for (int i = 0; i < ni; i++)
        expect(name, trial, i, dest[i] >= 0 ? r[dest[i]] : 0, fg_vl_get(ret_o, i, 1));
}

} // namespace

int main(int argc, char **argv)
{
    long trials = 2000;
    unsigned long long seed = 12345;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--trials") && i + 1 < argc)
            trials = std::atol(argv[++i]);
        else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = std::strtoull(argv[++i], nullptr, 0);
        else {
            std::fprintf(stderr, "usage: rtl_route [--trials N] [--seed S]\n");
            return 2;
        }
    }
    rng.seed(seed);
    Verilated::commandArgs(argc, argv);
    Vtb_route m;
    for (int t = 0; t < (int)trials; t++) {
        sort_trial(m, m.s64_x_i, m.s64_y_o, m.s64_ret_i, m.s64_ret_o, 64, 13, 7, t, "sort64");
        sort_trial(m, m.s13_x_i, m.s13_y_o, m.s13_ret_i, m.s13_ret_o, 13, 8, 4, t, "sort13");
        shift_trial(m, m.c64_valid_i, m.c64_sh_i, m.c64_x_i, m.c64_valid_o, m.c64_x_o, m.c64_ret_i, m.c64_ret_o, 64, 64,
                    10, 6, 0, t, "compact64");
        shift_trial(m, m.e64_valid_i, m.e64_sh_i, m.e64_x_i, m.e64_valid_o, m.e64_x_o, m.e64_ret_i, m.e64_ret_o, 64, 192,
                    10, 8, 1, t, "expand64");
        shift_trial(m, m.c13_valid_i, m.c13_sh_i, m.c13_x_i, m.c13_valid_o, m.c13_x_o, m.c13_ret_i, m.c13_ret_o, 13, 13,
                    10, 4, 0, t, "compact13");
        shift_trial(m, m.e13_valid_i, m.e13_sh_i, m.e13_x_i, m.e13_valid_o, m.e13_x_o, m.e13_ret_i, m.e13_ret_o, 13, 40,
                    10, 6, 1, t, "expand13");
    }
    if (failures) {
        std::fprintf(stderr, "%ld of %ld checks failed\n", failures, checks);
        return 1;
    }
    std::printf("rtl_route: %ld trials, all %ld checks match\n", trials, checks);
    return 0;
}
