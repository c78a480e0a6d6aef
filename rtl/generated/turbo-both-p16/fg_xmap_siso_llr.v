// Copied from rtl/lib/fg_xmap_siso_llr.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_siso_llr: the LLR stage and output pipeline of fg_xmap_siso (docs/rtl-turbo.md). In the
// cycle valid_i is high (G) it registers the output steps of the alpha unit (a, lanes 0 lo, 1 hi)
// and the beta unit (b, lanes 3 lo, 2 hi): alpha at 2i, branch metrics, beta at 2i+2, sys, apr and
// the lanes' valid flags (v[0] lo, v[1] hi). In the next cycle (E) fg_xmap_ext4 gives each unit's
// two LLRs; the radix-2 step (v = 01, the lower position only, gamma_i's low 4 values from
// fg_xmap_gamma2) takes fg_xmap_ext2, one per SISO: a half-iteration has at most one such step, so
// the two units share it. The output register and LMAP-4 more registers follow, so a step registered
// in cycle G (the end of cycle G) reaches out_*_o in cycle G + LMAP - 2. Invalid lanes output 0.
`default_nettype none
module fg_xmap_siso_llr #(
    parameter integer W_CH  = 5,
    parameter integer W_EXT = 6,
    parameter integer W_BM  = 9,
    parameter integer W_SM  = 10,
    parameter integer NORM  = 0,
    parameter integer LMAP  = 6
) (
    input  wire                 clk_i,
    input  wire                 rst_ni,
    input  wire                 valid_i,
    input  wire [1:0]           a_v_i,
    input  wire [8*W_SM-1:0]    a_alpha_i,
    input  wire [16*W_BM-1:0]   a_gamma_i,
    input  wire [8*W_SM-1:0]    a_beta_i,
    input  wire [2*W_CH-1:0]    a_sys_i,
    input  wire [2*W_EXT-1:0]   a_apr_i,
    input  wire [1:0]           b_v_i,
    input  wire [8*W_SM-1:0]    b_alpha_i,
    input  wire [16*W_BM-1:0]   b_gamma_i,
    input  wire [8*W_SM-1:0]    b_beta_i,
    input  wire [2*W_CH-1:0]    b_sys_i,
    input  wire [2*W_EXT-1:0]   b_apr_i,
    output wire [3:0]           out_valid_o,
    output wire [4*W_EXT-1:0]   out_ext_o,
    output wire [3:0]           out_hard_o
);
  localparam integer SW = 8 * W_SM;
  // output register + LMAP-4 delay registers (fg_xmap_siso rejects LMAP < 4; 1 keeps this legal then)
  localparam integer NST = (LMAP > 4) ? LMAP - 3 : 1;
  localparam integer OW = 4 + 4 * W_EXT + 4;  // valid, ext, hard of the four lanes

  // ---- E registers (data without reset: used only with their valid flags)
  reg [1:0]         a_v_q, b_v_q;
  reg [SW-1:0]      a_alpha_q, a_beta_q, b_alpha_q, b_beta_q;
  reg [16*W_BM-1:0] a_gamma_q, b_gamma_q;
  reg [2*W_CH-1:0]  a_sys_q, b_sys_q;
  reg [2*W_EXT-1:0] a_apr_q, b_apr_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      a_v_q <= 2'b00;
      b_v_q <= 2'b00;
    end else begin
      a_v_q <= valid_i ? a_v_i : 2'b00;
      b_v_q <= valid_i ? b_v_i : 2'b00;
    end
  end
  always @(posedge clk_i) begin
    if (valid_i) begin
      a_alpha_q <= a_alpha_i;
      a_gamma_q <= a_gamma_i;
      a_beta_q  <= a_beta_i;
      a_sys_q   <= a_sys_i;
      a_apr_q   <= a_apr_i;
      b_alpha_q <= b_alpha_i;
      b_gamma_q <= b_gamma_i;
      b_beta_q  <= b_beta_i;
      b_sys_q   <= b_sys_i;
      b_apr_q   <= b_apr_i;
    end
  end

  // ---- E: the LLRs. Only the sign of the a-posteriori LLRs is used (the hard decision).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [2*W_SM-1:0] a_app4, b_app4;
  wire [W_SM-1:0]   app2;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [2*W_EXT-1:0] a_ext4, b_ext4;
  wire [W_EXT-1:0]   ext2;
  fg_xmap_ext4 #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_a_ext4 (
      .alpha_i(a_alpha_q), .gamma_i(a_gamma_q), .beta_i(a_beta_q), .sys_i(a_sys_q), .apr_i(a_apr_q),
      .app_o(a_app4), .ext_o(a_ext4));
  fg_xmap_ext4 #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_b_ext4 (
      .alpha_i(b_alpha_q), .gamma_i(b_gamma_q), .beta_i(b_beta_q), .sys_i(b_sys_q), .apr_i(b_apr_q),
      .app_o(b_app4), .ext_o(b_ext4));
  // The shared radix-2 unit: the beta unit's step when it is the radix-2 one, else the alpha unit's.
  wire b_r2 = b_v_q == 2'b01;
  wire a_r2 = a_v_q == 2'b01;
  fg_xmap_ext2 #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_ext2 (
      .alpha_i(b_r2 ? b_alpha_q : a_alpha_q),
      .gamma_i(b_r2 ? b_gamma_q[0+:4*W_BM] : a_gamma_q[0+:4*W_BM]),
      .beta_i (b_r2 ? b_beta_q : a_beta_q),
      .sys_i  (b_r2 ? b_sys_q[0+:W_CH] : a_sys_q[0+:W_CH]),
      .apr_i  (b_r2 ? b_apr_q[0+:W_EXT] : a_apr_q[0+:W_EXT]),
      .app_o  (app2),
      .ext_o  (ext2));

  // Lanes: 0 = a lo, 1 = a hi, 2 = b hi, 3 = b lo.
  wire [3:0] v_e = {b_v_q[0], b_v_q[1], a_v_q[1], a_v_q[0]};
  wire [W_EXT-1:0] e0 = a_r2 ? ext2 : a_ext4[0+:W_EXT];
  wire [W_EXT-1:0] e3 = b_r2 ? ext2 : b_ext4[0+:W_EXT];
  wire h0 = a_r2 ? app2[W_SM-1] : a_app4[W_SM-1];
  wire h3 = b_r2 ? app2[W_SM-1] : b_app4[W_SM-1];
  wire [4*W_EXT-1:0] ext_e = {e3 & {W_EXT{v_e[3]}}, b_ext4[W_EXT+:W_EXT] & {W_EXT{v_e[2]}},
                              a_ext4[W_EXT+:W_EXT] & {W_EXT{v_e[1]}}, e0 & {W_EXT{v_e[0]}}};
  wire [3:0] hard_e = {h3, b_app4[2*W_SM-1], a_app4[2*W_SM-1], h0} & v_e;

  // ---- output register and delay line: stage k at [k*OW+:OW], stage 0 newest (a synthesis tool may
  // retime these registers into E)
  reg [NST*OW-1:0] pipe_q;
  generate
    if (NST == 1) begin : g_reg
      always @(posedge clk_i) begin
        if (!rst_ni) pipe_q <= {OW{1'b0}};
        else pipe_q <= {hard_e, ext_e, v_e};
      end
    end else begin : g_shift
      always @(posedge clk_i) begin
        if (!rst_ni) pipe_q <= {NST*OW{1'b0}};
        else pipe_q <= {pipe_q[0+:(NST-1)*OW], hard_e, ext_e, v_e};
      end
    end
  endgenerate
  wire [OW-1:0] last = pipe_q[(NST-1)*OW+:OW];
  assign out_valid_o = last[0+:4];
  assign out_ext_o   = last[4+:4*W_EXT];
  assign out_hard_o  = last[4+4*W_EXT+:4];
endmodule
`default_nettype wire
