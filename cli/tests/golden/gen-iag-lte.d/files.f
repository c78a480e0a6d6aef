fg_iag_lte_p16.v
fg_mulmod.v
fg_addmod.v
