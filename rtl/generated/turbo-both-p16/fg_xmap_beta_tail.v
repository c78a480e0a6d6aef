// Copied from rtl/lib/fg_xmap_beta_tail.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_beta_tail: beta at the block end from the three termination steps, the Verilog twin of
// fg_xmap_beta_tail() in fecforge/turbo_fixed.h. From each state s0 the tail input is forced (a = 0,
// so step t leaves state s0 >> t with input u = r2 ^ r3 and parity z = r1 ^ r3, rsc.h), and
//   beta(s0) = sum over t = 0..2 of [u = 0] x_t + [z = 0] z_t      (fg_sat_add in w_sm, from 0)
// then normalised (fg_xmap_norm). tail_i = x[K], z[K], x[K+1], z[K+1], x[K+2], z[K+2], W_CH bits
// each at [j*W_CH+:W_CH]. NORM 0 modulo, 1 subtract.
`default_nettype none
module fg_xmap_beta_tail #(
    parameter integer W_CH = 5,
    parameter integer W_SM = 10,
    parameter integer NORM = 0
) (
    input  wire [6*W_CH-1:0] tail_i,
    output wire [8*W_SM-1:0] beta_o
);
  wire [6*W_SM-1:0] tail;
  wire [8*W_SM-1:0] sum;
  genvar j, s0;
  generate
    for (j = 0; j < 6; j = j + 1) begin : g_ext
      fg_sext #(.WI(W_CH), .WO(W_SM)) u_ext (.x_i(tail_i[j*W_CH+:W_CH]), .y_o(tail[j*W_SM+:W_SM]));
    end
    for (s0 = 0; s0 < 8; s0 = s0 + 1) begin : g_s
      // Tail step t = j / 2 leaves state s0 >> t; value j is added when its indicator is 1.
      for (j = 0; j < 6; j = j + 1) begin : g_j
        localparam integer S = s0 >> (j / 2);
        localparam integer ADD = (j % 2 == 0 ? (S >> 1) ^ S : (S >> 2) ^ S) % 2 == 0 ? 1 : 0;
        wire [W_SM-1:0] prev, acc;  // the sum before and after value j (before value 0: the C's 0)
        if (j == 0) begin : g_zero
          assign prev = {W_SM{1'b0}};
        end else begin : g_chain
          assign prev = g_j[j-1].acc;
        end
        if (ADD != 0) begin : g_add
          fg_sat_add #(.W(W_SM)) u_add (.a_i(prev), .b_i(tail[j*W_SM+:W_SM]), .y_o(acc));
        end else begin : g_skip
          assign acc = prev;
        end
      end
      assign sum[s0*W_SM+:W_SM] = g_j[5].acc;
    end
  endgenerate
  fg_xmap_norm #(.W_I(W_SM), .W_SM(W_SM), .NORM(NORM)) u_norm (.m_i(sum), .m_o(beta_o));
endmodule
`default_nettype wire
