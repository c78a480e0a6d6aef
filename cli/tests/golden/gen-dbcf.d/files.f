fg_dbcf_p8_m16_s2_f4_b4.v
fg_lfsr16.v
fg_prio_sel.v
fg_fifo.v
fg_circ_buf.v
fg_sram_1r1w.v
