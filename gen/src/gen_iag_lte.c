/* fecforge gen iag --std lte: the LTE QPP interleaver address generator as Verilog-2005, the
 * cycle-exact twin of fg_iag_step for std LTE (cmodel/src/iag/iag_lte.c). Structure, timing and
 * every cycle-level choice: docs/rtl-iag-lte.md. The QPP ROM's contents (f1, f2 and the inverse
 * polynomial of each of the 188 sizes) are computed here by the C library, so the RTL and the model
 * can never disagree on a coefficient. */
#include "fecforge_gen/gen.h"
#include "gen_internal.h"
#include "fecforge/error.h"
#include "fecforge/iag.h"
#include "fecforge/interleaver.h"

#include <stdio.h>

static int clog2(long n) /* bits to index n things, at least 1 */
{
    int b = 0;
    while ((1L << b) < n)
        b++;
    return b ? b : 1;
}

/* The ROM: one case item per LTE size. */
static int emit_rom(FILE *f)
{
    fprintf(f,
            "  // ---- QPP ROM (%d x 81 bits): K -> {degree, h4, h3, h2, h1, f2, f1}, contents from fg_lte_qpp_params\n"
            "  // and fg_lte_inverse_poly. A K that is not an LTE size reads degree 0: the unit never gets ready.\n"
            "  reg [2:0] rom_deg;\n"
            "  reg [12:0] rom_h4, rom_h3, rom_h2, rom_h1, rom_f2, rom_f1;\n"
            "  always @* begin\n"
            "    case (k_i)\n",
            FG_LTE_NUM_SIZES);
    for (int i = 0; i < FG_LTE_NUM_SIZES; i++) {
        const int K = fg_interleaver_size(FG_STD_LTE, i);
        fg_lte_qpp q;
        fg_lte_inv_poly inv;
        int rc = fg_lte_qpp_params(K, &q);
        if (!rc)
            rc = fg_lte_inverse_poly(K, &inv);
        if (rc)
            return rc;
        if (inv.degree < 1 || inv.degree > FG_LTE_INV_DEG_MAX)
            return fg_set_error(FG_ESTATE, "LTE K=%d: inverse degree %d outside [1, %d]", K, inv.degree,
                                FG_LTE_INV_DEG_MAX);
        for (int k = 1; k <= FG_LTE_INV_DEG_MAX; k++)
            if (inv.h[k] < 0 || inv.h[k] >= K)
                return fg_set_error(FG_ESTATE, "LTE K=%d: inverse coefficient h%d=%d outside [0, K)", K, k,
                                    (int)inv.h[k]);
        fprintf(f,
                "      13'd%d: {rom_deg, rom_h4, rom_h3, rom_h2, rom_h1, rom_f2, rom_f1} =\n"
                "          {3'd%d, 13'd%d, 13'd%d, 13'd%d, 13'd%d, 13'd%d, 13'd%d};\n",
                K, inv.degree, (int)inv.h[4], (int)inv.h[3], (int)inv.h[2], (int)inv.h[1], q.f2, q.f1);
    }
    fprintf(f,
            "      default: {rom_deg, rom_h4, rom_h3, rom_h2, rom_h1, rom_f2, rom_f1} = {3'd0, {6{13'd0}}};\n"
            "    endcase\n"
            "  end\n\n");
    return 0;
}

int fg_gen_iag_lte_emit(FILE *f, const fg_gen_iag_cfg *c, const char *top)
{
    if (c->std != FG_STD_LTE || c->forward_only)
        return fg_set_error(FG_EINVAL, "LTE IAG emitter: std=%d forward_only=%d not supported", (int)c->std,
                            c->forward_only);
    const int P = c->pllr, LW = clog2(P);
    fprintf(f,
            "// Structure (docs/rtl-iag-lte.md): after reset, one cycle reads the QPP ROM row of k_i into\n"
            "// registers; then, per used lane (a priority encoder skips unused ones in the same cycle) and per\n"
            "// mode (forward f, inverse g of degree n), the seeds d[t] = Delta_d^t poly(x0), t = 0..n, are\n"
            "// computed: the points z_t = x0 + t*d by Horner, one multiply-add (fg_mulmod + fg_addmod) per\n"
            "// cycle; when a point is complete the Newton diagonal gives d[t] with one modular subtract\n"
            "// (the prefix sums of the old diagonal are formed in parallel with the multiply). ready_o rises\n"
            "// 1 + U*(6 + n(n+1)) cycles after reset (U used lanes), as fg_iag_step counts them. At run time\n"
            "// each lane is a difference engine d[k] <- d[k] + d[k+1] (mod K), k = 0..3 (zeros above the\n"
            "// degree), started from the seeds of the mode selected by start_i; the output register holds d[0].\n");
    fg_gen_iag_module_head(f, c, top);
    fprintf(f,
            "  localparam integer P = %d;  // lanes\n"
            "  localparam integer LW = %d;  // lane index bits\n"
            "  localparam [1:0] PH_ROM = 2'd0, PH_SEED = 2'd1, PH_DONE = 2'd2, PH_BADK = 2'd3;\n\n"
            "  wire [13:0] modk = {1'b0, k_i};  // modulus port of fg_mulmod / fg_addmod (N + 1 bits)\n\n",
            P, LW);
    int rc = emit_rom(f);
    if (rc)
        return rc;
    fprintf(f,
            "  // ---- Preprocessing registers ----\n"
            "  reg [1:0] ph_q, ph_d;                  // phase: ROM row, seeds, done (ready), bad K\n"
            "  reg [2:0] deg_q, deg_d;                // inverse degree n\n"
            "  reg [12:0] f1_q, f1_d, f2_q, f2_d;     // forward polynomial f1 x + f2 x^2\n"
            "  reg [12:0] h1_q, h1_d, h2_q, h2_d, h3_q, h3_d, h4_q, h4_d;  // inverse polynomial\n"
            "  reg [LW-1:0] sl_q, sl_d;               // lane being seeded\n"
            "  reg mode_q, mode_d;                    // its mode: 0 forward, 1 inverse\n"
            "  reg [2:0] st_q, st_d;                  // point t = 0..n\n"
            "  reg [1:0] sk_q, sk_d;                  // Horner step 0..n-1 of the point\n"
            "  reg [12:0] acc_q, acc_d;               // Horner accumulator\n"
            "  reg [12:0] z_q, z_d;                   // the point z_t = (x0 + t*d) mod K\n"
            "  reg [12:0] x0_q, x0_d;                 // the lane's first position x0\n"
            "  reg [2:0] dz_q, dz_d;                  // the lane's stride d (signed)\n"
            "  reg [4*13-1:0] diag_q, diag_d;         // Newton diagonal: [k*13 +: 13] = Delta^k value(t-1-k)\n"
            "  reg running_q, running_d;              // a start has been seen since ready\n\n"
            "  assign ready_o = ph_q == PH_DONE;\n"
            "  wire start_go = start_i & ready_o;     // a start before ready is ignored\n"
            "  wire [P-1:0] used;                     // lane programmed (start >= 0)\n\n");
    fprintf(f,
            "  // First used lane at or after `from` (0 in the ROM cycle, else the lane after sl): zero cycles\n"
            "  // per unused lane, as the model skips them.\n"
            "  reg [LW:0] from;\n"
            "  reg nxt_found;\n"
            "  reg [LW-1:0] nxt;\n"
            "  reg [12:0] nxt_x0;\n"
            "  reg [2:0] nxt_d;\n"
            "  integer i;\n"
            "  always @* begin\n"
            "    from = (ph_q == PH_ROM) ? {(LW + 1) {1'b0}} : {1'b0, sl_q} + {{LW{1'b0}}, 1'b1};\n"
            "    nxt_found = 1'b0;\n"
            "    nxt = {LW{1'b0}};\n"
            "    nxt_x0 = 13'd0;\n"
            "    nxt_d = 3'd0;\n"
            "    for (i = P - 1; i >= 0; i = i - 1)\n"
            "      if (used[i] && i[LW:0] >= from) begin\n"
            "        nxt_found = 1'b1;\n"
            "        nxt = i[LW-1:0];\n"
            "        nxt_x0 = lane_start_i[i*14+:13];\n"
            "        nxt_d = lane_stride_i[i*3+:3];\n"
            "      end\n"
            "  end\n\n");
    fprintf(f,
            "  // ---- Horner multiply-add: acc <- (acc * z + c[n-1-k]) mod K, acc starting at c[n] ----\n"
            "  wire [2:0] n_deg = mode_q ? deg_q : 3'd2;  // degree of the polynomial being evaluated\n"
            "  wire [12:0] c1 = mode_q ? h1_q : f1_q;\n"
            "  wire [12:0] c2 = mode_q ? h2_q : f2_q;\n"
            "  wire [12:0] c3 = mode_q ? h3_q : 13'd0;\n"
            "  wire [12:0] c4 = mode_q ? h4_q : 13'd0;\n"
            "  wire [2:0] c_idx = n_deg - 3'd1 - {1'b0, sk_q};\n"
            "  reg [12:0] c_top, c_add;\n"
            "  always @* begin\n"
            "    case (n_deg)\n"
            "      3'd1: c_top = c1;\n"
            "      3'd2: c_top = c2;\n"
            "      3'd3: c_top = c3;\n"
            "      default: c_top = c4;\n"
            "    endcase\n"
            "    case (c_idx)\n"
            "      3'd0: c_add = 13'd0;\n"
            "      3'd1: c_add = c1;\n"
            "      3'd2: c_add = c2;\n"
            "      default: c_add = c3;\n"
            "    endcase\n"
            "  end\n"
            "  wire [12:0] h_a = (sk_q == 2'd0) ? c_top : acc_q;\n"
            "  wire [12:0] prod, val;\n"
            "  fg_mulmod #(.N(13)) u_horner_mul (.a_i(h_a), .b_i(z_q), .c_i(modk), .y_o(prod));\n"
            "  fg_addmod #(.N(13)) u_horner_add (.a_i(prod), .b_i(c_add), .c_i(modk), .y_o(val));\n\n");
    fprintf(f,
            "  // ---- Newton diagonal: nd[0] = val, nd[k] = nd[k-1] - diag[k-1] = val - s_k (mod K) with the\n"
            "  // prefix sums s_k = diag[0] + ... + diag[k-1] of the registered diagonal (beside the multiply).\n"
            "  wire [12:0] s1 = diag_q[12:0];\n"
            "  wire [12:0] s2, s3, s4;\n"
            "  fg_addmod #(.N(13)) u_s2 (.a_i(s1), .b_i(diag_q[25:13]), .c_i(modk), .y_o(s2));\n"
            "  fg_addmod #(.N(13)) u_s3 (.a_i(s2), .b_i(diag_q[38:26]), .c_i(modk), .y_o(s3));\n"
            "  fg_addmod #(.N(13)) u_s4 (.a_i(s3), .b_i(diag_q[51:39]), .c_i(modk), .y_o(s4));\n"
            "  // a - b mod K for a, b < K: a subtractor and a conditional add of K.\n"
            "  wire [13:0] t1 = {1'b0, val} - {1'b0, s1};\n"
            "  wire [13:0] t2 = {1'b0, val} - {1'b0, s2};\n"
            "  wire [13:0] t3 = {1'b0, val} - {1'b0, s3};\n"
            "  wire [13:0] t4 = {1'b0, val} - {1'b0, s4};\n"
            "  wire [12:0] nd1 = t1[13] ? t1[12:0] + k_i : t1[12:0];\n"
            "  wire [12:0] nd2 = t2[13] ? t2[12:0] + k_i : t2[12:0];\n"
            "  wire [12:0] nd3 = t3[13] ? t3[12:0] + k_i : t3[12:0];\n"
            "  wire [12:0] nd4 = t4[13] ? t4[12:0] + k_i : t4[12:0];\n"
            "  reg [12:0] nd_sel;  // nd[t]: the seed d[t] of this point\n"
            "  always @* begin\n"
            "    case (st_q)\n"
            "      3'd0: nd_sel = val;\n"
            "      3'd1: nd_sel = nd1;\n"
            "      3'd2: nd_sel = nd2;\n"
            "      3'd3: nd_sel = nd3;\n"
            "      default: nd_sel = nd4;\n"
            "    endcase\n"
            "  end\n\n");
    fprintf(f,
            "  // ---- Point stepping: z + d mod K (d in [-2, 2]) ----\n"
            "  wire [14:0] z_sum = {2'b00, z_q} + {{12{dz_q[2]}}, dz_q};\n"
            "  wire [12:0] z_next = z_sum[14] ? z_sum[12:0] + k_i : (z_sum[13:0] >= modk) ? z_sum[12:0] - k_i : z_sum[12:0];\n\n"
            "  wire pt_done = (ph_q == PH_SEED) && ({1'b0, sk_q} + 3'd1 == n_deg);  // last Horner step of a point\n"
            "  wire md_done = pt_done && (st_q == n_deg);                            // last point of the mode\n\n");
    fprintf(f,
            "  always @* begin\n"
            "    ph_d = ph_q;\n"
            "    {deg_d, h4_d, h3_d, h2_d, h1_d, f2_d, f1_d} = {deg_q, h4_q, h3_q, h2_q, h1_q, f2_q, f1_q};\n"
            "    sl_d = sl_q;\n"
            "    mode_d = mode_q;\n"
            "    st_d = st_q;\n"
            "    sk_d = sk_q;\n"
            "    acc_d = acc_q;\n"
            "    z_d = z_q;\n"
            "    x0_d = x0_q;\n"
            "    dz_d = dz_q;\n"
            "    diag_d = diag_q;\n"
            "    running_d = running_q | start_go;\n"
            "    case (ph_q)\n"
            "      PH_ROM: begin  // one cycle: the ROM row, and the first used lane\n"
            "        {deg_d, h4_d, h3_d, h2_d, h1_d, f2_d, f1_d} = {rom_deg, rom_h4, rom_h3, rom_h2, rom_h1, rom_f2, rom_f1};\n"
            "        mode_d = 1'b0;\n"
            "        st_d = 3'd0;\n"
            "        sk_d = 2'd0;\n"
            "        sl_d = nxt;\n"
            "        x0_d = nxt_x0;\n"
            "        z_d = nxt_x0;\n"
            "        dz_d = nxt_d;\n"
            "        if (rom_deg == 3'd0) ph_d = PH_BADK;\n"
            "        else if (nxt_found) ph_d = PH_SEED;\n"
            "        else ph_d = PH_DONE;\n"
            "      end\n"
            "      PH_SEED: begin  // one Horner multiply-add per cycle\n"
            "        acc_d = val;\n"
            "        if (!pt_done) sk_d = sk_q + 2'd1;\n"
            "        else begin\n"
            "          sk_d = 2'd0;\n"
            "          diag_d = {nd3, nd2, nd1, val};\n"
            "          if (!md_done) begin\n"
            "            st_d = st_q + 3'd1;\n"
            "            z_d = z_next;\n"
            "          end else begin\n"
            "            st_d = 3'd0;\n"
            "            if (!mode_q) begin  // forward done: the inverse seeds of the same lane\n"
            "              mode_d = 1'b1;\n"
            "              z_d = x0_q;\n"
            "            end else begin  // lane done: the next used lane, or ready\n"
            "              mode_d = 1'b0;\n"
            "              sl_d = nxt;\n"
            "              x0_d = nxt_x0;\n"
            "              z_d = nxt_x0;\n"
            "              dz_d = nxt_d;\n"
            "              if (!nxt_found) ph_d = PH_DONE;\n"
            "            end\n"
            "          end\n"
            "        end\n"
            "      end\n"
            "      default: ;  // PH_DONE, PH_BADK: hold\n"
            "    endcase\n"
            "  end\n\n"
            "  always @(posedge clk_i) begin\n"
            "    if (!rst_ni) begin\n"
            "      ph_q <= PH_ROM;\n"
            "      {deg_q, h4_q, h3_q, h2_q, h1_q, f2_q, f1_q} <= {3'd0, {6{13'd0}}};\n"
            "      sl_q <= {LW{1'b0}};\n"
            "      mode_q <= 1'b0;\n"
            "      st_q <= 3'd0;\n"
            "      sk_q <= 2'd0;\n"
            "      acc_q <= 13'd0;\n"
            "      z_q <= 13'd0;\n"
            "      x0_q <= 13'd0;\n"
            "      dz_q <= 3'd0;\n"
            "      diag_q <= {4{13'd0}};\n"
            "      running_q <= 1'b0;\n"
            "    end else begin\n"
            "      ph_q <= ph_d;\n"
            "      {deg_q, h4_q, h3_q, h2_q, h1_q, f2_q, f1_q} <= {deg_d, h4_d, h3_d, h2_d, h1_d, f2_d, f1_d};\n"
            "      sl_q <= sl_d;\n"
            "      mode_q <= mode_d;\n"
            "      st_q <= st_d;\n"
            "      sk_q <= sk_d;\n"
            "      acc_q <= acc_d;\n"
            "      z_q <= z_d;\n"
            "      x0_q <= x0_d;\n"
            "      dz_q <= dz_d;\n"
            "      diag_q <= diag_d;\n"
            "      running_q <= running_d;\n"
            "    end\n"
            "  end\n\n");
    fprintf(f,
            "  // ---- Lanes: seeds (written by the preprocessing unit), position, difference engine ----\n"
            "  genvar l, k;\n"
            "  generate\n"
            "    for (l = 0; l < P; l = l + 1) begin : g_lane\n"
            "      localparam [LW-1:0] LANE = l;\n"
            "      wire [13:0] prog_start = lane_start_i[l*14+:14];\n"
            "      wire [2:0] prog_stride = lane_stride_i[l*3+:3];\n"
            "      wire [12:0] x = lane_x_i[l*13+:13];\n"
            "      assign used[l] = ~prog_start[13];\n"
            "      reg [3*13-1:0] sf_q, sf_d;  // forward seeds d0..d2\n"
            "      reg [5*13-1:0] si_q, si_d;  // inverse seeds d0..d4 (zero above the degree)\n"
            "      reg [5*13-1:0] e_q, e_d;    // difference engine d0..d4\n"
            "      reg [13:0] pos_q, pos_d;    // position register (signed; -1 after start on an unused lane)\n"
            "      reg v_q, v_d, err_q, err_d;\n"
            "      reg [12:0] addr_q, addr_d;\n"
            "      // Served: valid, not the start cycle, started, used, x = position, position < K.\n"
            "      wire hit = lane_valid_i[l] & ~start_go & running_q & used[l] & (pos_q == {1'b0, x}) & (x < k_i);\n"
            "      wire seed_we = pt_done && (sl_q == LANE);\n"
            "      wire [4*13-1:0] e_sum;  // d[k] + d[k+1] mod K\n"
            "      for (k = 0; k < 4; k = k + 1) begin : g_eng\n"
            "        fg_addmod #(.N(13)) u_add (.a_i(e_q[k*13+:13]), .b_i(e_q[(k+1)*13+:13]), .c_i(modk), .y_o(e_sum[k*13+:13]));\n"
            "      end\n"
            "      integer t;\n"
            "      always @* begin\n"
            "        sf_d = sf_q;\n"
            "        si_d = si_q;\n"
            "        for (t = 0; t < 3; t = t + 1)\n"
            "          if (seed_we && !mode_q && st_q == t[2:0]) sf_d[t*13+:13] = nd_sel;\n"
            "        for (t = 0; t < 5; t = t + 1)\n"
            "          if (seed_we && mode_q && st_q == t[2:0]) si_d[t*13+:13] = nd_sel;\n"
            "        v_d = hit;\n"
            "        err_d = lane_valid_i[l] & ~hit;\n"
            "        addr_d = hit ? e_q[12:0] : 13'd0;\n"
            "        e_d = e_q;\n"
            "        pos_d = pos_q;\n"
            "        if (start_go) begin  // load the seeds of the mode; position = the program's start\n"
            "          e_d = inverse_i ? si_q : {{2{13'd0}}, sf_q};\n"
            "          pos_d = used[l] ? prog_start : 14'h3fff;\n"
            "        end else if (hit) begin\n"
            "          e_d = {e_q[4*13+:13], e_sum};\n"
            "          pos_d = pos_q + {{11{prog_stride[2]}}, prog_stride};\n"
            "        end\n"
            "      end\n"
            "      always @(posedge clk_i) begin\n"
            "        if (!rst_ni) begin\n"
            "          sf_q <= {3{13'd0}};\n"
            "          si_q <= {5{13'd0}};\n"
            "          e_q <= {5{13'd0}};\n"
            "          pos_q <= 14'd0;\n"
            "          v_q <= 1'b0;\n"
            "          err_q <= 1'b0;\n"
            "          addr_q <= 13'd0;\n"
            "        end else begin\n"
            "          sf_q <= sf_d;\n"
            "          si_q <= si_d;\n"
            "          e_q <= e_d;\n"
            "          pos_q <= pos_d;\n"
            "          v_q <= v_d;\n"
            "          err_q <= err_d;\n"
            "          addr_q <= addr_d;\n"
            "        end\n"
            "      end\n"
            "      assign lane_valid_o[l] = v_q;\n"
            "      assign lane_err_o[l] = err_q;\n"
            "      assign lane_addr_o[l*13+:13] = addr_q;\n"
            "    end\n"
            "  endgenerate\n"
            "endmodule\n`default_nettype wire\n");
    return 0;
}
