/* fecforge gen iag --std umts: the HSPA+/UMTS unified interleaver/deinterleaver address generator
 * as Verilog-2005, the cycle-exact twin of fg_iag_step for UMTS (cmodel/src/iag/iag_umts.c);
 * structure, timing and storage in docs/rtl-iag-umts.md.
 *
 * One top module (the caller names it): the preprocessing unit (prime ROM, tROM, q/m ROM as case
 * tables whose contents this file computes from libfecforge, the SEARCH/ROWS/SFILL/CORR state
 * machine with one fg_mulmod kernel, the row register files, the per-lane seed latches) and PLLR
 * runtime lanes in a generate loop (counters, 3-stage pipeline, one fg_mulmod per lane shared by
 * both modes, fg_sram_1r1w copies of the s, s^-1 and correction RAMs). forward_only drops the
 * inverse path (s^-1 RAM, m ROM and file, T^-1, rank files, inverse seeds, cnt of the correction
 * RAM); a start with inverse_i = 1 then makes every valid input an err. */
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
 * are input ports, not registers; the forward-only one drops the mROM, the s^-1 RAM, the cnt field
 * of the correction RAM, the m, T^-1 and rank files and the inverse seeds. */
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
    fg_iag_memory_add(out, "s RAM (s(j)-1), one per lane", "RAM", 256, 8, P);
    if (!fo)
        fg_iag_memory_add(out, "s^-1 RAM, one per lane", "RAM", 256, 8, P);
    fg_iag_memory_add(out, fo ? "correction RAM {dm(j)}, one per lane" : "correction RAM {dm(j), cnt(j)}, one per lane",
                "RAM", 256, fo ? 1 : 9, P);
    fg_iag_memory_add(out, fo ? "permuted-row file {T, r, vrow0, vrow1}" : "permuted-row file {T, r, rank0, rank1, vrow0, vrow1}",
                "REG", RMAX, fo ? 5 + 8 + 2 * 5 : 5 + 8 + 4 * 5, 1);
    fg_iag_memory_add(out, fo ? "original-row file {row*C}" : "original-row file {row*C, m, T^-1}", "REG", RMAX,
                fo ? 13 : 13 + 8 + 5, 1);
    fg_iag_memory_add(out, "scalars {pattern, prime index, R, p, v, C, rows_used, K mod C, partial row, flags, r_partial}",
                "REG", 1, 2 + 6 + 5 + 9 + 5 + 9 + 5 + 8 + 5 + 1 + 1 + 8, 1);
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
    {"ph", "[2:0]", "PH_SEARCH"}, {"ctr", "[8:0]", "9'd0"},    {"ready", "", "1'b0"},      {"running", "", "1'b0"},
    {"inverse", "", "1'b0"},      {"pat", "[1:0]", "2'd0"},    {"pidx", "[5:0]", "6'd0"},  {"rr_n", "[4:0]", "5'd0"},
    {"p", "[8:0]", "9'd0"},       {"v", "[4:0]", "5'd0"},      {"c", "[8:0]", "9'd0"},     {"ru", "[4:0]", "5'd0"},
    {"ck", "[7:0]", "8'd0"},      {"prow", "[4:0]", "5'd0"},   {"hasp", "", "1'b0"},       {"exch", "", "1'b0"},
    {"rpart", "[7:0]", "8'd0"},   {"n0", "[4:0]", "5'd0"},     {"n1", "[4:0]", "5'd0"},    {"acc", "[12:0]", "13'd0"},
    {"scur", "[8:0]", "9'd0"},    {"pc_v", "", "1'b0"},        {"pc_sel", "", "1'b0"},     {"pc_cval", "[8:0]", "9'd0"},
    {"cs", "[12:0]", "13'd0"},    {"cnt", "[7:0]", "8'd0"},    {"prev_dm", "", "1'b0"},
};
/* Lane seeds; the last two only in the unified design. */
static const reg_t SEED_REGS[] = {
    {"sd_ok", "", "1'b0"},     {"sd_dm", "", "1'b0"},       {"sd_dmn", "", "1'b0"},    {"sd_j", "[7:0]", "8'd0"},
    {"sd_m", "[4:0]", "5'd0"}, {"sd_row", "[4:0]", "5'd0"}, {"sd_col", "[7:0]", "8'd0"},
};
/* Lane counters and pipeline; from row on only in the unified design. */
static const reg_t LANE_REGS[] = {
    {"pos", "signed [13:0]", "14'sd0"}, {"j", "signed [9:0]", "10'sd0"}, {"m", "[4:0]", "5'd0"},
    {"dm", "", "1'b0"},                 {"dmseed", "", "1'b0"},          {"raok", "", "1'b0"},
    {"a_v", "", "1'b0"},                {"a_err", "", "1'b0"},           {"a_sel", "", "1'b0"},
    {"a_cval", "[8:0]", "9'd0"},        {"a_row", "[4:0]", "5'd0"},      {"b_v", "", "1'b0"},
    {"b_err", "", "1'b0"},              {"b_val", "[12:0]", "13'd0"},    {"o_v", "", "1'b0"},
    {"o_err", "", "1'b0"},              {"o_addr", "[12:0]", "13'd0"},   {"row", "[5:0]", "6'd0"},
    {"col", "[8:0]", "9'd0"},           {"a_inv", "", "1'b0"},           {"b_inv", "", "1'b0"},
    {"a_mm", "[7:0]", "8'd0"},          {"a_ip", "[4:0]", "5'd0"},       {"b_ip", "[4:0]", "5'd0"},
};
enum {
    N_PRE = sizeof PRE_REGS / sizeof PRE_REGS[0],
    N_SEED = sizeof SEED_REGS / sizeof SEED_REGS[0],
    N_SEED_FO = N_SEED - 2,
    N_LANE = sizeof LANE_REGS / sizeof LANE_REGS[0],
    N_LANE_FO = N_LANE - 7
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
            "  // ROWS: register files of the permuted rows (T, r, vrow0/1%s) and the original rows (row*C%s).\n"
            "  reg [4:0] t_q [0:19];\n"
            "  reg [7:0] rr_q [0:19];\n"
            "  reg [4:0] vrow0_q [0:19];\n"
            "  reg [4:0] vrow1_q [0:19];\n"
            "  reg [12:0] rowbase_q [0:19];\n",
            fo ? "" : ", rank0/1", fo ? "" : ", m, T^-1");
    if (!fo)
        fprintf(f, "  reg [7:0] mm_q [0:19];\n"
                   "  reg [4:0] tinv_q [0:19];\n"
                   "  reg [4:0] rank0_q [0:19];\n"
                   "  reg [4:0] rank1_q [0:19];\n");
    fprintf(f,
            "  reg [4:0] n0_q, n1_q;  // valid rows so far (dm = 0 / dm = 1 columns)\n"
            "  reg [12:0] acc_q;      // c*C\n"
            "  wire [4:0] row_c = ctr_q[4:0];\n"
            "  wire row_used = rom_t < ru_q;\n"
            "  wire row_part = hasp_q && rom_t == prow_q;\n"
            "  always @(posedge clk_i) begin  // register files: no reset (written before use)\n"
            "    if (rst_ni && ph_q == PH_ROWS) begin\n"
            "      t_q[row_c] <= rom_t;\n"
            "      rr_q[row_c] <= rom_q;\n"
            "      rowbase_q[row_c] <= acc_q;\n"
            "      if (row_used) vrow0_q[n0_q] <= row_c;\n"
            "      if (row_used && !row_part) vrow1_q[n1_q] <= row_c;\n");
    if (!fo)
        fprintf(f, "      mm_q[rom_t] <= rom_m;\n"
                   "      tinv_q[rom_t] <= row_c;\n"
                   "      rank0_q[row_c] <= n0_q;\n"
                   "      rank1_q[row_c] <= n1_q;\n");
    fprintf(f, "    end\n  end\n\n");
    fprintf(f,
            "  // The preprocessing kernel (a*b) mod c: SFILL s <- (s*v) mod p, CORR (j*r_partial) mod (p-1).\n"
            "  reg [8:0] scur_q;\n"
            "  wire pre_fill = ph_q == PH_SFILL;\n"
            "  wire [8:0] pk_y;\n"
            "  fg_mulmod #(.N(9)) u_pre_kernel (\n"
            "      .a_i(pre_fill ? scur_q : ctr_q), .b_i(pre_fill ? {4'd0, v_q} : {1'b0, rpart_q}),\n"
            "      .c_i(pre_fill ? {1'b0, p_q} : {1'b0, pm1}), .y_o(pk_y));\n"
            "  // SFILL: write s(j)-1 at j (and j at s(j)-1) into every lane's RAM copy.\n"
            "  wire fill_we = rst_ni && pre_fill;\n"
            "  wire [7:0] scur_m1 = scur_q[7:0] - 8'd1;  // s(j) <= p-1 <= 256\n"
            "  wire unused_scur = scur_q[8];\n"
            "  // CORR: column ctr of the partial row: s RAM address (lane 0's port) or a constant;\n"
            "  // one cycle later dm(j) = U_partial(j) >= K mod C, written with cnt(j) into every lane copy.\n"
            "  reg pc_v_q, pc_sel_q;\n"
            "  reg [8:0] pc_cval_q;\n"
            "  reg [12:0] cs_q;   // colstart(j)\n"
            "  reg [7:0] cnt_q;   // dm(0) + ... + dm(j-1)\n"
            "  reg prev_dm_q;     // dm(j-1)\n"
            "  wire [7:0] s0_rd;  // lane 0's s RAM read data\n"
            "  wire [7:0] pre_s_raddr = pk_y[7:0];\n"
            "  wire [8:0] pc_val = pc_sel_q ? ({1'b0, s0_rd} + (c_is_pm1 ? 9'd0 : 9'd1)) : pc_cval_q;\n"
            "  wire dm_new = hasp_q && pc_val >= {1'b0, ck_q};\n"
            "  wire [4:0] nv = ru_q - {4'd0, dm_new};  // cells of column j\n"
            "  wire [7:0] corr_j = ctr_q[7:0] - 8'd1;\n"
            "  wire corr_we = rst_ni && ph_q == PH_CORR && pc_v_q;\n"
            "  wire [%d:0] corr_wdata = %s;\n\n",
            fo ? 0 : 8, fo ? "dm_new" : "{dm_new, cnt_q}");
    fprintf(f, "  // Next state of the preprocessing unit and of the mode registers.\n");
    regs_d_decl(f, "  ", PRE_REGS, N_PRE);
    fprintf(f, "  always @* begin\n");
    regs_hold(f, "    ", PRE_REGS, N_PRE);
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
            "        if (row_used && !row_part) n1_d = n1_q + 5'd1;\n"
            "        if (row_part) rpart_d = rom_q;\n"
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
            "        if (pc_v_q) begin\n"
            "          cs_d = cs_q + {8'd0, nv};\n"
            "          cnt_d = cnt_q + {7'd0, dm_new};\n"
            "          prev_dm_d = dm_new;\n"
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
            FG_UMTS_NUM_PRIMES - 1);
    regs_ff(f, "  ", PRE_REGS, N_PRE);
    fprintf(f, "  assign ready_o = ready_q;\n\n");
}

static void emit_lanes(FILE *f, int fo)
{
    fprintf(f,
            "  // ================= Runtime lanes =================\n"
            "  genvar l;\n"
            "  generate\n"
            "    for (l = 0; l < P; l = l + 1) begin : g_lane\n"
            "      wire signed [13:0] x0 = lane_start_i[l*14+:14];\n"
            "      wire [2:0] d = lane_stride_i[l*3+:3];\n"
            "      wire up = ~d[2];  // stride > 0\n"
            "      wire used = ~x0[13];\n"
            "      wire signed [14:0] x15 = {x0[13], x0};\n\n"
            "      // ---- seed latches (written by the preprocessing unit)\n"
            "      reg sd_ok_q, sd_dm_q, sd_dmn_q;\n"
            "      reg [7:0] sd_j_q;\n"
            "      reg [4:0] sd_m_q;\n"
            "      wire signed [14:0] cs15 = {2'b00, cs_q};\n"
            "      wire signed [14:0] cs_end = cs15 + {10'd0, nv};\n"
            "      wire in_col = x15 >= cs15 && x15 < cs_end;  // x0 in column j (CORR)\n"
            "      wire [14:0] sd_m_full = x15 - cs15;\n"
            "      wire [9:0] unused_sd_m = sd_m_full[14:5];\n");
    if (!fo)
        fprintf(f,
                "      reg [4:0] sd_row_q;\n"
                "      reg [7:0] sd_col_q;\n"
                "      wire signed [14:0] acc15 = {2'b00, acc_q};\n"
                "      wire signed [14:0] acc_end = acc15 + {6'd0, c_q};\n"
                "      wire in_row = x15 >= acc15 && x15 < acc_end;  // x0 in original row c (ROWS)\n"
                "      wire [14:0] sd_col_full = x15 - acc15;\n"
                "      wire [6:0] unused_sd_col = sd_col_full[14:8];\n");
    regs_d_decl(f, "      ", SEED_REGS, fo ? N_SEED_FO : N_SEED);
    fprintf(f, "      always @* begin\n");
    regs_hold(f, "        ", SEED_REGS, fo ? N_SEED_FO : N_SEED);
    fprintf(f,
            "%s"
            "        if (ph_q == PH_CORR && pc_v_q) begin\n"
            "          if (in_col) begin\n"
            "            sd_ok_d = 1'b1; sd_j_d = corr_j; sd_m_d = sd_m_full[4:0]; sd_dm_d = dm_new;\n"
            "            sd_dmn_d = !up && corr_j != 8'd0 && prev_dm_q;\n"
            "          end else if (sd_ok_q && up && {1'b0, sd_j_q} + 9'd1 == {1'b0, corr_j}) begin\n"
            "            sd_dmn_d = dm_new;  // dm of the next column, for an ascending lane\n"
            "          end\n"
            "        end\n"
            "      end\n",
            fo ? "" :
                 "        if (ph_q == PH_ROWS && in_row) begin\n"
                 "          sd_row_d = row_c; sd_col_d = sd_col_full[7:0];\n"
                 "        end\n");
    regs_ff(f, "      ", SEED_REGS, fo ? N_SEED_FO : N_SEED);

    /* Lane counters, input check, stage A. */
    fprintf(f,
            "      // ---- lane counters and input check\n"
            "      reg signed [13:0] pos_q;  // the x served next\n"
            "      reg signed [9:0] j_q;     // forward: column\n"
            "      reg [4:0] m_q;            // forward: rank inside the column\n"
            "      reg dm_q;                 // forward: dm(j)\n"
            "      reg dmseed_q, raok_q;     // dm(j+dir) comes from the seed / the RAM read was in range\n"
            "      wire [%d:0] corr_rd;\n"
            "      wire dmn = dmseed_q ? sd_dmn_q : (raok_q & corr_rd[%d]);  // dm(j + dir)\n"
            "      wire [12:0] x = lane_x_i[l*13+:13];\n"
            "      wire vin = lane_valid_i[l];\n"
            "      wire ok = vin && !start && running_q && used && pos_q == {1'b0, x} && x < k_i%s;\n"
            "      wire signed [13:0] d14 = {{11{d[2]}}, d};\n"
            "      wire signed [9:0] ra = j_q + (up ? 10'sd1 : -10'sd1);  // dm read-ahead address\n"
            "      wire ra_ok = ra >= 10'sd0 && ra < $signed({1'b0, c_q});\n"
            "      wire [8:0] jc = j_q[8:0];\n"
            "      wire unused_j = j_q[9];\n",
            fo ? 0 : 8, fo ? 0 : 8, fo ? " && !inverse_q" : "");
    fprintf(f,
            "      // forward stage A: i = vrow_dm[m], row = T(i), U(j) select\n"
            "      wire [4:0] fi = dm_q ? vrow1_q[m_q] : vrow0_q[m_q];\n"
            "      wire [4:0] frow = t_q[fi];\n"
            "      wire [7:0] fr = rr_q[fi];\n"
            "      wire f_last = exch_q && frow == rr_n_q - 5'd1;\n"
            "      wire [8:0] ky;  // the lane's kernel\n"
            "      reg f_sel;\n"
            "      reg [8:0] f_cval;\n"
            "      reg [7:0] f_raddr;\n"
            "      always @* begin\n"
            "        f_sel = 1'b0; f_cval = 9'd0; f_raddr = ky[7:0];\n"
            "        if (f_last && jc == 9'd0) f_cval = p_q;                        // U_{R-1}(0) = p\n"
            "        else if (f_last && jc == p_q) begin f_sel = 1'b1; f_raddr = 8'd0; end  // U_{R-1}(p) = s(0)\n"
            "        else if (jc < pm1) f_sel = 1'b1;                                // s((j*r) mod (p-1))\n"
            "        else if (jc == pm1) f_cval = 9'd0;                              // U(p-1) = 0\n"
            "        else f_cval = p_q;                                              // U(p) = p\n"
            "      end\n"
            "      wire unused_ky = ky[8];  // < p-1 <= 256\n");
    if (!fo)
        fprintf(f,
                "      reg [5:0] row_q;  // inverse: original row\n"
                "      reg [8:0] col_q;  // inverse: column\n"
                "      wire [4:0] irow = row_q[4:0];\n"
                "      wire unused_row = row_q[5];\n"
                "      wire i_last = exch_q && irow == rr_n_q - 5'd1;\n"
                "      reg i_sel;\n"
                "      reg [8:0] i_cval;\n"
                "      always @* begin\n"
                "        i_sel = 1'b1; i_cval = 9'd0;\n"
                "        if (i_last && (col_q == p_q || col_q == 9'd1)) begin\n"
                "          i_sel = 1'b0; i_cval = (col_q == p_q) ? 9'd0 : p_q;         // exchange\n"
                "        end else if (!c_is_pm1 && (col_q == 9'd0 || col_q == p_q)) begin\n"
                "          i_sel = 1'b0; i_cval = (col_q == 9'd0) ? pm1 : p_q;         // j' = p-1, p\n"
                "        end\n"
                "      end\n"
                "      wire [7:0] i_raddr = c_is_pm1 ? col_q[7:0] : col_q[7:0] - 8'd1;\n"
                "      wire [7:0] i_mm = mm_q[irow];   // m of the row\n"
                "      wire [4:0] i_ip = tinv_q[irow]; // its permuted index T^-1(row)\n"
                "      wire unused_col = col_q[8];\n");
    /* Pipeline registers. */
    fprintf(f,
            "      // ---- pipeline: stage A (after the input cycle), stage B, output\n"
            "      reg a_v_q, a_err_q, a_sel_q;\n"
            "      reg [8:0] a_cval_q;\n"
            "      reg [4:0] a_row_q;\n"
            "      reg b_v_q, b_err_q;\n"
            "      reg [12:0] b_val_q;\n"
            "      reg o_v_q, o_err_q;\n"
            "      reg [12:0] o_addr_q;\n"
            "      wire [7:0] s_rd;\n");
    if (!fo)
        fprintf(f,
                "      reg a_inv_q, b_inv_q;  // mode of the entry\n"
                "      reg [7:0] a_mm_q;\n"
                "      reg [4:0] a_ip_q, b_ip_q;\n"
                "      wire [7:0] sinv_rd;\n"
                "      // One kernel per lane: forward stage A (j*r_i) mod (p-1), inverse stage B (s^-1 * m) mod (p-1).\n"
                "      fg_mulmod #(.N(9)) u_kernel (\n"
                "          .a_i(inverse_q ? {1'b0, sinv_rd} : jc), .b_i(inverse_q ? {1'b0, a_mm_q} : {1'b0, fr}),\n"
                "          .c_i({1'b0, pm1}), .y_o(ky));\n"
                "      wire [8:0] i_val = a_sel_q ? ky : a_cval_q;  // j'\n");
    else
        fprintf(f,
                "      fg_mulmod #(.N(9)) u_kernel (.a_i(jc), .b_i({1'b0, fr}), .c_i({1'b0, pm1}), .y_o(ky));\n");
    fprintf(f,
            "      wire [8:0] f_u = a_sel_q ? ({1'b0, s_rd} + (c_is_pm1 ? 9'd0 : 9'd1)) : a_cval_q;  // U\n"
            "      wire [12:0] f_val = rowbase_q[a_row_q] + {4'd0, f_u};\n");
    /* RAMs. */
    fprintf(f,
            "      // ---- RAM copies of this lane (written by SFILL / CORR, read at run time)\n"
            "      wire [7:0] s_raddr;\n"
            "      if (l == 0) begin : g_pre_port  // lane 0's s RAM port serves CORR before ready\n"
            "        assign s_raddr = ready_q ? f_raddr : pre_s_raddr;\n"
            "        assign s0_rd = s_rd;\n"
            "      end else begin : g_port\n"
            "        assign s_raddr = f_raddr;\n"
            "      end\n"
            "      fg_sram_1r1w #(.DEPTH(256), .AW(8), .DW(8)) u_s_ram (\n"
            "          .clk_i(clk_i), .we_i(fill_we), .waddr_i(ctr_q[7:0]), .wdata_i(scur_m1),\n"
            "          .re_i(1'b1), .raddr_i(s_raddr), .rdata_o(s_rd));\n");
    if (!fo)
        fprintf(f,
                "      fg_sram_1r1w #(.DEPTH(256), .AW(8), .DW(8)) u_sinv_ram (\n"
                "          .clk_i(clk_i), .we_i(fill_we), .waddr_i(scur_m1), .wdata_i(ctr_q[7:0]),\n"
                "          .re_i(1'b1), .raddr_i(i_raddr), .rdata_o(sinv_rd));\n"
                "      // Correction RAM {dm, cnt}: forward reads dm(j+dir) every cycle, inverse reads at j'.\n"
                "      fg_sram_1r1w #(.DEPTH(256), .AW(8), .DW(9)) u_corr_ram (\n"
                "          .clk_i(clk_i), .we_i(corr_we), .waddr_i(corr_j), .wdata_i(corr_wdata),\n"
                "          .re_i(1'b1), .raddr_i(inverse_q ? i_val[7:0] : ra[7:0]), .rdata_o(corr_rd));\n"
                "      wire [4:0] rank = corr_rd[8] ? rank1_q[b_ip_q] : rank0_q[b_ip_q];\n"
                "      wire [12:0] i_addr = {4'd0, b_val_q[8:0]} * {8'd0, ru_q} - {5'd0, corr_rd[7:0]} + {8'd0, rank};\n"
                "      wire unused_ival = i_val[8];\n");
    else
        fprintf(f,
                "      // Correction RAM {dm}: read dm(j+dir) every cycle.\n"
                "      fg_sram_1r1w #(.DEPTH(256), .AW(8), .DW(1)) u_corr_ram (\n"
                "          .clk_i(clk_i), .we_i(corr_we), .waddr_i(corr_j), .wdata_i(corr_wdata),\n"
                "          .re_i(1'b1), .raddr_i(ra[7:0]), .rdata_o(corr_rd));\n");
    /* Sequential lane logic. */
    fprintf(f,
            "      // forward counters: m += d, wrapping into the next / previous column\n"
            "      wire signed [6:0] mn = $signed({2'b00, m_q}) + {{4{d[2]}}, d};\n"
            "      wire signed [6:0] thr = $signed({2'b00, ru_q - {4'd0, dm_q}});\n"
            "      wire signed [6:0] thr_n = $signed({2'b00, ru_q - {4'd0, dmn}});\n"
            "      wire signed [6:0] m_over = mn - thr;\n"
            "      wire signed [6:0] m_under = mn + thr_n;\n"
            "      wire [1:0] unused_m = {m_over[6] ^ m_over[5], m_under[6] ^ m_under[5]};\n");
    if (!fo)
        fprintf(f,
                "      // inverse counters: col += d, wrapping into the next / previous row\n"
                "      wire signed [10:0] cn = $signed({2'b00, col_q}) + {{8{d[2]}}, d};\n"
                "      wire signed [10:0] c11 = $signed({2'b00, c_q});\n"
                "      wire signed [10:0] cn_over = cn - c11;\n"
                "      wire signed [10:0] cn_under = cn + c11;\n"
                "      wire [3:0] unused_cn = {cn_over[10:9], cn_under[10:9]};\n");
    regs_d_decl(f, "      ", LANE_REGS, fo ? N_LANE_FO : N_LANE);
    fprintf(f, "      always @* begin\n");
    regs_hold(f, "        ", LANE_REGS, fo ? N_LANE_FO : N_LANE);
    fprintf(f,
            "        // output register <- stage B (inverse: the correction RAM data of j')\n"
            "        o_v_d = b_v_q && !b_err_q;\n"
            "        o_err_d = b_v_q && b_err_q;\n"
            "        o_addr_d = (b_v_q && !b_err_q) ? %s : 13'd0;\n"
            "        // stage B <- stage A (forward: row*C + U; inverse: j' from the kernel)\n"
            "        b_v_d = a_v_q;\n"
            "        b_err_d = a_err_q;\n"
            "        b_val_d = (a_v_q && !a_err_q) ? %s : 13'd0;\n"
            "%s"
            "        // stage A <- counters and input\n"
            "        a_v_d = vin;\n"
            "        a_err_d = vin && !ok;\n"
            "        a_sel_d = 1'b0; a_cval_d = 9'd0; a_row_d = 5'd0;\n"
            "%s",
            fo ? "b_val_q" : "(b_inv_q ? i_addr : b_val_q)",
            fo ? "f_val" : "(a_inv_q ? {4'd0, i_val} : f_val)",
            fo ? "" : "        b_ip_d = a_ip_q;\n        b_inv_d = a_inv_q;\n",
            fo ? "" : "        a_inv_d = inverse_q;\n        a_mm_d = 8'd0; a_ip_d = 5'd0;\n");
    if (!fo)
        fprintf(f,
                "        if (ok && inverse_q) begin\n"
                "          a_sel_d = i_sel; a_cval_d = i_cval; a_mm_d = i_mm; a_ip_d = i_ip;\n"
                "        end else if (ok) begin\n"
                "          a_sel_d = f_sel; a_cval_d = f_cval; a_row_d = frow;\n"
                "        end\n");
    else
        fprintf(f,
                "        if (ok) begin\n"
                "          a_sel_d = f_sel; a_cval_d = f_cval; a_row_d = frow;\n"
                "        end\n");
    fprintf(f,
            "        // counters: advance by d on a served input; start loads the seeds\n"
            "        dmseed_d = start;\n"
            "        raok_d = ra_ok;\n"
            "        if (start) begin\n"
            "          pos_d = x0;\n"
            "          j_d = {2'b00, sd_j_q}; m_d = sd_m_q; dm_d = sd_dm_q;\n"
            "%s"
            "        end else if (ok) begin\n"
            "          pos_d = pos_q + d14;\n",
            fo ? "" : "          row_d = {1'b0, sd_row_q}; col_d = {1'b0, sd_col_q};\n");
    if (!fo)
        fprintf(f,
                "          if (inverse_q) begin\n"
                "            if (cn >= c11) begin\n"
                "              col_d = cn_over[8:0]; row_d = row_q + 6'd1;\n"
                "            end else if (cn < 11'sd0) begin\n"
                "              col_d = cn_under[8:0]; row_d = row_q - 6'd1;\n"
                "            end else begin\n"
                "              col_d = cn[8:0];\n"
                "            end\n"
                "          end else ");
    else
        fprintf(f, "          ");
    fprintf(f,
            "if (mn >= thr) begin\n"
            "            m_d = m_over[4:0]; j_d = j_q + 10'sd1; dm_d = dmn;\n"
            "          end else if (mn < 7'sd0) begin\n"
            "            m_d = m_under[4:0]; j_d = j_q - 10'sd1; dm_d = dmn;\n"
            "          end else begin\n"
            "            m_d = mn[4:0];\n"
            "          end\n"
            "        end\n"
            "      end\n");
    regs_ff(f, "      ", LANE_REGS, fo ? N_LANE_FO : N_LANE);
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
