/* fecforge gen iag --std umts: the HSPA+/UMTS unified interleaver/deinterleaver address generator
 * as Verilog-2005, the cycle-exact twin of fg_iag_step for UMTS (cmodel/src/iag/iag_umts.c);
 * structure, timing and storage in docs/rtl-iag-umts.md.
 *
 * One top module (the caller names it): the preprocessing unit (prime ROM, tROM, q/m ROM as case
 * tables whose contents this file computes from libfecforge, the SEARCH/ROWS/SFILL/CORR state
 * machine with one fg_mulmod kernel, the row register files, the per-lane seed latches) and PLLR
 * runtime lanes in a generate loop (counters, 3-stage pipeline, one fg_mulmod and one multiply-add
 * per lane shared by both modes, an fg_sram_1r1w s/log RAM holding half of s and half of log_v, and a
 * pruning RAM). forward_only drops the inverse path (the log half, the m ROM and file, the rank file,
 * the inverse seeds, cnt of the pruning RAM); a start with inverse_i = 1 then makes every valid input
 * an err. */
#include "fecforge_gen/gen.h"
#include "gen_internal.h"
#include "fecforge/error.h"
#include "fecforge/iag.h"
#include "fecforge/interleaver.h"

#include <stdio.h>
#include <string.h>

enum { RMAX = FG_UMTS_R_MAX, NPAT = 4, NRUN_MAX = 32 };

/* The K decoding of the SEARCH phase, derived from the library (row patterns, R, and the K range
 * where C = p regardless of the generic rule), plus a replica check of the emitted search. */
typedef struct {
    int nrun;
    int lo[NRUN_MAX], hi[NRUN_MAX], pat[NRUN_MAX]; /* K in [lo, hi] uses pattern pat */
    int R[NPAT];
    int sp_lo, sp_hi;                               /* K in [sp_lo, sp_hi]: C = p */
} kdec_t;

/* The generic rule the RTL implements: first prime p with K <= R(p+1), C from K against R(p-1), Rp. */
static void generic_search(const kdec_t *kd, int K, int *pidx, int *C)
{
    int pat = 3;
    for (int i = 0; i < kd->nrun; i++)
        if (K >= kd->lo[i] && K <= kd->hi[i])
            pat = kd->pat[i];
    const int R = kd->R[pat];
    int i = 0;
    while (i < FG_UMTS_NUM_PRIMES - 1 && K > R * (fg_umts_primes[i] + 1))
        i++;
    const int p = fg_umts_primes[i];
    *pidx = i;
    if (K >= kd->sp_lo && K <= kd->sp_hi)
        *C = p;
    else
        *C = K <= R * (p - 1) ? p - 1 : K <= R * p ? p : p + 1;
}

static int kdec_build(kdec_t *kd)
{
    memset(kd, 0, sizeof *kd);
    kd->sp_lo = 1;
    kd->sp_hi = 0;
    for (int q = 0; q < NPAT; q++)
        kd->R[q] = -1;
    for (int K = FG_UMTS_K_MIN; K <= FG_UMTS_K_MAX; K++) {
        const int pat = fg_umts_row_pattern_index(K);
        fg_umts_params u;
        if (pat < 0 || pat >= NPAT || fg_umts_params_compute(K, &u))
            return fg_set_error(FG_ESTATE, "UMTS K=%d: no row pattern or parameters", K);
        if (kd->R[pat] < 0)
            kd->R[pat] = u.R;
        if (kd->R[pat] != u.R)
            return fg_set_error(FG_ESTATE, "UMTS row pattern %d has R=%d and R=%d", pat, kd->R[pat], u.R);
        if (kd->nrun && kd->pat[kd->nrun - 1] == pat && kd->hi[kd->nrun - 1] == K - 1)
            kd->hi[kd->nrun - 1] = K;
        else {
            if (kd->nrun == NRUN_MAX)
                return fg_set_error(FG_ESTATE, "UMTS row patterns: more than %d K ranges", NRUN_MAX);
            kd->lo[kd->nrun] = kd->hi[kd->nrun] = K;
            kd->pat[kd->nrun++] = pat;
        }
    }
    /* The K where the generic rule's C differs from the standard's: one range, with C = p. */
    for (int K = FG_UMTS_K_MIN; K <= FG_UMTS_K_MAX; K++) {
        fg_umts_params u;
        int pidx, C;
        fg_umts_params_compute(K, &u);
        generic_search(kd, K, &pidx, &C);
        if (C != u.C) {
            if (u.C != u.p || (kd->sp_lo <= kd->sp_hi && kd->sp_hi != K - 1))
                return fg_set_error(FG_ESTATE, "UMTS K=%d: C=%d is not the generic rule's %d nor p", K, u.C, C);
            if (kd->sp_lo > kd->sp_hi)
                kd->sp_lo = K;
            kd->sp_hi = K;
        }
    }
    /* Extend the range over neighbours where C = p holds anyway (the standard's 481..530). */
    for (;;) {
        fg_umts_params u;
        if (kd->sp_hi < FG_UMTS_K_MAX && !fg_umts_params_compute(kd->sp_hi + 1, &u) && u.C == u.p &&
            fg_umts_row_pattern_index(kd->sp_hi + 1) == fg_umts_row_pattern_index(kd->sp_hi))
            kd->sp_hi++;
        else
            break;
    }
    /* Replica of the emitted search against the library, for every K. */
    for (int K = FG_UMTS_K_MIN; K <= FG_UMTS_K_MAX; K++) {
        fg_umts_params u;
        int pidx, C;
        fg_umts_params_compute(K, &u);
        generic_search(kd, K, &pidx, &C);
        if (fg_umts_primes[pidx] != u.p || fg_umts_primitive_roots[pidx] != u.v || C != u.C || K > u.R * C)
            return fg_set_error(FG_ESTATE, "UMTS K=%d: search replica p=%d C=%d, library p=%d C=%d", K,
                                fg_umts_primes[pidx], C, u.p, u.C);
    }
    return 0;
}

/* q_i mod (p-1) and q_i^-1 mod (p-1) of prime index pi, i < RMAX (the model's qROM/mROM). */
static void qm_row(int pi, int *q_mod, int *m_mod)
{
    const int n = fg_umts_primes[pi] - 1;
    int q[RMAX];
    fg_umts_prime_sequence(fg_umts_primes[pi], RMAX, q);
    for (int i = 0; i < RMAX; i++) {
        q_mod[i] = q[i] % n;
        int inv = 1;
        while ((inv * q_mod[i]) % n != 1 % n)
            inv++;
        m_mod[i] = inv % n;
    }
}

/* ---- Storage of the generated RTL (for gen_iag.c's manifest; declared in gen_internal.h) ----
 * The unified design has the items of fg_iag_memory_size(FG_STD_UMTS) except that the lane programs
 * are input ports, not registers; the forward-only one, the thesis's interleave-only organisation, has
 * the whole of s in its RAM, dm alone in the pruning RAM, and no mROM, original-row file or inverse
 * seeds. */
int fg_gen_iag_umts_memory(const fg_gen_iag_cfg *c, fg_iag_memory *out)
{
    int rc = fg_iag_check_pllr(c->pllr);
    if (rc)
        return rc;
    const int P = c->pllr, fo = c->forward_only != 0;
    memset(out, 0, sizeof *out);
    out->pllr = P;
    fg_iag_memory_add(out, "prime ROM (p 9b, v 5b)", "ROM", FG_UMTS_NUM_PRIMES, 14, 1);
    fg_iag_memory_add(out, "tROM (T(i), 4 patterns x 20)", "ROM", NPAT * RMAX, 5, 1);
    fg_iag_memory_add(out, "qROM (q_i mod (p-1), 52 primes x 20)", "ROM", FG_UMTS_NUM_PRIMES * RMAX, 8, 1);
    if (!fo)
        fg_iag_memory_add(out, "mROM (q_i^-1 mod (p-1), 52 primes x 20)", "ROM", FG_UMTS_NUM_PRIMES * RMAX, 8, 1);
    if (fo) {
        fg_iag_memory_add(out, "s RAM (s(j)-1), one per lane", "RAM", 256, 8, P);
        fg_iag_memory_add(out, "pruning RAM {dm(j)}, one per lane", "RAM", 256, 1, P);
    } else {
        fg_iag_memory_add(out, "s/log RAM (s(a)-1, a < (p-1)/2; log_v(y), y <= (p-1)/2), one per lane", "RAM", 256, 8, P);
        fg_iag_memory_add(out, "pruning RAM {cnt, dm} per 16 columns, one per lane", "RAM", 16, 8 + 16, P);
    }
    fg_iag_memory_add(out, "permuted-row file {T, r, vrow}", "REG", RMAX, 5 + 8 + 5, 1);
    if (!fo)
        fg_iag_memory_add(out, "original-row file {m, rank}", "REG", RMAX, 8 + 5, 1);
    fg_iag_memory_add(out,
                      "scalars {pattern, prime index, R, p, v, C, rows_used, K mod C, partial row, its rank, flags, r_partial}",
                      "REG", 1, 2 + 6 + 5 + 9 + 5 + 9 + 5 + 8 + 5 + 5 + 2 + 8, 1);
    fg_iag_memory_add(out, fo ? "lane seeds {ok, j, m, dm, dmn}" : "lane seeds {ok, j, m, dm, dmn, row, col}", "REG", P,
                      fo ? 1 + 8 + 5 + 1 + 1 : 1 + 8 + 5 + 1 + 1 + 5 + 8, 1);
    out->total_bits = out->rom_bits + out->ram_bits + out->reg_bits;
    out->runtime_bits = out->ram_bits + out->reg_bits;
    return 0;
}

/* ---- The Verilog ---- */

/* A register bank in the project's style: registers <name>_q, next values <name>_d computed in an
 * always @* block that starts from "hold", one clocked block with the synchronous reset. */
typedef struct {
    const char *name, *type, *rst; /* type: "", "[8:0]", "signed [13:0]" */
} reg_t;

static void regs_d_decl(FILE *f, const char *ind, const reg_t *r, int n)
{
    for (int i = 0; i < n; i++)
        fprintf(f, "%sreg %s%s%s_d;\n", ind, r[i].type, *r[i].type ? " " : "", r[i].name);
}

static void regs_hold(FILE *f, const char *ind, const reg_t *r, int n)
{
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%s_d = %s_q;\n", ind, r[i].name, r[i].name);
}

static void regs_ff(FILE *f, const char *ind, const reg_t *r, int n)
{
    fprintf(f, "%salways @(posedge clk_i) begin\n%s  if (!rst_ni) begin\n", ind, ind);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s    %s_q <= %s;\n", ind, r[i].name, r[i].rst);
    fprintf(f, "%s  end else begin\n", ind);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s    %s_q <= %s_d;\n", ind, r[i].name, r[i].name);
    fprintf(f, "%s  end\n%send\n", ind, ind);
}

static const reg_t PRE_REGS[] = {
    {"ph", "[2:0]", "PH_SEARCH"}, {"ctr", "[8:0]", "9'd0"},    {"ready", "", "1'b0"},       {"running", "", "1'b0"},
    {"inverse", "", "1'b0"},      {"pat", "[1:0]", "2'd0"},    {"pidx", "[5:0]", "6'd0"},   {"rr_n", "[4:0]", "5'd0"},
    {"p", "[8:0]", "9'd0"},       {"v", "[4:0]", "5'd0"},      {"c", "[8:0]", "9'd0"},      {"ru", "[4:0]", "5'd0"},
    {"ck", "[7:0]", "8'd0"},      {"prow", "[4:0]", "5'd0"},   {"hasp", "", "1'b0"},        {"exch", "", "1'b0"},
    {"rpart", "[7:0]", "8'd0"},   {"mp", "[4:0]", "5'd0"},     {"n0", "[4:0]", "5'd0"},     {"acc", "[12:0]", "13'd0"},
    {"scur", "[8:0]", "9'd0"},    {"pc_v", "", "1'b0"},        {"pc_sel", "", "1'b0"},      {"pc_cval", "[8:0]", "9'd0"},
    {"cs", "[12:0]", "13'd0"},    {"prev_dm", "", "1'b0"},     {"pc_neg", "", "1'b0"},      {"cnt", "[7:0]", "8'd0"},
    {"pw_cnt", "[7:0]", "8'd0"},  {"pw_dm", "[15:0]", "16'd0"},
};
/* Lane seeds; the last two only in the unified design. */
static const reg_t SEED_REGS[] = {
    {"sd_ok", "", "1'b0"},     {"sd_dm", "", "1'b0"},       {"sd_dmn", "", "1'b0"},    {"sd_j", "[7:0]", "8'd0"},
    {"sd_m", "[4:0]", "5'd0"}, {"sd_row", "[4:0]", "5'd0"}, {"sd_col", "[7:0]", "8'd0"},
};
/* Lane counters and pipeline; the unified design's mnr and a_w are wider (I_MNR, I_AW: forward-only
 * widths in LANE_FO_W) and it has the last three. */
static const reg_t LANE_REGS[] = {
    {"pos", "signed [13:0]", "14'sd0"}, {"maj", "signed [9:0]", "10'sd0"}, {"mnr", "[7:0]", "8'd0"},
    {"dm", "", "1'b0"},                 {"dmseed", "", "1'b0"},            {"raok", "", "1'b0"},
    {"a_v", "", "1'b0"},                {"a_err", "", "1'b0"},             {"a_sel", "", "1'b0"},
    {"a_cval", "[8:0]", "9'd0"},        {"a_w", "[12:0]", "13'd0"},        {"b_v", "", "1'b0"},
    {"b_err", "", "1'b0"},              {"b_x", "[4:0]", "5'd0"},          {"b_y", "[8:0]", "9'd0"},
    {"o_v", "", "1'b0"},                {"o_err", "", "1'b0"},             {"o_addr", "[12:0]", "13'd0"},
    {"a_neg", "", "1'b0"},              {"ra_lo", "[3:0]", "4'd0"},        {"b_inv", "", "1'b0"},
};
static const reg_t LANE_FO_W[] = {{"mnr", "[4:0]", "5'd0"}, {"a_w", "[4:0]", "5'd0"}};
enum {
    N_PRE = sizeof PRE_REGS / sizeof PRE_REGS[0],
    N_PRE_FO = N_PRE - 4,
    N_SEED = sizeof SEED_REGS / sizeof SEED_REGS[0],
    N_SEED_FO = N_SEED - 2,
    N_LANE = sizeof LANE_REGS / sizeof LANE_REGS[0],
    N_LANE_FO = N_LANE - 3,
    I_MNR = 2,
    I_AW = 10
};

static void emit_ports(FILE *f, const fg_gen_iag_cfg *c, const char *top)
{
    fg_gen_iag_module_head(f, c, top);
    fprintf(f, "  localparam integer P = %d;  // lanes (PLLR)\n\n", c->pllr);
}

static void emit_search(FILE *f, const kdec_t *kd)
{
    fprintf(f,
            "  // ================= Preprocessing unit (one copy) =================\n"
            "  localparam [2:0] PH_SEARCH = 3'd0, PH_ROWS = 3'd1, PH_SFILL = 3'd2, PH_CORR = 3'd3, PH_DONE = 3'd4;\n"
            "  reg [2:0] ph_q;\n"
            "  reg [8:0] ctr_q;  // prime index (SEARCH), permuted row (ROWS), j (SFILL), column + 1 (CORR)\n"
            "  reg ready_q, running_q, inverse_q;  // unit registers of fg_iag_step\n"
            "  wire start = start_i & ready_q;\n\n"
            "  // Runtime scalars, latched when SEARCH finds the prime.\n"
            "  reg [1:0] pat_q;   // row pattern (tROM row)\n"
            "  reg [5:0] pidx_q;  // prime index (q/m ROM row)\n"
            "  reg [4:0] rr_n_q;  // R\n"
            "  reg [8:0] p_q;     // p\n"
            "  reg [4:0] v_q;     // primitive root\n"
            "  reg [8:0] c_q;     // C\n"
            "  reg [4:0] ru_q;    // rows_used = ceil(K/C)\n"
            "  reg [7:0] ck_q;    // K mod C\n"
            "  reg [4:0] prow_q;  // the partial row rows_used - 1 (valid when hasp_q)\n"
            "  reg hasp_q;        // K mod C != 0\n"
            "  reg exch_q;        // C == p+1 && K == R*C\n"
            "  reg [7:0] rpart_q; // r of the partial row\n"
            "  wire [8:0] pm1 = p_q - 9'd1;\n"
            "  wire c_is_pm1 = c_q == pm1;\n\n");
    /* K decoding: row pattern, R, the C = p range. */
    fprintf(f, "  // SEARCH, combinational part: row pattern and R from K (ranges of the standard's Table 3).\n"
               "  reg [1:0] k_pat;\n"
               "  reg [4:0] k_r;\n"
               "  always @* begin\n"
               "    k_pat = 2'd%d;\n",
            kd->pat[kd->nrun - 1]);
    for (int i = 0; i < kd->nrun; i++)
        if (kd->pat[i] != kd->pat[kd->nrun - 1])
            fprintf(f, "    if (k_i >= 13'd%d && k_i <= 13'd%d) k_pat = 2'd%d;\n", kd->lo[i], kd->hi[i], kd->pat[i]);
    fprintf(f, "  end\n  always @* begin\n    case (k_pat)\n");
    for (int q = 0; q < NPAT; q++)
        fprintf(f, "      2'd%d: k_r = 5'd%d;\n", q, kd->R[q] < 0 ? 0 : kd->R[q]);
    fprintf(f, "      default: k_r = 5'd0;\n    endcase\n  end\n"
               "  wire k_cp = k_i >= 13'd%d && k_i <= 13'd%d;  // the standard's C = p range\n\n",
            kd->sp_lo, kd->sp_hi);
    fprintf(f, "  // Prime ROM: {p, v} at the prime index ctr.\n"
               "  reg [8:0] rom_p;\n"
               "  reg [4:0] rom_v;\n"
               "  always @* begin\n"
               "    case (ctr_q[5:0])\n");
    for (int i = 0; i < FG_UMTS_NUM_PRIMES; i++)
        fprintf(f, "      6'd%d: {rom_p, rom_v} = {9'd%d, 5'd%d};\n", i, fg_umts_primes[i], fg_umts_primitive_roots[i]);
    fprintf(f, "      default: {rom_p, rom_v} = 14'd0;\n    endcase\n  end\n");
    fprintf(f,
            "  wire [13:0] k14 = {1'b0, k_i};\n"
            "  wire [13:0] r14 = {9'd0, k_r};\n"
            "  wire [13:0] p14 = {5'd0, rom_p};\n"
            "  wire found = k14 <= r14 * (p14 + 14'd1);\n"
            "  wire [8:0] cand_c = k_cp ? rom_p : (k14 <= r14 * (p14 - 14'd1)) ? rom_p - 9'd1 :\n"
            "                      (k14 <= r14 * p14) ? rom_p : rom_p + 9'd1;\n"
            "  wire [13:0] c14 = {5'd0, cand_c};\n"
            "  wire cand_exch = (cand_c == rom_p + 9'd1) && (k14 == r14 * c14);\n"
            "  // K / C by restoring division, 5 quotient bits (K <= R*C <= 20*C).\n"
            "  wire [13:0] dv_r5 = k14;\n");
    for (int b = 4; b >= 0; b--)
        fprintf(f,
                "  wire dv_q%d = dv_r%d >= (c14 << %d);\n"
                "  wire [13:0] dv_r%d = dv_q%d ? dv_r%d - (c14 << %d) : dv_r%d;\n",
                b, b + 1, b, b, b, b + 1, b, b + 1);
    fprintf(f, "  wire [4:0] dv_quo = {dv_q4, dv_q3, dv_q2, dv_q1, dv_q0};\n"
               "  wire dv_rem_nz = dv_r0 != 14'd0;\n"
               "  wire [5:0] unused_dv = dv_r0[13:8];  // the remainder is < C <= 256\n\n");
}

static void emit_roms(FILE *f, int fo)
{
    fprintf(f, "  // tROM: T(c) of pattern pat at permuted row c.\n"
               "  reg [4:0] rom_t;\n"
               "  always @* begin\n"
               "    case ({pat_q, ctr_q[4:0]})\n");
    for (int q = 0; q < NPAT; q++)
        for (int c = 0; c < RMAX; c++) {
            const int t = fg_umts_row_patterns[q][c];
            if (t)
                fprintf(f, "      7'd%d: rom_t = 5'd%d;\n", q * 32 + c, t);
        }
    fprintf(f, "      default: rom_t = 5'd0;\n    endcase\n  end\n");
    fprintf(f, "  // q/m ROM at (prime index, c): q_c mod (p-1)%s.\n"
               "  reg [%d:0] rom_qm;\n"
               "  always @* begin\n"
               "    case ({pidx_q, ctr_q[4:0]})\n",
            fo ? "" : " and q_c^-1 mod (p-1)", fo ? 7 : 15);
    for (int pi = 0; pi < FG_UMTS_NUM_PRIMES; pi++) {
        int q[RMAX], m[RMAX];
        qm_row(pi, q, m);
        for (int c = 0; c < RMAX; c++) {
            if (fo && !q[c])
                continue;
            if (!fo && !q[c] && !m[c])
                continue;
            if (fo)
                fprintf(f, "      11'd%d: rom_qm = 8'd%d;\n", pi * 32 + c, q[c]);
            else
                fprintf(f, "      11'd%d: rom_qm = {8'd%d, 8'd%d};\n", pi * 32 + c, q[c], m[c]);
        }
    }
    fprintf(f, "      default: rom_qm = %d'd0;\n    endcase\n  end\n", fo ? 8 : 16);
    if (fo)
        fprintf(f, "  wire [7:0] rom_q = rom_qm;\n\n");
    else
        fprintf(f, "  wire [7:0] rom_q = rom_qm[15:8];\n  wire [7:0] rom_m = rom_qm[7:0];\n\n");
}

static void emit_pre(FILE *f, int fo)
{
    fprintf(f,
            "  // ROWS: register files of the permuted rows (T, r, vrow: the k-th used row)%s.\n"
            "  reg [4:0] t_q [0:19];\n"
            "  reg [7:0] rr_q [0:19];\n"
            "  reg [4:0] vrow_q [0:19];\n",
            fo ? "" : " and of the original rows (m, rank among the used rows)");
    if (!fo)
        fprintf(f, "  reg [7:0] mm_q [0:19];\n"
                   "  reg [4:0] rk_q [0:19];\n");
    fprintf(f,
            "  reg [4:0] mp_q;    // rank of the partial row among the used rows\n"
            "  reg [4:0] n0_q;    // used rows so far\n"
            "  reg [12:0] acc_q;  // c*C\n"
            "  wire [4:0] row_c = ctr_q[4:0];\n"
            "  wire row_used = rom_t < ru_q;\n"
            "  wire row_part = hasp_q && rom_t == prow_q;\n"
            "  always @(posedge clk_i) begin  // register files: no reset (written before use)\n"
            "    if (rst_ni && ph_q == PH_ROWS) begin\n"
            "      t_q[row_c] <= rom_t;\n"
            "      rr_q[row_c] <= rom_q;\n"
            "      if (row_used) vrow_q[n0_q] <= row_c;\n"
            "%s"
            "    end\n"
            "  end\n"
            "  // The row word a lane reads in stage A: {r, T} of permuted row e%s.\n"
            "  wire [12:0] rowv [0:19];\n"
            "  genvar e;\n"
            "  generate\n"
            "    for (e = 0; e < 20; e = e + 1) begin : g_rowv\n"
            "      assign rowv[e] = %s{rr_q[e], t_q[e]};\n"
            "    end\n"
            "  endgenerate\n\n",
            fo ? "" : "      mm_q[rom_t] <= rom_m;\n      rk_q[rom_t] <= n0_q;\n",
            fo ? "" : " (forward) or {m, rank} of original row e (inverse)",
            fo ? "" : "inverse_q ? {mm_q[e], rk_q[e]} : ");
    fprintf(f,
            "  // The preprocessing kernel (a*b) mod c: SFILL s <- (s*v) mod p, CORR (j*r_partial) mod (p-1).\n"
            "  reg [8:0] scur_q;\n"
            "  wire pre_fill = ph_q == PH_SFILL;\n"
            "  wire [8:0] pk_y;\n"
            "  fg_mulmod #(.N(9)) u_pre_kernel (\n"
            "      .a_i(pre_fill ? scur_q : ctr_q), .b_i(pre_fill ? {4'd0, v_q} : {1'b0, rpart_q}),\n"
            "      .c_i(pre_fill ? {1'b0, p_q} : {1'b0, pm1}), .y_o(pk_y));\n"
            "  wire [7:0] scur_m1 = scur_q[7:0] - 8'd1;  // s(j)-1 <= p-2\n"
            "  wire unused_scur = scur_q[8];\n");
    if (fo)
        fprintf(f, "  // SFILL: s(j)-1 at j into every lane's s RAM.\n"
                   "  wire fill_we = rst_ni && pre_fill;\n"
                   "  wire [7:0] fill_waddr = ctr_q[7:0];\n"
                   "  wire [7:0] fill_wdata = scur_m1;\n");
    else
        fprintf(f,
                "  // v^h = -1 mod p (h = (p-1)/2): s(a+h) = p - s(a), log(p-y) = log(y) + h. Every lane's RAM\n"
                "  // holds s(a)-1 at a < h and log(y) for y <= h at 128 + (y - [C = p-1]), the column value U\n"
                "  // of y; the other halves are read at their mirrors: a-h, and p-2-U or p-U.\n"
                "  wire [7:0] h8 = p_q[8:1];         // (p-1)/2, p odd\n"
                "  wire [7:0] lthr = h8 + {7'd0, !c_is_pm1};  // U of the first y > h\n"
                "  wire [7:0] lmir = p_q[7:0] - (c_is_pm1 ? 8'd2 : 8'd0);  // U -> U of p - y\n"
                "  // SFILL, j = ctr: j < h writes s(j)-1 at j; j >= h writes log(y) = j at U, or for y > h\n"
                "  // log(p-y) = j-h at its mirror.\n"
                "  wire fill_we = rst_ni && pre_fill;\n"
                "  wire fill_lo = ctr_q < {1'b0, h8};\n"
                "  wire [7:0] fill_u = c_is_pm1 ? scur_m1 : scur_q[7:0];\n"
                "  wire fill_neg = fill_u >= lthr;\n"
                "  wire [7:0] fill_mir = lmir - fill_u;\n"
                "  wire [7:0] j_mh = ctr_q[7:0] - h8;\n"
                "  wire [7:0] fill_waddr = fill_lo ? {1'b0, ctr_q[6:0]} : {1'b1, fill_neg ? fill_mir[6:0] : fill_u[6:0]};\n"
                "  wire [7:0] fill_wdata = fill_lo ? scur_m1 : fill_neg ? j_mh : ctr_q[7:0];\n"
                "  wire unused_fill_mir = fill_mir[7];\n");
    fprintf(f,
            "  // CORR: column ctr of the partial row: the s address (lane 0's port) or a constant; one\n"
            "  // cycle later dm(j) = U_partial(j) >= K mod C, written into every lane's pruning RAM.\n"
            "  reg pc_v_q, pc_sel_q;\n"
            "  reg [8:0] pc_cval_q;\n"
            "  reg [12:0] cs_q;   // colstart(j)\n"
            "  reg prev_dm_q;     // dm(j-1)\n"
            "  wire [7:0] s0_rd;  // lane 0's s RAM read data\n");
    if (fo)
        fprintf(f, "  wire [7:0] pre_s_raddr = pk_y[7:0];\n"
                   "  wire [8:0] pc_s = {1'b0, s0_rd} + 9'd1;  // s(a)\n");
    else
        fprintf(f,
                "  reg pc_neg_q;\n"
                "  wire pre_neg = pk_y[7:0] >= h8;\n"
                "  wire [7:0] pre_fold = pk_y[7:0] - h8;\n"
                "  wire [7:0] pre_s_raddr = {1'b0, pre_neg ? pre_fold[6:0] : pk_y[6:0]};\n"
                "  wire unused_pre = pre_fold[7];\n"
                "  wire [8:0] pc_s = pc_neg_q ? pm1 - {1'b0, s0_rd} : {1'b0, s0_rd} + 9'd1;  // s(a)\n");
    fprintf(f,
            "  wire [8:0] pc_val = pc_sel_q ? pc_s - {8'd0, c_is_pm1} : pc_cval_q;\n"
            "  wire dm_new = hasp_q && pc_val >= {1'b0, ck_q};\n"
            "  wire [4:0] nv = ru_q - {4'd0, dm_new};  // cells of column j\n"
            "  wire [7:0] corr_j = ctr_q[7:0] - 8'd1;\n");
    if (fo)
        fprintf(f, "  wire corr_we = rst_ni && ph_q == PH_CORR && pc_v_q;\n"
                   "  wire [7:0] corr_waddr = corr_j;\n"
                   "  wire corr_wdata = dm_new;\n"
                   "  wire [12:0] sd_base = cs_q;  // forward seeds: x0 in column j\n"
                   "  wire [13:0] sd_end = {1'b0, cs_q} + {9'd0, nv};\n\n");
    else
        fprintf(f,
                "  // Pruning RAM word of 16 columns, {cnt at the first, dm of each}: collected, written at\n"
                "  // the group's last column (or column C-1).\n"
                "  reg [7:0] cnt_q;     // dm(0) + ... + dm(j-1)\n"
                "  reg [7:0] pw_cnt_q;  // cnt at the group's first column\n"
                "  reg [15:0] pw_dm_q;  // dm of the group's columns so far\n"
                "  wire grp0 = corr_j[3:0] == 4'd0;\n"
                "  wire [7:0] pw_cnt_now = grp0 ? cnt_q : pw_cnt_q;\n"
                "  wire [15:0] pw_dm_now = (grp0 ? 16'd0 : pw_dm_q) | ({15'd0, dm_new} << corr_j[3:0]);\n"
                "  wire corr_we = rst_ni && ph_q == PH_CORR && pc_v_q && (corr_j[3:0] == 4'hf || {1'b0, corr_j} == c_q - 9'd1);\n"
                "  wire [3:0] corr_waddr = corr_j[7:4];\n"
                "  wire [23:0] corr_wdata = {pw_cnt_now, pw_dm_now};\n"
                "  // Seed capture window, one comparator pair per lane for both modes: original row c (ROWS,\n"
                "  // inverse seeds) or column j (CORR, forward seeds).\n"
                "  wire sd_rows = ph_q == PH_ROWS;\n"
                "  wire [12:0] sd_base = sd_rows ? acc_q : cs_q;\n"
                "  wire [13:0] sd_end = {1'b0, sd_base} + (sd_rows ? {5'd0, c_q} : {9'd0, nv});\n"
                "  // Mode constants of the lanes' fold (neg = v >= thr; v-h, or mirror - v = ~v + mirror+1) and\n"
                "  // stage B adder (forward word+1-[C = p-1] or p-[C = p-1]+~word; inverse log + h if mirrored).\n"
                "  wire [7:0] fold_thr = inverse_q ? lthr : h8;\n"
                "  wire [7:0] fold_k = inverse_q ? lmir + 8'd1 : 8'd0 - h8;\n"
                "  wire [8:0] badd0 = inverse_q ? 9'd0 : {8'd0, !c_is_pm1};\n"
                "  wire [8:0] badd1 = inverse_q ? {1'b0, h8} : c_is_pm1 ? pm1 : p_q;\n\n");
    fprintf(f, "  // Next state of the preprocessing unit and of the mode registers.\n");
    regs_d_decl(f, "  ", PRE_REGS, fo ? N_PRE_FO : N_PRE);
    fprintf(f, "  always @* begin\n");
    regs_hold(f, "    ", PRE_REGS, fo ? N_PRE_FO : N_PRE);
    fprintf(f,
            "    if (start) begin\n"
            "      running_d = 1'b1;\n"
            "      inverse_d = inverse_i;\n"
            "    end\n"
            "    case (ph_q)\n"
            "      PH_SEARCH: begin  // one prime per cycle\n"
            "        if (found) begin\n"
            "          pat_d = k_pat; pidx_d = ctr_q[5:0]; rr_n_d = k_r; p_d = rom_p; v_d = rom_v; c_d = cand_c;\n"
            "          ru_d = dv_quo + {4'd0, dv_rem_nz}; ck_d = dv_r0[7:0]; prow_d = dv_quo; hasp_d = dv_rem_nz;\n"
            "          exch_d = cand_exch;\n"
            "          ph_d = PH_ROWS;\n"
            "          ctr_d = 9'd0;\n"
            "        end else if (ctr_q != 9'd%d) begin\n"
            "          ctr_d = ctr_q + 9'd1;  // a K beyond the table stays here: ready never rises\n"
            "        end\n"
            "      end\n"
            "      PH_ROWS: begin\n"
            "        if (row_used) n0_d = n0_q + 5'd1;\n"
            "        if (row_part) begin\n"
            "          rpart_d = rom_q;\n"
            "          mp_d = n0_q;\n"
            "        end\n"
            "        acc_d = acc_q + {4'd0, c_q};\n"
            "        if (row_c == rr_n_q - 5'd1) begin\n"
            "          ph_d = PH_SFILL;\n"
            "          ctr_d = 9'd0;\n"
            "          scur_d = 9'd1;\n"
            "        end else begin\n"
            "          ctr_d = ctr_q + 9'd1;\n"
            "        end\n"
            "      end\n"
            "      PH_SFILL: begin\n"
            "        scur_d = pk_y;\n"
            "        if (ctr_q == pm1 - 9'd1) begin\n"
            "          ph_d = PH_CORR;\n"
            "          ctr_d = 9'd0;\n"
            "        end else begin\n"
            "          ctr_d = ctr_q + 9'd1;\n"
            "        end\n"
            "      end\n"
            "      PH_CORR: begin\n"
            "        pc_v_d = ctr_q < c_q;\n"
            "        pc_sel_d = ctr_q < pm1;\n"
            "        pc_cval_d = (ctr_q == pm1) ? 9'd0 : p_q;\n"
            "%s"
            "        if (pc_v_q) begin\n"
            "          cs_d = cs_q + {8'd0, nv};\n"
            "          prev_dm_d = dm_new;\n"
            "%s"
            "        end\n"
            "        if (ctr_q == c_q) begin\n"
            "          ph_d = PH_DONE;\n"
            "          ready_d = 1'b1;\n"
            "        end else begin\n"
            "          ctr_d = ctr_q + 9'd1;\n"
            "        end\n"
            "      end\n"
            "      default: ;\n"
            "    endcase\n"
            "  end\n",
            FG_UMTS_NUM_PRIMES - 1, fo ? "" : "        pc_neg_d = pre_neg;\n",
            fo ? "" : "          cnt_d = cnt_q + {7'd0, dm_new};\n          pw_cnt_d = pw_cnt_now;\n          pw_dm_d = pw_dm_now;\n");
    regs_ff(f, "  ", PRE_REGS, fo ? N_PRE_FO : N_PRE);
    fprintf(f, "  assign ready_o = ready_q;\n\n");
}

static void emit_lanes(FILE *f, int fo)
{
    const int mw = fo ? 5 : 8; /* minor counter: forward m; unified also the inverse column */
    fprintf(f,
            "  // ================= Runtime lanes =================\n"
            "  genvar l;\n"
            "  generate\n"
            "    for (l = 0; l < P; l = l + 1) begin : g_lane\n"
            "      wire signed [13:0] x0 = lane_start_i[l*14+:14];\n"
            "      wire [2:0] d = lane_stride_i[l*3+:3];\n"
            "      wire up = ~d[2];  // stride > 0\n"
            "      wire used = ~x0[13];\n\n"
            "      // ---- seed latches (written by the preprocessing unit)\n"
            "      reg sd_ok_q, sd_dm_q, sd_dmn_q;\n"
            "      reg [7:0] sd_j_q;\n"
            "      reg [4:0] sd_m_q;\n"
            "%s"
            "      wire signed [14:0] x15 = {x0[13], x0};\n"
            "      wire signed [14:0] sb15 = {2'b00, sd_base};\n"
            "      wire signed [14:0] se15 = {1'b0, sd_end};\n"
            "      wire in_win = x15 >= sb15 && x15 < se15;  // x0 in this cycle's window\n"
            "      wire [14:0] sd_off = x15 - sb15;\n"
            "      wire [%d:0] unused_sd_off = sd_off[14:%d];\n",
            fo ? "" : "      reg [4:0] sd_row_q;\n      reg [7:0] sd_col_q;\n", fo ? 9 : 6, fo ? 5 : 8);
    regs_d_decl(f, "      ", SEED_REGS, fo ? N_SEED_FO : N_SEED);
    fprintf(f, "      always @* begin\n");
    regs_hold(f, "        ", SEED_REGS, fo ? N_SEED_FO : N_SEED);
    fprintf(f,
            "%s"
            "        if (ph_q == PH_CORR && pc_v_q) begin\n"
            "          if (in_win) begin\n"
            "            sd_ok_d = 1'b1; sd_j_d = corr_j; sd_m_d = sd_off[4:0]; sd_dm_d = dm_new;\n"
            "            sd_dmn_d = !up && corr_j != 8'd0 && prev_dm_q;\n"
            "          end else if (sd_ok_q && up && {1'b0, sd_j_q} + 9'd1 == {1'b0, corr_j}) begin\n"
            "            sd_dmn_d = dm_new;  // dm of the next column, for an ascending lane\n"
            "          end\n"
            "        end\n"
            "      end\n",
            fo ? "" :
                 "        if (ph_q == PH_ROWS && in_win) begin\n"
                 "          sd_row_d = row_c; sd_col_d = sd_off[7:0];\n"
                 "        end\n");
    regs_ff(f, "      ", SEED_REGS, fo ? N_SEED_FO : N_SEED);

    /* Counters, input check, stage A. */
    fprintf(f,
            "      // ---- lane counters: (maj, mnr) = forward (column j, rank m in it)%s\n"
            "      reg signed [13:0] pos_q;  // the x served next\n"
            "      reg signed [9:0] maj_q;\n"
            "      reg [%d:0] mnr_q;\n"
            "      reg dm_q;                 // forward: dm(j)\n"
            "      reg dmseed_q, raok_q;     // dm(j+dir) comes from the seed / the RAM read was in range\n"
            "      wire [%d:0] corr_rd;      // pruning RAM word\n",
            fo ? "" : ", inverse (row, column)", mw - 1, fo ? 0 : 23);
    if (fo)
        fprintf(f, "      wire dm_bit = corr_rd;\n");
    else
        fprintf(f,
                "      reg [3:0] ra_lo_q;        // dm(j+dir)'s bit in its word\n"
                "      wire [15:0] pw_dm = corr_rd[15:0];\n"
                "      wire dm_bit = pw_dm[ra_lo_q];\n");
    fprintf(f,
            "      wire dmn = dmseed_q ? sd_dmn_q : (raok_q & dm_bit);  // dm(j + dir)\n"
            "      wire [12:0] x = lane_x_i[l*13+:13];\n"
            "      wire vin = lane_valid_i[l];\n"
            "      wire ok = vin && !start && running_q && used && pos_q == {1'b0, x} && x < k_i%s;\n"
            "      wire signed [13:0] d14 = {{11{d[2]}}, d};\n"
            "      wire signed [9:0] ra = maj_q + (up ? 10'sd1 : -10'sd1);  // forward dm read-ahead column\n"
            "      wire ra_ok = ra >= 10'sd0 && ra < $signed({1'b0, c_q});\n"
            "      wire [8:0] jc = maj_q[8:0];\n"
            "      wire unused_maj = maj_q[9];\n"
            "      // ---- stage A. Forward: row i = the m-th valid one of column j (a dm column skips the\n"
            "      // partial row), its word {r, T}%s.\n"
            "      wire [4:0] mi = mnr_q[4:0] + {4'd0, dm_q && mnr_q[4:0] >= mp_q};\n"
            "      wire [4:0] fi = vrow_q[mi];\n"
            "      wire [12:0] rw = rowv[%s];\n"
            "      wire [8:0] u9 = %s;  // the column the constants test\n"
            "      wire last = exch_q && %s == rr_n_q - 5'd1;  // row R-1 of an exchange K\n"
            "      wire [8:0] ky;  // the lane's kernel\n"
            "      reg f_sel;\n"
            "      reg [8:0] f_cval;\n"
            "      reg [7:0] f_v;\n"
            "      always @* begin  // forward U_row(j): s((j*r) mod (p-1)) or a constant\n"
            "        f_sel = 1'b0; f_cval = 9'd0; f_v = ky[7:0];\n"
            "        if (last && u9 == 9'd0) f_cval = p_q;                        // U_{R-1}(0) = p\n"
            "        else if (last && u9 == p_q) begin f_sel = 1'b1; f_v = 8'd0; end  // U_{R-1}(p) = s(0)\n"
            "        else if (u9 < pm1) f_sel = 1'b1;                                // s((j*r) mod (p-1))\n"
            "        else if (u9 == pm1) f_cval = 9'd0;                              // U(p-1) = 0\n"
            "        else f_cval = p_q;                                              // U(p) = p\n"
            "      end\n"
            "      wire unused_ky = ky[8];  // < p-1 <= 256\n",
            fo ? " && !inverse_q" : "", fo ? "" : "; inverse: the word {m, rank} of the row",
            fo ? "fi" : "inverse_q ? maj_q[4:0] : fi", fo ? "jc" : "inverse_q ? {1'b0, mnr_q} : jc",
            fo ? "rw[4:0]" : "(inverse_q ? maj_q[4:0] : rw[4:0])");
    if (fo)
        fprintf(f, "      wire [7:0] s_raddr_l = f_v;\n");
    else
        fprintf(f,
                "      reg i_sel;\n"
                "      reg [8:0] i_cval;\n"
                "      always @* begin  // inverse: j' = m * log(y) mod (p-1) for the column U, or a constant\n"
                "        i_sel = 1'b1; i_cval = 9'd0;\n"
                "        if (last && (u9 == p_q || u9 == 9'd1)) begin\n"
                "          i_sel = 1'b0; i_cval = (u9 == p_q) ? 9'd0 : p_q;            // exchange\n"
                "        end else if (!c_is_pm1 && (u9 == 9'd0 || u9 == p_q)) begin\n"
                "          i_sel = 1'b0; i_cval = (u9 == 9'd0) ? pm1 : p_q;            // j' = p-1, p\n"
                "        end\n"
                "      end\n"
                "      wire sel_n = inverse_q ? i_sel : f_sel;\n"
                "      wire [8:0] cval_n = inverse_q ? i_cval : f_cval;\n"
                "      wire [7:0] v8 = inverse_q ? mnr_q : f_v;\n"
                "      // RAM address: a value at or above the threshold is read at its mirror (forward a-h,\n"
                "      // inverse 128 + mirror - U).\n"
                "      wire neg = v8 >= fold_thr;\n"
                "      wire [7:0] fold = (v8 ^ {8{inverse_q}}) + fold_k;\n"
                "      wire [7:0] s_raddr_l = {inverse_q, neg ? fold[6:0] : v8[6:0]};\n"
                "      wire unused_fold = fold[7];\n");
    /* Pipeline registers, stage B. */
    fprintf(f,
            "      // ---- pipeline: stage A (after the input cycle), stage B, output\n"
            "      reg a_v_q, a_err_q, a_sel_q;\n"
            "      reg [8:0] a_cval_q;\n"
            "      reg [%d:0] a_w_q;  // forward T(i)%s\n"
            "      reg b_v_q, b_err_q;\n"
            "      reg [4:0] b_x_q;   // forward T(i)%s\n"
            "      reg [8:0] b_y_q;   // forward U%s\n"
            "      reg o_v_q, o_err_q;\n"
            "      reg [12:0] o_addr_q;\n"
            "      wire [7:0] s_rd;\n",
            fo ? 4 : 12, fo ? "" : "; inverse {m, rank}", fo ? "" : "; inverse rank", fo ? "" : "; inverse j'");
    if (fo)
        fprintf(f,
                "      fg_mulmod #(.N(9)) u_kernel (.a_i({1'b0, jc[7:0]}), .b_i({1'b0, rw[12:5]}), .c_i({1'b0, pm1}), .y_o(ky));\n"
                "      wire [8:0] u_fwd = a_sel_q ? {1'b0, s_rd} + {8'd0, !c_is_pm1} : a_cval_q;  // U = s - [C = p-1]\n");
    else
        fprintf(f,
                "      reg a_neg_q, b_inv_q;\n"
                "      // stage B, one adder for both modes: forward U = s - [C = p-1] with s = word+1 or\n"
                "      // p-(word+1); inverse the log, + h when mirrored (the kernel's multiplier: any value < 512).\n"
                "      wire [8:0] b_sum = ({1'b0, s_rd} ^ {9{a_neg_q & ~inverse_q}}) + (a_neg_q ? badd1 : badd0);\n"
                "      // One kernel per lane: forward stage A (j*r) mod (p-1), inverse stage B (m*log) mod (p-1).\n"
                "      fg_mulmod #(.N(9)) u_kernel (\n"
                "          .a_i({1'b0, inverse_q ? a_w_q[12:5] : jc[7:0]}), .b_i(inverse_q ? b_sum : {1'b0, rw[12:5]}),\n"
                "          .c_i({1'b0, pm1}), .y_o(ky));\n"
                "      wire [8:0] u_fwd = a_sel_q ? b_sum : a_cval_q;\n"
                "      wire [8:0] jp = a_sel_q ? ky : a_cval_q;  // j'\n");
    /* Output stage. */
    if (fo)
        fprintf(f, "      // output: T(i)*C + U\n"
                   "      wire [12:0] o_addr_n = {8'd0, b_x_q} * {4'd0, c_q} + {4'd0, b_y_q};\n");
    else {
        fprintf(f,
                "      // output: forward T(i)*C + U; inverse j'*rows_used + rank - (dummies before the cell: the\n"
                "      // word's cnt, its dm columns before j', and j' itself if the row follows the partial one).\n"
                "      wire [4:0] tq = {b_y_q[3:0], b_x_q > mp_q};  // 2*(j' mod 16) + [row after the partial one]\n"
                "      wire [15:0] dmc;  // the dm bits that count: column i of the word if 2i < tq\n");
        for (int i = 0; i < 16; i++)
            fprintf(f, "      assign dmc[%d] = pw_dm[%d] && tq > 5'd%d;\n", i, i, 2 * i);
        fprintf(f, "      wire [4:0] pc = ");
        for (int i = 0; i < 16; i++)
            fprintf(f, "%s{4'd0, dmc[%d]}", i ? " + " : "", i);
        fprintf(f,
                ";\n"
                "      wire [8:0] cnt_c = {1'b0, corr_rd[23:16]} + {4'd0, pc};\n"
                "      wire [12:0] o_mx = {8'd0, b_inv_q ? ru_q : b_x_q};\n"
                "      wire [12:0] o_my = {4'd0, b_inv_q ? b_y_q : c_q};\n"
                "      wire [12:0] o_add = b_inv_q ? {8'd0, b_x_q} - {4'd0, cnt_c} : {4'd0, b_y_q};\n"
                "      wire [12:0] o_addr_n = o_mx * o_my + o_add;\n");
    }
    /* RAMs. */
    fprintf(f,
            "      // ---- RAM copies of this lane (written by SFILL / CORR, read at run time)\n"
            "      wire [7:0] s_raddr;\n"
            "      if (l == 0) begin : g_pre_port  // lane 0's s RAM port serves CORR before ready\n"
            "        assign s_raddr = ready_q ? s_raddr_l : pre_s_raddr;\n"
            "        assign s0_rd = s_rd;\n"
            "      end else begin : g_port\n"
            "        assign s_raddr = s_raddr_l;\n"
            "      end\n"
            "      fg_sram_1r1w #(.DEPTH(256), .AW(8), .DW(8)) u_s_ram (\n"
            "          .clk_i(clk_i), .we_i(fill_we), .waddr_i(fill_waddr), .wdata_i(fill_wdata),\n"
            "          .re_i(1'b1), .raddr_i(s_raddr), .rdata_o(s_rd));\n");
    if (fo)
        fprintf(f,
                "      // Pruning RAM dm(j): read dm(j+dir) every cycle.\n"
                "      fg_sram_1r1w #(.DEPTH(256), .AW(8), .DW(1)) u_prune_ram (\n"
                "          .clk_i(clk_i), .we_i(corr_we), .waddr_i(corr_waddr), .wdata_i(corr_wdata),\n"
                "          .re_i(1'b1), .raddr_i(ra[7:0]), .rdata_o(corr_rd));\n");
    else
        fprintf(f,
                "      // Pruning RAM {cnt, dm} per 16 columns: forward reads j+dir every cycle, inverse j'.\n"
                "      fg_sram_1r1w #(.DEPTH(16), .AW(4), .DW(24)) u_prune_ram (\n"
                "          .clk_i(clk_i), .we_i(corr_we), .waddr_i(corr_waddr), .wdata_i(corr_wdata),\n"
                "          .re_i(1'b1), .raddr_i(inverse_q ? jp[7:4] : ra[7:4]), .rdata_o(corr_rd));\n");
    /* Sequential lane logic. */
    fprintf(f,
            "      // counters: mnr += d, wrapping into maj: forward m in column j (limit rows_used - dm up,\n"
            "      // rows_used - dm(j-1) down)%s\n"
            "      wire signed [%d:0] mn = $signed({2'b00, mnr_q}) + {{%d{d[2]}}, d};\n"
            "      wire signed [%d:0] lim_up = %s$signed({%d'd0, ru_q - {4'd0, dm_q}});\n"
            "      wire signed [%d:0] lim_dn = %s$signed({%d'd0, ru_q - {4'd0, dmn}});\n"
            "      wire signed [%d:0] m_over = mn - lim_up;\n"
            "      wire signed [%d:0] m_under = mn + lim_dn;\n"
            "      wire [3:0] unused_m = {m_over[%d:%d], m_under[%d:%d]};\n",
            fo ? "" : ", inverse column in row (limit C)", mw + 1, mw - 1, mw + 1,
            fo ? "" : "inverse_q ? $signed({1'b0, c_q}) : ", mw - 3, mw + 1,
            fo ? "" : "inverse_q ? $signed({1'b0, c_q}) : ", mw - 3, mw + 1, mw + 1, mw + 1, mw, mw + 1, mw);
    {
        reg_t lr[N_LANE];
        memcpy(lr, LANE_REGS, sizeof lr);
        if (fo) {
            lr[I_MNR] = LANE_FO_W[0];
            lr[I_AW] = LANE_FO_W[1];
        }
        const int n = fo ? N_LANE_FO : N_LANE;
        regs_d_decl(f, "      ", lr, n);
        fprintf(f, "      always @* begin\n");
        regs_hold(f, "        ", lr, n);
        fprintf(f,
                "        // output register <- stage B\n"
                "        o_v_d = b_v_q && !b_err_q;\n"
                "        o_err_d = b_v_q && b_err_q;\n"
                "        o_addr_d = (b_v_q && !b_err_q) ? o_addr_n : 13'd0;\n"
                "        // stage B <- stage A (its RAM word)\n"
                "        b_v_d = a_v_q;\n"
                "        b_err_d = a_err_q;\n"
                "        b_x_d = a_w_q[4:0];\n"
                "        b_y_d = %s;\n"
                "%s"
                "        // stage A <- counters and input\n"
                "        a_v_d = vin;\n"
                "        a_err_d = vin && !ok;\n"
                "        a_sel_d = %s; a_cval_d = %s; a_w_d = %s;%s\n"
                "        // counters: advance by d on a served input; start loads the seeds\n"
                "        dmseed_d = start;\n"
                "        raok_d = ra_ok;\n"
                "%s"
                "        if (start) begin\n"
                "          pos_d = x0;\n"
                "          maj_d = %s;\n"
                "          mnr_d = %s;\n"
                "          dm_d = sd_dm_q;\n"
                "        end else if (ok) begin\n"
                "          pos_d = pos_q + d14;\n"
                "          if (mn >= lim_up) begin\n"
                "            mnr_d = m_over[%d:0]; maj_d = maj_q + 10'sd1; dm_d = dmn;\n"
                "          end else if (mn < %d'sd0) begin\n"
                "            mnr_d = m_under[%d:0]; maj_d = maj_q - 10'sd1; dm_d = dmn;\n"
                "          end else begin\n"
                "            mnr_d = mn[%d:0];\n"
                "          end\n"
                "        end\n"
                "      end\n",
                fo ? "u_fwd" : "inverse_q ? jp : u_fwd", fo ? "" : "        b_inv_d = inverse_q;\n",
                fo ? "f_sel" : "sel_n", fo ? "f_cval" : "cval_n", fo ? "rw[4:0]" : "rw", fo ? "" : " a_neg_d = neg;",
                fo ? "" : "        ra_lo_d = ra[3:0];\n",
                fo ? "{2'b00, sd_j_q}" : "inverse_i ? {5'd0, sd_row_q} : {2'b00, sd_j_q}",
                fo ? "sd_m_q" : "inverse_i ? sd_col_q : {3'd0, sd_m_q}", mw - 1, mw + 2, mw - 1, mw - 1);
        regs_ff(f, "      ", lr, n);
    }
    fprintf(f,
            "      assign lane_valid_o[l] = o_v_q;\n"
            "      assign lane_err_o[l] = o_err_q;\n"
            "      assign lane_addr_o[l*13+:13] = o_addr_q;\n"
            "    end\n"
            "  endgenerate\n");
}

int fg_gen_iag_umts_emit(FILE *f, const fg_gen_iag_cfg *c, const char *top)
{
    int rc = fg_iag_check_pllr(c->pllr);
    if (rc)
        return rc;
    kdec_t kd;
    if ((rc = kdec_build(&kd)))
        return rc;
    const int fo = c->forward_only != 0;
    emit_ports(f, c, top);
    emit_search(f, &kd);
    emit_roms(f, fo);
    emit_pre(f, fo);
    emit_lanes(f, fo);
    fprintf(f, "endmodule\n`default_nettype wire\n");
    return ferror(f) ? fg_set_error(FG_EIO, "write error on the UMTS IAG module %s", top) : 0;
}
