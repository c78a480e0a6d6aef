fg_iag_umts_p32.v
fg_mulmod.v
fg_sram_1r1w.v
