// Copied from rtl/lib/fg_vit_tree.v by fecforge gen 0.1.0 (git e342e0fa391d). Do not edit.
// fg_vit_tree: the best-state compare tree of a Viterbi decoder, the Verilog twin of tree() in
// cmodel/src/viterbi/viterbi_hw.c. Over M = 2^MB metrics, of which those with ok_i take part:
// pairs merged level by level, the right (higher states) one only when it takes part and, if
// the left does too, is strictly greater; so the result is the lowest-numbered maximum. NORM 0
// compares by the wrapped difference (fg_mod_argmax2), NORM 1 as integers (fg_argmax2). idx_o, max_o: the state and its metric; ok_o: any took part.
`default_nettype none
module fg_vit_tree #(
    parameter integer MB   = 6,
    parameter integer W    = 10,
    parameter integer NORM = 0
) (
    input  wire [(1<<MB)*W-1:0] pm_i,
    input  wire [(1<<MB)-1:0]   ok_i,
    output wire                 ok_o,
    output wire [MB-1:0]        idx_o,
    output wire [W-1:0]         max_o
);
  // level l (MB .. 0) holds 2^l nodes; node i of level l-1 merges nodes 2i (lower states) and 2i+1 of
  // level l; level MB is the states
  genvar l, i;
  generate
    for (l = MB; l >= 0; l = l - 1) begin : g_lv
      wire [(1<<l)-1:0] ok;
      wire [(1<<l)*W-1:0] v;
      wire [(1<<l)*MB-1:0] ix;
      for (i = 0; i < (1 << l); i = i + 1) begin : g_n
        if (l == MB) begin : g_leaf
          localparam [MB-1:0] J = i;
          assign ok[i] = ok_i[i];
          assign v[i*W+:W] = pm_i[i*W+:W];
          assign ix[i*MB+:MB] = J;
        end else begin : g_node
          wire gt;
          wire pick = g_lv[l+1].ok[2*i+1] && (!g_lv[l+1].ok[2*i] || gt);
          if (NORM == 0) begin : g_mod
            fg_mod_argmax2 #(.W(W)) u_cmp (.a_i(g_lv[l+1].v[2*i*W+:W]), .b_i(g_lv[l+1].v[(2*i+1)*W+:W]),
                                          .idx_o(gt));
          end else begin : g_sub
            wire [W-1:0] unused_max;
            fg_argmax2 #(.W(W)) u_cmp (.a_i(g_lv[l+1].v[2*i*W+:W]), .b_i(g_lv[l+1].v[(2*i+1)*W+:W]),
                                      .idx_o(gt), .max_o(unused_max));
          end
          assign ok[i] = g_lv[l+1].ok[2*i] | g_lv[l+1].ok[2*i+1];
          assign v[i*W+:W] = pick ? g_lv[l+1].v[(2*i+1)*W+:W] : g_lv[l+1].v[2*i*W+:W];
          assign ix[i*MB+:MB] = pick ? g_lv[l+1].ix[(2*i+1)*MB+:MB] : g_lv[l+1].ix[2*i*MB+:MB];
        end
      end
    end
  endgenerate
  assign ok_o = g_lv[0].ok[0];
  assign idx_o = g_lv[0].ix;
  assign max_o = g_lv[0].v;
endmodule
`default_nettype wire
