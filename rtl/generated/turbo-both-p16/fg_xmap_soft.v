// Copied from rtl/lib/fg_xmap_soft.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_soft: the a-posteriori and extrinsic LLRs of the STEPS bits of one XMAP step (2: radix 4,
// 1: radix 2), the common body of fg_xmap_ext4 and fg_xmap_ext2; the Verilog twin of ext4_impl()
// and fg_xmap_ext2() in cmodel/src/turbo/xmap_fixed.c. For every branch k = NB s + b (fg_xmap_route,
// FWD 0):
//   m(k) = (alpha(s) + gamma(k)) + beta(next)       fg_xmap_add twice: w_sm, or w_sm + 2 (subtract)
// For bit j and value v, the maximum over the branches whose input bit j is v is one chain of
// fg_xmap_max in increasing k, as the C folds it (a tie keeps the earlier branch); then
// fg_xmap_llr. Bit j's sys/apr/app/ext at [j*W+:W].
`default_nettype none
module fg_xmap_soft #(
    parameter integer STEPS = 2,
    parameter integer W_CH  = 5,
    parameter integer W_EXT = 6,
    parameter integer W_BM  = 9,
    parameter integer W_SM  = 10,
    parameter integer NORM  = 0
) (
    input  wire [8*W_SM-1:0]            alpha_i,
    input  wire [(1<<2*STEPS)*W_BM-1:0] gamma_i,
    input  wire [8*W_SM-1:0]            beta_i,
    input  wire [STEPS*W_CH-1:0]        sys_i,
    input  wire [STEPS*W_EXT-1:0]       apr_i,
    output wire [STEPS*W_SM-1:0]        app_o,
    output wire [STEPS*W_EXT-1:0]       ext_o
);
  localparam integer NB = 1 << STEPS;
  localparam integer HB = NB / 2;  // branches per state with a given input bit j
  localparam integer WM = W_SM + 2 * NORM;

  wire [8*NB*W_SM-1:0] rb;
  wire [8*NB*W_BM-1:0] rg;
  fg_xmap_route #(.STEPS(STEPS), .FWD(0), .W_M(W_SM), .W_G(W_BM)) u_route (
      .m_i    (beta_i),
      .gamma_i(gamma_i),
      .m_o    (rb),
      .gamma_o(rg)
  );

  wire [8*NB*WM-1:0] ag, m;
  genvar k, j, v, n;
  generate
    for (k = 0; k < 8 * NB; k = k + 1) begin : g_m
      fg_xmap_add #(.WA(W_SM), .WB(W_BM), .W(WM), .NORM(NORM)) u_ag (
          .a_i(alpha_i[(k/NB)*W_SM+:W_SM]),
          .b_i(rg[k*W_BM+:W_BM]),
          .y_o(ag[k*WM+:WM])
      );
      fg_xmap_add #(.WA(WM), .WB(W_SM), .W(WM), .NORM(NORM)) u_agb (
          .a_i(ag[k*WM+:WM]),
          .b_i(rb[k*W_SM+:W_SM]),
          .y_o(m[k*WM+:WM])
      );
    end
    for (j = 0; j < STEPS; j = j + 1) begin : g_bit
      wire [2*WM-1:0] mx;  // maxima for bit value 0 and 1
      for (v = 0; v < 2; v = v + 1) begin : g_val
        wire [8*HB*WM-1:0] x;  // x(n): running maximum over the first n + 1 branches of the chain
        for (n = 0; n < 8 * HB; n = n + 1) begin : g_n
          // The n-th branch with input bit j = v: state n / HB, inputs r = n % HB with v put in at bit j.
          localparam integer R = n % HB;
          localparam integer K = NB * (n / HB) + (((R >> j) << (j + 1)) | (v << j) | (R & ((1 << j) - 1)));
          if (n == 0) begin : g_first
            assign x[0+:WM] = m[K*WM+:WM];
          end else begin : g_cs
            fg_xmap_max #(.W(WM), .NORM(NORM)) u_max (.a_i(x[(n-1)*WM+:WM]), .b_i(m[K*WM+:WM]), .y_o(x[n*WM+:WM]));
          end
        end
        assign mx[v*WM+:WM] = x[(8*HB-1)*WM+:WM];
      end
      fg_xmap_llr #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_llr (
          .max0_i(mx[0+:WM]),
          .max1_i(mx[WM+:WM]),
          .sys_i (sys_i[j*W_CH+:W_CH]),
          .apr_i (apr_i[j*W_EXT+:W_EXT]),
          .app_o (app_o[j*W_SM+:W_SM]),
          .ext_o (ext_o[j*W_EXT+:W_EXT])
      );
    end
  endgenerate
endmodule
`default_nettype wire
