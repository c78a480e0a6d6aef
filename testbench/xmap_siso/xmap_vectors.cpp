// The SISO of tb_xmap_siso.v against `xmap` vector sets (`fecforge vectors xmap`, vectors/FORMAT.md
// "xmap"): one sub-block run of the fixed-point turbo decoder, re-run alone through the RTL. The set's
// bounds_in are the initial alpha and beta (as stakes, so any start: block start, tail, NII stake or 0),
// its inputs the words of the sub-block's positions, fed in the SISO's read order (read cycle t, lane r:
// offsets 2t, 2t+1, L-1-2t, L-2-2t; valid below n). Compared: every output the RTL emits (position by the
// output order, lane r of step c: L/2+2c, L/2+2c+1, L/2-1-2c, L/2-2-2c) with llr_out's extrinsic LLR and
// the sign of its a-posteriori LLR, each position once, all n of them; alpha_o and beta_o after the run
// with bounds_out. Every variant of the top with the set's normalisation runs it.
#include "xmap_vectors.h"

#include "../verilated_bits.h"

extern "C" {
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/vectors.h"
}

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int W_CH = 5, W_EXT = 6, W_BM = 9, W_SM = 10; // tb_xmap_siso.v

int32_t sext(uint32_t v, int w) { return (int32_t)(v << (32 - w)) >> (32 - w); }

// Every line of table `name` (n_ports values each) into rows, its don't-cares into dc.
int read_table(const fg_vec_set *set, const char *name, int n_ports, std::vector<std::vector<int64_t>> &rows,
               std::vector<std::vector<uint8_t>> &dc)
{
    const fg_vec_stream *st;
    int rc = fg_vec_find_stream(set, name, &st);
    if (rc)
        return rc;
    if (st->n_ports != n_ports)
        return fg_set_error(FG_EINVAL, "%s: stream %s has %d ports, expected %d", fg_vec_dir_path(set), name,
                            st->n_ports, n_ports);
    fg_vec_cursor *c;
    if ((rc = fg_vec_cursor_open(set, st, &c)))
        return rc;
    std::vector<int64_t> v((size_t)n_ports);
    std::vector<uint8_t> x((size_t)n_ports);
    while ((rc = fg_vec_cursor_next(c, v.data(), x.data())) == 1) {
        rows.push_back(v);
        dc.push_back(x);
    }
    fg_vec_cursor_close(c);
    return rc;
}

// What the set's writer derived (the formats are no options of the xmap design).
int derived(const fg_vec_set *set, const char *key, int *v)
{
    long long x = 0;
    const int rc = fg_vec_get_derived_int(set, key, &x);
    *v = (int)x;
    return rc;
}

struct Set {
    std::string dir;
    int L = 0, n = 0, subtract = 0;
    std::vector<int32_t> sys, par, apr;     // per position of the sub-block
    std::vector<int32_t> ext, hard;         // expected per position
    int32_t alpha_in[8], beta_in[8], alpha_out[8], beta_out[8];
};

int load(const char *dir, Set &s)
{
    fg_vec_set *set = nullptr;
    int rc = fg_vec_open(dir, &set);
    if (rc)
        return rc;
    s.dir = dir;
    int w_ch = 0, w_ext = 0, w_bm = 0, w_sm = 0;
    const char *norm = "";
    if (std::strcmp(fg_vec_design(set), "xmap"))
        rc = fg_set_error(FG_EINVAL, "%s: design '%s', not xmap", dir, fg_vec_design(set));
    if (!rc && !(rc = derived(set, "w_ch", &w_ch)) && !(rc = derived(set, "w_ext", &w_ext)) &&
        !(rc = derived(set, "w_bm", &w_bm)) && !(rc = derived(set, "w_sm", &w_sm)) && !(rc = derived(set, "L", &s.L)) &&
        !(rc = derived(set, "n", &s.n)) && !(rc = fg_vec_get_param_str(set, "norm", &norm)) &&
        (w_ch != W_CH || w_ext != W_EXT || w_bm != W_BM || w_sm != W_SM))
        rc = fg_set_error(FG_EINVAL, "%s: formats %d/%d/%d/%d, the test top's are %d/%d/%d/%d", dir, w_ch, w_ext, w_bm,
                          w_sm, W_CH, W_EXT, W_BM, W_SM);
    if (!rc && (s.L % 4 || s.L > FG_TB_XMAP_LMAX || s.n < 1 || s.n > s.L))
        rc = fg_set_error(FG_EINVAL, "%s: L=%d, n=%d: the test top takes L <= %d", dir, s.L, s.n, FG_TB_XMAP_LMAX);
    s.subtract = !std::strcmp(norm, "subtract");
    std::vector<std::vector<int64_t>> bin, in, out, bout;
    std::vector<std::vector<uint8_t>> x0, x1, x2, x3;
    if (!rc)
        rc = read_table(set, "bounds_in", 16, bin, x0);
    if (!rc)
        rc = read_table(set, "inputs", 6, in, x1);
    if (!rc)
        rc = read_table(set, "llr_out", 4, out, x2);
    if (!rc)
        rc = read_table(set, "bounds_out", 16, bout, x3);
    const size_t S = (size_t)(s.n + 1) / 2;
    if (!rc && (bin.size() != 1 || bout.size() != 1 || in.size() != S || out.size() != S))
        rc = fg_set_error(FG_EINVAL, "%s: tables of %zu, %zu, %zu, %zu lines, expected 1, %zu, %zu, 1", dir, bin.size(),
                          in.size(), out.size(), bout.size(), S, S);
    fg_vec_close(set);
    if (rc)
        return rc;
    for (int i = 0; i < 8; i++) {
        s.alpha_in[i] = (int32_t)bin[0][(size_t)i];
        s.beta_in[i] = (int32_t)bin[0][(size_t)(8 + i)];
        s.alpha_out[i] = (int32_t)bout[0][(size_t)i];
        s.beta_out[i] = (int32_t)bout[0][(size_t)(8 + i)];
    }
    for (int o = 0; o < s.n; o++) {
        const std::vector<int64_t> &a = in[(size_t)(o / 2)], &b = out[(size_t)(o / 2)];
        const int j = o % 2;
        s.sys.push_back((int32_t)a[(size_t)j]);
        s.par.push_back((int32_t)a[(size_t)(2 + j)]);
        s.apr.push_back((int32_t)a[(size_t)(4 + j)]);
        s.hard.push_back(fg_fx_hard((int32_t)b[(size_t)j]));
        s.ext.push_back((int32_t)b[(size_t)(2 + j)]);
    }
    return 0;
}

void clock(Vtb_xmap_siso &top)
{
    top.clk_i = 0;
    top.eval();
    top.clk_i = 1;
    top.eval();
}

// Variant v of the top (LMAP lmap) on set s: 0 on a match, 1 after printing the first mismatch.
int run(Vtb_xmap_siso &top, const Set &s, int v, int lmap)
{
    const int C0 = s.L / 4, half = s.L / 2;
    char tag[64];
    std::snprintf(tag, sizeof tag, "variant %d (%s, LMAP %d)", v, s.subtract ? "subtract" : "modulo", lmap);
    top.var_i = (uint8_t)v;
    top.start_i = 0;
    top.rd_valid_i = 0;
    top.rst_ni = 0;
    clock(top);
    clock(top);
    top.rst_ni = 1;
    std::vector<int> seen((size_t)s.n, 0);
    int outputs = 0;
    const int last = 2 * C0 + lmap + 2; // past the last output and the stakes' cycle 2 C0 + 2
    for (int tau = 0; tau <= last; tau++) {
        top.start_i = tau == 0;
        if (tau == 0) {
            top.c0_i = (uint8_t)C0;
            top.alpha_sel_i = 2;
            top.beta_sel_i = 2;
            top.tail_i = 0;
            for (int i = 0; i < 8; i++) {
                fg_vl_put(top.alpha_stake_i, i * W_SM, W_SM, (uint32_t)s.alpha_in[i]);
                fg_vl_put(top.beta_stake_i, i * W_SM, W_SM, (uint32_t)s.beta_in[i]);
            }
        }
        top.rd_valid_i = 0;
        for (int r = 0; r < 4; r++) {
            const int o = r == 0 ? 2 * tau : r == 1 ? 2 * tau + 1 : r == 2 ? s.L - 1 - 2 * tau : s.L - 2 - 2 * tau;
            const bool valid = tau < C0 && o < s.n;
            top.rd_valid_i |= (uint8_t)((valid ? 1u : 0u) << r);
            fg_vl_put(top.rd_sys_i, r * W_CH, W_CH, valid ? (uint32_t)s.sys[(size_t)o] : 0u);
            fg_vl_put(top.rd_par_i, r * W_CH, W_CH, valid ? (uint32_t)s.par[(size_t)o] : 0u);
            fg_vl_put(top.rd_apr_i, r * W_EXT, W_EXT, valid ? (uint32_t)s.apr[(size_t)o] : 0u);
        }
        top.clk_i = 0;
        top.eval();
        const int c = tau - C0 - lmap; // output step shown in this cycle
        for (int r = 0; r < 4; r++) {
            if (!fg_vl_get(top.out_valid_o, r, 1))
                continue;
            const int o = r == 0 ? half + 2 * c : r == 1 ? half + 2 * c + 1 : r == 2 ? half - 1 - 2 * c : half - 2 - 2 * c;
            if (c < 0 || c >= C0 || o >= s.n || seen[(size_t)o]) {
                std::printf("MISMATCH %s %s: tau %d lane %d: an output for position %d (step %d)%s\n", s.dir.c_str(),
                            tag, tau, r, o, c, c >= 0 && c < C0 && o < s.n ? " a second time" : " that does not exist");
                return 1;
            }
            seen[(size_t)o] = 1;
            outputs++;
            const int32_t e = sext(fg_vl_get(top.out_ext_o, r * W_EXT, W_EXT), W_EXT);
            const int h = (int)fg_vl_get(top.out_hard_o, r, 1);
            if (e != s.ext[(size_t)o] || h != s.hard[(size_t)o]) {
                std::printf("MISMATCH %s %s: tau %d lane %d position %d: ext %d hard %d, RTL ext %d hard %d\n",
                            s.dir.c_str(), tag, tau, r, o, s.ext[(size_t)o], s.hard[(size_t)o], e, h);
                return 1;
            }
        }
        top.clk_i = 1;
        top.eval();
    }
    if (outputs != s.n) {
        std::printf("MISMATCH %s %s: %d outputs, the sub-block has %d positions\n", s.dir.c_str(), tag, outputs, s.n);
        return 1;
    }
    for (int i = 0; i < 8; i++) {
        const int32_t a = sext(fg_vl_get(top.alpha_o, i * W_SM, W_SM), W_SM);
        const int32_t b = sext(fg_vl_get(top.beta_o, i * W_SM, W_SM), W_SM);
        if (a != s.alpha_out[i] || b != s.beta_out[i]) {
            std::printf("MISMATCH %s %s: stakes, state %d: alpha_out %d beta_out %d, RTL %d %d\n", s.dir.c_str(), tag,
                        i, s.alpha_out[i], s.beta_out[i], a, b);
            return 1;
        }
    }
    std::printf("ok   %s %s: n %d, L %d, %d outputs and the stakes match\n", s.dir.c_str(), tag, s.n, s.L, outputs);
    return 0;
}

} // namespace

int fg_tb_xmap_vectors(Vtb_xmap_siso &top, const char *dir)
{
    Set s;
    if (load(dir, s)) {
        std::printf("ERROR %s\n", fg_last_error());
        return 2;
    }
    // tb_xmap_siso.v: variant 0 modulo LMAP 6, 1 subtract LMAP 6, 2 modulo LMAP 4
    if (s.subtract)
        return run(top, s, 1, 6);
    return run(top, s, 0, 6) || run(top, s, 2, 4) ? 1 : 0;
}
