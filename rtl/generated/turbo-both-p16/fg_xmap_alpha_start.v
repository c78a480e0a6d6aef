// Copied from rtl/lib/fg_xmap_alpha_start.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_alpha_start: the alpha vector at the block start, the Verilog twin of
// fg_xmap_alpha_start() in fecforge/turbo_fixed.h: alpha(0) = 0, alpha(s != 0) = -D1 with
// D1 = 2 max_ch + max_ext = fg_xmap_delta1() (max_w = 2^(w-1) - 1). Constants only.
`default_nettype none
module fg_xmap_alpha_start #(
    parameter integer W_CH  = 5,
    parameter integer W_EXT = 6,
    parameter integer W_SM  = 10
) (
    output wire [8*W_SM-1:0] alpha_o
);
  localparam integer D1 = 2 * ((1 << (W_CH - 1)) - 1) + ((1 << (W_EXT - 1)) - 1);
  localparam [31:0] NEG_D1 = -D1;  // two's complement; |D1| <= max(w_sm) (fg_xmap_fmt_check)
  assign alpha_o = {{7{NEG_D1[W_SM-1:0]}}, {W_SM{1'b0}}};
endmodule
`default_nettype wire
