`ifdef ROWPAD
  assign row_o = {{`ROWPADW{1'b0}}, row_full};
`else
  assign row_o = row_full[`RW1:0];
`ifdef ROWHI
  wire [`HI1:0] unused_row_hi = row_full[`RF1:`RW];  // zero for every K of the standard
`endif
`endif
