fg_dbcf_p32_m64_s3_f4_b7.v
fg_lfsr16.v
fg_prio_sel.v
fg_fifo.v
fg_circ_buf.v
fg_sram_1r1w.v
