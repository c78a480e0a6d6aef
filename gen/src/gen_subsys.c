/* fecforge gen subsystem: the interleaver write path as Verilog-2005, the twin of fg_subsys_step
 * (cmodel/src/subsystem/subsystem.c); docs/rtl-subsystem.md. The top instantiates the IAG and the
 * DBCF exactly as their own generators write them (fg_gen_iag_write, fg_gen_dbcf_write), a per-lane
 * LLR delay of the IAG latency and a per-lane combinational bank mapper between them. */
#include "fecforge_gen/gen.h"
#include "gen_internal.h"
#include "fecforge/error.h"

#include <stdio.h>
#include <string.h>

enum { AW = 13 }; /* positions, addresses, k_i, sub-block length: < 2^13 (K <= 6144) */

static int log2_exact(long n) /* log2(n) if n is a power of 2, else -1 */
{
    int b = 0;
    while ((1L << b) < n)
        b++;
    return (1L << b) == n ? b : -1;
}

int fg_gen_subsys_bank_depth(fg_std std, int pllr, int banks, fg_bank_mapping mapping)
{
    const int K = std == FG_STD_LTE ? FG_LTE_K_MAX : FG_UMTS_K_MAX; /* depth grows with K */
    fg_xmap_schedule s;
    fg_bank_map m;
    if (fg_xmap_schedule_init(&s, K, pllr) || fg_bank_map_init(&m, mapping, banks, &s)) {
        fg_clear_error();
        return 0;
    }
    return m.depth;
}

fg_gen_subsys_cfg fg_gen_subsys_cfg_default(void)
{
    fg_gen_subsys_cfg c = {.dbcf = fg_gen_dbcf_cfg_default(), .std = FG_STD_UMTS, .mapping = FG_MAP_XMAP_XOR};
    c.dbcf.dbcf.pllr = 32;
    c.dbcf.dbcf.banks = 64;
    c.dbcf.dbcf.select = 3;
    c.dbcf.dbcf.fifo_depth = 4;
    c.dbcf.dbcf.buf_depth = 7;
    c.dbcf.bank_depth = fg_gen_subsys_bank_depth(c.std, 32, 64, c.mapping);
    return c;
}

int fg_gen_subsys_check(const fg_gen_subsys_cfg *c)
{
    const fg_dbcf_cfg *d = &c->dbcf.dbcf;
    const fg_gen_iag_cfg ic = {c->std, d->pllr, 0};
    int rc = fg_gen_iag_check(&ic);
    if (!rc)
        rc = fg_gen_dbcf_check(&c->dbcf);
    if (rc)
        return rc;
    const int P = d->pllr, M = d->banks;
    switch (c->mapping) {
    case FG_MAP_XMAP:
    case FG_MAP_XMAP_XOR:
        /* ceil(K/PLLR) is a shift, the SISO index a QW-bit quotient and the bank {lane, sub-bank}. */
        if (log2_exact(P) < 0)
            return fg_set_error(FG_EINVAL, "pllr=%d invalid for mapping %s in RTL: must be a power of 2 in [4, %d]", P,
                                fg_bank_mapping_name(c->mapping), FG_IAG_LANES_MAX);
        if (M % P || log2_exact(M / P) < 0)
            return fg_set_error(FG_EINVAL, "banks=%d invalid for mapping %s in RTL: must be PLLR=%d times a power of 2",
                                M, fg_bank_mapping_name(c->mapping), P);
        break;
    case FG_MAP_MOD:
        if (M < 2 || log2_exact(M) < 0)
            return fg_set_error(FG_EINVAL, "banks=%d invalid for mapping mod in RTL: must be a power of 2 in [2, 4096] "
                                "(bank = address bits)", M);
        break;
    default:
        return fg_set_error(FG_EINVAL, "mapping=%s not available in RTL: valid are xmap, xmap-xor, mod",
                            fg_bank_mapping_name(c->mapping));
    }
    const int need = fg_gen_subsys_bank_depth(c->std, P, M, c->mapping);
    if (c->dbcf.bank_depth < need)
        return fg_set_error(FG_EINVAL, "bank_depth=%d out of range [%d, %d]: std=%s with mapping %s, PLLR=%d, M=%d needs "
                            "%d rows",
                            c->dbcf.bank_depth, need, FG_GEN_BANK_DEPTH_MAX, fg_std_name(c->std),
                            fg_bank_mapping_name(c->mapping), P, M, need);
    return 0;
}

static const char *map_tag(fg_bank_mapping m)
{
    return m == FG_MAP_XMAP ? "xmap" : m == FG_MAP_XMAP_XOR ? "xmapxor" : m == FG_MAP_MOD ? "mod" : "block";
}

void fg_gen_subsys_name(const fg_gen_subsys_cfg *c, char *buf, size_t n)
{
    const fg_dbcf_cfg *b = &c->dbcf.dbcf;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(&c->dbcf, &d);
    snprintf(buf, n, "fg_subsys_%s_p%d_m%d_s%d_f%d_b%d%s_%s", c->std == FG_STD_LTE ? "lte" : "umts", b->pllr, b->banks,
             d.select, b->fifo_depth, b->buf_depth, b->offer == FG_DBCF_OFFER_HEAD ? "_head" : "", map_tag(c->mapping));
}

static void params_text(const fg_gen_subsys_cfg *c, char *buf, size_t n)
{
    const fg_dbcf_cfg *b = &c->dbcf.dbcf;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(&c->dbcf, &d);
    snprintf(buf, n,
             "std=%s mapping=%s pllr=%d banks=%d select=%d fifo_depth=%d buf_depth=%d offer=%s lfsr_seed=0x%04X "
             "width=%d bank_depth=%d",
             fg_std_name(c->std), fg_bank_mapping_name(c->mapping), b->pllr, b->banks, d.select, b->fifo_depth,
             b->buf_depth, b->offer == FG_DBCF_OFFER_HEAD ? "head" : "dual", b->lfsr_seed, c->dbcf.width,
             c->dbcf.bank_depth);
}

typedef fg_gen_port port_t;

static int ports_of(const fg_gen_subsys_cfg *c, port_t *p)
{
    const int P = c->dbcf.dbcf.pllr, M = c->dbcf.dbcf.banks, W = c->dbcf.width;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(&c->dbcf, &d);
    const port_t all[] = {
        {"clk_i", 0, 1, "clock"},
        {"rst_ni", 0, 1, "synchronous active-low reset (= fg_subsys_reset); IAG preprocessing starts after it"},
        {"k_i", 0, AW, "block size K, held constant from reset on"},
        {"lane_start_i", 0, P * 14, "lane l's first position, signed ([l*14 +: 14]; -1 = unused), static"},
        {"lane_stride_i", 0, P * 3, "lane l's stride, signed +-1 or +-2 ([l*3 +: 3]), static"},
        {"start_i", 0, 1, "load the IAG lane seeds of mode inverse_i (ignored before ready_o)"},
        {"inverse_i", 0, 1, "0: forward x -> pi(x), 1: inverse x -> pi^-1(x); sampled with start_i"},
        {"lane_valid_i", 0, P, "lane l emits an LLR this cycle"},
        {"lane_x_i", 0, P * AW, "its natural position ([l*13 +: 13])"},
        {"lane_llr_i", 0, P * W, "its LLR ([l*W +: W])"},
        {"bank_rd_row_i", 0, M * d.row_w, "bank read port (decoder side): row of bank b ([b*RW +: RW])"},
        {"ready_o", 1, 1, "IAG preprocessing done"},
        {"lane_err_o", 1, P, "IAG: the input of latency cycles ago was not served (nothing goes to the DBCF)"},
        {"accept_new_o", 1, P, "DBCF: lane's new word admitted by the router"},
        {"accept_head_o", 1, P, "DBCF: lane's FIFO head admitted (popped)"},
        {"reject_o", 1, P, "DBCF: lane's new word neither admitted nor queued (lost)"},
        {"fifo_level_o", 1, P * d.count_w, "DBCF: registered FIFO level of lane l ([l*CW +: CW])"},
        {"bank_we_o", 1, M, "bank b writes this cycle"},
        {"bank_row_o", 1, M * d.row_w, "row of bank b's write (0 when no write)"},
        {"bank_data_o", 1, M * W, "LLR of bank b's write (0 when no write)"},
        {"buf_level_o", 1, M * d.count_w, "DBCF: registered circular-buffer level of bank b"},
        {"bank_rd_data_o", 1, M * W, "bank b's row bank_rd_row_i of the previous cycle (read latency 1)"},
        {"overflow_o", 1, 1, "DBCF: sticky register, a word was rejected (lost) since the reset"},
        {"done_o", 1, 1, "DBCF: no word pending in any FIFO or buffer (registered levels; not the IAG pipeline)"},
    };
    memcpy(p, all, sizeof all);
    return (int)(sizeof all / sizeof all[0]);
}

/* row_o from a wire row_full of rf bits. */
static void emit_row(FILE *f, int rf, int rw)
{
    if (rf >= rw) {
        fprintf(f, "  assign row_o = row_full[%d:0];\n", rw - 1);
        if (rf > rw)
            fprintf(f, "  wire [%d:0] unused_row_hi = row_full[%d:%d];  // zero for every K of the standard\n",
                    rf - rw - 1, rf - 1, rw);
    } else
        fprintf(f, "  assign row_o = {{%d{1'b0}}, row_full};\n", rw - rf);
}

static void emit_map(FILE *f, const fg_gen_subsys_cfg *c, const char *top)
{
    const int P = c->dbcf.dbcf.pllr, M = c->dbcf.dbcf.banks;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(&c->dbcf, &d);
    const int BW = d.bank_w, RW = d.row_w;
    char params[512];
    params_text(c, params, sizeof params);
    fg_gen_header(f, "Bank mapper of one lane: (bank, row) = fg_bank_map_locate(address), combinational "
                     "(docs/rtl-subsystem.md)", params);
    fprintf(f, "`default_nettype none\nmodule %s_map (\n", top);
    if (c->mapping == FG_MAP_MOD) {
        const port_t ports[] = {{"addr_i", 0, AW, "address a"},
                                {"bank_o", 1, BW, "a mod M"},
                                {"row_o", 1, RW, "a / M"}};
        fg_gen_port_list(f, ports, 3);
        fprintf(f, "  // mod: M = %d = 2^%d, so bank = the low address bits, row = the others.\n", M, BW);
        fprintf(f, "  assign bank_o = addr_i[%d:0];\n  wire [%d:0] row_full = addr_i[%d:%d];\n", BW - 1, AW - BW - 1,
                AW - 1, BW);
        emit_row(f, AW - BW, RW);
        fprintf(f, "endmodule\n`default_nettype wire\n");
        return;
    }
    const int QW = log2_exact(P / 4), SW = log2_exact(M / P), DW = AW + QW;
    const int xr = c->mapping == FG_MAP_XMAP_XOR;
    const port_t ports[] = {{"addr_i", 0, AW, "address a (< K)"},
                            {"len_i", 0, AW, "sub-block length L = 4*ceil(K/PLLR)"},
                            {"bank_o", 1, BW, "bank"},
                            {"row_o", 1, RW, "row"}};
    fg_gen_port_list(f, ports, 4);
    fprintf(f,
            "  // %s (fg_bank_map_locate): the read slot of a (fg_xmap_read_slot) gives lane and read cycle t;\n"
            "  // bank = lane * %d + t mod %d%s, row = t / %d (M/PLLR = %d = 2^%d).\n",
            fg_bank_mapping_name(c->mapping), M / P, M / P, xr ? " rotated by popcount(t / (M/PLLR)); the lane pair "
                                                                  "swapped when parity(t >> 1)" : "",
            M / P, M / P, SW);
    if (QW == 0) {
        fprintf(f, "  // One SISO: the sub-block is the block, p = 0.\n  wire [%d:0] off = addr_i;\n", AW - 1);
    } else {
        fprintf(f,
                "  // SISO p = a / L by restoring division, %d quotient bits (p < PLLR/4 = %d for every a < K);\n"
                "  // exact for any L >= 1: stage k subtracts L * 2^k when the remainder holds it.\n"
                "  wire [%d:0] r%d = {{%d{1'b0}}, addr_i};\n",
                QW, P / 4, DW - 1, QW, QW);
        for (int k = QW - 1; k >= 0; k--) {
            if (k > 0)
                fprintf(f, "  wire [%d:0] d%d = {{%d{1'b0}}, len_i, {%d{1'b0}}};\n", DW - 1, k, QW - k, k);
            else
                fprintf(f, "  wire [%d:0] d%d = {{%d{1'b0}}, len_i};\n", DW - 1, k, QW);
            fprintf(f, "  wire q%d = r%d >= d%d;\n  wire [%d:0] r%d = q%d ? r%d - d%d : r%d;\n", k, k + 1, k, DW - 1, k,
                    k, k + 1, k, k + 1);
        }
        fprintf(f, "  wire [%d:0] off = r0[%d:0];  // o = a - p*L\n", AW - 1, AW - 1);
        fprintf(f, "  wire [%d:0] unused_rem_hi = r0[%d:%d];  // zero: the remainder is < L\n", QW - 1, DW - 1, AW);
        fprintf(f, "  wire [%d:0] siso = {", QW - 1);
        for (int k = QW - 1; k >= 0; k--)
            fprintf(f, "q%d%s", k, k ? ", " : "};\n");
    }
    fprintf(f,
            "  // First half: lane 4p + (o & 1), t = o >> 1; second half: b = L-1-o, lane 4p+2 + (b & 1), t = b >> 1.\n"
            "  wire [%d:0] half = {1'b0, len_i[%d:1]};\n"
            "  wire lo = off < half;\n"
            "  wire [%d:0] back = len_i - off - %d'd1;\n"
            "  wire [%d:0] sel = lo ? off : back;\n"
            "  wire [%d:0] t = sel[%d:1];  // read cycle\n",
            AW - 1, AW - 1, AW - 1, AW, AW - 1, AW - 2, AW - 1);
    if (xr)
        fprintf(f, "  wire pair = sel[0] ^ (^t[%d:1]);  // lane pair swapped when parity(t >> 1) = 1\n", AW - 2);
    else
        fprintf(f, "  wire pair = sel[0];\n");
    fprintf(f, "  wire [%d:0] lane = {%s~lo, pair};\n", QW + 1, QW ? "siso, " : "");
    if (SW == 0)
        fprintf(f, "  assign bank_o = lane;\n");
    else if (!xr)
        fprintf(f, "  assign bank_o = {lane, t[%d:0]};\n", SW - 1);
    else {
        fprintf(f, "  // sub-bank (t + popcount(t / %d)) mod %d: a sum of the bits of t above the sub-bank field\n",
                M / P, M / P);
        fprintf(f, "  wire [%d:0] sub = t[%d:0]", SW - 1, SW - 1);
        for (int j = SW; j <= AW - 2; j++) {
            if (SW > 1)
                fprintf(f, "\n      + {{%d{1'b0}}, t[%d]}", SW - 1, j);
            else
                fprintf(f, "\n      + t[%d]", j);
        }
        fprintf(f, ";\n  assign bank_o = {lane, sub};\n");
    }
    fprintf(f, "  wire [%d:0] row_full = t[%d:%d];\n", AW - 2 - SW, AW - 2, SW);
    emit_row(f, AW - 1 - SW, RW);
    fprintf(f, "endmodule\n`default_nettype wire\n");
}

static void emit_delay(FILE *f, const fg_gen_subsys_cfg *c, const char *top)
{
    const int P = c->dbcf.dbcf.pllr, W = c->dbcf.width, PW = P * W;
    const int L = c->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    char params[512];
    params_text(c, params, sizeof params);
    fg_gen_header(f, "Per-lane LLR delay of the IAG latency: the LLR meets its address (docs/rtl-subsystem.md)",
                  params);
    fprintf(f, "`default_nettype none\nmodule %s_delay (\n", top);
    const port_t ports[] = {{"clk_i", 0, 1, "clock"},
                            {"rst_ni", 0, 1, "synchronous active-low reset: every stage 0"},
                            {"llr_i", 0, PW, "lane l's LLR at [l*W +: W]"},
                            {"llr_o", 1, PW, "llr_i of L cycles ago"}};
    fg_gen_port_list(f, ports, 4);
    fprintf(f,
            "  localparam integer PW = %d;  // %d lanes x %d bits\n"
            "  localparam integer L = %d;  // IAG latency (stages)\n"
            "  reg  [L*PW-1:0] pipe_q;  // stage s at [s*PW +: PW], stage 0 the newest\n"
            "  wire [L*PW-1:0] pipe_d;\n",
            PW, P, W, L);
    if (L == 1)
        fprintf(f, "  assign pipe_d = llr_i;\n");
    else
        fprintf(f, "  assign pipe_d = {pipe_q[(L-1)*PW-1:0], llr_i};\n");
    fprintf(f,
            "  always @(posedge clk_i) begin\n"
            "    if (!rst_ni) pipe_q <= {L*PW{1'b0}};\n"
            "    else pipe_q <= pipe_d;\n"
            "  end\n"
            "  assign llr_o = pipe_q[L*PW-1 -: PW];\n"
            "endmodule\n`default_nettype wire\n");
}

static void emit_top(FILE *f, const fg_gen_subsys_cfg *c, const char *top, const char *iag, const char *dbcf)
{
    const int P = c->dbcf.dbcf.pllr, W = c->dbcf.width;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(&c->dbcf, &d);
    const int BW = d.bank_w, RW = d.row_w, L = c->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    char params[512];
    params_text(c, params, sizeof params);
    fg_gen_header(f, "Interleaver write path: IAG -> bank mapper -> DBCF with its bank SRAMs, the LLR delayed by the IAG latency "
                     "(docs/rtl-subsystem.md; cycle-exact twin of fg_subsys_step)", params);
    port_t ports[28];
    const int np = ports_of(c, ports);
    fprintf(f, "`default_nettype none\nmodule %s (\n", top);
    fg_gen_port_list(f, ports, np);
    fprintf(f,
            "  // IAG (latency %d): lane l's address comes %d cycle(s) after its position entered.\n"
            "  wire [%d:0] iag_valid, iag_err;\n"
            "  wire [%d:0] iag_addr;\n"
            "  %s u_iag (\n"
            "      .clk_i(clk_i), .rst_ni(rst_ni), .k_i(k_i), .lane_start_i(lane_start_i), .lane_stride_i(lane_stride_i),\n"
            "      .start_i(start_i), .inverse_i(inverse_i), .lane_valid_i(lane_valid_i), .lane_x_i(lane_x_i),\n"
            "      .ready_o(ready_o), .lane_valid_o(iag_valid), .lane_err_o(iag_err), .lane_addr_o(iag_addr));\n"
            "  assign lane_err_o = iag_err;\n\n"
            "  // The LLR travels beside its position.\n"
            "  wire [%d:0] llr_d;\n"
            "  %s_delay u_delay (.clk_i(clk_i), .rst_ni(rst_ni), .llr_i(lane_llr_i), .llr_o(llr_d));\n\n",
            L, L, P - 1, P * AW - 1, iag, P * W - 1, top);
    if (c->mapping != FG_MAP_MOD) {
        const int LP = log2_exact(P), LN = AW + 3 - LP; /* bits of {ceil(K/PLLR), 2'b00} */
        fprintf(f,
                "  // XMAP sub-block length L = 4*ceil(K/PLLR) (PLLR = 2^%d), from k_i.\n"
                "  wire [%d:0] k_up = {1'b0, k_i} + %d'd%d;\n"
                "  wire [%d:0] unused_k_up_lo = k_up[%d:0];\n"
                "  wire [%d:0] len_full = {k_up[%d:%d], 2'b00};\n"
                "  wire [%d:0] sub_len;\n",
                LP, AW, AW + 1, P - 1, LP - 1, LP - 1, LN - 1, AW, LP, AW - 1);
        if (LN > AW)
            fprintf(f, "  assign sub_len = len_full[%d:0];\n  wire [%d:0] unused_len_hi = len_full[%d:%d];  // 0: K <= 6144\n",
                    AW - 1, LN - AW - 1, LN - 1, AW);
        else if (LN == AW)
            fprintf(f, "  assign sub_len = len_full;\n");
        else
            fprintf(f, "  assign sub_len = {{%d{1'b0}}, len_full};\n", AW - LN);
    }
    fprintf(f,
            "  // Bank mapper per lane, combinational: the DBCF sees the word in the IAG's output cycle.\n"
            "  wire [%d:0] map_bank;\n"
            "  wire [%d:0] map_row;\n"
            "  genvar l;\n"
            "  generate\n"
            "    for (l = 0; l < %d; l = l + 1) begin : g_lane\n"
            "      %s_map u_map (.addr_i(iag_addr[l*%d+:%d]), %s.bank_o(map_bank[l*%d+:%d]), .row_o(map_row[l*%d+:%d]));\n"
            "    end\n"
            "  endgenerate\n\n",
            P * BW - 1, P * RW - 1, P, top, AW, AW, c->mapping != FG_MAP_MOD ? ".len_i(sub_len), " : "", BW, BW, RW,
            RW);
    fprintf(f,
            "  // DBCF: a lane whose IAG output is err (or idle) sends nothing.\n"
            "  wire [%d:0] dbcf_valid = iag_valid & ~iag_err;\n"
            "  %s u_dbcf (\n"
            "      .clk_i(clk_i), .rst_ni(rst_ni), .lane_valid_i(dbcf_valid), .lane_bank_i(map_bank),\n"
            "      .lane_row_i(map_row), .lane_data_i(llr_d), .accept_new_o(accept_new_o), .accept_head_o(accept_head_o),\n"
            "      .reject_o(reject_o), .fifo_level_o(fifo_level_o), .bank_we_o(bank_we_o), .bank_row_o(bank_row_o),\n"
            "      .bank_data_o(bank_data_o), .buf_level_o(buf_level_o), .bank_rd_row_i(bank_rd_row_i),\n"
            "      .bank_rd_data_o(bank_rd_data_o), .overflow_o(overflow_o), .done_o(done_o));\n"
            "endmodule\n`default_nettype wire\n",
            P - 1, dbcf);
}

static void emit_manifest(FILE *f, const fg_gen_subsys_cfg *c, const char *top, const char *iag, const char *dbcf,
                          const fg_gen_out *o)
{
    const fg_dbcf_cfg *b = &c->dbcf.dbcf;
    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(&c->dbcf, &d);
    const int L = c->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    fprintf(f,
            "{\n  \"tool\": {\"name\": \"fecforge gen\", \"version\": \"%s\", \"git\": \"%s\"},\n"
            "  \"design\": \"subsystem\",\n  \"top\": \"%s\",\n"
            "  \"parameters\": {\"pllr\": %d, \"banks\": %d, \"select\": %d, \"fifo_depth\": %d, \"buf_depth\": %d,\n"
            "    \"offer\": \"%s\", \"lfsr_seed\": %u, \"std\": \"%s\", \"mapping\": \"%s\", \"width\": %d, "
            "\"bank_depth\": %d},\n"
            "  \"modules\": {\"iag\": \"%s\", \"dbcf\": \"%s\", \"delay\": \"%s_delay\", \"mapper\": \"%s_map\"},\n"
            "  \"widths\": {\"position\": %d, \"bank\": %d, \"row\": %d, \"data\": %d, \"level\": %d},\n"
            "  \"iag_latency_cycles\": %d,\n"
            "  \"latency_cycles\": 0,\n"
            "  \"bank_read_latency_cycles\": 1,\n"
            "  \"timing\": \"cycle-exact with fg_subsys_step and the subsystem vector trace: a position on lane l in "
            "cycle t reaches the DBCF in cycle t + %d (IAG output register; LLR delay of %d stages; combinational "
            "bank mapper) and its bank in that cycle at the earliest (bypass); the DBCF's bank SRAMs answer bank_rd_row_i "
            "of cycle t on bank_rd_data_o in cycle t + 1\",\n"
            "  \"ports\": [\n",
            fg_version(), fg_git_hash(), top, b->pllr, b->banks, d.select, b->fifo_depth, b->buf_depth,
            b->offer == FG_DBCF_OFFER_HEAD ? "head" : "dual", b->lfsr_seed, fg_std_name(c->std),
            fg_bank_mapping_name(c->mapping), c->dbcf.width, c->dbcf.bank_depth, iag, dbcf, top, top, AW, d.bank_w,
            d.row_w, d.data_w, d.count_w, L, L, L);
    port_t ports[28];
    const int np = ports_of(c, ports);
    for (int i = 0; i < np; i++)
        fg_gen_manifest_port(f, ports[i].name, ports[i].out, ports[i].width, i + 1 == np);
    fg_gen_manifest_files(f, o);
}

static int write_module(fg_gen_out *o, const char *module, void (*emit)(FILE *, const fg_gen_subsys_cfg *, const char *),
                        const fg_gen_subsys_cfg *c, const char *top)
{
    char file[200];
    snprintf(file, sizeof file, "%s.v", module);
    FILE *f = fg_gen_out_open(o, file, 1);
    if (!f)
        return FG_EIO;
    emit(f, c, top);
    return fg_gen_out_close(o, f, file);
}

/* tb_<top>.v for the vector sets of this write path (fg_vec_layout_subsys: the configuration's depth and
 * width). */
static int write_testbench(fg_gen_out *o, const fg_gen_subsys_cfg *c, const char *top)
{
    port_t ports[28];
    char params[512];
    fg_vec_layout lay;
    params_text(c, params, sizeof params);
    int rc = fg_vec_layout_subsys(&c->dbcf.dbcf, c->dbcf.bank_depth, c->dbcf.width, &lay);
    if (!rc)
        rc = fg_gen_out_testbench(o, top, ports, ports_of(c, ports), &lay, params);
    fg_vec_layout_free(&lay);
    return rc;
}

int fg_gen_subsys(const fg_gen_subsys_cfg *c, const char *dir)
{
    int rc = fg_gen_subsys_check(c);
    if (rc)
        return rc;
    const fg_gen_iag_cfg ic = {c->std, c->dbcf.dbcf.pllr, 0};
    char top[128], iag[96], dbcf[96], file[160], name[150];
    fg_gen_subsys_name(c, top, sizeof top);
    fg_gen_iag_name(&ic, iag, sizeof iag);
    fg_gen_dbcf_name(&c->dbcf, dbcf, sizeof dbcf);
    fg_gen_out o;
    if ((rc = fg_gen_out_begin(&o, dir)))
        return rc;
    snprintf(file, sizeof file, "%s.v", top);
    FILE *f = fg_gen_out_open(&o, file, 1);
    if (!f) {
        rc = FG_EIO;
        goto fail;
    }
    emit_top(f, c, top, iag, dbcf);
    if ((rc = fg_gen_out_close(&o, f, file)))
        goto fail;
    snprintf(name, sizeof name, "%s_map", top);
    if ((rc = write_module(&o, name, emit_map, c, top)))
        goto fail;
    snprintf(name, sizeof name, "%s_delay", top);
    if ((rc = write_module(&o, name, emit_delay, c, top)))
        goto fail;
    if ((rc = fg_gen_iag_write(&o, &ic)) || (rc = fg_gen_dbcf_write(&o, &c->dbcf)) ||
        (rc = write_testbench(&o, c, top)))
        goto fail;
    if (!(f = fg_gen_out_open(&o, "manifest.json", 0))) {
        rc = FG_EIO;
        goto fail;
    }
    emit_manifest(f, c, top, iag, dbcf, &o);
    if ((rc = fg_gen_out_close(&o, f, "manifest.json")) || (rc = fg_gen_out_commit(&o)))
        goto fail;
    return 0;
fail:
    fg_gen_out_abort(&o);
    return rc;
}
