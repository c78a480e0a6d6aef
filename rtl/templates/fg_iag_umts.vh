`define TOP fg_iag_umts
`define PORTS \
    input  wire clk_i, \
    input  wire rst_ni, \
    input  wire [12:0] k_i, \
    input  wire [55:0] lane_start_i, \
    input  wire [11:0] lane_stride_i, \
    input  wire start_i, \
    input  wire inverse_i, \
    input  wire [3:0] lane_valid_i, \
    input  wire [51:0] lane_x_i, \
    output wire ready_o, \
    output wire [3:0] lane_valid_o, \
    output wire [3:0] lane_err_o, \
    output wire [51:0] lane_addr_o \
);
`define P 4
`define PAT_LAST 3
`define KPAT
`define LO 40
`define HI 159
`define PAT 0
`define KR
`define Q 0
`define R 10
`define SP_LO 481
`define SP_HI 530
`define PRIME
`define I 0
`define PR 7
`define V 3
`define PRIME_LAST 51
`define TROM
`define A 1
`define T 9
`define QMU
`define M 1
`undef QMF
`define UNI
`default_nettype none
module `TOP (
`PORTS
  localparam integer P = `P;  // lanes (PLLR)

  // ================= Preprocessing unit (one copy) =================
  localparam [2:0] PH_SEARCH = 3'd0, PH_ROWS = 3'd1, PH_SFILL = 3'd2, PH_CORR = 3'd3, PH_DONE = 3'd4;
  reg [2:0] ph_q;
  reg [8:0] ctr_q;  // prime index (SEARCH), permuted row (ROWS), j (SFILL), column + 1 (CORR)
  reg ready_q, running_q, inverse_q;  // unit registers of fg_iag_step
  wire start = start_i & ready_q;

  // Runtime scalars, latched when SEARCH finds the prime.
  reg [1:0] pat_q;   // row pattern (tROM row)
  reg [5:0] pidx_q;  // prime index (q/m ROM row)
  reg [4:0] rr_n_q;  // R
  reg [8:0] p_q;     // p
  reg [4:0] v_q;     // primitive root
  reg [8:0] c_q;     // C
  reg [4:0] ru_q;    // rows_used = ceil(K/C)
  reg [7:0] ck_q;    // K mod C
  reg [4:0] prow_q;  // the partial row rows_used - 1 (valid when hasp_q)
  reg hasp_q;        // K mod C != 0
  reg exch_q;        // C == p+1 && K == R*C
  reg [7:0] rpart_q; // r of the partial row
  wire [8:0] pm1 = p_q - 9'd1;
  wire c_is_pm1 = c_q == pm1;

  // SEARCH, combinational part: row pattern and R from K (ranges of the standard's Table 3).
  reg [1:0] k_pat;
  reg [4:0] k_r;
  always @* begin
    k_pat = 2'd`PAT_LAST;
`ifdef KPAT
    if (k_i >= 13'd`LO && k_i <= 13'd`HI) k_pat = 2'd`PAT;
`endif
  end
  always @* begin
    case (k_pat)
`ifdef KR
      2'd`Q: k_r = 5'd`R;
`endif
      default: k_r = 5'd0;
    endcase
  end
  wire k_cp = k_i >= 13'd`SP_LO && k_i <= 13'd`SP_HI;  // the standard's C = p range

  // Prime ROM: {p, v} at the prime index ctr.
  reg [8:0] rom_p;
  reg [4:0] rom_v;
  always @* begin
    case (ctr_q[5:0])
`ifdef PRIME
      6'd`I: {rom_p, rom_v} = {9'd`PR, 5'd`V};
`endif
      default: {rom_p, rom_v} = 14'd0;
    endcase
  end
  wire [13:0] k14 = {1'b0, k_i};
  wire [13:0] r14 = {9'd0, k_r};
  wire [13:0] p14 = {5'd0, rom_p};
  wire found = k14 <= r14 * (p14 + 14'd1);
  wire [8:0] cand_c = k_cp ? rom_p : (k14 <= r14 * (p14 - 14'd1)) ? rom_p - 9'd1 :
                      (k14 <= r14 * p14) ? rom_p : rom_p + 9'd1;
  wire [13:0] c14 = {5'd0, cand_c};
  wire cand_exch = (cand_c == rom_p + 9'd1) && (k14 == r14 * c14);
  // K / C by restoring division, 5 quotient bits (K <= R*C <= 20*C).
  wire [13:0] dv_r5 = k14;
  wire dv_q4 = dv_r5 >= (c14 << 4);
  wire [13:0] dv_r4 = dv_q4 ? dv_r5 - (c14 << 4) : dv_r5;
  wire dv_q3 = dv_r4 >= (c14 << 3);
  wire [13:0] dv_r3 = dv_q3 ? dv_r4 - (c14 << 3) : dv_r4;
  wire dv_q2 = dv_r3 >= (c14 << 2);
  wire [13:0] dv_r2 = dv_q2 ? dv_r3 - (c14 << 2) : dv_r3;
  wire dv_q1 = dv_r2 >= (c14 << 1);
  wire [13:0] dv_r1 = dv_q1 ? dv_r2 - (c14 << 1) : dv_r2;
  wire dv_q0 = dv_r1 >= (c14 << 0);
  wire [13:0] dv_r0 = dv_q0 ? dv_r1 - (c14 << 0) : dv_r1;
  wire [4:0] dv_quo = {dv_q4, dv_q3, dv_q2, dv_q1, dv_q0};
  wire dv_rem_nz = dv_r0 != 14'd0;
  wire [5:0] unused_dv = dv_r0[13:8];  // the remainder is < C <= 256

  // tROM: T(c) of pattern pat at permuted row c.
  reg [4:0] rom_t;
  always @* begin
    case ({pat_q, ctr_q[4:0]})
`ifdef TROM
      7'd`A: rom_t = 5'd`T;
`endif
      default: rom_t = 5'd0;
    endcase
  end
`ifdef UNI
  // q/m ROM at (prime index, c): q_c mod (p-1) and q_c^-1 mod (p-1).
  reg [15:0] rom_qm;
`else
  // q/m ROM at (prime index, c): q_c mod (p-1).
  reg [7:0] rom_qm;
`endif
  always @* begin
    case ({pidx_q, ctr_q[4:0]})
`ifdef QMU
      11'd`A: rom_qm = {8'd`Q, 8'd`M};
`endif
`ifdef QMF
      11'd`A: rom_qm = 8'd`Q;
`endif
`ifdef UNI
      default: rom_qm = 16'd0;
`else
      default: rom_qm = 8'd0;
`endif
    endcase
  end
`ifdef UNI
  wire [7:0] rom_q = rom_qm[15:8];
  wire [7:0] rom_m = rom_qm[7:0];
`else
  wire [7:0] rom_q = rom_qm;
`endif

`ifdef UNI
  // ROWS: register files of the permuted rows (T, r, vrow: the k-th used row) and of the original rows (m, rank among the used rows).
`else
  // ROWS: register files of the permuted rows (T, r, vrow: the k-th used row).
`endif
  reg [4:0] t_q [0:19];
  reg [7:0] rr_q [0:19];
  reg [4:0] vrow_q [0:19];
`ifdef UNI
  reg [7:0] mm_q [0:19];
  reg [4:0] rk_q [0:19];
`endif
  reg [4:0] mp_q;    // rank of the partial row among the used rows
  reg [4:0] n0_q;    // used rows so far
  reg [12:0] acc_q;  // c*C
  wire [4:0] row_c = ctr_q[4:0];
  wire row_used = rom_t < ru_q;
  wire row_part = hasp_q && rom_t == prow_q;
  always @(posedge clk_i) begin  // register files: no reset (written before use)
    if (rst_ni && ph_q == PH_ROWS) begin
      t_q[row_c] <= rom_t;
      rr_q[row_c] <= rom_q;
      if (row_used) vrow_q[n0_q] <= row_c;
`ifdef UNI
      mm_q[rom_t] <= rom_m;
      rk_q[rom_t] <= n0_q;
`endif
    end
  end
`ifdef UNI
  // The row word a lane reads in stage A: {r, T} of permuted row e (forward) or {m, rank} of original row e (inverse).
`else
  // The row word a lane reads in stage A: {r, T} of permuted row e.
`endif
  wire [12:0] rowv [0:19];
  genvar e;
  generate
    for (e = 0; e < 20; e = e + 1) begin : g_rowv
`ifdef UNI
      assign rowv[e] = inverse_q ? {mm_q[e], rk_q[e]} : {rr_q[e], t_q[e]};
`else
      assign rowv[e] = {rr_q[e], t_q[e]};
`endif
    end
  endgenerate

  // The preprocessing kernel (a*b) mod c: SFILL s <- (s*v) mod p, CORR (j*r_partial) mod (p-1).
  reg [8:0] scur_q;
  wire pre_fill = ph_q == PH_SFILL;
  wire [8:0] pk_y;
  fg_mulmod #(.N(9)) u_pre_kernel (
      .a_i(pre_fill ? scur_q : ctr_q), .b_i(pre_fill ? {4'd0, v_q} : {1'b0, rpart_q}),
      .c_i(pre_fill ? {1'b0, p_q} : {1'b0, pm1}), .y_o(pk_y));
  wire [7:0] scur_m1 = scur_q[7:0] - 8'd1;  // s(j)-1 <= p-2
  wire unused_scur = scur_q[8];
`ifdef UNI
  // v^h = -1 mod p (h = (p-1)/2): s(a+h) = p - s(a), log(p-y) = log(y) + h. Every lane's RAM
  // holds s(a)-1 at a < h and log(y) for y <= h at 128 + (y - [C = p-1]), the column value U
  // of y; the other halves are read at their mirrors: a-h, and p-2-U or p-U.
  wire [7:0] h8 = p_q[8:1];         // (p-1)/2, p odd
  wire [7:0] lthr = h8 + {7'd0, !c_is_pm1};  // U of the first y > h
  wire [7:0] lmir = p_q[7:0] - (c_is_pm1 ? 8'd2 : 8'd0);  // U -> U of p - y
  // SFILL, j = ctr: j < h writes s(j)-1 at j; j >= h writes log(y) = j at U, or for y > h
  // log(p-y) = j-h at its mirror.
`else
  // SFILL: s(j)-1 at j into every lane's s RAM.
`endif
  wire fill_we = rst_ni && pre_fill;
`ifdef UNI
  wire fill_lo = ctr_q < {1'b0, h8};
  wire [7:0] fill_u = c_is_pm1 ? scur_m1 : scur_q[7:0];
  wire fill_neg = fill_u >= lthr;
  wire [7:0] fill_mir = lmir - fill_u;
  wire [7:0] j_mh = ctr_q[7:0] - h8;
  wire [7:0] fill_waddr = fill_lo ? {1'b0, ctr_q[6:0]} : {1'b1, fill_neg ? fill_mir[6:0] : fill_u[6:0]};
  wire [7:0] fill_wdata = fill_lo ? scur_m1 : fill_neg ? j_mh : ctr_q[7:0];
  wire unused_fill_mir = fill_mir[7];
`else
  wire [7:0] fill_waddr = ctr_q[7:0];
  wire [7:0] fill_wdata = scur_m1;
`endif
  // CORR: column ctr of the partial row: the s address (lane 0's port) or a constant; one
  // cycle later dm(j) = U_partial(j) >= K mod C, written into every lane's pruning RAM.
  reg pc_v_q, pc_sel_q;
  reg [8:0] pc_cval_q;
  reg [12:0] cs_q;   // colstart(j)
  reg prev_dm_q;     // dm(j-1)
  wire [7:0] s0_rd;  // lane 0's s RAM read data
`ifdef UNI
  reg pc_neg_q;
  wire pre_neg = pk_y[7:0] >= h8;
  wire [7:0] pre_fold = pk_y[7:0] - h8;
  wire [7:0] pre_s_raddr = {1'b0, pre_neg ? pre_fold[6:0] : pk_y[6:0]};
  wire unused_pre = pre_fold[7];
  wire [8:0] pc_s = pc_neg_q ? pm1 - {1'b0, s0_rd} : {1'b0, s0_rd} + 9'd1;  // s(a)
`else
  wire [7:0] pre_s_raddr = pk_y[7:0];
  wire [8:0] pc_s = {1'b0, s0_rd} + 9'd1;  // s(a)
`endif
  wire [8:0] pc_val = pc_sel_q ? pc_s - {8'd0, c_is_pm1} : pc_cval_q;
  wire dm_new = hasp_q && pc_val >= {1'b0, ck_q};
  wire [4:0] nv = ru_q - {4'd0, dm_new};  // cells of column j
  wire [7:0] corr_j = ctr_q[7:0] - 8'd1;
`ifdef UNI
  // Pruning RAM word of 16 columns, {cnt at the first, dm of each}: collected, written at
  // the group's last column (or column C-1).
  reg [7:0] cnt_q;     // dm(0) + ... + dm(j-1)
  reg [7:0] pw_cnt_q;  // cnt at the group's first column
  reg [15:0] pw_dm_q;  // dm of the group's columns so far
  wire grp0 = corr_j[3:0] == 4'd0;
  wire [7:0] pw_cnt_now = grp0 ? cnt_q : pw_cnt_q;
  wire [15:0] pw_dm_now = (grp0 ? 16'd0 : pw_dm_q) | ({15'd0, dm_new} << corr_j[3:0]);
  wire corr_we = rst_ni && ph_q == PH_CORR && pc_v_q && (corr_j[3:0] == 4'hf || {1'b0, corr_j} == c_q - 9'd1);
  wire [3:0] corr_waddr = corr_j[7:4];
  wire [23:0] corr_wdata = {pw_cnt_now, pw_dm_now};
  // Seed capture window, one comparator pair per lane for both modes: original row c (ROWS,
  // inverse seeds) or column j (CORR, forward seeds).
  wire sd_rows = ph_q == PH_ROWS;
  wire [12:0] sd_base = sd_rows ? acc_q : cs_q;
  wire [13:0] sd_end = {1'b0, sd_base} + (sd_rows ? {5'd0, c_q} : {9'd0, nv});
  // Mode constants of the lanes' fold (neg = v >= thr; v-h, or mirror - v = ~v + mirror+1) and
  // stage B adder (forward word+1-[C = p-1] or p-[C = p-1]+~word; inverse log + h if mirrored).
  wire [7:0] fold_thr = inverse_q ? lthr : h8;
  wire [7:0] fold_k = inverse_q ? lmir + 8'd1 : 8'd0 - h8;
  wire [8:0] badd0 = inverse_q ? 9'd0 : {8'd0, !c_is_pm1};
  wire [8:0] badd1 = inverse_q ? {1'b0, h8} : c_is_pm1 ? pm1 : p_q;
`else
  wire corr_we = rst_ni && ph_q == PH_CORR && pc_v_q;
  wire [7:0] corr_waddr = corr_j;
  wire corr_wdata = dm_new;
  wire [12:0] sd_base = cs_q;  // forward seeds: x0 in column j
  wire [13:0] sd_end = {1'b0, cs_q} + {9'd0, nv};
`endif

  // Next state of the preprocessing unit and of the mode registers.
  reg [2:0] ph_d;
  reg [8:0] ctr_d;
  reg ready_d;
  reg running_d;
  reg inverse_d;
  reg [1:0] pat_d;
  reg [5:0] pidx_d;
  reg [4:0] rr_n_d;
  reg [8:0] p_d;
  reg [4:0] v_d;
  reg [8:0] c_d;
  reg [4:0] ru_d;
  reg [7:0] ck_d;
  reg [4:0] prow_d;
  reg hasp_d;
  reg exch_d;
  reg [7:0] rpart_d;
  reg [4:0] mp_d;
  reg [4:0] n0_d;
  reg [12:0] acc_d;
  reg [8:0] scur_d;
  reg pc_v_d;
  reg pc_sel_d;
  reg [8:0] pc_cval_d;
  reg [12:0] cs_d;
  reg prev_dm_d;
`ifdef UNI
  reg pc_neg_d;
  reg [7:0] cnt_d;
  reg [7:0] pw_cnt_d;
  reg [15:0] pw_dm_d;
`endif
  always @* begin
    ph_d = ph_q;
    ctr_d = ctr_q;
    ready_d = ready_q;
    running_d = running_q;
    inverse_d = inverse_q;
    pat_d = pat_q;
    pidx_d = pidx_q;
    rr_n_d = rr_n_q;
    p_d = p_q;
    v_d = v_q;
    c_d = c_q;
    ru_d = ru_q;
    ck_d = ck_q;
    prow_d = prow_q;
    hasp_d = hasp_q;
    exch_d = exch_q;
    rpart_d = rpart_q;
    mp_d = mp_q;
    n0_d = n0_q;
    acc_d = acc_q;
    scur_d = scur_q;
    pc_v_d = pc_v_q;
    pc_sel_d = pc_sel_q;
    pc_cval_d = pc_cval_q;
    cs_d = cs_q;
    prev_dm_d = prev_dm_q;
`ifdef UNI
    pc_neg_d = pc_neg_q;
    cnt_d = cnt_q;
    pw_cnt_d = pw_cnt_q;
    pw_dm_d = pw_dm_q;
`endif
    if (start) begin
      running_d = 1'b1;
      inverse_d = inverse_i;
    end
    case (ph_q)
      PH_SEARCH: begin  // one prime per cycle
        if (found) begin
          pat_d = k_pat; pidx_d = ctr_q[5:0]; rr_n_d = k_r; p_d = rom_p; v_d = rom_v; c_d = cand_c;
          ru_d = dv_quo + {4'd0, dv_rem_nz}; ck_d = dv_r0[7:0]; prow_d = dv_quo; hasp_d = dv_rem_nz;
          exch_d = cand_exch;
          ph_d = PH_ROWS;
          ctr_d = 9'd0;
        end else if (ctr_q != 9'd`PRIME_LAST) begin
          ctr_d = ctr_q + 9'd1;  // a K beyond the table stays here: ready never rises
        end
      end
      PH_ROWS: begin
        if (row_used) n0_d = n0_q + 5'd1;
        if (row_part) begin
          rpart_d = rom_q;
          mp_d = n0_q;
        end
        acc_d = acc_q + {4'd0, c_q};
        if (row_c == rr_n_q - 5'd1) begin
          ph_d = PH_SFILL;
          ctr_d = 9'd0;
          scur_d = 9'd1;
        end else begin
          ctr_d = ctr_q + 9'd1;
        end
      end
      PH_SFILL: begin
        scur_d = pk_y;
        if (ctr_q == pm1 - 9'd1) begin
          ph_d = PH_CORR;
          ctr_d = 9'd0;
        end else begin
          ctr_d = ctr_q + 9'd1;
        end
      end
      PH_CORR: begin
        pc_v_d = ctr_q < c_q;
        pc_sel_d = ctr_q < pm1;
        pc_cval_d = (ctr_q == pm1) ? 9'd0 : p_q;
`ifdef UNI
        pc_neg_d = pre_neg;
`endif
        if (pc_v_q) begin
          cs_d = cs_q + {8'd0, nv};
          prev_dm_d = dm_new;
`ifdef UNI
          cnt_d = cnt_q + {7'd0, dm_new};
          pw_cnt_d = pw_cnt_now;
          pw_dm_d = pw_dm_now;
`endif
        end
        if (ctr_q == c_q) begin
          ph_d = PH_DONE;
          ready_d = 1'b1;
        end else begin
          ctr_d = ctr_q + 9'd1;
        end
      end
      default: ;
    endcase
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ph_q <= PH_SEARCH;
      ctr_q <= 9'd0;
      ready_q <= 1'b0;
      running_q <= 1'b0;
      inverse_q <= 1'b0;
      pat_q <= 2'd0;
      pidx_q <= 6'd0;
      rr_n_q <= 5'd0;
      p_q <= 9'd0;
      v_q <= 5'd0;
      c_q <= 9'd0;
      ru_q <= 5'd0;
      ck_q <= 8'd0;
      prow_q <= 5'd0;
      hasp_q <= 1'b0;
      exch_q <= 1'b0;
      rpart_q <= 8'd0;
      mp_q <= 5'd0;
      n0_q <= 5'd0;
      acc_q <= 13'd0;
      scur_q <= 9'd0;
      pc_v_q <= 1'b0;
      pc_sel_q <= 1'b0;
      pc_cval_q <= 9'd0;
      cs_q <= 13'd0;
      prev_dm_q <= 1'b0;
`ifdef UNI
      pc_neg_q <= 1'b0;
      cnt_q <= 8'd0;
      pw_cnt_q <= 8'd0;
      pw_dm_q <= 16'd0;
`endif
    end else begin
      ph_q <= ph_d;
      ctr_q <= ctr_d;
      ready_q <= ready_d;
      running_q <= running_d;
      inverse_q <= inverse_d;
      pat_q <= pat_d;
      pidx_q <= pidx_d;
      rr_n_q <= rr_n_d;
      p_q <= p_d;
      v_q <= v_d;
      c_q <= c_d;
      ru_q <= ru_d;
      ck_q <= ck_d;
      prow_q <= prow_d;
      hasp_q <= hasp_d;
      exch_q <= exch_d;
      rpart_q <= rpart_d;
      mp_q <= mp_d;
      n0_q <= n0_d;
      acc_q <= acc_d;
      scur_q <= scur_d;
      pc_v_q <= pc_v_d;
      pc_sel_q <= pc_sel_d;
      pc_cval_q <= pc_cval_d;
      cs_q <= cs_d;
      prev_dm_q <= prev_dm_d;
`ifdef UNI
      pc_neg_q <= pc_neg_d;
      cnt_q <= cnt_d;
      pw_cnt_q <= pw_cnt_d;
      pw_dm_q <= pw_dm_d;
`endif
    end
  end
  assign ready_o = ready_q;

  // ================= Runtime lanes =================
  genvar l;
  generate
    for (l = 0; l < P; l = l + 1) begin : g_lane
      wire signed [13:0] x0 = lane_start_i[l*14+:14];
      wire [2:0] d = lane_stride_i[l*3+:3];
      wire up = ~d[2];  // stride > 0
      wire used = ~x0[13];

      // ---- seed latches (written by the preprocessing unit)
      reg sd_ok_q, sd_dm_q, sd_dmn_q;
      reg [7:0] sd_j_q;
      reg [4:0] sd_m_q;
`ifdef UNI
      reg [4:0] sd_row_q;
      reg [7:0] sd_col_q;
`endif
      wire signed [14:0] x15 = {x0[13], x0};
      wire signed [14:0] sb15 = {2'b00, sd_base};
      wire signed [14:0] se15 = {1'b0, sd_end};
      wire in_win = x15 >= sb15 && x15 < se15;  // x0 in this cycle's window
      wire [14:0] sd_off = x15 - sb15;
`ifdef UNI
      wire [6:0] unused_sd_off = sd_off[14:8];
`else
      wire [9:0] unused_sd_off = sd_off[14:5];
`endif
      reg sd_ok_d;
      reg sd_dm_d;
      reg sd_dmn_d;
      reg [7:0] sd_j_d;
      reg [4:0] sd_m_d;
`ifdef UNI
      reg [4:0] sd_row_d;
      reg [7:0] sd_col_d;
`endif
      always @* begin
        sd_ok_d = sd_ok_q;
        sd_dm_d = sd_dm_q;
        sd_dmn_d = sd_dmn_q;
        sd_j_d = sd_j_q;
        sd_m_d = sd_m_q;
`ifdef UNI
        sd_row_d = sd_row_q;
        sd_col_d = sd_col_q;
        if (ph_q == PH_ROWS && in_win) begin
          sd_row_d = row_c; sd_col_d = sd_off[7:0];
        end
`endif
        if (ph_q == PH_CORR && pc_v_q) begin
          if (in_win) begin
            sd_ok_d = 1'b1; sd_j_d = corr_j; sd_m_d = sd_off[4:0]; sd_dm_d = dm_new;
            sd_dmn_d = !up && corr_j != 8'd0 && prev_dm_q;
          end else if (sd_ok_q && up && {1'b0, sd_j_q} + 9'd1 == {1'b0, corr_j}) begin
            sd_dmn_d = dm_new;  // dm of the next column, for an ascending lane
          end
        end
      end
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          sd_ok_q <= 1'b0;
          sd_dm_q <= 1'b0;
          sd_dmn_q <= 1'b0;
          sd_j_q <= 8'd0;
          sd_m_q <= 5'd0;
`ifdef UNI
          sd_row_q <= 5'd0;
          sd_col_q <= 8'd0;
`endif
        end else begin
          sd_ok_q <= sd_ok_d;
          sd_dm_q <= sd_dm_d;
          sd_dmn_q <= sd_dmn_d;
          sd_j_q <= sd_j_d;
          sd_m_q <= sd_m_d;
`ifdef UNI
          sd_row_q <= sd_row_d;
          sd_col_q <= sd_col_d;
`endif
        end
      end
`ifdef UNI
      // ---- lane counters: (maj, mnr) = forward (column j, rank m in it), inverse (row, column)
`else
      // ---- lane counters: (maj, mnr) = forward (column j, rank m in it)
`endif
      reg signed [13:0] pos_q;  // the x served next
      reg signed [9:0] maj_q;
`ifdef UNI
      reg [7:0] mnr_q;
`else
      reg [4:0] mnr_q;
`endif
      reg dm_q;                 // forward: dm(j)
      reg dmseed_q, raok_q;     // dm(j+dir) comes from the seed / the RAM read was in range
`ifdef UNI
      wire [23:0] corr_rd;      // pruning RAM word
      reg [3:0] ra_lo_q;        // dm(j+dir)'s bit in its word
      wire [15:0] pw_dm = corr_rd[15:0];
      wire dm_bit = pw_dm[ra_lo_q];
`else
      wire [0:0] corr_rd;      // pruning RAM word
      wire dm_bit = corr_rd;
`endif
      wire dmn = dmseed_q ? sd_dmn_q : (raok_q & dm_bit);  // dm(j + dir)
      wire [12:0] x = lane_x_i[l*13+:13];
      wire vin = lane_valid_i[l];
`ifdef UNI
      wire ok = vin && !start && running_q && used && pos_q == {1'b0, x} && x < k_i;
`else
      wire ok = vin && !start && running_q && used && pos_q == {1'b0, x} && x < k_i && !inverse_q;
`endif
      wire signed [13:0] d14 = {{11{d[2]}}, d};
      wire signed [9:0] ra = maj_q + (up ? 10'sd1 : -10'sd1);  // forward dm read-ahead column
      wire ra_ok = ra >= 10'sd0 && ra < $signed({1'b0, c_q});
      wire [8:0] jc = maj_q[8:0];
      wire unused_maj = maj_q[9];
      // ---- stage A. Forward: row i = the m-th valid one of column j (a dm column skips the
`ifdef UNI
      // partial row), its word {r, T}; inverse: the word {m, rank} of the row.
`else
      // partial row), its word {r, T}.
`endif
      wire [4:0] mi = mnr_q[4:0] + {4'd0, dm_q && mnr_q[4:0] >= mp_q};
      wire [4:0] fi = vrow_q[mi];
`ifdef UNI
      wire [12:0] rw = rowv[inverse_q ? maj_q[4:0] : fi];
      wire [8:0] u9 = inverse_q ? {1'b0, mnr_q} : jc;  // the column the constants test
      wire last = exch_q && (inverse_q ? maj_q[4:0] : rw[4:0]) == rr_n_q - 5'd1;  // row R-1 of an exchange K
`else
      wire [12:0] rw = rowv[fi];
      wire [8:0] u9 = jc;  // the column the constants test
      wire last = exch_q && rw[4:0] == rr_n_q - 5'd1;  // row R-1 of an exchange K
`endif
      wire [8:0] ky;  // the lane's kernel
      reg f_sel;
      reg [8:0] f_cval;
      reg [7:0] f_v;
      always @* begin  // forward U_row(j): s((j*r) mod (p-1)) or a constant
        f_sel = 1'b0; f_cval = 9'd0; f_v = ky[7:0];
        if (last && u9 == 9'd0) f_cval = p_q;                        // U_{R-1}(0) = p
        else if (last && u9 == p_q) begin f_sel = 1'b1; f_v = 8'd0; end  // U_{R-1}(p) = s(0)
        else if (u9 < pm1) f_sel = 1'b1;                                // s((j*r) mod (p-1))
        else if (u9 == pm1) f_cval = 9'd0;                              // U(p-1) = 0
        else f_cval = p_q;                                              // U(p) = p
      end
      wire unused_ky = ky[8];  // < p-1 <= 256
`ifdef UNI
      reg i_sel;
      reg [8:0] i_cval;
      always @* begin  // inverse: j' = m * log(y) mod (p-1) for the column U, or a constant
        i_sel = 1'b1; i_cval = 9'd0;
        if (last && (u9 == p_q || u9 == 9'd1)) begin
          i_sel = 1'b0; i_cval = (u9 == p_q) ? 9'd0 : p_q;            // exchange
        end else if (!c_is_pm1 && (u9 == 9'd0 || u9 == p_q)) begin
          i_sel = 1'b0; i_cval = (u9 == 9'd0) ? pm1 : p_q;            // j' = p-1, p
        end
      end
      wire sel_n = inverse_q ? i_sel : f_sel;
      wire [8:0] cval_n = inverse_q ? i_cval : f_cval;
      wire [7:0] v8 = inverse_q ? mnr_q : f_v;
      // RAM address: a value at or above the threshold is read at its mirror (forward a-h,
      // inverse 128 + mirror - U).
      wire neg = v8 >= fold_thr;
      wire [7:0] fold = (v8 ^ {8{inverse_q}}) + fold_k;
      wire [7:0] s_raddr_l = {inverse_q, neg ? fold[6:0] : v8[6:0]};
      wire unused_fold = fold[7];
`else
      wire [7:0] s_raddr_l = f_v;
`endif
      // ---- pipeline: stage A (after the input cycle), stage B, output
      reg a_v_q, a_err_q, a_sel_q;
      reg [8:0] a_cval_q;
`ifdef UNI
      reg [12:0] a_w_q;  // forward T(i); inverse {m, rank}
`else
      reg [4:0] a_w_q;  // forward T(i)
`endif
      reg b_v_q, b_err_q;
`ifdef UNI
      reg [4:0] b_x_q;   // forward T(i); inverse rank
      reg [8:0] b_y_q;   // forward U; inverse j'
`else
      reg [4:0] b_x_q;   // forward T(i)
      reg [8:0] b_y_q;   // forward U
`endif
      reg o_v_q, o_err_q;
      reg [12:0] o_addr_q;
      wire [7:0] s_rd;
`ifdef UNI
      reg a_neg_q, b_inv_q;
      // stage B, one adder for both modes: forward U = s - [C = p-1] with s = word+1 or
      // p-(word+1); inverse the log, + h when mirrored (the kernel's multiplier: any value < 512).
      wire [8:0] b_sum = ({1'b0, s_rd} ^ {9{a_neg_q & ~inverse_q}}) + (a_neg_q ? badd1 : badd0);
      // One kernel per lane: forward stage A (j*r) mod (p-1), inverse stage B (m*log) mod (p-1).
      fg_mulmod #(.N(9)) u_kernel (
          .a_i({1'b0, inverse_q ? a_w_q[12:5] : jc[7:0]}), .b_i(inverse_q ? b_sum : {1'b0, rw[12:5]}),
          .c_i({1'b0, pm1}), .y_o(ky));
      wire [8:0] u_fwd = a_sel_q ? b_sum : a_cval_q;
      wire [8:0] jp = a_sel_q ? ky : a_cval_q;  // j'
      // output: forward T(i)*C + U; inverse j'*rows_used + rank - (dummies before the cell: the
      // word's cnt, its dm columns before j', and j' itself if the row follows the partial one).
      wire [4:0] tq = {b_y_q[3:0], b_x_q > mp_q};  // 2*(j' mod 16) + [row after the partial one]
      wire [15:0] dmc;  // the dm bits that count: column i of the word if 2i < tq
      assign dmc[0] = pw_dm[0] && tq > 5'd0;
      assign dmc[1] = pw_dm[1] && tq > 5'd2;
      assign dmc[2] = pw_dm[2] && tq > 5'd4;
      assign dmc[3] = pw_dm[3] && tq > 5'd6;
      assign dmc[4] = pw_dm[4] && tq > 5'd8;
      assign dmc[5] = pw_dm[5] && tq > 5'd10;
      assign dmc[6] = pw_dm[6] && tq > 5'd12;
      assign dmc[7] = pw_dm[7] && tq > 5'd14;
      assign dmc[8] = pw_dm[8] && tq > 5'd16;
      assign dmc[9] = pw_dm[9] && tq > 5'd18;
      assign dmc[10] = pw_dm[10] && tq > 5'd20;
      assign dmc[11] = pw_dm[11] && tq > 5'd22;
      assign dmc[12] = pw_dm[12] && tq > 5'd24;
      assign dmc[13] = pw_dm[13] && tq > 5'd26;
      assign dmc[14] = pw_dm[14] && tq > 5'd28;
      assign dmc[15] = pw_dm[15] && tq > 5'd30;
      wire [4:0] pc = {4'd0, dmc[0]} + {4'd0, dmc[1]} + {4'd0, dmc[2]} + {4'd0, dmc[3]} + {4'd0, dmc[4]} + {4'd0, dmc[5]} + {4'd0, dmc[6]} + {4'd0, dmc[7]} + {4'd0, dmc[8]} + {4'd0, dmc[9]} + {4'd0, dmc[10]} + {4'd0, dmc[11]} + {4'd0, dmc[12]} + {4'd0, dmc[13]} + {4'd0, dmc[14]} + {4'd0, dmc[15]};
      wire [8:0] cnt_c = {1'b0, corr_rd[23:16]} + {4'd0, pc};
      wire [12:0] o_mx = {8'd0, b_inv_q ? ru_q : b_x_q};
      wire [12:0] o_my = {4'd0, b_inv_q ? b_y_q : c_q};
      wire [12:0] o_add = b_inv_q ? {8'd0, b_x_q} - {4'd0, cnt_c} : {4'd0, b_y_q};
      wire [12:0] o_addr_n = o_mx * o_my + o_add;
`else
      fg_mulmod #(.N(9)) u_kernel (.a_i({1'b0, jc[7:0]}), .b_i({1'b0, rw[12:5]}), .c_i({1'b0, pm1}), .y_o(ky));
      wire [8:0] u_fwd = a_sel_q ? {1'b0, s_rd} + {8'd0, !c_is_pm1} : a_cval_q;  // U = s - [C = p-1]
      // output: T(i)*C + U
      wire [12:0] o_addr_n = {8'd0, b_x_q} * {4'd0, c_q} + {4'd0, b_y_q};
`endif
      // ---- RAM copies of this lane (written by SFILL / CORR, read at run time)
      wire [7:0] s_raddr;
      if (l == 0) begin : g_pre_port  // lane 0's s RAM port serves CORR before ready
        assign s_raddr = ready_q ? s_raddr_l : pre_s_raddr;
        assign s0_rd = s_rd;
      end else begin : g_port
        assign s_raddr = s_raddr_l;
      end
      fg_sram_1r1w #(.DEPTH(256), .AW(8), .DW(8)) u_s_ram (
          .clk_i(clk_i), .we_i(fill_we), .waddr_i(fill_waddr), .wdata_i(fill_wdata),
          .re_i(1'b1), .raddr_i(s_raddr), .rdata_o(s_rd));
`ifdef UNI
      // Pruning RAM {cnt, dm} per 16 columns: forward reads j+dir every cycle, inverse j'.
      fg_sram_1r1w #(.DEPTH(16), .AW(4), .DW(24)) u_prune_ram (
`else
      // Pruning RAM dm(j): read dm(j+dir) every cycle.
      fg_sram_1r1w #(.DEPTH(256), .AW(8), .DW(1)) u_prune_ram (
`endif
          .clk_i(clk_i), .we_i(corr_we), .waddr_i(corr_waddr), .wdata_i(corr_wdata),
`ifdef UNI
          .re_i(1'b1), .raddr_i(inverse_q ? jp[7:4] : ra[7:4]), .rdata_o(corr_rd));
`else
          .re_i(1'b1), .raddr_i(ra[7:0]), .rdata_o(corr_rd));
`endif
      // counters: mnr += d, wrapping into maj: forward m in column j (limit rows_used - dm up,
`ifdef UNI
      // rows_used - dm(j-1) down), inverse column in row (limit C)
      wire signed [9:0] mn = $signed({2'b00, mnr_q}) + {{7{d[2]}}, d};
      wire signed [9:0] lim_up = inverse_q ? $signed({1'b0, c_q}) : $signed({5'd0, ru_q - {4'd0, dm_q}});
      wire signed [9:0] lim_dn = inverse_q ? $signed({1'b0, c_q}) : $signed({5'd0, ru_q - {4'd0, dmn}});
      wire signed [9:0] m_over = mn - lim_up;
      wire signed [9:0] m_under = mn + lim_dn;
      wire [3:0] unused_m = {m_over[9:8], m_under[9:8]};
`else
      // rows_used - dm(j-1) down)
      wire signed [6:0] mn = $signed({2'b00, mnr_q}) + {{4{d[2]}}, d};
      wire signed [6:0] lim_up = $signed({2'd0, ru_q - {4'd0, dm_q}});
      wire signed [6:0] lim_dn = $signed({2'd0, ru_q - {4'd0, dmn}});
      wire signed [6:0] m_over = mn - lim_up;
      wire signed [6:0] m_under = mn + lim_dn;
      wire [3:0] unused_m = {m_over[6:5], m_under[6:5]};
`endif
      reg signed [13:0] pos_d;
      reg signed [9:0] maj_d;
`ifdef UNI
      reg [7:0] mnr_d;
`else
      reg [4:0] mnr_d;
`endif
      reg dm_d;
      reg dmseed_d;
      reg raok_d;
      reg a_v_d;
      reg a_err_d;
      reg a_sel_d;
      reg [8:0] a_cval_d;
`ifdef UNI
      reg [12:0] a_w_d;
`else
      reg [4:0] a_w_d;
`endif
      reg b_v_d;
      reg b_err_d;
      reg [4:0] b_x_d;
      reg [8:0] b_y_d;
      reg o_v_d;
      reg o_err_d;
      reg [12:0] o_addr_d;
`ifdef UNI
      reg a_neg_d;
      reg [3:0] ra_lo_d;
      reg b_inv_d;
`endif
      always @* begin
        pos_d = pos_q;
        maj_d = maj_q;
        mnr_d = mnr_q;
        dm_d = dm_q;
        dmseed_d = dmseed_q;
        raok_d = raok_q;
        a_v_d = a_v_q;
        a_err_d = a_err_q;
        a_sel_d = a_sel_q;
        a_cval_d = a_cval_q;
        a_w_d = a_w_q;
        b_v_d = b_v_q;
        b_err_d = b_err_q;
        b_x_d = b_x_q;
        b_y_d = b_y_q;
        o_v_d = o_v_q;
        o_err_d = o_err_q;
        o_addr_d = o_addr_q;
`ifdef UNI
        a_neg_d = a_neg_q;
        ra_lo_d = ra_lo_q;
        b_inv_d = b_inv_q;
`endif
        // output register <- stage B
        o_v_d = b_v_q && !b_err_q;
        o_err_d = b_v_q && b_err_q;
        o_addr_d = (b_v_q && !b_err_q) ? o_addr_n : 13'd0;
        // stage B <- stage A (its RAM word)
        b_v_d = a_v_q;
        b_err_d = a_err_q;
        b_x_d = a_w_q[4:0];
`ifdef UNI
        b_y_d = inverse_q ? jp : u_fwd;
        b_inv_d = inverse_q;
`else
        b_y_d = u_fwd;
`endif
        // stage A <- counters and input
        a_v_d = vin;
        a_err_d = vin && !ok;
`ifdef UNI
        a_sel_d = sel_n; a_cval_d = cval_n; a_w_d = rw; a_neg_d = neg;
`else
        a_sel_d = f_sel; a_cval_d = f_cval; a_w_d = rw[4:0];
`endif
        // counters: advance by d on a served input; start loads the seeds
        dmseed_d = start;
        raok_d = ra_ok;
`ifdef UNI
        ra_lo_d = ra[3:0];
`endif
        if (start) begin
          pos_d = x0;
`ifdef UNI
          maj_d = inverse_i ? {5'd0, sd_row_q} : {2'b00, sd_j_q};
          mnr_d = inverse_i ? sd_col_q : {3'd0, sd_m_q};
`else
          maj_d = {2'b00, sd_j_q};
          mnr_d = sd_m_q;
`endif
          dm_d = sd_dm_q;
        end else if (ok) begin
          pos_d = pos_q + d14;
          if (mn >= lim_up) begin
`ifdef UNI
            mnr_d = m_over[7:0]; maj_d = maj_q + 10'sd1; dm_d = dmn;
          end else if (mn < 10'sd0) begin
            mnr_d = m_under[7:0]; maj_d = maj_q - 10'sd1; dm_d = dmn;
`else
            mnr_d = m_over[4:0]; maj_d = maj_q + 10'sd1; dm_d = dmn;
          end else if (mn < 7'sd0) begin
            mnr_d = m_under[4:0]; maj_d = maj_q - 10'sd1; dm_d = dmn;
`endif
          end else begin
`ifdef UNI
            mnr_d = mn[7:0];
`else
            mnr_d = mn[4:0];
`endif
          end
        end
      end
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          pos_q <= 14'sd0;
          maj_q <= 10'sd0;
`ifdef UNI
          mnr_q <= 8'd0;
`else
          mnr_q <= 5'd0;
`endif
          dm_q <= 1'b0;
          dmseed_q <= 1'b0;
          raok_q <= 1'b0;
          a_v_q <= 1'b0;
          a_err_q <= 1'b0;
          a_sel_q <= 1'b0;
          a_cval_q <= 9'd0;
`ifdef UNI
          a_w_q <= 13'd0;
`else
          a_w_q <= 5'd0;
`endif
          b_v_q <= 1'b0;
          b_err_q <= 1'b0;
          b_x_q <= 5'd0;
          b_y_q <= 9'd0;
          o_v_q <= 1'b0;
          o_err_q <= 1'b0;
          o_addr_q <= 13'd0;
`ifdef UNI
          a_neg_q <= 1'b0;
          ra_lo_q <= 4'd0;
          b_inv_q <= 1'b0;
`endif
        end else begin
          pos_q <= pos_d;
          maj_q <= maj_d;
          mnr_q <= mnr_d;
          dm_q <= dm_d;
          dmseed_q <= dmseed_d;
          raok_q <= raok_d;
          a_v_q <= a_v_d;
          a_err_q <= a_err_d;
          a_sel_q <= a_sel_d;
          a_cval_q <= a_cval_d;
          a_w_q <= a_w_d;
          b_v_q <= b_v_d;
          b_err_q <= b_err_d;
          b_x_q <= b_x_d;
          b_y_q <= b_y_d;
          o_v_q <= o_v_d;
          o_err_q <= o_err_d;
          o_addr_q <= o_addr_d;
`ifdef UNI
          a_neg_q <= a_neg_d;
          ra_lo_q <= ra_lo_d;
          b_inv_q <= b_inv_d;
`endif
        end
      end
      assign lane_valid_o[l] = o_v_q;
      assign lane_err_o[l] = o_err_q;
      assign lane_addr_o[l*13+:13] = o_addr_q;
    end
  endgenerate
endmodule
`default_nettype wire
