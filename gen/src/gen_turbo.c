/* fecforge gen turbo: the parallel radix-4 XMAP turbo decoder as Verilog-2005, the twin of fg_turbo_arch
 * (data FIXED, path FIT; cmodel/src/turbo/turbo_arch.c); docs/rtl-turbo.md. The top registers the static
 * inputs, looks K up in a generated K table (the sub-block length the model picks for it) and holds the
 * decoder core of rtl/lib (fg_turbo_core) and the standard's IAG as its own generator writes it. */
#include "fecforge_gen/gen.h"
#include "gen_internal.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"

#include <stdio.h>
#include <string.h>

enum { AW = 13, P_MIN = 2, P_MAX = FG_IAG_LANES_MAX / 4, LATENCY_DEFAULT = 6, LATENCY_MIN = 4 };

fg_gen_turbo_cfg fg_gen_turbo_cfg_default(void)
{
    return (fg_gen_turbo_cfg){.std = FG_STD_LTE, .P = 16, .k_max = FG_LTE_K_MAX, .fmt = fg_xmap_fmt_default(),
                              .siso_latency = LATENCY_DEFAULT, .nii = 1};
}

int fg_gen_turbo_check(const fg_gen_turbo_cfg *c)
{
    if (c->std != FG_STD_LTE && c->std != FG_STD_UMTS)
        return fg_set_error(FG_EINVAL, "std=%d invalid: lte or umts", (int)c->std);
    if (c->P < P_MIN || c->P > P_MAX)
        return fg_set_error(FG_EINVAL, "P=%d out of range [%d, %d] (the core's bank index has a SISO field; the IAG "
                            "serves at most %d lanes)", c->P, P_MIN, P_MAX, FG_IAG_LANES_MAX);
    const int k_lo = c->std == FG_STD_LTE ? FG_LTE_K_MIN : FG_UMTS_K_MIN;
    const int k_hi = c->std == FG_STD_LTE ? FG_LTE_K_MAX : FG_UMTS_K_MAX;
    if (c->k_max < k_lo || c->k_max > k_hi)
        return fg_set_error(FG_EINVAL, "k_max=%d out of range [%d, %d] for %s", c->k_max, k_lo, k_hi,
                            fg_std_name(c->std));
    if (c->siso_latency < LATENCY_MIN || c->siso_latency > FG_TURBO_ARCH_LATENCY_MAX)
        return fg_set_error(FG_EINVAL, "latency=%d out of range [%d, %d] (the SISO's pipeline needs %d)",
                            c->siso_latency, LATENCY_MIN, FG_TURBO_ARCH_LATENCY_MAX, LATENCY_MIN);
    if (c->nii != 0 && c->nii != 1)
        return fg_set_error(FG_EINVAL, "nii=%d invalid: 0 or 1", c->nii);
    return fg_xmap_fmt_check(&c->fmt);
}

void fg_gen_turbo_name(const fg_gen_turbo_cfg *c, char *buf, size_t n)
{
    const fg_xmap_fmt d = fg_xmap_fmt_default(), *f = &c->fmt;
    char fmt[48] = "", lat[16] = "";
    if (f->w_ch != d.w_ch || f->w_ext != d.w_ext || f->w_bm != d.w_bm || f->w_sm != d.w_sm)
        snprintf(fmt, sizeof fmt, "_c%de%db%ds%d", f->w_ch, f->w_ext, f->w_bm, f->w_sm);
    if (c->siso_latency != LATENCY_DEFAULT)
        snprintf(lat, sizeof lat, "_lat%d", c->siso_latency);
    snprintf(buf, n, "fg_turbo_%s_p%d_k%d%s%s%s%s", c->std == FG_STD_LTE ? "lte" : "umts", c->P, c->k_max, fmt,
             f->norm == FG_XMAP_NORM_SUBTRACT ? "_sub" : "", c->nii ? "" : "_nonii", lat);
}

fg_gen_dbcf_cfg fg_gen_turbo_dbcf_cfg(const fg_gen_turbo_cfg *c, int lmax)
{
    fg_gen_dbcf_cfg d = {.dbcf = fg_turbo_arch_cfg_default().dbcf, .width = c->fmt.w_ext + 1,
                         .bank_depth = lmax / 4, .external_banks = 1};
    d.dbcf.pllr = d.dbcf.banks = 4 * c->P;
    d.dbcf.stall = 0;
    return d;
}

fg_turbo_arch_cfg fg_gen_turbo_arch_cfg(const fg_gen_turbo_cfg *c, int K, int half_iters)
{
    fg_turbo_arch_cfg a = fg_turbo_arch_cfg_default();
    a.std = c->std;
    a.K = K;
    a.P = c->P;
    a.half_iters = half_iters;
    a.siso_latency = c->siso_latency;
    a.path = FG_TURBO_ARCH_PATH_FIT;
    a.data = FG_TURBO_ARCH_DATA_FIXED;
    a.fmt = c->fmt;
    a.nii = c->nii;
    return a;
}

int fg_gen_turbo_sizes(const fg_gen_turbo_cfg *c, fg_gen_turbo_size *out, int *lmax)
{
    int n = 0, lm = 0;
    for (int i = 0; i < fg_interleaver_num_sizes(c->std); i++) {
        const int K = fg_interleaver_size(c->std, i);
        if (K > c->k_max)
            break;
        const fg_turbo_arch_cfg a = fg_gen_turbo_arch_cfg(c, K, 2);
        fg_turbo_arch_cfg run;
        const int rc = fg_turbo_arch_resolve(&a, &run);
        if (rc)
            return rc;
        if (n == FG_GEN_TURBO_SIZES_MAX)
            return fg_set_error(FG_EINVAL, "more than %d block sizes", FG_GEN_TURBO_SIZES_MAX);
        const int L = 4 * ((K + 4 * run.P - 1) / (4 * run.P));
        out[n++] = (fg_gen_turbo_size){K, run.P, L};
        lm = L > lm ? L : lm;
    }
    if (lmax)
        *lmax = lm;
    return n;
}

/* j of a size: the block runs on P / 2^j SISOs (UMTS; LTE's P' need not divide P and has no sub-banks). */
static int j_of(const fg_gen_turbo_cfg *c, const fg_gen_turbo_size *z)
{
    int j = 0;
    while (c->std == FG_STD_UMTS && (z->P << j) < c->P)
        j++;
    return j;
}

static int jmax_of(const fg_gen_turbo_cfg *c, const fg_gen_turbo_size *sz, int n)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        m = j_of(c, &sz[i]) > m ? j_of(c, &sz[i]) : m;
    return m;
}

static int jw_of(int jmax) /* the core's j_i bits */
{
    int b = 1;
    while ((1 << b) < jmax + 1)
        b++;
    return b;
}

static void params_text(const fg_gen_turbo_cfg *c, int lmax, char *buf, size_t n)
{
    const fg_xmap_fmt *f = &c->fmt;
    snprintf(buf, n,
             "std=%s parallel=%d k_max=%d llr_width=%d llr_frac=%d ext_width=%d bm_width=%d sm_width=%d norm=%s "
             "latency=%d nii=%d lmax=%d",
             fg_std_name(c->std), c->P, c->k_max, f->w_ch, f->f_ch, f->w_ext, f->w_bm, f->w_sm,
             f->norm == FG_XMAP_NORM_MODULO ? "modulo" : "subtract", c->siso_latency, c->nii, lmax);
}

typedef fg_gen_port port_t;
enum { PORTS_MAX = 40 };

static int ports_of(const fg_gen_turbo_cfg *c, const fg_vec_turbo_arch_dims *d, port_t *p)
{
    const int NL = d->nl, W_CH = c->fmt.w_ch, W_EXT = c->fmt.w_ext;
    const port_t all[] = {
        {"clk_i", 0, 1, "clock"},
        {"rst_ni", 0, 1, "synchronous active-low reset"},
        {"k_i", 0, AW, "block size K (registered; static from one cycle before the first load to done_o)"},
        {"half_iters_i", 0, 8, "half-iterations, >= 1 (registered; static as k_i)"},
        {"tail_i", 0, 12 * W_CH, "the encoders' tails x z x z x z, encoder s at [s*6*W_CH +: 6*W_CH] (static)"},
        {"ld_valid_i", 0, 1, "load port, idle or done: the channel words of position ld_pos_i < K"},
        {"ld_pos_i", 0, AW, "natural position k"},
        {"ld_data_i", 0, 4 * W_CH, "{z'[k], x[pi(k)], z[k], x[k]}, W_CH bits each"},
        {"start_i", 0, 1, "idle or done, K a size of the design: begin the block"},
        {"hard_rd_pos_i", 0, AW, "unload port: natural bit j"},
        {"k_ok_o", 1, 1, "the registered K is a size of the design (loads and start are ignored otherwise)"},
        {"hard_rd_data_o", 1, 1, "decision of bit hard_rd_pos_i of the previous cycle (valid in done)"},
        {"state_o", 1, 2, "0 idle, 1 preprocess (IAG), 2 half-iteration, 3 done"},
        {"half_o", 1, 8, "half-iteration, from 0"},
        {"tau_o", 1, d->tw, "cycle inside the half-iteration"},
        {"half_end_o", 1, 1, "last cycle of a half-iteration"},
        {"done_o", 1, 1, "the block is decoded"},
        {"rd_valid_o", 1, NL, "lane l reads natural position rd_pos_o[l] (channel and extrinsic memories)"},
        {"rd_pos_o", 1, NL * AW, "the position, [l*13 +: 13]"},
        {"rd_bank_o", 1, NL * d->bw, "its extrinsic bank"},
        {"rd_row_o", 1, NL * d->rw, "and row"},
        {"rd_sys_o", 1, NL * W_CH, "the systematic LLR read (this half-iteration's decoder)"},
        {"rd_par_o", 1, NL * W_CH, "the parity LLR read"},
        {"rd_apr_o", 1, NL * W_EXT, "the a-priori (extrinsic) LLR read"},
        {"out_valid_o", 1, NL, "lane l's SISO output: the extrinsic LLR of position out_x_o[l]"},
        {"out_x_o", 1, NL * AW, "its position in the decoder's order"},
        {"out_llr_o", 1, NL * W_EXT, "its extrinsic LLR"},
        {"iag_valid_o", 1, NL, "the IAG's address of that output (LIAG cycles later)"},
        {"iag_err_o", 1, NL, "the IAG did not serve the lane's input"},
        {"iag_addr_o", 1, NL * AW, "the interleaved (first decoder: deinterleaved) address"},
        {"word_valid_o", 1, NL, "lane l's write word"},
        {"word_bank_o", 1, NL * d->bw, c->std == FG_STD_LTE ? "its bank (qpp mapping)" : "its bank (xmap-xor mapping)"},
        {"word_row_o", 1, NL * d->rw, "its row"},
        {"word_data_o", 1, NL * W_EXT, c->std == FG_STD_LTE ? "its LLR" : "its LLR (to the DBCF)"},
        {"ext_we_o", 1, NL, "extrinsic bank b writes this cycle"},
        {"ext_row_o", 1, NL * d->rw, "its row"},
        {"ext_data_o", 1, NL * W_EXT, "its LLR"},
    };
    memcpy(p, all, sizeof all);
    return (int)(sizeof all / sizeof all[0]);
}

static int cw_of(const fg_vec_turbo_arch_dims *d) /* the core's c0_i bits: clog2(QMAX + 1) */
{
    int b = 0;
    while ((1 << b) < d->qmax + 1)
        b++;
    return b;
}

static void emit_ktab(FILE *f, const fg_gen_turbo_cfg *c, const char *top, const fg_vec_turbo_arch_dims *d,
                      const fg_gen_turbo_size *sz, int n, const char *params)
{
    const int CW = cw_of(d), JW = jw_of(jmax_of(c, sz, n)), umts = c->std == FG_STD_UMTS;
    fg_gen_header(f, "K table of the turbo decoder: per block size, C0 = L/4 of the sub-blocks the step model runs "
                     "it on (fg_turbo_arch_resolve, path fit; docs/rtl-turbo.md)", params);
    fprintf(f, "`default_nettype none\nmodule %s_ktab (\n", top);
    const port_t ports[] = {{"k_i", 0, AW, "block size K"},
                            {"ok_o", 1, 1, "K is a size of the design"},
                            {"c0_o", 1, CW, "C0 = L/4 (0 when not ok)"},
                            {"j_o", 1, JW, "the block runs on P / 2^j SISOs, 2^j sub-banks per lane (UMTS; LTE 0)"}};
    fg_gen_port_list(f, ports, 4);
    fprintf(f, "  reg ok;\n  reg [%d:0] c0;\n  reg [%d:0] j;\n  always @* begin\n    ok = 1'b1;\n    j = %d'd0;\n"
               "    case (k_i)\n",
            CW - 1, JW - 1, JW);
    for (int i = 0; i < n; i++) {
        const int j = j_of(c, &sz[i]);
        if (j)
            fprintf(f, "      %d'd%d: begin\n        c0 = %d'd%d;\n        j = %d'd%d;\n      end  // P' %d, L %d\n", AW,
                    sz[i].K, CW, sz[i].L / 4, JW, j, sz[i].P, sz[i].L);
        else
            fprintf(f, "      %d'd%d: c0 = %d'd%d;  // P' %d, L %d\n", AW, sz[i].K, CW, sz[i].L / 4, sz[i].P, sz[i].L);
    }
    fprintf(f, "      default: begin\n        ok = 1'b0;\n        c0 = %d'd0;\n      end\n    endcase\n  end\n"
               "  assign ok_o = ok;\n  assign c0_o = c0;\n  assign j_o = j;%s\nendmodule\n`default_nettype wire\n",
            CW, umts ? "" : "  // 0: LTE runs its sizes without sub-banks");
}

static void emit_top(FILE *f, const fg_gen_turbo_cfg *c, const char *top, const char *iag, const char *dbcf,
                     int dbcf_level_w, const fg_vec_turbo_arch_dims *d, int lmax, int n_sizes, int jmax,
                     const char *params)
{
    const fg_xmap_fmt *x = &c->fmt;
    const int NL = d->nl, CW = cw_of(d), W_CH = x->w_ch, JW = jw_of(jmax), umts = c->std == FG_STD_UMTS;
    const int XW = x->w_ext + 1;
    fg_gen_header(f, umts ? "Parallel radix-4 XMAP turbo decoder: K table, decoder core (rtl/lib/fg_turbo_core.v), IAG "
                            "and DBCF (docs/rtl-turbo.md; cycle-exact twin of fg_turbo_arch, data FIXED, path fit)"
                          : "Parallel radix-4 XMAP turbo decoder: K table, decoder core (rtl/lib/fg_turbo_core.v) and "
                            "IAG (docs/rtl-turbo.md; cycle-exact twin of fg_turbo_arch, data FIXED, path fit)",
                  params);
    port_t ports[PORTS_MAX];
    const int np = ports_of(c, d, ports);
    fprintf(f, "`default_nettype none\nmodule %s (\n", top);
    fg_gen_port_list(f, ports, np);
    fprintf(f,
            "  // The static inputs pass through registers: the logic that depends on them (the K table, the\n"
            "  // position generators, lane programs and bank mappers) starts from a register.\n"
            "  reg [%d:0] k_q;\n  reg [7:0] hi_q;\n  reg [%d:0] tail_q;\n"
            "  always @(posedge clk_i) begin\n"
            "    if (!rst_ni) begin\n      k_q <= %d'd0;\n      hi_q <= 8'd0;\n      tail_q <= %d'd0;\n"
            "    end else begin\n      k_q <= k_i;\n      hi_q <= half_iters_i;\n      tail_q <= tail_i;\n    end\n"
            "  end\n\n"
            "  // K table: %d sizes up to K %d, sub-blocks up to L %d.\n"
            "  wire k_ok;\n  wire [%d:0] c0;\n  wire [%d:0] j;\n"
            "  %s_ktab u_ktab (.k_i(k_q), .ok_o(k_ok), .c0_o(c0), .j_o(j));\n  assign k_ok_o = k_ok;\n\n",
            AW - 1, 12 * W_CH - 1, AW, 12 * W_CH, n_sizes, c->k_max, lmax, CW - 1, JW - 1, top);
    fprintf(f,
            "  wire iag_rst_n, iag_start, iag_inverse, iag_ready;\n"
            "  wire [%d:0] lane_start;\n  wire [%d:0] lane_stride;\n"
            "  wire [%d:0] iag_in_valid, iag_valid, iag_err;\n  wire [%d:0] iag_in_x, iag_addr;\n"
            "  wire dbcf_rst_n;\n  wire [%d:0] dbcf_valid, dbcf_reject, dbcf_we;\n  wire [%d:0] dbcf_bank;\n"
            "  wire [%d:0] dbcf_row, dbcf_wrow;\n  wire [%d:0] dbcf_data, dbcf_wdata;\n"
            "  fg_turbo_core #(\n"
            "      .P(%d), .LMAX(%d), .W_CH(%d), .W_EXT(%d), .W_BM(%d), .W_SM(%d), .NORM(%d), .LMAP(%d), .LIAG(%d),\n"
            "      .NII(%d), .UMTS(%d), .JMAX(%d)\n"
            "  ) u_core (\n"
            "      .clk_i(clk_i), .rst_ni(rst_ni), .k_i(k_q), .c0_i(c0), .j_i(j), .half_iters_i(hi_q), .tail_i(tail_q),\n"
            "      .ld_valid_i(ld_valid_i & k_ok), .ld_pos_i(ld_pos_i), .ld_data_i(ld_data_i), .start_i(start_i & k_ok),\n"
            "      .iag_rst_no(iag_rst_n), .iag_lane_start_o(lane_start), .iag_lane_stride_o(lane_stride),\n"
            "      .iag_start_o(iag_start), .iag_inverse_o(iag_inverse), .iag_valid_o(iag_in_valid), .iag_x_o(iag_in_x),\n"
            "      .iag_ready_i(iag_ready), .iag_valid_i(iag_valid), .iag_err_i(iag_err), .iag_addr_i(iag_addr),\n"
            "      .dbcf_rst_no(dbcf_rst_n), .dbcf_valid_o(dbcf_valid), .dbcf_bank_o(dbcf_bank), .dbcf_row_o(dbcf_row),\n"
            "      .dbcf_data_o(dbcf_data), .dbcf_reject_i(dbcf_reject), .dbcf_we_i(dbcf_we), .dbcf_row_i(dbcf_wrow),\n"
            "      .dbcf_data_i(dbcf_wdata),\n"
            "      .hard_rd_pos_i(hard_rd_pos_i), .hard_rd_data_o(hard_rd_data_o),\n"
            "      .state_o(state_o), .half_o(half_o), .tau_o(tau_o), .half_end_o(half_end_o), .done_o(done_o),\n"
            "      .rd_valid_o(rd_valid_o), .rd_pos_o(rd_pos_o), .rd_bank_o(rd_bank_o), .rd_row_o(rd_row_o),\n"
            "      .rd_sys_o(rd_sys_o), .rd_par_o(rd_par_o), .rd_apr_o(rd_apr_o),\n"
            "      .out_valid_o(out_valid_o), .out_x_o(out_x_o), .out_llr_o(out_llr_o),\n"
            "      .word_valid_o(word_valid_o), .word_bank_o(word_bank_o), .word_row_o(word_row_o),\n"
            "      .word_data_o(word_data_o), .wr_valid_o(ext_we_o), .wr_row_o(ext_row_o), .wr_data_o(ext_data_o));\n\n",
            NL * 14 - 1, NL * 3 - 1, NL - 1, NL * AW - 1, NL - 1, NL * d->bw - 1, NL * d->rw - 1, NL * XW - 1, c->P,
            lmax, W_CH, x->w_ext, x->w_bm, x->w_sm, x->norm == FG_XMAP_NORM_SUBTRACT, c->siso_latency,
            umts ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE, c->nii, umts, jmax);
    if (umts)
        fprintf(f,
                "  // The DBCF of %d lanes and banks (held in reset outside half-iterations); the banks are the core's.\n"
                "  wire [%d:0] unused_accept_new, unused_accept_head;\n  wire unused_overflow, unused_done;\n"
                "  wire [%d:0] unused_fifo_level;\n  wire [%d:0] unused_buf_level;\n"
                "  %s u_dbcf (\n"
                "      .clk_i(clk_i), .rst_ni(dbcf_rst_n), .lane_valid_i(dbcf_valid), .lane_bank_i(dbcf_bank),\n"
                "      .lane_row_i(dbcf_row), .lane_data_i(dbcf_data), .accept_new_o(unused_accept_new),\n"
                "      .accept_head_o(unused_accept_head), .reject_o(dbcf_reject), .fifo_level_o(unused_fifo_level),\n"
                "      .bank_we_o(dbcf_we), .bank_row_o(dbcf_wrow), .bank_data_o(dbcf_wdata),\n"
                "      .buf_level_o(unused_buf_level), .overflow_o(unused_overflow), .done_o(unused_done));\n\n",
                NL, NL - 1, NL * dbcf_level_w - 1, NL * dbcf_level_w - 1, dbcf);
    else
        fprintf(f,
                "  // LTE writes the banks directly: no DBCF.\n"
                "  wire unused_dbcf = ^{dbcf_rst_n, dbcf_valid, dbcf_bank, dbcf_row, dbcf_data};\n"
                "  assign dbcf_reject = %d'd0;\n  assign dbcf_we = %d'd0;\n  assign dbcf_wrow = %d'd0;\n"
                "  assign dbcf_wdata = %d'd0;\n\n",
                NL, NL, NL * d->rw, NL * XW);
    fprintf(f,
            "  // The IAG of %d lanes (held in reset while the core is idle or done).\n"
            "  %s u_iag (\n"
            "      .clk_i(clk_i), .rst_ni(iag_rst_n), .k_i(k_q), .lane_start_i(lane_start), .lane_stride_i(lane_stride),\n"
            "      .start_i(iag_start), .inverse_i(iag_inverse), .lane_valid_i(iag_in_valid), .lane_x_i(iag_in_x),\n"
            "      .ready_o(iag_ready), .lane_valid_o(iag_valid), .lane_err_o(iag_err), .lane_addr_o(iag_addr));\n"
            "  assign iag_valid_o = iag_valid;\n  assign iag_err_o = iag_err;\n  assign iag_addr_o = iag_addr;\n"
            "endmodule\n`default_nettype wire\n",
            NL, iag);
}

static void emit_manifest(FILE *f, const fg_gen_turbo_cfg *c, const char *top, const char *iag, const char *dbcf,
                          const fg_vec_turbo_arch_dims *d, const fg_gen_turbo_size *sz, int n, int lmax,
                          const fg_gen_out *o)
{
    const fg_xmap_fmt *x = &c->fmt;
    int by_p[P_MAX + 1] = {0};
    for (int i = 0; i < n; i++)
        by_p[sz[i].P]++;
    fprintf(f,
            "{\n  \"tool\": {\"name\": \"fecforge gen\", \"version\": \"%s\", \"git\": \"%s\"},\n"
            "  \"design\": \"turbo\",\n  \"top\": \"%s\",\n"
            "  \"parameters\": {\"std\": \"%s\", \"parallel\": %d, \"k_max\": %d, \"llr_width\": %d, \"llr_frac\": %d,\n"
            "    \"ext_width\": %d, \"bm_width\": %d, \"sm_width\": %d, \"norm\": \"%s\", \"latency\": %d, \"nii\": \"%s\"},\n"
            "  \"modules\": {\"core\": \"fg_turbo_core\", \"iag\": \"%s\", \"ktab\": \"%s_ktab\"%s%s%s},\n"
            "  \"lmax\": %d,\n  \"bank_rows\": %d,\n  \"sizes\": %d,\n  \"sisos_of_sizes\": {",
            fg_version(), fg_git_hash(), top, fg_std_name(c->std), c->P, c->k_max, x->w_ch, x->f_ch, x->w_ext, x->w_bm,
            x->w_sm, x->norm == FG_XMAP_NORM_MODULO ? "modulo" : "subtract", c->siso_latency, c->nii ? "on" : "off",
            iag, top, dbcf ? ", \"dbcf\": \"" : "", dbcf ? dbcf : "", dbcf ? "\"" : "", lmax, d->qmax, n);
    for (int p = P_MAX, first = 1; p >= 1; p--)
        if (by_p[p]) {
            fprintf(f, "%s\"%d\": %d", first ? "" : ", ", p, by_p[p]);
            first = 0;
        }
    fprintf(f,
            "},\n  \"widths\": {\"position\": %d, \"bank\": %d, \"row\": %d, \"tau\": %d, \"channel\": %d, "
            "\"extrinsic\": %d},\n"
            "  \"iag_latency_cycles\": %d,\n  \"latency_cycles\": 0,\n"
            "  \"timing\": \"cycle-exact with fg_turbo_arch (data FIXED, path fit) and the turbo vector sets: the "
            "static inputs are registered (set them one cycle before the first load); start_i in the model's cycle 0; "
            "hard_rd_data_o one cycle after hard_rd_pos_i\",\n"
            "  \"ports\": [\n",
            AW, d->bw, d->rw, d->tw, x->w_ch, x->w_ext,
            c->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE);
    port_t ports[PORTS_MAX];
    const int np = ports_of(c, d, ports);
    for (int i = 0; i < np; i++)
        fg_gen_manifest_port(f, ports[i].name, ports[i].out, ports[i].width, i + 1 == np);
    fg_gen_manifest_files(f, o);
}

int fg_gen_turbo(const fg_gen_turbo_cfg *c, const char *dir)
{
    int rc = fg_gen_turbo_check(c);
    if (rc)
        return rc;
    fg_gen_turbo_size sz[FG_GEN_TURBO_SIZES_MAX];
    int lmax;
    const int n = fg_gen_turbo_sizes(c, sz, &lmax);
    if (n < 0)
        return n;
    fg_vec_turbo_arch_dims d;
    fg_vec_turbo_arch_dims_of(c->std, c->P, lmax, c->siso_latency, &d);
    const fg_gen_iag_cfg ic = {c->std, 4 * c->P, 0};
    const fg_gen_dbcf_cfg dc = fg_gen_turbo_dbcf_cfg(c, lmax);
    fg_gen_dbcf_dims dd;
    fg_gen_dbcf_dims_of(&dc, &dd);
    const int umts = c->std == FG_STD_UMTS;
    char top[128], iag[96], dbcf[96], file[160], params[512];
    fg_gen_turbo_name(c, top, sizeof top);
    fg_gen_iag_name(&ic, iag, sizeof iag);
    fg_gen_dbcf_name(&dc, dbcf, sizeof dbcf);
    params_text(c, lmax, params, sizeof params);
    fg_gen_out o;
    if ((rc = fg_gen_out_begin(&o, dir)))
        return rc;
    snprintf(file, sizeof file, "%s.v", top);
    FILE *f = fg_gen_out_open(&o, file, 1);
    if (!f) {
        rc = FG_EIO;
        goto fail;
    }
    emit_top(f, c, top, iag, umts ? dbcf : NULL, dd.count_w, &d, lmax, n, jmax_of(c, sz, n), params);
    if ((rc = fg_gen_out_close(f, file)) || (rc = fg_gen_out_primitives_of(&o, file)))
        goto fail;
    snprintf(file, sizeof file, "%s_ktab.v", top);
    if (!(f = fg_gen_out_open(&o, file, 1))) {
        rc = FG_EIO;
        goto fail;
    }
    emit_ktab(f, c, top, &d, sz, n, params);
    if ((rc = fg_gen_out_close(f, file)) || (rc = fg_gen_iag_write(&o, &ic)) ||
        (umts && (rc = fg_gen_dbcf_write(&o, &dc))))
        goto fail;
    {
        port_t ports[PORTS_MAX];
        fg_vec_layout lay;
        if ((rc = fg_vec_layout_turbo_arch(&d, &c->fmt, 1, c->k_max, &lay)))
            goto fail;
        rc = fg_gen_out_testbench(&o, top, ports, ports_of(c, &d, ports), &lay, params);
        fg_vec_layout_free(&lay);
        if (rc)
            goto fail;
    }
    if (!(f = fg_gen_out_open(&o, "manifest.json", 0))) {
        rc = FG_EIO;
        goto fail;
    }
    emit_manifest(f, c, top, iag, umts ? dbcf : NULL, &d, sz, n, lmax, &o);
    if ((rc = fg_gen_out_close(f, "manifest.json")) || (rc = fg_gen_out_commit(&o)))
        goto fail;
    return 0;
fail:
    fg_gen_out_abort(&o);
    return rc;
}
