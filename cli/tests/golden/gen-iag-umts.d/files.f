fg_iag_umts_p8.v
fg_mulmod.v
fg_sram_1r1w.v
