fg_iag_lte_p8.v
fg_mulmod.v
fg_addmod.v
