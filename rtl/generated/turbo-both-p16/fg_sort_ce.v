// Copied from rtl/lib/fg_sort_ce.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_sort_ce: compare-exchange element of a sorting network. Words are {key, payload}; lo_o gets the
// word with the smaller key, hi_o the other (keys are unique where it is used, so ties do not
// occur; on a tie a_i stays on lo_o). The return path carries one bit per word back through the
// same exchange: ra_o is the bit returned to a_i's word (rlo_i if a_i went to lo_o), rb_o to b_i's.
`default_nettype none
module fg_sort_ce #(
    parameter integer KW = 8,  // key bits (the top bits of a word)
    parameter integer PW = 8   // payload bits
) (
    input  wire [KW+PW-1:0] a_i,
    input  wire [KW+PW-1:0] b_i,
    output wire [KW+PW-1:0] lo_o,
    output wire [KW+PW-1:0] hi_o,
    input  wire             rlo_i,
    input  wire             rhi_i,
    output wire             ra_o,
    output wire             rb_o
);
  wire swap = a_i[KW+PW-1:PW] > b_i[KW+PW-1:PW];
  assign lo_o = swap ? b_i : a_i;
  assign hi_o = swap ? a_i : b_i;
  assign ra_o = swap ? rhi_i : rlo_i;
  assign rb_o = swap ? rlo_i : rhi_i;
endmodule
`default_nettype wire
