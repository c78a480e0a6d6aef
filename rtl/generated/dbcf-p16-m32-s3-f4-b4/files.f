fg_dbcf_p16_m32_s3_f4_b4.v
fg_lfsr16.v
fg_prio_sel.v
fg_fifo.v
fg_circ_buf.v
fg_sram_1r1w.v
