  // ---- Survivors by register exchange (rtl/templates/fg_viterbi_exch.vh; the exchange half of the step
  // model's fg_vit_hw_step). ----
  // Register exchange: per state its survivor's last L + D inputs, bit 0 the newest.
  reg [M*LD-1:0] sr_q;
  wire [M*LD-1:0] sr_a, sr_b;
  genvar gs;
  generate
    for (gs = 0; gs < M; gs = gs + 1) begin : g_sr
      localparam integer P0 = (2 * gs) % M, P1 = (2 * gs + 1) % M;
      localparam [MB-1:0] J = gs;
      // the predecessor's register without its oldest bit, then this state's input (its top bit)
      wire [LD-2:0] src_a = dec_a[gs] ? sr_q[P1*LD+:LD-1] : sr_q[P0*LD+:LD-1];
      wire [LD-2:0] src_b = dec_b[gs] ? sr_a[P1*LD+:LD-1] : sr_a[P0*LD+:LD-1];
      assign sr_a[gs*LD+:LD] = {src_a, J[MB-1]};
      assign sr_b[gs*LD+:LD] = {src_b, J[MB-1]};
    end
  endgenerate
  always @(posedge clk_i) begin
    if (!rst_ni) sr_q <= {M*LD{1'b0}};
    else if (acc) sr_q <= two ? sr_b : sr_a;
  end
  // A block (the oldest D bits of the best survivor) or the frame's end (the undecided stages of
  // the survivor of state 0 or the best state): stage u0 + i sits at bit u_cnt - 1 - i.
  wire [MB-1:0] st = req_q ? best : st_end;
  wire [LD-1:0] sel = sr_q[st*LD+:LD];
  wire [LD-1:0] rev;
  generate
    for (gs = 0; gs < LD; gs = gs + 1) begin : g_rev
      assign rev[gs] = sel[LD-1-gs];
    end
  endgenerate
  assign eng_busy = 1'b0;
  assign eng_end = 1'b0;
  assign ld = req_q | go_end;
  assign ld_cnt = req_q ? E_D : u_cnt - skip_end;
  assign ld_val = (rev >> (E_LD - u_cnt)) & f_mask(ld_cnt);
  assign ld_last = !req_q;
