`define TOP fg_iag_lte
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
`define LW 2
`define NSIZES 188
`define ROM
`define K 40
`define DEG 2
`define H4 0
`define H3 0
`define H2 10
`define H1 27
`define F2 10
`define F1 3
// Structure (docs/rtl-iag-lte.md): after reset, one cycle reads the QPP ROM row of k_i into
// registers; then, per used lane (a priority encoder skips unused ones in the same cycle) and per
// mode (forward f, inverse g of degree n), the seeds d[t] = Delta_d^t poly(x0), t = 0..n, are
// computed: the points z_t = x0 + t*d by Horner, one multiply-add (fg_mulmod + fg_addmod) per
// cycle; when a point is complete the Newton diagonal gives d[t] with one modular subtract
// (the prefix sums of the old diagonal are formed in parallel with the multiply). ready_o rises
// 1 + U*(6 + n(n+1)) cycles after reset (U used lanes), as fg_iag_step counts them. At run time
// each lane is a difference engine d[k] <- d[k] + d[k+1] (mod K), k = 0..3 (zeros above the
// degree), started from the seeds of the mode selected by start_i; the output register holds d[0].
`default_nettype none
module `TOP (
`PORTS
  localparam integer P = `P;  // lanes
  localparam integer LW = `LW;  // lane index bits
  localparam [1:0] PH_ROM = 2'd0, PH_SEED = 2'd1, PH_DONE = 2'd2, PH_BADK = 2'd3;

  wire [13:0] modk = {1'b0, k_i};  // modulus port of fg_mulmod / fg_addmod (N + 1 bits)

  // ---- QPP ROM (`NSIZES x 81 bits): K -> {degree, h4, h3, h2, h1, f2, f1}, contents from fg_lte_qpp_params
  // and fg_lte_inverse_poly. A K that is not an LTE size reads degree 0: the unit never gets ready.
  reg [2:0] rom_deg;
  reg [12:0] rom_h4, rom_h3, rom_h2, rom_h1, rom_f2, rom_f1;
  always @* begin
    case (k_i)
`ifdef ROM
      13'd`K: {rom_deg, rom_h4, rom_h3, rom_h2, rom_h1, rom_f2, rom_f1} =
          {3'd`DEG, 13'd`H4, 13'd`H3, 13'd`H2, 13'd`H1, 13'd`F2, 13'd`F1};
`endif
      default: {rom_deg, rom_h4, rom_h3, rom_h2, rom_h1, rom_f2, rom_f1} = {3'd0, {6{13'd0}}};
    endcase
  end

  // ---- Preprocessing registers ----
  reg [1:0] ph_q, ph_d;                  // phase: ROM row, seeds, done (ready), bad K
  reg [2:0] deg_q, deg_d;                // inverse degree n
  reg [12:0] f1_q, f1_d, f2_q, f2_d;     // forward polynomial f1 x + f2 x^2
  reg [12:0] h1_q, h1_d, h2_q, h2_d, h3_q, h3_d, h4_q, h4_d;  // inverse polynomial
  reg [LW-1:0] sl_q, sl_d;               // lane being seeded
  reg mode_q, mode_d;                    // its mode: 0 forward, 1 inverse
  reg [2:0] st_q, st_d;                  // point t = 0..n
  reg [1:0] sk_q, sk_d;                  // Horner step 0..n-1 of the point
  reg [12:0] acc_q, acc_d;               // Horner accumulator
  reg [12:0] z_q, z_d;                   // the point z_t = (x0 + t*d) mod K
  reg [12:0] x0_q, x0_d;                 // the lane's first position x0
  reg [2:0] dz_q, dz_d;                  // the lane's stride d (signed)
  reg [4*13-1:0] diag_q, diag_d;         // Newton diagonal: [k*13 +: 13] = Delta^k value(t-1-k)
  reg running_q, running_d;              // a start has been seen since ready

  assign ready_o = ph_q == PH_DONE;
  wire start_go = start_i & ready_o;     // a start before ready is ignored
  wire [P-1:0] used;                     // lane programmed (start >= 0)

  // First used lane at or after `from` (0 in the ROM cycle, else the lane after sl): zero cycles
  // per unused lane, as the model skips them.
  reg [LW:0] from;
  reg nxt_found;
  reg [LW-1:0] nxt;
  reg [12:0] nxt_x0;
  reg [2:0] nxt_d;
  integer i;
  always @* begin
    from = (ph_q == PH_ROM) ? {(LW + 1) {1'b0}} : {1'b0, sl_q} + {{LW{1'b0}}, 1'b1};
    nxt_found = 1'b0;
    nxt = {LW{1'b0}};
    nxt_x0 = 13'd0;
    nxt_d = 3'd0;
    for (i = P - 1; i >= 0; i = i - 1)
      if (used[i] && i[LW:0] >= from) begin
        nxt_found = 1'b1;
        nxt = i[LW-1:0];
        nxt_x0 = lane_start_i[i*14+:13];
        nxt_d = lane_stride_i[i*3+:3];
      end
  end

  // ---- Horner multiply-add: acc <- (acc * z + c[n-1-k]) mod K, acc starting at c[n] ----
  wire [2:0] n_deg = mode_q ? deg_q : 3'd2;  // degree of the polynomial being evaluated
  wire [12:0] c1 = mode_q ? h1_q : f1_q;
  wire [12:0] c2 = mode_q ? h2_q : f2_q;
  wire [12:0] c3 = mode_q ? h3_q : 13'd0;
  wire [12:0] c4 = mode_q ? h4_q : 13'd0;
  wire [2:0] c_idx = n_deg - 3'd1 - {1'b0, sk_q};
  reg [12:0] c_top, c_add;
  always @* begin
    case (n_deg)
      3'd1: c_top = c1;
      3'd2: c_top = c2;
      3'd3: c_top = c3;
      default: c_top = c4;
    endcase
    case (c_idx)
      3'd0: c_add = 13'd0;
      3'd1: c_add = c1;
      3'd2: c_add = c2;
      default: c_add = c3;
    endcase
  end
  wire [12:0] h_a = (sk_q == 2'd0) ? c_top : acc_q;
  wire [12:0] prod, val;
  fg_mulmod #(.N(13)) u_horner_mul (.a_i(h_a), .b_i(z_q), .c_i(modk), .y_o(prod));
  fg_addmod #(.N(13)) u_horner_add (.a_i(prod), .b_i(c_add), .c_i(modk), .y_o(val));

  // ---- Newton diagonal: nd[0] = val, nd[k] = nd[k-1] - diag[k-1] = val - s_k (mod K) with the
  // prefix sums s_k = diag[0] + ... + diag[k-1] of the registered diagonal (beside the multiply).
  wire [12:0] s1 = diag_q[12:0];
  wire [12:0] s2, s3, s4;
  fg_addmod #(.N(13)) u_s2 (.a_i(s1), .b_i(diag_q[25:13]), .c_i(modk), .y_o(s2));
  fg_addmod #(.N(13)) u_s3 (.a_i(s2), .b_i(diag_q[38:26]), .c_i(modk), .y_o(s3));
  fg_addmod #(.N(13)) u_s4 (.a_i(s3), .b_i(diag_q[51:39]), .c_i(modk), .y_o(s4));
  // a - b mod K for a, b < K: a subtractor and a conditional add of K.
  wire [13:0] t1 = {1'b0, val} - {1'b0, s1};
  wire [13:0] t2 = {1'b0, val} - {1'b0, s2};
  wire [13:0] t3 = {1'b0, val} - {1'b0, s3};
  wire [13:0] t4 = {1'b0, val} - {1'b0, s4};
  wire [12:0] nd1 = t1[13] ? t1[12:0] + k_i : t1[12:0];
  wire [12:0] nd2 = t2[13] ? t2[12:0] + k_i : t2[12:0];
  wire [12:0] nd3 = t3[13] ? t3[12:0] + k_i : t3[12:0];
  wire [12:0] nd4 = t4[13] ? t4[12:0] + k_i : t4[12:0];
  reg [12:0] nd_sel;  // nd[t]: the seed d[t] of this point
  always @* begin
    case (st_q)
      3'd0: nd_sel = val;
      3'd1: nd_sel = nd1;
      3'd2: nd_sel = nd2;
      3'd3: nd_sel = nd3;
      default: nd_sel = nd4;
    endcase
  end

  // ---- Point stepping: z + d mod K (d in [-2, 2]) ----
  wire [14:0] z_sum = {2'b00, z_q} + {{12{dz_q[2]}}, dz_q};
  wire [12:0] z_next = z_sum[14] ? z_sum[12:0] + k_i : (z_sum[13:0] >= modk) ? z_sum[12:0] - k_i : z_sum[12:0];

  wire pt_done = (ph_q == PH_SEED) && ({1'b0, sk_q} + 3'd1 == n_deg);  // last Horner step of a point
  wire md_done = pt_done && (st_q == n_deg);                            // last point of the mode

  always @* begin
    ph_d = ph_q;
    {deg_d, h4_d, h3_d, h2_d, h1_d, f2_d, f1_d} = {deg_q, h4_q, h3_q, h2_q, h1_q, f2_q, f1_q};
    sl_d = sl_q;
    mode_d = mode_q;
    st_d = st_q;
    sk_d = sk_q;
    acc_d = acc_q;
    z_d = z_q;
    x0_d = x0_q;
    dz_d = dz_q;
    diag_d = diag_q;
    running_d = running_q | start_go;
    case (ph_q)
      PH_ROM: begin  // one cycle: the ROM row, and the first used lane
        {deg_d, h4_d, h3_d, h2_d, h1_d, f2_d, f1_d} = {rom_deg, rom_h4, rom_h3, rom_h2, rom_h1, rom_f2, rom_f1};
        mode_d = 1'b0;
        st_d = 3'd0;
        sk_d = 2'd0;
        sl_d = nxt;
        x0_d = nxt_x0;
        z_d = nxt_x0;
        dz_d = nxt_d;
        if (rom_deg == 3'd0) ph_d = PH_BADK;
        else if (nxt_found) ph_d = PH_SEED;
        else ph_d = PH_DONE;
      end
      PH_SEED: begin  // one Horner multiply-add per cycle
        acc_d = val;
        if (!pt_done) sk_d = sk_q + 2'd1;
        else begin
          sk_d = 2'd0;
          diag_d = {nd3, nd2, nd1, val};
          if (!md_done) begin
            st_d = st_q + 3'd1;
            z_d = z_next;
          end else begin
            st_d = 3'd0;
            if (!mode_q) begin  // forward done: the inverse seeds of the same lane
              mode_d = 1'b1;
              z_d = x0_q;
            end else begin  // lane done: the next used lane, or ready
              mode_d = 1'b0;
              sl_d = nxt;
              x0_d = nxt_x0;
              z_d = nxt_x0;
              dz_d = nxt_d;
              if (!nxt_found) ph_d = PH_DONE;
            end
          end
        end
      end
      default: ;  // PH_DONE, PH_BADK: hold
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ph_q <= PH_ROM;
      {deg_q, h4_q, h3_q, h2_q, h1_q, f2_q, f1_q} <= {3'd0, {6{13'd0}}};
      sl_q <= {LW{1'b0}};
      mode_q <= 1'b0;
      st_q <= 3'd0;
      sk_q <= 2'd0;
      acc_q <= 13'd0;
      z_q <= 13'd0;
      x0_q <= 13'd0;
      dz_q <= 3'd0;
      diag_q <= {4{13'd0}};
      running_q <= 1'b0;
    end else begin
      ph_q <= ph_d;
      {deg_q, h4_q, h3_q, h2_q, h1_q, f2_q, f1_q} <= {deg_d, h4_d, h3_d, h2_d, h1_d, f2_d, f1_d};
      sl_q <= sl_d;
      mode_q <= mode_d;
      st_q <= st_d;
      sk_q <= sk_d;
      acc_q <= acc_d;
      z_q <= z_d;
      x0_q <= x0_d;
      dz_q <= dz_d;
      diag_q <= diag_d;
      running_q <= running_d;
    end
  end

  // ---- Lanes: seeds (written by the preprocessing unit), position, difference engine ----
  genvar l, k;
  generate
    for (l = 0; l < P; l = l + 1) begin : g_lane
      localparam [LW-1:0] LANE = l;
      wire [13:0] prog_start = lane_start_i[l*14+:14];
      wire [2:0] prog_stride = lane_stride_i[l*3+:3];
      wire [12:0] x = lane_x_i[l*13+:13];
      assign used[l] = ~prog_start[13];
      reg [3*13-1:0] sf_q, sf_d;  // forward seeds d0..d2
      reg [5*13-1:0] si_q, si_d;  // inverse seeds d0..d4 (zero above the degree)
      reg [5*13-1:0] e_q, e_d;    // difference engine d0..d4
      reg [13:0] pos_q, pos_d;    // position register (signed; -1 after start on an unused lane)
      reg v_q, v_d, err_q, err_d;
      reg [12:0] addr_q, addr_d;
      // Served: valid, not the start cycle, started, used, x = position, position < K.
      wire hit = lane_valid_i[l] & ~start_go & running_q & used[l] & (pos_q == {1'b0, x}) & (x < k_i);
      wire seed_we = pt_done && (sl_q == LANE);
      wire [4*13-1:0] e_sum;  // d[k] + d[k+1] mod K
      for (k = 0; k < 4; k = k + 1) begin : g_eng
        fg_addmod #(.N(13)) u_add (.a_i(e_q[k*13+:13]), .b_i(e_q[(k+1)*13+:13]), .c_i(modk), .y_o(e_sum[k*13+:13]));
      end
      integer t;
      always @* begin
        sf_d = sf_q;
        si_d = si_q;
        for (t = 0; t < 3; t = t + 1)
          if (seed_we && !mode_q && st_q == t[2:0]) sf_d[t*13+:13] = nd_sel;
        for (t = 0; t < 5; t = t + 1)
          if (seed_we && mode_q && st_q == t[2:0]) si_d[t*13+:13] = nd_sel;
        v_d = hit;
        err_d = lane_valid_i[l] & ~hit;
        addr_d = hit ? e_q[12:0] : 13'd0;
        e_d = e_q;
        pos_d = pos_q;
        if (start_go) begin  // load the seeds of the mode; position = the program's start
          e_d = inverse_i ? si_q : {{2{13'd0}}, sf_q};
          pos_d = used[l] ? prog_start : 14'h3fff;
        end else if (hit) begin
          e_d = {e_q[4*13+:13], e_sum};
          pos_d = pos_q + {{11{prog_stride[2]}}, prog_stride};
        end
      end
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          sf_q <= {3{13'd0}};
          si_q <= {5{13'd0}};
          e_q <= {5{13'd0}};
          pos_q <= 14'd0;
          v_q <= 1'b0;
          err_q <= 1'b0;
          addr_q <= 13'd0;
        end else begin
          sf_q <= sf_d;
          si_q <= si_d;
          e_q <= e_d;
          pos_q <= pos_d;
          v_q <= v_d;
          err_q <= err_d;
          addr_q <= addr_d;
        end
      end
      assign lane_valid_o[l] = v_q;
      assign lane_err_o[l] = err_q;
      assign lane_addr_o[l*13+:13] = addr_q;
    end
  endgenerate
endmodule
`default_nettype wire
